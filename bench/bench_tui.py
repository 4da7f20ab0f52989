"""How quick the terminal app feels, measured in a real pseudo-terminal (not through Pilot).

1. Time to first frame: from starting the process to the first frame that shows the game
   screen, against a bare Textual app with a Header and a Footer started the same way.
2. Keypress-to-repaint on a mid-game board: a key is written to the terminal and the clock
   stops when the app's repaint has been written back (the last byte of the burst of output
   that answers the key).  Reported for cursor moves on the map, moves in the list of choices,
   and whole decisions (a choice key: the engine applies it and the screen is redrawn):
   "decision" is a pass, answered by the next player's privacy screen; "board back" Enter on
   the hand-back screen that u on that privacy screen brings up, taking the pass back (the
   board drawn again, as after Enter there); "same
   board" a choice after which the same player decides again on the board (a trade from the
   trade's list whose line does not pay its cubes at once: its payment comes), and "undo" u
   taking it back.
3. A game played forward ("forward"): a new three-player game (seed 11) where Enter answers
   every screen (a field, a cottage, a number, a worker, a privacy screen, a purchase, ...),
   each answer timed.  Unlike the rows above, no position comes twice, so nothing drawn for
   an earlier key can be reused: what a table feels in play.

Run:  .venv/bin/python bench/bench_tui.py [--runs 10] [--keys 200] [--rows bare,board]
      [--off snug,veil]  (mechanisms turned off: bench/mechanisms.py; bench/bench_mechanisms.py
      measures each in one run)
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import random
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import textwrap
import time
from pathlib import Path

COLS, ROWS = 100, 32
#: How the app is started: ``--off`` starts it through bench/mechanisms.py.
APP = [sys.executable, "-m", "keythedral"]
#: Seconds of silence that end the answer to a key: by default one burst of output (a frame).
#: ``--settle 0.025`` waits longer than a frame (1/60 s), so that a second frame asked for by
#: the first (a layout again, a repaint behind) is counted: the time until the screen settles.
QUIET = 0.004

BARE_APP = textwrap.dedent(
    """
    from textual.app import App
    from textual.widgets import Footer, Header

    class Bare(App):
        def compose(self):
            yield Header()
            yield Footer()

    Bare().run()
    """
)


BARE_KEYS_APP = textwrap.dedent(
    """
    from textual.app import App
    from textual.widgets import Footer, Header, Static

    class Bare(App):
        BINDINGS = [("l", "tick", "Tick")]
        n = 0

        def compose(self):
            yield Header()
            yield Static("0", id="n")
            yield Footer()

        def action_tick(self):
            self.n += 1
            self.query_one("#n", Static).update(str(self.n))

    Bare().run()
    """
)


class Term:
    """A child process on a pseudo-terminal of COLS x ROWS."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.start = time.perf_counter()
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.seen = b""

    def read(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b""
        try:
            return os.read(self.master, 1 << 16)
        except OSError:
            return b""

    def wait_for(self, marker: bytes, timeout: float = 20.0) -> float:
        """Seconds since start until ``marker`` has been written.  Only what is read here is
        kept to look in: kept at every read (``bytes +=`` copies it all), the output of
        hundreds of keys made each later key's read slower, and the rows measured last (the
        decisions) grew by several ms over a run."""
        end = time.perf_counter() + timeout
        while marker not in self.seen:
            if time.perf_counter() > end:
                raise TimeoutError(f"{marker!r} never appeared")
            self.seen += self.read(0.05)
        return time.perf_counter() - self.start

    def drain(self, quiet: float = 0.05) -> None:
        while self.read(quiet):
            pass

    def press(self, key: bytes) -> tuple[float, float]:
        """(first byte, last byte) of the answer to ``key``, in seconds after writing it."""
        self.drain(0.02)
        t0 = time.perf_counter()
        os.write(self.master, key)
        if not self.read(2.0):
            return float("nan"), float("nan")
        first = last = time.perf_counter() - t0
        while self.read(QUIET):  # (the module's, set by --settle)
            last = time.perf_counter() - t0
        return first, last

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(3)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self.master)


def environment(data_dir: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        TERM="xterm-256color",
        COLORTERM="truecolor",
        KEYTHEDRAL_DATA_DIR=data_dir,
        KEYTHEDRAL_SETTLE="0",  # keys at once, as soon as a screen is drawn: its time is timed
        TEXTUAL_ANIMATIONS="none",
        COLUMNS=str(COLS),
        LINES=str(ROWS),
    )
    return env


