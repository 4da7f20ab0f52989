"""GameState: the whole truth of a game, immutable.

The state is deliberately flat (tuples of small named tuples and ints) so that a transition
is a handful of cheap shallow copies.  Everything random was decided at ``new_game`` or is drawn
from ``rng`` (an integer carried in the state), so a seed plus a list of actions replays a game.

The records are plain frozen dataclasses (:mod:`.data`): fields are read as attributes, copied
with ``replace``, and turned into JSON and back by pydantic only at the edges.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Literal

from keythedral.vocab import FieldType

from .actions import BuyBuilding, PlayLaw
from .board import Cottage, Fence, Field, Pos, Worker
from .config import GameConfig
from .cubes import Counts
from .data import Data, copy_with, frozen, frozen_unslotted
from .data import construct as construct  # the engine's modules import these from here
from .data import replace as replace
from .events import Event

Phase = Literal["layout", "place_workers", "harvest", "spend", "retrieve", "bidding", "game_over"]
PaymentPurpose = Literal["craft", "trade", "law", "bid", "building", "bargain"]
GainPurpose = Literal["bargain", "unexpected_harvest"]
WindowKind = Literal["phase_start", "purchase", "law_played"]


@frozen_unslotted
class PlayerState(Data):
    name: str
    cubes: Counts = (0,) * 8
    laws: tuple[str, ...] = ()
    buildings: tuple[str, ...] = ()
    fences_built: int = 0
    procured: bool = False  # procured a law this round (done for phase 3)


@frozen_unslotted
class Payment(Data):
    """A price being paid one chosen cube at a time.

    ``need`` holds cubes owed in a given colour, ``any_resource`` cubes of any resource colour,
    ``any_cube`` cubes of any colour at all; the price is settled when all three are zero.
    """

    seat: int
    purpose: PaymentPurpose
    need: Counts = (0,) * 8
    any_resource: int = 0
    any_cube: int = 0
    target: str = ""  # craft bought, resource taken, law space index, tile bought
    to_seat: int | None = None  # cubes go to this player instead of the store (bids)
    paid: Counts = (0,) * 8

    @property
    def owed(self) -> int:
        return sum(self.need) + self.any_resource + self.any_cube


@frozen
class Gain(Data):
    """Resource cubes a player takes from the store one chosen colour at a time."""

    seat: int
    count: int
    purpose: GainPurpose


@frozen_unslotted
class Window(Data):
    """A moment when players other than the one deciding may answer with a law card.

    ``seats`` are those who may still answer (a ``decline`` removes a seat); the window closes
    when it is empty.  A purchase window holds the declared purchase, a law window the law whose
    effect waits for it (a Repeal law played into the window cancels that effect).
    """

    kind: WindowKind
    seats: tuple[int, ...]
    phase: str = ""
    purchase: BuyBuilding | PlayLaw | None = None  # the declared purchase
    law: PlayLaw | None = None  # the law waiting to take effect


@frozen_unslotted
class Effects(Data):
    """Law effects that last until the end of the round."""

    work_order_by: int | None = None  # Work order: the seat that fixed this round's order
    fixed_order: tuple[int, ...] = ()  # Work order: the five numbers, in the order called
    fence_free: tuple[int, ...] = ()  # Broken fences: these seats ignore fences in phase 1
    spent: tuple[tuple[int, int], ...] = ()  # Cottage number: (seat, number) already sent out
    good: tuple[FieldType, ...] = ()  # Good harvest: field types producing double
    poor: tuple[FieldType, ...] = ()  # Poor harvest: field types producing nothing
    double: tuple[Pos, ...] = ()  # Double production: fields producing double
    unexpected: tuple[tuple[int, FieldType], ...] = ()  # Unexpected harvest: (seat, type)
    moratorium: int | None = None  # House moratorium: only this seat may convert


#: No law effects (the start of every round).
NO_EFFECTS = Effects()


@frozen_unslotted
class Placement(Data):
    """Phase 1: the workers of one cottage number going out, seat by seat."""

    number: int
    order: tuple[int, ...]  # seats still to place for this number; the first is placing now
    left: int  # workers the current seat still places from its current home
    home: int = 0  # the cottage the current seat places from (0: the chosen number's)
    queue: tuple[int, ...] = ()  # further cottages of the current seat (Cottage number law)


@frozen_unslotted
class Bidding(Data):
    """Phase 5: bids for the right to name the start player."""

    holder: int  # player B, who received the start-player marker and speaks last
    order: tuple[int, ...]  # seats still to speak, first is next
    high: int = 0
    high_seat: int | None = None
    winner: int | None = None  # set once the bidding is decided


@frozen_unslotted
class GameState(Data):
    config: GameConfig
    rng: int
    round: int = 0
    phase: Phase = "layout"
    start_player: int = 0
    to_act: tuple[int, ...] = ()
    turn: int = 0  # the seat whose turn it is in layout and spending
    players: tuple[PlayerState, ...]
    store: Counts
    craftsmen: tuple[int, int, int] = (10, 10, 10)
    keythedral: Pos | None = None
    fields: tuple[Field, ...] = ()
    field_stack: tuple[FieldType, ...] = ()
    cottages: tuple[Cottage, ...] = ()
    fences: tuple[Fence, ...] = ()
    workers: tuple[Worker, ...] = ()
    layout_step: int = 0
    work_order: tuple[int, ...] = ()
    placement: Placement | None = None
    passes: int = 0
    payment: Payment | None = None
    relocation: tuple[tuple[int, int], ...] = ()  # (seat, number) of cottages to move
    mat: tuple[tuple[str, ...], ...] = ()  # per stage: tiles in play, not yet bought
    unused: tuple[tuple[str, ...], ...] = ()  # per stage: tiles out of play, face down
    law_deck: tuple[str, ...] = ()
    law_spaces: tuple[str | None, ...] = ()
    bidding: Bidding | None = None
    windows: tuple[Window, ...] = ()  # open reaction windows, innermost last
    window_done: str = ""  # the phase whose start window has been dealt with
    gain: Gain | None = None
    harvest_next: int = 0  # seats already paid in the current harvest
    effects: Effects = field(default_factory=Effects)  # (not ``= Effects()``: see data.py)
    price_mods: tuple[tuple[str, int], ...] = ()  # (tile, +1 | -1): laws lying under tiles
    law_discard: tuple[str, ...] = ()  # played law cards, face up
    log: tuple[Event, ...] = ()  # the most recent public events (LOG_KEEP of them)
    log_total: int = 0  # every public event so far
    scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None

    # --- small derived facts used all over the engine ------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def stage(self) -> int:
        """The lowest stage (1..5) that still has tiles in play; 6 when all are bought."""
        for i, tiles in enumerate(self.mat):
            if tiles:
                return i + 1
        return 6

    @property
    def game_over(self) -> bool:
        return self.phase == "game_over"

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def cottage(self, seat: int, number: int) -> Cottage:
        cottages = self.cottages
        last = _HOMES[0]  # (cottages, their homes), swapped as one pair: safe between threads
        if last[0] is not cottages:
            homes = {(c.seat, c.number): c for c in cottages}
            _HOMES[0] = last = (cottages, homes)
        return last[1][(seat, number)]  # KeyError: callers check ownership first


#: The last cottages tuple asked about and its homes by (seat, number).  bench_caches: "_HOMES".
_HOMES: list[tuple[tuple[Cottage, ...], dict[tuple[int, int], Cottage]]] = [((), {})]


LOG_KEEP = 80


def renew(state: GameState, fresh: bool, **changes: Any) -> GameState:
    """``replace``; or, when ``fresh``, the changes written into ``state`` itself.

    ``fresh`` says ``state`` was made during the transition at hand and nobody else holds it
    yet (``flow.advance`` knows: anything but the state given to ``apply``), so one copy of the
    state a transition serves for its automatic steps too."""
    return _write(state, changes) if fresh else copy_with(state, changes)


def _write(state: GameState, changes: dict[str, Any]) -> GameState:
    """The changes written into a state nobody else holds yet (see ``renew``)."""
    fields = state.__dict__  # the unslotted state's own dict (see data.py)
    size = len(fields)
    fields.update(changes)
    if len(fields) != size:
        raise TypeError(f"GameState has no field {', '.join(sorted(set(changes) - set(fields)))}")
    return state


def with_to_act(state: GameState, seats: tuple[int, ...]) -> GameState:
    """``to_act`` written into a state made during this transition (see ``renew``): the last
    word of most transitions (``flow.advance``), so without ``renew``'s dict of keywords."""
    state.__dict__["to_act"] = seats  # the unslotted state's own dict (see data.py)
    return state


def logged(state: GameState, *events: Event, **changes: Any) -> GameState:
    """``replace`` that also appends public events to the log (keeping the most recent).

    Build the events with ``events.new`` (no validation: this is the engine's hot path)."""
    return copy_with(state, _with_log(state, events, changes))


def logged_fresh(state: GameState, *events: Event, **changes: Any) -> GameState:
    """``logged`` written into ``state``, which the caller made in this transition (see
    ``renew``)."""
    return _write(state, _with_log(state, events, changes))


def _with_log(
    state: GameState, events: tuple[Event, ...], changes: dict[str, Any]
) -> dict[str, Any]:
    log = state.log
    count = len(events)
    size = len(log) + count
    if size <= LOG_KEEP:
        log += events
    elif count <= LOG_KEEP:  # the usual case once the log is full: one copy, not two
        log = log[size - LOG_KEEP :] + events
    else:
        log = (log + events)[-LOG_KEEP:]
    changes["log"] = log
    changes["log_total"] = state.log_total + count
    return changes


def with_player(state: GameState, seat: int, **changes: Any) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[seat] = copy_with(players[seat], changes)
    return tuple(players)
