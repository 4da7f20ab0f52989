"""The game's terms in the reader's language: cube colours, field types, law cards, building
tiles, counted cubes, costs and lists, each said in one place (docs/i18n.md, docs/glossary.md).

The tables are marked with ``N_`` and looked up when a word is shown (the language may change
while the program runs); the functions build the phrases whole, through messages a translator
can reorder:

    terms.colour("wood")              # "wood"
    terms.counted("stone", 2)         # "2 stone"
    terms.cost((1, 2, 0, ...))        # "1 wood + 2 stone"
    terms.and_list(["A", "B", "C"])   # "A, B and C"
    terms.tile("s2-03")               # "the stage 2 tile (2 stone + 1 food)"
    terms.card("sale")                # "Sale"
    terms.whose("Otto")               # "Otto's" (French "d'Otto", "de Bob")
    terms.of_colour("wine")           # "wine" after "no", "out of" (French "de vin", "d'eau")
    terms.some_colour("wine")         # "wine" after "you need" (French "du vin", "de l'eau")

Ids (``"wood"``, ``"s2-03"``, ``"sale"``) are data; a word the tables do not know is said as
it is.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence

from keythedral import lexicon
from keythedral.lang import N_, _, pgettext
from keythedral.lexicon import ASKS as ASKS
from keythedral.lexicon import COLOUR_NAMES as COLOUR_NAMES
from keythedral.lexicon import FIELD_NAMES as FIELD_NAMES
from keythedral.vocab import COLOURS, place

#: A field or a corner, as the events hold it.
Pos = tuple[int, ...] | list[int]

# --- cubes -----------------------------------------------------------------------------------
#: A craft cube with its indefinite article ("giving 1 stone for an iron").
CRAFT_WITH_ARTICLE: dict[str, str] = {
    # I18N: one craft cube (iron, glass or gold) with its indefinite article
    "iron": N_("an iron"),
    # I18N: one craft cube (iron, glass or gold) with its indefinite article
    "glass": N_("a glass"),
    # I18N: one craft cube (iron, glass or gold) with its indefinite article
    "gold": N_("a gold"),
}


#: A cube colour after "no" or "out of" ("you have no wine", "run out of water"): in
#: languages that put a partitive there, it is in the word (French "de vin", "d'eau").
# I18N: the eight colours of the cubes after "no", "out of" or "a used" ("you have no wine",
# "the store has run out of water", "a used gold"): French says the "de" here, elided ("de
# vin", "d'eau", "d'or"); a language that needs no such word translates the colour alone
OF_COLOUR: dict[str, Callable[[], str]] = {
    "wood": lambda: pgettext("a colour after no, out of, a used", "wood"),
    "stone": lambda: pgettext("a colour after no, out of, a used", "stone"),
    "food": lambda: pgettext("a colour after no, out of, a used", "food"),
    "water": lambda: pgettext("a colour after no, out of, a used", "water"),
    "wine": lambda: pgettext("a colour after no, out of, a used", "wine"),
    "iron": lambda: pgettext("a colour after no, out of, a used", "iron"),
    "glass": lambda: pgettext("a colour after no, out of, a used", "glass"),
    "gold": lambda: pgettext("a colour after no, out of, a used", "gold"),
}


#: A cube colour as some of it, the object of "need" or "be short of" ("you need wine", "you
#: are short of water"): French puts its partitive article there ("du vin", "de l'eau").
# I18N: the eight colours of the cubes as some of it, the object of "you need", "you are short
# of", "it takes" ("you need wine for the tile"): French says the partitive article here ("du
# bois", "de la pierre", "de l'eau", "de l'or"); a language that needs none translates the
# colour alone
SOME_COLOUR: dict[str, Callable[[], str]] = {
    "wood": lambda: pgettext("some of a colour: you need, you are short of", "wood"),
    "stone": lambda: pgettext("some of a colour: you need, you are short of", "stone"),
    "food": lambda: pgettext("some of a colour: you need, you are short of", "food"),
    "water": lambda: pgettext("some of a colour: you need, you are short of", "water"),
    "wine": lambda: pgettext("some of a colour: you need, you are short of", "wine"),
    "iron": lambda: pgettext("some of a colour: you need, you are short of", "iron"),
    "glass": lambda: pgettext("some of a colour: you need, you are short of", "glass"),
    "gold": lambda: pgettext("some of a colour: you need, you are short of", "gold"),
}


def colour(name: str) -> str:
    """A cube colour's name in the reader's language ("wood")."""
    return _(COLOUR_NAMES[name]) if name in COLOUR_NAMES else name


def of_colour(name: str) -> str:
    """A cube colour after "no" or "out of" ("wine" in "you have no wine"; French "de vin")."""
    say = OF_COLOUR.get(name)
    return say() if say is not None else name


def some_colour(name: str) -> str:
    """A cube colour as some of it ("wine" in "you need wine"; French "du vin", "de l'eau")."""
    say = SOME_COLOUR.get(name)
    return say() if say is not None else name


def craft_with_article(name: str) -> str:
    """ "an iron", "a gold"."""
    return _(CRAFT_WITH_ARTICLE[name]) if name in CRAFT_WITH_ARTICLE else name


def counted(name: str, n: int) -> str:
    """ "2 stone": ``n`` cubes of the colour ``name``."""
    return lexicon.counted(name, n)


def cubes(n: int) -> str:
    """ "1 cube", "2 cubes": cubes of any colour."""
    return lexicon.counted("cubes", n)


def cost(counts: Sequence[int], empty: str | None = None) -> str:
    """ "1 wood + 2 stone" for a colour-count tuple (colours in their usual order); ``empty``
    (by default "nothing") when it counts no cube."""
    parts = [counted(COLOURS[i], n) for i, n in enumerate(counts) if n]
    if not parts:
        # I18N: a cost or a harvest of no cube at all
        return _("nothing") if empty is None else empty
    return added_up(parts)


# --- lists -----------------------------------------------------------------------------------
def chained(items: Sequence[str], join: Callable[[str, str], str]) -> str:
    """``items`` joined from the right, two at a time, by a message: "a + (b + c)"."""
    text = items[-1] if items else ""
    for item in reversed(items[:-1]):
        text = join(item, text)
    return text


def added_up(parts: Sequence[str]) -> str:
    """ "1 wood + 2 stone + 1 wine": counts of cubes added up in a cost."""
    # I18N: counts of cubes added up in a cost or a harvest ("1 wood + 2 stone"): {a} is
    # one count, {rest} the others, added up by this same message
    return chained(parts, lambda a, rest: _("{a} + {rest}").format(a=a, rest=rest))


def comma_list(items: Sequence[str]) -> str:
    """ "A, B, C": a list with no "and" (names at the table, numbers called)."""
    # I18N: a list of items: {a} is the first, {rest} the others, listed by this same
    # message (or by "{a} and {b}" for the last two)
    return chained(items, lambda a, rest: _("{a}, {rest}").format(a=a, rest=rest))


def or_chain(items: Sequence[str]) -> str:
    """ "A or B or C": choices, each "or" the next."""
    # I18N: two choices, or a choice and the others ("Ann or Bob or Cy")
    return chained(items, lambda a, b: _("{a} or {b}").format(a=a, b=b))


def and_list(items: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(items) < 2:
        return items[0] if items else ""
    # I18N: the last two items of a list ("Robin and Hilda", "1 more wood and 1 less stone")
    text = _("{a} and {b}").format(a=items[-2], b=items[-1])
    for item in reversed(items[:-2]):
        text = _("{a}, {rest}").format(a=item, rest=text)
    return text


# --- fields ----------------------------------------------------------------------------------
#: A field type with its indefinite article ("lays a farm at (1,0)").
FIELD_A: dict[str, str] = {
    # I18N: a field tile of this type, with its indefinite article ("Ann lays a quarry at (1,0).")
    "quarry": N_("a quarry"),
    # I18N: a field tile of this type, with its indefinite article ("Ann lays a woods at (1,0).")
    "woods": N_("a woods"),
    # I18N: a field tile of this type, with its indefinite article
    "lake": N_("a lake"),
    # I18N: a field tile of this type, with its indefinite article
    "farm": N_("a farm"),
    # I18N: a field tile of this type, with its indefinite article
    "vineyard": N_("a vineyard"),
}
#: A field type with its definite article ("sends a worker ... to the lake at (0,1)").
FIELD_THE: dict[str, str] = {
    # I18N: a field of this type, with its definite article ("... to the quarry at (0,1).")
    "quarry": N_("the quarry"),
    # I18N: a field of this type, with its definite article ("... to the woods at (0,1).")
    "woods": N_("the woods"),
    # I18N: a field of this type, with its definite article
    "lake": N_("the lake"),
    # I18N: a field of this type, with its definite article
    "farm": N_("the farm"),
    # I18N: a field of this type, with its definite article
    "vineyard": N_("the vineyard"),
}
#: Every field of a type, with the definite article ("Poor harvest on the lakes"); with a
#: context, as the woods are one field and several.
FIELDS_THE: dict[str, Callable[[], str]] = {
    "quarry": lambda: pgettext("every field of the type", "the quarries"),
    "woods": lambda: pgettext("every field of the type", "the woods"),
    "lake": lambda: pgettext("every field of the type", "the lakes"),
    "farm": lambda: pgettext("every field of the type", "the farms"),
    "vineyard": lambda: pgettext("every field of the type", "the vineyards"),
}


#: Every field of a type, as the subject of a sentence ("every farm produces double").
EVERY_FIELD: dict[str, str] = {
    # I18N: every field of a type, as the subject of a sentence ("every farm produces double
    # this harvest"): the word for "every" agrees with the field type
    "quarry": N_("every quarry"),
    "woods": N_("every woods"),
    "lake": N_("every lake"),
    "farm": N_("every farm"),
    "vineyard": N_("every vineyard"),
}
#: No field of a type, as the subject of a sentence ("no farm produces anything").
NO_FIELD: dict[str, str] = {
    # I18N: no field of a type, as the subject of a sentence ("no farm produces anything this
    # harvest"): the word for "no" agrees with the field type
    "quarry": N_("no quarry"),
    "woods": N_("no woods"),
    "lake": N_("no lake"),
    "farm": N_("no farm"),
    "vineyard": N_("no vineyard"),
}
#: A field type naming the workers in its fields ("their farm workers").
FIELD_WORKERS: dict[str, str] = {
    # I18N: a player's workers in every field of a type, after "their" or "your" ("Ann
    # chooses the colour of every cube from their farm workers")
    "quarry": N_("quarry workers"),
    "woods": N_("woods workers"),
    "lake": N_("lake workers"),
    "farm": N_("farm workers"),
    "vineyard": N_("vineyard workers"),
}


def _field(table: dict[str, str], field_type: str) -> str:
    return _(table[field_type]) if field_type in table else field_type


def field_name(field_type: str) -> str:
    """ "farm"."""
    return _field(FIELD_NAMES, field_type)


def a_field(field_type: str | None) -> str:
    """ "a farm"; "a field" for a field whose type is not known ("field" or None)."""
    if not field_type or field_type == "field":
        # I18N: a field tile of unknown type, with its indefinite article
        return _("a field")
    return _field(FIELD_A, field_type)


def every_field(field_type: str) -> str:
    """ "every farm"."""
    return _field(EVERY_FIELD, field_type)


def field_workers(field_type: str) -> str:
    """ "farm workers": a player's workers in every field of the type."""
    return _field(FIELD_WORKERS, field_type)


