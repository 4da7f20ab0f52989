"""Law cards: when each may be played, the choices it offers, and what it does.

A law is never one of the seven actions (Substitution, Sale and Bargain are the exception in
effect: they are played *as* the holder's purchase or trade).  Each card is used once.  The
contexts in which a card may be played:

- ``own``: the holder is asked a regular decision (a work-order pick, a worker, a phase 3
  action, a bid, naming the start player);
- ``phase_start``: the window at the start of phases 1, 2, 3 and 5;
- ``purchase``: another player has declared a building purchase;
- ``law_played``: another player has just played a law.

Which contexts fit a card is its ``timing`` in ``law_cards.yaml`` (the one source: the help
screens read the same field), mapped to contexts by ``TIMING_CONTEXTS``; each card's generator
adds what the card itself needs (a phase, a target).  ``options`` lists, for one seat and one
context, every legal ``play_law`` action with its choices; a card that could have no effect now
is not offered.  What a card does once nobody repealed it: ``law_effects``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from itertools import permutations
from typing import Literal

from keythedral.vocab import FIELD_TYPES

from .actions import PlayLaw
from .board import index
from .buildings import buyable, choices, face_up, mods, price
from .catalogue import laws as law_catalogue
from .cubes import CRAFT_PRICE, CRAFTS, INDEX, RESOURCES, add
from .market import craft_available
from .payments import can_afford
from .state import Effects, GameState
from .workers import open_fields

Context = Literal["own", "phase_start", "purchase", "law_played"]

#: The contexts each ``timing`` of law_cards.yaml allows.  "any_time" cards (their text says "at
#: any time") fit the holder's own decisions and every window, also for a player who procured a
#: law this round: procuring ends their actions, not their law plays.
TIMING_CONTEXTS: dict[str, frozenset[Context]] = {
    "phase_start": frozenset({"phase_start"}),
    "purchase_declared": frozenset({"purchase"}),
    "law_played": frozenset({"law_played"}),
    "own_action": frozenset({"own"}),
    "own_or_phase_start": frozenset({"own", "phase_start"}),
    "any_time": frozenset({"own", "phase_start", "purchase", "law_played"}),
}

#: Regular decisions at which a holder may play a card of its own.
OWN_DECISIONS: frozenset[str] = frozenset(
    {"choose_work_order", "place_worker", "spend", "bid", "choose_start_player"}
)
SALE_DISCOUNT = 2

make_law = cache(PlayLaw)  # bench_caches: "make_* interning"


def card_name(card: str) -> str:
    return law_catalogue()[card].name


def contexts(card: str) -> frozenset[Context]:
    """The contexts in which ``card`` may be played (from its timing in the catalogue)."""
    return TIMING_CONTEXTS[law_catalogue()[card].timing]


def _window_phase(state: GameState, ctx: Context) -> str:
    """The phase a phase-start window opens ('' in any other context)."""
    if ctx != "phase_start":
        return ""
    return state.windows[-1].phase


def _purchase_tile(state: GameState, ctx: Context) -> str | None:
    if ctx != "purchase":
        return None
    p = state.windows[-1].purchase
    return p.tile if p is not None else None


# --- the cards: each returns its legal plays for (state, seat, context) --------------------
Gen = Callable[[GameState, int, Context], list[PlayLaw]]


#: Every order in which the five cottage numbers can be called (Work order's choices).
ORDERS = tuple(permutations(range(1, 6)))


def _after_layout(gen: Gen) -> Gen:
    """``gen`` for a card that may be played at any time: it waits for the first round (no
    plays during the layout)."""

    def waiting(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
        return gen(state, seat, ctx) if state.round > 0 else []

    return waiting


def _work_order(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    if _window_phase(state, ctx) != "place_workers" or state.work_order:
        return []
    if state.effects.fixed_order:
        return []
    return list(_work_orders(seat))


@cache  # bench_caches: "work orders"
def _work_orders(seat: int) -> tuple[PlayLaw, ...]:
    """Work order's 120 plays for ``seat``, the same every time (made once, not 120 look-ups
    of ``make_law`` at every seat's answer in the window that offers them)."""
    return tuple(make_law(seat=seat, card="work-order", order=o) for o in ORDERS)


