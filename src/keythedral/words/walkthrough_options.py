"""The walkthrough's options: every option of each decision, open now or not, with the reason.

:func:`~keythedral.words.walkthrough.walkthrough` asks :data:`BUILDERS` for the options of the decision
at hand and :func:`law_options` for the seat's law cards.  Like the walkthrough it reads only
the seat's ``PlayerView``, its legal actions and the public catalogue (no Textual).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keythedral.lang import _, ngettext, pgettext, upper_first
from keythedral.vocab import (
    COLOURS,
    CRAFT_PRICE,
    FENCE_COST,
    FIELD_YIELD,
    REMOVE_FENCE_COST,
    RESOURCES,
)
from keythedral.words import terms
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
        if not self.detail:
            return f"{mark} {self.label}"
        # I18N: an option of the walkthrough and why it is open or not ("Pass: do nothing ...")
        return f"{mark} " + _("{label}: {detail}").format(label=self.label, detail=self.detail)


# --- small words -----------------------------------------------------------------------------
def cubes(counts: Sequence[int], empty: str | None = None) -> str:
    """ "1 wood + 2 stone"; ``empty`` (by default "nothing") for no cube."""
    return terms.cost(counts, empty)


def seat_name(view: PlayerView, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view.players):
        return _("nobody")
    return view.players[seat].name


def _cost_of(counts: Sequence[int]) -> str:
    return terms.cost(counts)


def _pos(p: Sequence[int]) -> str:
    return f"({p[0]},{p[1]})"


def _field_types(view: PlayerView) -> dict[tuple[int, int], str]:
    return {(f.pos[0], f.pos[1]): str(f.type) for f in view.fields}


def _corner_fields(corner: Sequence[int]) -> list[tuple[int, int]]:
    x, y = corner[0], corner[1]
    return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]


def _have(hand: Sequence[int], colour: str) -> str:
    n = hand[COLOURS.index(colour)]
    if n == 0:
        # I18N: {of_colour} is a cube colour after "no" ("you have no wine"; terms.of_colour:
        # French "de vin", "d'eau")
        return _("you have no {of_colour}").format(of_colour=terms.of_colour(colour))
    # I18N: {cubes} is a number of cubes of a colour ("2 wine")
    return _("you have {cubes}").format(cubes=terms.counted(colour, n))


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
    gives = FIELD_YIELD.get(kind)
    left = view.fields_in_stack - 1
    # I18N: {field} is the field tile to lay, with its definite article ("the farm"), {colour}
    # the colour of cube it yields
    label = _("Lay {field} (it gives {colour})").format(
        field=terms.the_field(kind), colour=terms.colour(gives) if gives else "?"
    )
    # I18N: {spots} is "3 spots", {tiles} "12 tiles" (field tiles left in the stack)
    detail = _(
        "{spots}: next to a field on the board, or beside a cottage; {tiles} left in the stack "
        "after it"
    ).format(
        spots=ngettext("{n} spot", "{n} spots", len(spots)).format(n=len(spots)),
        tiles=ngettext("{n} tile", "{n} tiles", left).format(n=left),
    )
    return [_offer("place_field", label, detail, spots)]


def _place_cottage(view: PlayerView, legal: list[Any]) -> list[Option]:
    acts = _kinds(legal, "place_cottage")
    numbers = sorted({a.number for a in acts})
    corners = {tuple(a.corner) for a in acts}
    # I18N: {numbers} lists the cottage numbers still to place ("1, 3, 5")
    label = _("Place a cottage (numbers {numbers} left)").format(
        numbers=terms.comma_list([str(n) for n in numbers])
    )
    detail = ngettext(
        "{n} free corner. Its workers can only use the fields it touches: many fields of "
        "different kinds are best; a rival next door with the same number competes for the "
        "fields you share",
        "{n} free corners. Its workers can only use the fields it touches: many fields of "
        "different kinds are best; a rival next door with the same number competes for the "
        "fields you share",
        len(corners),
    ).format(n=len(corners))
    return [_offer("place_cottage", label, detail, acts)]


def _relocate(view: PlayerView, legal: list[Any]) -> list[Option]:
    acts = _kinds(legal, "relocate_cottage")
    number = acts[0].number if acts else (view.relocation[0][1] if view.relocation else 0)
    detail = ngettext(
        "it is fenced off from every field it touches: {n} corner touch a field it could use "
        "(the fences stay where they are)",
        "it is fenced off from every field it touches: {n} corners touch a field it could use "
        "(the fences stay where they are)",
        len(acts),
    ).format(n=len(acts))
    label = _("Move cottage {number}").format(number=number)
    return [_offer("relocate_cottage", label, detail, acts)]


# --- phase 1 -------------------------------------------------------------------------------
def _work_order(view: PlayerView, legal: list[Any]) -> list[Option]:
    acts = {a.number: a for a in _kinds(legal, "choose_work_order")}
    out = []
    for n in range(1, 6):
        homes = [c for c in view.cottages if c.number == n]
        holders = terms.comma_list(
            [
                _holder(view, c.seat, c.house)
                for c in sorted(homes, key=lambda c: (c.seat != view.seat, c.seat))
            ]
        )
        # I18N: an option of phase 1: {n} is a cottage number
        label = _("Call number {n}").format(n=n)
        if n in acts:
            # I18N: {homes} lists the players whose cottage has that number ("you, Bob (house)")
            homes_words = _("homes: {homes}; you place first for it").format(
                homes=holders or pgettext("no home", "none")
            )
            out.append(_offer("choose_work_order", label, homes_words, (acts[n],)))
        else:
            marker = view.work_order.index(n) + 1 if n in view.work_order else 0
            # I18N: {marker} is the work-order marker that called the number (1 to 5)
            why = (
                _("already called (marker {marker})").format(marker=marker)
                if marker
                else _not_open()
            )
            out.append(Option(label, False, why, KIND_RULES["choose_work_order"]))
    return out


def _holder(view: PlayerView, seat: int, house: bool) -> str:
    """ "you", "Bob (house)": a player whose home has a number."""
    # I18N: the player addressed, in a list of the players whose home has a number
    # ("you, Bob (house)"; Dutch "jij", not the object's "jou")
    who = (
        pgettext("the player addressed, in a list", "you")
        if seat == view.seat
        else seat_name(view, seat)
    )
    # I18N: a player whose home with that number is a house ("Bob (house)")
    return _("{player} (house)").format(player=who) if house else who


def _not_open() -> str:
    # I18N: why an option is closed, when no other reason is known
    return _("not open")


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
        # I18N: an option of phase 1: {field} is a field type with its definite article, at
        # the start of the line ("The farm"), {place} where, {colour} what it yields
        label = _("{field} at {place} (gives {colour})").format(
            field=upper_first(terms.the_field(kind)),
            place=_pos(f),
            colour=terms.colour(FIELD_YIELD[kind]),
        )
        if f in acts:
            # I18N: a field no worker stands in
            out.append(_offer("place_worker", label, pgettext("a field", "free"), (acts[f],)))
            continue
        if f in workers:
            # I18N: {whose} is the worker's owner ("Otto's", French "d'Otto")
            why = _("{whose} worker is already there").format(
                whose=terms.whose(seat_name(view, workers[f].seat))
            )
        elif f in fenced and not free_of_fences:
            why = _("a fence keeps this cottage's workers out")
        else:
            why = _not_open()
        out.append(Option(label, False, why, KIND_RULES["place_worker"]))
    if p is not None and p.left == 2:
        out.append(Option(_("A house sends two workers"), True, _("into two different fields")))
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
        # I18N: an option of phase 3: {stage} is 1 to 5, {cost} the tile's printed cost,
        # {value} the seat it is worth
        label = _("Buy a stage {stage} tile ({cost}, a seat worth {value})").format(
            stage=t.stage, cost=cubes(cost), value=t.value
        )
        law = bool(mods.get(t.id))
        if t.id in buys:
            can = _("you can pay for it")
            out.append(_offer("buy_building", label, _with_law(can, law), buys[t.id]))
        elif not t.buyable:
            why = _("not for sale until stage {stage} is complete").format(stage=view.stage)
            out.append(_offer("buy_building", label, why))
        else:
            short = tuple(max(0, c - h) for c, h in zip(cost, hand, strict=True))
            if not any(short):
                why = _("its price with the law under it is more than you hold")
            elif short == cost:
                why = _("needs {cost} (you have none of these)").format(cost=cubes(cost))
            else:
                # I18N: {cost} is a tile's price, {short} the cubes the player lacks for it
                why = _("needs {cost} (you lack {short})").format(
                    cost=cubes(cost), short=cubes(short)
                )
            out.append(_offer("buy_building", label, _with_law(why, law)))
    if not view.tiles:
        out.append(
            Option(_("Buy a building"), False, _("no tile is face up"), KIND_RULES["buy_building"])
        )
    # 2. convert
    converts = _kinds(legal, "convert_cottage")
    cottages = sorted(c.number for c in view.cottages if c.seat == view.seat and not c.house)
    # I18N: {price} is the price of a house, "1 stone + 1 wood"
    label = _("Convert a cottage into a house ({price})").format(price=terms.house_price())
    if converts:
        nums = terms.comma_list([str(a.number) for a in converts])
        # I18N: {numbers} lists the {n} cottages that may become a house ("2, 4")
        detail = ngettext(
            "cottage {numbers}: a house sends two workers from the next round on",
            "cottages {numbers}: a house sends two workers from the next round on",
            len(converts),
        ).format(numbers=nums, n=len(converts))
        out.append(_offer("convert_cottage", label, detail, converts))
    else:
        holder = view.effects.moratorium
        if not cottages:
            why = _("all your homes are houses already")
        elif holder is not None and holder != view.seat:
            why = _("{player}'s {card} forbids it this round").format(
                player=seat_name(view, holder), card=terms.card("house-moratorium")
            )
        else:
            no_stone = hand[COLOURS.index("stone")] < 1
            no_wood = hand[COLOURS.index("wood")] < 1
            if no_stone and no_wood:
                why = _("needs 1 stone and 1 wood (you have no stone and no wood)")
            elif no_stone:
                why = _("needs 1 stone and 1 wood (you have no stone)")
            else:
                why = _("needs 1 stone and 1 wood (you have no wood)")
        out.append(_offer("convert_cottage", label, why))
    # 3. fences
    builds = _kinds(legal, "build_fence")
    left = view.players[view.seat].fences_left if view.seat is not None else 0
    # I18N: {price} is the price of a fence, "1 wood"
    label = _("Build a fence ({price})").format(price=_cost_of(FENCE_COST))
    if builds:
        detail = ngettext(
            "between a cottage and a field it touches: that cottage's workers may not enter it; "
            "{n} fence left to build",
            "between a cottage and a field it touches: that cottage's workers may not enter it; "
            "{n} fences left to build",
            left,
        ).format(n=left)
        out.append(_offer("build_fence", label, detail, builds))
    else:
        if left <= 0:
            why = _("you have built all 3 of your fences")
        elif hand[COLOURS.index("wood")] < 1:
            why = _("needs 1 wood (you have no wood)")
        else:
            why = _("no border beside a cottage is free")
        out.append(_offer("build_fence", label, why))
    removes = _kinds(legal, "remove_fence")
    # I18N: {price} is the price of removing a fence, "2 wine"
    label = _("Remove a fence ({price})").format(price=_cost_of(REMOVE_FENCE_COST))
    if removes:
        detail = ngettext(
            "any fence, anyone's; it leaves the game ({n} fence)",
            "any fence, anyone's; it leaves the game ({n} fences)",
            len(removes),
        ).format(n=len(removes))
        out.append(_offer("remove_fence", label, detail, removes))
    else:
        if not view.fences:
            why = _("there is no fence on the board")
        else:
            # I18N: {price} is "2 wine", {have} what the player has ("you have 1 wine")
            why = _("needs {price} ({have})").format(
                price=_cost_of(REMOVE_FENCE_COST), have=_have(hand, "wine")
            )
        out.append(_offer("remove_fence", label, why))
    # 4. craftsmen
    crafts = {a.craft: a for a in _kinds(legal, "buy_craft")}
    for i, craft in enumerate(("iron", "glass", "gold")):
        price = CRAFT_PRICE[craft]
        # I18N: an option of phase 3: {craft} is one craft cube ("1 iron"), {smith} who sells
        # it ("the blacksmith"), {n} its price (2 to 4)
        label = _("Buy {craft} from {smith} (any {n} cubes)").format(
            craft=terms.counted(craft, 1), smith=terms.smith(craft), n=price
        )
        if craft in crafts:
            hold = ngettext("you hold {n} cube", "you hold {n} cubes", total).format(n=total)
            out.append(_offer("buy_craft", label, hold, (crafts[craft],)))
            continue
        if view.craftsmen[i] == 0 and view.store[COLOURS.index(craft)] == 0:
            # I18N: {smith} is "the blacksmith", {of_craft} a craft cube's colour after "no"
            # ("iron"; terms.of_colour: French "de fer", "d'or")
            why = _("{smith} has no {of_craft} left, and none is back in the store").format(
                smith=terms.smith(craft), of_craft=terms.of_colour(craft)
            )
        else:
            # I18N: {n} is the price, {total} the cubes the player holds
            why = _("needs any {n} cubes (you hold {total})").format(n=price, total=total)
        out.append(_offer("buy_craft", label, why))
    # 5. trader
    trades = _kinds(legal, "trade")
    label = _("Trade any 2 cubes for 1 resource")
    if trades:
        takes = terms.comma_list([terms.colour(a.take) for a in trades])
        # I18N: {colours} lists the colours the trader offers ("wood, stone")
        take = _("take one of: {colours}").format(colours=takes)
        out.append(_offer("trade", label, take, trades))
    else:
        if total < 2:
            why = _("needs any 2 cubes (you hold {total})").format(total=total)
        else:
            why = _("the store has no resource cube left")
        out.append(_offer("trade", label, why))
    # 6. law master
    procures = _kinds(legal, "procure_law")
    label = _("Procure a law (any 1 cube)")
    if procures:
        detail = _("a secret law card; after this you take no more actions this phase")
        out.append(_offer("procure_law", label, detail, procures))
    else:
        if view.config.no_laws:
            why = _("this game is played without law cards")
        elif not any(view.law_spaces):
            why = _("no law card is waiting on the new-law spaces")
        else:
            why = _("needs any 1 cube (you hold none)")
        out.append(_offer("procure_law", label, why))
    # 7. pass
    out.append(
        _offer(
            "pass",
            # I18N: the option of phase 3 to do nothing this turn
            pgettext("an option of phase 3", "Pass"),
            _("do nothing this turn; you may act again when your turn comes round"),
            _kinds(legal, "pass"),
        )
    )
    return out


def _with_law(detail: str, law: bool) -> str:
    """``detail``, and that a price law lies under the tile when one does."""
    if not law:
        return detail
    # I18N: {detail} says whether the player can buy the tile
    return _("{detail}; a price law lies under it (+/-1 cube of a colour on it)").format(
        detail=detail
    )


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
            # I18N: a number of cubes still owed, of any resource colour
            owed.append(
                ngettext("{n} of any resource", "{n} of any resource", pay.any_resource).format(
                    n=pay.any_resource
                )
            )
        if pay.any_cube:
            # I18N: a number of cubes still owed, of any colour
            owed.append(
                ngettext("{n} of any colour", "{n} of any colour", pay.any_cube).format(
                    n=pay.any_cube
                )
            )
    still = terms.added_up(owed) or _("nothing")
    out = []
    for i, colour in enumerate(COLOURS):
        n = me.cubes[i]
        if not n:
            continue
        # I18N: an option of a payment: {cube} is one cube ("1 wood")
        label = _("Pay {cube}").format(cube=terms.counted(colour, 1))
        if colour in acts:
            have = _("you have {n}").format(n=n)
            out.append(_offer("pay", label, have, (acts[colour],)))
        else:
            why = _("it does not count toward this price")
            out.append(Option(label, False, why, KIND_RULES["pay"]))
    # I18N: {cubes} are the cubes still owed ("1 wood + 2 of any colour")
    owing = _("Still owed: {cubes}").format(cubes=still)
    return [Option(owing, True, pay_purpose(view)), *out]


def pay_purpose(view: PlayerView) -> str:
    """What the payment under way is for ('to the trader, for 1 wine'), as the walkthrough and
    the game's prompt say it ("" when nothing is owed)."""
    pay = view.payment
    if pay is None:
        return ""
    target = str(pay.target)
    # I18N: what a payment is for, after its cubes: {cube} is one cube ("1 wine"), {smith} "the
    # blacksmith"
    if pay.purpose == "craft":
        return _("for {cube} from {smith}").format(
            cube=terms.counted(target, 1), smith=terms.smith(target)
        )
    if pay.purpose == "trade":
        return _("to the trader, for {cube}").format(cube=terms.counted(target, 1))
    if pay.purpose == "law":
        return _("to the law master, for a law card")
    if pay.purpose == "bid":
        return _("to {player}, for the right to name the start player").format(
            player=seat_name(view, pay.to_seat)
        )
    if pay.purpose == "building":
        # I18N: {tile} is a building tile's id ("s2-03")
        return _("for the building tile {tile}").format(tile=target)
    if pay.purpose == "bargain":
        return _("for the {card} trade").format(card=terms.card("bargain"))
    # I18N: what a payment is for, when the game does not know its purpose
    return _("for something else")


