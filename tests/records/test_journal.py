"""The autosave's journal: every action on disk at once, folded into the snapshot behind.

- A move is written before ``submit`` returns (a kill keeps it) and made durable (fdatasync,
  for a power cut) by a thread of its own; the next move waits for that: at most the move in
  flight is ever written and not yet durable.
- Until the background folds them, the journal alone holds the newest actions, and undos; a
  load (and so --resume, the resume offer, ``keythedral log``) replays snapshot + journal.
- A torn last line loses that line only; damage further up ends the journal there and says so;
  a journal that is not a regular file, or too big, is not read.
- A kill between the two steps of a fold, or a journal left by another game, replays right.
- A process killed at random moments while it plays, undoes and folds leaves the game it last
  acknowledged (or the one it was writing).
- Temporary files of writes that never finished are removed when autosaving starts.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from keythedral import engine
from keythedral.engine import GameConfig, GameState
from keythedral.records import autosave, persistence
from keythedral.records import journal as journal_module
from keythedral.records.autosave import AutoSaver
from tests.support import ROOT
from tests.support.records import journey


def played(steps: int, seed: int = 3) -> tuple[GameConfig, list[Any], list[GameState]]:
    """``steps`` random actions, with the state before and after each."""
    cfg = GameConfig(players=["Ann", "Bob", "Cy"][: 2 + seed % 2], seed=seed)
    rng = random.Random(seed)
    states, acts = [engine.new_game(cfg)], []
    for _ in range(steps):
        acts.append(rng.choice(engine.legal_actions(states[-1])))
        states.append(engine.apply(states[-1], acts[-1]))
    return cfg, acts, states


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "autosave.json"


@pytest.fixture
def unfolded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The background never gets to fold, as when the process is killed right after a move:
    the snapshot stays as the game began, and the journal holds everything since."""
    monkeypatch.setattr(AutoSaver, "_queue", lambda self, job: None)


def journal_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in autosave.journal_path(path).read_bytes().splitlines()]


def snapshot_count(path: Path) -> int:
    return len(json.loads(path.read_bytes())["actions"])


def test_the_journal_holds_each_action_until_it_is_folded(path: Path) -> None:
    cfg, acts, states = played(30)
    saver = AutoSaver(path)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(AutoSaver, "_queue", lambda self, job: None)
        for i in range(1, 26):
            saver.submit(cfg, acts[:i], states[i])
        assert snapshot_count(path) == 1  # written when the game began, and not since
        lines = journal_lines(path)
        assert lines[0]["format"] == "keythedral-journal" and lines[0]["seq"] == 0
        assert [line["at"] for line in lines[1:]] == list(range(1, 25))
        saved = persistence.load(path)
        assert list(saved.actions) == acts[:25] and saved.state == states[25]
    # Folding: the snapshot takes the actions, and the journal keeps only its header.
    saver.submit(cfg, acts[:26], states[26])
    saver.flush()
    assert saver.error is None and snapshot_count(path) == 26
    assert [line["seq"] for line in journal_lines(path)] == [25]
    assert persistence.load(path).state == states[26]
    # Quitting: nothing is left in the journal, so it goes.
    saver.close()
    assert [p.name for p in path.parent.iterdir()] == ["autosave.json"]
    assert persistence.load(path).state == states[26]


