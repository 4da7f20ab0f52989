"""The invariant checkers themselves catch what they claim to (a checker that never fails is no
test).  Each case breaks one rule in an otherwise reachable state, or fakes a faulty engine."""

from __future__ import annotations

import random
from typing import Any

import pytest

from keythedral import engine
from keythedral.engine.board import Fence, Worker
from keythedral.engine.cubes import add
from keythedral.engine.events import BidMade, LawRepealed, LayoutComplete, StageComplete, new
from tests.support.invariants import (
    Checks,
    InvariantError,
    check_invariants,
    check_legal,
    check_rejects,
    check_view_secrets,
    play_checked,
)
from tests.support.policy import choose


def _reach(players: int = 3, phase: str = "spend", seed: int = 4) -> engine.GameState:
    rng = random.Random(seed)
    state = engine.new_game(
        engine.GameConfig(players=["A", "B", "C", "D", "E"][:players], seed=seed)
    )
    while state.phase != phase or not state.to_act:
        state = engine.apply(state, choose(state, engine.legal_actions(state), rng))
    return state


@pytest.fixture(scope="module")
def mid() -> engine.GameState:
    state = _reach()
    check_invariants(state)
    return state


def _broken(state: engine.GameState, **changes: Any) -> engine.GameState:
    return state.model_copy(update=changes)


def test_a_lost_cube_is_caught(mid: engine.GameState) -> None:
    with pytest.raises(InvariantError, match="wood"):
        check_invariants(_broken(mid, store=add(mid.store, 0, -1)))


def test_a_negative_count_is_caught(mid: engine.GameState) -> None:
    p = mid.players[0]
    players = (p.model_copy(update={"cubes": add(p.cubes, 1, -50)}), *mid.players[1:])
    store = add(mid.store, 1, 50)
    with pytest.raises(InvariantError, match="negative"):
        check_invariants(_broken(mid, players=players, store=store))


def test_two_workers_on_a_field_are_caught(mid: engine.GameState) -> None:
    f = mid.fields[0].pos
    workers = (Worker(f, 0, 1), Worker(f, 1, 1))
    with pytest.raises(InvariantError, match="worker"):
        check_invariants(_broken(mid, workers=workers))


def test_a_worker_off_the_board_is_caught(mid: engine.GameState) -> None:
    with pytest.raises(InvariantError, match="no field"):
        check_invariants(_broken(mid, workers=(Worker((40, 40), 0, 1),)))


def test_a_fence_between_strangers_is_caught(mid: engine.GameState) -> None:
    c = mid.cottages[0].corner
    fence = Fence(c, (c[0] + 3, c[1]), 0)
    with pytest.raises(InvariantError, match="fence"):
        check_invariants(_broken(mid, fences=(fence,)))


def test_a_fence_never_built_is_caught(mid: engine.GameState) -> None:
    c = mid.cottages[0].corner
    fields = {f.pos for f in mid.fields}
    touching = next(f for f in [(c[0], c[1]), (c[0] + 1, c[1] + 1)] if f in fields)
    with pytest.raises(InvariantError, match="built"):
        check_invariants(_broken(mid, fences=(Fence(c, touching, 0),)))


def test_a_cottage_on_the_keythedral_is_caught(mid: engine.GameState) -> None:
    moved = mid.cottages[0]._replace(corner=(0, 0))
    with pytest.raises(InvariantError, match="Keythedral"):
        check_invariants(_broken(mid, cottages=(moved, *mid.cottages[1:])))


def test_a_lost_building_tile_is_caught(mid: engine.GameState) -> None:
    mat = (mid.mat[0][1:], *mid.mat[1:])
    with pytest.raises(InvariantError, match="tile"):
        check_invariants(_broken(mid, mat=mat))


def test_a_duplicated_law_card_is_caught(mid: engine.GameState) -> None:
    p = mid.players[0]
    players = (p.model_copy(update={"laws": (mid.law_deck[0],)}), *mid.players[1:])
    with pytest.raises(InvariantError, match="law"):
        check_invariants(_broken(mid, players=players))


