"""Phase 3's coach line: the suggested move opens the list, and the coach's pass stands for the
seat's later turns until the tiles for sale or the map change (``Table.stand``, ``PassesBy``)."""

from __future__ import annotations

import random

import pytest

from keythedral import engine
from keythedral.bots.hints import hint
from keythedral.engine.board import Fence
from keythedral.tui.choices import (
    build_choices,
    free_key,
    gives_back,
    paid_choices,
    suggested_first,
)
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.session import Session
from keythedral.tui.table import HandOver, PassesBy, ShowHand, Table, board_key, opens_nothing
from tests.support.driver import hand_over, panel, started
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import (
    NAMES,
    at_coach_pass,
    choose,
    config,
    make_app,
    play_until,
    saved_game,
)


def spending(seed: int = 3) -> Session:
    """A game of three at its first phase 3 turn, laws out of the way."""
    cfg = config(seed, no_laws=True)
    _, actions = play_until(engine.new_game(cfg), lambda s: engine.decision(s) == "spend", 0)
    return Session.replayed(cfg, actions)


def play(session: Session, action: engine.Action) -> None:
    session.push(action, engine.apply(session.state, action))


def quiet(state: engine.GameState) -> engine.Action:
    """A move of the seat to act that leaves the tiles and the map as they are (a trade, a
    craft, their cubes), else a pass."""
    legal = [a for a in engine.legal_actions(state) if a.seat == state.to_act[0]]
    kinds = ("pay", "trade", "buy_craft", "pass")
    return next(a for k in kinds for a in legal if a.kind == k)


def play_quiet(session: Session) -> None:
    """One quiet move and the payment it leads to."""
    play(session, quiet(session.state))
    while engine.decision(session.state) == "pay":
        play(session, quiet(session.state))


def test_a_standing_pass_plays_itself_while_the_tiles_and_the_map_stay_the_same() -> None:
    checked = 0
    for seed in range(8):
        session, table = spending(seed), Table()
        seat = session.state.to_act[0]
        assert isinstance(table.route(session), HandOver)
        table.give(seat)
        table.stand(session, seat, until_change=True)
        play(session, session.may_pass(seat))
        while session.state.phase == "spend" and session.state.to_act[0] != seat:
            other = session.state.to_act[0]  # the others: moves that change neither
            table.give(other)
            play_quiet(session)
        if session.state.phase != "spend":
            continue  # everyone passed: the phase is over, as it should be
        assert table.route(session) == PassesBy(seat)
        assert table.hand_up == other  # the last person's hand stays up meanwhile
        play(session, session.may_pass(seat))
        if session.state.phase == "spend" and session.state.to_act[0] == other:
            assert table.route(session) == ShowHand(other)  # no privacy screen for them
        checked += 1
    assert checked >= 2


def test_a_standing_pass_ends_once_the_map_changes() -> None:
    session, table = spending(), Table()
    seat = session.state.to_act[0]
    table.stand(session, seat, until_change=True)
    play(session, session.may_pass(seat))
    before = board_key(session.state)
    changed = False
    while session.state.to_act[0] != seat:
        other = session.state.to_act[0]
        moves = [a for a in session.legal_for(other) if a.kind == "build_fence"]
        play(session, moves[0] if moves and not changed else session.may_pass(other))
        while engine.decision(session.state) == "pay":
            play_quiet(session)
        changed = changed or board_key(session.state) != before
    assert changed
    assert isinstance(table.route(session), HandOver)  # asked again
    assert seat not in table.standing


def test_a_tile_bought_by_another_does_not_end_a_standing_pass() -> None:
    """A purchase takes a tile away: nothing comes up that the passer could not have had at
    the pass, so their pass stands (a new stage turning up, or a price, asks them again)."""
    checked = 0
    for seed in range(12):
        session, table = spending(seed), Table()
        seat = session.state.to_act[0]
        table.stand(session, seat, until_change=True)
        play(session, session.may_pass(seat))
        stage = session.state.stage
        while session.state.phase == "spend" and session.state.to_act[0] != seat:
            other = session.state.to_act[0]
            buys = [a for a in session.legal_for(other) if a.kind == "buy_building"]
            play(session, buys[0] if buys else session.may_pass(other))
            while engine.decision(session.state) == "pay":
                play_quiet(session)
        bought = any(a.kind == "buy_building" for a in session.actions)
        if session.state.phase != "spend" or not bought or session.state.stage != stage:
            continue
        assert table.route(session) == PassesBy(seat)
        checked += 1
    assert checked >= 2


