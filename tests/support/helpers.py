"""Shared helpers for the rule tests.

Situations are built from a real game (``new`` + the engine's own transitions) and then
adjusted with ``state.model_copy(update=...)`` on the documented GameState fields; from there
the test continues through ``engine.apply`` only.  Every transition the helpers make goes
through ``engine.legal_actions``/``engine.apply``.

Law-card windows (a ``decline`` in the legal list) are let go by automatically, so that these
tests keep describing the basic rules when the law cards arrive.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

import yaml

from keythedral import engine
from keythedral.engine.board import Cottage, Fence, Field
from keythedral.words.narration import narrate_all

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
COLOURS = ("wood", "stone", "food", "water", "wine", "iron", "glass", "gold")
RESOURCES = ("wood", "stone", "food", "water", "wine")
CRAFTS = ("iron", "glass", "gold")
TOTAL = {
    "wood": 20,
    "stone": 20,
    "food": 15,
    "water": 15,
    "wine": 15,
    "iron": 10,
    "glass": 10,
    "gold": 10,
}


def catalogue_yaml(name: str) -> Any:
    """The bundled catalogue data (building_tiles.yaml, law_cards.yaml), as plain data."""
    text = resources.files("keythedral.data").joinpath(name).read_text("utf-8")
    return yaml.safe_load(text)


# RULINGS.md, Components: the reconstructed cost table, tile by tile in table order.
COSTS = {
    "s1-01": {"stone": 1, "wood": 1},
    "s1-02": {"stone": 1, "wood": 1},
    "s1-03": {"stone": 1, "food": 1},
    "s1-04": {"stone": 1, "water": 1},
    "s1-05": {"wood": 1, "food": 1},
    "s1-06": {"wood": 1, "water": 1},
    "s2-01": {"stone": 1, "wood": 1, "food": 1},
    "s2-02": {"stone": 1, "wood": 1, "water": 1},
    "s2-03": {"stone": 2, "food": 1},
    "s2-04": {"stone": 2, "water": 1},
    "s2-05": {"wood": 2, "food": 1},
    "s2-06": {"wood": 2, "water": 1},
    "s2-07": {"stone": 1, "food": 1, "water": 1},
    "s2-08": {"wood": 1, "food": 1, "water": 1},
    "s3-01": {"wood": 1, "food": 1, "iron": 1},
    "s3-02": {"wood": 1, "water": 1, "iron": 1},
    "s3-03": {"wood": 1, "iron": 1, "wine": 1},
    "s3-04": {"wood": 2, "iron": 1},
    "s3-05": {"wood": 1, "food": 1, "water": 1},
    "s3-06": {"wood": 1, "food": 1, "wine": 1},
    "s3-07": {"wood": 1, "water": 1, "wine": 1},
    "s3-08": {"wood": 1, "food": 1, "water": 1, "wine": 1},
    "s4-01": {"iron": 1, "glass": 1, "food": 1},
    "s4-02": {"iron": 1, "glass": 1, "water": 1},
    "s4-03": {"glass": 1, "food": 1, "water": 1},
    "s4-04": {"glass": 1, "water": 1, "wine": 1},
    "s4-05": {"glass": 1, "food": 1, "wine": 1},
    "s4-06": {"iron": 1, "food": 1, "water": 1, "wine": 1},
    "s5-01": {"gold": 1, "food": 1, "water": 1},
    "s5-02": {"gold": 1, "food": 1, "wine": 1},
    "s5-03": {"gold": 1, "water": 1, "wine": 1},
    "s5-04": {"gold": 1, "iron": 1, "wine": 1},
    "s5-05": {"glass": 1, "iron": 1, "food": 1, "water": 1},
    "s5-06": {"glass": 1, "food": 1, "water": 1, "wine": 1},
}


LAW_IDS = tuple(c["id"] for c in catalogue_yaml("law_cards.yaml")["cards"])

Policy = Callable[[engine.GameState, list[Any]], Any]


# --- games ----------------------------------------------------------------------------------
def told(state: engine.GameState, last: int | None = None) -> list[str]:
    """The state's log (its ``last`` events) as the log panel tells it."""
    events = state.log if last is None else state.log[-last:]
    return narrate_all(events, state.config.players)


def config(n: int = 3, seed: int = 1, **variants: Any) -> engine.GameConfig:
    return engine.GameConfig(players=list(NAMES[:n]), seed=seed, **variants)


def new(n: int = 3, seed: int = 1, **variants: Any) -> engine.GameState:
    """A new game for ``n`` players named Ann, Bob, Cy, Dee, Eve (seat 0 first)."""
    return engine.new_game(config(n, seed, **variants))


