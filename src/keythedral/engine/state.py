"""GameState: the whole truth of a game, immutable.

The state is deliberately flat (tuples of small named tuples and ints) so that a transition
is a handful of cheap shallow copies.  Everything random was decided at ``new_game`` or is drawn
from ``rng`` (an integer carried in the state), so a seed plus a list of actions replays a game.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from .board import Cottage, Fence, Field, FieldType, Pos, Worker
from .config import GameConfig
from .cubes import Counts

Phase = Literal["layout", "place_workers", "harvest", "spend", "retrieve", "bidding", "game_over"]
PaymentPurpose = Literal["craft", "trade", "law", "bid"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlayerState(Frozen):
    name: str
    cubes: Counts = (0,) * 8
    laws: tuple[str, ...] = ()
    buildings: tuple[str, ...] = ()
    fences_built: int = 0
    procured: bool = False  # procured a law this round (done for phase 3)


class Payment(Frozen):
    """A price being paid one chosen cube at a time."""

    seat: int
    owed: int
    purpose: PaymentPurpose
    target: str = ""  # craft colour bought, resource taken, or law space index
    to_seat: int | None = None  # cubes go to this player instead of the store (bids)
    paid: Counts = (0,) * 8


class Placement(Frozen):
    """Phase 1: the workers of one cottage number going out, seat by seat."""

    number: int
    order: tuple[int, ...]  # seats still to place for this number; the first is placing now
    left: int  # workers the current seat still places from this cottage


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
    log: tuple[str, ...] = ()
    log_total: int = 0
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
        for c in self.cottages:
            if c.seat == seat and c.number == number:
                return c
        raise KeyError((seat, number))  # pragma: no cover - callers check ownership first


LOG_KEEP = 80


M = TypeVar("M", bound=BaseModel)


def replace(model: M, **changes: Any) -> M:
    """A shallow copy of a frozen model with some fields changed (no validation: hot path)."""
    return model.model_copy(update=changes)


def logged(state: GameState, *events: str, **changes: Any) -> GameState:
    """``replace`` that also appends public events to the log (keeping the most recent)."""
    log = state.log + events
    if len(log) > LOG_KEEP:
        log = log[-LOG_KEEP:]
    return state.model_copy(
        update={**changes, "log": log, "log_total": state.log_total + len(events)}
    )


def with_player(state: GameState, seat: int, **changes: Any) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[seat] = players[seat].model_copy(update=changes)
    return tuple(players)
