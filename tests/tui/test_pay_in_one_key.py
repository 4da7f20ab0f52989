"""A payment of several cubes takes one key: the coach's suggestion is the first line (Enter),
and paying cube by cube stays possible."""

from __future__ import annotations

from typing import Any

from keythedral import engine
from keythedral.tui.choices import (
    LONG_LIST,
    build_choices,
    gives_back,
    paid_choices,
    paid_counts,
    payment_after,
    suggested_payment,
)
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.vocab import CRAFT_PRICE
from keythedral.words.text import cubes_text
from tests.support.driver import hand_over, panel, press_choice, started
from tests.support.textshot import read
from tests.support.tui_helpers import config, make_app, saved_game

SIZE = (100, 32)


def owing_several(state: engine.GameState) -> bool:
    return engine.decision(state) == "pay" and state.payment is not None and state.payment.owed >= 2


async def test_enter_pays_the_whole_suggested_payment() -> None:
    saved = saved_game(config(4), owing_several, seed=1)
    assert owing_several(saved.state)
    payer = saved.state.payment.seat
    plan = suggested_payment(saved.state, payer)
    assert len(plan) == saved.state.payment.owed
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoverScreen):
            await hand_over(pilot, app)
        session = app.session
        assert session is not None and app.keyboard == payer
        choices = panel(app).choices
        assert choices[0].command == "pay-suggested" and "suggested" in choices[0].text
        # cube by cube is still there, one line per colour
        assert any(c.action is not None and c.action.kind == "pay" for c in choices[1:])
        before = len(session.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert session.actions[before:] == plan
        state = session.state
        assert state.payment is None or state.payment.seat != payer or state.payment.owed == 0


async def test_a_single_cube_owed_has_no_suggestion_line() -> None:
    def owing_one(s: engine.GameState) -> bool:
        return engine.decision(s) == "pay" and s.payment is not None and s.payment.owed == 1

    saved = saved_game(config(4), owing_one, seed=1)
    assert owing_one(saved.state)
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoverScreen):
            await hand_over(pilot, app)
        assert all(c.command != "pay-suggested" for c in panel(app).choices)


def paid_one_way(state: engine.GameState) -> engine.Action | None:
    """A phase 3 choice (not a law card: a drawn card may not be taken back) whose payment
    can be made in one way only."""
    if engine.decision(state) != "spend":
        return None
    for a in engine.legal_actions(state):
        if a.kind == "procure_law":
            continue
        after = engine.apply(state, a)
        if engine.decision(after) == "pay" and len(engine.legal_actions(after)) == 1:
            return a
    return None


async def test_the_only_way_to_pay_for_ones_own_choice_pays_itself_and_goes_back_with_it() -> None:
    """A purchase with exactly one way to pay: the payment follows the choice at once (the
    person is behind their own screen: nobody sees anything). Taking it back takes back the
    choice too (else the payment would only play itself again: ``u`` would do nothing)."""
    saved = saved_game(config(3), lambda s: paid_one_way(s) is not None)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=(100, 32)) as pilot:
        session = await started(pilot, app)
        state = session.state
        action = paid_one_way(state)
        assert action is not None
        before = len(session.actions)
        assert app.mode.play(action)
        await pilot.pause()
        assert len(session.actions) >= before + 2  # the choice, its payment, what follows
        assert session.actions[before + 1].kind == "pay"
        assert session.actions[before + 1].seat == action.seat
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("u")  # the keyboard goes back to the payer first
            await pilot.pause()
            assert isinstance(app.screen, HandoverScreen) and app.screen.takes_back
            await pilot.press("enter")
        else:
            app.mode.undo()
        await pilot.pause()
        assert len(session.actions) == before
        assert session.state == state


def crafting(state: engine.GameState) -> bool:
    """A spending turn with a craft to buy and cubes of two colours or more."""
    if engine.decision(state) != "spend":
        return False
    held = state.players[state.to_act[0]].cubes
    crafts = [a for a in engine.legal_actions(state) if a.kind == "buy_craft"]
    return bool(crafts) and sum(1 for n in held if n) > 1


async def test_a_craft_says_its_cubes_and_one_key_buys_it_and_pays_them() -> None:
    """The line of a purchase carries the coach's cubes ("for 1 food + 1 wine"): one key
    buys and pays, and u takes back the whole of it."""
    saved = saved_game(config(3, no_laws=True), crafting)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        state = session.state
        line = next(c for c in panel(app).choices if c.action and c.action.kind == "buy_craft")
        plan = payment_after(state, line.action)
        assert len(plan) == CRAFT_PRICE[line.action.craft]
        assert read(line.text).endswith(f"for {read(cubes_text(paid_counts(plan)))}")
        before = len(session.actions)
        await press_choice(pilot, app, line)
        await pilot.pause()
        assert session.actions[before : before + 1 + len(plan)] == [line.action, *plan]
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("u")  # the keyboard goes back to the payer first
            await pilot.pause()
            assert isinstance(app.screen, HandoverScreen) and app.screen.takes_back
            await pilot.press("enter")
        else:
            app.mode.undo()
        await pilot.pause()
        assert session.state == state  # the craft and its cubes taken back together