_CACHE: dict[tuple[Any, ...], engine.GameState] = {}


def _cached(what: str, make: Callable[[], engine.GameState], *key: Any) -> engine.GameState:
    """States are immutable, so the common starting situations are built once per run."""
    k = (what, *key)
    if k not in _CACHE:
        _CACHE[k] = make()
    return _CACHE[k]


def kinds(state: engine.GameState) -> set[str]:
    return {a.kind for a in engine.legal_actions(state)}


def first(state: engine.GameState, acts: list[Any]) -> Any:
    """The default policy: let any law window go by, otherwise the first legal action."""
    for a in acts:
        if a.kind == "decline":
            return a
    return acts[0]


def skip_windows(state: engine.GameState) -> engine.GameState:
    """Let every open law window go by (there are none until the law cards are in)."""
    for _ in range(200):
        if state.game_over:
            return state
        declines = [a for a in engine.legal_actions(state) if a.kind == "decline"]
        if not declines:
            return state
        state = engine.apply(state, declines[0])
    raise AssertionError("law windows never closed")


def act(state: engine.GameState, action: Any) -> engine.GameState:
    """apply, then let any law window that opens go by."""
    return skip_windows(engine.apply(state, action))


def do(state: engine.GameState, kind: str, seat: int | None = None, **fields: Any):
    """Apply the action ``kind`` for ``seat`` (default: the first seat to act)."""
    state = skip_windows(state)
    if seat is None:
        seat = state.to_act[0]
    return act(state, engine.parse_action({"kind": kind, "seat": seat, **fields}))


def play_until(
    state: engine.GameState,
    done: Callable[[engine.GameState], bool],
    policy: Policy = first,
    limit: int = 5000,
) -> engine.GameState:
    """Apply the policy's choice of legal action until ``done(state)`` holds."""
    state = skip_windows(state)
    for _ in range(limit):
        if done(state):
            return state
        acts = engine.legal_actions(state)
        assert acts, "the game ended before the situation was reached"
        state = act(state, policy(state, acts))
    raise AssertionError("situation never reached")


def finish_layout(state: engine.GameState) -> engine.GameState:
    """Play the layout deterministically (first legal spot, first corner, lowest number)."""
    return play_until(state, lambda s: s.phase != "layout")


def at_spend(state: engine.GameState) -> bool:
    return (
        state.phase == "spend"
        and bool(state.to_act)
        and "pass" in kinds(state)
        and state.payment is None
    )


def to_spend(state: engine.GameState) -> engine.GameState:
    """Play on (first legal action) to the next phase-3 turn."""
    return play_until(state, at_spend)


def spend_state(n: int = 3, seed: int = 1, **variants: Any) -> engine.GameState:
    """Round 1, phase 3, the start player (seat 0) to act, on the deterministic layout."""
    key = (n, seed, tuple(sorted(variants.items())))
    return _cached("spend", lambda: to_spend(round_start(n, seed, **variants)), *key)


def pass_all(state: engine.GameState) -> engine.GameState:
    """Everyone passes until phase 3 is over."""
    return play_until(state, lambda s: s.phase != "spend", policy=_pass_policy)


def _pass_policy(state: engine.GameState, acts: list[Any]) -> Any:
    for a in acts:
        if a.kind in ("decline", "pass"):
            return a
    return acts[0]


def to_bidding(state: engine.GameState) -> engine.GameState:
    """From phase 3, everyone passes; stops at the first bidding decision."""
    state = pass_all(state)
    return play_until(state, lambda s: s.phase == "bidding")


# --- building situations with model_copy ------------------------------------------------------
def counts(**colours: int) -> tuple[int, ...]:
    unknown = set(colours) - set(COLOURS)
    assert not unknown, unknown
    return tuple(colours.get(c, 0) for c in COLOURS)


def cubes_of(state: engine.GameState, seat: int) -> dict[str, int]:
    return engine.summary(state)["players"][seat]["cubes"]


def hand(**colours: int) -> dict[str, int]:
    """A full colour dict (every colour present) for exact comparisons."""
    return {c: colours.get(c, 0) for c in COLOURS}


def set_cubes(state: engine.GameState, seat: int, **colours: int) -> engine.GameState:
    """Give ``seat`` exactly these cubes; resources come from / go back to the store and crafts
    from / back to the craftsmen, so the 115 cubes stay accounted for."""
    new_hand = counts(**colours)
    old = state.players[seat].cubes
    store = list(state.store)
    crafts = list(state.craftsmen)
    for i, c in enumerate(COLOURS):
        delta = new_hand[i] - old[i]
        if c in RESOURCES:
            store[i] -= delta
            assert store[i] >= 0, f"the store has too little {c}"
        else:
            k = CRAFTS.index(c)
            crafts[k] -= delta
            assert crafts[k] >= 0, f"the craftsman has too little {c}"
    players = list(state.players)
    players[seat] = players[seat].model_copy(update={"cubes": new_hand})
    return state.model_copy(
        update={"players": tuple(players), "store": tuple(store), "craftsmen": tuple(crafts)}
    )


