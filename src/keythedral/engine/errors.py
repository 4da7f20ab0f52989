"""The engine's error hierarchy, and the words of the errors a player reads.

A player's error (:class:`IllegalAction`, :class:`ConfigError`) holds an English message
template, marked with ``N_``, and its named parameters; it is said in the language in use when
it is shown (``str(exc)`` looks it up at that moment), never when it is raised:

    raise IllegalAction(
        N_("It is not {player}'s turn: waiting for {waiting}."),
        player=name, waiting=Joined("or", names),
    )

A parameter that is a game word says itself in the reader's language when formatted too: a
cube colour or a field type (:class:`Term`), a number of cubes (:class:`Count`), a cost
(:class:`Cost`), a phrase of its own (:class:`Phrase`: a tile, a fence's place, a home, a law
card's name), a list (:class:`Joined`).  Names, numbers and places on the map are data.

The wire (docs/i18n.md: the protocol stays language-free): ``exc.template`` and ``exc.params``
are plain JSON-able data (``Said`` parameters as small dicts, ``Said.wire``), and
``IllegalAction.from_wire(exc.wire())`` rebuilds the error on the other side, which then reads it
in its own language: the host's engine refuses a joined player's action, and that player reads
why in theirs.  Nothing here runs on the legal path.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self

from keythedral.lang import N_, _
from keythedral.lexicon import ASKS, COLOUR_NAMES, FIELD_NAMES, counted
from keythedral.vocab import COLOURS

#: A parameter as the wire holds it: plain JSON data.
Wire = Any


class KeythedralError(Exception):
    """Base class of every error the engine raises on purpose."""


class CatalogueError(KeythedralError):
    """The bundled building-tile or law-card data is malformed (for developers: English)."""


# --- game words, said when formatted -----------------------------------------------------------
class Said:
    """Words said in the language in use each time they are formatted."""

    __slots__ = ()

    def say(self) -> str:
        raise NotImplementedError

    def wire(self) -> Wire:
        """The words as plain JSON data, language-free (``said`` reads them back)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.say()

    def __format__(self, spec: str) -> str:
        return format(self.say(), spec)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and self.wire() == other.wire()

    def __hash__(self) -> int:
        return hash(repr(self.wire()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.wire()!r})"


#: Each kind of action, as a refusal names the one tried ("Ann must bid ..., not buy building").
ACTION_KINDS: dict[str, str] = {
    # I18N: a kind of action a player tried, after "{player} must {asks} now, not "
    "place_field": N_("place field"),
    "place_cottage": N_("place cottage"),
    "choose_work_order": N_("choose work order"),
    "place_worker": N_("place worker"),
    "decline": N_("decline"),
    "buy_building": N_("buy building"),
    "convert_cottage": N_("convert cottage"),
    "build_fence": N_("build fence"),
    "remove_fence": N_("remove fence"),
    "buy_craft": N_("buy craft"),
    "trade": N_("trade"),
    "procure_law": N_("procure law"),
    "pass": N_("pass"),
    "pay": N_("pay"),
    "choose_cube": N_("choose cube"),
    "play_law": N_("play law"),
    "relocate_cottage": N_("relocate cottage"),
    "bid": N_("bid"),
    "pass_bid": N_("pass bid"),
    "choose_start_player": N_("choose start player"),
}
#: The tables a Term reads, by the kind of word.
TERMS: dict[str, dict[str, str]] = {
    "colour": COLOUR_NAMES,
    "field": FIELD_NAMES,
    "asks": ASKS,
    "action": ACTION_KINDS,
}


class Term(Said):
    """A game word from one of the TERMS tables, by its id: ``Term("colour", "wood")``.  An id
    the table does not know is said as it is (a decision's or an action's with spaces for its
    underscores, ``"buy building"``)."""

    __slots__ = ("id", "kind")

    def __init__(self, kind: str, id: str) -> None:
        self.kind, self.id = kind, id

    def say(self) -> str:
        known = TERMS.get(self.kind, {}).get(self.id)
        if known is not None:
            return _(known)
        return self.id.replace("_", " ") if self.kind in ("asks", "action") else self.id

    def wire(self) -> Wire:
        return {"term": self.kind, "id": self.id}


class Count(Said):
    """A number of things, ``Count("cubes", 2)``: "2 cubes"."""

    __slots__ = ("kind", "n")

    def __init__(self, kind: str, n: int) -> None:
        self.kind, self.n = kind, n

    def say(self) -> str:
        return counted(self.kind, self.n)

    def wire(self) -> Wire:
        return {"count": self.kind, "n": self.n}


def _added_up(parts: Sequence[str]) -> str:
    text = parts[-1]
    for part in reversed(parts[:-1]):
        # I18N: counts of cubes added up in a cost or a harvest ("1 wood + 2 stone"): {a} is
        # one count, {rest} the others, added up by this same message
        text = _("{a} + {rest}").format(a=part, rest=text)
    return text


class Cost(Said):
    """Cubes counted by colour, "1 wood + 2 stone" (a count tuple, in vocab.COLOURS's order);
    "nothing" when it counts none."""

    __slots__ = ("counts",)

    def __init__(self, counts: Sequence[int]) -> None:
        self.counts = tuple(counts)

    def say(self) -> str:
        parts = [Count(c, n).say() for c, n in zip(COLOURS, self.counts, strict=False) if n]
        if not parts:
            # I18N: a cost or a harvest of no cube at all
            return _("nothing")
        return _added_up(parts)

    def wire(self) -> Wire:
        return {"cost": list(self.counts)}


