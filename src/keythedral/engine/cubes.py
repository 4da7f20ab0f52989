"""Cube colours, their order in the state's count tuples, and their worth."""

from __future__ import annotations

from keythedral.vocab import (  # the shared vocabulary: colours, their order, worth, prices
    COLOURS,
    CRAFT_PRICE,
    CRAFTS,
    FIELD_YIELD,
    FOOD,
    GLASS,
    GOLD,
    INDEX,
    IRON,
    RESOURCES,
    STONE,
    TOTAL,
    VALUE,
    WATER,
    WINE,
    WOOD,
    Colour,
    Craft,
    Resource,
    cost_text,
)

__all__ = [
    "COLOURS",
    "CRAFTS",
    "CRAFT_PRICE",
    "CUBES_IN_GAME",
    "FIELD_YIELD",
    "FOOD",
    "GLASS",
    "GOLD",
    "INDEX",
    "IRON",
    "RESOURCES",
    "STONE",
    "TOTAL",
    "VALUE",
    "WATER",
    "WINE",
    "WOOD",
    "Colour",
    "Counts",
    "Craft",
    "Resource",
    "add",
    "as_dict",
    "describe",
    "from_dict",
    "worth",
]

CUBES_IN_GAME = sum(TOTAL)  # 115

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
    """'1 wood + 2 stone' style text for messages and the log."""
    return cost_text(counts)