def set_store(state: engine.GameState, **colours: int) -> engine.GameState:
    """Set some store counts outright (the other colours keep their counts)."""
    store = list(state.store)
    for c, v in colours.items():
        store[COLOURS.index(c)] = v
    return state.model_copy(update={"store": tuple(store)})


def set_player(state: engine.GameState, seat: int, **changes: Any) -> engine.GameState:
    players = list(state.players)
    players[seat] = players[seat].model_copy(update=changes)
    return state.model_copy(update={"players": tuple(players)})


def total_cubes(state: engine.GameState) -> dict[str, int]:
    """Every cube in the game, wherever it is: store + craftsmen + hands."""
    out = dict(zip(COLOURS, state.store, strict=True))
    for k, c in enumerate(CRAFTS):
        out[c] += state.craftsmen[k]
    for p in state.players:
        for i, c in enumerate(COLOURS):
            out[c] += p.cubes[i]
    return out


def park(seat: int, number: int) -> tuple[int, int]:
    """A corner far from every field: a cottage parked there never has a field (always idle)."""
    return (100 + 20 * seat, 100 + 20 * number)


def with_board(
    state: engine.GameState,
    fields: dict[tuple[int, int], str],
    cottages: Iterable[tuple[tuple[int, int], int, int, bool]],
    fences: Iterable[tuple[tuple[int, int], tuple[int, int], int]] = (),
) -> engine.GameState:
    """Replace the board of a state at the start of a round (phase 1, no marker chosen yet).

    ``cottages`` are (corner, seat, number, house); every cottage not given is parked on a
    corner that touches no field, so its workers are always idle.
    """
    assert state.phase == "place_workers" and not state.work_order
    placed = [Cottage(tuple(c), s, n, h) for c, s, n, h in cottages]
    have = {(c.seat, c.number) for c in placed}
    for s in range(state.n):
        for n in range(1, 6):
            if (s, n) not in have:
                placed.append(Cottage(park(s, n), s, n, False))
    return state.model_copy(
        update={
            "fields": tuple(Field(tuple(p), t) for p, t in fields.items()),
            "cottages": tuple(placed),
            "fences": tuple(Fence(tuple(c), tuple(f), s) for c, f, s in fences),
            "workers": (),
        }
    )


def round_start(n: int = 3, seed: int = 1, **variants: Any) -> engine.GameState:
    """Round 1, phase 1, before the first marker is chosen."""
    key = (n, seed, tuple(sorted(variants.items())))
    state = _cached("round", lambda: finish_layout(new(n, seed, **variants)), *key)
    assert state.phase == "place_workers" and state.round == 1
    return state


def with_start_player(state: engine.GameState, seat: int) -> engine.GameState:
    """Make ``seat`` the start player at the start of phase 1 (as if phase 5 had named it)."""
    assert state.phase == "place_workers" and not state.work_order
    return state.model_copy(update={"start_player": seat, "to_act": (seat,)})


def workers_at(state: engine.GameState) -> dict[tuple[int, int], int]:
    """Field position -> seat of the worker on it."""
    return {
        tuple(f["pos"]): f["worker"]
        for f in engine.summary(state)["fields"]
        if f["worker"] is not None
    }


def illegal(state: engine.GameState, action: Any) -> str:
    """Assert that ``action`` is rejected and the state is untouched; return the message."""
    before = state.model_dump_json()
    copy = state.model_copy()
    try:
        engine.apply(state, action)
    except engine.IllegalAction as exc:
        assert state == copy
        assert state.model_dump_json() == before
        return str(exc)
    raise AssertionError(f"{action} was accepted")


def action(kind: str, seat: int, **fields: Any) -> Any:
    return engine.parse_action({"kind": kind, "seat": seat, **fields})


def failing_on(monkeypatch: Any, *bad: Any, raising: Any = RuntimeError) -> None:
    """engine.apply fails on the ``bad`` actions with ``raising`` (a bug in the rules engine,
    not a refusal): for the tests of the guard around it (keythedral.records.faults)."""
    real = engine.apply

    def apply(state: engine.GameState, action: engine.Action) -> engine.GameState:
        if action in bad:
            raise raising("a bug in the rules engine")
        return real(state, action)

    monkeypatch.setattr(engine, "apply", apply)
