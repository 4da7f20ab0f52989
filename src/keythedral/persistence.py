"""Saved games: JSON files holding the config, the actions and the state they lead to.

A save is trusted only when the actions, replayed from the config, give exactly the saved
state; otherwise it is refused with a message a player understands.  Files are written to a
temporary file in the same folder and moved into place with ``os.replace``, so a crash or a
refused save never leaves a half-written file or touches the previous one.

Layout of the user data folder (``platformdirs``, or ``$KEYTHEDRAL_DATA_DIR``)::

    autosave.json          the game in progress, rewritten after every action
    saves/<name>.json      games saved by name
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from keythedral import __version__

if TYPE_CHECKING:  # the engine is imported where it is used, so paths come cheap
    from keythedral.engine import GameConfig, GameState

FORMAT = "keythedral-save"
VERSION = 1
AUTOSAVE = "autosave.json"


class SaveError(Exception):
    """A save file that cannot be used; the message says why, for a player."""


@dataclass(frozen=True)
class SavedGame:
    config: GameConfig
    actions: tuple[Any, ...]
    state: GameState
    saved_at: str = ""
    path: Path | None = None

    def describe(self) -> str:
        """'Ann, Bob, Cy · round 3 · 2026-11-01 14:02' for lists of saves."""
        names = ", ".join(self.config.players)
        st = self.state
        when = "over" if not st.to_act else ("layout" if st.round == 0 else f"round {st.round}")
        stamp = self.saved_at[:16].replace("T", " ")
        return f"{names} · {when} · seed {self.config.seed}" + (f" · {stamp}" if stamp else "")


# --- folders --------------------------------------------------------------------------------
def data_dir() -> Path:
    """The user data folder for saves (``$KEYTHEDRAL_DATA_DIR`` overrides it)."""
    env = os.environ.get("KEYTHEDRAL_DATA_DIR")
    if env:
        return Path(env)
    return Path(platformdirs.user_data_dir("keythedral", appauthor=False))


def autosave_path(base: Path | None = None) -> Path:
    return (base or data_dir()) / AUTOSAVE


def saves_dir(base: Path | None = None) -> Path:
    return (base or data_dir()) / "saves"


def save_path(name: str, base: Path | None = None) -> Path:
    """The file for a save called ``name`` (letters, digits, spaces, - and _ only)."""
    clean = re.sub(r"[^\w\- ]", "", name, flags=re.ASCII).strip()
    if not clean:
        raise SaveError("A save needs a name made of letters, digits, spaces, - or _.")
    return saves_dir(base) / f"{clean}.json"


# --- text -----------------------------------------------------------------------------------
def dumps(
    config: GameConfig, actions: Sequence[Any], state: GameState, *, saved_at: str | None = None
) -> str:
    """The JSON text of a save."""
    stamp = saved_at or datetime.now(UTC).isoformat(timespec="seconds")
    # The pieces are dumped by pydantic and spliced, which is much faster than a dict round trip.
    acts = ",".join(a.model_dump_json() for a in actions)
    head = json.dumps(
        {"format": FORMAT, "version": VERSION, "game": __version__, "saved_at": stamp}
    )
    return (
        head[:-1]
        + f', "config": {config.model_dump_json()}, "actions": [{acts}], '
        + f'"state": {state.model_dump_json()}}}'
    )


def loads(text: str | bytes, *, source: str = "the save") -> SavedGame:
    """Check and replay a save; raises SaveError saying what is wrong."""
    from pydantic import ValidationError

    from keythedral import engine
    from keythedral.engine import GameConfig, GameState

    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise SaveError(f"{source} is not a Keythedral save: it is not readable JSON.") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{source} is not a Keythedral save (no '{FORMAT}' format tag).")
    version = data.get("version")
    if version != VERSION:
        raise SaveError(_version_message(source, version, data.get("game")))
    # Which release wrote the save: when its actions no longer replay, the rules changed.
    changed = _changed_rules(data.get("game"))
    try:
        config = GameConfig(**data["config"])
    except (KeyError, TypeError, engine.ConfigError) as exc:
        raise SaveError(f"{source} has no valid game settings ({exc}).") from exc
    raw_actions = data.get("actions")
    if not isinstance(raw_actions, list):
        raise SaveError(f"{source} has no list of actions.")
    try:
        stored = GameState.model_validate(data["state"])
    except (KeyError, ValidationError) as exc:
        raise SaveError(
            f"{source} holds a game state this version of Keythedral cannot read."
        ) from exc
    state = engine.new_game(config)
    actions = []
    for i, raw in enumerate(raw_actions, 1):
        try:
            action = engine.parse_action(raw)
            state = engine.apply(state, action)
        except (ValidationError, engine.IllegalAction) as exc:
            raise SaveError(
                f"{source} is damaged: action {i} of {len(raw_actions)} cannot be replayed "
                f"({exc}).{changed}"
            ) from exc
        actions.append(action)
    if state != stored:
        raise SaveError(
            f"{source} was altered: its actions, replayed from its settings, do not give the "
            f"saved game. It was not loaded.{changed}"
        )
    return SavedGame(config, tuple(actions), state, str(data.get("saved_at", "")))


def _version_message(source: str, version: object, game: object) -> str:
    by = f" (Keythedral {game})" if isinstance(game, str) else ""
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        return (
            f"{source} is a version {version} save from a newer Keythedral{by}; this is "
            f"Keythedral {__version__}, which reads version {VERSION} saves. Update Keythedral "
            "to continue that game."
        )
    if isinstance(version, int) and not isinstance(version, bool):
        return (
            f"{source} is a version {version} save from an older Keythedral{by}; this is "
            f"Keythedral {__version__}, which reads version {VERSION} saves only, so that game "
            "cannot be continued here."
        )
    return f"{source} has no save format version this program knows ({version!r})."


def _changed_rules(game: object) -> str:
    """A note for a save written by another release, whose rules may differ from ours."""
    if isinstance(game, str) and game != __version__:
        return (
            f" It was saved by Keythedral {game} and this is {__version__}: the rules changed "
            "between them, so that game cannot be continued here."
        )
    return ""


# --- files ----------------------------------------------------------------------------------
def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and ``os.replace``."""
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


