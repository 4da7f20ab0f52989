"""Events: what happened in a game, as small typed records (the public log holds these).

The engine records each public happening as a frozen model with a ``type`` tag, never as an
English sentence: a state's JSON holds data only (seats as seat numbers, places as ``[x, y]``,
cubes as count tuples, law plays as the ``PlayLaw`` action), so that rewording a sentence never
changes a state, and a saved game stays loadable whatever the words.  Turning events into words
is the job of ``keythedral.words.narration``, which every front end uses.

``Event`` is the union of every kind, discriminated on ``type``.  Only public events are
recorded (nothing from behind a player's screen, no face-down tile or card).

The engine builds events with ``new`` (plain records, no validation: its values are valid by
construction), and they compare equal to the same events read back from JSON, so a replayed
game equals its saved state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, ParamSpec, TypeVar

from pydantic import Field

from keythedral.vocab import FieldType

from .actions import PlayLaw
from .board import Pos
from .cubes import Colour, Counts, Craft, Resource
from .data import Data, field_default, frozen, frozen_unslotted, give_dict


@frozen
class _Event(Data):
    pass


# --- the layout ------------------------------------------------------------------------------
@frozen_unslotted
class GameBegan(_Event):
    """A game begins for ``players``, their names in seat order."""

    type: Literal["game_began"] = "game_began"
    players: tuple[str, ...]


@frozen_unslotted
class FieldLaid(_Event):
    """Layout: ``seat`` lays the field tile drawn from the stack, a ``field_type``, at ``pos``."""

    type: Literal["field_laid"] = "field_laid"
    seat: int
    pos: Pos
    field_type: FieldType


@frozen_unslotted
class CottagePlaced(_Event):
    """Layout: ``seat`` puts its cottage ``number`` on ``corner``."""

    type: Literal["cottage_placed"] = "cottage_placed"
    seat: int
    number: int
    corner: Pos


@frozen_unslotted
class LayoutComplete(_Event):
    """Every player has laid five fields and placed five cottages: ``shown``, the stage 1
    tiles, turn face up (none with open buildings: all are up already)."""

    type: Literal["layout_complete"] = "layout_complete"
    shown: tuple[str, ...]


# --- phase 1: the work order and the workers ---------------------------------------------------
@frozen_unslotted
class RoundBegan(_Event):
    """Round ``round`` begins, ``start_player`` holding the start-player marker."""

    type: Literal["round_began"] = "round_began"
    round: int
    start_player: int


@frozen_unslotted
class MarkerPlaced(_Event):
    """``seat`` puts work-order marker ``marker`` (1..5) on cottage number ``number``."""

    type: Literal["marker_placed"] = "marker_placed"
    seat: int
    marker: int
    number: int


@frozen_unslotted
class MarkerFixed(_Event):
    """A marker goes on the number the Work order law of ``by`` fixed for it."""

    type: Literal["marker_fixed"] = "marker_fixed"
    by: int
    marker: int
    number: int


@frozen_unslotted
class WorkerSent(_Event):
    """A worker of ``seat``'s home ``number`` (a house when ``house``) goes into a field."""

    type: Literal["worker_sent"] = "worker_sent"
    seat: int
    number: int
    house: bool
    field: Pos
    field_type: FieldType


@frozen_unslotted
class WorkersIdle(_Event):
    """``count`` workers of ``seat``'s home ``number`` stay home: it has no free field."""

    type: Literal["workers_idle"] = "workers_idle"
    seat: int
    number: int
    house: bool
    count: int


# --- phase 2: the harvest ---------------------------------------------------------------------
@frozen_unslotted
class Harvested(_Event):
    """``seat``'s workers bring in ``got`` (cubes per colour)."""

    type: Literal["harvested"] = "harvested"
    seat: int
    got: Counts


@frozen_unslotted
class StoreRanOut(_Event):
    """The store had too few cubes of ``colour``: ``seat`` gets ``missed`` fewer."""

    type: Literal["store_ran_out"] = "store_ran_out"
    seat: int
    colour: Colour
    missed: int


@frozen_unslotted
class ColoursToChoose(_Event):
    """``seat`` chooses the colour of ``count`` harvested cubes (Unexpected harvest)."""

    type: Literal["colours_to_choose"] = "colours_to_choose"
    seat: int
    count: int


@frozen_unslotted
class CubeTaken(_Event):
    """``seat`` takes one cube of a chosen colour from the store."""

    type: Literal["cube_taken"] = "cube_taken"
    seat: int
    cube: Resource


# --- phase 3: spending --------------------------------------------------------------------------
@frozen_unslotted
class Passed(_Event):
    """``seat`` passes in phase 3."""

    type: Literal["passed"] = "passed"
    seat: int


