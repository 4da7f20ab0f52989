"""The game's words as messages, each table written once: the cube colours, the field types,
what each decision asks, and the numbers of cubes (docs/i18n.md).

Both the engine's refusals (``engine.errors``: ``Term``, ``Count``) and the words players read
(``words.terms``) say them from here, looked up when shown (the tables are marked with ``N_``;
the counts are functions of the number, through ``ngettext``).

A leaf: it imports nothing of ours but the language (``keythedral.lang``), so the app's first
frame can use it without loading the engine.
"""

from __future__ import annotations

from collections.abc import Callable

from keythedral.lang import N_, ngettext

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
