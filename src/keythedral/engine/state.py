"""GameState: the whole truth of a game, immutable.

The state is deliberately flat (tuples of small named tuples and ints) so that a transition
is a handful of cheap shallow copies.  Everything random was decided at ``new_game`` or is drawn
from ``rng`` (an integer carried in the state), so a seed plus a list of actions replays a game.

Reading fields in the hot path: pydantic's ``BaseModel`` defines ``__getattr__``, and a class
with one keeps CPython from specialising attribute reads on its instances, so ``state.phase``
costs some 28 ns where a plain object's attribute costs 6.  The engine's hottest functions (the
decision, the round machine, phase 1, payments) read the fields they need as subscripts of the
model's ``__dict__`` (some 11 ns each): ``f = state.__dict__`` once, then ``f["phase"]``.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from keythedral.vocab import FieldType

from .actions import BuyBuilding, PlayLaw
from .board import Cottage, Fence, Field, Pos, Worker
from .config import GameConfig
from .cubes import Counts
from .events import Event

Phase = Literal["layout", "place_workers", "harvest", "spend", "retrieve", "bidding", "game_over"]
PaymentPurpose = Literal["craft", "trade", "law", "bid", "building", "bargain"]
GainPurpose = Literal["bargain", "unexpected_harvest"]
WindowKind = Literal["phase_start", "purchase", "law_played"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class PlayerState(Frozen):
    name: str
    cubes: Counts = (0,) * 8
    laws: tuple[str, ...] = ()
    buildings: tuple[str, ...] = ()
    fences_built: int = 0
    procured: bool = False  # procured a law this round (done for phase 3)


class Payment(Frozen):
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


class Gain(Frozen):
    """Resource cubes a player takes from the store one chosen colour at a time."""

    seat: int
    count: int
    purpose: GainPurpose


class Window(Frozen):
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


class Effects(Frozen):
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


class Placement(Frozen):
    """Phase 1: the workers of one cottage number going out, seat by seat."""

    number: int
    order: tuple[int, ...]  # seats still to place for this number; the first is placing now
    left: int  # workers the current seat still places from its current home
    home: int = 0  # the cottage the current seat places from (0: the chosen number's)
    queue: tuple[int, ...] = ()  # further cottages of the current seat (Cottage number law)


class Bidding(Frozen):
    """Phase 5: bids for the right to name the start player."""

    holder: int  # player B, who received the start-player marker and speaks last
    order: tuple[int, ...]  # seats still to speak, first is next
    high: int = 0
    high_seat: int | None = None
    winner: int | None = None  # set once the bidding is decided


class GameState(Frozen):
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
    effects: Effects = Effects()
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


#: The last cottages tuple asked about and its homes by (seat, number).
_HOMES: list[tuple[tuple[Cottage, ...], dict[tuple[int, int], Cottage]]] = [((), {})]


LOG_KEEP = 80


M = TypeVar("M", bound=BaseModel)


_new = object.__new__
# The slots every pydantic model has, set through their descriptors (cheaper than
# ``object.__setattr__`` by name): the hot path of every transition.
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def replace(model: M, **changes: Any) -> M:
    """A shallow copy of a frozen model with some fields changed (no validation: hot path).

    What ``model_copy(update=...)`` does for our private-attribute-free models, at a fifth of
    its cost: the engine's inner loop is mostly this.  A misspelt field name is a TypeError,
    not a silently added attribute (it would add a key to the copied ``__dict__``).
    """
    return _copy(model, changes)


def _copy(model: M, changes: dict[str, Any]) -> M:
    """``replace`` with the changes as a dict (the callers below pass theirs on as they are)."""
    new = _new(type(model))
    old = model.__dict__
    fields = {**old, **changes}
    if len(fields) != len(old):
        unknown = sorted(set(changes) - set(old))
        raise TypeError(f"{type(model).__name__} has no field {', '.join(unknown)}")
    _set_dict(new, fields)
    _set_fields_set(new, model.__pydantic_fields_set__)  # never mutated
    _set_extra(new, None)
    _set_private(new, None)
    return new


_FIELD_SETS: dict[type[BaseModel], set[str]] = {}


def construct(cls: type[M], **fields: Any) -> M:
    """Build a model from already-valid values without validation (every field given).

    For the engine's own outputs (views) and its internal records (placements, payments,
    windows ...), whose values come straight from a valid state: what ``cls(**fields)`` makes,
    without the validation that costs a few microseconds a call.  The fields-set is shared
    between the instances of a class (pydantic never mutates it on a frozen model).
    """
    names = _FIELD_SETS.get(cls)
    if names is None:
        names = _FIELD_SETS[cls] = set(cls.model_fields)
    if len(fields) != len(names):
        missing = sorted(names - set(fields))
        raise TypeError(f"{cls.__name__}: every field must be given (missing {missing})")
    new = _new(cls)
    _set_dict(new, fields)
    _set_fields_set(new, names)
    _set_extra(new, None)
    _set_private(new, None)
    return new


def renew(state: GameState, fresh: bool, **changes: Any) -> GameState:
    """``replace``; or, when ``fresh``, the changes written into ``state`` itself.

    ``fresh`` says ``state`` was made during the transition at hand and nobody else holds it
    yet (``flow.advance`` knows: anything but the state given to ``apply``), so one copy of the
    state a transition serves for its automatic steps too."""
    return _write(state, changes) if fresh else _copy(state, changes)


def _write(state: GameState, changes: dict[str, Any]) -> GameState:
    fields = state.__dict__
    size = len(fields)
    fields.update(changes)
    if len(fields) != size:
        raise TypeError(f"GameState has no field {', '.join(sorted(set(changes) - set(fields)))}")
    return state


def logged(state: GameState, *events: Event, **changes: Any) -> GameState:
    """``replace`` that also appends public events to the log (keeping the most recent).

    Build the events with ``events.new`` (no validation: this is the engine's hot path)."""
    return _copy(state, _with_log(state, events, changes))


def logged_fresh(state: GameState, *events: Event, **changes: Any) -> GameState:
    """``logged`` written into ``state``, which the caller made in this transition (see
    ``renew``)."""
    return _write(state, _with_log(state, events, changes))


def _with_log(
    state: GameState, events: tuple[Event, ...], changes: dict[str, Any]
) -> dict[str, Any]:
    f = state.__dict__  # the fields, read past pydantic's __getattr__ hook
    log = f["log"]
    count = len(events)
    size = len(log) + count
    if size <= LOG_KEEP:
        log += events
    elif count <= LOG_KEEP:  # the usual case once the log is full: one copy, not two
        log = log[size - LOG_KEEP :] + events
    else:
        log = (log + events)[-LOG_KEEP:]
    changes["log"] = log
    changes["log_total"] = f["log_total"] + count
    return changes


def with_player(state: GameState, seat: int, **changes: Any) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[seat] = _copy(players[seat], changes)
    return tuple(players)