@frozen_unslotted
class CraftBought(_Event):
    """``seat`` buys one ``craft`` cube from its craftsman for ``paid``."""

    type: Literal["craft_bought"] = "craft_bought"
    seat: int
    craft: Craft
    paid: Counts


@frozen_unslotted
class Traded(_Event):
    """``seat`` gives the trader ``paid`` and takes one ``take`` cube from the store."""

    type: Literal["traded"] = "traded"
    seat: int
    paid: Counts
    take: Resource


@frozen_unslotted
class FenceBuilt(_Event):
    """``seat`` fences ``owner``'s home ``number`` off the field at ``field``."""

    type: Literal["fence_built"] = "fence_built"
    seat: int
    owner: int
    number: int
    house: bool
    field: Pos


@frozen_unslotted
class CottageMustMove(_Event):
    """``seat``'s home ``number`` is fenced off from every field and moves at once."""

    type: Literal["cottage_must_move"] = "cottage_must_move"
    seat: int
    number: int
    house: bool


@frozen_unslotted
class CottageStays(_Event):
    """``seat``'s home ``number`` is fenced off, but no corner can take it."""

    type: Literal["cottage_stays"] = "cottage_stays"
    seat: int
    number: int
    house: bool


@frozen_unslotted
class FenceRemoved(_Event):
    """``seat`` pays 2 wine to remove ``owner``'s fence between ``corner`` and ``field``."""

    type: Literal["fence_removed"] = "fence_removed"
    seat: int
    owner: int
    corner: Pos
    field: Pos


@frozen_unslotted
class Relocated(_Event):
    """``seat`` moves its fenced-off home ``number`` (a house when ``house``) to ``corner``."""

    type: Literal["relocated"] = "relocated"
    seat: int
    number: int
    house: bool
    corner: Pos


@frozen_unslotted
class CottageConverted(_Event):
    """``seat``'s cottage ``number`` becomes a house."""

    type: Literal["cottage_converted"] = "cottage_converted"
    seat: int
    number: int


@frozen_unslotted
class LawProcured(_Event):
    """``seat`` pays ``paid`` to the law master for a law card (which card stays secret)."""

    type: Literal["law_procured"] = "law_procured"
    seat: int
    paid: Counts


@frozen_unslotted
class PurchaseDeclared(_Event):
    """``seat`` declares the purchase of ``tile``; the others may answer it first."""

    type: Literal["purchase_declared"] = "purchase_declared"
    seat: int
    tile: str


@frozen_unslotted
class PurchaseCalledOff(_Event):
    """``seat``'s declared purchase of ``tile`` is off: a law answered it, or it can no longer
    be paid as declared."""

    type: Literal["purchase_called_off"] = "purchase_called_off"
    seat: int
    tile: str
    reason: Literal["answered", "unpayable"]


@frozen_unslotted
class BuildingBought(_Event):
    """``seat`` buys ``tile`` of ``stage`` for ``paid``, its price after any laws."""

    type: Literal["building_bought"] = "building_bought"
    seat: int
    tile: str
    stage: int
    paid: Counts


@frozen_unslotted
class StageComplete(_Event):
    """The last tile of ``stage`` is bought: ``shown``, the next stage's tiles, turn face up."""

    type: Literal["stage_complete"] = "stage_complete"
    stage: int
    shown: tuple[str, ...]


# --- law cards ------------------------------------------------------------------------------
@frozen_unslotted
class LawPlayed(_Event):
    """``seat`` plays a law card: ``law`` holds the card and its choices."""

    type: Literal["law_played"] = "law_played"
    seat: int
    law: PlayLaw


@frozen_unslotted
class LawRepealed(_Event):
    """A Repeal law cancels the law ``card`` of ``seat``: both cards are discarded."""

    type: Literal["law_repealed"] = "law_repealed"
    seat: int
    card: str


@frozen_unslotted
class LawTookEffect(_Event):
    """Nobody repealed ``law`` (of ``seat``): it takes effect.

    What the effect needs besides the card's choices: ``called``, the number being called
    (Cottage number); ``owner``, whose fence is dismantled (Unsafe fence); ``replacement``, the
    tile that takes the old one's place (Design change).  None for the other cards.
    """

    type: Literal["law_took_effect"] = "law_took_effect"
    seat: int
    law: PlayLaw
    called: int | None
    owner: int | None
    replacement: str | None


#: Why a law could no longer take effect as played (``LawCalledOff.reason``).
CallOffReason = Literal["tile", "price", "cubes", "supply", "no_effect"]


