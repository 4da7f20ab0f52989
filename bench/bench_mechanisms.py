"""What each frame-saving mechanism earns: bench_tui's "forward" row with each turned off.

In one run, interleaved round by round: a reference checkout (the old main's sources), this
checkout with every mechanism on, and this checkout with each mechanism off in turn
(bench/mechanisms.py), all measured by this checkout's bench_tui.py (its forward row is the old
main's).  Each round runs them in a rotated order, so that a slow minute of a shared machine
falls on a different variant each time.  Reported: each round's p95, their median, and the p95
of every answer of all rounds together (the steadier figure: a round's p95 is its 8th slowest
answer of 150).

Run:  .venv/bin/python bench/bench_mechanisms.py --reference ../old-main [--rounds 3]
      [--off collector,snug,veil,covered,privacy,lines] [--settle 0.025]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def forward(checkout: Path, keys: int, off: str = "", settle: float = 0.004) -> list[float]:
    """Every answer (ms) of one forward run of ``checkout``'s sources."""
    env = dict(os.environ, PYTHONPATH=str(checkout / "src"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "forward.json"
        argv = [sys.executable, str(HERE / "bench_tui.py"), "--rows", "forward"]
        argv += ["--keys", str(keys), "--json", str(out), "--settle", str(settle)]
        if off:
            argv += ["--off", off]
        subprocess.run(argv, env=env, capture_output=True, check=True)
        return [v * 1000 for v in json.loads(out.read_text())["forward"] if v == v]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, required=True, help="old main's checkout")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keys", type=int, default=150)
    parser.add_argument(
        "--settle",
        type=float,
        default=0.004,
        help="bench_tui's --settle: 0.025 counts a second frame the answer asked for",
    )
    parser.add_argument("--off", default="collector,snug,veil,covered,privacy,lines")
    args = parser.parse_args()
    here = HERE.parent
    variants: list[tuple[str, Path, str]] = [
        ("old main", args.reference.resolve(), ""),
        ("all on", here, ""),
    ]
    variants += [(f"{name} off", here, name) for name in args.off.split(",") if name]
    results: dict[str, list[list[float]]] = {name: [] for name, _, _ in variants}
    for r in range(args.rounds):
        order = variants[r % len(variants) :] + variants[: r % len(variants)]
        for name, checkout, off in order:
            answers = forward(checkout, args.keys, off, args.settle)
            results[name].append(answers)
            p50, p95 = pct(answers, 0.5), pct(answers, 0.95)
            print(f"round {r + 1}  {name:14s} p50 {p50:6.1f}  p95 {p95:6.1f}", flush=True)
    print(f"\nforward, {args.rounds} rounds, ms: every answer pooled, p50 / p95; the median of")
    print("the rounds' p95 (each round's); the pooled p95 against every mechanism on")
    on = pct([v for run in results["all on"] for v in run], 0.95)
    for name, runs in results.items():
        pooled = [v for run in runs for v in run]
        p50, p95 = pct(pooled, 0.5), pct(pooled, 0.95)
        rounds = [pct(run, 0.95) for run in runs]
        each = " ".join(f"{y:.1f}" for y in rounds)
        print(
            f"  {name:14s} {p50:6.1f} / {p95:6.1f}   median {statistics.median(rounds):6.1f}"
            f" ({each})   {p95 - on:+.1f}"
        )


if __name__ == "__main__":
    main()
