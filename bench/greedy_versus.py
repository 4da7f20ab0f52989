"""The greedy bot of this tree against the greedy bot of another revision, seated together.

    python bench/greedy_versus.py --rev e0cf64b --players new,old,old,old --games 2000 [--jobs 2]

``keythedral simulate`` cannot seat two versions of one bot (they share a module name), so the
other revision's ``greedy*.py``, ``knowledge.py`` and ``base.py`` are read with ``git show`` into
a package of their own (the engine must be the same in both).  The games are simulate's: the
same seeds, the bots rotating round the table game by game, a shared win counting as a share;
prints each version's win rate per seat with its 95% Wilson interval and mean score.
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import tempfile
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from keythedral import engine
from keythedral.bots.base import stable_seed
from keythedral.cli.simulate import MAX_ROUNDS, Setup, wilson

OTHER = "greedy_other"
#: Modules split off greedy.py later: a revision before the split has none of them.
OPTIONAL = frozenset({"greedy_scores", "greedy_laws"})
ROOT = Path(__file__).resolve().parent.parent


def load_other(rev: str, into: Path) -> None:
    """Write ``rev``'s greedy modules into the package ``OTHER`` under ``into``."""
    pkg = into / OTHER
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name in ("greedy", "greedy_scores", "greedy_laws", "knowledge", "base"):
        shown = subprocess.run(
            ["git", "show", f"{rev}:src/keythedral/bots/{name}.py"],
            cwd=ROOT,
            check=name not in OPTIONAL,
            capture_output=True,
            text=True,
        )
        if shown.returncode == 0:
            (pkg / f"{name}.py").write_text(shown.stdout)


def _game(args: tuple[Setup, int, str]) -> tuple[list[float], list[int]]:
    setup, index, path = args
    if path not in sys.path:
        sys.path.insert(0, path)
    new = importlib.import_module("keythedral.bots.greedy").GreedyBot
    old = importlib.import_module(f"{OTHER}.greedy").GreedyBot
    seating = setup.seating(index)
    n = len(seating)
    config = engine.GameConfig(
        players=[setup.names[b] for b in seating], seed=setup.game_seed(index), **setup.variants()
    )
    bots = [
        (new if setup.bots[b] == "new" else old)(stable_seed("bot", setup.seed, index, b))
        for b in seating
    ]
    state = engine.new_game(config)
    while state.to_act and state.round <= MAX_ROUNDS:
        legal = engine.legal_actions(state)
        seat = state.to_act[0]
        mine = [a for a in legal if a.seat == seat]
        action: Any = (
            mine[0] if len(mine) == 1 else bots[seat].choose(engine.view(state, seat), legal)
        )
        state = engine.apply(state, action)
    wins, scores = [0.0] * n, [0] * n
    for s, b in enumerate(seating):
        if state.winners and s in state.winners:
            wins[b] = 1.0 / len(state.winners)
        scores[b] = state.scores[s] if state.scores is not None else 0
    return wins, scores


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rev", required=True, help="the other revision (its greedy is 'old')")
    p.add_argument("--players", default="new,old,old,old", help="new/old per seat")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args(argv)
    kinds = tuple(args.players.split(","))
    assert set(kinds) <= {"new", "old"}, "--players: new or old for each seat"
    setup = Setup(bots=kinds, games=args.games, seed=args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        load_other(args.rev, Path(tmp))
        with Pool(args.jobs) as pool:
            results = pool.map(_game, [(setup, i, tmp) for i in range(args.games)], chunksize=4)
    print(f"{args.players}, {args.games} games, seed {args.seed}, old = {args.rev}")
    for kind in ("new", "old"):
        seats = [i for i, k in enumerate(kinds) if k == kind]
        if not seats:
            continue
        won = sum(r[0][i] for r in results for i in seats) / len(seats)
        score = sum(r[1][i] for r in results for i in seats) / (len(seats) * args.games)
        lo, hi = wilson(won, args.games)
        print(
            f"  {kind}: {won:.1f}/{args.games} wins a seat = {won / args.games:.1%} "
            f"(95% Wilson {lo:.1%} to {hi:.1%}), mean score {score:.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
