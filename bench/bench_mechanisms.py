"""What each frame-saving mechanism earns: bench_tui's "forward" row with each turned off.

In one run, interleaved round by round: a reference checkout (the old main, its own
bench_tui.py and sources), this checkout with every mechanism on, and this checkout with each
mechanism off in turn (bench/mechanisms.py).  Each round runs them in a rotated order, so that
a slow minute of a shared machine falls on a different variant each time.

Run:  .venv/bin/python bench/bench_mechanisms.py --reference ../old-main [--rounds 3]
      [--off collector,snug,veil,covered,privacy,lines,strips]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROW = re.compile(r"forward\s+p50\s+([\d.]+) ms\s+p95\s+([\d.]+) ms")


def forward(checkout: Path, keys: int, off: str = "") -> tuple[float, float]:
    """(p50, p95) in ms of one forward run of ``checkout``'s bench_tui with its sources."""
    env = dict(os.environ, PYTHONPATH=str(checkout / "src"))
    argv = [sys.executable, str(checkout / "bench" / "bench_tui.py"), "--rows", "forward"]
    argv += ["--keys", str(keys)]
    if off:
        argv += ["--off", off]
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout
    match = ROW.search(out)
    if match is None:
        raise RuntimeError(f"no forward row in:\n{out}")
    return float(match[1]), float(match[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, required=True, help="old main's checkout")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keys", type=int, default=150)
    parser.add_argument("--off", default="collector,snug,veil,covered,privacy,lines,strips")
    args = parser.parse_args()
    here = HERE.parent
    variants: list[tuple[str, Path, str]] = [
        ("old main", args.reference.resolve(), ""),
        ("all on", here, ""),
    ]
    variants += [(f"{name} off", here, name) for name in args.off.split(",") if name]
    results: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in variants}
    for r in range(args.rounds):
        order = variants[r % len(variants) :] + variants[: r % len(variants)]
        for name, checkout, off in order:
            results[name].append(forward(checkout, args.keys, off))
            p50, p95 = results[name][-1]
            print(f"round {r + 1}  {name:14s} p50 {p50:6.1f}  p95 {p95:6.1f}", flush=True)
    print(
        f"\nforward, {args.rounds} rounds, ms: median of the rounds' p50 / p95 (each round's p95)"
    )
    on = statistics.median(p95 for _, p95 in results["all on"])
    for name, runs in results.items():
        p50 = statistics.median(x for x, _ in runs)
        p95 = statistics.median(y for _, y in runs)
        each = " ".join(f"{y:.1f}" for _, y in runs)
        print(f"  {name:14s} {p50:6.1f} / {p95:6.1f}   ({each})   p95 vs all on {p95 - on:+.1f}")


if __name__ == "__main__":
    main()