def no_field(field_type: str) -> str:
    """ "no farm"."""
    return _field(NO_FIELD, field_type)


def the_field(field_type: str | None) -> str:
    """ "the farm"; "the field" for a field whose type is not known ("field" or None)."""
    if not field_type or field_type == "field":
        # I18N: a field of unknown type, with its definite article
        return _("the field")
    return _field(FIELD_THE, field_type)


def the_fields(field_type: str) -> str:
    """ "the farms"."""
    say = FIELDS_THE.get(field_type)
    return say() if say is not None else field_type


def fence_place(corner: Pos, field: Pos) -> str:
    """Where a fence stands: "corner (1,-2) and the field at (1,-1)"."""
    # I18N: where a fence stands: {corner} and {field} are places on the map, "(1,-2)"
    return _("corner {corner} and the field at {field}").format(
        corner=place(corner), field=place(field)
    )


# --- names in sentences ----------------------------------------------------------------------
#: Letters a name may begin with that a language may treat as a vowel: French elides "de" and
#: "le" before them ("d'Otto", "d'Hilda": a name's h is taken as mute).
_VOWEL_INITIALS = frozenset("aeiouyh")


def begins_with_vowel(name: str) -> bool:
    """Whether ``name`` begins with a vowel (or an h), accents aside: "Otto", "Émile", "Hilda"."""
    first = unicodedata.normalize("NFD", name.strip()[:1]).lower()[:1]
    return first in _VOWEL_INITIALS


