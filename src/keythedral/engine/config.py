"""GameConfig: who plays and which variants are on."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from keythedral.vocab import name_problem

from .errors import ConfigError

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
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'config'}: "
                + e["msg"].removeprefix("Value error, ")
                for e in exc.errors()
            )
            raise ConfigError(f"invalid game configuration: {problems}") from exc

    @field_validator("players")
    @classmethod
    def _two_to_five(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        """2 to 5 distinct names, each printable text of 1 to 20 characters (a name is shown
        on screens and written to files: no control characters, no endless names)."""
        names = tuple(n.strip() for n in v)
        if not 2 <= len(names) <= 5:
            raise ValueError(f"Keythedral needs 2 to 5 players, not {len(names)}")
        for name in names:
            if (problem := name_problem(name)) is not None:
                raise ValueError(problem)
        if len(set(names)) != len(names):
            raise ValueError("player names must differ")
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
