"""GameConfig: who plays and which variants are on."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from keythedral.lang import N_
from keythedral.lexicon import data_problem, name_fault

from .errors import ConfigError, Invalid, Joined, Phrase

Edition = Literal["classic", "second"]
WindowPolicy = Literal["always", "when_possible"]


class GameConfig(BaseModel):
    """Players (2..5 names, seat 0 starts) and the variant switches, all off by default."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    players: tuple[str, ...]
    seed: int = 0
    no_laws: bool = False
    open_buildings: bool = False
    edition: Edition = "classic"
    long_game: bool = False
    reaction_windows: WindowPolicy = "always"

    def __init__(self, **data: object) -> None:
        try:
            super().__init__(**data)
        except ValidationError as exc:
            problems = [_problem(e) for e in exc.errors()]
            raise ConfigError(
                # I18N: {problems} are what is wrong, each after the setting it is about
                # ("players: player names must differ")
                N_("invalid game configuration: {problems}"),
                problems=Joined("problems", problems),
            ) from exc

    @field_validator("players")
    @classmethod
    def _two_to_five(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        """2 to 5 distinct names, each printable text of 1 to 20 characters (a name is shown
        on screens and written to files: no control characters, no endless names)."""
        names = tuple(n.strip() for n in v)
        if not 2 <= len(names) <= 5:
            raise Invalid(Phrase(N_("Keythedral needs 2 to 5 players, not {n}"), n=len(names)))
        for name in names:
            if (fault := name_fault(name)) is not None:
                raise Invalid(Phrase(fault[0], **fault[1]))
        if len(set(names)) != len(names):
            raise Invalid(Phrase(N_("player names must differ")))
        return names

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def two_player(self) -> bool:
        return len(self.players) == 2

    @property
    def law_spaces(self) -> int:
        if self.no_laws:
            return 0
        return 1 if self.two_player else 2


def _problem(error: Any) -> Phrase:
    """One of pydantic's errors as a player reads it: where, and what, in the reader's language
    (our validators' words, or ``lexicon.data_problem``'s for data no form makes)."""
    where = ".".join(str(p) for p in error["loc"]) or "config"
    raised = error.get("ctx", {}).get("error")
    what = raised.phrase if isinstance(raised, Invalid) else Phrase(data_problem(error)[1])
    # I18N: a problem of a game's configuration: {where} is the setting's name in the data
    # ("players"), {problem} what is wrong with it
    return Phrase(N_("{where}: {problem}"), where=where, problem=what)
