"""A game survives a crash, and a save that cannot be trusted is refused without harm.

- The real program in a pseudo-terminal, killed with SIGKILL in the middle of a game (right
  after a key, or after its autosave caught up) or losing its terminal, resumes with
  ``keythedral --resume`` exactly at its last completed action, and plays on from there.
- A process killed while it writes saves never leaves a torn file.
- Saves from older (and newer) versions: the checked-in save written by 0.1.0 loads; other
  format versions, and saves from releases whose rules differ, are refused with a message
  that says so.
- Truncated, hand-edited and randomly damaged saves are refused with a SaveError (never another
  exception), and the file, the autosave and the game in progress are left as they were.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from keythedral import __version__, engine
from keythedral.engine import GameState
from keythedral.records import persistence
from tests.support import SAVES
from tests.support.notices import notices
from tests.support.ptyterm import PtyApp, app_env, wait_until
from tests.support.records import before_any_pass, played

GOLDEN = SAVES / "format1-keythedral-0.1.0.json"


def passing(state: GameState, times: int) -> list[Any]:
    """The actions of ``times`` players passing in turn from ``state`` (as 'p' does)."""
    out = []
    for _ in range(times):
        act = next(a for a in engine.legal_actions(state) if a.kind == "pass")
        state = engine.apply(state, act)
        out.append(act)
    return out


def saved_count(path: Path) -> int:
    """How many actions the file holds (-1 while it cannot be read)."""
    try:
        return len(json.loads(path.read_bytes())["actions"])
    except (OSError, ValueError, KeyError):
        return -1


def take_keyboard_and_pass(app: PtyApp, name: str | None = None) -> None:
    """On the privacy screen: Enter (the player takes the keyboard), then p (pass).  With the
    player's ``name``, p waits until that player's own screen is up: the hand-over screen's
    text also says "phase 3 action", and a key sent before it has gone is not a pass."""
    app.wait_for(f"Pass the keyboard to {name}" if name else "Pass the keyboard")
    mark = app.mark()
    app.send("\r")
    app.wait_for(f"{name}'s screen (private)" if name else "phase 3 action", since=mark)
    app.send("p")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


# --- killed, and resumed --------------------------------------------------------------------
def test_sigkill_mid_game_resumes_at_the_last_completed_action(data_dir: Path) -> None:
    cfg, actions, state = played(until=before_any_pass, no_laws=True)
    autosave = persistence.autosave_path(data_dir)
    persistence.save(autosave, cfg, actions, state)
    n = len(actions)
    expected = actions + passing(state, 2)
    env = app_env(data_dir)

    with PtyApp(["--resume"], env) as app:
        for done in (n + 1, n + 2):
            take_keyboard_and_pass(app)
            wait_until(lambda d=done: saved_count(autosave) == d, what=f"{done} actions saved")
        assert app.kill(signal.SIGKILL) == -signal.SIGKILL

    saved = persistence.load(autosave)
    assert list(saved.actions) == expected
    replayed = engine.new_game(cfg)
    for a in expected:
        replayed = engine.apply(replayed, a)
    assert saved.state == replayed

    # Resumed: the privacy screen names the seat whose decision is next, and play goes on
    # from exactly there (the next pass is appended to the same actions).
    nxt = cfg.players[replayed.to_act[0]]
    with PtyApp(["--resume"], env) as app:
        app.wait_for(f"Pass the keyboard to {nxt}")
        take_keyboard_and_pass(app)
        wait_until(lambda: saved_count(autosave) == n + 3, what="the resumed game's pass")
        app.send("\x11")  # ctrl+q
        assert app.proc.wait(timeout=10) == 0
    final = persistence.load(autosave)
    assert list(final.actions[: n + 2]) == expected
    assert final.actions[-1].kind == "pass" and final.actions[-1].seat == replayed.to_act[0]


@pytest.mark.parametrize("delay", [0.0, 0.02, 0.15])
def test_sigkill_at_any_moment_leaves_a_game_that_resumes(data_dir: Path, delay: float) -> None:
    """Killed right after a key (while the action may be applied or half written): the save
    holds a prefix of the game (never a torn file, never a different game), and resumes."""
    cfg, actions, state = played(until=before_any_pass, no_laws=True)
    autosave = persistence.autosave_path(data_dir)
    persistence.save(autosave, cfg, actions, state)
    n = len(actions)
    expected = actions + passing(state, 2)
    with PtyApp(["--resume"], app_env(data_dir)) as app:
        take_keyboard_and_pass(app)
        wait_until(lambda: saved_count(autosave) == n + 1, what="the first pass saved")
        app.wait_for("Pass the keyboard")
        app.send("\r")
        time.sleep(0.1)
        app.send("p")
        time.sleep(delay)
        app.kill(signal.SIGKILL)
    saved = persistence.load(autosave)  # whole and trusted, whenever the kill came
    assert n + 1 <= len(saved.actions) <= n + 2
    assert list(saved.actions) == expected[: len(saved.actions)]
    nxt = cfg.players[saved.state.to_act[0]]
    with PtyApp(["--resume"], app_env(data_dir)) as app:
        app.wait_for(f"Pass the keyboard to {nxt}")


def test_a_move_on_screen_survives_sigkill_twenty_times_in_a_row(data_dir: Path) -> None:
    """The move is in the autosave before the screen shows it: killed with SIGKILL the moment
    the next hand-over screen appears, the game resumes with that move, every time.  Ten games,
    two kills each; the second kill of a game comes after a resume of what the first left."""
    autosave = persistence.autosave_path(data_dir)
    env = app_env(data_dir)
    kills = 0
    for seed in range(10):
        cfg, actions, state = played(seed=seed, until=before_any_pass, no_laws=True)
        # A new game in the snapshot: the journal left by the last game names another one.
        persistence.save(autosave, cfg, actions, state)
        expected = actions + passing(state, 2)
        for done in (len(actions) + 1, len(actions) + 2):
            before = engine.apply(state, expected[done - 2]) if done > len(actions) + 1 else state
            after = engine.apply(before, expected[done - 1])
            names = [cfg.players[s.to_act[0]] for s in (before, after)]
            with PtyApp(["--resume"], env) as app:
                take_keyboard_and_pass(app, names[0])
                mark = app.mark()
                # The pass is on screen: the next player's privacy screen.
                app.wait_for(f"Pass the keyboard to {names[1]}", since=mark)
                assert app.kill(signal.SIGKILL) == -signal.SIGKILL
            saved = persistence.load(autosave)
            assert list(saved.actions) == expected[:done], f"game {seed}, pass {done}"
            assert saved.note == ""
            kills += 1
    assert kills == 20


def test_closing_the_terminal_keeps_the_game(data_dir: Path) -> None:
    cfg, actions, state = played(until=before_any_pass, no_laws=True)
    autosave = persistence.autosave_path(data_dir)
    persistence.save(autosave, cfg, actions, state)
    n = len(actions)
    with PtyApp(["--resume"], app_env(data_dir)) as app:
        take_keyboard_and_pass(app)
        wait_until(lambda: saved_count(autosave) == n + 1, what="the pass saved")
        app.close_terminal()  # the window is closed: SIGHUP, then no terminal at all
        app.proc.wait(timeout=15)
    saved = persistence.load(autosave)
    assert list(saved.actions) == actions + passing(state, 1)


#: Run in the app's process: every snapshot written in the background takes two seconds, so
#: that one is still pending when the terminal closes (the signal handler's own write is not
#: slowed, nor is the journal, written in the app's thread).
SLOW_AUTOSAVE = textwrap.dedent(
    """
    import threading, time
    from keythedral.records import autosave

    _temp = autosave._temp

    def temp(*args):
        if threading.current_thread() is not threading.main_thread():
            time.sleep(2.0)
        return _temp(*args)

    autosave._temp = temp
    """
)


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM])
def test_a_pending_autosave_is_written_when_the_app_is_told_to_end(
    data_dir: Path, sig: int
) -> None:
    """Closing the terminal (SIGHUP) or SIGTERM right after an action, while its autosave is
    still pending in the background: the save is finished, whole, before the process ends."""
    cfg, actions, state = played(until=before_any_pass, no_laws=True)
    autosave = persistence.autosave_path(data_dir)
    persistence.save(autosave, cfg, actions, state)
    n = len(actions)
    after = engine.apply(state, passing(state, 1)[0])
    with PtyApp(["--resume"], app_env(data_dir), prelude=SLOW_AUTOSAVE) as app:
        take_keyboard_and_pass(app, cfg.players[state.to_act[0]])
        mark = app.mark()
        # The pass is done and shown: the next player's privacy screen.
        app.wait_for(f"Pass the keyboard to {cfg.players[after.to_act[0]]}", since=mark)
        assert saved_count(autosave) == n  # ...but its autosave is still to come
        if sig == signal.SIGHUP:
            app.close_terminal()  # SIGHUP, and no terminal any more
            assert app.proc.wait(timeout=15) == -signal.SIGHUP
        else:
            assert app.kill(sig) == 0  # SIGTERM: the app quits in the ordinary way
    saved = persistence.load(autosave)
    assert list(saved.actions) == actions + passing(state, 1)
    assert [p.name for p in data_dir.iterdir()] == ["autosave.json"]  # no temporary file left


#: Run in the app's process: a fault in the app right after a person's move is applied.
CRASH = textwrap.dedent(
    """
    from keythedral.tui.app import KeythedralApp

    _play = KeythedralApp.play

    def play(self, action):
        _play(self, action)
        raise RuntimeError("an injected fault")

    KeythedralApp.play = play
    """
)


def test_a_crash_inside_the_app_fails_the_process_and_keeps_the_game(data_dir: Path) -> None:
    cfg, actions, state = played(until=before_any_pass, no_laws=True)
    autosave = persistence.autosave_path(data_dir)
    persistence.save(autosave, cfg, actions, state)
    with PtyApp(["--resume"], app_env(data_dir), prelude=CRASH) as app:
        take_keyboard_and_pass(app, cfg.players[state.to_act[0]])
        assert app.proc.wait(timeout=20) == 1
        wait_until(lambda: b"Nothing is lost" in app.output, what="the word after the crash")
        assert "an injected fault" in app.text  # Textual's account of it
        assert "keythedral: stopped by an error in the program (shown above)." in app.text
    assert list(persistence.load(autosave).actions) == actions + passing(state, 1)


WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from keythedral import engine
    from keythedral.records import persistence

    cfg = engine.GameConfig(players=["Ann", "Bob"], seed=5)
    state, games = engine.new_game(cfg), []
    acts = []
    for _ in range(60):
        a = engine.legal_actions(state)[0]
        state = engine.apply(state, a)
        acts.append(a)
    short = (cfg, acts[:5], engine.new_game(cfg))
    for a in acts[:5]:
        short = (cfg, acts[:5], engine.apply(short[2], a))
    long = (cfg, acts, state)
    path = Path(sys.argv[1])
    persistence.save(path, *short)
    print("ready", flush=True)
    i = 0
    while True:
        persistence.save(path, *(long if i % 2 else short))
        i += 1
    """
)


