"""The game's fixed facts, published: part of the engine's public contract.

Everything here is a constant of the rules or of the printed material, or a pure function of
public data (a board's fields), that players and bots reason with: the building tiles' costs
and stages, the trader's price, the board's geometry, the kinds of event in a log.  Outside
the engine, read them here (``from keythedral.engine import facts``), never from the engine's
internal modules, which may change shape at any time; these names stay.  The cube colours,
their worth and the craftsmen's prices are in :mod:`keythedral.vocab`.

Catalogue
    ``tile_cost(tile)`` the printed cost of a building tile, eight counts in ``vocab.COLOURS``
    order; ``tiles_of_stage(stage)`` the ids of a stage's tiles (1..5); ``tile_stage(tile)``
    its stage; ``tile_words(tile)`` how a player names it; ``IN_PLAY`` / ``IN_PLAY_LONG`` how
    many tiles of each stage a game uses (the long game: one more each).
Market
    ``TRADE_PRICE``: the cubes a trade costs.
Board
    ``Pos`` a lattice point; a corner ``(x, y)`` touches the fields ``corner_fields(corner)``,
    a field touches the corners ``field_corners(field)`` and borders ``field_neighbours``.
    ``board_index(state.fields)`` (a ``BoardIndex``) answers ``types`` (place -> field type),
    ``corners`` (every corner touching a laid field) and ``fields_of(corner)`` (the laid fields
    a corner touches); it is kept by the tuple's identity, so asking again costs nothing.
Events
    The classes of the entries of a log (``PlayerView.log``) that bots read.
Words
    The game's words, said in the language in use when formatted (``engine.errors``): ``Term``
    a cube colour, a field type, a decision or a kind of action by its id (``Term("colour",
    "wood")``); ``Cost`` a count tuple ("1 wood + 2 stone"); ``tile_said(tile)`` and
    ``card_said(card)`` a building tile and a law card's name; ``card_name_words``,
    ``card_when_words`` and ``card_text_words`` a law card's words in the language in use.
"""

from __future__ import annotations

from functools import cache

from .board import BoardIndex, Pos, corner_fields, field_corners, field_neighbours
from .board import index as board_index
from .catalogue import (
    IN_PLAY,
    IN_PLAY_LONG,
    buildings,
    card_name_words,
    card_said,
    card_text_words,
    card_when_words,
    tile_cost,
    tile_said,
    tile_words,
    tiles_of_stage,
)
from .errors import Cost, Term
from .events import (
    BidPaid,
    BuildingBought,
    CottageConverted,
    CraftBought,
    CubeTaken,
    FenceBuilt,
    FenceRemoved,
    Harvested,
    LawProcured,
    LawTookEffect,
    Traded,
)
from .market import TRADE_PRICE

__all__ = [
    "IN_PLAY",
    "IN_PLAY_LONG",
    "TRADE_PRICE",
    "BidPaid",
    "BoardIndex",
    "BuildingBought",
    "Cost",
    "CottageConverted",
    "CraftBought",
    "CubeTaken",
    "FenceBuilt",
    "FenceRemoved",
    "Harvested",
    "LawProcured",
    "LawTookEffect",
    "Pos",
    "Term",
    "Traded",
    "board_index",
    "card_name_words",
    "card_said",
    "card_text_words",
    "card_when_words",
    "corner_fields",
    "field_corners",
    "field_neighbours",
    "tile_cost",
    "tile_said",
    "tile_stage",
    "tile_words",
    "tiles_of_stage",
]


@cache
def tile_stage(tile: str) -> int:
    """The stage (1..5) of a building tile."""
    return buildings()[tile].stage