def whose(name: str) -> str:
    """A player's name as the owner of something, a whole phrase of its own: "Otto's" (French
    "d'Otto" / "de Bob", Dutch "van Otto"), picked by the name's first letter.  A sentence
    takes it as ``{whose}``: "{whose} house {number}" ("Otto's house 3", "la maison 3 d'Otto")."""
    if begins_with_vowel(name):
        # I18N: the owner of something, a name beginning with a vowel or an h ("Otto's"): it
        # fills {whose} ("{whose} house {number}"); French "d'{player}"
        return pgettext("possessive of a name beginning with a vowel", "{player}'s").format(
            player=name
        )
    # I18N: the owner of something, a name beginning with a consonant ("Bob's"): it fills
    # {whose} ("{whose} house {number}"); French "de {player}"
    return pgettext("possessive of a name beginning with a consonant", "{player}'s").format(
        player=name
    )


# --- craftsmen and prices --------------------------------------------------------------------
#: The craftsman who sells each craft cube, with the definite article.
SMITH_WORDS: dict[str, str] = {
    # I18N: the craftsman who sells iron, with the definite article ("buy 1 iron from the
    # blacksmith")
    "iron": N_("the blacksmith"),
    # I18N: the craftsman who sells glass, with the definite article
    "glass": N_("the glassmaker"),
    # I18N: the craftsman who sells gold, with the definite article
    "gold": N_("the goldsmith"),
}