def test_a_move_is_written_at_once_and_made_durable_behind(
    path: Path, unfolded: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg, acts, states = played(4)
    saver = AutoSaver(path)
    saver.submit(cfg, acts[:1], states[1])  # the game begins: its snapshot
    gate, synced = threading.Event(), []

    def slow_sync(fd: int) -> None:  # a disk that takes its time
        gate.wait(10)
        synced.append(fd)

    monkeypatch.setattr(autosave, "_sync", slow_sync)
    saver.submit(cfg, acts[:2], states[2])  # returns while its line waits for the disk
    assert list(persistence.load(path).actions) == acts[:2]  # written: a kill keeps it
    assert not synced
    done = threading.Event()

    def next_move() -> None:
        saver.submit(cfg, acts[:3], states[3])
        done.set()

    mover = threading.Thread(target=next_move)
    mover.start()
    assert not done.wait(0.3)  # the next move waits until the one before is durable
    gate.set()
    mover.join(10)
    assert done.is_set() and synced
    saver.flush()  # ... and flush until the last one is
    assert not saver._unsynced and saver.error is None
    assert list(persistence.load(path).actions) == acts[:3]


def test_a_torn_journal_loses_only_its_torn_line(path: Path, unfolded: None) -> None:
    """Cut anywhere (the process killed while writing): every whole line is kept."""
    cfg, acts, states = played(8)
    saver = AutoSaver(path)
    saver.submit(cfg, [], states[0])
    for i in range(1, 9):
        saver.submit(cfg, acts[:i], states[i])
    data = autosave.journal_path(path).read_bytes()
    ends = [i + 1 for i, b in enumerate(data) if b == ord("\n")]  # where each line ends
    assert len(ends) == 9  # the header and eight actions
    for cut in range(len(data) + 1):
        autosave.journal_path(path).write_bytes(data[:cut])
        saved = persistence.load(path)
        whole = max(0, sum(end <= cut for end in ends) - 1)  # the action lines kept whole
        assert list(saved.actions) == acts[:whole], cut
        assert saved.state == states[whole] and saved.note == ""


def test_an_undo_is_a_journal_line_and_replays(path: Path) -> None:
    cfg, acts, states = played(12)
    saver = AutoSaver(path)
    for i in range(11):
        saver.submit(cfg, acts[:i], states[i])
    saver.flush()  # the snapshot holds ten actions
    other = next(a for a in engine.legal_actions(states[9]) if a != acts[9])
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(AutoSaver, "_queue", lambda self, job: None)
        saver.submit(cfg, acts[:9], states[9])  # the tenth taken back...
        saver.submit(cfg, [*acts[:9], other], engine.apply(states[9], other))  # ...another
        lines = journal_lines(path)[1:]
        assert [(line.get("len"), line.get("at")) for line in lines] == [(9, None), (None, 9)]
        saved = persistence.load(path)
        assert list(saved.actions) == [*acts[:9], other]
        assert saved.state == engine.apply(states[9], other)
        saver.submit(cfg, acts[:8], states[8])  # two taken back: below the snapshot's own
        saved = persistence.load(path)
        assert list(saved.actions) == acts[:8] and saved.state == states[8]
    assert snapshot_count(path) == 10  # all of that only in the journal


def test_keythedral_log_reads_the_journal_and_says_when_it_is_damaged(
    path: Path, unfolded: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from keythedral import cli
    from keythedral.records import gamelog

    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(path.parent))
    cfg, acts, states = played(6)
    saver = AutoSaver(path)
    for i in range(7):
        saver.submit(cfg, acts[:i], states[i])
    assert cli.main(["log"]) == 0
    captured = capsys.readouterr()
    assert captured.out == gamelog.log_text(cfg, acts) and captured.err == ""
    journal = autosave.journal_path(path)
    lines = journal.read_bytes().splitlines(keepends=True)
    journal.write_bytes(b"".join([*lines[:4], b"{damaged\n", *lines[5:]]))
    assert cli.main(["log"]) == 0
    captured = capsys.readouterr()
    assert captured.out == gamelog.log_text(cfg, acts[:3])
    assert "keythedral log: The autosave's journal autosave.journal is damaged" in captured.err


def test_killed_between_the_snapshot_and_the_journal_rewrite(path: Path, unfolded: None) -> None:
    """A fold writes the snapshot, then the journal: in between, the journal still holds lines
    the snapshot has; they are skipped by their numbers."""
    cfg, acts, states = played(10)
    saver = AutoSaver(path)
    for i in range(11):
        saver.submit(cfg, acts[:i], states[i])
    head = journal_lines(path)[0]
    text = persistence.dumps(cfg, acts[:6], states[6], journal=(head["id"], 6))
    persistence.write_atomic(path, text)  # the fold's first step, up to line 6
    saved = persistence.load(path)
    assert list(saved.actions) == acts and saved.state == states[10]
    # A snapshot newer than the journal (read between the two steps of a fold by another
    # process): the snapshot alone, a whole game of its own.
    rewritten = autosave.journal_path(path).read_bytes().replace(b'"seq": 0}', b'"seq": 8}', 1)
    autosave.journal_path(path).write_bytes(rewritten)
    assert list(persistence.load(path).actions) == acts[:6]


def test_a_journal_of_another_game_is_not_followed(path: Path, unfolded: None) -> None:
    cfg, acts, states = played(10)
    saver = AutoSaver(path)
    for i in range(11):
        saver.submit(cfg, acts[:i], states[i])
    persistence.save(path, cfg, acts[:3], states[3])  # a save put there by other means
    assert list(persistence.load(path).actions) == acts[:3]
    text = persistence.dumps(cfg, acts[:4], states[4], journal=("0123456789abcdef", 0))
    persistence.write_atomic(path, text)  # a snapshot naming another journal
    assert list(persistence.load(path).actions) == acts[:4]


@pytest.mark.parametrize(
    "damage",
    [
        b"{not json",
        b'{"seq": 5, "at": 4, "action": {"kind": "pass", "seat": 9}}',  # cannot be played
        b'{"seq": 5, "at": 4, "action": {"kind": "cheat", "seat": 0}}',  # no such action
        b'{"seq": 5, "at": 7, "action": {}}',  # not where it says
        b'{"seq": 5, "len": 99}',
        b'{"seq": 9, "at": 3}',  # out of order
        b"[1, 2]",
        b"[" * 100_000,
    ],
)
def test_a_damaged_line_ends_the_journal_and_says_so(
    path: Path, unfolded: None, damage: bytes
) -> None:
    cfg, acts, states = played(8)
    saver = AutoSaver(path)
    saver.submit(cfg, [], states[0])
    for i in range(1, 9):
        saver.submit(cfg, acts[:i], states[i])
    journal = autosave.journal_path(path)
    lines = journal.read_bytes().splitlines(keepends=True)
    lines[5] = damage + b"\n"  # the line of the fifth action (index 4)
    journal.write_bytes(b"".join(lines))
    saved = persistence.load(path)
    assert list(saved.actions) == acts[:4] and saved.state == states[4]
    assert "damaged from line 6" in saved.note and "after action 4" in saved.note


def test_a_journal_that_is_no_regular_file_or_too_big_is_not_read(
    path: Path, unfolded: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg, acts, states = played(5)
    saver = AutoSaver(path)
    for i in range(6):
        saver.submit(cfg, acts[:i], states[i])
    journal = autosave.journal_path(path)
    real = path.parent / "elsewhere"
    journal.rename(real)
    journal.symlink_to(real)  # not followed
    saved = persistence.load(path)
    assert list(saved.actions) == [] and "was not used: it cannot be read" in saved.note
    journal.unlink()
    os.mkfifo(journal)  # nobody writes: reading it would wait for ever
    saved = persistence.load(path)
    assert "not a regular file" in saved.note and saved.state == states[0]
    journal.unlink()
    real.rename(journal)
    assert list(persistence.load(path).actions) == acts
    monkeypatch.setattr(journal_module, "MAX_JOURNAL", 100)
    saved = persistence.load(path)
    assert list(saved.actions) == [] and "larger than" in saved.note


def test_stale_temporary_files_go_when_autosaving_starts(path: Path) -> None:
    folder = path.parent
    (folder / "saves").mkdir()
    old = time.time() - 3600
    leftovers = [
        folder / ".autosave.json.k2j4h5g6.tmp",  # a snapshot write that never finished
        folder / ".autosave.journal.a1b2c3d4.tmp",
        folder / "saves" / ".Friday.json.zzzzzzzz.tmp",  # an hour old
    ]
    kept = [
        folder / "saves" / ".Monday.json.yyyyyyyy.tmp",  # maybe being written right now
        folder / "saves" / "Friday.json",
        folder / "notes.tmp",
    ]
    for p in leftovers + kept:
        p.write_bytes(b"x" * 1000)
    os.utime(leftovers[2], (old, old))
    (folder / ".a-folder.tmp").mkdir()
    cfg, acts, states = played(1)
    AutoSaver(path).submit(cfg, acts, states[1])
    assert not any(p.exists() for p in leftovers)
    assert all(p.exists() for p in kept) and (folder / ".a-folder.tmp").is_dir()
    assert list(persistence.load(path).actions) == acts


def test_a_journal_that_cannot_be_written_is_said_and_started_again(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg, acts, states = played(6)
    saver = AutoSaver(path)
    for i in range(4):
        saver.submit(cfg, acts[:i], states[i])

    def full(fd: int, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as mp:
        mp.setattr(autosave, "_write_all", full)
        saver.submit(cfg, acts[:4], states[4])
        assert saver.error is not None and "No space left on device" in saver.error
    saver.submit(cfg, acts[:5], states[5])  # the disk has room again: a new journal
    assert saver.error is None
    saver.flush()
    assert list(persistence.load(path).actions) == acts[:5]


def test_two_games_sharing_the_folder_the_last_to_move_is_the_autosave(path: Path) -> None:
    """Two Keythedrals on one data folder (two terminals, two tabs of keythedral serve): each
    move is in the autosave when it is acknowledged, whoever moved before, and a fold of the
    other game never writes over it."""
    games = [played(40, seed) for seed in (1, 2)]
    savers = [AutoSaver(path), AutoSaver(path)]
    done = [0, 0]
    rng = random.Random(5)
    for _ in range(60):
        who = rng.randrange(2)
        cfg, acts, states = games[who]
        done[who] += 1
        savers[who].submit(cfg, acts[: done[who]], states[done[who]])
        if rng.random() < 0.5:
            savers[1 - who].flush()  # the other's fold, late
        saved = persistence.load(path)
        assert (saved.config, list(saved.actions)) == (cfg, acts[: done[who]])
        assert saved.state == states[done[who]]
    for saver in savers:
        saver.close()
    saved = persistence.load(path)
    assert (saved.config, list(saved.actions)) == (cfg, acts[: done[who]])


#: A process that plays, undoes and autosaves as fast as it can; it prints the number of each
#: step once ``submit`` has returned (the move acknowledged, as the screen would show it).
PLAYER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[3])
    from keythedral.records.autosave import AutoSaver
    from keythedral.engine import GameConfig
    from tests.support.records import journey

    seed = int(sys.argv[2])
    cfg = GameConfig(players=["Ann", "Bob", "Cy"], seed=seed)
    saver = AutoSaver(Path(sys.argv[1]))
    for step, (acts, state) in enumerate(journey(seed), 1):
        saver.submit(cfg, acts, state)
        print(step, flush=True)
    """
)


def test_killed_at_random_moments_the_acknowledged_game_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "data" / "autosave.json"
    rng = random.Random(11)
    for seed in range(8):
        out = tmp_path / f"steps-{seed}.txt"
        with out.open("w") as stdout:
            proc = subprocess.Popen(
                [sys.executable, "-c", PLAYER, str(path), str(seed), str(ROOT)], stdout=stdout
            )
        deadline = time.monotonic() + 30
        while not out.read_bytes():  # the game began: its first step is acknowledged
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.01)
        time.sleep(rng.uniform(0.05, 0.6))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        done = int(out.read_text().split()[-1])
        steps = journey(seed)
        for _ in range(done):
            acts, state = next(steps)
        acts = list(acts)  # the list is changed in place by the next step
        nxt, nxt_state = next(steps)  # the step that may have been under way
        saved = persistence.load(path)
        assert saved.note == ""
        if list(saved.actions) == acts:
            assert saved.state == state
        else:
            assert list(saved.actions) == nxt and saved.state == nxt_state, (seed, done)
    # What the kills left: the snapshot, the journal and at most temporary files, removed
    # when autosaving starts again.
    names = {p.name for p in path.parent.iterdir()}
    assert {"autosave.json", "autosave.journal"} <= names
    assert all(n.endswith(".tmp") for n in names - {"autosave.json", "autosave.journal"})
    autosave.remove_stale_files(path)
    assert {p.name for p in path.parent.iterdir()} == {"autosave.json", "autosave.journal"}
