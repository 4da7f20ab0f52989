"""The walkthrough's options: every option of each decision, open now or not, with the reason.

:func:`~keythedral.words.walkthrough.walkthrough` asks :data:`BUILDERS` for the options of the decision
at hand and :func:`law_options` for the seat's law cards.  Like the walkthrough it reads only
the seat's ``PlayerView``, its legal actions and the public catalogue (no Textual).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keythedral.vocab import (
    COLOURS,
    CRAFT_PRICE,
    FENCE_PRICE,
    FIELD_YIELD,
    HOUSE_PRICE,
    REMOVE_FENCE_PRICE,
    RESOURCES,
    SMITHS,
    plural,
)
from keythedral.words.walkthrough_text import KIND_RULES

if TYPE_CHECKING:  # the engine loads behind the app's first frame: import it where used
    from keythedral.engine import PlayerView
    from keythedral.engine.catalogue import LawCard


def law_catalogue() -> dict[str, LawCard]:
    from keythedral.engine.catalogue import laws  # engine: loaded on use only

    return laws()


@dataclass(frozen=True)
class Option:
    """One thing the player could do: open now or not, and why."""

    label: str
    available: bool
    detail: str = ""
    rule: str | None = None
    kind: str | None = None
    actions: tuple[Any, ...] = ()

    def line(self) -> str:
        mark = "+" if self.available else "-"
        return f"{mark} {self.label}" + (f": {self.detail}" if self.detail else "")


# --- small words -----------------------------------------------------------------------------
def cubes(counts: Sequence[int], empty: str = "nothing") -> str:
    parts = [f"{n} {COLOURS[i]}" for i, n in enumerate(counts) if n]
    return " + ".join(parts) if parts else empty


def seat_name(view: PlayerView, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view.players):
        return "nobody"
    return view.players[seat].name


def _pos(p: Sequence[int]) -> str:
    return f"({p[0]},{p[1]})"


def _field_types(view: PlayerView) -> dict[tuple[int, int], str]:
    return {(f.pos[0], f.pos[1]): str(f.type) for f in view.fields}


def _corner_fields(corner: Sequence[int]) -> list[tuple[int, int]]:
    x, y = corner[0], corner[1]
    return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]


def _have(hand: Sequence[int], colour: str) -> str:
    n = hand[COLOURS.index(colour)]
    return f"you have no {colour}" if n == 0 else f"you have {n} {colour}"


def _kinds(legal: Sequence[Any], kind: str) -> tuple[Any, ...]:
    return tuple(a for a in legal if a.kind == kind)


def _offer(kind: str, label: str, detail: str, acts: Sequence[Any] = ()) -> Option:
    """An action of ``kind`` as an option: open with the ``acts`` that take it, else closed
    (``detail`` then says why)."""
    return Option(label, bool(acts), detail, KIND_RULES[kind], kind, tuple(acts))


# --- the layout ----------------------------------------------------------------------------
def _place_field(view: PlayerView, legal: list[Any]) -> list[Option]:
    kind = view.next_field or "field"
    spots = _kinds(legal, "place_field")
    gives = FIELD_YIELD.get(kind, "?")
    return [
        _offer(
            "place_field",
            f"Lay the {kind} (it gives {gives})",
            f"{plural(len(spots), 'spot')}: next to a field on the board, or beside a cottage; "
            f"{plural(view.fields_in_stack - 1, 'tile')} left in the stack after it",
            spots,
        )
    ]


def _place_cottage(view: PlayerView, legal: list[Any]) -> list[Option]:
    acts = _kinds(legal, "place_cottage")
    numbers = sorted({a.number for a in acts})
    corners = {tuple(a.corner) for a in acts}
    return [
        _offer(
            "place_cottage",
            f"Place a cottage (numbers {', '.join(map(str, numbers))} left)",
            f"{plural(len(corners), 'free corner')}. Its workers can only use the fields it "
            "touches: many fields of different kinds are best; a rival next door with the "
            "same number competes for the fields you share",
            acts,
        )
    ]


def _relocate(view: PlayerView, legal: list[Any]) -> list[Option]:
    acts = _kinds(legal, "relocate_cottage")
    number = acts[0].number if acts else (view.relocation[0][1] if view.relocation else 0)
    return [
        _offer(
            "relocate_cottage",
            f"Move cottage {number}",
            f"it is fenced off from every field it touches: {plural(len(acts), 'corner')} "
            "touch a field it could use (the fences stay where they are)",
            acts,
        )
    ]


# --- phase 1 -------------------------------------------------------------------------------
def _work_order(view: PlayerView, legal: list[Any]) -> list[Option]:
    acts = {a.number: a for a in _kinds(legal, "choose_work_order")}
    out = []
    for n in range(1, 6):
        homes = [c for c in view.cottages if c.number == n]
        holders = ", ".join(
            ("you" if c.seat == view.seat else seat_name(view, c.seat))
            + (" (house)" if c.house else "")
            for c in sorted(homes, key=lambda c: (c.seat != view.seat, c.seat))
        )
        if n in acts:
            out.append(
                _offer(
                    "choose_work_order",
                    f"Call number {n}",
                    f"homes: {holders or 'none'}; you place first for it",
                    (acts[n],),
                )
            )
        else:
            marker = view.work_order.index(n) + 1 if n in view.work_order else 0
            why = f"already called (marker {marker})" if marker else "not open"
            out.append(Option(f"Call number {n}", False, why, KIND_RULES["choose_work_order"]))
    return out


def _place_worker(view: PlayerView, legal: list[Any]) -> list[Option]:
    acts = {tuple(a.field): a for a in _kinds(legal, "place_worker")}
    p = view.placement
    number = p.home if p is not None and p.home else (p.number if p is not None else 0)
    home = next((c for c in view.cottages if c.seat == view.seat and c.number == number), None)
    types = _field_types(view)
    workers = {tuple(w.field): w for w in view.workers}
    fenced = (
        {tuple(f.field) for f in view.fences if tuple(f.corner) == tuple(home.corner)}
        if home is not None
        else set()
    )
    free_of_fences = view.seat in view.effects.fence_free
    out = []
    fields = _corner_fields(home.corner) if home is not None else list(acts)
    for f in fields:
        if f not in types:
            continue
        kind = types[f]
        label = f"The {kind} at {_pos(f)} (gives {FIELD_YIELD[kind]})"
        if f in acts:
            out.append(_offer("place_worker", label, "free", (acts[f],)))
            continue
        if f in workers:
            why = f"{seat_name(view, workers[f].seat)}'s worker is already there"
        elif f in fenced and not free_of_fences:
            why = "a fence keeps this cottage's workers out"
        else:
            why = "not open"
        out.append(Option(label, False, why, KIND_RULES["place_worker"]))
    if p is not None and p.left == 2:
        out.append(Option("A house sends two workers", True, "into two different fields"))
    return out


# --- phase 3 -------------------------------------------------------------------------------
def _spend(view: PlayerView, legal: list[Any]) -> list[Option]:
    me = view.me
    assert me is not None
    hand = me.cubes
    total = sum(hand)
    out: list[Option] = []
    # 1. buildings
    buys: dict[str, list[Any]] = {}
    for a in _kinds(legal, "buy_building"):
        buys.setdefault(a.tile, []).append(a)
    mods: dict[str, int] = {}
    for tile, d in view.price_mods:
        mods[tile] = mods.get(tile, 0) + d
    for t in view.tiles:
        cost = tuple(t.cost)
        label = f"Buy a stage {t.stage} tile ({cubes(cost)}, a seat worth {t.value})"
        law = ""
        if mods.get(t.id):
            law = "; a price law lies under it (+/-1 cube of a colour on it)"
        if t.id in buys:
            out.append(_offer("buy_building", label, "you can pay for it" + law, buys[t.id]))
        elif not t.buyable:
            why = f"not for sale until stage {view.stage} is complete"
            out.append(_offer("buy_building", label, why))
        else:
            short = tuple(max(0, c - h) for c, h in zip(cost, hand, strict=True))
            lack = "you have none of these" if short == cost else f"you lack {cubes(short)}"
            why = f"needs {cubes(cost)} ({lack})"
            if not any(short):
                why = "its price with the law under it is more than you hold"
            out.append(_offer("buy_building", label, why + law))
    if not view.tiles:
        out.append(
            Option("Buy a building", False, "no tile is face up", KIND_RULES["buy_building"])
        )
    # 2. convert
    converts = _kinds(legal, "convert_cottage")
    cottages = sorted(c.number for c in view.cottages if c.seat == view.seat and not c.house)
    label = f"Convert a cottage into a house ({HOUSE_PRICE})"
    if converts:
        nums = ", ".join(str(a.number) for a in converts)
        detail = f"cottage {nums}: a house sends two workers from the next round on"
        out.append(_offer("convert_cottage", label, detail, converts))
    else:
        holder = view.effects.moratorium
        if not cottages:
            why = "all your homes are houses already"
        elif holder is not None and holder != view.seat:
            why = f"{seat_name(view, holder)}'s House moratorium forbids it this round"
        else:
            missing = [c for c in ("stone", "wood") if hand[COLOURS.index(c)] < 1]
            why = f"needs 1 stone and 1 wood (you have no {' and no '.join(missing)})"
        out.append(_offer("convert_cottage", label, why))
    # 3. fences
    builds = _kinds(legal, "build_fence")
    left = view.players[view.seat].fences_left if view.seat is not None else 0
    label = f"Build a fence ({FENCE_PRICE})"
    if builds:
        detail = (
            f"between a cottage and a field it touches: that cottage's workers may not enter "
            f"it; {plural(left, 'fence')} left to build"
        )
        out.append(_offer("build_fence", label, detail, builds))
    else:
        if left <= 0:
            why = "you have built all 3 of your fences"
        elif hand[COLOURS.index("wood")] < 1:
            why = "needs 1 wood (you have no wood)"
        else:
            why = "no border beside a cottage is free"
        out.append(_offer("build_fence", label, why))
    removes = _kinds(legal, "remove_fence")
    label = f"Remove a fence ({REMOVE_FENCE_PRICE})"
    if removes:
        detail = f"any fence, anyone's; it leaves the game ({plural(len(removes), 'fence')})"
        out.append(_offer("remove_fence", label, detail, removes))
    else:
        if not view.fences:
            why = "there is no fence on the board"
        else:
            why = f"needs {REMOVE_FENCE_PRICE} ({_have(hand, 'wine')})"
        out.append(_offer("remove_fence", label, why))
    # 4. craftsmen
    crafts = {a.craft: a for a in _kinds(legal, "buy_craft")}
    for i, craft in enumerate(("iron", "glass", "gold")):
        price = CRAFT_PRICE[craft]
        label = f"Buy 1 {craft} from the {SMITHS[craft]} (any {price} cubes)"
        if craft in crafts:
            out.append(_offer("buy_craft", label, f"you hold {total} cubes", (crafts[craft],)))
            continue
        if view.craftsmen[i] == 0 and view.store[COLOURS.index(craft)] == 0:
            why = f"the {SMITHS[craft]} has no {craft} left, and none is back in the store"
        else:
            why = f"needs any {price} cubes (you hold {total})"
        out.append(_offer("buy_craft", label, why))
    # 5. trader
    trades = _kinds(legal, "trade")
    label = "Trade any 2 cubes for 1 resource"
    if trades:
        takes = ", ".join(a.take for a in trades)
        out.append(_offer("trade", label, f"take one of: {takes}", trades))
    else:
        if total < 2:
            why = f"needs any 2 cubes (you hold {total})"
        else:
            why = "the store has no resource cube left"
        out.append(_offer("trade", label, why))
    # 6. law master
    procures = _kinds(legal, "procure_law")
    label = "Procure a law (any 1 cube)"
    if procures:
        detail = "a secret law card; after this you take no more actions this phase"
        out.append(_offer("procure_law", label, detail, procures))
    else:
        if view.config.no_laws:
            why = "this game is played without law cards"
        elif not any(view.law_spaces):
            why = "no law card is waiting on the new-law spaces"
        else:
            why = "needs any 1 cube (you hold none)"
        out.append(_offer("procure_law", label, why))
    # 7. pass
    out.append(
        _offer(
            "pass",
            "Pass",
            "do nothing this turn; you may act again when your turn comes round",
            _kinds(legal, "pass"),
        )
    )
    return out


def _pay(view: PlayerView, legal: list[Any]) -> list[Option]:
    pay = view.payment
    me = view.me
    assert me is not None
    acts = {a.cube: a for a in _kinds(legal, "pay")}
    owed = []
    if pay is not None:
        if any(pay.need):
            owed.append(cubes(pay.need))
        if pay.any_resource:
            owed.append(f"{pay.any_resource} of any resource")
        if pay.any_cube:
            owed.append(f"{pay.any_cube} of any colour")
    still = " + ".join(owed) or "nothing"
    out = []
    for i, colour in enumerate(COLOURS):
        n = me.cubes[i]
        if not n:
            continue
        if colour in acts:
            out.append(_offer("pay", f"Pay 1 {colour}", f"you have {n}", (acts[colour],)))
        else:
            out.append(
                Option(
                    f"Pay 1 {colour}",
                    False,
                    "it does not count toward this price",
                    KIND_RULES["pay"],
                )
            )
    return [Option(f"Still owed: {still}", True, pay_purpose(view)), *out]


def pay_purpose(view: PlayerView) -> str:
    """What the payment under way is for ('to the trader, for 1 wine'), as the walkthrough and
    the game's prompt say it ("" when nothing is owed)."""
    pay = view.payment
    if pay is None:
        return ""
    return {
        "craft": f"for 1 {pay.target} from the {SMITHS.get(pay.target, 'craftsman')}",
        "trade": f"to the trader, for 1 {pay.target}",
        "law": "to the law master, for a law card",
        "bid": f"to {seat_name(view, pay.to_seat)}, for the right to name the start player",
        "building": f"for the building tile {pay.target}",
        "bargain": "for the Bargain trade",
    }.get(pay.purpose, f"for the {pay.purpose}")