#: The craftsman who sells each craft cube, as a label on the Keytown mat (no article).
SMITH_NAMES: dict[str, str] = {
    # I18N: a label on the Keytown mat: the craftsman who sells iron ("blacksmith: 10 iron")
    "iron": N_("blacksmith"),
    # I18N: a label on the Keytown mat: the craftsman who sells glass
    "glass": N_("glassmaker"),
    # I18N: a label on the Keytown mat: the craftsman who sells gold
    "gold": N_("goldsmith"),
}


def smith_name(craft: str) -> str:
    """ "blacksmith": the craftsman who sells ``craft``, as a label."""
    return _(SMITH_NAMES[craft]) if craft in SMITH_NAMES else craft


def smith(craft: str) -> str:
    """ "the blacksmith": who sells the craft cube ``craft``, with the article."""
    # I18N: a craftsman whose craft is unknown, with the definite article
    return _(SMITH_WORDS[craft]) if craft in SMITH_WORDS else _("the craftsman")


def house_price() -> str:
    """ "1 stone + 1 wood": the price of a house, as players say it (stone first)."""
    return added_up([counted("stone", 1), counted("wood", 1)])


# --- phases and decisions --------------------------------------------------------------------
#: The phases' names (vocab.PHASES's words).
PHASE_NAMES: dict[str, str] = {
    # I18N: the name of a part of the game (a heading)
    "layout": N_("Layout"),
    "place_workers": N_("Phase 1: placing workers"),
    "harvest": N_("Phase 2: harvest"),
    "spend": N_("Phase 3: spending"),
    "retrieve": N_("Phase 4: retrieving"),
    "bidding": N_("Phase 5: start player"),
    "game_over": N_("Game over"),
}