def first_frames(runs: int, data_dir: str) -> tuple[list[float], list[float], list[float]]:
    env = environment(data_dir)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(BARE_APP)
        bare_path = f.name
    bare, ours, board = [], [], []
    game = [*APP, "--seed", "3", "--players", "Ann", "Bob", "Cy"]
    for _ in range(runs):
        term = Term([sys.executable, bare_path], env)
        try:
            bare.append(term.wait_for(b"palette"))
        finally:
            term.close()
        term = Term(game, env)
        try:
            ours.append(term.wait_for(b"palette"))  # the game screen's first frame
            board.append(term.wait_for(b"lay the next field tile"))  # the board, playable
        finally:
            term.close()
    os.unlink(bare_path)
    return bare, ours, board


def mid_game_save(data_dir: str) -> Path:
    """A seeded three-player game in round 3, phase 3, saved where the app can load it."""
    from keythedral import engine
    from keythedral.records import persistence

    cfg = engine.GameConfig(players=["Ann", "Bob", "Cy"], seed=3)
    state, rng, actions = engine.new_game(cfg), random.Random(3), []
    while True:
        legal = engine.legal_actions(state)
        if state.round >= 3 and state.phase == "spend" and {a.kind for a in legal} >= {"pass"}:
            break
        a = next((x for x in legal if x.kind == "decline"), None) or rng.choice(legal)
        state = engine.apply(state, a)
        actions.append(a)
    path = Path(data_dir) / "saves" / "bench.json"
    persistence.save(path, cfg, actions, state)
    return path


def same_board_keys(path: Path) -> tuple[bytes, bytes]:
    """Two keys on the saved board: one that opens a kind's list (a trade's colours, ...),
    then a choice there after which the same person decides again, on the same board (no
    privacy screen: the payment of a trade), and that they may take back with u.

    From a kind's list, as the one-key purchases of the top list (a craft and its cubes) end
    the turn: the row measures one engine step and the same board drawn again, as before."""
    from keythedral import engine
    from keythedral.records import persistence
    from keythedral.tui.choices import build_choices, paid_choices
    from keythedral.tui.session import reveals_nothing

    state = persistence.load(path).state
    seat = state.to_act[0]
    acts = [a for a in engine.legal_actions(state) if a.seat == seat]
    view = engine.view(state, seat)
    groups = build_choices(acts, view)  # the trade's list first: both versions have it
    for group in sorted(groups, key=lambda c: c.command != "kind:trade"):
        if not group.command.startswith("kind:") or not group.key:
            continue
        kind = group.command[5:]
        narrowed = [a for a in acts if a.kind == kind]
        lines, _ = paid_choices(build_choices(narrowed, view, kinds=False), state, seat, view)
        for choice in lines:  # as the app shows them: a line paying its cubes ends the turn
            if choice.action is None or not choice.key or choice.command:
                continue
            after = engine.apply(state, choice.action)
            if len(engine.legal_actions(after)) > 1 and reveals_nothing(state, after, seat):
                return group.key.encode(), choice.key.encode()
    raise LookupError("no choice keeps the same board")


