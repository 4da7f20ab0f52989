"""A saved game as read (:class:`SavedGame`), apart from ``persistence`` that reads it so that
``journal``, which continues one, needs nothing else of it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from keythedral.lang import _, pgettext

if TYPE_CHECKING:  # the engine is imported where it is used, so paths come cheap
    from keythedral.engine import GameConfig, GameState

HUMAN = "human"  # a seat played by a person (the others name a bot)


@dataclass(frozen=True)
class SavedGame:
    config: GameConfig
    actions: tuple[Any, ...]
    state: GameState
    saved_at: str = ""
    path: Path | None = None
    seats: tuple[str, ...] = ()  # "human" or a bot spec per seat; () when all are people
    #: The autosave's journal this snapshot is folded up to: (journal id, line number).
    journal: tuple[str, int] | None = None
    note: str = ""  # what could not be used (a damaged journal), for the player
    coach: bool = True  # the coach's suggestions and hint key (saves from before it: on)

    def describe(self) -> str:
        """'Ann, Bob (greedy), Cy · round 3 · 2026-11-01 14:02' for lists of saves."""
        seats = self.seats or (HUMAN,) * len(self.config.players)
        names = ", ".join(
            n if who == HUMAN else _("{player} ({bot})").format(player=n, bot=who.split(":")[0])
            for n, who in zip(self.config.players, seats, strict=True)
        )
        st = self.state
        if not st.to_act:
            # I18N: a saved game in the list of saves: it has ended
            when = pgettext("a saved game", "over")
        elif st.round == 0:
            when = pgettext("the game's opening", "layout")
        else:
            when = pgettext("a round of the game", "round {n}").format(n=st.round)
        seed = _("seed {seed}").format(seed=self.config.seed)
        stamp = self.saved_at[:16].replace("T", " ")
        return f"{names} · {when} · {seed}" + (f" · {stamp}" if stamp else "")