def _choose_cube(view: PlayerView, legal: list[Any]) -> list[Option]:
    acts = {a.cube: a for a in _kinds(legal, "choose_cube")}
    out = []
    for i, colour in enumerate(RESOURCES):
        if colour in acts:
            out.append(
                Option(
                    f"Take 1 {colour}",
                    True,
                    f"the store has {view.store[i]}",
                    None,
                    "choose_cube",
                    (acts[colour],),
                )
            )
        else:
            out.append(Option(f"Take 1 {colour}", False, "the store has none left"))
    return out


def _window(view: PlayerView, legal: list[Any]) -> list[Option]:
    return [_offer("decline", "Let it go by", "play no law card now", _kinds(legal, "decline"))]


# --- phase 5 -------------------------------------------------------------------------------
def _bid(view: PlayerView, legal: list[Any]) -> list[Option]:
    b = view.bidding
    me = view.me
    assert me is not None and b is not None
    total = sum(me.cubes)
    bids = _kinds(legal, "bid")
    holder = b.holder == view.seat
    high = (
        f"the highest bid is {b.high} by {seat_name(view, b.high_seat)}"
        if b.high_seat is not None
        else "nobody has bid yet"
    )
    out = []
    if holder:
        label = "Match the highest bid and win"
        if bids:
            detail = f"{high}; you pay it to {seat_name(view, b.high_seat)}, cube by cube"
        elif b.high_seat is None:
            detail = "nobody has bid: pass, and you name the start player for free"
        else:
            detail = f"{high}, and you hold only {plural(total, 'cube')}"
        out.append(_offer("bid", label, detail, bids))
    else:
        label = "Bid"
        if bids:
            lo, hi = bids[0].amount, bids[-1].amount
            amounts = f"{lo}" if lo == hi else f"{lo} to {hi}"
            detail = (
                f"{amounts} cubes; {high}. {seat_name(view, b.holder)} (player B) speaks last "
                "and may match"
            )
        else:
            detail = f"{high}, and you hold only {plural(total, 'cube')}"
        out.append(_offer("bid", label, detail, bids))
    out.append(_offer("pass_bid", "Pass", "no bid; you pay nothing", _kinds(legal, "pass_bid")))
    return out


