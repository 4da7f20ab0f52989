"""What a bot knows at a decision, read the same way from a ``PlayerView`` or a ``GameState``.

The greedy bot decides from its seat's view; the search bot's playouts decide for every seat
of a determinized ``GameState`` (where each seat's hidden parts are sampled, so reading them is
fair).  :class:`Ctx` gives both the same small interface, so one heuristic serves both and
never needs a view built inside a playout (building a view costs more than a transition).

Also here: the valuations the heuristics share, such as which cubes a seat still needs, what a
cube is worth to it, and how good a corner is as a home for a cottage.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from operator import is_
from typing import Any

from keythedral import engine
from keythedral.engine import GameState, PlayerView
from keythedral.engine import facts as ev
from keythedral.engine.facts import (
    IN_PLAY,
    IN_PLAY_LONG,
    BoardIndex,
    Pos,
    corner_fields,
    field_corners,
    field_neighbours,
    tile_cost,
    tiles_of_stage,
)
from keythedral.engine.facts import board_index as index
from keythedral.vocab import CRAFT_PRICE, FIELD_YIELD, INDEX, SEAT_VALUE, STONE, VALUE, WINE, WOOD

#: How much harder a craft cube is to come by than a resource cube (its price in cubes).
EFFORT = (1.0, 1.0, 1.0, 1.0, 1.0, float(CRAFT_PRICE["iron"]), 3.0, 4.0)
TYPE_COLOUR = {t: INDEX[c] for t, c in FIELD_YIELD.items()}
#: A field type's general worth to a home: wood and stone build houses and early tiles; wine
#: only matters from stage 3 on.
TYPE_WORTH = {"quarry": 1.0, "woods": 1.1, "lake": 1.05, "farm": 1.05, "vineyard": 0.85}


#: Lookups derived from the laid fields: the engine's own index (types, fields_of ...), which
#: views share with the state (a view's fields are the state's tuple).
Board = BoardIndex


def board(fields: tuple[Any, ...]) -> Board:
    """The Board of ``fields`` (the engine's index, kept by the tuple's identity)."""
    return index(fields)


def _one_more(longer: tuple[Any, ...], shorter: tuple[Any, ...]) -> bool:
    """Is ``longer`` the very objects of ``shorter`` with one more at the end?"""
    return len(longer) == len(shorter) + 1 and all(map(is_, shorter, longer))


_HOMES: dict[tuple[Any, ...], dict[Pos, list[Any]]] = {}


#: The last (cottages, homes) asked, swapped as one pair (threads may share it).
_HOMES_LAST: list[Any] = [(None, None)]


def homes_on(cottages: tuple[Any, ...]) -> dict[Pos, list[Any]]:
    """Field -> the homes whose corner touches it (cached by the cottages' contents; the last
    tuple asked is recognised by identity, without hashing it: views share the state's)."""
    kept, last = _HOMES_LAST[0]
    if kept is cottages:
        found: dict[Pos, list[Any]] = last
        return found
    if kept is not None and _one_more(cottages, kept):  # the layout: one cottage more
        grown: dict[Pos, list[Any]] = dict(last)
        c = cottages[-1]
        for f in corner_fields(c.corner):
            grown[f] = [*grown.get(f, ()), c]
        _HOMES_LAST[0] = (cottages, grown)
        return grown
    got = _HOMES.get(cottages)
    if got is None:
        if len(_HOMES) > 512:
            _HOMES.clear()
        got = {}
        for c in cottages:
            for f in corner_fields(c.corner):
                got.setdefault(f, []).append(c)
        _HOMES[cottages] = got
    _HOMES_LAST[0] = (cottages, got)
    return got


#: The last (fields, place -> field type) of :func:`field_types`, swapped as one pair.
_TYPES_LAST: list[Any] = [((), {})]


def field_types(fields: tuple[Any, ...]) -> dict[Pos, str]:
    """Place -> field type of ``fields`` (``board_index(fields).types``, without the index's
    corners: the layout's playouts ask it after every field laid, and only the types).  The
    last answer is kept, and grown by the one field the layout adds.  Read it, never change it."""
    kept, types = _TYPES_LAST[0]
    if kept is fields:
        got: dict[Pos, str] = types
        return got
    if _one_more(fields, kept):
        f = fields[-1]
        got = {**types, f.pos: f.type}
    else:
        got = {f.pos: f.type for f in fields}
    _TYPES_LAST[0] = (fields, got)
    return got


#: The last (cottages, seat -> its homes) of :func:`own_homes`, swapped as one pair.
_OWN_LAST: list[Any] = [(None, {})]


def own_homes(cottages: tuple[Any, ...], seat: int) -> tuple[Any, ...]:
    """``seat``'s homes among ``cottages``, in their order (the last tuple's answer is kept: a
    phase 1 asks it at every worker placed, and its states share the tuple)."""
    kept, by_seat = _OWN_LAST[0]
    if kept is not cottages:
        grouped: dict[int, list[Any]] = {}
        for c in cottages:
            grouped.setdefault(c.seat, []).append(c)
        by_seat = {s: tuple(homes) for s, homes in grouped.items()}
        _OWN_LAST[0] = (cottages, by_seat)
    got: tuple[Any, ...] = by_seat.get(seat, ())
    return got


@cache
def beside(pos: Pos) -> tuple[tuple[Pos, ...], tuple[Pos, ...]]:
    """A field place's corners and its neighbouring places."""
    return field_corners(pos), field_neighbours(pos)


@cache
def cost_terms(tile: str) -> tuple[tuple[int, int, float], ...]:
    """(colour, count, effort) for each colour a tile's printed cost uses."""
    return tuple((i, c, EFFORT[i]) for i, c in enumerate(tile_cost(tile)) if c)


@cache
def tile_price(tile: str) -> int:
    """A tile's printed cost in cube worth (``VALUE``: a resource 1, iron 2, glass 3, gold 4)."""
    return sum(c * VALUE[i] for i, c, _ in cost_terms(tile))


@cache
def stage_average(stage: int) -> tuple[float, ...]:
    """The mean cost of the tiles of a stage in the box (what a face-down tile likely costs)."""
    tiles = tiles_of_stage(stage)
    return tuple(sum(tile_cost(t)[i] for t in tiles) / len(tiles) for i in range(8))


#: The last (tiles, face_down, stage, answer), swapped as one tuple (threads may share it).
_TILE_FACTS: list[Any] = [(None, None, 0, None)]


def _tile_facts(
    tiles: tuple[Any, ...], face_down: tuple[int, ...], stage: int
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]]:
    """(buyable tiles, next stage's face-up tiles, tiles left per stage) from a view's tiles
    (the last answer is kept: views of the same moment share their tuples)."""
    kept_tiles, kept_down, kept_stage, kept = _TILE_FACTS[0]
    if kept_tiles is tiles and kept_down is face_down and kept_stage == stage:
        got: tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]] = kept
        return got
    buyable = []
    nxt = []
    up = [0] * 5
    for t in tiles:
        up[t.stage - 1] += 1
        if t.buyable:
            buyable.append(t.id)
        elif t.stage == stage + 1:
            nxt.append(t.id)
    got = (
        tuple(buyable),
        tuple(nxt),
        tuple(u + d for u, d in zip(up, face_down, strict=True)),
    )
    _TILE_FACTS[0] = (tiles, face_down, stage, got)
    return got


