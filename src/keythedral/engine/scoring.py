"""The end of the game: seat values, leftover cubes, ties, for both editions."""

from __future__ import annotations

from .catalogue import seat_value
from .cubes import worth
from .events import GameEnded, new
from .state import GameState, logged


def seat_total(state: GameState, seat: int) -> int:
    edition = state.config.edition
    return sum(seat_value(t, edition) for t in state.players[seat].buildings)


def final_scores(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(scores, winners).

    Classic: the score is the seat total; leftover cube worth (gold 4, glass 3, iron 2,
    resources 1) only breaks ties.  Second edition: the cube worth adds to the score.
    Whoever is still level shares the win.
    """
    seats = [seat_total(state, s) for s in range(state.n)]
    cubes = [worth(p.cubes) for p in state.players]
    if state.config.edition == "second":
        scores = tuple(s + c for s, c in zip(seats, cubes, strict=True))
        keys: list[tuple[int, ...]] = [(s,) for s in scores]
    else:
        scores = tuple(seats)
        keys = [(s, c) for s, c in zip(seats, cubes, strict=True)]
    best = max(keys)
    return scores, tuple(s for s in range(state.n) if keys[s] == best)


def finish(state: GameState) -> GameState:
    scores, winners = final_scores(state)
    return logged(
        state,
        new(GameEnded, scores=scores, winners=winners),
        phase="game_over",
        to_act=(),
        payment=None,
        scores=scores,
        winners=winners,
    )
