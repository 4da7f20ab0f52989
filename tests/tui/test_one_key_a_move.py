"""A move has one key while it is on screen (issue 27: "the suggested line is sometimes 1,
sometimes ↵ with the same move again as 2; phase 1 lists renumber after each worker").

The coach's move is its own line moved to the top with its own key, where the list's cursor
starts (Enter plays it), never the same move again under a second key; a house's second worker
finds each field under the key the first worker saw it with."""

from __future__ import annotations

from typing import Any

from keythedral import engine
from keythedral.engine import GameConfig, GameState
from keythedral.records.persistence import SavedGame
from keythedral.tui.widgets.decision import hotkeys
from tests.support.driver import panel, started
from tests.support.textshot import read
from tests.support.tui_helpers import NAMES, config, make_app, saved_game, steered_game

SIZE = (80, 24)


def spending_in_round_2(state: GameState) -> bool:
    return engine.decision(state) == "spend" and state.round >= 2


def by_move(choices: list[Any]) -> dict[Any, list[str]]:
    """The keys of each move on screen (the lines that play an action)."""
    keys: dict[Any, list[str]] = {}
    for c in choices:
        if c.action is not None and c.command != "own-cubes":
            keys.setdefault(c.action, []).append(c.key)
    return keys


async def test_the_coachs_move_is_one_line_with_its_own_key_and_enter_plays_it() -> None:
    saved = saved_game(config(3, no_laws=True), spending_in_round_2)
    off = make_app(saved=saved, strict_privacy=False, coach=False)
    async with off.run_test(size=SIZE) as pilot:
        await started(pilot, off)
        plain = by_move(panel(off).choices)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        choices = panel(app).choices
        first = choices[0]
        assert read(first.text).startswith("suggested: ") and first.action is not None
        moves = by_move(choices)
        assert all(len(keys) == 1 for keys in moves.values())  # no move twice
        keys = [c.key for c in choices if c.key]
        assert len(keys) == len(set(keys)) and "↵" not in keys
        assert moves == plain  # every move keeps the key it has with the coach off
        assert panel(app).option_list.highlighted == 0  # the cursor starts on the coach's line
        before = len(session.actions)
        await pilot.press("enter")  # Enter plays the suggestion, as before
        await pilot.pause()
        assert session.actions[before] == first.action


async def test_the_coachs_move_plays_with_its_own_key_too() -> None:
    saved = saved_game(config(3, no_laws=True), spending_in_round_2)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        first = panel(app).choices[0]
        assert first.key.isdigit()
        before = len(session.actions)
        await pilot.press(first.key)
        await pilot.pause()
        assert session.actions[before] == first.action


def placing_a_houses_workers(state: GameState) -> bool:
    """Phase 1: a house is to send its two workers, none out yet, to one of three fields or
    more."""
    if engine.decision(state) != "place_worker":
        return False
    view = engine.view(state, None)
    seat, placement = state.to_act[0], view.placement
    assert placement is not None
    home = next((c for c in view.cottages if c.seat == seat and c.number == placement.number), None)
    out = [w for w in view.workers if w.seat == seat and w.number == placement.number]
    return home is not None and home.house and not out and len(engine.legal_actions(state)) >= 3


def house_game() -> SavedGame:
    """A game whose players make a house whenever they may, at a house's placement."""
    cfg = GameConfig(players=list(NAMES), seed=0, no_laws=True)
    return steered_game(
        cfg,
        placing_a_houses_workers,
        lambda s, legal: [a for a in legal if a.kind == "convert_cottage"],
    )


async def test_a_houses_second_worker_finds_every_field_under_the_same_key() -> None:
    saved = house_game()
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        seat = session.state.to_act[0]
        before = {c.action.field: c.key for c in panel(app).choices if c.action is not None}
        assert len(before) >= 3
        first = next(c for c in panel(app).choices if c.action is not None)
        await pilot.press(first.key)  # the first of the list: the others would move up
        await pilot.pause()
        assert session.actions[-1] == first.action
        assert session.state.to_act == (seat,)  # the house's second worker, same list
        after = {c.action.field: c.key for c in panel(app).choices if c.action is not None}
        assert len(after) == len(before) - 1
        assert after == {f: k for f, k in before.items() if f != first.action.field}


def test_a_law_card_takes_the_digits_left_and_the_other_lines_keep_their_own() -> None:
    law = [False, False, False, True]
    assert hotkeys(["1", "3", "4", None], law) == ["1", "3", "4", "9"]
    assert hotkeys(["3", "4", None], law[1:]) == ["3", "4", "9"]  # after a worker: the same
    assert hotkeys(["1", "2", None, None], [False, False, True, True]) == ["1", "2", "8", "9"]
    assert hotkeys(["1", None, "1"], [False, True, False]) == ["1", "2", "3"]  # as before


def test_the_numbers_to_call_keep_their_keys_beside_a_law_card() -> None:
    """Phase 1 with law cards in hand (a person against bots: the hand is up): the numbers
    keep their own keys, the cards take the digits left, Work order's line too."""
    from keythedral.engine.actions import ChooseWorkOrder, PlayLaw
    from keythedral.tui.choices import build_choices

    state = saved_game(config(3), lambda s: engine.decision(s) == "choose_work_order").state
    seat = state.to_act[0]
    view = engine.view(state, seat)
    calls = [ChooseWorkOrder(seat=seat, number=n) for n in (2, 4, 5)]
    orders = [
        PlayLaw(seat=seat, card="work-order", order=o) for o in ((1, 2, 3, 4, 5), (2, 1, 3, 4, 5))
    ]
    lines = build_choices([*calls, *orders], view)
    assert [c.key for c in lines] == ["2", "4", "5", "9"]