#: The last (mat, open_buildings, answer) of _mat_facts, swapped as one tuple.
_MAT_LAST: list[Any] = [(None, False, None)]


def _mat_facts(
    mat: tuple[tuple[str, ...], ...], open_buildings: bool
) -> tuple[int, tuple[str, ...], tuple[str, ...], tuple[int, ...]]:
    """(stage, buyable tiles, next stage's face-up tiles, tiles left per stage) of a state's
    mat (the last answer is kept: a playout's states share the mat until a tile is bought)."""
    kept, kept_open, answer = _MAT_LAST[0]
    if kept is mat and kept_open == open_buildings:
        got: tuple[int, tuple[str, ...], tuple[str, ...], tuple[int, ...]] = answer
        return got
    stage = 6
    for i, tiles in enumerate(mat):
        if tiles:
            stage = i + 1
            break
    got = (
        stage,
        mat[stage - 1] if stage <= 5 else (),
        mat[stage] if stage < 5 and open_buildings else (),
        tuple(len(t) for t in mat),
    )
    _MAT_LAST[0] = (mat, open_buildings, got)
    return got


#: Seat -> the tuples its last need() read, and the answer (see Ctx.need).
_NEED_LAST: dict[int, tuple[Any, ...]] = {}

#: needs() by everything it reads (see Ctx.need).
_NEEDS: dict[tuple[object, ...], list[float]] = {}


