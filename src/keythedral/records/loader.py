"""Any game record (a save, a replay, the tutorial's progress), checked by its own loader: for
``keythedral log FILE`` and other readers of every kind.

The tutorial and the bots sit above the records, so whoever calls :func:`load` passes in what
reads a tutorial's progress and what checks a bot seat (the command line passes the tutorial's
loader and ``bots.check_spec``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from keythedral.lang import _
from keythedral.records import persistence, replay
from keythedral.records.record import KINDS, Record, RecordError, read_data

if TYPE_CHECKING:
    from keythedral.engine import GameConfig

#: Reads the tutorial's progress file at a path: its settings and its actions (a RecordError,
#: e.g. tutorial.TutorialError, when it cannot).
TutorialReader = Callable[[Path], tuple["GameConfig", Sequence[Any]]]


def load(
    path: Path, *, tutorial: TutorialReader, check_seat: persistence.SeatCheck | None
) -> Record:
    """Any record (a save, a replay, the tutorial's progress), checked by its own loader."""
    data = read_data(path, what="save")
    fmt = data.get("format") if isinstance(data, dict) else None
    kind = KINDS.get(fmt) if isinstance(fmt, str) else None
    if kind == "save":
        saved = persistence.load(path, check_seat=check_seat)
        release = str(data.get("game", ""))
        return Record("save", saved.config, saved.actions, saved.seats, release, data, saved.note)
    if kind == "replay":
        rp = replay.Replay.from_dict(data)
        return Record("replay", rp.config, rp.actions, rp.seats, rp.release, data)
    if kind == "tutorial":
        config, actions = tutorial(path)
        return Record("tutorial", config, tuple(actions), (), str(data.get("game", "")), data)
    # I18N: {name} is a file's name
    unknown = _("The file {name} is not a Keythedral save, replay or tutorial progress file.")
    raise RecordError(unknown.format(name=path.name))
