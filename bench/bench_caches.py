"""What each of the engine's caches earns: bench_engine's replay with the cache on and off.

    python bench/bench_caches.py [--games N] [--repeats R] [--only NAME ...] [--no-views]

The games of ``bench_engine`` (four players, laws on, its seeds and policy) are played once;
then, for every cache, their replay (``legal_actions`` + ``apply`` at every step, CPU time) is
timed with the cache on and with it switched off, alternately, best of ``--repeats`` each.  A
cache is switched off from here, by putting a stand-in that never keeps anything where the
engine looks for it (a memo that always starts afresh, a dict that never holds, the function a
``functools.cache`` wraps), and put back afterwards: the engine carries no flag for it.  Every
replay must end in the same states as with everything on (a cache must never change a result).

"earns" is how much faster the replay is with the cache on: the time off over the time on,
minus one, the median over the pairs of runs, with its spread (half the interquartile range:
a shared machine's noise); on and off are the best transitions/s.  The views' caches get the same treatment over ``engine.view`` of every state of the games
(each seat's view and a spectator's): µs a view, and what the cache earns of it.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests package
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_engine

from bench_engine import config
from tests.support.policy import choose

from keythedral import engine

SEED = 1000  # bench_engine's


# --- stand-ins that keep nothing -----------------------------------------------------------
class NoMoment:
    """A ``MomentMemo`` that always starts a fresh table."""

    def table(self, objs: Any) -> dict[Any, Any]:
        return {}

    def table1(self, a: Any) -> dict[Any, Any]:
        return {}

    def table3(self, a: Any, b: Any, c: Any) -> dict[Any, Any]:
        return {}

    def table4(self, a: Any, b: Any, c: Any, d: Any) -> dict[Any, Any]:
        return {}

    def kept1(self, a: Any, key: Any, make: Callable[[Any, Any], Any]) -> Any:
        return make(a, key)

    def previous(self) -> tuple[tuple[object, ...], dict[Any, Any]]:
        return ((), {})


class NoIdentity:
    """An ``IdentityMemo`` that never holds anything."""

    def get(self, key: Any, objs: Any) -> Any:
        return None

    def put(self, key: Any, objs: Any, result: Any) -> None:
        pass


class NoDict(dict[Any, Any]):
    """A module-level cache dict that never holds anything."""

    def get(self, key: Any, default: Any = None) -> Any:
        return default

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


class NoLast(list[Any]):
    """A one-slot ``[last]`` cache that always reads its first, empty value."""

    def __init__(self, first: Any) -> None:
        super().__init__([first])
        self.first = first

    def __getitem__(self, i: Any) -> Any:
        return self.first

    def __setitem__(self, i: Any, value: Any) -> None:
        pass


def _engine_modules() -> list[Any]:
    return [m for name, m in sorted(sys.modules.items()) if name.startswith("keythedral.engine")]


@contextmanager
def swapped(*pairs: tuple[Any, str, Any]) -> Iterator[None]:
    """Set ``owner.name = value`` for each triple, put the old values back afterwards."""
    old = [(owner, name, getattr(owner, name)) for owner, name, _ in pairs]
    try:
        for owner, name, value in pairs:
            setattr(owner, name, value)
        yield
    finally:
        for owner, name, value in old:
            setattr(owner, name, value)


def unwrapped(*cached: Any) -> list[tuple[Any, str, Any]]:
    """Every engine module's reference to each ``functools`` cache, to the function it wraps."""
    out = []
    for mod in _engine_modules():
        for name, value in list(vars(mod).items()):
            for c in cached:
                if value is c:
                    out.append((mod, name, c.__wrapped__))
    assert all(any(c.__wrapped__ is w for _, _, w in out) for c in cached), cached
    return out


def module(name: str) -> Any:
    return sys.modules[f"keythedral.engine.{name}"]


