"""Plain immutable data inside the engine, pydantic at its edges.

Every record of the engine (the state and its parts, the actions, the events, the views) is a
frozen standard ``dataclass`` made with :func:`frozen`: its fields are read as plain
attributes (no hook between a read and its value, so CPython specialises them) and a
transition copies a few of them with :func:`replace`.  Pydantic is used only where data
crosses a boundary: :class:`Data` gives every record pydantic's methods for the JSON of a
save, a network message or a view (``model_dump_json``, ``model_validate_json``,
``model_dump``, ``model_validate``), through a ``TypeAdapter`` of the class built on first
use, so reading a record back validates it as the models did.  ``model_copy(update=...)`` is
:func:`replace`, as it was for the models (no validation).

Slots: a record is slotted (:func:`frozen`) unless the hot path copies or builds it
(:func:`frozen_unslotted`: the state, a player, a payment, a placement, the bidding, a window,
the round's effects, an event, a view).  A slotted copy sets its fields one at a time, an
unslotted one copies the fields' dict in one C call: ``bench/bench_data.py`` times both (the
state's copy 3 to 5x faster without slots, a player's 2.5 to 3x), and ``bench/bench_engine.py``
gave 5% more transitions a second for it.  An event and a view are built by handing their
values over as their dict (``events.new``, :func:`built`).  Reads cost the same either way on a
class with no attribute hook.

A field whose default is a record takes it from ``field(default_factory=...)``, never as
``= Record()``: a dataclass keeps a plain default as a class attribute, and CPython does not
specialise the reads of an attribute whose class-level value is an instance of a mutable
(user-defined) class, so every ``state.effects`` cost twice a plain read.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any, ClassVar, Literal, TypeVar, dataclass_transform

from pydantic import ConfigDict, TypeAdapter

D = TypeVar("D", bound="Data")
T = TypeVar("T")


class Data:
    """The base of the engine's records: pydantic's reading and writing, at the boundary."""

    __slots__ = ()
    #: How pydantic reads a record: an unknown key is an error, as it was for the models.
    __pydantic_config__: ClassVar[ConfigDict] = ConfigDict(extra="forbid")

    @classmethod
    def adapter(cls: type[D]) -> TypeAdapter[D]:
        """The class's TypeAdapter (built on first use: a schema costs milliseconds)."""
        got = _ADAPTERS.get(cls)
        if got is None:
            got = _ADAPTERS[cls] = TypeAdapter(cls)
        return got

    def model_dump(
        self, *, mode: Literal["json", "python"] = "python", **options: Any
    ) -> dict[str, Any]:
        dumped: dict[str, Any] = self.adapter().dump_python(self, mode=mode, **options)
        return dumped

    def model_dump_json(self, **options: Any) -> str:
        return self.adapter().dump_json(self, **options).decode()

    @classmethod
    def model_validate(cls: type[D], obj: Any) -> D:
        return cls.adapter().validate_python(obj)

    @classmethod
    def model_validate_json(cls: type[D], data: str | bytes) -> D:
        return cls.adapter().validate_json(data)

    def model_copy(self: D, *, update: dict[str, Any] | None = None, deep: bool = False) -> D:
        return copy_with(copy.deepcopy(self) if deep else self, dict(update or {}))


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


@dataclass_transform(frozen_default=True, kw_only_default=True)
def frozen(cls: type[T]) -> type[T]:
    """A frozen, keyword-only, slotted dataclass."""
    return _made(dataclass(frozen=True, kw_only=True, slots=True)(cls))


@dataclass_transform(frozen_default=True, kw_only_default=True)
def frozen_unslotted(cls: type[T]) -> type[T]:
    """A frozen, keyword-only dataclass without slots, copied in one go (see above)."""
    return _made(dataclass(frozen=True, kw_only=True)(cls))


def _made(cls: type[T]) -> type[T]:
    _FIELDS[cls] = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    _FIELD_SETS[cls] = frozenset(_FIELDS[cls])
    for owner in cls.__mro__:  # the class that gave the records their ``__dict__``
        slot = vars(owner).get("__dict__")
        if slot is not None:
            _GIVE_DICT[cls] = slot.__set__
            break
    return cls


#: Per record class: its field names, in order, and as a set.
_FIELDS: dict[type[Any], tuple[str, ...]] = {}
_FIELD_SETS: dict[type[Any], frozenset[str]] = {}

