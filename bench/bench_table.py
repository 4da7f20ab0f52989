"""How a table of people feels a game: hand-overs and key presses per round, and why.

Plays a hot-seat game of people (no computer players) through the real program in a
pseudo-terminal, as a table would: it reads the screen (a terminal emulator, pyte, keeps what the
program drew), presses Enter at every screen (the privacy screen, the first choice of every
decision, "nobody" in a shared law window) and counts, for each round, the privacy screens shown
and the keys pressed.  Each privacy screen is counted under what it hands the keyboard over for
(the decision its screen names: a phase 3 turn, a bid, a payment ...; "+ law window" when a law
window is asked on it first), and a phase 3 turn also under what Enter then played there.

    .venv/bin/python bench/bench_table.py                       # Ann Bob Cy, seed 11, a whole game
    .venv/bin/python bench/bench_table.py --seed 11 12          # two games, and both together
    .venv/bin/python bench/bench_table.py --rounds 2 --size 100x32
    .venv/bin/python bench/bench_table.py -- --strict-privacy   # options for the game after --

Numbers, not times: the machine's speed does not change them, so a run is its own reference
when it compares two settings (e.g. the default against ``--strict-privacy``, or this tree
against another's sources with ``PYTHONPATH``).  A whole game takes a few minutes: every key
waits until the program has drawn nothing new for a little longer than its settle time.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pyte

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package
from tests.support.ptyterm import PtyApp, app_env  # the tests' pseudo-terminal driver

from keythedral.tui.app import SETTLE
from keythedral.vocab import DECISIONS

ROUND = re.compile(r"Round (\d+) ·")
HANDOVER = "Pass the keyboard to"
PHASE = re.compile(r"(Phase \d|Layout)")
MUST = re.compile(r" must (.+?)\.")
ENTER = re.compile(r"Enter: (?:suggested: )?(\S+) ?(\S*)")
OVER = re.compile(r"The game is over|The Keythedral is complete|wins!|win!")
#: A privacy screen's reason, by what its decision asks ("Bob must bid or pass ...").
REASONS = {asks: name for name, (asks, _) in DECISIONS.items()}
SHORT = {
    "spend": "phase 3 turn",
    "bid": "bid",
    "pay": "payment",
    "window": "law window",
    "place_worker": "phase 1 worker",
    "choose_work_order": "phase 1 number",
    "relocate": "relocate",
    "choose_start_player": "start player",
    "choose_cube": "a cube",
}


class Table:
    """The program in a pseudo-terminal, with a terminal emulator keeping its screen."""

    def __init__(self, args: list[str], cols: int, rows: int, data: Path) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.app = PtyApp(args, app_env(data), cols=cols, rows=rows)
        self.fed = 0

    def pump(self) -> bool:
        """Feed what the program wrote since the last call; True if there was anything."""
        out = self.app.output
        if len(out) == self.fed:
            return False
        self.stream.feed(out[self.fed :])
        self.fed = len(out)
        return True

    def settle(self, quiet: float = SETTLE + 0.1, limit: float = 10.0) -> None:
        """Wait until the program has drawn nothing new for ``quiet`` seconds: by default a
        little longer than the app's settle time, in which a key after a hand-over is not
        taken (a player reads the screen first)."""
        start = last = time.monotonic()
        while time.monotonic() - start < limit:
            if self.pump():
                last = time.monotonic()
            elif time.monotonic() - last >= quiet:
                return
            time.sleep(0.02)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def info(self) -> str:
        """The info line (the row above the key bar)."""
        return self.screen.display[-2]


def played(info: str) -> str:
    """What Enter plays, from the info line: the line's first word (a tile or a craft bought,
    the standing pass told from a plain one)."""
    m = ENTER.search(info)
    if m is None:
        return "not read"  # the info line tells something else (passes that stand, say)
    verb, what = m.groups()
    if verb == "buy":
        # "buy a seat worth 2 for ..." (before tiles were named by their worth: "buy s1-05")
        return "buy a tile" if what == "a" or re.match(r"s\d-", what) else "buy a craft"
    return "pass (standing)" if (verb, what) == ("pass", "now") else verb


def reason(text: str) -> str:
    """What a privacy screen hands the keyboard over for (its words, shortened)."""
    flat = " ".join(text.split())
    m = MUST.search(flat)
    name = REASONS.get(m.group(1), m.group(1)) if m else "?"
    why = SHORT.get(name, name)
    if "First, law cards" in flat:
        why += " + law window"
    return why


def trace_line(text: str) -> str:
    """A privacy screen in a line: for whom, what for, and the law window asked on it."""
    flat = " ".join(text.split())
    who = re.search(r"Pass the keyboard to (\S+)", flat)
    why = re.search(r"· ([^·]*? must .+?\.)", flat)
    window = re.search(r"First, law cards: (.+?) To play", flat)
    return " ".join(
        x
        for x in (
            who.group(1) if who else "?",
            why.group(1) if why else "",
            f"[window: {window.group(1)}]" if window else "",
        )
        if x
    )


def play(
    game_args: list[str], rounds: int, cols: int, rows: int, trace: bool = False
) -> dict[int, Counter[str]]:
    """Press Enter through ``rounds`` rounds (0: the whole game); per round, the hand-overs
    (``handovers``, and ``why <reason>``), the keys (``keys``, ``key <phase>``) and what Enter
    played at the phase 3 turns that came with a hand-over (``then <first words>``)."""
    counts: dict[int, Counter[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        table = Table(["--no-mouse", *game_args], cols, rows, data)
        try:
            table.settle(quiet=0.5, limit=30)
            same, last, after = 0, "", None
            while True:
                text = table.text()
                m = ROUND.search(text)
                rnd = int(m.group(1)) if m else 0
                if (rounds and rnd > rounds) or OVER.search(text):
                    break
                c = counts.setdefault(rnd, Counter())
                if after is not None and HANDOVER not in text:
                    c["then " + played(table.info())] += 1
                    if trace:
                        print(f"    then: {played(table.info())}", flush=True)
                    after = None
                if HANDOVER in text:
                    c["handovers"] += 1
                    why = reason(text)
                    c["why " + why] += 1
                    after = why if why.startswith("phase 3 turn") else None
                    if trace:
                        print(f"  round {rnd}: {trace_line(text)}", flush=True)
                c["keys"] += 1
                phase = PHASE.search(text)
                c["key " + (phase.group(1) if phase else "?")] += 1
                table.app.send(b"\r")
                table.settle()
                now = table.text()
                same = same + 1 if now == last else 0
                last = now
                if same >= 5:
                    raise SystemExit(f"stuck: Enter changes nothing on this screen:\n{now}")
        finally:
            table.app.close()
    return counts


def items(c: Counter[str], prefix: str) -> str:
    return ", ".join(
        f"{k[len(prefix) :]} {v}"
        for k, v in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))
        if k.startswith(prefix)
    )


def report(counts: dict[int, Counter[str]], whole: bool) -> tuple[Counter[str], int]:
    """Print a game's rounds; return its rounds from 1 summed, and how many there were."""
    print(f"{'round':>6} {'hand-overs':>11} {'keys':>6}")
    for rnd in sorted(counts):
        c = counts[rnd]
        label = "layout" if rnd == 0 else str(rnd)
        print(f"{label:>6} {c['handovers']:>11} {c['keys']:>6}   for: {items(c, 'why ')}")
        print(f"{'':>25}keys: {items(c, 'key ')}")
        if any(k.startswith("then ") for k in c):
            print(f"{'':>25}phase 3 turns handed over then played: {items(c, 'then ')}")
    played = [counts[r] for r in sorted(counts) if r >= 1]
    total: Counter[str] = Counter()
    for c in played:
        total.update(c)
    n = len(played)
    if n:
        last = "the last cut short by the game's end" if whole else f"rounds 1-{n}"
        print(
            f"a round on average ({n} rounds, {last}): {total['handovers'] / n:.1f} "
            f"hand-overs, {total['keys'] / n:.1f} key presses"
        )
    return total, n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", nargs="+", default=["Ann", "Bob", "Cy"])
    parser.add_argument("--seed", type=int, nargs="+", default=[11], help="a game for each")
    parser.add_argument("--rounds", type=int, default=0, help="rounds to play (0: whole game)")
    parser.add_argument("--size", default="80x24", help="terminal size, COLSxROWS")
    parser.add_argument("--trace", action="store_true", help="print every privacy screen")
    parser.add_argument("game", nargs="*", help="more options for the game (after --)")
    args = parser.parse_args(argv)
    cols, rows = (int(x) for x in args.size.split("x"))
    os.environ.pop("NO_COLOR", None)
    every: Counter[str] = Counter()
    rounds = 0
    for seed in args.seed:
        game = ["--players", *args.players, "--seed", str(seed), *args.game]
        start = time.monotonic()
        counts = play(game, args.rounds, cols, rows, args.trace)
        took = time.monotonic() - start
        print(f"keythedral {' '.join(game)}  ({cols}x{rows}, Enter at every screen, {took:.0f} s)")
        total, n = report(counts, not args.rounds)
        every.update(total)
        rounds += n
    if len(args.seed) > 1 and rounds:
        print(
            f"all {len(args.seed)} games, {rounds} rounds: {every['handovers'] / rounds:.1f} "
            f"hand-overs, {every['keys'] / rounds:.1f} key presses a round"
        )
        print(f"  hand-overs a round for: {per_round(every, 'why ', rounds)}")
        print(f"  phase 3 turns handed over then played: {per_round(every, 'then ', rounds)}")
    return 0


def per_round(c: Counter[str], prefix: str, rounds: int) -> str:
    return ", ".join(
        f"{k[len(prefix) :]} {v / rounds:.1f}"
        for k, v in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))
        if k.startswith(prefix)
    )


if __name__ == "__main__":
    raise SystemExit(main())
