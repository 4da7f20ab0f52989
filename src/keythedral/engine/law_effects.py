"""Law cards: what each does when it takes effect, and the check that it still can.

A law takes effect when its window closes (or at once, when none opens): ``resolve`` checks it
again against the game as it is then (RULINGS.md, "Laws answered by laws"), with the card's own
generator in ``laws``, and either applies its effect or calls it off.  A declared purchase that
a law answered is withdrawn here too (``cancel_purchase_of``, ``withdraw``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Literal, cast

from .actions import PlayLaw
from .buildings import buyable, choices, face_up, mods
from .cubes import CRAFT_PRICE, INDEX, add
from .events import CallOffReason, LawCalledOff, LawTookEffect, PurchaseCalledOff, new
from .laws import GENERATORS, PRICE_LAWS, SALE_DISCOUNT, context
from .market import craft_available
from .payments import start
from .state import GameState, Window, logged, replace, with_player


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
        new(PurchaseCalledOff, seat=buyer, tile=cast(str, purchase.tile), reason=why),
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
