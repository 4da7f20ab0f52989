"""Phase 3 turn structure: whose turn it is, passing, and when the phase ends."""

from __future__ import annotations

from functools import cache
from operator import attrgetter

from .actions import Pass
from .events import Passed, new
from .state import GameState, logged, renew


def active_seats(state: GameState) -> list[int]:
    """Seats still taking actions this phase (those that procured a law are done)."""
    return [s for s, p in enumerate(state.players) if not p.procured]


def next_active(state: GameState, seat: int) -> int:
    players = state.players
    n = len(players)
    for i in range(1, n + 1):
        s = (seat + i) % n
        if not players[s].procured:
            return s
    return seat


_PROCURED = attrgetter("procured")


def phase_over(state: GameState) -> bool:
    """Everyone still active has passed in succession (or nobody is active)."""
    passes = state.passes
    if passes == 0:  # the usual case: over only if nobody is active
        return all(map(_PROCURED, state.players))
    return passes >= len(active_seats(state))


def acted(state: GameState, seat: int) -> GameState:
    """Bookkeeping after a non-pass action: the run of passes is broken, play moves on."""
    return renew(state, False, passes=0, turn=next_active(state, seat))


def acted_fresh(state: GameState, seat: int) -> GameState:
    """``acted`` written into ``state``, which must be one the caller has just made in this
    transition (every caller passes what its own ``logged`` returned; see ``state.renew``)."""
    return renew(state, True, passes=0, turn=next_active(state, seat))


@cache  # bench_caches: "event interning"
def _passed(seat: int) -> Passed:
    """The event of a pass (kept and shared: events are immutable)."""
    return new(Passed, seat=seat)


def apply_pass(state: GameState, action: Pass) -> GameState:
    return logged(
        state,
        _passed(action.seat),
        passes=state.passes + 1,
        turn=next_active(state, action.seat),
    )
