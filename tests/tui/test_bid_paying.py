"""A bid says what it pays: the bidder chooses the cubes with the bid, behind their screen, and
if they win the payment plays itself, said to the table, with no privacy screen of its own;
the winner then names the start player on the shared screen, as a table says it aloud."""

from __future__ import annotations

from typing import Any

from keythedral import engine
from keythedral.tui.choices import paid_counts, payment_after
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.words.text import cubes_text
from tests.support.driver import hand_over, panel, press_choice, started
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import NAMES, config, first_bidder_with_colours, make_app, saved_game

SIZE = (100, 32)


def bidding_app() -> Any:
    """Three people, default privacy, the first bidder to speak."""
    saved = saved_game(config(3, no_laws=True), first_bidder_with_colours)
    return make_app(saved=saved, strict_privacy=False)


async def test_the_winners_payment_plays_itself_and_the_start_player_is_named_openly() -> None:
    app = bidding_app()
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        bidder = session.state.to_act[0]
        assert app.keyboard == bidder
        choices = panel(app).choices
        bids = [c for c in choices if c.command.startswith("paying:")]
        bid = bids[-1]  # the highest: two cubes or more
        assert bid.action is not None and bid.action.amount >= 2
        plan = payment_after(session.state, bid.action)
        paid = read(cubes_text(paid_counts(plan)))
        assert read(bid.text).endswith(f"you pay {paid} if you win")
        assert choices[-2].command == "own-cubes"  # the cubes chosen by the player instead
        before = len(session.actions)
        await pilot.press(bid.key)
        assert session.actions[before:] == [bid.action]
        # Everyone else passes, each behind their own privacy screen.
        while session.state.bidding is not None and engine.decision(session.state) == "bid":
            await hand_over(pilot, app)
            for c in panel(app).choices:  # the holder's match pays at once: no "if you win"
                if c.command.startswith("paying:") and "match" in c.text:
                    assert "if you win" not in c.text
            await pilot.press("p")
            await pilot.pause()
        # The payment played itself: no privacy screen for it, the cubes said to the table.
        assert session.actions[-len(plan) :] == plan
        assert not isinstance(app.screen, HandoverScreen)
        assert engine.decision(session.state) == "choose_start_player"
        text = screen_text(app)
        assert f"{NAMES[bidder]} pays {paid} to" in " ".join(text.split())
        assert "as chosen with the bid" in text
        assert "Shared screen" in text  # naming the start player hides nothing
        assert app.keyboard == bidder and app.hand_up is None


async def test_cubes_chosen_by_the_player_are_asked_when_they_win() -> None:
    app = bidding_app()
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        bidder = app.keyboard
        await bid_and_win_choosing_the_cubes(pilot, app)
        # The winner is asked for the cubes, behind the privacy screen.
        assert engine.decision(session.state) == "pay"
        assert isinstance(app.screen, HandoverScreen) and app.screen.seat == bidder


async def bid_and_win_choosing_the_cubes(pilot: Any, app: Any) -> None:
    """The line for choosing the cubes oneself when one wins, the lowest bid, and everyone
    else passes."""
    session = app.session
    own = next(c for c in panel(app).choices if c.command == "own-cubes")
    await press_choice(pilot, app, own)
    await pilot.pause()
    plain = panel(app).choices
    assert all(c.action is not None and c.action.kind == "bid" for c in plain)
    assert not any(c.command.startswith("paying:") for c in plain)
    await pilot.press(plain[0].key)
    while engine.decision(session.state) == "bid":
        await hand_over(pilot, app)
        await pilot.press("p")
        await pilot.pause()


async def test_a_bid_taken_back_drops_its_cubes() -> None:
    app = bidding_app()
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        bidder = app.keyboard
        assert bidder is not None
        await pilot.press("enter")  # the first line: the lowest bid, with its cubes
        assert bidder in app.mode.plans
        assert isinstance(app.screen, HandoverScreen) and app.screen.undo_name == NAMES[bidder]
        await pilot.press("u")  # asked for on the next player's privacy screen
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen) and app.screen.seat == bidder
        await pilot.press("enter")  # the keyboard back with the bidder: taken back
        await pilot.pause()
        assert session.state.to_act == (bidder,) and bidder not in app.mode.plans
        # The same bid again, the cubes left to choose: they are asked for, not the old ones.
        await bid_and_win_choosing_the_cubes(pilot, app)
        assert engine.decision(session.state) == "pay"
        assert isinstance(app.screen, HandoverScreen) and app.screen.seat == bidder


async def test_the_cubes_of_a_bid_that_lost_never_pay_a_later_payment() -> None:
    """A bid's cubes are kept until it wins or loses; a later payment of the same seat (a
    craft, rounds on) is asked for, not paid with them."""

    def crafting(state: engine.GameState) -> bool:
        if engine.decision(state) != "spend" or state.round < 2:
            return False
        return any(a.kind == "buy_craft" for a in engine.legal_actions(state))

    saved = saved_game(config(3, no_laws=True), crafting)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        seat = session.state.to_act[0]
        craft = next(a for a in session.legal() if a.kind == "buy_craft")
        owed = engine.apply(session.state, craft)
        pay = next(a for a in engine.legal_actions(owed) if a.kind == "pay")
        # As if the seat had bid with these cubes in an earlier round, and lost.
        at = max(i for i, a in enumerate(session.actions) if a.seat == seat and a.kind != "pay")
        app.mode.plans[seat] = (at, session.actions[at], [pay])
        n = len(session.actions)
        assert app.mode.play(craft)
        await pilot.pause()
        assert session.actions[n:] == [craft]  # asked, not paid
        assert engine.decision(session.state) == "pay" and seat not in app.mode.plans