async def test_the_cubes_of_a_purchase_may_still_be_chosen_one_by_one() -> None:
    saved = saved_game(config(3, no_laws=True), crafting)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        own = next(c for c in panel(app).choices if c.command == "own-cubes")
        assert "a craft" in own.text
        await press_choice(pilot, app, own)
        await pilot.pause()
        plain = panel(app).choices
        assert plain and all(c.command == "" and c.action is not None for c in plain)
        craft = next(c for c in plain if c.action.kind == "buy_craft")
        assert "(any" in craft.text  # the price, not the coach's cubes
        await press_choice(pilot, app, craft)
        await pilot.pause()
        assert session.actions[-1] == craft.action
        assert engine.decision(session.state) == "pay"  # asked, the suggestion first
        assert panel(app).choices[0].command == "pay-suggested"


async def choose_command(pilot: Any, app: Any, command: str) -> Any:
    """Choose the line of the list with this command; the line."""
    line = next(c for c in panel(app).choices if c.command == command)
    await press_choice(pilot, app, line)
    await pilot.pause()
    return line


def trading_in_a_long_list(state: engine.GameState) -> bool:
    """A spending turn whose list is long enough to group the trades under one line, with
    cubes of two colours or more."""
    if engine.decision(state) != "spend":
        return False
    acts = engine.legal_actions(state)
    held = state.players[state.to_act[0]].cubes
    trades = [a for a in acts if a.kind == "trade"]
    return len(acts) > LONG_LIST and len(trades) > 1 and sum(1 for n in held if n) > 1


async def test_a_trade_chosen_from_its_group_says_its_cubes_and_pays_them_in_the_same_key() -> None:
    """The trades grouped under "trade any 2 cubes ..." open on lines that carry the coach's
    cubes ("trade 2 water for 1 stone"): the colour taken and the cubes paid in one key."""
    saved = saved_game(config(3, no_laws=True), trading_in_a_long_list)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        state = session.state
        await choose_command(pilot, app, "kind:trade")
        lines = [c for c in panel(app).choices if c.action and c.action.kind == "trade"]
        paying = [c for c in lines if c.command.startswith("paying:")]
        assert paying and all(
            gives_back(c.action, payment_after(state, c.action)) for c in lines if c not in paying
        )
        line = paying[0]
        plan = payment_after(state, line.action)
        assert (
            read(line.text)
            == f"trade {read(cubes_text(paid_counts(plan)))} for 1 {line.action.take}"
        )
        before = len(session.actions)
        await press_choice(pilot, app, line)
        await pilot.pause()
        assert session.actions[before : before + 1 + len(plan)] == [line.action, *plan]


async def test_a_trade_in_its_group_may_still_be_paid_cube_by_cube() -> None:
    saved = saved_game(config(3, no_laws=True), trading_in_a_long_list)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        await choose_command(pilot, app, "kind:trade")
        own = await choose_command(pilot, app, "own-cubes")
        assert read(own.text) == "choose the cubes yourself for a trade ..."
        plain = panel(app).choices
        assert plain and all(c.command == "" and c.action.kind == "trade" for c in plain)
        await press_choice(pilot, app, plain[0])
        await pilot.pause()
        assert session.actions[-1] == plain[0].action
        assert engine.decision(session.state) == "pay"


def some_trade_gives_back(state: engine.GameState) -> bool:
    """A spending turn where the coach would pay a trade partly in the colour it takes, and
    would pay another trade in other colours."""
    if engine.decision(state) != "spend" or len(state.to_act) != 1:
        return False
    trades = [a for a in engine.legal_actions(state) if a.kind == "trade"]
    back = [gives_back(a, payment_after(state, a)) for a in trades]
    return any(back) and not all(back)


def test_a_trade_paid_back_in_its_own_colour_is_never_one_line() -> None:
    """ "trade 2 water for 1 water" was offered as a line: a cube given away for nothing. Such
    a trade keeps its plain line (its cubes chosen on the payment's list); the others say
    their cubes."""
    saved = saved_game(config(3, no_laws=True), some_trade_gives_back)
    state = saved.state
    assert some_trade_gives_back(state)
    seat = state.to_act[0]
    view = engine.view(state, seat)
    acts = [a for a in engine.legal_actions(state) if a.seat == seat]
    lines, plans = paid_choices(build_choices(acts, view, kinds=False), state, seat, view)
    for line in lines:
        if line.action is None or line.action.kind != "trade":
            continue
        plan = payment_after(state, line.action)
        if gives_back(line.action, plan):
            assert line.command == "" and "any 2 cubes" in read(line.text)
        else:
            assert (
                read(line.text)
                == f"trade {read(cubes_text(paid_counts(plan)))} for 1 {line.action.take}"
            )
            assert plans[line.command] == [line.action, *plan]