class Ctx:
    """One seat's knowledge at a decision (see the module docstring).

    Common attributes (``phase``, ``store``, ``cottages``, ``windows``, ``payment`` ...) are read
    from ``src``, which is the view or the state: both carry them under the same names.
    """

    __slots__ = (
        "buyable",
        "cubes",
        "decision",
        "edition",
        "laws",
        "memo",
        "n",
        "next_field",
        "next_tiles",
        "procured",
        "remaining",
        "seat",
        "src",
        "stage",
    )

    src: Any
    seat: int
    n: int
    cubes: tuple[int, ...]
    laws: tuple[str, ...]
    decision: str
    stage: int
    buyable: tuple[str, ...]
    next_tiles: tuple[str, ...]
    remaining: tuple[int, ...]
    next_field: str | None
    edition: str
    procured: bool
    memo: dict[str, Any]

    @classmethod
    def from_view(cls, view: PlayerView) -> Ctx:
        assert view.seat is not None and view.me is not None, "a bot needs a seat's view"
        c = cls()
        c.src = view
        c.memo = {}
        c.seat = view.seat
        c.n = len(view.players)
        c.cubes = view.me.cubes
        c.laws = view.me.laws
        c.decision = view.decision
        stage = c.stage = view.stage
        c.buyable, c.next_tiles, c.remaining = _tile_facts(view.tiles, view.face_down, stage)
        c.next_field = view.next_field
        c.edition = view.config.edition
        c.procured = view.players[view.seat].procured_law_this_round
        return c

    @classmethod
    def from_state(cls, state: GameState, seat: int, decision: str | None = None) -> Ctx:
        c = cls()
        c.src = state
        c.memo = {}
        c.seat = seat
        c.n = len(state.players)
        me = state.players[seat]
        c.cubes = me.cubes
        c.laws = me.laws
        c.decision = decision or engine.decision(state)
        c.stage, c.buyable, c.next_tiles, c.remaining = _mat_facts(
            state.mat, state.config.open_buildings
        )
        c.next_field = state.field_stack[0] if c.decision == "place_field" else None
        c.edition = state.config.edition
        c.procured = me.procured
        return c

    # --- small derived facts ---------------------------------------------------------
    def laws_held(self, seat: int) -> int:
        src = self.src
        if isinstance(src, PlayerView):
            return src.players[seat].laws_held
        return len(src.players[seat].laws)

    def tiles_left(self) -> int:
        return sum(self.remaining)

    def in_play(self) -> tuple[int, ...]:
        return IN_PLAY_LONG if self.src.config.long_game else IN_PLAY

    def seat_value(self, stage: int) -> int:
        return SEAT_VALUE[self.edition][stage - 1]

    def procured_by(self, seat: int) -> bool:
        """Has ``seat`` procured a law this round (done for this phase 3)?"""
        src = self.src
        if isinstance(src, PlayerView):
            return src.players[seat].procured_law_this_round
        return bool(src.players[seat].procured)

    def board(self) -> Board:
        got = self.memo.get("board")
        if got is None:
            got = self.memo["board"] = board(self.src.fields)
        return got

    # --- facts computed once per decision ------------------------------------------------
    def need(self) -> list[float]:
        """:func:`needs` of this seat, computed once (and shared by every decision that reads
        the same facts: a seat's needs stay put through a phase 1, a run of payments ...).
        The list is shared: read it, never change it."""
        got = self.memo.get("need")
        if got is None:
            cubes, buyable, next_tiles, remaining = (
                self.cubes,
                self.buyable,
                self.next_tiles,
                self.remaining,
            )
            cottages = self.src.cottages
            # the seat's last answer, if it read these very tuples (a playout's states and a
            # game's views share them until they change)
            last = _NEED_LAST.get(self.seat)
            if (
                last is not None
                and last[0] is cubes
                and last[1] is buyable
                and last[2] is next_tiles
                and last[3] is remaining
                and last[4] is cottages
                and last[5] == self.n
                and last[6] == self.stage
            ):
                got = last[7]
            else:
                key = (
                    cubes,
                    buyable,
                    next_tiles,
                    remaining,
                    self.n,
                    self.stage,
                    has_cottage(self),
                )
                got = _NEEDS.get(key)
                if got is None:
                    if len(_NEEDS) >= 4096:
                        _NEEDS.clear()
                    got = _NEEDS[key] = needs(self)
                _NEED_LAST[self.seat] = (
                    cubes,
                    buyable,
                    next_tiles,
                    remaining,
                    cottages,
                    self.n,
                    self.stage,
                    got,
                )
            self.memo["need"] = got
        return got

    def target(self) -> str | None:
        """:func:`target_tile` of this seat, computed once."""
        if "target" not in self.memo:
            self.memo["target"] = target_tile(self)
        got: str | None = self.memo["target"]
        return got

    def aim(self) -> str | None:
        """:func:`aim_tile` of this seat, computed once."""
        if "aim" not in self.memo:
            self.memo["aim"] = aim_tile(self)
        got: str | None = self.memo["aim"]
        return got

    def taken(self) -> set[Pos]:
        """Fields that hold a worker."""
        got = self.memo.get("taken")
        if got is None:
            got = self.memo["taken"] = {w.field for w in self.src.workers}
        return got

    def homes_on(self) -> dict[Pos, list[Any]]:
        """Field -> the homes (cottages and houses, anyone's) whose corner touches it."""
        got = self.memo.get("homes_on")
        if got is None:
            got = self.memo["homes_on"] = homes_on(self.src.cottages)
        return got

    def fenced(self) -> dict[Pos, set[Pos]]:
        """Corner -> the fields fenced off from it."""
        got = self.memo.get("fenced")
        if got is None:
            got = {}
            for f in self.src.fences:
                got.setdefault(f.corner, set()).add(f.field)
            self.memo["fenced"] = got
        return got

    def open_fields(self, corner: Pos, seat: int) -> list[Pos]:
        """Fields a home of ``seat`` at ``corner`` could send a worker into now."""
        look = self.memo.get("open_fields")
        if look is None:  # what it reads, looked up once a decision (it is asked per home)
            look = self.memo["open_fields"] = (
                self.taken(),
                self.fenced(),
                self.board().fields_of,
                self.src.effects.fence_free,
            )
        taken, fenced_at, fields_of, fence_free = look
        fenced = () if seat in fence_free else fenced_at.get(corner, ())
        return [f for f in fields_of(corner) if f not in taken and f not in fenced]