def test_legal_list_checks(mid: engine.GameState) -> None:
    acts = engine.legal_actions(mid)
    check_legal(mid, acts)
    with pytest.raises(InvariantError, match="duplicate"):
        check_legal(mid, [*acts, acts[0]])
    other = (mid.to_act[0] + 1) % mid.config.n
    with pytest.raises(InvariantError, match="to_act"):
        check_legal(mid, [engine.Pass(seat=other)])
    with pytest.raises(InvariantError, match="no legal action"):
        check_legal(mid, [])


def test_an_accepted_illegal_action_is_caught(
    mid: engine.GameState, monkeypatch: pytest.MonkeyPatch
) -> None:
    legal = {a.model_dump_json() for a in engine.legal_actions(mid)}
    other = (mid.to_act[0] + 1) % mid.config.n
    check_rejects(mid, legal, {"kind": "pass", "seat": other})
    monkeypatch.setattr(engine, "apply", lambda state, action: state)
    with pytest.raises(InvariantError, match="accepted"):
        check_rejects(mid, legal, {"kind": "pass", "seat": other})


def test_a_wrong_exception_is_caught(
    mid: engine.GameState, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crash(state: Any, action: Any) -> Any:
        raise KeyError("oops")

    monkeypatch.setattr(engine, "apply", crash)
    with pytest.raises(InvariantError, match="instead of IllegalAction"):
        check_rejects(mid, set(), {"kind": "pass", "seat": 0})


def test_leaky_views_are_caught(mid: engine.GameState, monkeypatch: pytest.MonkeyPatch) -> None:
    for seat in (*range(mid.config.n), None):
        check_view_secrets(mid, seat)
    real = engine.view
    deck_card = mid.law_deck[0]
    hidden_tile = mid.unused[2][0]

    def leaks(what: str) -> Any:
        def fake(state: engine.GameState, seat: int | None) -> Any:
            v = real(state, seat)
            if what == "log":
                told = new(LawRepealed, seat=0, card=deck_card)
                return v.model_copy(update={"log": (*v.log, told)})
            if what == "tile":
                told = new(StageComplete, stage=2, shown=(hidden_tile,))
                return v.model_copy(update={"log": (*v.log, told)})
            if what == "hand":
                other = real(state, (seat or 0) + 1).me
                return v.model_copy(update={"me": other})
            told = new(BidMade, seat=0, amount=state.rng)
            return v.model_copy(update={"log": (*v.log, told)})

        return fake

    for what, pattern in [
        ("log", "law card"),
        ("tile", "face-down"),
        ("hand", "hand"),
        ("rng", "RNG"),
    ]:
        monkeypatch.setattr(engine, "view", leaks(what))
        with pytest.raises(InvariantError, match=pattern):
            check_view_secrets(mid, 0)
    monkeypatch.setattr(engine, "view", real)


def test_the_layout_stack_leak_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    state = engine.new_game(engine.GameConfig(players=["A", "B", "C"], seed=9))
    check_view_secrets(state, 0)
    real = engine.view

    def fake(s: engine.GameState, seat: int | None) -> Any:
        v = real(s, seat)
        told = new(LayoutComplete, shown=s.field_stack[1:4])
        return v.model_copy(update={"log": (*v.log, told)})

    monkeypatch.setattr(engine, "view", fake)
    with pytest.raises(InvariantError, match="field stack"):
        check_view_secrets(state, 0)


def test_a_game_that_never_ends_is_caught() -> None:
    config = engine.GameConfig(players=["A", "B", "C"], seed=3)

    def stubborn(state: engine.GameState, acts: Any, rng: random.Random) -> Any:
        # never buy a building
        pool = [a for a in acts if a.kind != "buy_building"] or acts
        return pool[0] if len(pool) == 1 else choose(state, pool, rng)

    checks = Checks(max_rounds=3, views_every=1000, mutations=0, sample_applies=0)
    with pytest.raises(InvariantError, match="did not end"):
        play_checked(config, random.Random(1), checks, policy=stubborn)