def _choose_cube(view: PlayerView, legal: list[Any]) -> list[Option]:
    acts = {a.cube: a for a in _kinds(legal, "choose_cube")}
    out = []
    for i, colour in enumerate(RESOURCES):
        # I18N: an option: {cube} is one cube ("1 wood")
        label = _("Take {cube}").format(cube=terms.counted(colour, 1))
        if colour in acts:
            has = _("the store has {n}").format(n=view.store[i])
            out.append(Option(label, True, has, None, "choose_cube", (acts[colour],)))
        else:
            out.append(Option(label, False, _("the store has none left")))
    return out


def _window(view: PlayerView, legal: list[Any]) -> list[Option]:
    let = _("Let it go by")
    return [_offer("decline", let, _("play no law card now"), _kinds(legal, "decline"))]


# --- phase 5 -------------------------------------------------------------------------------
def _bid(view: PlayerView, legal: list[Any]) -> list[Option]:
    b = view.bidding
    me = view.me
    assert me is not None and b is not None
    total = sum(me.cubes)
    bids = _kinds(legal, "bid")
    holder = b.holder == view.seat
    # I18N: the bidding so far: {amount} the highest bid, {player} who made it
    high = (
        _("the highest bid is {amount} by {player}").format(
            amount=b.high, player=seat_name(view, b.high_seat)
        )
        if b.high_seat is not None
        else _("nobody has bid yet")
    )
    # I18N: {high} is the bidding so far ("the highest bid is 2 by Ann"), {cubes} "3 cubes"
    only = _("{high}, and you hold only {cubes}").format(high=high, cubes=terms.cubes(total))
    out = []
    if holder:
        label = _("Match the highest bid and win")
        if bids:
            # I18N: {high} is the bidding so far, {player} who made the highest bid
            detail = _("{high}; you pay it to {player}, cube by cube").format(
                high=high, player=seat_name(view, b.high_seat)
            )
        elif b.high_seat is None:
            detail = _("nobody has bid: pass, and you name the start player for free")
        else:
            detail = only
        out.append(_offer("bid", label, detail, bids))
    else:
        # I18N: the option of phase 5 to bid cubes
        label = pgettext("an option of phase 5", "Bid")
        if bids:
            lo, hi = bids[0].amount, bids[-1].amount
            holder_name = seat_name(view, b.holder)
            if lo == hi:
                # I18N: the bids open: {n} cubes, {high} the bidding so far, {player} player B,
                # who speaks last
                detail = ngettext(
                    "{n} cube; {high}. {player} (player B) speaks last and may match",
                    "{n} cubes; {high}. {player} (player B) speaks last and may match",
                    lo,
                ).format(n=lo, high=high, player=holder_name)
            else:
                # I18N: {low} to {most} cubes (always several), {high} the bidding so far
                detail = _(
                    "{low} to {most} cubes; {high}. {player} (player B) speaks last and may match"
                ).format(low=lo, most=hi, high=high, player=holder_name)
        else:
            detail = only
        out.append(_offer("bid", label, detail, bids))
    # I18N: the option of phase 5 not to bid
    passing = pgettext("an option of phase 5", "Pass")
    out.append(_offer("pass_bid", passing, _("no bid; you pay nothing"), _kinds(legal, "pass_bid")))
    return out


