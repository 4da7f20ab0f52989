"""Cube colours, their order in the state's count tuples, and their worth."""

from __future__ import annotations

from typing import Literal

Colour = Literal["wood", "stone", "food", "water", "wine", "iron", "glass", "gold"]
Resource = Literal["wood", "stone", "food", "water", "wine"]
Craft = Literal["iron", "glass", "gold"]

COLOURS: tuple[Colour, ...] = ("wood", "stone", "food", "water", "wine", "iron", "glass", "gold")
RESOURCES: tuple[Resource, ...] = ("wood", "stone", "food", "water", "wine")
CRAFTS: tuple[Craft, ...] = ("iron", "glass", "gold")
INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
WOOD, STONE, FOOD, WATER, WINE, IRON, GLASS, GOLD = range(8)

#: Cubes in the box at the start of a game (the supply is the limit).
TOTAL: tuple[int, ...] = (20, 20, 15, 15, 15, 10, 10, 10)
CUBES_IN_GAME = sum(TOTAL)  # 115

#: What a leftover cube is worth at the end (tie-break in classic, score in second edition).
VALUE: tuple[int, ...] = (1, 1, 1, 1, 1, 2, 3, 4)

#: The price of one craft cube, in cubes of any colour.
CRAFT_PRICE: dict[str, int] = {"iron": 2, "glass": 3, "gold": 4}

#: The colour a field type yields.
FIELD_YIELD: dict[str, Resource] = {
    "quarry": "stone",
    "woods": "wood",
    "lake": "water",
    "farm": "food",
    "vineyard": "wine",
}

Counts = tuple[int, ...]
ZERO: Counts = (0,) * 8


def add(counts: Counts, colour: int, n: int = 1) -> Counts:
    """Return ``counts`` with ``n`` added to one colour (n may be negative)."""
    lst = list(counts)
    lst[colour] += n
    return tuple(lst)


def as_dict(counts: Counts) -> dict[str, int]:
    return {c: counts[i] for i, c in enumerate(COLOURS)}


def from_dict(d: dict[str, int]) -> Counts:
    return tuple(d.get(c, 0) for c in COLOURS)


def worth(counts: Counts) -> int:
    return sum(n * v for n, v in zip(counts, VALUE, strict=True))


def describe(counts: Counts) -> str:
    """'1 stone + 2 wood' style text for messages and the log."""
    parts = [f"{n} {COLOURS[i]}" for i, n in enumerate(counts) if n]
    return " + ".join(parts) if parts else "nothing"
