"""Reading the autosave's journal (``autosave`` writes it; see its docstring for the format and
what a kill leaves): the journal first, then the snapshot (so that a game played meanwhile
cannot have moved the journal past the snapshot read), checked as every save is; then the
journal's lines after the snapshot, each action replayed by the engine.  A torn last line loses
only that line; any other line that cannot be used ends the journal there, and
``SavedGame.note`` says so.  Read only as a regular file (not through a link) of at most 16 MB.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from keythedral.lang import _
from keythedral.records.saved import SavedGame

FORMAT = "keythedral-journal"
VERSION = 1
MAX_JOURNAL = 16 * 1024 * 1024  # bytes; folding keeps a journal to a few lines


def journal_path(snapshot: Path) -> Path:
    """The journal beside a snapshot: autosave.json -> autosave.journal."""
    return snapshot.with_suffix(".journal")


class _Unusable(Exception):
    """A journal that cannot be read at all; the message says why."""


def _cannot_read(exc: OSError) -> str:
    # I18N: why the autosave's journal was not used: {problem} is the system's reason
    return _("it cannot be read ({problem})").format(problem=exc.strerror or exc)


def _too_large() -> str:
    # I18N: why the autosave's journal was not used: {n} is a size in megabytes
    return _("it is larger than {n} MB").format(n=MAX_JOURNAL // 2**20)


def _read(path: Path) -> bytes:
    """The journal's bytes: a regular file (not followed through a link), at most
    MAX_JOURNAL bytes; FileNotFoundError when there is none."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise _Unusable(_cannot_read(exc)) from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            # I18N: why the autosave's journal was not used, after "... was not used: "
            raise _Unusable(_("it is not a regular file"))
        if st.st_size > MAX_JOURNAL:
            raise _Unusable(_too_large())
        chunks, size = [], 0
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_JOURNAL:
                raise _Unusable(_too_large())
        return b"".join(chunks)
    except OSError as exc:
        raise _Unusable(_cannot_read(exc)) from exc
    finally:
        os.close(fd)


def _line(raw: bytes) -> dict[str, Any] | None:
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass(frozen=True)
class Journal:
    """The journal beside a save, as read: its bytes (None when there is none), or why it
    could not be read."""

    path: Path
    data: bytes | None = None
    problem: str = ""


def read_journal(snapshot: Path) -> Journal:
    """Read the journal beside ``snapshot``: before the snapshot itself, so that a game being
    played meanwhile cannot have rewritten the journal past the snapshot read (a fold writes
    the snapshot first, then the journal)."""
    path = journal_path(snapshot)
    try:
        return Journal(path, _read(path))
    except FileNotFoundError:
        return Journal(path)  # everything was folded, and the journal removed
    except _Unusable as exc:
        return Journal(path, problem=str(exc))


def follow_journal(saved: SavedGame, journal: Journal) -> SavedGame:
    """The snapshot ``saved`` followed by ``journal`` (read before it), when the journal is
    the one the snapshot names: the game as it was when the last whole line was written."""
    if saved.journal is None or journal.data is None:
        if saved.journal is None or not journal.problem:
            return saved
        # I18N: {name} is a file's name, {problem} why it was not used ("it is not a regular
        # file")
        note = _("The autosave's journal {name} was not used: {problem}.")
        return replace(saved, note=note.format(name=journal.path.name, problem=journal.problem))
    jid, snap_seq = saved.journal
    path, data = journal.path, journal.data
    lines = data.split(b"\n")
    lines.pop()  # what follows the last newline: empty, or a line torn by a kill
    head = _line(lines[0]) if lines else None
    if head is None or head.get("format") != FORMAT or head.get("id") != jid:
        return saved  # the journal of another game (or the start of one, torn)
    first = _int(head.get("seq"))
    if head.get("version") != VERSION or first is None or first > snap_seq:
        # A journal of a newer release, or one that does not follow this snapshot (read in
        # the wrong order): the snapshot alone is a game of its own.
        return saved
    acts = list(saved.actions)
    low = len(acts)  # the actions below this one are the snapshot's own
    expect = first + 1
    damage: int | None = None  # the number of the first line not used
    line_of: dict[int, int] = {}  # an action's index -> the journal line that gave it
    from keythedral import engine  # engine: after the first frame

    for number, raw in enumerate(lines[1:], 2):
        op = _line(raw)
        if op is None or _int(op.get("seq")) != expect:
            damage = number
            break
        expect += 1
        if expect - 1 <= snap_seq:
            continue  # the snapshot holds it already
        at, keep = _int(op.get("at")), _int(op.get("len"))
        if keep is not None and 0 <= keep <= len(acts):
            del acts[keep:]
            low = min(low, keep)
            continue
        try:
            if at != len(acts) or "action" not in op:
                raise ValueError(op)
            acts.append(engine.parse_action(op["action"]))
            line_of[at] = number
        except (ValueError, TypeError, RecursionError, engine.KeythedralError):
            damage = number
            break
    state = saved.state
    if low < len(saved.actions) or len(acts) > low:
        # Replay: from the snapshot's state when its actions are all kept, else from the
        # start (an undo took back an action the snapshot holds).
        if low < len(saved.actions):
            state = engine.new_game(saved.config)
            for a in acts[:low]:
                state = engine.apply(state, a)
        for i in range(low, len(acts)):
            try:
                state = engine.apply(state, acts[i])
            except Exception:  # a file's line: whatever keeps it from replaying ends there
                damage = line_of.get(i, damage)
                del acts[i:]
                break
    note = ""
    if damage is not None:
        # I18N: {name} is a file's name, {line} a line number in it, {n} the number of actions
        # of the game that could be read
        note = _(
            "The autosave's journal {name} is damaged from line {line} on: the game resumes "
            "after action {n}, the last one that could be read."
        ).format(name=path.name, line=damage, n=len(acts))
    return replace(saved, actions=tuple(acts), state=state, note=note)