# --- what the seat needs -----------------------------------------------------------------
def shortfall_effort(hand: Sequence[int], cost: Sequence[int]) -> float:
    """How much work is missing to afford ``cost``: missing crafts count at their price."""
    return sum(max(0, c - h) * e for h, c, e in zip(hand, cost, EFFORT, strict=True))


def tile_shortfall(hand: Sequence[int], tile: str) -> float:
    """``shortfall_effort`` of a tile's printed cost (the fast path)."""
    total = 0.0
    for i, c, e in cost_terms(tile):
        h = hand[i]
        if c > h:
            total += (c - h) * e
    return total


def target_tile(ctx: Ctx) -> str | None:
    """The buyable tile the seat is closest to affording (ties: the lowest id).

    Prefer ``ctx.target()``, which computes it once per decision."""
    hand = ctx.cubes
    best: str | None = None
    best_key = (1e9, "")
    for t in ctx.buyable:
        key = (tile_shortfall(hand, t), t)
        if key < best_key:
            best, best_key = t, key
    return best


def seen_cubes(log: Sequence[Any], seat: int) -> list[int]:
    """The fewest cubes of each colour ``seat`` can hold, by what the table saw in ``log``:
    every cube it was seen to gain (harvest, trader, craftsman, a won bid's payment), less
    every cube it was seen to give, never below none.  A law of its own that took effect may
    move cubes unseen: the count starts again from none there."""
    return list(seen_hands(log).get(seat, _NOTHING_SEEN))


