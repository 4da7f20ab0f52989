"""Actions: small frozen records, one kind per decision, in a union discriminated on ``kind``.

``legal_actions`` builds the same few thousand distinct actions over and over; the ``make_*``
helpers intern them so a step's list costs dictionary look-ups, not construction.

An action is checked when it is made, as a pydantic model was: its fields go through pydantic
(lax, as a model's: a list for a place becomes a tuple), and a value of the wrong kind raises
pydantic's ``ValidationError``.  So an action built by hand outside the engine is as sound as
one read from JSON, and ``apply`` meets only well-formed actions of the known classes.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, get_type_hints

from pydantic import ConfigDict, Field, TypeAdapter

from keythedral.vocab import FieldType

from .board import Pos
from .cubes import Colour, Craft, Resource
from .data import Data, field_default, field_names, frozen


@frozen
class _Action(Data):
    seat: int

    def __post_init__(self) -> None:
        _check(self)


@frozen
class PlaceField(_Action):
    """Layout: ``seat`` lays the top field of the stack on the empty place ``pos``, next to a
    field or touching a corner that holds a cottage."""

    kind: Literal["place_field"] = "place_field"
    pos: Pos


@frozen
class PlaceCottage(_Action):
    """Layout: ``seat`` puts its cottage ``number`` (1..5), cottage side up, on the empty
    ``corner``, which touches at least one field."""

    kind: Literal["place_cottage"] = "place_cottage"
    corner: Pos
    number: int


@frozen
class ChooseWorkOrder(_Action):
    """Phase 1: the marker's holder ``seat`` calls cottage ``number``; every player's home of
    that number then sends out its workers."""

    kind: Literal["choose_work_order"] = "choose_work_order"
    number: int


@frozen
class PlaceWorker(_Action):
    """Phase 1: ``seat`` sends a worker from its home ``number`` (a house has two) into
    ``field``, a free field the home touches and is not fenced off from."""

    kind: Literal["place_worker"] = "place_worker"
    number: int
    field: Pos


@frozen
class BuyBuilding(_Action):
    """Phase 3, action 1: ``seat`` declares the purchase of the face-up ``tile``.
    ``extra``/``less``: the buyer's choice of the cube a Price increase adds / a Price decrease
    removes, when such a law lies under the tile."""

    kind: Literal["buy_building"] = "buy_building"
    tile: str
    extra: Colour | None = None
    less: Colour | None = None


@frozen
class ConvertCottage(_Action):
    """Phase 3, action 2: ``seat`` turns its cottage ``number`` into a house."""

    kind: Literal["convert_cottage"] = "convert_cottage"
    number: int


@frozen
class BuildFence(_Action):
    """Phase 3, action 3: ``seat`` fences the home on ``corner`` (anyone's) off the field at
    ``field``; three fences a player a game, removed ones included."""

    kind: Literal["build_fence"] = "build_fence"
    corner: Pos
    field: Pos


@frozen
class RemoveFence(_Action):
    """Phase 3, action 3: ``seat`` removes anyone's fence between ``corner`` and ``field``;
    the fence leaves the game."""

    kind: Literal["remove_fence"] = "remove_fence"
    corner: Pos
    field: Pos


@frozen
class BuyCraft(_Action):
    """Phase 3, action 4: ``seat`` buys one ``craft`` cube from its craftsman; the price (any
    2 cubes for iron, 3 for glass, 4 for gold) follows as ``pay`` steps."""

    kind: Literal["buy_craft"] = "buy_craft"
    craft: Craft


@frozen
class Trade(_Action):
    """Phase 3, action 5: ``seat`` takes one resource cube ``take`` from the store; the two
    cubes it gives the trader follow as ``pay`` steps."""

    kind: Literal["trade"] = "trade"
    take: Resource


@frozen
class ProcureLaw(_Action):
    """Phase 3, action 6: ``seat`` takes the law card on new-law space ``space``; the cube
    follows as a ``pay`` step, and ``seat`` takes no more actions this phase."""

    kind: Literal["procure_law"] = "procure_law"
    space: int


@frozen
class Pass(_Action):
    """Phase 3, action 7: ``seat`` passes; the phase ends once every player still acting has
    passed in succession."""

    kind: Literal["pass"] = "pass"


@frozen
class Decline(_Action):
    """A reaction window: ``seat`` lets it go by without playing a law card."""

    kind: Literal["decline"] = "decline"


@frozen
class RelocateCottage(_Action):
    """``seat`` moves its home ``number``, fenced off from every field, to the empty
    ``corner`` (a house stays a house)."""

    kind: Literal["relocate_cottage"] = "relocate_cottage"
    number: int
    corner: Pos


@frozen
class Bid(_Action):
    """Phase 5: ``seat`` bids ``amount`` cubes, more than the highest bid so far (the marker's
    holder, who speaks last, may match it)."""

    kind: Literal["bid"] = "bid"
    amount: int


@frozen
class PassBid(_Action):
    """Phase 5: ``seat`` passes in the bidding."""

    kind: Literal["pass_bid"] = "pass_bid"


@frozen
class ChooseStartPlayer(_Action):
    """Phase 5: ``seat``, the bidding's winner, names ``target`` as the next start player."""

    kind: Literal["choose_start_player"] = "choose_start_player"
    target: int


@frozen
class Pay(_Action):
    """``seat`` gives one cube of colour ``cube`` toward the price it is paying (the pending
    payment says how many cubes are still owed, and in which colours)."""

    kind: Literal["pay"] = "pay"
    cube: Colour


@frozen
class ChooseCube(_Action):
    """Take one resource cube of this colour (Bargain's two cubes, an Unexpected harvest)."""

    kind: Literal["choose_cube"] = "choose_cube"
    cube: Resource


@frozen
class PlayLaw(_Action):
    """Play a law card from the hand; the card's own choices ride along (unused ones stay None).

    ``target`` a seat (Broken fences, Downgrade house, Start order); ``number`` a cottage
    number (Upgrade cottage, Cottage number, Downgrade house); ``tile`` a building tile (Price
    increase/decrease, Design change, Substitution); ``field_type`` (Good/Poor/Unexpected
    harvest); ``field`` (Double production; with ``corner`` the fence of Unsafe fence);
    ``craft`` (Craft bargain, Sale); ``cube`` the resource given (Craft bargain) or the craft
    given instead of ``instead`` (Substitution); ``extra``/``less`` the buyer's colour choices for
    price laws under a tile bought with Substitution; ``order`` the five cottage numbers in the
    order they are called this round (Work order).
    """

    kind: Literal["play_law"] = "play_law"
    card: str
    target: int | None = None
    number: int | None = None
    tile: str | None = None
    field_type: FieldType | None = None
    field: Pos | None = None
    corner: Pos | None = None
    craft: Craft | None = None
    cube: Colour | None = None
    instead: Colour | None = None
    extra: Colour | None = None
    less: Colour | None = None
    order: tuple[int, ...] | None = None


Action = Annotated[
    PlaceField
    | PlaceCottage
    | ChooseWorkOrder
    | PlaceWorker
    | BuyBuilding
    | ConvertCottage
    | BuildFence
    | RemoveFence
    | BuyCraft
    | Trade
    | ProcureLaw
    | Pass
    | Decline
    | RelocateCottage
    | Bid
    | PassBid
    | ChooseStartPlayer
    | Pay
    | ChooseCube
    | PlayLaw,
    Field(discriminator="kind"),
]

#: Built on first use (building the schema of the union costs a tenth of a second at import).
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action, config=ConfigDict(defer_build=True))
ACTION_KINDS: tuple[str, ...] = tuple(
    field_default(cls, "kind") for cls in _Action.__subclasses__()
)
#: Every action class (``isinstance(x, ACTION_CLASSES)`` tells an action from anything else).
ACTION_CLASSES: tuple[type[_Action], ...] = tuple(_Action.__subclasses__())