def test_what_ends_a_standing_pass() -> None:
    state = spending().state
    then = board_key(state)
    stage = state.mat[state.stage - 1]
    bought = state.model_copy(update={"mat": (stage[1:], *state.mat[1:])})
    turned_up = state.model_copy(update={"mat": ((), *state.mat[1:])})
    cheaper = state.model_copy(update={"price_mods": ((stage[0], -1),)})
    fenced = state.model_copy(update={"fences": (*state.fences, Fence((9, 9), (9, 9), 1))})
    assert opens_nothing(then, board_key(state))
    assert opens_nothing(then, board_key(bought))  # a tile taken away opens nothing
    assert not opens_nothing(then, board_key(turned_up))  # the next stage is for sale
    assert not opens_nothing(then, board_key(cheaper))
    assert not opens_nothing(then, board_key(fenced))
    # A tile with a price law under it bought: the law goes with it, and nothing came up.
    assert opens_nothing(board_key(cheaper), board_key(bought))


def test_a_pass_for_the_whole_phase_stands_through_any_change_but_not_into_the_next_round() -> None:
    session, table = spending(), Table()
    seat = session.state.to_act[0]
    table.stand(session, seat, until_change=False)
    play(session, session.may_pass(seat))
    while session.state.to_act[0] != seat:
        other = session.state.to_act[0]
        moves = [a for a in session.legal_for(other) if a.kind == "build_fence"]
        play(session, moves[0] if moves else session.may_pass(other))
    assert table.route(session) == PassesBy(seat)
    table.standing[seat] = table.standing[seat].__class__(0, session.state.round - 1, None)
    assert not table.passes_by(session, seat)  # a pass of another round stands no more


def test_a_pass_taken_back_no_longer_stands() -> None:
    session, table = spending(), Table()
    seat = session.state.to_act[0]
    table.stand(session, seat, until_change=True)
    play(session, session.may_pass(seat))
    session.undo()
    table.forget_after(len(session.actions))
    assert seat not in table.standing


def test_the_list_opens_on_the_coachs_move_with_its_cubes() -> None:
    rng = random.Random(2)
    seen: set[str] = set()
    for seed in range(6):
        session = spending(seed)
        for _ in range(40):
            state = session.state
            if state.phase != "spend":
                break
            if engine.decision(state) != "spend":
                play(session, choose(state, rng))
                continue
            seat = state.to_act[0]
            view = session.view(seat)
            lines = build_choices(session.legal_for(seat), view)
            lines, plans = paid_choices(lines, state, seat, view)
            advice = hint(view, session.legal())
            shown = suggested_first(lines, plans, state, session.legal_for(seat), view, advice)
            first = shown[0]
            coach = hint(view, engine.legal_actions(state)).action
            assert read(first.text).startswith("suggested: ")
            # One key a move (issue 27): the coach's move is on one line, and keeps its key.
            keys = [c.key for c in shown if c.key]
            assert len(keys) == len(set(keys)) and first.key != "↵"
            own = next((c for c in lines if c.action == coach and c.command != "own-cubes"), None)
            if coach.kind == "pass":  # the waiting pass, a line of its own; p passes once
                own = None
            else:
                assert [c for c in shown if c.action == coach and c.command != "own-cubes"] == [
                    first
                ]
            assert first.key == (own.key if own is not None else free_key(lines))
            assert [c.key for c in shown[1:]] == [c.key for c in lines if c is not own]
            if coach.kind == "pass":
                assert first.command == "wait"
            else:
                assert first.action == coach
                plan = plans.get(first.command, [])
                assert not plan or plan[0] == coach
            seen.add(coach.kind)
            play(session, choose(state, rng))
    assert {"pass", "buy_building"} <= seen