def memo_off(mod: str, name: str) -> list[tuple[Any, str, Any]]:
    if not has(mod, name):  # (gone: a group row switches off what is left of it)
        return []
    kind = type(getattr(module(mod), name)).__name__
    return [(module(mod), name, NoMoment() if kind == "MomentMemo" else NoIdentity())]


def dict_off(mod: str, name: str) -> list[tuple[Any, str, Any]]:
    if not has(mod, name):  # (gone: a group row switches off what is left of it)
        return []
    return [(module(mod), name, NoDict())]


def last_off(mod: str, name: str) -> list[tuple[Any, str, Any]]:
    if not has(mod, name):  # (gone: a group row switches off what is left of it)
        return []
    return [(module(mod), name, NoLast(getattr(module(mod), name)[0]))]


def funcs_off(mod: str, *names: str) -> list[tuple[Any, str, Any]]:
    funcs = (getattr(module(mod), n, None) for n in names)
    return unwrapped(*(f for f in funcs if hasattr(f, "__wrapped__")))  # (the caches left)


def _fields_of_uncached(self: Any, corner: Any) -> tuple[Any, ...]:
    types = self.types
    return tuple(p for p in module("board").corner_fields(corner) if p in types)


def has(mod: str, name: str) -> bool:
    return hasattr(module(mod), name)


@dataclass
class Cache:
    name: str
    where: str
    keeps: str
    off: Callable[[], list[tuple[Any, str, Any]]]
    view: bool = False


def _make_names() -> list[str]:
    return [n for n in vars(module("actions")) if n.startswith("make_")]


