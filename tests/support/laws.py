"""Situations for the law-card tests, built from a real game (the layout played by first legal
action) and adjusted with ``model_copy`` on the documented GameState fields; every transition goes
through the engine.  Shared by tests/engine/test_laws.py, test_law_timing.py, test_law_answers.py
and test_law_answers_matrix.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from keythedral import engine
from keythedral.engine.cubes import COLOURS
from tests.support.invariants import check_invariants

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
Pred = Callable[[engine.GameState], bool]


# --- situation builders ---------------------------------------------------------------------
def give(state: engine.GameState, seat: int, *cards: str) -> engine.GameState:
    """Put law cards in a hand, taking them out of the deck / spaces (cards are conserved)."""
    deck = tuple(c for c in state.law_deck if c not in cards)
    spaces = tuple(None if c in cards else c for c in state.law_spaces)
    players = list(state.players)
    players[seat] = players[seat].model_copy(update={"laws": players[seat].laws + cards})
    return state.model_copy(
        update={"law_deck": deck, "law_spaces": spaces, "players": tuple(players)}
    )


def cubes(state: engine.GameState, seat: int) -> dict[str, int]:
    return {c: n for c, n in zip(COLOURS, state.players[seat].cubes, strict=True) if n}


def laid_out(n: int = 3, seed: int = 2, **cfg: Any) -> engine.GameState:
    """The layout played by first legal action, stopped before the very last cottage."""
    state = engine.new_game(engine.GameConfig(players=NAMES[:n], seed=seed, **cfg))
    while state.layout_step < 10 * n - 1:
        state = engine.apply(state, engine.legal_actions(state)[0])
    return state


def step(state: engine.GameState) -> engine.GameState:
    """One 'neutral' move: decline a window, else the first legal action that is not a law."""
    acts = engine.legal_actions(state)
    for a in acts:
        if a.kind == "decline":
            return engine.apply(state, a)
    plain = [a for a in acts if a.kind not in ("play_law", "procure_law")]
    return engine.apply(state, (plain or acts)[0])


def until(state: engine.GameState, pred: Pred, limit: int = 3000) -> engine.GameState:
    for _ in range(limit):
        if pred(state):
            return state
        state = step(state)
    raise AssertionError("situation never reached")


def window(phase: str | None = None, kind: str = "phase_start") -> Pred:
    def pred(s: engine.GameState) -> bool:
        if not s.windows:
            return False
        w = s.windows[-1]
        return w.kind == kind and (phase is None or w.phase == phase)

    return pred


def round_start(n: int = 3, holdings: dict[int, tuple[str, ...]] | None = None, **cfg: Any):
    """Round 1 with the phase 1 window open (cards given before the layout ends)."""
    state = laid_out(n, **cfg)
    for seat, cards in (holdings or {}).items():
        state = give(state, seat, *cards)
    state = engine.apply(state, engine.legal_actions(state)[0])  # the last cottage
    return state


def play(state: engine.GameState, seat: int, card: str, **choices: Any) -> engine.GameState:
    action = engine.parse_action({"kind": "play_law", "seat": seat, "card": card, **choices})
    assert action in engine.legal_actions(state), f"{card} {choices} not offered"
    return engine.apply(state, action)


def decline_all(state: engine.GameState) -> engine.GameState:
    """Close the innermost window with everyone declining."""
    for seat in state.windows[-1].seats if state.windows else ():
        state = engine.apply(state, engine.Decline(seat=seat))
    return state


def offered(state: engine.GameState, card: str) -> list[engine.Action]:
    return [a for a in engine.legal_actions(state) if a.kind == "play_law" and a.card == card]


def at_spend_turn(seat: int) -> Pred:
    return lambda s: (
        s.phase == "spend"
        and not s.windows
        and s.payment is None
        and s.to_act == (seat,)
        and not s.relocation
    )


def spend_with(holdings: dict[int, tuple[str, ...]], n: int = 3, **cfg: Any) -> engine.GameState:
    """Round 1, phase 3, the start player (seat 0) to act, holding the given cards."""
    state = until(round_start(n, **cfg), at_spend_turn(0))
    for seat, cards in holdings.items():
        state = give(state, seat, *cards)
    return state


# --- laws answered by laws ------------------------------------------------------------------
def at_stage(state: engine.GameState, stage: int) -> engine.GameState:
    """The tiles of the stages below ``stage`` bought (by Cy), so ``stage`` is for sale."""
    bought = tuple(t for tiles in state.mat[: stage - 1] for t in tiles)
    players = list(state.players)
    players[2] = players[2].model_copy(update={"buildings": bought})
    mat = ((),) * (stage - 1) + tuple(state.mat[stage - 1 :])
    return state.model_copy(update={"mat": mat, "players": tuple(players)})


def with_store(state: engine.GameState, craft: str, store: int) -> engine.GameState:
    """``store`` used ``craft`` cubes in the store and none at its craftsman: the rest go to
    Dee's hand (a fourth seat that takes no part), so every cube stays counted."""
    i, k = COLOURS.index(craft), COLOURS.index(craft) - 5
    total = state.store[i] + state.craftsmen[k] + state.players[3].cubes[i]
    hand = list(state.players[3].cubes)
    hand[i] = total - store
    players = list(state.players)
    players[3] = players[3].model_copy(update={"cubes": tuple(hand)})
    s, c = list(state.store), list(state.craftsmen)
    s[i], c[k] = store, 0
    return state.model_copy(
        update={"store": tuple(s), "craftsmen": tuple(c), "players": tuple(players)}
    )


def effect_of(state: engine.GameState, card: str) -> Any:
    return next(
        e for e in reversed(state.log) if e.type == "law_took_effect" and e.law.card == card
    )


def back_at_own_turn(state: engine.GameState, seat: int) -> None:
    """Nothing left waiting and ``seat`` chooses again: no action was used."""
    assert not state.windows and state.payment is None and state.gain is None
    assert state.to_act == (seat,) and state.phase == "spend"
    check_invariants(state)
    assert engine.legal_actions(state)