def test_a_craft_paid_in_its_own_colour_is_never_one_line() -> None:
    buy = engine.actions.BuyCraft(seat=0, craft="iron")
    pay_iron = engine.actions.Pay(seat=0, cube="iron")
    pay_wine = engine.actions.Pay(seat=0, cube="wine")
    assert gives_back(buy, [pay_iron, pay_wine])
    assert not gives_back(buy, [pay_wine, pay_wine])


async def test_enter_on_the_coachs_pass_and_the_turns_it_then_plays() -> None:
    """At the table: Enter on the suggested pass; that seat's later turns pass by themselves,
    with no privacy screen for it, until the tiles or the map change; then it is asked."""
    saved = saved_game(config(3, no_laws=True), lambda s: engine.decision(s) == "spend")
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=(100, 32)) as pilot:
        session = await started(pilot, app)
        rng = random.Random(1)
        waited: int | None = None
        key: object = None
        by_itself = asked_again = 0
        while session.state.phase == "spend":
            before = len(session.actions)
            if isinstance(app.screen, HandoverScreen):
                if waited is not None and app.screen.player == NAMES[waited]:
                    assert board_key(session.state) != key  # asked again: something changed
                    waited, asked_again = None, asked_again + 1
                await hand_over(pilot, app)
                continue
            seat = app.keyboard
            if waited is None and panel(app).choices[0].command == "wait":
                waited, key = seat, board_key(session.state)
                await pilot.press("enter")
                await pilot.pause()
                assert session.actions[before] == engine.actions.Pass(seat=seat)
                before += 1
            elif waited is not None:  # the others keep the phase going, the map as it is
                app.play(quiet(session.state))
                await pilot.pause()
            else:
                app.play(choose(session.state, rng))
                await pilot.pause()
            mine = [a for a in session.actions[before + 1 :] if a.seat == waited]
            assert all(a.kind == "pass" for a in mine)
            by_itself += len(mine)
            if mine and not isinstance(app.screen, HandoverScreen):  # said to the table
                assert (
                    f"{NAMES[waited]} passes again: no new tile, and no price, field, home or "
                    "fence changed" in screen_text(app)
                )
        assert by_itself + asked_again >= 1


def test_a_house_built_by_another_does_not_end_a_standing_pass_but_a_moved_home_does() -> None:
    state = spending().state
    home = state.cottages[0]
    built = state.model_copy(update={"cottages": (home._replace(house=True), *state.cottages[1:])})
    moved = state.model_copy(
        update={"cottages": (home._replace(corner=(9, 9)), *state.cottages[1:])}
    )
    fenced = state.model_copy(update={"fences": (*state.fences, Fence((9, 9), (9, 9), 1))})
    assert board_key(built) == board_key(state)
    assert board_key(moved) != board_key(state)
    assert board_key(fenced) != board_key(state)


@pytest.mark.english  # the English line's rows at 80 columns
async def test_the_coachs_pass_says_exactly_what_asks_again_whole_at_80_columns() -> None:
    """What ends the standing pass is said in the line itself (issue 27: "until the tiles or
    the map change" was vague), every word of it on screen at 80x24."""
    app = make_app(saved=at_coach_pass(), strict_privacy=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        line = panel(app).choices[0]
        assert line.command == "wait" and line.key.isdigit()  # a key of its own
        for words in ("a tile comes up for sale", "a price", "a field", "where a home stands"):
            assert words in line.text  # what Table.standing waits on (opens_nothing), every part
        assert "a fence" in line.text
        assert "map" not in line.text  # no vague word for several of them
        side = [row.split("▏", 1)[1] for row in screen_text(app).splitlines() if "▏" in row]
        first = next(i for i, row in enumerate(side) if row.startswith(f"{line.key}  "))
        rows = [side[first][3:]]
        for row in side[first + 1 :]:  # the line's later rows, indented under its text
            if not row.startswith("    ") or not row.strip():
                break
            rows.append(row[4:])
        shown = [row.strip() for row in rows]
        assert " ".join(shown) == line.text, shown  # drawn whole, row after row
        assert len(shown) <= 4
