"""Network play under load: many hosted games at once on 127.0.0.1, each move's answer time.

    python bench/bench_net.py [--games 20] [--players 4] [--moves 200] [--no-save]

One server process (a child of this one) hosts ``--games`` games, each on its own port with its
autosave on (a journal line synced per action, as ``keythedral host`` does), and this process
runs ``--players`` thin clients per game, all at once.  In each game the lowest seat that may act
plays what a greedy bot chooses from its own view; a move's answer time is from sending the
action to receiving the state that follows it.  Each game stops after ``--moves`` actions (0:
play it to the end).  Printed: moves, p50/p95/max answer time, moves a second, and the server
process's memory per game (its peak resident memory less what it held before any game began).

    python bench/bench_net.py --abuse [--seconds 20] [--flood-rate 300] [--slow 300] [--churn 16]

The abuse mode: one server process hosts two games of four seats.  In each, three honest
clients play (as above) and the fourth seat is a player who keeps dropping: it connects, reads
its state, plays when it is its turn, and leaves, again and again (the time from connecting to
its state is "getting back in").  The first game is played alone (the reference); during the
second, an attacker process (its own, so that its work is not the clients') runs against the
same host for ``--seconds``: a flood of websockets that say hello with a wrong token
(``--flood-rate`` a second, from ten loopback addresses), a slow-header crowd (``--slow``
connections sending a header byte a second, reopened when cut off) and an idle-socket churn
(``--churn`` websockets that never say hello, reopened when closed, from four addresses).
Printed: the honest players' answer time p50/p95 and the time to get back in, with and
without the abuse; the host's memory before, at its peak and settled (15 s after the abuse);
and what the attack achieved.
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
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package
from tests.support.rawws import masked, upgrade  # a misbehaving client's bytes, as the tests'

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
async def serve(games: int, players: int, save: bool, same: bool = False) -> None:
    from keythedral import engine
    from keythedral.net.hosted import HostedGame
    from keythedral.net.server import GameServer

    print(json.dumps({"baseline_kib": rss_kib(os.getpid())}), flush=True)
    folder = Path(tempfile.mkdtemp(prefix="bench-net-"))
    servers = []
    for g in range(games):
        config = engine.GameConfig(players=list(NAMES[:players]), seed=1000 + (0 if same else g))
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


# --- the abuse mode ----------------------------------------------------------------------------
async def attack(url: str, args: argparse.Namespace) -> dict[str, int]:
    """The attacker: a wrong-token flood, a slow-header crowd and an idle-socket churn against
    ``url`` for ``args.seconds``; what each achieved."""
    port = int(url.rsplit(":", 1)[1])
    loop = asyncio.get_running_loop()
    end = loop.time() + args.seconds
    got: dict[str, int] = dict.fromkeys(
        ("flood_sent", "flood_refused_503", "flood_told_bad_token", "flood_failed",
         "slow_opened", "slow_cut_off", "churn_opened", "churn_closed_by_host", "churn_503"), 0
    )  # fmt: skip
    hello = masked('{"v": 1, "type": "hello", "token": "not-a-token-of-this-game"}')

    async def connect(source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))

    async def one_flood(source: str) -> None:
        got["flood_sent"] += 1
        try:
            reader, writer = await connect(source)
            writer.write(upgrade(port))
            head = await reader.readuntil(b"\r\n\r\n")
            if head.startswith(b"HTTP/1.1 101"):
                writer.write(hello)
                rest = await reader.read()  # until the host ends it
                got["flood_told_bad_token" if b"bad_token" in rest else "flood_failed"] += 1
            else:
                got["flood_refused_503" if b" 503 " in head[:20] else "flood_failed"] += 1
            writer.close()
        except (OSError, asyncio.IncompleteReadError):
            got["flood_failed"] += 1

    async def flood() -> None:
        tasks: set[asyncio.Task[None]] = set()
        n = 0
        while loop.time() < end:
            source = f"127.0.0.{10 + n % 10}"
            n += 1
            task = asyncio.create_task(one_flood(source))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
            await asyncio.sleep(1 / args.flood_rate)
        await asyncio.gather(*tasks)

    async def slow_one() -> None:
        request = upgrade(port)[:-2]
        while loop.time() < end:
            got["slow_opened"] += 1
            try:
                reader, writer = await connect("127.0.0.6")
                i = 0
                while loop.time() < end:
                    writer.write(request[i % len(request) : i % len(request) + 1])
                    i += 1
                    try:
                        if await asyncio.wait_for(reader.read(1), 1.0) == b"":
                            got["slow_cut_off"] += 1
                            break
                    except TimeoutError:
                        continue
                writer.close()
            except OSError:
                got["slow_cut_off"] += 1
                await asyncio.sleep(0.5)

    async def churn_one(source: str) -> None:
        while loop.time() < end:
            got["churn_opened"] += 1
            try:
                reader, writer = await connect(source)
                writer.write(upgrade(port))
                head = await reader.readuntil(b"\r\n\r\n")
                if not head.startswith(b"HTTP/1.1 101"):
                    got["churn_503"] += 1
                    writer.close()
                    await asyncio.sleep(0.25)
                    continue
                left = end - loop.time()
                if left > 0 and await asyncio.wait_for(reader.read(), left) is not None:
                    got["churn_closed_by_host"] += 1
                writer.close()
            except (OSError, asyncio.IncompleteReadError, TimeoutError):
                pass

    await asyncio.gather(
        flood(),
        *(slow_one() for _ in range(args.slow)),
        *(churn_one(f"127.0.0.{2 + i % 4}") for i in range(args.churn)),
    )
    return got


async def dropping(url: str, token: str, seat: int, moves: int, back: list[float]) -> None:
    """The player who keeps dropping: connect, read the state (the time it takes is getting
    back in), play if it is its turn, leave; again until the game is ``moves`` on."""
    from keythedral import bots
    from keythedral.net.client import Client, Closed

    bot = bots.make_bot("greedy", seed=100 + seat)
    while True:
        start = time.perf_counter()
        c = Client(url, token)
        try:
            await c.connect()
            state = await c.next_state()
            back.append(time.perf_counter() - start)
            if not state.view.to_act or state.at >= moves:
                return
            if state.legal and seat == min(state.view.to_act):
                await c.act(bot.choose(state.view, state.legal), at=state.at)
                await c.next_state()  # its move was taken
        except Closed:
            back.append(float("inf"))  # refused: it did not get back in
        finally:
            await c.close()
        await asyncio.sleep(0.1)


async def play_game(game: dict[str, Any], moves: int) -> tuple[list[float], list[float]]:
    """Three honest clients and the dropping player through one game (``moves`` actions at
    most): their answer times and the dropping player's times to get back in."""
    times: list[float] = []
    back: list[float] = []
    url, tokens = str(game["url"]), list(game["tokens"])
    await asyncio.gather(
        *(client(url, tokens[s], s, moves, times) for s in range(3)),
        dropping(url, tokens[3], 3, moves, back),
    )
    return times, back


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000