def test_a_process_killed_while_writing_never_leaves_a_torn_save(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    rng = random.Random(7)
    for _ in range(4):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.01, 0.2))
        proc.kill()
        proc.wait()
        proc.stdout.close()
        saved = persistence.load(path)
        assert len(saved.actions) in (5, 60)
    # What a kill leaves behind is at most a hidden temporary file, never taken for a save.
    assert all(p.name.startswith(".autosave.json.") for p in tmp_path.iterdir() if p != path)
    assert persistence.list_saves(tmp_path) == []


# --- saves from other versions ----------------------------------------------------------------
def test_a_save_written_by_0_1_0_still_loads() -> None:
    saved = persistence.load(GOLDEN)
    assert saved.config.players == ("Ann", "Bob", "Cy", "Dee")
    assert (saved.state.round, saved.state.phase, len(saved.actions)) == (3, "spend", 212)
    data = json.loads(GOLDEN.read_text())
    assert (data["version"], data["game"]) == (1, "0.1.0")


def _golden(**changes: Any) -> bytes:
    data = json.loads(GOLDEN.read_text())
    data.update(changes)
    return json.dumps(data).encode()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"version": 0}, "version 0 save from an older Keythedral"),
        ({"version": 0, "game": "0.0.9"}, r"older Keythedral \(Keythedral 0.0.9\)"),
        ({"version": 2, "game": "0.3.0"}, "newer Keythedral .*Update Keythedral"),
        ({"version": "1"}, "no save format version this program knows"),
        ({"version": None}, "no save format version this program knows"),
    ],
)
def test_other_format_versions_are_refused_clearly(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(persistence.SaveError, match=message):
        persistence.loads(_golden(**changes), source="The file old.json")


def test_a_save_from_a_release_with_other_rules_says_so() -> None:
    data = json.loads(GOLDEN.read_text())
    data["game"] = "0.0.9"
    data["actions"][40] = {"kind": "retired_action", "seat": 0}  # gone from these rules
    with pytest.raises(persistence.SaveError, match=r"saved by Keythedral 0\.0\.9 and this is"):
        persistence.loads(json.dumps(data))
    data = json.loads(GOLDEN.read_text())
    data["game"] = "0.0.9"
    data["state"]["store"][0] += 1  # replays, but to another game
    with pytest.raises(persistence.SaveError, match="the rules changed"):
        persistence.loads(json.dumps(data))
    # The same damage in a save of this very release blames the file, not the rules.
    data["game"] = __version__
    with pytest.raises(persistence.SaveError, match="was altered") as err:
        persistence.loads(json.dumps(data))
    assert "rules changed" not in str(err.value)


# --- truncated, tampered, damaged ---------------------------------------------------------
def test_every_truncation_is_refused() -> None:
    text = GOLDEN.read_bytes()
    cuts = sorted({0, 1, len(text) - 1, *range(0, len(text), len(text) // 40)})
    for cut in cuts:
        with pytest.raises(persistence.SaveError, match="not readable JSON"):
            persistence.loads(text[:cut], source="The file autosave.json")


def _edit(path: str, value: Any) -> bytes:
    data = json.loads(GOLDEN.read_text())
    *keys, last = path.split(".")
    node = data
    for k in keys:
        node = node[int(k)] if isinstance(node, list) else node[k]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return json.dumps(data).encode()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("state.players.0.cubes", [9, 9, 9, 9, 9, 9, 9, 9], "was altered"),
        ("state.store.0", -1, "was altered"),
        ("state.round", 9, "was altered"),
        ("state.to_act", [7], "was altered"),
        ("state.round", "three", "game state this version of Keythedral cannot read"),
        ("state.players", "nobody", "game state this version of Keythedral cannot read"),
        ("actions.3", {"kind": "pass", "seat": 3}, "action 4 of 212 (.*) cannot be replayed"),
        ("actions.100", {"kind": "cheat", "seat": 0}, "action 101 of 212 (.*) cannot be replayed"),
        ("actions", {"0": 1}, "no list of actions"),
        ("config.players", ["Ann"], "no valid game settings"),
        ("config.seed", "x", "no valid game settings"),
        ("format", "chess-save", "not a Keythedral save"),
    ],
)
def test_a_save_edited_into_an_illegal_state_is_refused(
    path: str, value: Any, message: str
) -> None:
    with pytest.raises(persistence.SaveError, match=message):
        persistence.loads(_edit(path, value))


def test_random_damage_is_refused_or_harmless() -> None:
    """Bytes changed at random: a SaveError saying why, or (in a date, say) the same game."""
    text = GOLDEN.read_bytes()
    good = persistence.loads(text)
    rng = random.Random(2026)
    refused = 0
    for _ in range(200):
        data = bytearray(text)
        for _ in range(rng.choice((1, 1, 2, 5))):
            data[rng.randrange(len(data))] = rng.choice(b'0123456789{}[]",:aeZ \x00\xff')
        try:
            saved = persistence.loads(bytes(data))
        except persistence.SaveError as exc:
            assert str(exc).endswith((".", ")")) and len(str(exc)) > 20
            refused += 1
            continue
        assert (saved.config, saved.actions, saved.state) == (good.config, good.actions, good.state)
    assert refused > 150


def test_a_refused_autosave_is_left_alone_by_resume(data_dir: Path) -> None:
    autosave = persistence.autosave_path(data_dir)
    autosave.write_bytes(GOLDEN.read_bytes()[:5000])
    before = autosave.read_bytes()
    with PtyApp(["--resume"], app_env(data_dir)) as app:
        app.wait_for("not readable JSON")  # said on screen, over the new-game screen
        app.send("\x11")
        app.proc.wait(timeout=10)
    assert autosave.read_bytes() == before
    assert [p.name for p in data_dir.iterdir()] == ["autosave.json"]


def test_loading_a_tampered_save_keeps_the_game_in_progress(data_dir: Path) -> None:
    from keythedral.tui.app import KeythedralApp

    cfg, actions, state = played(until=before_any_pass, no_laws=True)
    bad = data_dir / "saves" / "tampered.json"
    bad.parent.mkdir()
    bad.write_bytes(_edit("state.store.0", 99))
    autosave = persistence.autosave_path(data_dir)

    async def run() -> None:
        saved = persistence.SavedGame(cfg, tuple(actions), state)
        app = KeythedralApp(saved=saved, data_dir=data_dir, animations=False)
        notices(app)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            app.files.saver.flush()
            kept = autosave.read_bytes()
            assert app.files.load_path(bad) is False
            await pilot.pause()
            assert app.session is not None and app.session.state == state
            assert len(app.session.actions) == len(actions)
            app.files.saver.flush()
            assert autosave.read_bytes() == kept
            assert any("was altered" in str(n.message) for n in notices(app))

    asyncio.run(run())
    assert bad.read_bytes() == _edit("state.store.0", 99)