def caches() -> list[Cache]:
    """Every cache of the engine that is still there (the table lists what it finds)."""
    c: list[Cache] = []

    def add(name: str, where: str, keeps: str, off: Callable[[], Any], view: bool = False) -> None:
        if off():  # (a cache that is gone has no row)
            c.append(Cache(name, where, keeps, off, view))

    # a control: nothing switched off (the noise floor of the measure)
    c.append(Cache("(none)", "-", "nothing switched off: the noise", lambda: []))
    c.append(Cache("(none) ", "-", "the views' control", lambda: [], True))
    add(
        "_OPEN",
        "workers._OPEN",
        "open fields of a home, per moment",
        lambda: memo_off("workers", "_OPEN"),
    )
    add(
        "_FENCED",
        "workers._FENCED",
        "fields fenced off, by corner",
        lambda: memo_off("workers", "_FENCED"),
    )
    add(
        "_TAKEN",
        "workers._TAKEN",
        "fields holding a worker, grown",
        lambda: last_off("workers", "_TAKEN"),
    )
    add(
        "open fields (all)",
        "workers._OPEN",
        "_OPEN, _FENCED and _TAKEN together",
        lambda: (
            memo_off("workers", "_OPEN")
            + memo_off("workers", "_FENCED")
            + last_off("workers", "_TAKEN")
        ),
    )
    add(
        "_BUILDS",
        "fences._BUILDS",
        "fence-building actions, per moment",
        lambda: memo_off("fences", "_BUILDS"),
    )
    add(
        "_REMOVES",
        "fences._REMOVES",
        "fence-removing actions, per fences",
        lambda: memo_off("fences", "_REMOVES"),
    )
    add(
        "_FACTS",
        "layout._FACTS",
        "layout spots and free corners, grown",
        lambda: memo_off("layout", "_FACTS"),
    )
    add(
        "_PROCURES",
        "lawmaster._PROCURES",
        "procure actions, per law spaces",
        lambda: memo_off("lawmaster", "_PROCURES"),
    )
    add(
        "_CONVERTS",
        "houses._CONVERTS",
        "convert actions, per cottages",
        lambda: memo_off("houses", "_CONVERTS"),
    )
    add(
        "_INDEX_CACHE",
        "board._INDEX_CACHE",
        "board index, by id(fields)",
        lambda: dict_off("board", "_INDEX_CACHE"),
    )
    add(
        "_LAST_INDEX",
        "board._LAST_INDEX",
        "last board index, grown",
        lambda: last_off("board", "_LAST_INDEX"),
    )
    add(
        "board index (both)",
        "board._LAST_INDEX",
        "_INDEX_CACHE and _LAST_INDEX together",
        lambda: (
            dict_off("board", "_INDEX_CACHE") + last_off("board", "_LAST_INDEX")
            if has("board", "_INDEX_CACHE")
            else last_off("board", "_LAST_INDEX")
        ),
    )
    add(
        "fields_of",
        "board.BoardIndex",
        "fields a corner touches, per index",
        lambda: [(module("board").BoardIndex, "fields_of", _fields_of_uncached)],
    )
    add(
        "LAST_DECISION",
        "decisions.LAST_DECISION",
        "the last state's decision",
        lambda: last_off("decisions", "LAST_DECISION"),
    )
    add(
        "_HOMES",
        "state._HOMES",
        "homes by (seat, number), last cottages",
        lambda: last_off("state", "_HOMES"),
    )
    add(
        "_PLAIN",
        "buildings._PLAIN",
        "plain purchases by hand",
        lambda: dict_off("buildings", "_PLAIN"),
    )
    add(
        "_OFFERS",
        "market._OFFERS",
        "craft/trade actions by store",
        lambda: dict_off("market", "_OFFERS"),
    )
    add(
        "_STARTS",
        "payments._STARTS",
        "payments as they begin",
        lambda: dict_off("payments", "_STARTS"),
    )
    add(
        "_PAYS",
        "payments._PAYS",
        "pay actions by hand and price",
        lambda: dict_off("payments", "_PAYS"),
    )
    add(
        "make_* interning",
        "actions.make_place_field",
        "every action made once (make_*, make_law)",
        lambda: funcs_off("actions", *_make_names()) + funcs_off("laws", "make_law"),
    )
    add(
        "fence tables",
        "fences._builds_of",
        "per-seat fence actions by edge (_builds_of, _removes_of)",
        lambda: funcs_off("fences", "_builds_of", "_removes_of"),
    )
    add(
        "layout tables",
        "layout._field_choices",
        "per-seat layout actions by place (_field_choices, _cottage_choices)",
        lambda: funcs_off("layout", "_field_choices", "_cottage_choices"),
    )
    add(
        "_placements",
        "workers._placements",
        "worker placements by home and fields",
        lambda: funcs_off("workers", "_placements"),
    )
    add(
        "spend offers",
        "market._offers",
        "a seat's crafts and trades, and the law master's offers",
        lambda: funcs_off("market", "_offers") + funcs_off("lawmaster", "_procures"),
    )
    add(
        "plain buys",
        "buildings._plain_buys",
        "a hand's purchases among tiles with no price law under them",
        lambda: funcs_off("buildings", "_plain_buys"),
    )
    add(
        "pay offers",
        "payments._payable",
        "the cubes a hand may give toward a price",
        lambda: funcs_off("payments", "_payable"),
    )
    add(
        "work orders",
        "laws._work_orders",
        "Work order's 120 plays, per seat",
        lambda: funcs_off("laws", "_work_orders"),
    )
    add(
        "law generators by hand",
        "laws._fitting",
        "the generators of a hand's cards that fit a context",
        lambda: funcs_off("laws", "_fitting"),
    )
    add(
        "event interning",
        "workers._sent",
        "events made once (_sent, _marker_placed, _passed, _bid_passed)",
        lambda: (
            funcs_off("workers", "_sent", "_marker_placed")
            + funcs_off("spend", "_passed")
            + funcs_off("bidding", "_bid_passed")
        ),
    )
    add(
        "_placement",
        "workers._placement",
        "placements as they begin",
        lambda: funcs_off("workers", "_placement"),
    )
    add(
        "seat orders",
        "workers._clockwise",
        "seat tuples (_clockwise, _seats_from, _without)",
        lambda: (
            funcs_off("workers", "_clockwise") + funcs_off("windows", "_seats_from", "_without")
        ),
    )
    add(
        "_phase_window",
        "windows._phase_window",
        "phase-start windows",
        lambda: funcs_off("windows", "_phase_window"),
    )
    add(
        "contexts", "laws.contexts", "contexts of a law card", lambda: funcs_off("laws", "contexts")
    )
    add(
        "_distinct",
        "laws._distinct",
        "a hand's distinct cards",
        lambda: funcs_off("laws", "_distinct"),
    )
    add("_pick", "layout._pick", "getter of unplaced numbers", lambda: funcs_off("layout", "_pick"))
    # the views'
    add(
        "_LAST_HANDS",
        "view._LAST_HANDS",
        "a seat's last hand",
        lambda: dict_off("view", "_LAST_HANDS"),
        True,
    )
    add(
        "_LAST_CONFIG",
        "view._LAST_CONFIG",
        "the last config shown",
        lambda: last_off("view", "_LAST_CONFIG"),
        True,
    )
    add(
        "_CONFIGS",
        "view._CONFIGS",
        "configs shown, by id",
        lambda: memo_off("view", "_CONFIGS"),
        True,
    )
    add(
        "config (both)",
        "view._LAST_CONFIG",
        "_LAST_CONFIG and _CONFIGS together",
        lambda: (
            last_off("view", "_LAST_CONFIG")
            + (memo_off("view", "_CONFIGS") if has("view", "_CONFIGS") else [])
        ),
        True,
    )
    add(
        "_LAST_TILES",
        "view._LAST_TILES",
        "the last mat's tiles",
        lambda: last_off("view", "_LAST_TILES"),
        True,
    )
    add(
        "_TILES", "view._TILES", "tiles shown, by id(mat)", lambda: memo_off("view", "_TILES"), True
    )
    add(
        "tiles (both)",
        "view._LAST_TILES",
        "_LAST_TILES and _TILES together",
        lambda: (
            last_off("view", "_LAST_TILES")
            + (memo_off("view", "_TILES") if has("view", "_TILES") else [])
        ),
        True,
    )
    add(
        "_tile_view",
        "view._tile_view",
        "one TileView per tile",
        lambda: funcs_off("view", "_tile_view"),
        True,
    )
    add(
        "_LAST_PLAYERS",
        "view._LAST_PLAYERS",
        "the last public sides",
        lambda: last_off("view", "_LAST_PLAYERS"),
        True,
    )
    add(
        "_PLAYERS",
        "view._PLAYERS",
        "public sides by values",
        lambda: dict_off("view", "_PLAYERS"),
        True,
    )
    add(
        "players (both)",
        "view._LAST_PLAYERS",
        "_LAST_PLAYERS and _PLAYERS together",
        lambda: (
            last_off("view", "_LAST_PLAYERS")
            + (dict_off("view", "_PLAYERS") if has("view", "_PLAYERS") else [])
        ),
        True,
    )
    add(
        "_LAST_ON_BOARD",
        "view._LAST_ON_BOARD",
        "pieces on the board per seat",
        lambda: last_off("view", "_LAST_ON_BOARD"),
        True,
    )
    add(
        "_spaces_shown",
        "view._spaces_shown",
        "law spaces shown",
        lambda: funcs_off("view", "_spaces_shown"),
        True,
    )
    return c


