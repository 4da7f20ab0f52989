"""The replay viewer (``keythedral replay FILE``): stepping by action and by round, to the start
and the end, and the viewpoint: one seat's private screen, every hand, or the public view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from keythedral.records import replay
from keythedral.tui.app import KeythedralApp, Start
from keythedral.tui.screens.new_game import NewGameScreen
from keythedral.tui.screens.replay import ReplayScreen
from keythedral.tui.widgets.keybar import KeyBar
from keythedral.words.narration import narrate_all
from keythedral.words.text import law_name
from tests.support.notices import notices
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import greedy_game

SIZE = (100, 32)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, replay.Replay, Any]:
    rp, final = greedy_game()
    path = replay.save(rp, tmp_path_factory.mktemp("replays") / "game.json")
    return path, rp, final


def secret_law(rp: replay.Replay) -> tuple[int, str]:
    """A position where Bob holds a law card that Ann does not and nobody has named yet."""
    cur = replay.ReplayCursor(rp)
    said = ""
    for k, state in enumerate(cur.states):
        said += "\n".join(narrate_all(state.log, state.config.players))
        bob, ann = state.players[1].laws, state.players[0].laws
        for card in bob:
            if card not in ann and read(law_name(card)) not in said:
                return k, card
    raise AssertionError("no secret law card in this game")


async def open_viewer(app: KeythedralApp, pilot: Any) -> ReplayScreen:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert isinstance(app.screen, ReplayScreen)
    return app.screen


async def test_stepping_through_a_replay_by_action_round_start_and_end(game) -> None:
    path, rp, final = game
    app = KeythedralApp(start=Start(replay=path), autosave=False, animations=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_viewer(app, pilot)
        n = len(rp)
        text = screen_text(app)
        assert f"action 0 of {n}" in text and "The start of the game." in text
        assert "Next (" in text and "Ann must" in text
        bar = [read(item.description) for item in screen.query_one(KeyBar).items()[0]]
        for key in ("Back", "Next", "Round-", "Round+", "Start", "End", "View"):
            assert key in bar  # the footer lists the keys
        await pilot.press("right")
        text = screen_text(app)
        first = rp.actions[0]
        assert screen.cursor.index == 1 and f"action 1 of {n}" in text
        assert "Action 1 · Ann (human)" in text and "Ann lays a" in text
        assert first.kind == "place_field"
        x, y = first.pos
        assert f"at ({x},{y})" in text  # places read as on the map, not the engine's "(1, 0)"
        await pilot.press("l", "l")
        assert screen.cursor.index == 3 and "Action 3 · Bob (greedy)" in screen_text(app)
        await pilot.press("left")
        assert screen.cursor.index == 2 and "Action 2 · Ann (human)" in screen_text(app)
        # Round by round: page down goes to the start of round 1, then round 2; page up back.
        starts = screen.cursor.round_starts()
        await pilot.press("pagedown")
        assert screen.cursor.index == starts[0] and screen.cursor.state.round == 1
        await pilot.press("pagedown")
        assert screen.cursor.state.round == 2 and "round 2" in screen_text(app)
        await pilot.press("pageup")
        assert screen.cursor.index == starts[0]
        await pilot.press("end")
        text = screen_text(app)
        assert screen.cursor.at_end and f"action {n} of {n}" in text
        assert "The game is over." in text
        assert f"Scores: Ann {final.scores[0]}, Bob {final.scores[1]}" in text
        await pilot.press("right")  # nothing beyond the end
        assert screen.cursor.index == n
        await pilot.press("home")
        assert screen.cursor.at_start and "The start of the game." in screen_text(app)
        # The log shows the public events up to the cursor.
        screen.cursor.goto(starts[1])
        screen.show_position()
        await pilot.press("g")
        await pilot.pause()
        text = screen_text(app)
        assert "== Round 2 ==" in text and "Round 2 begins" in text
        assert "Round 3 begins" not in text


async def test_the_viewpoint_shows_one_seats_hand_every_hand_or_none(game) -> None:
    path, rp, _ = game
    k, card = secret_law(rp)
    app = KeythedralApp(start=Start(replay=path), autosave=False, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_viewer(app, pilot)
        screen.cursor.goto(k)
        screen.show_position()
        await pilot.pause()
        secret = read(law_name(card))
        # All hands (the default): each seat's cubes and laws, Bob's secret card among them.
        text = screen_text(app)
        assert "all hands shown" in text and "Every hand (all seats)" in text
        assert "Bob (greedy)" in text and secret in text
        assert "screen (private)" not in text
        # Ann's view: her own private screen only; Bob's card is hidden.
        await pilot.press("1")
        text = screen_text(app)
        assert "Ann's view (private)" in text and "Ann's screen (private)" in text
        assert secret not in text and "Every hand" not in text
        # Bob's view: his card shows.
        await pilot.press("2")
        text = screen_text(app)
        assert "Bob's screen (private)" in text and secret in text
        # The public view: no hand at all.
        await pilot.press("0")
        text = screen_text(app)
        assert "public view (no hand)" in text and "Public view: no hand shown." in text
        assert secret not in text and "screen (private)" not in text
        # v cycles: public -> all -> Ann -> Bob ...
        await pilot.press("v")
        assert screen.viewpoint == "all"
        await pilot.press("v")
        assert screen.viewpoint == 0 and "Ann's screen (private)" in screen_text(app)
        await pilot.press("5")  # there is no fifth seat
        assert screen.viewpoint == 0
        # Stepping keeps the viewpoint; the hand follows the game.
        await pilot.press("right")
        assert screen.viewpoint == 0 and screen.cursor.index == k + 1


async def test_a_broken_replay_is_explained(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "keythedral-replay", "version": 1, "config": {}}')
    app = KeythedralApp(start=Start(replay=bad), autosave=False, animations=False)
    notices(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert any("settings are not valid" in n.message for n in notices(app))
