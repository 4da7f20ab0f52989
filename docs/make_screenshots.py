"""Make the README's pictures: SVG screenshots taken by the app itself (App.save_screenshot).

    .venv/bin/python docs/make_screenshots.py        # writes docs/screenshots/*.svg

Each picture is a seeded game driven headless at a fixed terminal size, so running this again
gives the same pictures unless the look of the game changed.  Saves go to a temporary folder.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "screenshots"
SIZE = (110, 34)


def _game(stop: Callable[[Any], bool], seed: int = 7, **variants: Any) -> Any:
    """A game between greedy bots, played from ``seed`` until ``stop(state)``."""
    from keythedral import engine
    from keythedral.bots import make_bot
    from keythedral.records.persistence import SavedGame

    cfg = engine.GameConfig(players=["Ann", "Bob", "Cy"], seed=seed, **variants)
    state, actions = engine.new_game(cfg), []
    bots = [make_bot("greedy", s) for s in range(3)]
    while state.to_act and not stop(state):
        seat = state.to_act[0]
        action = bots[seat].choose(engine.view(state, seat), engine.legal_actions(state))
        state = engine.apply(state, action)
        actions.append(action)
    return SavedGame(cfg, tuple(actions), state)


def _mid_game(state: Any) -> bool:
    return bool(state.round >= 3 and state.phase == "spend" and state.passes == 0)


async def _shoot(
    name: str,
    saved: Any,
    steps: Callable[[Any], Awaitable[None]] | None = None,
    size: tuple[int, int] = SIZE,
    **options: Any,
) -> Path:
    from keythedral.tui.app import KeythedralApp
    from keythedral.tui.screens.handover import HandoverScreen

    app = KeythedralApp(saved=saved, autosave=False, animations=False, **options)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if steps is not None:
            await steps(pilot)
        elif isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
        await pilot.pause(0.2)
        path = Path(app.save_screenshot(f"{name}.svg", str(OUT)))
    return path


async def main() -> list[Path]:
    OUT.mkdir(parents=True, exist_ok=True)
    mid = _game(_mid_game)
    over = _game(lambda s: False)

    async def mats(pilot: Any) -> None:
        await pilot.press("enter", "t")

    async def log(pilot: Any) -> None:
        await pilot.press("enter", "g")

    async def handover(pilot: Any) -> None:
        pass

    return [
        await _shoot("map", mid),
        await _shoot("mats", mid, mats),
        await _shoot("log", mid, log),
        await _shoot("handover", mid, handover),
        await _shoot("scores", over, size=(110, 60)),
        await _shoot("map-ascii", mid, ascii=True),
    ]


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as data:
        os.environ["KEYTHEDRAL_DATA_DIR"] = data
        os.environ["KEYTHEDRAL_CONFIG_DIR"] = data  # the default keys, not the user's
        os.environ["COLORTERM"] = "truecolor"  # the map's colours, whatever terminal runs this
        os.environ.pop("NO_COLOR", None)
        for path in asyncio.run(main()):
            print(path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path)
    sys.exit(0)