def phase(name: str) -> str:
    """A phase's name ("Phase 3: spending"); its id if unknown."""
    return _(PHASE_NAMES[name]) if name in PHASE_NAMES else name


#: A short title for each decision (vocab.DECISIONS's titles): a lesson's heading.
TITLES: dict[str, str] = {
    # I18N: a short title for a decision, the heading of a tutorial note (about 30 columns)
    "place_field": N_("Lay the field"),
    "place_cottage": N_("Place a cottage"),
    "choose_work_order": N_("Call a number"),
    "place_worker": N_("Send out a worker"),
    "spend": N_("Your action"),
    "pay": N_("Pay"),
    "choose_cube": N_("Take a cube"),
    "window": N_("Answer or let it go by"),
    "relocate": N_("Move your cottage"),
    "bid": N_("Bid or pass"),
    "choose_start_player": N_("Name the start player"),
    "game_over": N_("The game is over"),
}


def decision_title(decision: str) -> str:
    """A short title for ``decision`` ("Lay the field"), in the reader's language."""
    # I18N: the title of a decision the game does not name
    return _(TITLES[decision]) if decision in TITLES else _("Your move")


def asks(decision: str) -> str:
    """What ``decision`` asks of the player ("lay the next field tile"); its name if unknown."""
    return _(ASKS[decision]) if decision in ASKS else decision.replace("_", " ")


# --- law cards and building tiles ------------------------------------------------------------
#: The law cards' names (as data/law_cards.yaml writes them in English), by card id.
# I18N: the names of the 20 law cards (docs/glossary.md names them)
CARD_NAMES: dict[str, str] = {
    "work-order": N_("Work order"),
    "price-increase": N_("Price increase"),
    "price-decrease": N_("Price decrease"),
    "upgrade-cottage": N_("Upgrade cottage"),
    "substitution": N_("Substitution"),
    "cottage-number": N_("Cottage number"),
    "craft-bargain": N_("Craft bargain"),
    "unexpected-harvest": N_("Unexpected harvest"),
    "broken-fences": N_("Broken fences"),
    "repeal-law": N_("Repeal law"),
    "unsafe-fence": N_("Unsafe fence"),
    "house-moratorium": N_("House moratorium"),
    "design-change": N_("Design change"),
    "double-production": N_("Double production"),
    "bargain": N_("Bargain"),
    "sale": N_("Sale"),
    "downgrade-house": N_("Downgrade house"),
    "good-harvest": N_("Good harvest"),
    "poor-harvest": N_("Poor harvest"),
    "start-order": N_("Start order"),
}


def card(card_id: str) -> str:
    """A law card's name in the reader's language ("Poor harvest")."""
    if card_id in CARD_NAMES:
        return _(CARD_NAMES[card_id])
    from keythedral.engine.laws import card_name  # engine: loaded on use only (the first frame)

    return card_name(card_id)


def tile(tile_id: str) -> str:
    """A building tile as a player names it, "the stage 2 tile (2 stone + 1 food)"; an id the
    catalogue does not know is said as it is."""
    from keythedral.engine.catalogue import buildings, tile_cost  # engine: loaded on use only

    known = buildings().get(tile_id)
    if known is None:
        return tile_id
    # I18N: a building tile: {stage} is 1 to 5, {cost} its printed cost ("2 stone + 1 food")
    return _("the stage {stage} tile ({cost})").format(
        stage=known.stage, cost=cost(tile_cost(tile_id))
    )


def tiles(tile_ids: Iterable[str]) -> str:
    """Tiles turned face up, by their printed costs: "1 stone + 1 wood, 1 wood + 1 food"."""
    from keythedral.engine.catalogue import buildings, tile_cost  # engine: loaded on use only

    known = buildings()
    return comma_list([cost(tile_cost(t)) if t in known else t for t in tile_ids])
