"""The game's words as messages, each table written once: the cube colours, the field types,
what each decision asks, the numbers of cubes (docs/i18n.md); and what a player name may be, and
what is wrong with data the game reads, each said as a message.

Both the engine's refusals (``engine.errors``: ``Term``, ``Count``) and the words players read
(``words.terms``) say them from here, looked up when shown (the tables are marked with ``N_``;
the counts are functions of the number, through ``ngettext``).

A leaf: it imports nothing of ours but the language (``keythedral.lang``), so the app's first
frame can use it without loading the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from keythedral.lang import N_, _, ngettext

#: A message and its named parameters, to say when shown (``_(template).format(**params)``,
#: or the engine's ``Phrase(template, **params)``).
Said = tuple[str, dict[str, Any]]

#: A cube colour's name, alone ("gold" in "Sale on gold", "paying gold instead of iron").
# I18N: the eight colours of the cubes (resources wood, stone, food, water, wine; crafts iron,
# glass, gold), as nouns.
COLOUR_NAMES: dict[str, str] = {
    "wood": N_("wood"),
    "stone": N_("stone"),
    "food": N_("food"),
    "water": N_("water"),
    "wine": N_("wine"),
    "iron": N_("iron"),
    "glass": N_("glass"),
    "gold": N_("gold"),
}

#: A field type's name, alone ("every farm", "your woods workers").
# I18N: the five field types (a quarry yields stone, the woods wood, a lake water, a farm food,
# a vineyard wine); "woods" is one field
FIELD_NAMES: dict[str, str] = {
    "quarry": N_("quarry"),
    "woods": N_("woods"),
    "lake": N_("lake"),
    "farm": N_("farm"),
    "vineyard": N_("vineyard"),
}

#: What each decision asks of a player, after "Ann must " (vocab.DECISIONS's words).
ASKS: dict[str, str] = {
    # I18N: what a decision asks of a player, after "{players} must "
    "place_field": N_("lay the next field tile"),
    "place_cottage": N_("place a cottage"),
    "choose_work_order": N_("put the work-order marker on a cottage number"),
    "place_worker": N_("place a worker"),
    "spend": N_("take one phase 3 action"),
    "pay": N_("choose the cubes to pay, one at a time"),
    "choose_cube": N_("choose the colour of a cube to take"),
    "window": N_("answer with a law card or let it go by"),
    "relocate": N_("move the fenced-off cottage"),
    "bid": N_("bid or pass for the start player"),
    "choose_start_player": N_("name the next start player"),
    "game_over": N_("nothing: the game is over"),
}

#: A number of things, the message for it with the language's plural rule (``{n}`` still to
#: fill): cubes of any colour, fences, and cubes of each colour ("2 stone").
COUNTS: dict[str, Callable[[int], str]] = {
    # I18N: a number of cubes of any colour
    "cubes": lambda n: ngettext("{n} cube", "{n} cubes", n),
    # I18N: a number of fences
    "fences": lambda n: ngettext("{n} fence", "{n} fences", n),
    # I18N: {n} cubes of wood, in a cost or a harvest ("1 wood + 2 stone")
    "wood": lambda n: ngettext("{n} wood", "{n} wood", n),
    # I18N: {n} cubes of stone, in a cost or a harvest ("1 wood + 2 stone")
    "stone": lambda n: ngettext("{n} stone", "{n} stone", n),
    # I18N: {n} cubes of food, in a cost or a harvest
    "food": lambda n: ngettext("{n} food", "{n} food", n),
    # I18N: {n} cubes of water, in a cost or a harvest
    "water": lambda n: ngettext("{n} water", "{n} water", n),
    # I18N: {n} cubes of wine, in a cost or a harvest
    "wine": lambda n: ngettext("{n} wine", "{n} wine", n),
    # I18N: {n} craft cubes of iron
    "iron": lambda n: ngettext("{n} iron", "{n} iron", n),
    # I18N: {n} craft cubes of glass
    "glass": lambda n: ngettext("{n} glass", "{n} glass", n),
    # I18N: {n} craft cubes of gold
    "gold": lambda n: ngettext("{n} gold", "{n} gold", n),
}


def counted(kind: str, n: int) -> str:
    """``n`` things of ``kind`` ("2 stone", "1 cube") in the language in use; "2 kind" for a
    kind the table does not know."""
    say = COUNTS.get(kind)
    return say(n).format(n=n) if say is not None else f"{n} {kind}"


# --- player names ----------------------------------------------------------------------------
#: The longest player name, in characters (after leading and trailing spaces are dropped).
MAX_NAME = 20


def name_fault(name: str) -> Said | None:
    """Why ``name`` (already stripped) is not a usable player name, as a message and its
    parameters (a sentence without its full stop), or None when it is usable."""
    if not name:
        # I18N: what is wrong with the players' names (after "--players: ", or on the new-game
        # screen with a capital and a full stop)
        return N_("every player needs a name"), {}
    if len(name) > MAX_NAME:
        # I18N: {name} is the name's first characters, quoted; {n} the longest a name may be (20)
        return N_("the name {name}… is too long (at most {n} characters)"), {
            "name": repr(name[:MAX_NAME]),
            "n": MAX_NAME,
        }
    if not name.isprintable():
        # I18N: {name} is the name, quoted, its invisible characters written as escapes (\x1b)
        return N_(
            "the name {name} has a control or invisible character; use letters, digits, "
            "spaces and punctuation"
        ), {"name": repr(name)}  # repr() writes the offending characters as escapes, never raw
    return None


def name_problem(name: str) -> str | None:
    """Why ``name`` (already stripped) is not a usable player name, in the language in use (a
    sentence without its full stop), or None when it is usable."""
    fault = name_fault(name)
    return None if fault is None else _(fault[0]).format(**fault[1])


# --- data the game reads ---------------------------------------------------------------------
#: What is wrong with one value of the data the game reads (an action from the network or a
#: file, a game's settings), by the type of the validator's (pydantic's) error: said to a player
#: instead of the validator's English.
DATA_PROBLEMS: dict[str, str] = {
    # I18N: what is wrong with one value of data the game reads (a network message, a saved
    # game), after the value's name ("seat: missing")
    "missing": N_("missing"),
    "extra_forbidden": N_("not a field the game knows"),
    "literal_error": N_("not one of the values it may take"),
    "enum": N_("not one of the values it may take"),
    "union_tag_invalid": N_("not a kind of action the game knows"),
    "union_tag_not_found": N_("the kind of action is missing"),
    "too_short": N_("too few items"),
    "too_long": N_("too many items"),
    "string_too_long": N_("too long"),
    "greater_than": N_("a number out of range"),
    "greater_than_equal": N_("a number out of range"),
    "less_than": N_("a number out of range"),
    "less_than_equal": N_("a number out of range"),
    "value_error": N_("not a value the game takes"),
}
# I18N: what is wrong with one value of data the game reads, after the value's name ("seat: a
# value of the wrong kind"): a text where a number belongs, or the like
WRONG_KIND = N_("a value of the wrong kind")


def data_problem(error: Mapping[str, Any]) -> tuple[str, str]:
    """One of the validator's errors (``ValidationError.errors()``' items) as where it is
    ("seat", "pos.0", at most 60 characters) and the message saying what is wrong there."""
    where = ".".join(str(p) for p in error.get("loc", ()))[:60] or "-"
    return where, DATA_PROBLEMS.get(str(error.get("type", "")), WRONG_KIND)


def data_problem_said(error: Mapping[str, Any]) -> str:
    """``data_problem`` in the language in use: "seat: a value of the wrong kind"."""
    where, problem = data_problem(error)
    # I18N: a problem of data the game reads: {where} is the value's name in the data ("seat",
    # "players"), {problem} what is wrong with it
    return _("{where}: {problem}").format(where=where, problem=_(problem))
