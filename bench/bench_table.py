"""How a table of people feels a game: hand-overs and key presses per round.

Plays a hot-seat game of people (no computer players) through the real program in a
pseudo-terminal, as a table would: it reads the screen (a terminal emulator, pyte, keeps what the
program drew), presses Enter at every screen (the privacy screen, the first choice of every
decision, "nobody" in a shared law window) and counts, for each round, the privacy screens shown
and the keys pressed.

    .venv/bin/python bench/bench_table.py                       # Ann Bob Cy, seed 11, rounds 1-2
    .venv/bin/python bench/bench_table.py --rounds 3 --size 100x32
    .venv/bin/python bench/bench_table.py -- --strict-privacy   # options for the game after --

Numbers, not times: the machine's speed does not change them, so a run is its own reference
when it compares two settings (e.g. the default against ``--strict-privacy``).
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from keythedral.tui.app import SETTLE
from ptyterm import PtyApp, app_env  # the tests' pseudo-terminal driver

ROUND = re.compile(r"Round (\d+) ·")
HANDOVER = "Pass the keyboard to"
PHASE = re.compile(r"(Phase \d|Layout)")


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


def play(game_args: list[str], rounds: int, cols: int, rows: int) -> dict[int, Counter[str]]:
    """Press Enter through ``rounds`` rounds; per round, the hand-overs and keys counted."""
    counts: dict[int, Counter[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        table = Table(["--no-mouse", *game_args], cols, rows, data)
        try:
            table.settle(quiet=0.5, limit=30)
            same, last = 0, ""
            while True:
                text = table.text()
                m = ROUND.search(text)
                rnd = int(m.group(1)) if m else 0
                if rnd > rounds or "The game is over" in text:
                    break
                c = counts.setdefault(rnd, Counter())
                if HANDOVER in text:
                    c["handovers"] += 1
                    phase = PHASE.search(text)
                    c["at " + (phase.group(1) if phase else "?")] += 1
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", nargs="+", default=["Ann", "Bob", "Cy"])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--rounds", type=int, default=2, help="rounds to play (from round 1)")
    parser.add_argument("--size", default="80x24", help="terminal size, COLSxROWS")
    parser.add_argument("game", nargs="*", help="more options for the game (after --)")
    args = parser.parse_args(argv)
    cols, rows = (int(x) for x in args.size.split("x"))
    game = ["--players", *args.players, "--seed", str(args.seed), *args.game]
    os.environ.pop("NO_COLOR", None)
    counts = play(game, args.rounds, cols, rows)
    print(f"keythedral {' '.join(game)}  ({cols}x{rows}, Enter at every screen)")
    print(f"{'round':>6} {'hand-overs':>11} {'keys':>6}")
    for rnd in sorted(counts):
        label = "layout" if rnd == 0 else str(rnd)
        where = ", ".join(
            f"{k[3:]} {v}" for k, v in sorted(counts[rnd].items()) if k.startswith("at ")
        )
        keys_at = ", ".join(
            f"{k[4:]} {v}" for k, v in sorted(counts[rnd].items()) if k.startswith("key ")
        )
        print(f"{label:>6} {counts[rnd]['handovers']:>11} {counts[rnd]['keys']:>6}   {where}")
        print(f"{'':>6} {'':>11} {'':>6}   keys: {keys_at}")
    played = [counts[r] for r in range(1, args.rounds + 1) if r in counts]
    if played:
        n = len(played)
        hand = sum(c["handovers"] for c in played) / n
        keys = sum(c["keys"] for c in played) / n
        print(f"a round on average: {hand:.1f} hand-overs, {keys:.1f} key presses")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
