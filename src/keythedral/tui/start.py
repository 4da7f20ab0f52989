"""What the app opens first: the command line's request (:class:`Start`), and the game or the
tutorial it asks for, loaded in a thread behind the first frame (no Textual here).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from keythedral.lang import _

if TYPE_CHECKING:
    from collections.abc import Iterable

    from keythedral.tui.session import Session
    from keythedral.tutorial import Tutorial


@dataclass(frozen=True)
class Start:
    """What to open once the rules engine is loaded (it loads after the first frame).

    ``players`` start a new game at once (with ``seed`` and the ``variants`` switches of a
    GameConfig); ``load`` resumes a save; neither opens the new-game screen.
    """

    players: tuple[str, ...] = ()
    seed: int | None = None
    variants: dict[str, Any] = field(default_factory=dict)
    load: Path | None = None
    tutorial: bool = False  # open the tutorial (resumed where it was left)
    seats: tuple[str, ...] = ()  # with ``players``: "human" or a bot spec per seat
    replay: Path | None = None  # open the replay viewer on this file
    #: --coach on/off: the coach in the game started, or in the game loaded instead of the
    #: save's own setting; None: the save's, or the default for a new game (on).
    coach: bool | None = None


#: The coach in a new game when nobody says: on, for a person against bots and for people only
#: alike (README, "The coach"); the tutorial always has it.
COACH = True

#: Short names for Textual's themes, for --theme.
THEME_ALIASES = {"ansi": "ansi-dark", "dark": "textual-dark", "light": "textual-light"}


def pick_theme(name: str, available: Iterable[str]) -> tuple[str | None, str]:
    """The theme --theme names (an alias or Textual's own name), or None and what to say."""
    theme = THEME_ALIASES.get(name, name)
    if theme in available:
        return theme, ""
    known = ", ".join(sorted(available))
    # I18N: {theme}: the name asked for, quoted; {known}: the themes there are, comma-separated
    return None, _("There is no theme {theme}. Try: {known}.").format(
        theme=repr(theme), known=known
    )


class StartError(Exception):
    """The game asked for cannot start (the message says why)."""


def load_start(start: Start) -> tuple[Session, str]:
    """The game asked for on the command line, and the save's note of what was lost (if any).
    Raises StartError for a save that cannot be read, a bad setting or a bad bot option."""
    from keythedral import engine  # engine: after the first frame
    from keythedral.bots import BotSpecError, check_spec  # engine: after the first frame
    from keythedral.records import persistence  # not before the first frame
    from keythedral.tui.session import Session  # engine: after the first frame

    note = ""
    try:
        if start.load is not None:
            saved = persistence.load(start.load, check_seat=check_spec)
            coach = saved.coach if start.coach is None else start.coach
            session = Session.replayed(saved.config, saved.actions, saved.seats, coach)
            note = saved.note
        else:
            seed = start.seed if start.seed is not None else _random_seed()
            cfg = engine.GameConfig(players=start.players, seed=seed, **start.variants)
            session = Session.new(cfg, start.seats, COACH if start.coach is None else start.coach)
            for seat in range(cfg.n):  # a bad bot option (--bots ismcts:tim=1) is told
                if (spec := session.bot_spec(seat)) is not None:
                    check_spec(spec)  # as a save's seats are (persistence.load)
    except (persistence.SaveError, engine.ConfigError, BotSpecError) as exc:
        raise StartError(str(exc)) from exc
    return session, note


def load_tutorial(data_dir: Path | None) -> Tutorial:
    """The tutorial where it was left, or a new one (after a finished one too)."""
    from keythedral.tutorial import Tutorial, tutorial_path  # engine: after the first frame

    tutorial = Tutorial.resume_or_start(path=tutorial_path(data_dir))
    if tutorial.over:
        tutorial = Tutorial()
    return tutorial


def _random_seed() -> int:
    from keythedral.tui.screens.new_game import random_seed  # not before the first frame

    return random_seed()