def _price_increase(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    tile = _purchase_tile(state, ctx)
    if tile is None or mods(state, tile)[0]:
        return []
    return [make_law(seat=seat, card="price-increase", tile=tile)]


@_after_layout
def _price_decrease(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    return [
        make_law(seat=seat, card="price-decrease", tile=t)
        for t in face_up(state)
        if not mods(state, t)[1]
    ]


@_after_layout
def _upgrade_cottage(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    return [
        make_law(seat=seat, card="upgrade-cottage", number=c.number)
        for c in state.cottages
        if c.seat == seat and not c.house
    ]


def _own_spend(state: GameState, ctx: Context) -> bool:
    return ctx == "own" and state.phase == "spend" and not state.relocation


def _substitution(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    if not _own_spend(state, ctx):
        return []
    hand = state.players[seat].cubes
    out = []
    for tile in buyable(state):
        for extra, less in choices(state, tile):
            cost = price(state, tile, extra, less)
            # Resources in any colours, crafts as printed.
            if any(cost[:5]) and sum(hand[:5]) >= sum(cost[:5]) and can_afford(hand[5:], cost[5:]):
                out.append(
                    make_law(seat=seat, card="substitution", tile=tile, extra=extra, less=less)
                )
            # One craft cube swapped for another craft.
            for given in CRAFTS:
                for instead in CRAFTS:
                    if given == instead or cost[INDEX[instead]] == 0:
                        continue
                    swapped = add(add(cost, INDEX[instead], -1), INDEX[given])
                    if can_afford(hand, swapped):
                        out.append(
                            make_law(
                                seat=seat,
                                card="substitution",
                                tile=tile,
                                extra=extra,
                                less=less,
                                cube=given,
                                instead=instead,
                            )
                        )
    return out


def _cottage_number(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    p = state.placement
    if ctx != "own" or p is None or state.phase != "place_workers" or p.order[0] != seat:
        return []
    out = []
    for c in state.cottages:
        if (
            c.seat == seat
            and c.number not in state.work_order
            and (seat, c.number) not in state.effects.spent
            and c.number not in p.queue
            and open_fields(state, seat, c.number)
        ):
            out.append(make_law(seat=seat, card="cottage-number", number=c.number))
    return out


@_after_layout
def _craft_bargain(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    hand = state.players[seat].cubes
    return [
        make_law(seat=seat, card="craft-bargain", craft=c, cube=r)
        for c in CRAFTS
        if state.store[INDEX[c]] > 0
        for r in RESOURCES
        if hand[INDEX[r]] > 0
    ]


def _harvest_window(state: GameState, ctx: Context) -> bool:
    return _window_phase(state, ctx) == "harvest"


def _worked_types(state: GameState, seat: int | None = None) -> list[str]:
    types = index(state.fields).types
    worked = {types[w.field] for w in state.workers if seat is None or w.seat == seat}
    return [t for t in FIELD_TYPES if t in worked]


def _unexpected_harvest(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    if not _harvest_window(state, ctx):
        return []
    taken = {t for s, t in state.effects.unexpected if s == seat}
    return [
        make_law(seat=seat, card="unexpected-harvest", field_type=t)
        for t in _worked_types(state, seat)
        if t not in taken and t not in state.effects.poor
    ]


def _broken_fences(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    if state.phase != "place_workers" or not state.fences:
        return []
    fenced = {f.corner for f in state.fences}
    behind = {c.seat for c in state.cottages if c.corner in fenced}  # seats with a fenced home
    return [
        make_law(seat=seat, card="broken-fences", target=s)
        for s in range(state.n)
        if s not in state.effects.fence_free and s in behind
    ]


def _repeal_law(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    return [make_law(seat=seat, card="repeal-law")]


@_after_layout
def _unsafe_fence(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    return [
        make_law(seat=seat, card="unsafe-fence", corner=f.corner, field=f.field)
        for f in state.fences
    ]


def _house_moratorium(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    if _window_phase(state, ctx) not in ("place_workers", "harvest", "spend"):
        return []
    if state.effects.moratorium is not None:
        return []
    return [make_law(seat=seat, card="house-moratorium")]


@_after_layout
def _design_change(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    return [
        make_law(seat=seat, card="design-change", tile=t)
        for t in face_up(state)
        if state.unused[int(t[1]) - 1]
    ]


def _double_production(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    if not _harvest_window(state, ctx):
        return []
    types = index(state.fields).types
    return [
        make_law(seat=seat, card="double-production", field=w.field)
        for w in state.workers
        if w.seat == seat
        and w.field not in state.effects.double
        and types[w.field] not in state.effects.poor
    ]


def _bargain(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    if not _own_spend(state, ctx):
        return []
    if not any(state.players[seat].cubes[:5]) or not any(state.store[:5]):
        return []
    return [make_law(seat=seat, card="bargain")]


def _sale(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    if not _own_spend(state, ctx):
        return []
    total = sum(state.players[seat].cubes)
    return [
        make_law(seat=seat, card="sale", craft=c)
        for c in ("glass", "gold")
        if craft_available(state, c) and total >= CRAFT_PRICE[c] - SALE_DISCOUNT
    ]


@_after_layout
def _downgrade_house(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    return [
        make_law(seat=seat, card="downgrade-house", target=c.seat, number=c.number)
        for c in state.cottages
        if c.house
    ]


def _harvest_type(card: str, taken: Callable[[Effects], tuple[str, ...]]) -> Gen:
    def gen(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
        if not _harvest_window(state, ctx):
            return []
        done = taken(state.effects)
        return [
            make_law(seat=seat, card=card, field_type=t)
            for t in _worked_types(state)
            if t not in done
        ]

    return gen


def _start_order(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    return [
        make_law(seat=seat, card="start-order", target=s)
        for s in range(state.n)
        if s != state.start_player
    ]


GENERATORS: dict[str, Gen] = {
    "work-order": _work_order,
    "price-increase": _price_increase,
    "price-decrease": _price_decrease,
    "upgrade-cottage": _upgrade_cottage,
    "substitution": _substitution,
    "cottage-number": _cottage_number,
    "craft-bargain": _craft_bargain,
    "unexpected-harvest": _unexpected_harvest,
    "broken-fences": _broken_fences,
    "repeal-law": _repeal_law,
    "unsafe-fence": _unsafe_fence,
    "house-moratorium": _house_moratorium,
    "design-change": _design_change,
    "double-production": _double_production,
    "bargain": _bargain,
    "sale": _sale,
    "downgrade-house": _downgrade_house,
    "good-harvest": _harvest_type("good-harvest", lambda fx: fx.good + fx.poor),
    "poor-harvest": _harvest_type("poor-harvest", lambda fx: fx.poor),
    "start-order": _start_order,
}


def could_free(state: GameState, seat: int, number: int) -> bool:
    """Could a law card in ``seat``'s hand free a field now for its home ``number``, which has
    none?  Broken fences or Unsafe fence where only fences keep its workers out, or Cottage
    number sending another home's workers out instead."""
    hand = state.players[seat].laws
    if not hand:
        return False
    corner = state.cottage(seat, number).corner
    taken = {w.field for w in state.workers}
    fenced = [f for f in index(state.fields).fields_of(corner) if f not in taken]
    if fenced and "broken-fences" in hand and seat not in state.effects.fence_free:
        return True
    if fenced and "unsafe-fence" in hand:
        return True
    return "cottage-number" in hand and bool(_cottage_number(state, seat, "own"))


def options(state: GameState, seat: int, ctx: Context) -> list[PlayLaw]:
    """Every legal play of a law card by ``seat`` in context ``ctx``."""
    hand = state.players[seat].laws
    if not hand:
        return []
    out: list[PlayLaw] = []
    for gen in _fitting(hand, ctx):
        out += gen(state, seat, ctx)
    return out


@lru_cache(maxsize=4096)  # bench_caches: "law generators by hand"
def _fitting(hand: tuple[str, ...], ctx: Context) -> tuple[Gen, ...]:
    """The generators of the cards of ``hand`` that may be played in ``ctx``, each card once,
    in the cards' order (hands are few: a window asks the same hands again at every seat's
    answer, and ``options`` no longer sorts the hand and reads the catalogue each time)."""
    return tuple(GENERATORS[card] for card in sorted(set(hand)) if ctx in contexts(card))


# --- the context of a play ---------------------------------------------------------------
def context(state: GameState) -> Context:
    """The context a law played now is played in: the innermost window's, else the player's own
    decision."""
    return state.windows[-1].kind if state.windows else "own"


PRICE_LAWS = ("price-increase", "price-decrease")