def repaints(keys: int, data_dir: str) -> dict[str, list[float]]:
    path = mid_game_save(data_dir)
    open_key, board_key = same_board_keys(path)
    env = environment(data_dir)
    argv = [*APP, "--load", str(path)]
    term = Term(argv, env)
    results: dict[str, list[float]] = {
        "map cursor": [],
        "list cursor": [],
        "decision": [],
        "same board": [],
        "undo": [],
        "board back": [],
    }
    try:
        term.wait_for(b"Pass the keyboard")
        term.drain()
        term.press(b"\r")  # the player takes the keyboard
        term.drain(0.2)
        term.press(b"m")
        moves = [b"l", b"j", b"h", b"k"]
        for i in range(keys):
            results["map cursor"].append(term.press(moves[i % 4])[1])
        term.press(b"\t")  # focus the list of choices
        for i in range(keys):
            results["list cursor"].append(term.press(b"\x1b[B" if i % 2 == 0 else b"\x1b[A")[1])
        # Whole decisions: a pass (the engine applies it, the privacy screen comes up), then
        # taken back from the privacy screen, over and over.
        for _ in range(max(10, keys // 10)):
            results["decision"].append(term.press(b"p")[1])  # pass: the next player's screen
            term.drain(0.05)
            # taken back from the privacy screen: u hands the keyboard back to the last
            # player behind a privacy screen of their own (not timed); their Enter takes the
            # action back and the board comes back
            term.press(b"u")
            term.drain(0.05)
            results["board back"].append(term.press(b"\r")[1])
            term.drain(0.05)
        # A decision after which the same person decides again on the board (the screen
        # repainted, no privacy screen), and u taking it back on the board.
        for _ in range(max(10, keys // 10)):
            term.press(open_key)  # the kind's list (not timed)
            term.drain(0.05)
            results["same board"].append(term.press(board_key)[1])
            term.drain(0.05)
            results["undo"].append(term.press(b"u")[1])
            term.drain(0.05)
    finally:
        term.close()
    return results


def forward(keys: int, data_dir: str) -> list[float]:
    """Enter at every screen of a new game, each answer timed (``keys`` presses)."""
    argv = [*APP, "--players", "Ann", "Bob", "Cy", "--seed", "11"]
    fresh = Path(data_dir) / "forward"  # no unfinished game to ask about
    term = Term(argv, environment(str(fresh)))
    try:
        term.wait_for(b"lay the next field tile")
        term.drain(0.3)
        answers = []
        for _ in range(keys):
            answers.append(term.press(b"\r")[1])
            term.drain(0.08)
        return answers
    finally:
        term.close()


def baseline_repaints(keys: int, data_dir: str) -> list[float]:
    """The same measure on a bare Textual app whose key updates one Static."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(BARE_KEYS_APP)
        path = f.name
    term = Term([sys.executable, path], environment(data_dir))
    try:
        term.wait_for(b"palette")
        term.drain(0.2)
        return [term.press(b"l")[1] for _ in range(keys)]
    finally:
        term.close()
        os.unlink(path)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(v for v in values if v == v)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def print_first_frames(runs: int, data_dir: str) -> None:
    bare, ours, board = first_frames(runs, data_dir)
    b, o, p = (statistics.median(x) for x in (bare, ours, board))
    print(f"time to first frame ({COLS}x{ROWS}, median of {runs} starts):")
    print(f"  bare Textual app (Header + Footer):     {b * 1000:7.1f} ms")
    print(f"  keythedral --players Ann Bob Cy, frame: {o * 1000:7.1f} ms   ratio {o / b:.2f}")
    print(f"  ... the board drawn and playable:       {p * 1000:7.1f} ms   ratio {p / b:.2f}")


def main() -> None:
    global QUIET
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="process starts of each app")
    parser.add_argument("--keys", type=int, default=200, help="key presses of each kind")
    parser.add_argument(
        "--rows",
        default="first,bare,board,forward",
        help="what to measure, comma-separated: first (frames), bare (the bare app's key), "
        "board (the mid-game board's rows), forward",
    )
    parser.add_argument(
        "--off",
        default="",
        help="frame-saving mechanisms to turn off, comma-separated (see bench/mechanisms.py)",
    )
    parser.add_argument("--json", type=Path, help="also write every measure there, in seconds")
    parser.add_argument(
        "--settle",
        type=float,
        default=QUIET,
        help="seconds of silence that end an answer (default 0.004: its first burst; 0.025: "
        "until the screen settles, a second frame included)",
    )
    args = parser.parse_args()
    QUIET = args.settle
    if args.off:
        APP[1:] = [str(Path(__file__).with_name("mechanisms.py"))]
        os.environ["KEYTHEDRAL_BENCH_OFF"] = args.off
    rows = set(args.rows.split(","))
    # An installed wheel is byte-compiled by pip; an editable install under
    # PYTHONDONTWRITEBYTECODE (as on our machines) would compile every module at each start.
    import compileall

    import keythedral

    compileall.compile_dir(Path(keythedral.__file__).parent, quiet=1)
    with tempfile.TemporaryDirectory() as data_dir:
        if "first" in rows:
            print_first_frames(args.runs, data_dir)
        print(f"keypress-to-repaint on a mid-game board ({args.keys} presses, last byte):")
        results = {}
        if "bare" in rows:
            results["bare app key"] = baseline_repaints(args.keys, data_dir)
        if "board" in rows:
            results.update(repaints(args.keys, data_dir))
        if "forward" in rows:
            results["forward"] = forward(min(args.keys, 150), data_dir)
        if args.json:
            args.json.write_text(json.dumps(results))
        for name, values in results.items():
            print(
                f"  {name:12s} p50 {pct(values, 0.5) * 1000:6.1f} ms   "
                f"p95 {pct(values, 0.95) * 1000:6.1f} ms   max {max(values) * 1000:6.1f} ms"
                f"   (n={len(values)})"
            )


if __name__ == "__main__":
    main()