class Phrase(Said):
    """A message of its own with its parameters, said as a part of another: a tile ("the stage
    2 tile (2 stone + 1 food)"), a home ("house 3"), a law card's name."""

    __slots__ = ("params", "template")

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params = {k: as_wire(v) for k, v in params.items()}

    def say(self) -> str:
        return fill(_(self.template), self.params)

    def wire(self) -> Wire:
        return {"phrase": self.template, "params": self.params}


#: How a list is joined, two items at a time, by a message.
JOINS: dict[str, Callable[[str, str], str]] = {
    # I18N: two choices, or a choice and the others ("Ann or Bob or Cy")
    "or": lambda a, b: _("{a} or {b}").format(a=a, b=b),
    # I18N: the last two items of a list ("no stone and no wood")
    "and": lambda a, b: _("{a} and {b}").format(a=a, b=b),
    # I18N: two problems of a game's configuration, or one and the others
    "problems": lambda a, b: _("{a}; {b}").format(a=a, b=b),
}


class Joined(Said):
    """Items joined by "or" (``Joined("or", names)``: "Ann or Bob or Cy"), "and", or as a
    configuration's problems ("a; b")."""

    __slots__ = ("how", "items")

    def __init__(self, how: str, items: Sequence[object]) -> None:
        self.how = how
        self.items = [as_wire(i) for i in items]

    def say(self) -> str:
        words = [str(said(i)) for i in self.items]
        join = JOINS.get(self.how, JOINS["and"])
        text = words[-1] if words else ""
        for word in reversed(words[:-1]):
            text = join(word, text)
        return text

    def wire(self) -> Wire:
        return {"join": self.how, "items": self.items}


def as_wire(value: object) -> Wire:
    """A parameter as plain JSON data: a Said as its dict, a number or a string as it is."""
    if isinstance(value, Said):
        return value.wire()
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


#: How deep the wire's words may nest (a tile in a phrase in a list): more is not ours.
MAX_DEPTH = 6


def said(data: Wire, depth: int = 0) -> object:
    """The words ``data`` holds (``as_wire``'s reverse), to be formatted in the language in
    use; data of any other shape (from another program on the wire) is said as text."""
    if not isinstance(data, dict):
        return data if isinstance(data, str | int | float | bool) or data is None else str(data)
    if depth > MAX_DEPTH:
        return "…"
    try:
        if "term" in data:
            return Term(str(data["term"]), str(data["id"]))
        if "count" in data:
            return Count(str(data["count"]), int(data["n"]))
        if "cost" in data:
            return Cost([int(n) for n in data["cost"]][: len(COLOURS)])
        if "phrase" in data:
            phrase = Phrase(str(data["phrase"]))
            phrase.params = _params(data.get("params"), depth + 1)
            return phrase
        if "join" in data:
            joined = Joined(str(data["join"]), [])
            joined.items = [_wire(i, depth + 1) for i in list(data["items"])]
            return joined
    except (KeyError, TypeError, ValueError):
        pass
    return str(data)


def _wire(data: Wire, depth: int) -> Wire:
    """``data`` checked as the wire's words (rebuilt, then written again)."""
    return as_wire(said(data, depth))


def _params(data: Wire, depth: int = 0) -> dict[str, Wire]:
    if not isinstance(data, Mapping):
        return {}
    return {str(k): _wire(v, depth) for k, v in data.items()}


class _Formatter(string.Formatter):
    """``str.format`` for names only: a template from the wire may not reach into a parameter
    (``{a.__class__}``, ``{a[0]}``)."""

    def get_field(self, field_name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if not field_name.isidentifier():
            raise KeyError(field_name)
        return kwargs[field_name], field_name


_FORMATTER = _Formatter()


def fill(template: str, params: Mapping[str, Wire]) -> str:
    """``template`` (already in the reader's language) with ``params`` said in it; a template
    that does not fit its parameters is said as it is."""
    try:
        return _FORMATTER.vformat(template, (), {k: said(v) for k, v in params.items()})
    except (KeyError, IndexError, ValueError, TypeError):
        return template


# --- the errors a player reads ---------------------------------------------------------------
class PlayerError(KeythedralError):
    """An error a player reads: a template and its parameters, said when shown."""

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params: dict[str, Wire] = {k: as_wire(v) for k, v in params.items()}
        super().__init__(template)

    def __str__(self) -> str:
        return fill(_(self.template), self.params)

    def wire(self) -> dict[str, Wire]:
        """The error as plain JSON data, language-free (``from_wire`` rebuilds it)."""
        return {"template": self.template, "params": self.params}

    @classmethod
    def from_wire(cls, data: Wire) -> Self:
        """The error ``wire`` wrote, read back (from the network: any other shape is said as
        text, never trusted further)."""
        if not isinstance(data, Mapping):
            return cls(str(data))
        error = cls(str(data.get("template", "")))
        error.params = _params(data.get("params"))
        return error

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self).from_wire, (self.wire(),))


class IllegalAction(PlayerError):
    """An action that the rules do not allow now; the state it was tried on is untouched."""


class ConfigError(PlayerError, ValueError):
    """A GameConfig that cannot start a game."""


class Invalid(ValueError):
    """A validator's refusal as a player reads it (``ConfigError`` says its phrase)."""

    def __init__(self, phrase: Phrase) -> None:
        super().__init__(phrase)
        self.phrase = phrase