# --- the measures --------------------------------------------------------------------------
def play(games: int) -> list[list[engine.Action]]:
    """The actions of bench_engine's four-player games (its seeds, its policy)."""
    paths = []
    for g in range(games):
        rng = random.Random(SEED + g)
        state = engine.new_game(config(4, SEED + g, False))
        paths.append(path := [])
        while state.to_act:
            action = choose(state, engine.legal_actions(state), rng)
            path.append(action)
            state = engine.apply(state, action)
    return paths


def replay(paths: list[list[engine.Action]], keep: bool = False) -> tuple[float, list[Any]]:
    """CPU seconds of one replay, and the final states (when ``keep``)."""
    ends = []
    t0 = time.process_time()
    for g, path in enumerate(paths):
        state = engine.new_game(config(4, SEED + g, False))
        for action in path:
            engine.legal_actions(state)
            state = engine.apply(state, action)
        ends.append(state)
    return time.process_time() - t0, ends if keep else []


def states_of(paths: list[list[engine.Action]]) -> list[engine.GameState]:
    out = []
    for g, path in enumerate(paths):
        state = engine.new_game(config(4, SEED + g, False))
        for action in path:
            out.append(state)
            state = engine.apply(state, action)
    return out


def views(states: list[engine.GameState], keep: bool = False) -> tuple[float, list[Any]]:
    """CPU seconds of every view of ``states`` (the seat to act's and a spectator's), and the
    views when ``keep`` (not when timed: a long list of them would make the collector's
    passes longer)."""
    view = engine.view
    if keep:
        return 0.0, [view(s, seat) for s in states for seat in (s.to_act[0], None)]
    t0 = time.process_time()
    for s in states:
        view(s, s.to_act[0])
        view(s, None)
    return time.process_time() - t0, []