#: Per unslotted record class: what hands a new record its dict of fields, the ``__set__`` of
#: the class's own ``__dict__`` descriptor (what ``object.__setattr__(new, "__dict__", d)``
#: ends in, without looking the name up along the class's bases at every record made:
#: bench_instructions counted some 450 instructions fewer a record).
_GIVE_DICT: dict[type[Any], Callable[[Any, dict[str, Any]], None]] = {}


def give_dict(cls: type[Any]) -> Callable[[Any, dict[str, Any]], None]:
    """What hands a new record of the unslotted ``cls`` its fields' dict (see ``_GIVE_DICT``)."""
    return _GIVE_DICT[cls]


_new = object.__new__


def field_names(cls: type[Any]) -> tuple[str, ...]:
    """The field names of a record class, in order."""
    return _FIELDS[cls]


def field_default(cls: type[Any], name: str) -> Any:
    """The default of a record class's field (a tag such as an action's ``kind``)."""
    return next(f.default for f in fields(cls) if f.name == name)


def replace(obj: D, **changes: Any) -> D:
    """A shallow copy of a record with some fields changed (no validation: the engine's values
    are valid by construction).  A misspelt field name is a TypeError."""
    return copy_with(obj, changes)


def copy_with(obj: D, changes: dict[str, Any]) -> D:
    """``replace`` with the changes as a dict (the callers pass theirs on as they are)."""
    cls = type(obj)
    new = _new(cls)
    try:
        old = obj.__dict__  # a record without slots (the state): one C-level copy
    except AttributeError:
        spec = _SLOTTED.get(cls) or _slotted(cls)
        values = list(spec[0](obj))
        where = spec[2]
        try:
            for name, value in changes.items():
                values[where[name]] = value
        except KeyError:
            _unknown(cls, changes)
        for put, value in zip(spec[1], values, strict=True):
            put(new, value)
        return new
    merged = {**old, **changes}
    if len(merged) != len(old):
        _unknown(cls, changes)
    _GIVE_DICT[cls](new, merged)
    return new


#: Per slotted record class: a getter of all its fields (a tuple), each slot's setter, and
#: each field's place.
_SLOTTED: dict[type[Any], tuple[Callable[[Any], Any], tuple[Any, ...], dict[str, int]]] = {}


def _slotted(cls: type[Any]) -> tuple[Callable[[Any], Any], tuple[Any, ...], dict[str, int]]:
    names = _FIELDS[cls]
    get = attrgetter(*names)
    spec = (
        get if len(names) > 1 else lambda obj: (get(obj),),
        tuple(getattr(cls, name).__set__ for name in names),  # the slots' descriptors
        {name: i for i, name in enumerate(names)},
    )
    _SLOTTED[cls] = spec
    return spec


def _unknown(cls: type[Any], changes: dict[str, Any]) -> None:
    unknown = sorted(set(changes) - set(_FIELDS[cls]))
    raise TypeError(f"{cls.__name__} has no field {', '.join(unknown)}")


def construct(cls: type[D], **values: Any) -> D:
    """A record from already-valid values, every field given (what ``cls(**values)`` makes;
    the check that none is missing is the point: a view must not leave one at its default).
    An unslotted record takes the values as its dict in one go: the views are built so."""
    names = _FIELDS[cls]
    if len(values) != len(names):
        missing = sorted(set(names) - set(values))
        raise TypeError(f"{cls.__name__}: every field must be given (missing {missing})")
    give = _GIVE_DICT.get(cls)
    if give is None:  # a slotted record
        return cls(**values)
    new = _new(cls)
    give(new, values)
    return new


def fields_of(record: Data) -> dict[str, Any]:
    """A new dict of an unslotted record's fields (the view starts from the state's)."""
    return dict(record.__dict__)


def built(cls: type[D], values: dict[str, Any]) -> D:
    """An unslotted record given ``values`` as its fields, which must be exactly its own (the
    dict is taken, not copied).  Checked by their number here (a field too many, or one short,
    is refused); the view's tests check the names."""
    if len(values) != len(_FIELDS[cls]):
        wrong = sorted(set(values) ^ set(_FIELDS[cls]))
        raise TypeError(f"{cls.__name__}: not its fields ({', '.join(wrong)})")
    new = _new(cls)
    _GIVE_DICT[cls](new, values)
    return new
