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
is not offered.  ``resolve`` applies a card once nobody repealed it.
"""

from __future__ import annotations

import random
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
from .events import CallOffReason, LawCalledOff, LawTookEffect, PurchaseCalledOff, new
from .market import craft_available
from .payments import can_afford, start
from .state import Effects, GameState, Window, logged, replace, with_player
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
OWN_DECISIONS = frozenset(
    {"choose_work_order", "place_worker", "spend", "bid", "choose_start_player"}
)
SALE_DISCOUNT = 2

make_law = cache(PlayLaw)


def card_name(card: str) -> str:
    return law_catalogue()[card].name


@cache
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
    return [make_law(seat=seat, card="work-order", order=o) for o in ORDERS]


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
    for card in _distinct(hand):
        if ctx in contexts(card):
            out += GENERATORS[card](state, seat, ctx)
    return out


@lru_cache(maxsize=4096)
def _distinct(hand: tuple[str, ...]) -> tuple[str, ...]:
    """The cards of ``hand``, each once, in order."""
    return tuple(sorted(set(hand)))


# --- effects ---------------------------------------------------------------------------
def context(state: GameState) -> Context:
    """The context a law played now is played in: the innermost window's, else the player's own
    decision."""
    return state.windows[-1].kind if state.windows else "own"


PRICE_LAWS = ("price-increase", "price-decrease")


def resolve(state: GameState, law: PlayLaw) -> GameState:
    """Apply a law nobody repealed (the card already left its player's hand).

    The one place every law takes effect, so the one place it is checked again: other players
    may have answered it with laws of their own while it waited, and it takes effect only if it
    still could be played as it was, against the game as it is now (RULINGS.md, "Laws answered
    by laws").  Otherwise it is called off: the card goes back to its holder, no action is used.
    """
    if not in_force(state, law):
        return call_off(state, law, why_off(state, law))
    return EFFECTS[law.card](state, law)


def in_force(state: GameState, law: PlayLaw) -> bool:
    """Could ``law`` still be played as it was, now?  The card's own generator decides, in the
    context the game is back in (the window the law answered, or the holder's own decision).
    A price law lies under its tile whatever became of the purchase it answered: it needs only
    the tile face up, with no card of its own kind under it yet."""
    if law.card in PRICE_LAWS:
        tile = law.tile
        assert tile is not None
        return tile in face_up(state) and not mods(state, tile)[law.card == "price-decrease"]
    return law in GENERATORS[law.card](state, law.seat, context(state))


def why_off(state: GameState, law: PlayLaw) -> CallOffReason:
    """What stops ``law``, in the words of ``LawCalledOff.reason``, the first that applies."""
    tile, craft = law.tile, law.craft
    if tile is not None:
        if tile not in (buyable(state) if law.card == "substitution" else face_up(state)):
            return "tile"
        if law.card == "substitution" and (law.extra, law.less) not in choices(state, tile):
            return "price"
    store = state.store
    if law.card == "sale" and craft is not None and not craft_available(state, craft):
        return "supply"
    if law.card == "craft-bargain" and craft is not None and not store[INDEX[craft]]:
        return "supply"
    if law.card == "bargain" and not any(store[:5]):
        return "supply"
    if law.card in ("substitution", "sale", "bargain", "craft-bargain"):
        return "cubes"
    return "no_effect"


def call_off(state: GameState, law: PlayLaw, reason: CallOffReason) -> GameState:
    """``law`` does not take effect: its card goes back to its holder's hand, and the table is
    told why."""
    hand = (*state.players[law.seat].laws, law.card)
    return logged(
        state,
        new(LawCalledOff, seat=law.seat, law=law, reason=reason),
        players=with_player(state, law.seat, laws=hand),
    )


def _took(
    law: PlayLaw,
    called: int | None = None,
    owner: int | None = None,
    replacement: str | None = None,
) -> LawTookEffect:
    """The event of ``law`` taking effect (with what its narration needs besides the card)."""
    return new(
        LawTookEffect, seat=law.seat, law=law, called=called, owner=owner, replacement=replacement
    )


def _spent(state: GameState, took: LawTookEffect, **changes: object) -> GameState:
    """The law of ``took`` has taken effect: log it, discard the card, make the ``changes``."""
    return logged(state, took, law_discard=(*state.law_discard, took.law.card), **changes)


def _fx(state: GameState, law: PlayLaw, called: int | None = None, **changes: object) -> GameState:
    """Log the effect, discard the card and record a round-long effect."""
    return _spent(state, _took(law, called), effects=replace(state.effects, **changes))


def _eff_work_order(state: GameState, law: PlayLaw) -> GameState:
    assert law.order is not None
    return _fx(state, law, work_order_by=law.seat, fixed_order=law.order)


def _eff_price(state: GameState, law: PlayLaw) -> GameState:
    assert law.tile is not None
    delta = 1 if law.card == "price-increase" else -1
    # The card lies under the tile until it is bought (then it is discarded).
    state = logged(
        state,
        _took(law),
        price_mods=(*state.price_mods, (law.tile, delta)),
    )
    return cancel_purchase_of(state, law.tile)


def cancel_purchase_of(state: GameState, tile: str) -> GameState:
    """A declared purchase of ``tile`` is off: the buyer chooses again (no action spent).

    Its window may lie under others (a card played in answer to a law played while the
    purchase waited); only that window goes, the ones above it still resolve.
    """
    for i in range(len(state.windows) - 1, -1, -1):
        w = state.windows[i]
        if w.kind == "purchase" and w.purchase is not None and w.purchase.tile == tile:
            return withdraw(state, i, "answered")
    return state


def withdraw(state: GameState, i: int, why: Literal["answered", "unpayable"]) -> GameState:
    """Call off the purchase held by window ``i``; a Substitution card goes back to its hand."""
    purchase = state.windows[i].purchase
    assert purchase is not None
    buyer = purchase.seat
    changes: dict[str, object] = {"windows": state.windows[:i] + state.windows[i + 1 :]}
    if isinstance(purchase, PlayLaw):  # a Substitution purchase: the card goes back
        laws_ = (*state.players[buyer].laws, purchase.card)
        changes["players"] = with_player(state, buyer, laws=laws_)
    return logged(
        state,
        new(PurchaseCalledOff, seat=buyer, tile=purchase.tile, reason=why),
        **changes,
    )


def _rebuild(state: GameState, law: PlayLaw, owner: int, house: bool) -> GameState:
    """``owner``'s home ``law.number`` becomes a house (``house``) or a cottage again.

    If its workers are going out right now, those still to go follow the home as it stands: it
    sends as many as its kind allows, less those already out (RULINGS.md, Phase 1)."""
    number = law.number
    cottages = tuple(
        c._replace(house=house) if c.seat == owner and c.number == number else c
        for c in state.cottages
    )
    changes: dict[str, object] = {"cottages": cottages}
    p = state.placement
    if p is not None and p.order[0] == owner and p.home == number:
        out = sum(1 for w in state.workers if w.seat == owner and w.number == number)
        changes["placement"] = replace(p, left=max(0, (2 if house else 1) - out))
    return _spent(state, _took(law), **changes)


def _eff_upgrade(state: GameState, law: PlayLaw) -> GameState:
    return _rebuild(state, law, law.seat, house=True)


def _eff_cottage_number(state: GameState, law: PlayLaw) -> GameState:
    p = state.placement
    assert p is not None and law.number is not None
    state = _fx(state, law, p.number, spent=(*state.effects.spent, (law.seat, law.number)))
    return replace(state, placement=replace(p, queue=(*p.queue, law.number)))


def _eff_craft_bargain(state: GameState, law: PlayLaw) -> GameState:
    assert law.craft is not None and law.cube is not None
    craft, cube = INDEX[law.craft], INDEX[law.cube]
    hand = add(add(state.players[law.seat].cubes, cube, -1), craft)
    store = add(add(state.store, cube), craft, -1)
    return _spent(state, _took(law), store=store, players=with_player(state, law.seat, cubes=hand))


def _eff_unexpected(state: GameState, law: PlayLaw) -> GameState:
    assert law.field_type is not None
    return _fx(
        state,
        law,
        unexpected=(*state.effects.unexpected, (law.seat, law.field_type)),
    )


def _eff_broken_fences(state: GameState, law: PlayLaw) -> GameState:
    assert law.target is not None
    return _fx(state, law, fence_free=(*state.effects.fence_free, law.target))


def _eff_unsafe_fence(state: GameState, law: PlayLaw) -> GameState:
    fence = next(f for f in state.fences if f.corner == law.corner and f.field == law.field)
    fences = tuple(f for f in state.fences if f is not fence)
    return _spent(state, _took(law, owner=fence.seat), fences=fences)


def _eff_moratorium(state: GameState, law: PlayLaw) -> GameState:
    return _fx(state, law, moratorium=law.seat)


def _eff_design_change(state: GameState, law: PlayLaw) -> GameState:
    tile = law.tile
    assert tile is not None
    stage = int(tile[1]) - 1
    rng = random.Random(state.rng)
    pool = state.unused[stage]
    fresh = pool[rng.randrange(len(pool))]
    mat = list(state.mat)
    mat[stage] = tuple(fresh if t == tile else t for t in mat[stage])
    unused = list(state.unused)
    unused[stage] = tuple(sorted((*(t for t in pool if t != fresh), tile)))
    # A price law lying under the old tile stays on its space, under the new one; so does one
    # still waiting to take effect on it (ruling 30): it goes under the replacement then.
    moved = tuple((fresh if t == tile else t, d) for t, d in state.price_mods)
    state = _spent(
        state,
        _took(law, replacement=fresh),
        rng=rng.getrandbits(64),
        mat=tuple(mat),
        unused=tuple(unused),
        price_mods=moved,
        windows=tuple(_follow(w, tile, fresh) for w in state.windows),
    )
    return cancel_purchase_of(state, tile)


def _follow(window: Window, tile: str, fresh: str) -> Window:
    """``window``, with a price law waiting in it on ``tile`` moved onto ``fresh``."""
    law = window.law
    if law is None or law.card not in PRICE_LAWS or law.tile != tile:
        return window
    return replace(window, law=replace(law, tile=fresh))


def _eff_double(state: GameState, law: PlayLaw) -> GameState:
    assert law.field is not None
    return _fx(state, law, double=(*state.effects.double, law.field))


def _eff_bargain(state: GameState, law: PlayLaw) -> GameState:
    state = _spent(state, _took(law))
    return start(state, law.seat, "bargain", any_resource=1)


def _eff_sale(state: GameState, law: PlayLaw) -> GameState:
    assert law.craft is not None
    price_ = CRAFT_PRICE[law.craft] - SALE_DISCOUNT
    state = _spent(state, _took(law))
    return start(state, law.seat, "craft", any_cube=price_, target=law.craft)


def _eff_downgrade(state: GameState, law: PlayLaw) -> GameState:
    assert law.target is not None
    return _rebuild(state, law, law.target, house=False)


def _eff_good(state: GameState, law: PlayLaw) -> GameState:
    assert law.field_type is not None
    return _fx(state, law, good=(*state.effects.good, law.field_type))


def _eff_poor(state: GameState, law: PlayLaw) -> GameState:
    assert law.field_type is not None
    return _fx(state, law, poor=(*state.effects.poor, law.field_type))


def _eff_start_order(state: GameState, law: PlayLaw) -> GameState:
    assert law.target is not None
    changes: dict[str, object] = {"start_player": law.target}
    if state.phase == "spend":
        changes["turn"] = law.target
    return _spent(state, _took(law), **changes)


def _eff_substitution(state: GameState, law: PlayLaw) -> GameState:
    """Played as a purchase: the purchase is declared (and may be answered) like any other."""
    from .windows import declare_purchase  # the one place a law opens a window of its own

    state = logged(state, _took(law))
    return declare_purchase(state, law)


EFFECTS: dict[str, Callable[[GameState, PlayLaw], GameState]] = {
    "work-order": _eff_work_order,
    "price-increase": _eff_price,
    "price-decrease": _eff_price,
    "upgrade-cottage": _eff_upgrade,
    "substitution": _eff_substitution,
    "cottage-number": _eff_cottage_number,
    "craft-bargain": _eff_craft_bargain,
    "unexpected-harvest": _eff_unexpected,
    "broken-fences": _eff_broken_fences,
    "unsafe-fence": _eff_unsafe_fence,
    "house-moratorium": _eff_moratorium,
    "design-change": _eff_design_change,
    "double-production": _eff_double,
    "bargain": _eff_bargain,
    "sale": _eff_sale,
    "downgrade-house": _eff_downgrade,
    "good-harvest": _eff_good,
    "poor-harvest": _eff_poor,
    "start-order": _eff_start_order,
}
