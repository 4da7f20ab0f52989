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
from keythedral.lang import N_, _
from keythedral.lexicon import data_problem_said
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
#: What ``read_data`` says when there is no file, by what the file was to be.
NO_FILE: dict[str, str] = {
    # I18N: {path} is where a file was looked for
    "file": N_("There is no file at {path}."),
    # I18N: {path} is where a saved game was looked for
    "save": N_("There is no save at {path}."),
    # I18N: {path} is where the list of a hosted game's seat tokens was looked for
    "list of seat tokens": N_("There is no list of seat tokens at {path}."),
}


def the_file(path: Path) -> str:
    """ "The file x.json": a record named by its file, where a message begins."""
    # I18N: a record file named where a message begins ("The file x.json is not readable
    # JSON."): {name} is the file's name
    return _("The file {name}").format(name=path.name)


def read_data(
    path: Path, *, limit: int = GAME_FILE_LIMIT, source: str = "", what: str = "file"
) -> Any:
    """The parsed JSON of a record file: only a regular file of at most ``limit`` bytes."""
    source = source or the_file(path)
    try:
        text = read_limited(path, limit)
    except FileNotFoundError as exc:
        missing = _(NO_FILE.get(what, NO_FILE["file"]))  # a record of another kind: a file
        raise RecordError(missing.format(path=path)) from exc
    except Refused as exc:
        raise RecordError(cannot_load(source, exc.say(_))) from exc
    except OSError as exc:
        raise RecordError(could_not_read(path, exc)) from exc
    return parse_data(text, source)


def cannot_load(source: str, problem: object) -> str:
    """ "The file x.json cannot be loaded: it is a folder, not a regular file."."""
    # I18N: {source} names a record ("The file x.json", "The save"), {problem} says what is
    # wrong with it ("it is a folder, not a regular file")
    return _("{source} cannot be loaded: {problem}.").format(source=source, problem=problem)


def could_not_read(path: Path, exc: OSError) -> str:
    # I18N: {path} is a file, {problem} the system's reason ("Permission denied")
    return _("Could not read {path}: {problem}").format(path=path, problem=exc.strerror or exc)


def parse_data(text: str | bytes, source: str) -> Any:
    try:
        return parse_json(text)
    except Refused as exc:
        raise RecordError(cannot_load(source, exc.say(_))) from exc
    except (ValueError, UnicodeDecodeError) as exc:
        # I18N: {source} names a record ("The file x.json", "The save")
        raise RecordError(_("{source} is not readable JSON.").format(source=source)) from exc


def other_rules(release: str, verb: str = "saved") -> str:
    """A note for a record written by another release, whose rules may differ from ours."""
    if release == __version__:
        return ""
    # I18N: a sentence added after a message about a record that cannot be replayed: {release}
    # is the version of Keythedral that wrote it ("0.3.1"), {version} this one's
    if verb == "recorded" and release:
        note = _(
            "It was recorded by Keythedral {release} and this is {version}: the rules changed "
            "between them, so it cannot be replayed here."
        )
    elif verb == "recorded":
        note = _(
            "It was recorded by a Keythedral before 0.2.0 and this is {version}: the rules "
            "changed between them, so it cannot be replayed here."
        )
    elif release:
        note = _(
            "It was saved by Keythedral {release} and this is {version}: the rules changed "
            "between them, so it cannot be replayed here."
        )
    else:
        note = _(
            "It was saved by a Keythedral before 0.2.0 and this is {version}: the rules changed "
            "between them, so it cannot be replayed here."
        )
    return " " + note.format(release=clip(release, 30), version=__version__)


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
                # I18N: {problem} says what is wrong with the action ("seat: a value of the
                # wrong kind")
                reason = _("not an action the game knows: {problem}").format(
                    problem=data_problem_said(exc.errors()[0])
                )
            elif isinstance(exc, (engine.IllegalAction, ValueError, TypeError)):
                reason = str(exc)
            else:
                # I18N: {error} is the name of what the program raised ("KeyError"), {problem}
                # its message, in English
                reason = _("the rules engine failed on it, {error}: {problem}").format(
                    error=type(exc).__name__, problem=exc
                )
            raise RecordError(
                _damaged(source, i, len(raw), item, state, reason) + other_rules(release, verb),
                action=i,
                reason=reason,
            ) from exc
        actions.append(action)
        if keep_states:
            states.append(state)
        else:
            states[0] = state
    return tuple(actions), states


def _damaged(source: str, i: int, n: int, item: Any, state: GameState, reason: str) -> str:
    """ "The file x.json is damaged: action 3 of 9 (pass by Bob) cannot be replayed (...)."; the
    action's kind and seat are said where the action names them."""
    if isinstance(item, dict):
        kind, seat = item.get("kind"), item.get("seat")
    else:
        kind, seat = getattr(item, "kind", None), getattr(item, "seat", None)
    if not isinstance(kind, str) or not isinstance(seat, int) or not 0 <= seat < state.n:
        # I18N: {source} names a record ("The file x.json"), {i} and {n} number the action
        # that failed among all, {reason} says why
        return _("{source} is damaged: action {i} of {n} cannot be replayed ({reason}).").format(
            source=source, i=i, n=n, reason=reason
        )
    # I18N: as the message above, with the kind of the action that failed ({action}, the
    # game's code name for it: "buy building") and the player whose action it was ({player})
    return _(
        "{source} is damaged: action {i} of {n} ({action} by {player}) cannot be replayed "
        "({reason})."
    ).format(
        source=source,
        i=i,
        n=n,
        action=clip(kind, 30).replace("_", " "),
        player=state.name(seat),
        reason=reason,
    )


def config_of(data: dict[str, Any], source: str) -> GameConfig:
    from keythedral import engine  # engine: after the first frame

    try:
        return engine.GameConfig(**data["config"])
    except (KeyError, TypeError, engine.ConfigError) as exc:
        # I18N: {source} names a record ("The file x.json"), {problem} says what is wrong
        problem = _("{source} has no valid game settings ({problem}).")
        raise RecordError(problem.format(source=source, problem=exc)) from exc