def _choose_start(view: PlayerView, legal: list[Any]) -> list[Option]:
    acts = _kinds(legal, "choose_start_player")
    out = []
    for a in acts:
        detail = ""
        if a.target == view.seat:
            label = _("Name yourself")
            detail = _("you pick the first number, place first and act first in phase 3")
        else:
            # I18N: an option of phase 5: name {player} the next start player
            label = _("Name {player}").format(player=seat_name(view, a.target))
        right = view.seat is not None and a.target == (view.seat - 1) % len(view.players)
        if a.target != view.seat and right:
            detail = _(
                "the player on your right: you go second, and at the next bidding you are "
                "player B, who speaks last"
            )
        out.append(_offer("choose_start_player", label, detail, (a,)))
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
        name = terms.card(card) if card in cards else card
        # I18N: an option: play the law card {card}
        label = _("Play {card}").format(card=name)
        if card in plays:
            n = len(plays[card])
            # I18N: a law card that can be played, in {n} ways (more than one)
            detail = (
                _("can be played now ({n} ways)").format(n=n) if n > 1 else _("can be played now")
            )
            # The rule is a heading of the rules (docs/rules_en.md): its English name.
            rule = f"{cards[card].number}. {cards[card].name}"
            out.append(Option(label, True, detail, rule, "play_law", tuple(plays[card])))
        elif not only_playable:
            why = cards[card].when
            rule = f"{cards[card].number}. {cards[card].name}"
            out.append(Option(label, False, why, rule, "play_law"))
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