def _choose_start(view: PlayerView, legal: list[Any]) -> list[Option]:
    acts = _kinds(legal, "choose_start_player")
    out = []
    for a in acts:
        who = "yourself" if a.target == view.seat else seat_name(view, a.target)
        detail = ""
        if a.target == view.seat:
            detail = "you pick the first number, place first and act first in phase 3"
        elif view.seat is not None and a.target == (view.seat - 1) % len(view.players):
            detail = "the player on your right: you go second, and are player B next bidding"
        out.append(_offer("choose_start_player", f"Name {who}", detail, (a,)))
    return out


# --- law cards -------------------------------------------------------------------------------
def law_options(view: PlayerView, legal: list[Any], only_playable: bool = False) -> list[Option]:
    me = view.me
    if me is None:
        return []
    plays: dict[str, list[Any]] = {}
    for a in _kinds(legal, "play_law"):
        plays.setdefault(a.card, []).append(a)
    out = []
    cards = law_catalogue()
    for card in dict.fromkeys(me.laws):
        name = cards[card].name if card in cards else card
        if card in plays:
            n = len(plays[card])
            detail = "can be played now" + (f" ({n} ways)" if n > 1 else "")
            out.append(
                Option(
                    f"Play {name}",
                    True,
                    detail,
                    f"{cards[card].number}. {name}",
                    "play_law",
                    tuple(plays[card]),
                )
            )
        elif not only_playable:
            why = cards[card].when
            out.append(
                Option(f"Play {name}", False, why, f"{cards[card].number}. {name}", "play_law")
            )
    return out


BUILDERS = {
    "place_field": _place_field,
    "place_cottage": _place_cottage,
    "relocate": _relocate,
    "choose_work_order": _work_order,
    "place_worker": _place_worker,
    "spend": _spend,
    "pay": _pay,
    "choose_cube": _choose_cube,
    "window": _window,
    "bid": _bid,
    "choose_start_player": _choose_start,
}