@frozen_unslotted
class LawCalledOff(_Event):
    """``seat``'s ``law`` was answered by other laws and can no longer take effect as played:
    it is off, the card goes back to ``seat``'s hand and no action is used.  ``reason``: its
    tile is no longer for sale (``tile``), the price laws under it changed (``price``), ``seat``
    can no longer pay (``cubes``), the store or the craftsman has run out (``supply``), or it
    would have no effect any more (``no_effect``)."""

    type: Literal["law_called_off"] = "law_called_off"
    seat: int
    law: PlayLaw
    reason: CallOffReason


# --- phases 4 and 5, the end -------------------------------------------------------------------
@frozen_unslotted
class WorkersReturned(_Event):
    """Phase 4: the workers go home and the work-order markers come off the mat."""

    type: Literal["workers_returned"] = "workers_returned"


@frozen_unslotted
class BiddingOpened(_Event):
    """Phase 5: the start player ``seat`` passes the start-player marker to ``holder``, the
    next player, who speaks last in the bidding."""

    type: Literal["bidding_opened"] = "bidding_opened"
    seat: int
    holder: int


@frozen_unslotted
class BidMade(_Event):
    """``seat`` bids ``amount`` cubes for the start-player marker."""

    type: Literal["bid_made"] = "bid_made"
    seat: int
    amount: int


@frozen_unslotted
class BidPassed(_Event):
    """``seat`` passes in the bidding."""

    type: Literal["bid_passed"] = "bid_passed"
    seat: int


@frozen_unslotted
class BidMatched(_Event):
    """The marker's holder ``seat`` matches the high bid and wins the bidding."""

    type: Literal["bid_matched"] = "bid_matched"
    seat: int
    amount: int


@frozen_unslotted
class NobodyBid(_Event):
    """Nobody bid: the marker's ``holder`` names the start player without paying."""

    type: Literal["nobody_bid"] = "nobody_bid"
    holder: int


@frozen_unslotted
class BiddingWon(_Event):
    """``seat`` wins the bidding with ``amount`` and pays the marker's ``holder``."""

    type: Literal["bidding_won"] = "bidding_won"
    seat: int
    amount: int
    holder: int


@frozen_unslotted
class BidPaid(_Event):
    """The bidding's winner ``seat`` pays its bid, the cubes ``paid``, to ``to_seat``: the
    marker's holder, or the bidder the holder matched."""

    type: Literal["bid_paid"] = "bid_paid"
    seat: int
    to_seat: int
    paid: Counts


@frozen_unslotted
class GameEnded(_Event):
    """The Keythedral is complete: ``scores`` by seat, ``winners`` (several on a true draw)."""

    type: Literal["game_ended"] = "game_ended"
    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = Annotated[
    GameBegan
    | FieldLaid
    | CottagePlaced
    | LayoutComplete
    | RoundBegan
    | MarkerPlaced
    | MarkerFixed
    | WorkerSent
    | WorkersIdle
    | Harvested
    | StoreRanOut
    | ColoursToChoose
    | CubeTaken
    | Passed
    | CraftBought
    | Traded
    | FenceBuilt
    | CottageMustMove
    | CottageStays
    | FenceRemoved
    | Relocated
    | CottageConverted
    | LawProcured
    | PurchaseDeclared
    | PurchaseCalledOff
    | BuildingBought
    | StageComplete
    | LawPlayed
    | LawRepealed
    | LawTookEffect
    | LawCalledOff
    | WorkersReturned
    | BiddingOpened
    | BidMade
    | BidPassed
    | BidMatched
    | NobodyBid
    | BiddingWon
    | BidPaid
    | GameEnded,
    Field(discriminator="type"),
]

#: Every kind of event, by its ``type`` tag.
KINDS: dict[str, type[_Event]] = {
    field_default(cls, "type"): cls for cls in _Event.__subclasses__()
}

_new = object.__new__
#: Every kind's tag, by its class.
_TAGS: dict[Any, str] = {cls: tag for tag, cls in KINDS.items()}
#: Every kind's dict-giver (``data.give_dict``), by its class.
_GIVE: dict[Any, Callable[[Any, dict[str, Any]], None]] = {
    cls: give_dict(cls) for cls in KINDS.values()
}

P = ParamSpec("P")
E = TypeVar("E", bound=_Event)


def new(kind: Callable[P, E], *args: P.args, **fields: P.kwargs) -> E:
    """An event of ``kind`` from the engine's own values (keywords only); mypy checks the field
    names as for ``kind(...)``."""
    if args:
        raise TypeError("events take keyword arguments only")
    event: E = _new(kind)  # type: ignore[arg-type]
    fields["type"] = _TAGS[kind]  # (pydantic writes the fields in their own order)
    _GIVE[kind](event, fields)  # an unslotted record, given its dict in one go
    return event
