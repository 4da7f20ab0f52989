"""One game record: what saves, replays and the tutorial's progress file have in common.

Every kind is a JSON object with a format tag and a format version, the release that wrote it
(``game``), the settings (``config``), who played each seat (``seats``) and the actions in order
(``actions``); each kind adds its own fields (a save its state, a replay its result, the tutorial
the lessons taught).  This module is the one place that

- writes such a file (atomically: a temporary file moved into place, ``write_atomic``),
- reads one safely (a regular file of bounded size, bounded JSON nesting: ``read_data``),
- replays the actions from the settings (``replay_actions``).

``records.loader.load`` loads any kind, for ``keythedral log FILE`` and other readers of every
kind.

Every refusal is a :class:`RecordError` (SaveError, ReplayError and TutorialError are kinds of
it), saying what is wrong for a person, with the number of the action that failed and the reason
when replaying is what failed.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from keythedral import __version__
from keythedral.safefile import GAME_FILE_LIMIT, Refused, clip, parse_json, read_limited

if TYPE_CHECKING:
    from keythedral.engine import Action, GameConfig, GameState

#: The format tags of the three kinds of record.
KINDS = {
    "keythedral-save": "save",
    "keythedral-replay": "replay",
    "keythedral-tutorial": "tutorial",
}


class RecordError(Exception):
    """A record that cannot be used; the message says why, for a person.  ``action`` is the
    (1-based) number of the action that could not be replayed, when that is the reason."""

    def __init__(self, message: str, *, action: int | None = None, reason: str = "") -> None:
        super().__init__(message)
        self.action = action
        self.reason = reason or message


@dataclass(frozen=True)
class Record:
    """A record of any kind, checked and replayed: the states its actions lead to."""

    kind: str  # "save", "replay" or "tutorial"
    config: GameConfig
    actions: tuple[Action, ...]
    seats: tuple[str, ...] = ()
    release: str = ""  # the Keythedral that wrote it ("" when the file does not say)
    data: dict[str, Any] = field(default_factory=dict, repr=False)  # the kind's own fields
    note: str = ""  # what could not be used (a damaged autosave journal), for the reader

    def states(self) -> Iterator[GameState]:
        """Every state from the start to the last action's."""
        from keythedral import engine  # engine: after the first frame

        state = engine.new_game(self.config)
        yield state
        for action in self.actions:
            state = engine.apply(state, action)
            yield state


# --- writing ---------------------------------------------------------------------------------
def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file (synced) and ``os.replace``: a
    reader never sees half a file, and a kill leaves the old file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def header(fmt: str, version: int) -> dict[str, Any]:
    """The fields every record begins with."""
    return {"format": fmt, "version": version, "game": __version__}


# --- reading ---------------------------------------------------------------------------------
def read_data(
    path: Path, *, limit: int = GAME_FILE_LIMIT, source: str = "", what: str = "file"
) -> Any:
    """The parsed JSON of a record file: only a regular file of at most ``limit`` bytes."""
    source = source or f"The file {path.name}"
    try:
        text = read_limited(path, limit)
    except FileNotFoundError as exc:
        raise RecordError(f"There is no {what} at {path}.") from exc
    except Refused as exc:
        raise RecordError(f"{source} cannot be loaded: {exc}.") from exc
    except OSError as exc:
        raise RecordError(f"Could not read {path}: {exc.strerror or exc}") from exc
    return parse_data(text, source)


def parse_data(text: str | bytes, source: str) -> Any:
    try:
        return parse_json(text)
    except Refused as exc:
        raise RecordError(f"{source} cannot be loaded: {exc}.") from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise RecordError(f"{source} is not readable JSON.") from exc


def other_rules(release: str, verb: str = "saved") -> str:
    """A note for a record written by another release, whose rules may differ from ours."""
    if release == __version__:
        return ""
    by = f"Keythedral {clip(release, 30)}" if release else "a Keythedral before 0.2.0"
    return (
        f" It was {verb} by {by} and this is {__version__}: the rules changed between them, "
        "so it cannot be replayed here."
    )


def replay_actions(
    config: GameConfig,
    raw: Sequence[Any],
    *,
    source: str,
    release: str,
    verb: str = "saved",
    keep_states: bool = False,
) -> tuple[tuple[Action, ...], list[GameState]]:
    """Parse and replay ``raw`` actions from ``config``: (the actions, the states: every one
    with ``keep_states``, else only the last).  RecordError names the action that fails."""
    from pydantic import ValidationError

    from keythedral import engine  # engine: after the first frame

    state = engine.new_game(config)
    states = [state]
    actions = []
    for i, item in enumerate(raw, 1):
        try:
            action = engine.parse_action(item) if isinstance(item, dict) else item
            state = engine.apply(state, action)
        except Exception as exc:  # a damaged file, or a fault of the engine: never a crash
            if isinstance(exc, ValidationError):
                reason = f"not an action the game knows: {exc.errors()[0]['msg']}"
            elif isinstance(exc, (engine.IllegalAction, ValueError, TypeError)):
                reason = str(exc)
            else:
                reason = f"the rules engine failed on it, {type(exc).__name__}: {exc}"
            what = _what(item, state)
            raise RecordError(
                f"{source} is damaged: action {i} of {len(raw)}{what} cannot be replayed "
                f"({reason}).{other_rules(release, verb)}",
                action=i,
                reason=reason,
            ) from exc
        actions.append(action)
        if keep_states:
            states.append(state)
        else:
            states[0] = state
    return tuple(actions), states


def _what(item: Any, state: GameState) -> str:
    """' (pass by Bob)' for an action that names its kind and a seat of the game."""
    if isinstance(item, dict):
        kind, seat = item.get("kind"), item.get("seat")
    else:
        kind, seat = getattr(item, "kind", None), getattr(item, "seat", None)
    if not isinstance(kind, str) or not isinstance(seat, int) or not 0 <= seat < state.n:
        return ""
    return f" ({clip(kind, 30).replace('_', ' ')} by {state.name(seat)})"


def config_of(data: dict[str, Any], source: str) -> GameConfig:
    from keythedral import engine  # engine: after the first frame

    try:
        return engine.GameConfig(**data["config"])
    except (KeyError, TypeError, engine.ConfigError) as exc:
        raise RecordError(f"{source} has no valid game settings ({exc}).") from exc