def save(path: Path, config: GameConfig, actions: Sequence[Any], state: GameState) -> None:
    try:
        write_atomic(path, dumps(config, actions, state))
    except OSError as exc:
        raise SaveError(f"Could not write {path}: {exc.strerror or exc}") from exc


def load(path: Path) -> SavedGame:
    """Read, check and replay the save at ``path`` (the file is never changed)."""
    try:
        text = path.read_bytes()
    except FileNotFoundError as exc:
        raise SaveError(f"There is no save at {path}.") from exc
    except OSError as exc:
        raise SaveError(f"Could not read {path}: {exc.strerror or exc}") from exc
    saved = loads(text, source=f"The file {path.name}")
    return SavedGame(saved.config, saved.actions, saved.state, saved.saved_at, path)


def list_saves(base: Path | None = None) -> list[Path]:
    folder = saves_dir(base)
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


class AutoSaver:
    """Writes the newest snapshot of a game in a background thread.

    ``submit`` returns at once; a burst of submissions writes only the last one.  ``flush``
    waits until everything submitted is on disk.  Errors are kept in ``error``.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.error: str | None = None
        self._pending: tuple[GameConfig, tuple[Any, ...], GameState] | None = None
        self._busy = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, config: GameConfig, actions: Sequence[Any], state: GameState) -> None:
        with self._cond:
            self._pending = (config, tuple(actions), state)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None:
                    if not self._cond.wait(timeout=5.0):
                        self._thread = None
                        return
                job, self._pending = self._pending, None
                self._busy = True
            try:
                save(self.path, *job)
                self.error = None
            except SaveError as exc:
                self.error = str(exc)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> None:
        with self._cond:
            self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def finish(self, timeout: float = 5.0) -> None:
        """Write what is pending in the calling thread, for a process about to end (whose
        background thread ends with it).  A write under way is waited for first, so that the
        newest snapshot is the one left on disk.  Safe to call from a signal handler."""
        with self._cond:
            self._cond.wait_for(lambda: not self._busy, timeout)
            job, self._pending = self._pending, None
        if job is None:
            return
        try:
            save(self.path, *job)
            self.error = None
        except SaveError as exc:
            self.error = str(exc)
