"""SVG snapshots of the main screens on seeded games (Textual is pinned in pyproject.toml).

Update after an intended change of the look with ``pytest -n 0 tests/tui --snapshot-update`` and
review the SVGs in ``tests/tui/__snapshots__``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from keythedral.records import replay
from keythedral.tui.app import Start
from tests.support.driver import past_handover
from tests.support.tui_helpers import (
    busy_game,
    config,
    greedy_game,
    make_app,
    mid_game,
    saved_game,
)

#: The SVGs are the English screens, drawn in English (the French ones: test_snapshots_lang.py).
pytestmark = pytest.mark.english

SnapCompare = Any


def test_map_in_the_layout_80x24(snap_compare: SnapCompare) -> None:
    app = make_app(config(3))
    assert snap_compare(app, terminal_size=(80, 24), press=["n", "enter"])


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
def test_map_of_five_players(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    """The zoom level that fits: compact at 80x24 (houses in capitals, workers in small
    letters, fences in the gaps); at 160x48 the usual boxes beside a wider side column, with
    the recent events under the choices."""
    app = make_app(saved=busy_game())
    assert snap_compare(app, terminal_size=size, run_before=past_handover)


def test_map_mid_game(snap_compare: SnapCompare) -> None:
    app = make_app(saved=mid_game())
    assert snap_compare(app, terminal_size=(100, 32), run_before=past_handover)


def test_mats(snap_compare: SnapCompare) -> None:
    app = make_app(saved=mid_game())

    async def show_mats(pilot: Pilot[Any]) -> None:
        await past_handover(pilot)
        await pilot.press("t")

    assert snap_compare(app, terminal_size=(100, 32), run_before=show_mats)


def test_privacy_screen(snap_compare: SnapCompare) -> None:
    app = make_app(saved=mid_game())
    assert snap_compare(app, terminal_size=(80, 24))


def test_scores_screen(snap_compare: SnapCompare) -> None:
    app = make_app(saved=saved_game(config(5), lambda s: False))
    assert snap_compare(app, terminal_size=(100, 32))


def test_new_game_screen(snap_compare: SnapCompare) -> None:
    app = make_app(seed=1234)  # no game asked for: the new-game screen, with this seed shown
    assert snap_compare(app, terminal_size=(80, 24))


def test_help_screen(snap_compare: SnapCompare) -> None:
    app = make_app(saved=mid_game())

    async def open_help(pilot: Pilot[Any]) -> None:
        await past_handover(pilot)
        await pilot.press("question_mark")

    assert snap_compare(app, terminal_size=(100, 32), run_before=open_help)


def test_replay_viewer(snap_compare: SnapCompare, tmp_path: Path) -> None:
    rp, _ = greedy_game(6, ("human",) * 3)
    path = replay.save(rp, tmp_path / "r.json")
    app = make_app(start=Start(replay=path))

    async def step_in(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("pagedown", "pagedown", "pagedown")  # three rounds on
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 32), run_before=step_in)
