"""The round machine: runs the automatic steps between decisions and sets ``to_act``.

After every action the reducer calls ``advance``, which carries the game forward through
anything nobody has to decide (the end of layout, the phase-start windows, harvest, retrieving,
opening the bidding, seats with idle workers, closing answered windows) and stops at the next
decision, naming who may act.
"""

from __future__ import annotations

from . import bidding, harvest, lawmaster, laws, spend, windows, workers
from .events import LayoutComplete, WorkersReturned, new
from .state import GameState, logged, renew, replace, with_to_act


def _end_layout(state: GameState) -> GameState:
    shown = () if state.config.open_buildings else state.mat[0]
    state = logged(state, new(LayoutComplete, shown=shown))
    return workers.begin_round(state, state.start_player)


def _retrieve(state: GameState) -> GameState:
    state = logged(
        state,
        new(WorkersReturned),
        workers=(),
        work_order=(),
        placement=None,
        passes=0,
        phase="bidding",
        bidding=None,
    )
    return lawmaster.refill(state)


class _Ready:
    """A step that made a new state and already knows who decides in it."""

    __slots__ = ("seats", "state")

    def __init__(self, state: GameState, seats: tuple[int, ...]) -> None:
        self.state = state
        self.seats = seats


def _step(state: GameState, fresh: bool) -> GameState | tuple[int, ...] | _Ready:
    """One automatic step, or the seats that must decide now (with the state, if it changed).

    ``fresh``: ``state`` was made during this transition (see ``state.renew``)."""
    phase = state.phase
    if phase == "game_over":
        return ()
    if state.payment is not None:
        return (state.payment.seat,)
    if state.gain is not None:
        return (state.gain.seat,)
    if state.windows:
        top = state.windows[-1]
        if state.config.reaction_windows == "when_possible":
            pruned = windows.prune(state)
            if pruned is not state:
                return pruned
        return top.seats if top.seats else windows.close(state, fresh)
    if phase == "layout":
        if state.layout_step == 10 * len(state.players):
            return _end_layout(state)
        return (state.turn,)
    if phase == "place_workers":
        if state.window_done != phase:
            return windows.phase_start(state, phase, fresh)
        if state.placement is not None:
            settled = workers.settle(state, laws.could_free, fresh)
            if settled.placement is not None:  # settle stopped at a seat that must decide
                seats = (settled.placement.order[0],)
                return seats if settled is state else _Ready(settled, seats)
            return settled
        if len(state.work_order) == 5:
            return renew(state, fresh, phase="harvest")
        if state.effects.fixed_order:
            return workers.call_fixed(state)
        return (workers.marker_holder(state),)
    if phase == "harvest":
        if state.window_done != phase:
            return windows.phase_start(state, phase, fresh)
        return harvest.harvest(state)
    if phase == "spend":
        if state.window_done != phase:
            state = renew(state, fresh, turn=state.start_player, passes=0)
            return windows.phase_start(state, phase, True)  # (renew's state is this step's)
        if state.relocation:
            return (state.relocation[0][0],)
        if spend.phase_over(state):
            return renew(state, fresh, phase="retrieve")
        return (state.turn,)
    if phase == "retrieve":
        return _retrieve(state)
    # bidding
    if state.window_done != phase:
        return windows.phase_start(state, phase, fresh)
    b = state.bidding
    if b is None:
        return bidding.open_bidding(state)
    return (b.winner,) if b.winner is not None else (b.order[0],)


def advance(state: GameState, before: GameState | None = None) -> GameState:
    """Run automatic steps until a decision is pending; set ``to_act``.

    ``before``: the state the action was applied to.  Any other state met here was made during
    this transition and nobody else holds it yet, so ``to_act`` is written into it in place
    instead of copying it once more (the only write to a built state in the engine; ``before``
    and any state passed without it are never touched)."""
    while True:
        nxt = _step(state, before is not None and state is not before)
        if type(nxt) is tuple:  # the usual case: who decides now
            seats = nxt
        elif type(nxt) is _Ready:
            state, seats = nxt.state, nxt.seats
        else:  # a step that made a new state: go on from it
            state = nxt  # type: ignore[assignment]  # (not ``cast``: a call, every step)
            continue
        if seats == state.to_act:
            return state
        if before is None or state is before:
            return replace(state, to_act=seats)
        return with_to_act(state, seats)
