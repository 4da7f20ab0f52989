"""Engine faults: ``engine.apply`` raising anything but ``IllegalAction`` is a bug, never a game lost.

An illegal action is refused by the engine on purpose (``IllegalAction``, a sentence for the
player).  Anything else it raises (a RuntimeError, a KeyError, an AssertionError...) is a fault
in the rules engine.  The app and the host apply every move through :func:`apply`, which turns
such a fault into an :class:`EngineFault` that carries what went wrong.  Whoever catches it
keeps the game at its last good state (nothing is pushed, nothing written to the autosave),
writes a record for a bug report with :func:`write_report` and tells the person in plain words;
a computer player whose move faults plays :func:`fallback` instead, so that the game goes on.
KeyboardInterrupt and SystemExit are not faults: they pass through.

A record for a bug report is a JSON file in ``<data folder>/bug-reports/<time>-<seed>.json``::

    {"format": "keythedral-bug-report", "version": 1, "game": "0.1.0", "written": "...",
     "where": "app: Ann's move", "config": {...}, "seats": [...], "actions": [...],
     "action": {...} or null, "error": {"type": ..., "message": ..., "traceback": ...},
     "python": "3.12.3 ...", "platform": "Linux-..."}

``actions`` are the game's actions up to the last good state; ``action`` is the one the engine
failed on (null when a computer player failed while choosing).  No Textual here.
"""

from __future__ import annotations

import json
import platform
import sys
import traceback
from collections.abc import Collection, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from keythedral import __version__
from keythedral.folders import data_dir
from keythedral.lang import _
from keythedral.records.record import write_atomic

if TYPE_CHECKING:
    from keythedral.engine import Action, GameConfig, GameState

FORMAT = "keythedral-bug-report"
VERSION = 1
REPORTS = "bug-reports"  # the folder in the data folder
#: The kinds of move a computer player falls back on first: they change the least.
QUIET = ("decline", "pass_bid", "pass")


class EngineFault(Exception):
    """The rules engine failed on ``action`` (None: a computer player failed while choosing,
    its search going through the engine): ``error`` is what was raised, ``trace`` its
    traceback as text.  Never an ``IllegalAction``."""

    def __init__(self, action: Action | None, error: Exception) -> None:
        super().__init__(f"{type(error).__name__}: {error}")
        self.action = action
        self.error = error
        self.trace = "".join(traceback.format_exception(error))

    @property
    def kind(self) -> str:
        """The name of what was raised ("RuntimeError")."""
        return type(self.error).__name__


def apply(state: GameState, action: Action) -> GameState:
    """``engine.apply``, with its faults as EngineFault: IllegalAction (a refused action, the
    state untouched) is raised as ever, and so are KeyboardInterrupt and SystemExit."""
    from keythedral import engine  # engine: loaded on use only

    try:
        return engine.apply(state, action)
    except engine.IllegalAction:
        raise
    except Exception as exc:
        raise EngineFault(action, exc) from exc


def fallback(
    state: GameState, legal: Sequence[Action], skip: Collection[Action] = ()
) -> tuple[Action, GameState] | None:
    """A move a computer player makes instead of one the engine failed on (``skip``), and the
    state it leads to: the first of ``legal`` (its seat's actions, in the engine's order) that
    applies, a "let it go by" or a pass first (QUIET: they change the least, so they are the
    least likely to meet the fault again, and one is there whenever the rules let a seat do
    nothing).  None when no action applies."""
    rest = [a for a in legal if a not in skip]
    rest.sort(key=lambda a: a.kind not in QUIET)  # stable: the engine's order otherwise
    for action in rest:
        try:
            return action, apply(state, action)
        except Exception:  # EngineFault too; or IllegalAction: a list of another state
            continue
    return None


# --- the record for a bug report ---------------------------------------------------------------
def reports_dir(base: Path | None = None) -> Path:
    """Where records for bug reports go: ``bug-reports`` in the data folder (``base``, else
    the user's, see keythedral.folders)."""
    return (base or data_dir()) / REPORTS


def report_record(
    fault: EngineFault,
    config: GameConfig,
    actions: Sequence[Action],
    seats: Sequence[str] = (),
    where: str = "",
) -> dict[str, Any]:
    """The record of a fault: the game up to its last good state, the action the engine failed
    on, what it raised and where, and the program that ran it."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": __version__,
        "written": datetime.now(UTC).isoformat(timespec="seconds"),
        "where": where,
        "config": config.model_dump(mode="json"),
        "seats": list(seats),
        "actions": [a.model_dump(mode="json") for a in actions],
        "action": fault.action.model_dump(mode="json") if fault.action is not None else None,
        "error": {"type": fault.kind, "message": str(fault.error), "traceback": fault.trace},
        "python": sys.version,
        "platform": platform.platform(),
    }


def write_report(record: dict[str, Any], folder: Path | None = None) -> Path:
    """Write a fault's ``record`` (``report_record``) into ``folder`` (``reports_dir()`` when
    None) as ``<time>-<seed>.json``, a new file (``-2``, ``-3``... when one of that name is
    there); the file.  OSError (or ValueError) when it cannot be written."""
    folder = folder or reports_dir()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    stem = f"{stamp}-{int(record['config']['seed'])}"
    path = folder / f"{stem}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    write_atomic(path, json.dumps(record, indent=1) + "\n")
    return path


def keep(record: dict[str, Any], folder: Path | None = None) -> tuple[Path | None, str]:
    """``write_report``, never raising: the file (None when it could not be written) and where
    it is, or why there is none, in a sentence (``kept_words``)."""
    path, problem = None, ""
    try:
        path = write_report(record, folder)
    except (OSError, ValueError) as exc:
        problem = str(exc)
    return path, kept_words(path, problem)


def kept_words(path: Path | None, problem: str = "") -> str:
    """Where the record for a bug report is, in a sentence (or why there is none)."""
    if path is not None:
        # I18N: {path} is the file written for a bug report, after a fault of the program
        return _("A record for a bug report is in {path}.").format(path=path)
    # I18N: {problem} is the system's reason, in English, or "unknown reason"
    return _("No record for a bug report could be written ({problem}).").format(
        problem=problem or _("unknown reason")
    )
