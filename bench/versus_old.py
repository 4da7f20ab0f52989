"""Today's bots against an older checkout's, in the same games: ``keythedral simulate`` with
seats played by another tree's bot in a subprocess.

    python bench/versus_old.py --old /work/wt-base --players hard,old-hard,old-hard,old-hard \
        --games 20 --jobs 2 --seed 11

A seat named ``old-NAME[:options]`` is played by ``NAME[:options]`` as the checkout at ``--old``
makes it (``old-hard``, ``old-ismcts:iterations=50``): a child
Python with that tree's ``src`` on its path reads each decision (the view as JSON and the legal
actions as dicts) on its stdin and answers the index of the action its bot chose.  The views
and actions cross as the JSON both trees read (the engine's JSON did not change), so the old
bot sees exactly what it would see in its own program.  Its thinking time counts in the seat's
time as usual (a second a move for ``hard`` is its own clock, in its own process).
Results: simulate's table (wins with 95% Wilson intervals, rotating seats).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from keythedral import bots
from keythedral.cli import simulate

#: Run by the old tree's Python: one bot, one decision a line.
CHILD = r"""
import json, sys
from keythedral import engine
from keythedral.bots import make_bot
bot = make_bot(sys.argv[1], int(sys.argv[2]))
for line in sys.stdin:
    asked = json.loads(line)
    view = engine.PlayerView.model_validate_json(asked["view"])
    legal = [engine.parse_action(a) for a in asked["legal"]]
    choice = bot.choose(view, legal)
    print(legal.index(choice), flush=True)
"""

OLD: dict[str, Path] = {}


class OldBot:
    """A bot of the checkout at ``OLD["tree"]``, thinking in a child process."""

    def __init__(self, seed: int, name: str, **options: Any) -> None:
        spec = ":".join([name, *(f"{k}={v}" for k, v in options.items())])
        tree = OLD["tree"]
        self.child = subprocess.Popen(
            [str(OLD["python"]), "-c", CHILD, spec, str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={"PYTHONPATH": str(tree / "src"), "PATH": "/usr/bin:/bin"},
        )

    def choose(self, view: Any, legal: list[Any]) -> Any:
        assert self.child.stdin is not None and self.child.stdout is not None
        asked = {"view": view.model_dump_json(), "legal": [a.model_dump() for a in legal]}
        self.child.stdin.write(json.dumps(asked) + "\n")
        self.child.stdin.flush()
        return legal[int(self.child.stdout.readline())]

    def __del__(self) -> None:
        self.child.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--old", type=Path, required=True, help="the older checkout")
    parser.add_argument("--python", type=Path, default=Path(sys.executable))
    parser.add_argument("--players", required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    OLD.update(tree=args.old.resolve(), python=args.python)
    specs = tuple(args.players.split(","))
    for spec in specs:
        name = spec.split(":")[0].strip().lower()
        if name.startswith("old-"):
            inner = name.removeprefix("old-")
            bots.BOTS[name] = lambda seed, inner=inner, **options: OldBot(seed, inner, **options)
    setup = simulate.Setup(bots=specs, games=args.games, seed=args.seed)
    summary = simulate.run(setup, jobs=args.jobs, on_game=lambda g: print(".", end="", flush=True))
    print()
    Console().print(simulate.table(summary))


if __name__ == "__main__":
    main()
