"""With the coach off, cubes chosen in one key are no longer the coach's advice (issue 27): a
payment is paid in one key only where it can be paid one way; wherever the cubes are a
choice, the player chooses them.  A bid that can be paid one way keeps its payment, which
then plays itself when it wins (no privacy screen for a payment with no choice)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from keythedral import engine
from keythedral.records.persistence import SavedGame
from keythedral.tui.choices import only_payment, paid_counts, payment_after
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.words.text import cubes_text
from tests.support.driver import hand_over, panel, started
from tests.support.textshot import read
from tests.support.tui_helpers import config, first_bidder_with_colours, make_app, saved_game

SIZE = (100, 32)


def ways(state: engine.GameState, seat: int) -> set[tuple[str, ...]]:
    """Every set of cubes that can pay what ``seat`` owes now (a small search, for tests)."""
    if engine.decision(state) != "pay" or state.payment is None or state.payment.seat != seat:
        return {()}
    out: set[tuple[str, ...]] = set()
    for a in engine.legal_actions(state):
        if a.kind == "pay":
            out |= {tuple(sorted((a.cube, *rest))) for rest in ways(engine.apply(state, a), seat)}
    return out


def payments(games: int, least: int = 1) -> Iterator[tuple[engine.GameState, int]]:
    """Every payment of ``least`` cubes or more in whole games, and who owes it."""
    for seed in range(games):
        saved = saved_game(config(seed), lambda s: False, seed)
        state = engine.new_game(saved.config)
        for action in saved.actions:
            state = engine.apply(state, action)
            payment = state.payment
            if engine.decision(state) == "pay" and payment is not None and payment.owed >= least:
                yield state, payment.seat


def test_only_payment_is_the_one_way_to_pay_or_nothing() -> None:
    seen = {True: 0, False: 0}
    for state, seat in payments(4):
        plan, all_ways = only_payment(state, seat), ways(state, seat)
        seen[len(all_ways) == 1] += 1
        if len(all_ways) == 1:
            assert tuple(sorted(a.cube for a in plan)) == next(iter(all_ways))
        else:
            assert plan == []
    assert seen[True] and seen[False]


def crafting_with_a_choice(state: engine.GameState) -> bool:
    """A spending turn with a craft whose cubes can be chosen in several ways."""
    if engine.decision(state) != "spend":
        return False
    seat = state.to_act[0]
    crafts = [a for a in engine.legal_actions(state) if a.kind == "buy_craft"]
    return any(len(ways(engine.apply(state, a), seat)) > 1 for a in crafts)


async def test_with_the_coach_off_a_purchase_is_paid_in_one_key_only_when_there_is_no_choice() -> (
    None
):
    saved = saved_game(config(3, no_laws=True), crafting_with_a_choice)
    app = make_app(saved=saved, strict_privacy=False, coach=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        state, seat = session.state, session.state.to_act[0]
        choices = panel(app).choices
        assert not any(c.command == "own-cubes" for c in choices)  # nothing of the coach's
        paid = [c for c in choices if c.action is not None and c.action.kind == "buy_craft"]
        assert paid
        for c in paid:
            several = len(ways(engine.apply(state, c.action), seat)) > 1
            assert c.command.startswith("paying:") is not several, c
        choice = next(c for c in paid if not c.command)
        before = len(session.actions)
        await pilot.press(choice.key)
        await pilot.pause()
        assert session.actions[before:] == [choice.action]  # the cubes are asked for
        assert engine.decision(session.state) == "pay"
        assert not any(c.command == "pay-suggested" for c in panel(app).choices)


def bidding() -> SavedGame:
    return saved_game(config(3, no_laws=True), first_bidder_with_colours)


async def test_with_the_coach_off_a_bid_with_a_choice_of_cubes_leaves_them_to_the_player() -> None:
    saved = bidding()
    app = make_app(saved=saved, strict_privacy=False, coach=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        bidder = session.state.to_act[0]
        one = next(c for c in panel(app).choices if c.action and c.action.kind == "bid")
        assert one.action.amount == 1 and one.command == "" and "you pay" not in one.text
        await pilot.press(one.key)
        await everyone_else_passes(pilot, app)
        # The winner chooses the cubes, behind their own screen.
        assert engine.decision(session.state) == "pay"
        assert isinstance(app.screen, HandoverScreen) and app.screen.seat == bidder
        await hand_over(pilot, app)
        await pilot.pause()
        assert not any(c.command == "pay-suggested" for c in panel(app).choices)


async def test_with_the_coach_off_a_bid_paid_one_way_pays_itself_with_no_privacy_screen() -> None:
    saved = bidding()
    app = make_app(saved=saved, strict_privacy=False, coach=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        bids = [c for c in panel(app).choices if c.action and c.action.kind == "bid"]
        top = bids[-1]  # every cube the bidder holds: one way to pay it
        assert top.action.amount == sum(session.state.players[top.action.seat].cubes)
        plan = payment_after(session.state, top.action, coach=False)
        assert plan and top.command.startswith("paying:")
        assert read(top.text).endswith(f"you pay {read(cubes_text(paid_counts(plan)))} if you win")
        await pilot.press(top.key)
        await everyone_else_passes(pilot, app)
        assert session.actions[-len(plan) :] == plan  # paid, as there was no choice
        assert not isinstance(app.screen, HandoverScreen)
        assert engine.decision(session.state) == "choose_start_player"


async def everyone_else_passes(pilot: Any, app: Any) -> None:
    session = app.session
    await pilot.pause()
    while engine.decision(session.state) == "bid":
        await hand_over(pilot, app)
        await pilot.press("p")
        await pilot.pause()


def test_with_the_coach_off_a_payment_opens_on_its_cubes_only_when_they_are_the_only_ones() -> None:
    from keythedral.tui.choices import build_choices, paid_choices

    seen = {True: 0, False: 0}
    for state, seat in payments(6, least=2):
        view = engine.view(state, seat)
        lines = build_choices(engine.legal_actions(state), view)
        shown, plans = paid_choices(lines, state, seat, view, coach=False)
        one_way = len(ways(state, seat)) == 1
        seen[one_way] += 1
        if one_way:
            assert shown[0].command == "pay-suggested"
            assert read(shown[0].text).endswith("(the only cubes that can pay)")
            assert "suggested" not in shown[0].text
        else:
            assert shown == lines and plans == {}
    assert seen[True] and seen[False]
