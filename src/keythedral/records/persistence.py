"""Saved games: JSON files holding the config, the actions and the state they lead to.

A save is trusted only when the actions, replayed from the config, give exactly the saved
state; otherwise it is refused with a message a player understands.  Files are written to a
temporary file in the same folder and moved into place with ``os.replace``, so a crash or a
refused save never leaves a half-written file or touches the previous one.

Layout of the user data folder (``platformdirs``, or ``$KEYTHEDRAL_DATA_DIR``)::

    autosave.json          the game in progress: a snapshot, rewritten after the actions
    autosave.journal       ... and every action since, one line each (records.autosave)
    saves/<name>.json      games saved by name
    replays/<game>.json    every finished game, as a replay (``keythedral replay FILE``)
    bug-reports/...json    what the rules engine failed on, for a bug report (records.faults)

A save may say who plays each seat (``"seats": ["human", "greedy", ...]``: a person, or a bot
spec for ``bots.make_bot``); saves without it are games of people only.  It says whether the
coach is on (``"coach": true`` or ``false``: phase 3's suggested line and the hint key, an app
setting rather than a rule); saves without it, from before the setting, have it on.  Readers
that do not know a field leave it alone, so older and newer releases read each other's saves.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from keythedral import __version__
from keythedral.folders import data_dir as data_dir  # the user's folders, in one place
from keythedral.lang import _
from keythedral.records.journal import follow_journal, read_journal
from keythedral.records.record import (
    RecordError,
    config_of,
    other_rules,
    parse_data,
    read_data,
    replay_actions,
    the_file,
)
from keythedral.records.record import write_atomic as write_atomic  # the one atomic writer
from keythedral.records.saved import HUMAN as HUMAN
from keythedral.records.saved import SavedGame as SavedGame
from keythedral.safefile import brief, clip
from keythedral.safetext import inside, slug

if TYPE_CHECKING:  # the engine is imported where it is used, so paths come cheap
    from keythedral.engine import GameConfig, GameState

FORMAT = "keythedral-save"
VERSION = 1
AUTOSAVE = "autosave.json"
SAVE_NAME = 60  # the longest name of a save

#: A check of one bot seat's spec (``bots.check_spec``): ValueError when this program cannot
#: play it.  Passed in by whoever loads a save, so that the records import no bots.
SeatCheck = Callable[[str], object]


class SaveError(RecordError):
    """A save file that cannot be used; the message says why, for a player."""


# --- folders --------------------------------------------------------------------------------
def autosave_path(base: Path | None = None) -> Path:
    return (base or data_dir()) / AUTOSAVE


def saves_dir(base: Path | None = None) -> Path:
    return (base or data_dir()) / "saves"


def replays_dir(base: Path | None = None) -> Path:
    return (base or data_dir()) / "replays"


def save_path(name: str, base: Path | None = None) -> Path:
    """The file for a save called ``name`` (letters, digits, spaces, - and _ only, at most
    SAVE_NAME of them), always directly inside the saves folder."""
    clean = re.sub(r"[^\w\- ]", "", name, flags=re.ASCII).strip()[:SAVE_NAME].strip()
    if not clean:
        raise SaveError(_("A save needs a name made of letters, digits, spaces, - or _."))
    try:
        return inside(saves_dir(base), f"{clean}.json")
    except ValueError as exc:
        # I18N: {problem} says why the place is refused
        raise SaveError(
            _("A save cannot be written there: {problem}.").format(problem=exc)
        ) from exc


def game_stem(players: Sequence[str], seed: int) -> str:
    """The start of a file name for a game: 'ann-bob-cy-seed-7'.  Made of slugs (lowercase
    letters, digits and -, at most 24 a name: 150 characters in all), so that a player's
    name never becomes a path."""
    names = "-".join(slug(name, limit=24, empty="x") for name in players)
    return f"{names}-seed-{slug(str(seed), limit=20, empty='0')}"


# --- text -----------------------------------------------------------------------------------
def dumps(
    config: GameConfig,
    actions: Sequence[Any],
    state: GameState,
    seats: Sequence[str] = (),
    *,
    saved_at: str | None = None,
    journal: tuple[str, int] | None = None,
    coach: bool = True,
) -> str:
    """The JSON text of a save (``seats``: who plays each seat, when not all are people;
    ``journal``: the autosave's journal and the last of its lines the save holds; ``coach``:
    whether the coach is on in this game)."""
    stamp = saved_at or datetime.now(UTC).isoformat(timespec="seconds")
    # The pieces are dumped by pydantic and spliced, which is much faster than a dict round trip.
    acts = ",".join(a.model_dump_json() for a in actions)
    meta: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": __version__,
        "saved_at": stamp,
    }
    if any(s != HUMAN for s in seats):
        meta["seats"] = list(seats)
    meta["coach"] = bool(coach)
    if journal is not None:
        meta["journal"] = {"id": journal[0], "seq": journal[1]}
    head = json.dumps(meta)
    return (
        head[:-1]
        + f', "config": {config.model_dump_json()}, "actions": [{acts}], '
        + f'"state": {state.model_dump_json()}}}'
    )


def _the_save() -> str:
    # I18N: a saved game, named where a message begins ("The save is not readable JSON.")
    return _("The save")


def loads(text: str | bytes, *, source: str = "", check_seat: SeatCheck | None = None) -> SavedGame:
    """Check and replay a save; raises SaveError saying what is wrong (``check_seat``: see
    :func:`loads_data`).  ``source`` names it in those messages ("The save" by default)."""
    source = source or _the_save()
    try:
        data = parse_data(text, source)
    except RecordError as exc:
        raise SaveError(str(exc)) from exc
    return loads_data(data, source=source, check_seat=check_seat)


def loads_data(data: Any, *, source: str = "", check_seat: SeatCheck | None = None) -> SavedGame:
    """Check and replay a save's parsed JSON; raises SaveError saying what is wrong.
    ``check_seat`` checks each bot seat's spec (the caller passes ``bots.check_spec``: the
    records know no bots); without it only the list of seats itself is checked."""
    from pydantic import ValidationError

    from keythedral.engine import GameState  # engine: after the first frame

    source = source or _the_save()
    # I18N: in the messages with {source}, {source} names the save ("The file x.json", "The
    # save"); {format} is the tag every save holds
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        not_a_save = _("{source} is not a Keythedral save (no '{format}' format tag).")
        raise SaveError(not_a_save.format(source=source, format=FORMAT))
    version = data.get("version")
    if version != VERSION:
        raise SaveError(_version_message(source, version, data.get("game")))
    # Which release wrote the save: when its actions no longer replay, the rules changed.
    release = data["game"] if isinstance(data.get("game"), str) else "?"
    changed = other_rules(release)
    try:
        config = config_of(data, source)
    except RecordError as exc:
        raise SaveError(str(exc)) from exc
    raw_actions = data.get("actions")
    if not isinstance(raw_actions, list):
        raise SaveError(_("{source} has no list of actions.").format(source=source))
    try:
        raw_state, text_log = _without_text_log(data["state"])
        stored = GameState.model_validate(raw_state)
    except (KeyError, ValidationError) as exc:
        unread = _("{source} holds a game state this version of Keythedral cannot read.")
        raise SaveError(unread.format(source=source)) from exc
    try:
        actions, (state,) = replay_actions(config, raw_actions, source=source, release=release)
    except RecordError as exc:
        raise SaveError(str(exc), action=exc.action, reason=exc.reason) from exc
    if (state.model_copy(update={"log": ()}) if text_log else state) != stored:
        altered = _(
            "{source} was altered: its actions, replayed from its settings, do not give the "
            "saved game. It was not loaded."
        )
        raise SaveError(altered.format(source=source) + changed)
    seats = _seats(data.get("seats"), config.n, source, check_seat)
    stamp = data.get("saved_at")
    stamp = stamp[:40] if isinstance(stamp, str) else ""
    link = _journal_link(data.get("journal"))
    # The coach is off only where the save says false: absent (a save from before the
    # setting) or anything else (a newer release's word for it) leaves it on.
    coach = data.get("coach") is not False
    return SavedGame(config, actions, state, stamp, seats=seats, journal=link, coach=coach)


def _journal_link(raw: object) -> tuple[str, int] | None:
    """The autosave journal a snapshot names, when it names one whole (else it has none)."""
    if not isinstance(raw, dict):
        return None
    jid, seq = raw.get("id"), raw.get("seq")
    if not isinstance(jid, str) or not 0 < len(jid) <= 64:
        return None
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        return None
    return jid, seq


def _without_text_log(raw: Any) -> tuple[Any, bool]:
    """A stored state whose log is English sentences (saves from before the log held events)
    without that log, and whether it had one: such a save is checked on everything else (its
    actions replay to the same game; the replayed state's events take the sentences' place)."""
    log = raw.get("log") if isinstance(raw, dict) else None
    if isinstance(log, list) and log and all(isinstance(line, str) for line in log):
        return {**raw, "log": []}, True
    return raw, False


def _seats(raw: object, n: int, source: str, check_seat: SeatCheck | None) -> tuple[str, ...]:
    """The save's seats, checked: one per player, each "human" or a bot this program has,
    with options it takes (checked as ``--bots`` is, by ``check_seat``: ``bots.check_spec``)."""
    if raw is None:
        return ()  # a save from before computer players: people only
    if not isinstance(raw, list) or len(raw) != n or not all(isinstance(s, str) for s in raw):
        damaged = _("{source} has a damaged list of seats (one per player is needed).")
        raise SaveError(damaged.format(source=source))
    for spec in raw:
        if spec != HUMAN and check_seat is not None:
            try:
                check_seat(spec)
            except ValueError as exc:  # bots.BotSpecError
                # I18N: {problem} says which computer player and why
                lacks = _("{source} names a computer player this program lacks: {problem}.")
                raise SaveError(lacks.format(source=source, problem=exc)) from exc
    return tuple(raw) if any(s != HUMAN for s in raw) else ()


def _version_message(source: str, version: object, game: object) -> str:
    """Why a save of another format version cannot be read; the release that wrote it is
    named where the save says it."""
    parts = {
        "source": source,
        "version": brief(version, 20),
        "game": clip(game, 30) if isinstance(game, str) else "",
        "this": __version__,
        "ours": VERSION,
    }
    known = isinstance(version, int) and not isinstance(version, bool)
    newer = known and isinstance(version, int) and version > VERSION
    by = isinstance(game, str)
    # I18N: {source} names the save ("The file x.json"), {version} its format version, {game}
    # the release of Keythedral that wrote it ("0.3.1"), {this} this release, {ours} the
    # format version it reads
    if newer and by:
        message = _(
            "{source} is a version {version} save from a newer Keythedral (Keythedral {game}); "
            "this is Keythedral {this}, which reads version {ours} saves. Update Keythedral to "
            "continue that game."
        )
    elif newer:
        message = _(
            "{source} is a version {version} save from a newer Keythedral; this is Keythedral "
            "{this}, which reads version {ours} saves. Update Keythedral to continue that game."
        )
    elif known and by:
        message = _(
            "{source} is a version {version} save from an older Keythedral (Keythedral {game}); "
            "this is Keythedral {this}, which reads version {ours} saves only, so that game "
            "cannot be continued here."
        )
    elif known:
        message = _(
            "{source} is a version {version} save from an older Keythedral; this is Keythedral "
            "{this}, which reads version {ours} saves only, so that game cannot be continued "
            "here."
        )
    else:
        parts["version"] = brief(version)
        message = _("{source} has no save format version this program knows ({version}).")
    return message.format(**parts)


# --- files ----------------------------------------------------------------------------------
def save(
    path: Path,
    config: GameConfig,
    actions: Sequence[Any],
    state: GameState,
    seats: Sequence[str] = (),
    coach: bool = True,
) -> None:
    try:
        write_atomic(path, dumps(config, actions, state, seats, coach=coach))
    except OSError as exc:
        # I18N: {path} is a file, {problem} the system's reason ("Permission denied")
        problem = _("Could not write {path}: {problem}")
        raise SaveError(problem.format(path=path, problem=exc.strerror or exc)) from exc


def load(path: Path, *, check_seat: SeatCheck | None = None) -> SavedGame:
    """Read, check and replay the save at ``path`` (the file is never changed).  Only a
    regular file of at most GAME_FILE_LIMIT bytes is read (safefile.read_limited).  A snapshot
    that names an autosave journal is followed by the journal's actions (SavedGame.note says
    when part of the journal could not be used).  ``check_seat``: see :func:`loads_data`."""
    journal = read_journal(path)  # first: see read_journal
    try:
        data = read_data(path, what="save")
    except RecordError as exc:
        raise SaveError(str(exc)) from exc
    saved = replace(loads_data(data, source=the_file(path), check_seat=check_seat), path=path)
    return follow_journal(saved, journal)


def list_saves(base: Path | None = None) -> list[Path]:
    folder = saves_dir(base)
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.json"), key=_mtime, reverse=True)


def _mtime(path: Path) -> float:
    """When the file was changed; 0 for one that cannot be looked at (a dangling link: the
    load dialog lists it, and loading it says what is wrong)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