_NOTHING_SEEN = (0,) * 8

#: The last (log, log_total, answer, where its first event that moves a cube is) of
#: :func:`seen_hands`, swapped as one tuple (threads may share it).
_SEEN_LAST: list[Any] = [(None, None, None, 0)]


def seen_hands(log: Sequence[Any], total: int | None = None) -> dict[int, tuple[int, ...]]:
    """:func:`seen_cubes` of every seat the log names, in one pass over it (by each event's
    type: most events move no cube).

    With ``total``, the count of events ever logged (a view's ``log_total``), a log that is the
    last one asked with events added (and only events that move no cube dropped from its
    front, as the log keeps the recent ones) goes on from the last answer: a decision asks
    for each rival, and a phase 3 adds an event or two a turn."""
    kept, kept_total, answer, first = _SEEN_LAST[0]
    if kept is log:
        got: dict[int, tuple[int, ...]] = answer
        return got
    start = 0
    if kept_total is not None and total is not None:
        added = total - kept_total
        dropped = len(kept) + added - len(log)
        if added >= 0 and 0 <= dropped <= first and log[: len(kept) - dropped] == kept[dropped:]:
            start = len(kept) - dropped
            first = first - dropped if first < len(kept) else len(log)
    # the seats' counts: tuples as answered, lists once changed here
    lows: dict[int, Any] = answer if start else {}
    if not start:
        first = len(log)
    copied = False
    for i in range(start, len(log)):
        e = log[i]
        handle = _SEEN.get(type(e))
        if handle is not None:
            if not copied:
                lows = dict(lows)
                copied = True
            handle(e, lows)
            if i < first:
                first = i
    got = {s: tuple(low) for s, low in lows.items()} if copied else lows
    _SEEN_LAST[0] = (log, total, got, first)
    return got


def _low(lows: dict[int, Any], seat: int) -> list[int]:
    """``seat``'s counts in ``lows``, as a list to change."""
    low = lows.get(seat)
    if low is None:
        low = lows[seat] = [0] * 8
    elif type(low) is tuple:
        low = lows[seat] = list(low)
    return low


def _give(low: list[int], paid: Sequence[int]) -> None:
    for i, c in enumerate(paid):
        if c:
            low[i] = max(0, low[i] - c)


def _harvested(e: Any, lows: dict[int, list[int]]) -> None:
    low = _low(lows, e.seat)
    for i, g in enumerate(e.got):
        low[i] += g


def _traded(e: Any, lows: dict[int, list[int]]) -> None:
    low = _low(lows, e.seat)
    _give(low, e.paid)
    low[INDEX[e.take]] += 1


def _craft_bought(e: Any, lows: dict[int, list[int]]) -> None:
    low = _low(lows, e.seat)
    _give(low, e.paid)
    low[INDEX[e.craft]] += 1


def _paid(e: Any, lows: dict[int, list[int]]) -> None:
    _give(_low(lows, e.seat), e.paid)


def _bid_paid(e: Any, lows: dict[int, list[int]]) -> None:
    _give(_low(lows, e.seat), e.paid)
    if e.to_seat != e.seat:
        low = _low(lows, e.to_seat)
        for i, g in enumerate(e.paid):
            low[i] += g


def _cube_taken(e: Any, lows: dict[int, list[int]]) -> None:
    _low(lows, e.seat)[INDEX[e.cube]] += 1


def _converted(e: Any, lows: dict[int, list[int]]) -> None:
    low = _low(lows, e.seat)
    low[STONE], low[WOOD] = max(0, low[STONE] - 1), max(0, low[WOOD] - 1)


def _fence_built(e: Any, lows: dict[int, list[int]]) -> None:
    low = _low(lows, e.seat)
    low[WOOD] = max(0, low[WOOD] - 1)


