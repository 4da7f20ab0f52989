"""Tune the search bot's evaluation weights (``src/keythedral/data/ismcts_weights.yaml``).

    python bench/tune_hard.py play NAME [--games 200] [--first 0] [--seed 1] [--iterations 150]
    python bench/tune_hard.py report [--seed 1] [--first 0] [--games 200] [--base-iterations N]
                                     [--base current]

``play`` plays games ``first`` .. ``first + games - 1`` of ``keythedral simulate --players
ismcts:iterations=150,greedy,greedy,greedy --seed 1`` (the very games of that command: same
game seeds, bot seeds and seat rotation) with the weights of candidate ``NAME`` (the file's,
with the changes in :data:`CANDIDATES`), in this one process, and appends each game's result
to ``bench/tune_hard.jsonl``.  ``report`` prints, for each candidate, over the games of the
range it played, the win rate (a shared win counts as a share) with its 95% Wilson interval
and the mean score margin over the best greedy, and its difference from ``current`` (or the
``--base`` candidate) paired game by game on the games both played (common seeds), with a 95%
interval.  A fixed iteration budget, not a time: the load of the machine must not change the
bot.

Every game played is kept in ``bench/tune_hard.jsonl`` (candidate, seed, budget, game index,
the bot's win share and score margin, the weights and options it played with): ``report``
reprints the tables below from it, and ``play`` again gives the same lines (deterministic at
an iteration budget).  About 5 s a game on one core.

Results of the first run (issue 30; seed 1, ``ismcts:iterations=150`` against three greedy;
win rate with its 95% Wilson interval; the difference from ``current`` is paired by game,
with a 95% interval).  A screen of 60 games (0..59), then the best candidate again on 140
games it had not been chosen on (60..199)::

    candidate  games  win rate  95% Wilson    margin  - current, same games
    current       60     46.7%  34.6%–59.1%   -0.78
    scale3        60     59.2%  46.5%–70.7%    0.15   win +12.5% ± 13.3%, margin +0.93 ± 0.82
    spend0.5      60     45.0%  33.1%–57.5%   -0.62   win  -1.7% ± 15.1%, margin +0.17 ± 1.02
    scale6        60     40.0%  28.6%–52.6%   -0.40   win  -6.7% ± 14.6%, margin +0.38 ± 1.14
    current      140     54.3%  46.0%–62.3%   -0.05   (games 60..199)
    scale3       140     52.9%  44.6%–60.9%   -0.13   win  -1.4% ±  8.5%, margin -0.08 ± 0.62
    current      200     52.0%  45.1%–58.8%   -0.27   (games 0..199)
    scale3       200     54.8%  47.8%–61.5%   -0.04   win  +2.8% ±  7.2%, margin +0.23 ± 0.50

(margin: the bot's final score minus the best greedy's, a game's mean.)  No candidate beat
the file's weights by more than the noise: ``scale3``'s lead in the screen was the luck of
picking the best of three on 60 games, and did not hold on the 140 fresh ones.  The file
keeps its weights.  A change worth having needs several hundred games a candidate to show
(at 200 games the 95% interval of a difference is about ±7 points); the candidates below
that have no results were not played yet.

Second run (issue 30, session 6): the search's own options rather than the weights, each on
the same 200 games as ``current`` (``margin``: how many standard errors an alternative must
beat greedy's move by; ``epsilon``: the playouts' randomness)::

    candidate  games  win rate  95% Wilson    margin  - current, same games
    margin0.5    200     48.8%  41.9%–55.6%   -0.29   win -3.2% ± 6.7%, margin -0.02 ± 0.47
    eps0         200     52.0%  45.1%–58.8%   -0.05   win +0.0% ± 8.8%, margin +0.22 ± 0.61
    margin2      200     53.5%  46.6%–60.3%   -0.11   win +1.5% ± 7.3%, margin +0.16 ± 0.48

Again within the noise (``margin2`` led by 22 points after 34 games, by 1.5 after 200): the
options keep their defaults.  Neither the weights nor the options move the bot by the 18
points issue 30 asks for.

Third run (issue 30, session 7): the search's structure.  Where the search leaves greedy's
move (20 games, 0..19 and 100..119): never in the layout, the bidding or the choice of start
player; 44% of work orders, 25% of worker placements, 19% of spending turns, 14% of payments.
In the layout it cannot: cut at the end of the layout every arm scored exactly 0.5 in every
iteration (a cottage yields one cube whatever fields it touches), and likewise every start
player; a third of the search's time (layout iterations cost twice the others) went on
nothing.  ``ahead`` lets the playouts from the layout and the bidding go on into the next
round, to its spending (projected); ``ahead_spend`` does the same from the spending (which
stopped at the bidding); ``plain1`` leaves phase 1 to greedy (no search there), to see what
the search's many deviations there are worth.  ``time`` is the bot's thinking time against
current's on the same games, both played at once (``ahead``: games 200..399; ``ahead2``: 6
games, timed by decision)::

    candidate  games  win rate  95% Wilson    margin  - current, same games        time
    ahead        200     57.0%  50.1%–63.7%    0.43   win  +5.0% ± 9.8%, margin +0.70 ± 0.75
    ahead        400     53.9%  49.0%–58.7%    0.19   win  +3.5% ± 6.7%, margin +0.54 ± 0.53  x1.28
    plain1       200     38.2%  31.8%–45.1%   -1.23   win -13.8% ± 9.2%, margin -0.96 ± 0.62
    ahead2       200     67.5%  60.7%–73.6%    1.70   win +15.5% ± 9.5%, margin +1.97 ± 0.71  x2.18
    (ahead2 = ahead and ahead_spend; current on games 200..399: 48.7%, 200 more paired games)

The search's moves in phase 1 are worth some 14 points (without them the bot drops from 52%
to 38%); the layout alone, seen one round further, a few at most (+3.5 over 400 games, within
the noise); the spending seen into the next round, with the layout and the bidding, 15.5
points: the only change yet beyond the noise.  It thinks about twice as long at the same
iterations (a spending iteration plays on through the bidding and the next phase 1), so
at equal thinking it was played against current at 330 iterations a move (150 x 2.2), on the
same 200 games: current 51.5% (44.6%–58.3%), ahead2's lead win +16.0% ± 9.4%, margin +2.05 ±
0.78 (``report --base-iterations 330``).  More iterations do not make current stronger; the
longer horizon does.  The ``hard`` level now plays with ``ahead`` and ``ahead_spend`` (in
:data:`keythedral.bots.levels.LEVELS`; the ismcts bot's own defaults, and so every row above,
stay as they were).  Still short of the 70% issue 30 asks for at a second a move (not
measured here: at 150 iterations, 67.5%).

Fourth run (issue 30, session 8): the horizon once more.  ``ahead3`` is ``ahead2`` with every
playout one round further still (``rounds=1``: from phase 1 to the next round's spending, from
the spending, the layout and the bidding to the spending after that), and ``depth=400`` so
that no playout is cut short of it (at 120, a third of them were).  On the same 200 games,
paired with ``ahead2`` (``report --base ahead2``)::

    candidate  games  win rate  95% Wilson    margin  - ahead2, same games
    ahead3       200     73.2%  66.7%–78.9%    2.07   win +5.8% ± 8.5%, margin +0.37 ± 0.76
    (games 0..99: +7.5% ± 11.8; games 100..199: +4.0% ± 12.4)

Within the noise of 200 paired games, but the same way in both halves and the way the only
other change beyond the noise went: a longer view.  It costs some 2.2 times the thinking per
iteration (about 1,000 iterations a second compiled instead of 2,150, in the same run), which
at a second a move still leaves several hundred a move, more than the 150 of these games.
The ``hard`` level plays with it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
from pathlib import Path
from typing import Any

from keythedral.bots import ismcts
from keythedral.cli.simulate import Setup, play_game, wilson

OUT = Path(__file__).resolve().parent / "tune_hard.jsonl"

#: name -> (changes to the file's weights, extra ismcts options).  "current" is the file as it
#: stands: its results are the ones a candidate must beat.  Each varies one weight (or an
#: option of the search) from the file's; see the docstring for which were played.
CANDIDATES: dict[str, tuple[dict[str, float], str]] = {
    "current": ({}, ""),
    "scale3": ({"scale_classic": 3.0}, ""),
    "scale6": ({"scale_classic": 6.0}, ""),
    "scale0.75": ({"scale_classic": 0.75}, ""),
    "spend0.5": ({"spend_share": 0.5}, ""),
    "spend0.9": ({"spend_share": 0.9}, ""),
    "production0.6": ({"production": 0.6}, ""),
    "production0.2": ({"production": 0.2}, ""),
    "law0.8": ({"law": 0.8}, ""),
    "law0.1": ({"law": 0.1}, ""),
    "fit0.6": ({"fit": 0.6}, ""),
    "fit0": ({"fit": 0.0}, ""),
    "worker0.5": ({"worker": 0.5}, ""),
    "margin0.5": ({}, ":margin=0.5"),
    "margin2": ({}, ":margin=2"),
    "eps0": ({}, ":epsilon=0"),
    "width3": ({}, ":width=3"),
    "width10": ({}, ":width=10"),
    "ahead": ({}, ":ahead=on"),
    "plain1": ({}, ":phase1=off"),
    "ahead2": ({}, ":ahead=on:ahead_spend=on"),
    "ahead3": ({}, ":ahead=on:ahead_spend=on:rounds=1:depth=400"),
}


def setup(iterations: int, options: str, seed: int, games: int) -> Setup:
    spec = f"ismcts:iterations={iterations}{options}"
    return Setup(bots=(spec, "greedy", "greedy", "greedy"), games=games, seed=seed)


def play(name: str, first: int, games: int, seed: int, iterations: int) -> None:
    changes, options = CANDIDATES[name]
    ismcts.WEIGHTS = dataclasses.replace(ismcts.load_weights(), **changes)
    s = setup(iterations, options, seed, first + games)
    with OUT.open("a", encoding="utf-8") as out:
        for i in range(first, first + games):
            g = play_game(s, i)
            best_rival = max(g.scores[1:])
            row = {
                "candidate": name,
                "seed": seed,
                "iterations": iterations,
                "game": i,
                "win": g.wins[0],
                "margin": g.scores[0] - best_rival,
                "weights": dataclasses.asdict(ismcts.WEIGHTS),
                "options": options,
                "seconds": round(g.seconds[0], 2),
            }
            out.write(json.dumps(row) + "\n")
            out.flush()
            print(name, i, g.wins[0], row["margin"], file=sys.stderr)


def report(
    seed: int, first: int, games: int, iterations: int, base_iterations: int, against: str
) -> None:
    rows: dict[str, dict[int, dict[str, Any]]] = {}
    base: dict[int, dict[str, Any]] = {}
    for line in OUT.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        if r["seed"] != seed or not first <= r["game"] < first + games:
            continue
        if r["iterations"] == iterations:
            rows.setdefault(r["candidate"], {})[r["game"]] = r
        if r["candidate"] == against and r["iterations"] == base_iterations:
            base[r["game"]] = r
    print(
        f"seed {seed}, games {first}..{first + games - 1}, {iterations} iterations a move"
        f" ({against} at {base_iterations})"
    )
    print(
        f"{'candidate':<16}{'games':>6}{'win rate':>9}  {'95% Wilson':<14}{'margin':>7}"
        f"  {'- ' + against + ', on the same games (95%)':<40}"
    )
    for name, by_game in rows.items():
        keys = sorted(by_game)
        n = len(keys)
        wins = sum(by_game[k]["win"] for k in keys)
        lo, hi = wilson(wins, n)
        mean = sum(by_game[k]["margin"] for k in keys) / n
        line = f"{name:<16}{n:>6}{wins / n:>9.1%}  {lo:.1%}–{hi:.1%}   {mean:>7.2f}"
        both = [k for k in keys if k in base]
        if (name != against or base_iterations != iterations) and len(both) > 1:
            dw, sw = _paired([by_game[k]["win"] - base[k]["win"] for k in both])
            dm, sm = _paired([by_game[k]["margin"] - base[k]["margin"] for k in both])
            line += f"  win {dw:+.1%} ± {1.96 * sw:.1%}, margin {dm:+.2f} ± {1.96 * sm:.2f}"
            line += f" ({len(both)} games)"
        print(line)


def _paired(diffs: list[float]) -> tuple[float, float]:
    """The mean of per-game differences and its standard error."""
    n = len(diffs)
    mean = sum(diffs) / n
    return mean, math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    pl = sub.add_parser("play")
    pl.add_argument("name", choices=sorted(CANDIDATES))
    rep = sub.add_parser("report")
    for q in (pl, rep):
        q.add_argument("--games", type=int, default=200)
        q.add_argument("--first", type=int, default=0)
        q.add_argument("--seed", type=int, default=1)
        q.add_argument("--iterations", type=int, default=150)
    rep.add_argument(
        "--base-iterations", type=int, help="the base's iterations to pair with (equal CPU time)"
    )
    rep.add_argument(
        "--base", default="current", choices=sorted(CANDIDATES), help="the candidate to pair with"
    )
    a = p.parse_args()
    if a.command == "play":
        play(a.name, a.first, a.games, a.seed, a.iterations)
    else:
        report(a.seed, a.first, a.games, a.iterations, a.base_iterations or a.iterations, a.base)


if __name__ == "__main__":
    main()
