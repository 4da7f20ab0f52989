"""Network play under load: many hosted games at once on 127.0.0.1, each move's answer time.

    python bench/bench_net.py [--games 20] [--players 4] [--moves 200] [--no-save]

One server process (a child of this one) hosts ``--games`` games, each on its own port with its
autosave on (a journal line synced per action, as ``keythedral host`` does), and this process
runs ``--players`` thin clients per game, all at once.  In each game the lowest seat that may act
plays what a greedy bot chooses from its own view; a move's answer time is from sending the
action to receiving the state that follows it.  Each game stops after ``--moves`` actions (0:
play it to the end).  Printed: moves, p50/p95/max answer time, moves a second, and the server
process's memory per game (its peak resident memory less what it held before any game began).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def cpu_seconds(pid: int) -> float:
    """User and system time a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int, field: str = "VmRSS") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


# --- the server process ----------------------------------------------------------------------
async def serve(games: int, players: int, save: bool) -> None:
    from keythedral import engine
    from keythedral.net.hosted import HostedGame
    from keythedral.net.server import GameServer

    print(json.dumps({"baseline_kib": rss_kib(os.getpid())}), flush=True)
    folder = Path(tempfile.mkdtemp(prefix="bench-net-"))
    servers = []
    for g in range(games):
        config = engine.GameConfig(players=list(NAMES[:players]), seed=1000 + g)
        game = HostedGame.new(config, folder=folder / f"g{g}" if save else None)
        server = GameServer(game, host="127.0.0.1", port=0)
        await server.start()
        servers.append(server)
        print(json.dumps({"url": server.url, "tokens": game.tokens}), flush=True)
    print(json.dumps({"ready": True}), flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.readline)  # until the bench is done
    for server in servers:
        await server.stop()


# --- the clients -----------------------------------------------------------------------------
async def client(url: str, token: str, seat: int, moves: int, times: list[float]) -> None:
    from keythedral import bots
    from keythedral.net.client import Client

    bot = bots.make_bot("greedy", seed=100 + seat)
    async with Client(url, token) as c:
        sent_at: float | None = None
        sent_at_move = 0
        while True:
            state = await c.next_state()
            if sent_at is not None and state.at > sent_at_move:
                times.append(time.perf_counter() - sent_at)
                sent_at = None
            if not state.view.to_act or state.at >= moves:
                return
            if state.legal and seat == min(state.view.to_act):
                action = bot.choose(state.view, state.legal)
                sent_at, sent_at_move = time.perf_counter(), state.at
                await c.act(action, at=state.at)


async def run_clients(games: list[dict[str, object]], moves: int) -> list[float]:
    times: list[float] = []
    tasks = []
    for g in games:
        url, tokens = str(g["url"]), list(g["tokens"])  # type: ignore[call-overload]
        for seat, token in enumerate(tokens):
            tasks.append(client(url, token, seat, moves, times))
    await asyncio.gather(*tasks)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--moves", type=int, default=200, help="actions per game (0: all)")
    parser.add_argument("--no-save", action="store_true", help="no autosave (memory only)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        if os.environ.get("BENCH_NET_PROFILE"):
            import cProfile
            import pstats

            with cProfile.Profile() as prof:
                asyncio.run(serve(args.games, args.players, not args.no_save))
            pstats.Stats(prof, stream=sys.stderr).sort_stats("tottime").print_stats(25)
        else:
            asyncio.run(serve(args.games, args.players, not args.no_save))
        return 0
    child = subprocess.Popen(
        [
            sys.executable,
            __file__,
            "--serve",
            "--games",
            str(args.games),
            "--players",
            str(args.players),
        ]
        + (["--no-save"] if args.no_save else []),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdin is not None
    games, baseline = [], 0
    for line in child.stdout:
        data = json.loads(line)
        if "baseline_kib" in data:
            baseline = data["baseline_kib"]
        elif "url" in data:
            games.append(data)
        elif data.get("ready"):
            break
    setup = rss_kib(child.pid)
    start = time.perf_counter()
    cpu0, mine0 = cpu_seconds(child.pid), time.process_time()
    times = asyncio.run(run_clients(games, args.moves or 10**9))
    wall = time.perf_counter() - start
    server_cpu, client_cpu = cpu_seconds(child.pid) - cpu0, time.process_time() - mine0
    peak = rss_kib(child.pid, "VmHWM")
    child.stdin.write("\n")
    child.stdin.flush()
    child.wait(timeout=60)
    times.sort()
    ms = [t * 1000 for t in times]
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    print(
        f"{args.games} games x {args.players} clients on 127.0.0.1, "
        f"{'autosave on' if not args.no_save else 'no autosave'}, one server process"
    )
    print(f"moves answered: {len(ms)} in {wall:.1f} s ({len(ms) / wall:.0f} moves/s)")
    print(f"answer time: p50 {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms")
    print(
        f"CPU per move: server {server_cpu / len(ms) * 1000:.2f} ms, the {len(games) * args.players}"
        f" clients {client_cpu / len(ms) * 1000:.2f} ms (load average now "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )
    print(
        f"server memory: {baseline / 1024:.1f} MiB before the games, {setup / 1024:.1f} MiB "
        f"with them set up, peak {peak / 1024:.1f} MiB: "
        f"{(peak - baseline) / 1024 / args.games:.2f} MiB per game at peak"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