def measure(
    cache: Cache, run: Callable[[bool], tuple[float, list[Any]]], want: list[Any], repeats: int
) -> tuple[float, float, float, float]:
    """Best CPU seconds with the cache on and off, and what it earns: the median and the spread
    (half the distance between the quartiles) of off over on, minus one, over ``repeats``
    pairs of runs side by side (in turn on first and off first, so that a busy moment of a
    shared machine falls on both alike).  A run with the cache off must give ``want``."""
    with swapped(*cache.off()):
        if run(True)[1] != want:
            raise SystemExit(f"{cache.name} off changes the results")
    gc.collect()
    on = off = float("inf")
    ratios = []
    for i in range(repeats):
        for cache_on in (True, False) if i % 2 else (False, True):
            if cache_on:
                t_on = run(False)[0]
            else:
                with swapped(*cache.off()):
                    t_off = run(False)[0]
        on, off = min(on, t_on), min(off, t_off)
        ratios.append(t_off / t_on - 1)
    q = statistics.quantiles(ratios, n=4)
    return on, off, q[1], (q[2] - q[0]) / 2


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="four-player games (default 20)")
    ap.add_argument("--repeats", type=int, default=15, help="pairs of runs (default 15)")
    ap.add_argument("--only", nargs="*", help="these caches only (their names)")
    ap.add_argument("--no-views", action="store_true", help="skip the views' caches")
    args = ap.parse_args(argv)

    paths = play(args.games)
    steps = sum(len(p) for p in paths)
    want = replay(paths, True)[1]
    states = states_of(paths)
    shown = views(states, True)[1]
    gc.collect()
    gc.freeze()  # what is built so far is never traversed again: steadier times
    rows = [c for c in caches() if not args.only or c.name in args.only]
    print(
        f"{args.games} games, {steps} transitions, {2 * len(states)} views; {args.repeats} pairs of runs"
    )
    print(f"{'cache':<20} {'where':<24} {'on':>10} {'off':>10} {'earns':>7} {'±':>6}  keeps")
    for c in rows:
        if c.view:
            if args.no_views:
                continue
            on, off, earns, spread = measure(c, partial(views, states), shown, args.repeats)
            n = 2 * len(states)
            print(
                f"{c.name:<20} {c.where:<24} {on / n * 1e6:>7.2f} µs {off / n * 1e6:>7.2f} µs "
                f"{earns:>7.1%} ±{spread:4.1%}  {c.keeps}"
            )
        else:
            on, off, earns, spread = measure(c, partial(replay, paths), want, args.repeats)
            print(
                f"{c.name:<20} {c.where:<24} {steps / on:>8,.0f}/s {steps / off:>8,.0f}/s "
                f"{earns:>7.1%} ±{spread:4.1%}  {c.keeps}"
            )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
