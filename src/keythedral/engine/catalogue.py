"""The component catalogue: building tiles and law cards, loaded from YAML once and validated."""

from __future__ import annotations

from functools import cache
from typing import Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from keythedral.lang import N_, _
from keythedral.vocab import SEAT_VALUE, load_yaml

from .cubes import COLOURS, Counts, from_dict
from .errors import CatalogueError, Cost, Phrase

STAGES = 5
#: Tiles per stage in the box, and in play (short game; the long game adds one per stage).
TILES_PER_STAGE = (6, 8, 8, 6, 6)
IN_PLAY = (4, 4, 4, 3, 2)
IN_PLAY_LONG = (5, 5, 5, 4, 3)

Timing = Literal[
    "phase_start", "purchase_declared", "law_played", "own_action", "own_or_phase_start", "any_time"
]


class BuildingTile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    id: str = Field(pattern=r"^s[1-5]-\d\d$")
    stage: int = Field(ge=1, le=5)
    cost: dict[str, int]

    @field_validator("cost")
    @classmethod
    def _known_colours(cls, v: dict[str, int]) -> dict[str, int]:
        unknown = set(v) - set(COLOURS)
        if unknown:
            raise ValueError(f"unknown cube colours {sorted(unknown)}")
        if any(n < 1 for n in v.values()) or not 2 <= sum(v.values()) <= 4:
            raise ValueError("a tile costs 2 to 4 cubes, each count at least 1")
        return v

    @property
    def counts(self) -> Counts:
        return from_dict(self.cost)


class BuildingFile(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    reconstructed: bool
    source: str
    tiles: list[BuildingTile]


class LawCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    id: str
    number: int = Field(ge=1, le=20)
    name: str
    timing: Timing
    when: str  # the timing in words, for the screens
    effect: str
    text: str


class LawFile(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    cards: list[LawCard]


F = TypeVar("F", bound=BaseModel)


def _read(name: str, model: type[F]) -> F:
    """The data file ``name`` as a ``model``; a file that cannot be read or does not fit is a
    CatalogueError naming it."""
    try:
        return model.model_validate(load_yaml(name))
    except (OSError, yaml.YAMLError) as exc:
        raise CatalogueError(f"cannot read {name}: {exc}") from exc
    except ValidationError as exc:
        raise CatalogueError(f"{name}: {exc}") from exc


@cache
def buildings() -> dict[str, BuildingTile]:
    """All 34 building tiles by id."""
    data = _read("building_tiles.yaml", BuildingFile)
    tiles = {t.id: t for t in data.tiles}
    counts = tuple(sum(1 for t in tiles.values() if t.stage == s) for s in range(1, 6))
    if len(tiles) != len(data.tiles) or counts != TILES_PER_STAGE:
        raise CatalogueError(
            f"building_tiles.yaml: expected stages {TILES_PER_STAGE}, got {counts}"
        )
    return tiles


@cache
def tiles_of_stage(stage: int) -> tuple[str, ...]:
    return tuple(sorted(t.id for t in buildings().values() if t.stage == stage))


@cache
def laws() -> dict[str, LawCard]:
    """All 20 law cards by id."""
    data = _read("law_cards.yaml", LawFile)
    cards = {c.id: c for c in data.cards}
    if len(cards) != 20 or sorted(c.number for c in cards.values()) != list(range(1, 21)):
        raise CatalogueError("law_cards.yaml: expected 20 cards numbered 1..20")
    return cards


def seat_value(tile_id: str, edition: str) -> int:
    return SEAT_VALUE[edition][buildings()[tile_id].stage - 1]


@cache
def costs() -> dict[str, Counts]:
    """Each tile's printed cost as a colour-count tuple."""
    return {tid: t.counts for tid, t in buildings().items()}


def tile_cost(tile_id: str) -> Counts:
    return costs()[tile_id]


def tile_said(tile: str) -> Phrase:
    """A building tile as a player names it, said in the reader's language when shown: its
    stage and its printed cost, "the stage 2 tile (2 stone + 1 food)" (what the mat shows of
    it; its id is for the files).  A name the catalogue does not know is said as it is."""
    known = buildings().get(tile)
    if known is None:
        return Phrase("{tile}", tile=tile)
    # I18N: a building tile: {stage} is 1 to 5, {cost} its printed cost ("2 stone + 1 food")
    return Phrase(N_("the stage {stage} tile ({cost})"), stage=known.stage, cost=Cost(known.counts))


def tile_words(tile: str) -> str:
    """``tile_said(tile)`` in the language in use now."""
    return tile_said(tile).say()


# --- a law card's words, in the reader's language ----------------------------------------
# The names, timings and texts of data/law_cards.yaml are messages: tools/catalogues.py
# extracts them from the file, and these look them up when they are shown.


def card_said(card: str) -> Phrase:
    """A law card's name ("Poor harvest"), said in the reader's language when shown; an id
    the catalogue does not know is said as it is."""
    known = laws().get(card)
    return Phrase(known.name) if known is not None else Phrase("{card}", card=card)


def card_name_words(card: str) -> str:
    """A law card's name in the language in use ("Poor harvest")."""
    return card_said(card).say()


def card_when_words(card: str) -> str:
    """When a law card may be played, in the language in use ("" for an unknown card)."""
    known = laws().get(card)
    return _(known.when) if known is not None else ""


def card_text_words(card: str) -> str:
    """A law card's text, in the language in use ("" for an unknown card)."""
    known = laws().get(card)
    return _(known.text) if known is not None else ""