#: Per action class: a TypeAdapter of its fields' values as one tuple (built on first use).
_CHECKS: dict[type[_Action], TypeAdapter[tuple[Any, ...]]] = {}


def _check(action: _Action) -> None:
    """Validate a new action's fields with pydantic; write back what it converted."""
    cls = type(action)
    names = field_names(cls)
    adapter = _CHECKS.get(cls)
    if adapter is None:
        hints = get_type_hints(cls)
        types = tuple(hints[name] for name in names)
        adapter = _CHECKS[cls] = TypeAdapter(tuple[types])  # type: ignore[valid-type]
    given = tuple(getattr(action, name) for name in names)
    valid = adapter.validate_python(given)
    if valid != given or any(map(_differ, valid, given)):
        for name, value in zip(names, valid, strict=True):
            object.__setattr__(action, name, value)


def _differ(a: object, b: object) -> bool:
    """Values equal but of another type (a list read as a tuple): pydantic converted it."""
    return type(a) is not type(b)


def parse_action(data: object) -> Action:
    """Build an action from a dict (or JSON text), validating it."""
    if isinstance(data, str | bytes):
        return ACTION_ADAPTER.validate_json(data)
    return ACTION_ADAPTER.validate_python(data)


# --- interned constructors used by legal_actions (bench_caches: "make_* interning") -------
make_place_field = cache(lambda seat, pos: PlaceField(seat=seat, pos=pos))
make_place_cottage = cache(
    lambda seat, corner, number: PlaceCottage(seat=seat, corner=corner, number=number)
)
make_choose_work_order = cache(lambda seat, number: ChooseWorkOrder(seat=seat, number=number))
make_place_worker = cache(
    lambda seat, number, field: PlaceWorker(seat=seat, number=number, field=field)
)
make_buy_building = cache(
    lambda seat, tile, extra=None, less=None: BuyBuilding(
        seat=seat, tile=tile, extra=extra, less=less
    )
)
make_convert = cache(lambda seat, number: ConvertCottage(seat=seat, number=number))
make_build_fence = cache(
    lambda seat, corner, field: BuildFence(seat=seat, corner=corner, field=field)
)
make_remove_fence = cache(
    lambda seat, corner, field: RemoveFence(seat=seat, corner=corner, field=field)
)
make_buy_craft = cache(lambda seat, craft: BuyCraft(seat=seat, craft=craft))
make_trade = cache(lambda seat, take: Trade(seat=seat, take=take))
make_procure = cache(lambda seat, space: ProcureLaw(seat=seat, space=space))
make_pass = cache(lambda seat: Pass(seat=seat))
make_decline = cache(lambda seat: Decline(seat=seat))
make_relocate = cache(
    lambda seat, number, corner: RelocateCottage(seat=seat, number=number, corner=corner)
)
make_bid = cache(lambda seat, amount: Bid(seat=seat, amount=amount))
make_pass_bid = cache(lambda seat: PassBid(seat=seat))
make_choose_start = cache(lambda seat, target: ChooseStartPlayer(seat=seat, target=target))
make_pay = cache(lambda seat, cube: Pay(seat=seat, cube=cube))
make_choose_cube = cache(lambda seat, cube: ChooseCube(seat=seat, cube=cube))