def _fence_removed(e: Any, lows: dict[int, list[int]]) -> None:
    low = _low(lows, e.seat)
    low[WINE] = max(0, low[WINE] - 2)


def _law_took_effect(e: Any, lows: dict[int, list[int]]) -> None:
    lows[e.seat] = [0] * 8


#: What each kind of event tells the table about the cubes of the seats it names.
_SEEN: dict[type, Callable[[Any, dict[int, list[int]]], None]] = {
    ev.Harvested: _harvested,
    ev.Traded: _traded,
    ev.CraftBought: _craft_bought,
    ev.LawProcured: _paid,
    ev.BuildingBought: _paid,
    ev.BidPaid: _bid_paid,
    ev.CubeTaken: _cube_taken,
    ev.CottageConverted: _converted,
    ev.FenceBuilt: _fence_built,
    ev.FenceRemoved: _fence_removed,
    ev.LawTookEffect: _law_took_effect,
}


def racing(ctx: Ctx) -> dict[str, int]:
    """The buyable tiles a rival is sure to be able to buy before the seat's next phase 3 turn
    (by :func:`seen_cubes`), with that rival: every rival still in this phase 3 (not done by
    procuring a law) has a turn before the seat has its next one."""
    got: dict[str, int] | None = ctx.memo.get("racing")
    if got is None:
        got = ctx.memo["racing"] = {}
        for s, low in _rival_hands(ctx):
            for t in ctx.buyable:
                if t not in got and tile_shortfall(low, t) == 0:
                    got[t] = s
    return got


def _rival_hands(ctx: Ctx) -> list[tuple[int, Sequence[int]]]:
    """(seat, the cubes it is sure to hold) of every rival still in this phase 3 (none outside
    a phase 3), in seat order; worked out once per decision."""
    got: list[tuple[int, Sequence[int]]] | None = ctx.memo.get("rival_hands")
    if got is None:
        got = ctx.memo["rival_hands"] = []
        src = ctx.src
        if src.phase == "spend":
            # A whole state (a playout's world) holds every hand: no need to read the log for
            # what the table saw (and the playouts stay quick).
            if isinstance(src, GameState):
                for s, p in enumerate(src.players):
                    if s != ctx.seat and not p.procured:
                        got.append((s, p.cubes))
            else:
                seen = seen_hands(src.log, src.log_total)
                for s in range(ctx.n):
                    if s != ctx.seat and not ctx.procured_by(s):
                        got.append((s, seen.get(s, _NOTHING_SEEN)))
    return got


def _raced(ctx: Ctx, tile: str) -> bool:
    """``tile in racing(ctx)``, without listing the other tiles' rivals when none is asked."""
    got: dict[str, int] | None = ctx.memo.get("racing")
    if got is not None:
        return tile in got
    return any(tile_shortfall(low, tile) == 0 for _s, low in _rival_hands(ctx))


def aim_tile(ctx: Ctx) -> str | None:
    """The tile to trade and buy crafts toward: the target, unless a rival is sure to be able
    to buy it first (:func:`racing`); then the closest of the tiles no rival is sure to take.

    Prefer ``ctx.aim()``, which computes it once per decision."""
    target = ctx.target()
    if target is None:
        return None
    if not _raced(ctx, target):  # (the usual case: the other tiles' rivals are not needed)
        return target
    raced = racing(ctx)
    hand = ctx.cubes
    free = [t for t in ctx.buyable if t not in raced]
    return min(free, key=lambda t: (tile_shortfall(hand, t), t), default=target)