def run_abuse(args: argparse.Namespace) -> int:
    child = subprocess.Popen(
        [sys.executable, __file__, "--serve", "--games", "2", "--players", "4", "--same-seed"]
        + (["--no-save"] if args.no_save else []),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdin is not None
    games = []
    for line in child.stdout:
        data = json.loads(line)
        if "url" in data:
            games.append(data)
        elif data.get("ready"):
            break
    moves = args.moves or 10**9  # (None or 0: the whole game)
    samples: list[int] = []
    watching = threading.Event()

    def watch() -> None:
        while not watching.wait(0.1):
            samples.append(rss_kib(child.pid))

    watcher = threading.Thread(target=watch, daemon=True)
    ref_times, ref_back = asyncio.run(play_game(games[0], moves))
    before = rss_kib(child.pid)
    watcher.start()
    attacker = subprocess.Popen(
        [sys.executable, __file__, "--attack", str(games[1]["url"]), "--seconds",
         str(args.seconds), "--flood-rate", str(args.flood_rate), "--slow", str(args.slow),
         "--churn", str(args.churn)],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    time.sleep(2)  # the attack under way
    start = time.perf_counter()
    try:
        times, back = asyncio.run(play_game(games[1], moves))
    except Exception as exc:  # an honest player could not even connect
        print(f"under abuse, an honest player was refused: {exc}")
        attacker.kill()
        child.kill()
        return 1
    played = time.perf_counter() - start
    if played + 2 > args.seconds:
        print(f"(the game outlasted the abuse: give --seconds more than {played + 4:.0f})")
    out, _ = attacker.communicate(timeout=args.seconds + 120)
    attack_counts = json.loads(out.strip().splitlines()[-1])
    time.sleep(15)
    settled = rss_kib(child.pid)
    watching.set()
    watcher.join()
    child.stdin.write("\n")
    child.stdin.flush()
    child.wait(timeout=60)
    peak = max(samples or [before])
    print(
        f"abuse: {args.seconds:.0f} s of a {args.flood_rate}/s wrong-token flood, {args.slow} "
        f"slow-header sockets and {args.churn} idle sockets churning, against one host "
        f"(2 games x 4 seats, {len(times)} moves played under it in {played:.1f} s)"
    )
    for name, t, b in (("alone", ref_times, ref_back), ("under abuse", times, back)):
        good = [x for x in b if x != float("inf")]
        print(
            f"  {name:>11}: answer p50 {pct(t, 0.5):.1f} ms, p95 {pct(t, 0.95):.1f} ms "
            f"({len(t)} moves); back in: p50 {pct(good, 0.5):.1f} ms, p95 {pct(good, 0.95):.1f}"
            f" ms, max {max(good) * 1000:.1f} ms ({len(good)} times, {len(b) - len(good)} "
            "refused)"
        )
    print(
        f"  host memory: {before / 1024:.1f} MiB before the abuse, peak {peak / 1024:.1f} MiB, "
        f"settled {settled / 1024:.1f} MiB 15 s after ({(settled - before) / 1024:+.1f} MiB)"
    )
    print("  the attack: " + ", ".join(f"{k} {v}" for k, v in attack_counts.items()))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument(
        "--moves", type=int, help="actions per game (0: all; default 200, with --abuse all)"
    )
    parser.add_argument("--no-save", action="store_true", help="no autosave (memory only)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--same-seed", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--attack", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument("--abuse", action="store_true", help="honest play under abuse")
    parser.add_argument("--seconds", type=float, default=20.0, help="abuse: how long")
    parser.add_argument("--flood-rate", type=int, default=300, help="abuse: connections/s")
    parser.add_argument("--slow", type=int, default=300, help="abuse: slow-header sockets")
    parser.add_argument("--churn", type=int, default=16, help="abuse: idle sockets at once")
    args = parser.parse_args()
    if args.serve:
        if os.environ.get("BENCH_NET_PROFILE"):
            import cProfile
            import pstats

            with cProfile.Profile() as prof:
                asyncio.run(serve(args.games, args.players, not args.no_save))
            pstats.Stats(prof, stream=sys.stderr).sort_stats("tottime").print_stats(25)
        else:
            asyncio.run(serve(args.games, args.players, not args.no_save, args.same_seed))
        return 0
    if args.attack:
        print(json.dumps(asyncio.run(attack(args.attack, args))), flush=True)
        return 0
    if args.abuse:
        return run_abuse(args)
    args.moves = 200 if args.moves is None else args.moves
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
