"""Phase 3: "pass now and at every later turn this phase": the player is not asked again (no
privacy screen for them) until the next round's phase 3."""

from __future__ import annotations

import random

from keythedral import engine
from keythedral.tui.screens.drawn import DrawnLawScreen
from keythedral.tui.screens.handover import HandoverScreen
from tests.support.driver import hand_over, panel, started
from tests.support.textshot import screen_text
from tests.support.tui_helpers import NAMES, choose, config, make_app, saved_game


async def test_a_player_done_for_the_phase_is_not_asked_again_this_phase() -> None:
    saved = saved_game(config(5, no_laws=True), lambda s: engine.decision(s) == "spend")
    app = make_app(saved=saved, strict_privacy=False)
    rng = random.Random(4)
    async with app.run_test(size=(100, 32)) as pilot:
        session = await started(pilot, app)
        done = session.state.to_act[0]
        rnd = session.state.round
        done_line = [c for c in panel(app).choices if c.command == "done"]
        assert done_line and done_line[0].key == "P"
        await pilot.press("P")
        await pilot.pause()
        assert session.actions[-1].kind == "pass" and session.actions[-1].seat == done
        passes = 0
        while session.state.round == rnd and session.state.phase == "spend":
            if isinstance(app.screen, HandoverScreen):
                assert app.screen.player != NAMES[done]  # never asked again this phase
                await hand_over(pilot, app)
                continue
            if isinstance(app.screen, DrawnLawScreen):
                await pilot.press("enter")
                await pilot.pause()
                continue
            seat = app.keyboard
            assert seat is not None and seat != done
            before = len(session.actions)
            app.play(choose(session.state, rng))
            await pilot.pause()
            passes += sum(
                1 for a in session.actions[before:] if a.kind == "pass" and a.seat == done
            )
        assert passes >= 1  # it passed by itself at least once more
        # The next round's phase 3 asks them again.
        while not (session.state.round > rnd and engine.decision(session.state) == "spend"):
            if isinstance(app.screen, HandoverScreen):
                await hand_over(pilot, app)
                continue
            if app.keyboard is None:
                app.mode.decline_all()
                await pilot.pause()
                continue
            app.play(choose(session.state, rng))
            await pilot.pause()
        while session.state.to_act[0] != done:
            if isinstance(app.screen, HandoverScreen):
                await hand_over(pilot, app)
                continue
            app.play(choose(session.state, rng))
            await pilot.pause()
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == NAMES[done]
        assert "done for this phase" not in screen_text(app)