def needs(ctx: Ctx, houses: bool = True) -> list[float]:
    """Cubes per colour the seat wants to hold for its coming purchases.

    The target tile in full; half of another tile of this stage while more than one is left;
    the likely cost of a next-stage tile, more of it the closer that stage is; and, while houses
    still pay off, a stone and a wood for a conversion.
    """
    need = [0.0] * 8
    target = ctx.target()
    if target is not None:
        for i, c, _ in cost_terms(target):
            need[i] += c
        others = [t for t in ctx.buyable if t != target]
        if others:
            w = 0.5 / len(others)
            for t in others:
                for i, c, _ in cost_terms(t):
                    need[i] += w * c
    stage = ctx.stage
    if stage < 5:
        left = ctx.remaining[stage - 1] if stage <= 5 else 0
        weight = 1.0 if left <= max(2, ctx.n // 2) else 0.6 if left <= ctx.n else 0.35
        if ctx.next_tiles:
            k = len(ctx.next_tiles)
            for t in ctx.next_tiles:
                for i, c, _ in cost_terms(t):
                    need[i] += weight * c / k
        else:
            for i, avg in enumerate(stage_average(stage + 1)):
                need[i] += weight * avg
    if houses and house_worth(ctx) > 0 and has_cottage(ctx):
        need[STONE] += 0.6
        need[WOOD] += 0.6
    return need


def has_cottage(ctx: Ctx) -> bool:
    """Does the seat have a cottage (a home that is not a house)?"""
    cottages = ctx.src.cottages
    kept, seats = _COTTAGE_SEATS[0]
    if kept is not cottages:
        seats = frozenset(c.seat for c in cottages if not c.house)
        _COTTAGE_SEATS[0] = (cottages, seats)
    return ctx.seat in seats


#: The last (cottages, seats with a cottage) of has_cottage, swapped as one pair (a decision
#: asks it with every need, and the states of a playout share the tuple until a home changes).
_COTTAGE_SEATS: list[Any] = [(None, frozenset())]


def rounds_left(ctx: Ctx) -> float:
    """A rough count of the rounds still to come (tiles left over tiles bought per round)."""
    return ctx.tiles_left() / max(1.0, 0.55 * ctx.n)


def house_worth(ctx: Ctx) -> float:
    """How much a conversion still pays off: about one cube per round to come, less its cost."""
    return rounds_left(ctx) - 2.0


def keep_value(ctx: Ctx, need: Sequence[float], hand: Sequence[int], colour: int) -> float:
    """What giving away one cube of ``colour`` costs the seat (lower: give it first)."""
    have = hand[colour]
    short = need[colour] - (have - 1)
    penalty = 3.0 * min(1.0, max(0.0, short))
    return VALUE[colour] + penalty + (0.01 * colour)


# --- homes and fields --------------------------------------------------------------------
def type_worth(ftype: str, need: Sequence[float] | None = None) -> float:
    """The worth of a field type to a cottage: its colour's general use plus the seat's need."""
    base = TYPE_WORTH[ftype]
    if need is not None:
        base += 0.25 * min(2.0, need[TYPE_COLOUR[ftype]])
    return base


def corner_worth(ctx: Ctx, corner: Pos, exclude: tuple[int, int] | None = None) -> float:
    """How good ``corner`` is as a home for one of the seat's cottages.

    Each field it touches counts by its type, shared with the other homes that touch it; a
    field fenced off from the corner counts nothing; open grid points around it count a little
    while the layout can still fill them; several types beat one.  ``exclude`` (seat, number):
    a home not to count as a neighbour (the one being moved).
    """
    layout = ctx.src.phase == "layout"
    return worth_at(ctx.board().types, ctx.homes_on(), ctx.fenced(), layout, corner, exclude)


def worth_at(
    types: Mapping[Pos, str],
    homes: dict[Pos, list[Any]],
    fenced_at: dict[Pos, set[Pos]],
    layout: bool,
    corner: Pos,
    exclude: tuple[int, int] | None = None,
) -> float:
    """``corner_worth`` from the lookups it reads (for a scorer that asks it of many corners)."""
    fenced = fenced_at.get(corner, ())
    total = 0.0
    kinds: set[str] = set()
    for f in corner_fields(corner):
        ftype = types.get(f)
        if ftype is None:
            if layout:
                total += 0.3
            continue
        if f in fenced:
            continue
        kinds.add(ftype)
        others = 0
        for c in homes.get(f, ()):
            if c.corner != corner and (exclude is None or (c.seat, c.number) != exclude):
                others += 1
        total += TYPE_WORTH[ftype] / (1.0 + 0.7 * others)  # type_worth(ftype)
    return total + 0.2 * len(kinds)
