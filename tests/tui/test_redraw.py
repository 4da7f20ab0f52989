"""Redrawing only what a move changed: the map paints again the rows that differ (and reads
as if drawn from scratch), and the board under the privacy screen is veiled at once (nobody's
hand, no choices) and drawn whole when it is shown again."""

from __future__ import annotations

from typing import Any

from textual.geometry import Region

from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.widgets.board import FieldMap
from keythedral.tui.widgets.decision import DecisionPanel
from keythedral.tui.widgets.panels import HandPanel
from tests.support.driver import past_handover
from tests.support.textshot import read
from tests.support.tui_helpers import make_app, mid_game

SIZE = (100, 32)


def canvas(board: FieldMap) -> list[str]:
    return ["".join(seg.text for seg in board._strip(row)) for row in range(len(board._strips))]


async def test_a_move_paints_again_only_the_map_rows_it_changed(monkeypatch: Any) -> None:
    app = make_app(saved=mid_game(), strict_privacy=False)  # workers: on the shared screen
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        board = app.screen.query_one(FieldMap)
        session = app.session
        assert session is not None and app.keyboard is not None
        painted: list[tuple[Region, ...]] = []
        original = FieldMap.refresh

        def refresh(self: FieldMap, *regions: Region, **kw: Any) -> Any:
            painted.append(regions)
            return original(self, *regions, **kw)

        monkeypatch.setattr(FieldMap, "refresh", refresh)
        view, targets = board.view, set(board.targets)
        assert view is not None
        board.show(view, board.tokens, targets)  # the same board: only the cursor's rows
        assert painted and all(0 < len(r) <= 6 for r in painted)
        before = canvas(board)
        action = next(a for a in session.legal_for(app.keyboard) if a.kind == "place_worker")
        app.play(action)  # a worker on the map: a few rows
        await pilot.pause()
        monkeypatch.undo()
        after = canvas(board)
        assert after != before
        rows = {r.y for regions in painted[1:] for r in regions}
        assert painted[-1] and len(rows) < len(after) // 2
        # What is kept reads the same as the map drawn from scratch.
        board._draw()
        board._strips = [None] * len(board._strips)
        assert canvas(board) == after


async def test_the_board_under_the_privacy_screen_is_veiled_and_drawn_after_it() -> None:
    app = make_app(saved=mid_game())
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        session = app.session
        assert session is not None and app.keyboard is not None
        game = app.screen
        seat = app.keyboard
        action = next(a for a in session.legal_for(seat) if a.kind == "place_worker")
        app.play(action)
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        # Behind it: nobody's hand, no choices, and the board not yet drawn again.
        assert read(str(game.query_one(HandPanel).border_title)) == "Shared screen"
        assert game.query_one(DecisionPanel).choices == []
        assert game._veiled
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game and not game._veiled
        assert app.keyboard is not None and app.keyboard != seat
        assert game.query_one(DecisionPanel).choices  # the next person's choices
        name = session.config.players[app.keyboard]
        assert read(str(game.query_one(HandPanel).border_title)).startswith(name)
