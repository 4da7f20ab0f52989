"""The game's vocabulary: the names and numbers every layer shares, each said once.

Cube colours and their order in every count tuple, what cubes are worth, the prices of the fixed
actions, what each field type yields, seat values per edition, the names of the phases, the words
for each decision, and the one YAML loader for the bundled data.  (What a player name may be
is said in messages: ``lexicon.name_problem``.)

A leaf: it imports nothing of ours and nothing heavy (no pydantic), so the app's first frame can
use it without loading the engine.  The engine, the app, the walkthrough, the tutorial and the
bots all read these from here.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

Colour = Literal["wood", "stone", "food", "water", "wine", "iron", "glass", "gold"]
Resource = Literal["wood", "stone", "food", "water", "wine"]
Craft = Literal["iron", "glass", "gold"]
FieldType = Literal["quarry", "woods", "lake", "farm", "vineyard"]

# --- cubes ---------------------------------------------------------------------------------
#: Cube colours in the order of every count tuple (resources first, then crafts).
COLOURS: tuple[Colour, ...] = ("wood", "stone", "food", "water", "wine", "iron", "glass", "gold")
RESOURCES: tuple[Resource, ...] = ("wood", "stone", "food", "water", "wine")
CRAFTS: tuple[Craft, ...] = ("iron", "glass", "gold")
INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
WOOD, STONE, FOOD, WATER, WINE, IRON, GLASS, GOLD = range(8)

#: Cubes in the box at the start of a game (the supply is the limit).
TOTAL: tuple[int, ...] = (20, 20, 15, 15, 15, 10, 10, 10)
#: What a leftover cube is worth at the end (gold 4, glass 3, iron 2, a resource 1).
VALUE: tuple[int, ...] = (1, 1, 1, 1, 1, 2, 3, 4)

#: The price of one craft cube, in cubes of any colour, and who sells it.
CRAFT_PRICE: dict[str, int] = {"iron": 2, "glass": 3, "gold": 4}
SMITHS: dict[str, str] = {"iron": "blacksmith", "glass": "glassmaker", "gold": "goldsmith"}


def cost_of(**cubes: int) -> tuple[int, ...]:
    """A count tuple from colour names: ``cost_of(stone=1, wood=1)``."""
    return tuple(cubes.get(c, 0) for c in COLOURS)


def cost_text(counts: tuple[int, ...] | list[int], empty: str = "nothing") -> str:
    """'1 wood + 2 stone' for a count tuple (colours in their usual order)."""
    return " + ".join(f"{n} {COLOURS[i]}" for i, n in enumerate(counts) if n) or empty


def plural(n: int, word: str) -> str:
    """'1 cube', '2 cubes', '2 passes': a count and its noun, said once for every layer."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}es" if word.endswith("s") else f"{n} {word}s"


#: The fixed prices of phase 3: a house, a fence, removing a fence.
HOUSE_COST = cost_of(stone=1, wood=1)
FENCE_COST = cost_of(wood=1)
REMOVE_FENCE_COST = cost_of(wine=2)
HOUSE_PRICE = "1 stone + 1 wood"  # as players say it (tests check it is HOUSE_COST)
FENCE_PRICE = cost_text(FENCE_COST)  # "1 wood"
REMOVE_FENCE_PRICE = cost_text(REMOVE_FENCE_COST)  # "2 wine"
FENCES_PER_PLAYER = 3

# --- fields --------------------------------------------------------------------------------
FIELD_TYPES: tuple[FieldType, ...] = ("quarry", "woods", "lake", "farm", "vineyard")
#: The colour a field type yields.
FIELD_YIELD: dict[str, Resource] = {
    "quarry": "stone",
    "woods": "wood",
    "lake": "water",
    "farm": "food",
    "vineyard": "wine",
}
#: The letter the map draws on each field type (meaning is never told by colour alone).
FIELD_LETTER: dict[str, str] = {
    "quarry": "Q",
    "woods": "W",
    "lake": "L",
    "farm": "F",
    "vineyard": "V",
}


def place(pos: tuple[int, ...] | list[int]) -> str:
    """A field or a corner as the map and every message write it: "(1,-2)"."""
    return f"({pos[0]},{pos[1]})"


def fence_place(corner: tuple[int, ...] | list[int], field: tuple[int, ...] | list[int]) -> str:
    """Where a fence stands, its corner and its field told apart (a corner and a field may
    have the same numbers): "corner (1,-2) and the field at (1,-1)"."""
    return f"corner {place(corner)} and the field at {place(field)}"


# --- seats ---------------------------------------------------------------------------------
#: A building tile's seat value by stage, for the two editions.
SEAT_VALUE: dict[str, tuple[int, ...]] = {"classic": (1, 2, 3, 4, 5), "second": (4, 6, 8, 10, 12)}

# --- phases and decisions ------------------------------------------------------------------
PHASES: dict[str, str] = {
    "layout": "Layout",
    "place_workers": "Phase 1: placing workers",
    "harvest": "Phase 2: harvest",
    "spend": "Phase 3: spending",
    "retrieve": "Phase 4: retrieving",
    "bidding": "Phase 5: start player",
    "game_over": "Game over",
}

#: Each decision: what it asks of a player ("Ann must <asks>") and a short title for it.
DECISIONS: dict[str, tuple[str, str]] = {
    "place_field": ("lay the next field tile", "Lay the field"),
    "place_cottage": ("place a cottage", "Place a cottage"),
    "choose_work_order": ("put the work-order marker on a cottage number", "Call a number"),
    "place_worker": ("place a worker", "Send out a worker"),
    "spend": ("take one phase 3 action", "Your action"),
    "pay": ("choose the cubes to pay, one at a time", "Pay"),
    "choose_cube": ("choose the colour of a cube to take", "Take a cube"),
    "window": ("answer with a law card or let it go by", "Answer or let it go by"),
    "relocate": ("move the fenced-off cottage", "Move your cottage"),
    "bid": ("bid or pass for the start player", "Bid or pass"),
    "choose_start_player": ("name the next start player", "Name the start player"),
    "game_over": ("nothing: the game is over", "The game is over"),
}


def asks(decision: str) -> str:
    """What ``decision`` asks of the player ("lay the next field tile"); its name if unknown."""
    return DECISIONS.get(decision, (decision.replace("_", " "), ""))[0]


def title(decision: str) -> str:
    """A short title for ``decision`` ("Lay the field")."""
    return DECISIONS.get(decision, ("", "Your move"))[1] or "Your move"


# --- data files ----------------------------------------------------------------------------
@cache
def load_yaml(name: str) -> object:
    """A bundled data file (``building_tiles.yaml``, ``law_cards.yaml``), parsed once.

    Raises OSError when it cannot be read and ``yaml.YAMLError`` when it is not YAML; callers
    turn those into their own errors.
    """
    import yaml  # imported on first use: the first frame needs no YAML

    text = resources.files("keythedral.data").joinpath(name).read_text(encoding="utf-8")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's, when PyYAML has it
    return yaml.load(text, Loader=loader)
