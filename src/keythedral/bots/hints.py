"""The hint key: the greedy bot's suggestion for a decision, with a one-line reason.

The reason is worked out from the same knowledge the greedy bot decides with (:class:`Ctx`),
so it says why *that* action looks good to the heuristic, in a player's words::

    from keythedral.bots.hints import hint

    h = hint(engine.view(state, seat), engine.legal_actions(state))
    h.action   # what greedy would do
    h.reason   # "buy whenever you can: a seat worth 1, for 1 stone + 1 food"

Nothing here changes how the bot plays; :func:`explain` only reads.  A reason is said in the
language in use when :func:`explain` runs (docs/i18n.md): each one a whole message, its game
words (colours, field types, tiles, costs) looked up with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from keythedral.engine import Action, PlayerView
from keythedral.engine.facts import Cost, corner_fields, field_corners, tile_cost, tile_words
from keythedral.lang import N_, _, ngettext
from keythedral.vocab import CRAFT_PRICE, FIELD_YIELD, INDEX
from keythedral.words import terms

from .base import own_actions
from .greedy import GreedyBot
from .knowledge import Ctx, racing, rounds_left

#: Why playing each law card helps (marked: looked up when a reason is given).
# I18N: why the hint suggests playing this law card, after "Hint: ... - "
LAW_REASONS: dict[str, str] = {
    "upgrade-cottage": N_("a free house: that cottage sends out two workers from now on"),
    "work-order": N_("you decide the order of the cottage numbers this round"),
    "craft-bargain": N_("a craft cube is worth more than the resource you give for it"),
    "downgrade-house": N_("a rival's house sends out one worker fewer from now on"),
    "unsafe-fence": N_("it removes a fence that keeps one of your homes out of a field"),
    "broken-fences": N_("your workers ignore the fences that block your homes this round"),
    "price-decrease": N_("with one cube less you can buy that tile"),
    "price-increase": N_("the rival's purchase of a valuable tile gets dearer, or is called off"),
    "design-change": N_("the tile a rival is buying is swapped for another"),
    "repeal-law": N_("the law just played would hurt you"),
    "good-harvest": N_("you have more workers on that field type than anyone else"),
    "poor-harvest": N_("your rivals' workers, not yours, stand on that field type"),
    "double-production": N_("that worker brings twice the cubes you need"),
    "unexpected-harvest": N_("you choose the colours of those cubes yourself"),
    "house-moratorium": N_("rivals cannot build houses this round, and you can"),
    "start-order": N_("you want to go first: a purchase is in reach and tiles are few"),
    "cottage-number": N_("that cottage goes out early and takes a contested field"),
    "substitution": N_("it lets you buy a tile you cannot pay for as printed"),
    "sale": N_("a cheaper craft that the tile you want needs"),
    "bargain": N_("two cubes you are short of for the price of one"),
}


@dataclass(frozen=True)
class Hint:
    """The suggested action and why, in one line."""

    action: Any
    reason: str


def hint(view: PlayerView, legal: Sequence[Action], seed: int = 0) -> Hint:
    """Greedy's choice for ``view.seat`` among ``legal``, with its reason."""
    action = GreedyBot(seed).choose(view, legal)
    return Hint(action, explain(view, action, own_actions(view, legal)))


def explain(view: PlayerView, action: Any, legal: Sequence[Any] = ()) -> str:
    """One line saying why ``action`` is a sensible choice for the seat of ``view``."""
    ctx = Ctx.from_view(view)
    kind = action.kind
    if len(legal) == 1:
        return _only(ctx, action)
    fn = _REASONS.get(kind)
    return fn(ctx, action, legal) if fn is not None else _("it is the most useful choice now")


def _only(ctx: Ctx, action: Any) -> str:
    kind = action.kind
    if kind == "pay":
        return _("it is the only colour you hold that counts toward this price")
    if kind == "pass_bid":
        if not sum(ctx.cubes):
            return _("you hold no cube to bid with")
        return _("you cannot outbid now")
    if kind == "decline":
        return _("no law card of yours can be played at this moment")
    if kind == "pass":
        return _("no other action is open to you now")
    return _("it is the only choice you have here")


def _colour_of(ctx: Ctx, field: tuple[int, int]) -> str:
    return FIELD_YIELD[ctx.board().types[(field[0], field[1])]]


def _some(colour: str) -> str:
    """A cube colour as some of it, the object of "need" or "be short of" (French "du vin")."""
    return terms.some_colour(colour)


def _of(colour: str) -> str:
    """A cube colour after "more", "no" or "a cube of" (French "de vin", "d'eau")."""
    return terms.of_colour(colour)


def _cost(counts: Sequence[int]) -> str:
    """ "1 wood + 2 stone", in the language in use."""
    return Cost(counts).say()


def _target_text(ctx: Ctx, target: str | None = None) -> str:
    target = target or ctx.target()
    if target is None:
        # I18N: what a player aims to buy when no tile is in reach: every tile of the next stage
        return _("the next stage's tiles")
    return tile_words(target)


def _short(ctx: Ctx, target: str | None = None) -> list[int]:
    target = target or ctx.target()
    if target is None:
        return [0] * 8
    return [max(0, c - h) for h, c in zip(ctx.cubes, tile_cost(target), strict=True)]


def _race(ctx: Ctx) -> dict[str, str] | None:
    """Why a trade or a craft is not for the closest tile: a rival can buy it first (the
    rival's name and the tile, for a reason's ``{rival}`` and ``{tile}``; None when it is for
    the closest tile)."""
    aim, target = ctx.aim(), ctx.target()
    if aim == target or target is None:
        return None
    return {"rival": ctx.src.players[racing(ctx)[target]].name, "tile": tile_words(target)}


#: A field type (or a field of no known type) with "this", "the", "a" before it.
THIS_FIELD: dict[str | None, str] = {
    # I18N: a field of the map, as in "your cottage 2 can send workers to this farm"
    "quarry": N_("this quarry"),
    "woods": N_("this woods"),
    "lake": N_("this lake"),
    "farm": N_("this farm"),
    "vineyard": N_("this vineyard"),
    None: N_("this field"),
}


def _this_field(field_type: str | None) -> str:
    return _(THIS_FIELD.get(field_type, THIS_FIELD[None]))


def _field_types(types: Sequence[str]) -> str:
    """ "farm, lake": field types, in the language in use."""
    return terms.comma_list([terms.field_name(t) for t in types])


# --- the layout --------------------------------------------------------------------------
def _place_field(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    kind = ctx.next_field
    mine = [c for c in ctx.src.cottages if c.seat == ctx.seat]
    near_mine = [c for c in mine if c.corner in field_corners(tuple(a.pos))]
    near_rival = [
        c for c in ctx.src.cottages if c.seat != ctx.seat and c.corner in field_corners(a.pos)
    ]
    if near_mine:
        # I18N: one of the player's cottages, in a list ("cottage 1 and cottage 3")
        homes = [_("cottage {number}").format(number=c.number) for c in near_mine]
        # I18N: two of the player's homes, or one and the others ("cottage 1 and cottage 3")
        both = terms.chained(homes, lambda a, b: _("{a} and {b}").format(a=a, b=b))
        # I18N: {homes} are the player's cottages ("cottage 1 and cottage 3"), {field} the
        # field about to be laid ("this farm")
        return _("your {homes} can send workers to {field}").format(
            homes=both, field=_this_field(kind)
        )
    if not mine:
        # I18N: {field} is the field about to be laid ("the farm")
        return _("{field} makes room for good cottage corners around it").format(
            field=terms.the_field(kind)
        )
    if near_rival:
        # I18N: {field} is the field about to be laid ("a farm")
        return _("it is the spot that helps you most and rivals least with {field}").format(
            field=terms.a_field(kind)
        )
    # I18N: {field} is the field about to be laid ("a farm")
    return _("{field} here leaves good corners open for your next cottages").format(
        field=terms.a_field(kind)
    )


def _place_cottage(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    types = ctx.board().types
    kinds = [types[f] for f in corner_fields(tuple(a.corner)) if f in types]
    distinct = sorted(set(kinds))
    rivals = {
        c.number
        for c in ctx.src.cottages
        if c.seat != ctx.seat and set(corner_fields(c.corner)) & set(corner_fields(a.corner))
    }
    says = {
        # I18N: a number of fields, in "it touches {fields} of {kinds}"
        "fields": ngettext("{n} field", "{n} fields", len(kinds)).format(n=len(kinds)),
        # I18N: a number of field types, in "it touches {fields} of {kinds}"
        "kinds": ngettext("{n} kind", "{n} kinds", len(distinct)).format(n=len(distinct)),
        "types": _field_types(distinct),
        "number": a.number,
    }
    alone = not rivals or a.number in rivals
    if not distinct:
        if alone:
            # I18N: a corner for a cottage: {fields} "3 fields", {kinds} "2 kinds"
            return _("it touches {fields} of {kinds}").format(**says)
        # I18N: a corner for a cottage: {fields} "3 fields", {kinds} "2 kinds", {number} the
        # cottage's number
        return _("it touches {fields} of {kinds}; no rival neighbour has number {number}").format(
            **says
        )
    if alone:
        # I18N: a corner for a cottage: {fields} "3 fields", {kinds} "2 kinds", {types} the
        # field types ("farm, lake")
        return _("it touches {fields} of {kinds} ({types})").format(**says)
    # I18N: a corner for a cottage: {fields} "3 fields", {kinds} "2 kinds", {types} the field
    # types ("farm, lake"), {number} the cottage's number
    return _(
        "it touches {fields} of {kinds} ({types}); no rival neighbour has number {number}"
    ).format(**says)


def _relocate(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    types = ctx.board().types
    kinds = sorted({types[f] for f in corner_fields(tuple(a.corner)) if f in types})
    # I18N: {types} are field types ("farm, lake")
    return _("of the free corners, it has the best fields for you ({types})").format(
        types=_field_types(kinds)
    )


# --- phase 1 -----------------------------------------------------------------------------
def _work_order(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    called = ctx.src.work_order
    homes = [c for c in ctx.src.cottages if c.seat == ctx.seat and c.number == a.number]
    if not homes:
        return _(
            "none of your homes has number {number}, and the others matter more to rivals"
        ).format(number=a.number)
    home = homes[0]
    free = ctx.open_fields(home.corner, ctx.seat)
    contested = [
        f
        for f in free
        if any(c.seat != ctx.seat and c.number not in called for c in ctx.homes_on().get(f, ()))
    ]
    if contested:
        if home.house:
            message = _(
                "rivals could take the fields of your house {number}: calling it now lets you "
                "place first"
            )
        else:
            message = _(
                "rivals could take the fields of your cottage {number}: calling it now lets "
                "you place first"
            )
    elif home.house:
        message = _("your house {number} has free fields; calling it now costs you nothing")
    else:
        message = _("your cottage {number} has free fields; calling it now costs you nothing")
    return message.format(number=a.number)


def _place_worker(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    colour = _colour_of(ctx, a.field)
    i = INDEX[colour]
    if ctx.src.store[i] == 0:
        # I18N: {colour} is a cube colour after "no" ("wood"; French "de bois", "d'eau")
        return _(
            "every field is poor now; at least this one blocks a rival ({colour} is sold out)"
        ).format(colour=_of(colour))
    need = ctx.need()
    short = need[i] - ctx.cubes[i]
    rival = any(
        c.seat != ctx.seat and c.number not in ctx.src.work_order
        for c in ctx.homes_on().get(tuple(a.field), ())
    )
    target = ctx.target()
    says = {"colour": _some(colour)}
    if target is not None and _short(ctx)[i]:
        says["tile"] = _target_text(ctx)
        # I18N: {colour} is a cube colour as the object of "need" ("wood"; French "du bois",
        # "de l'eau"), {tile} a building tile ("the stage 2 tile (2 stone + 1 food)")
        why = (
            _("you need {colour} for {tile}, and a rival could take the field later")
            if rival
            else _("you need {colour} for {tile}")
        )
    elif short >= 0.5:
        # I18N: {colour} is a cube colour as the object of "need" ("wood"; French "du bois",
        # "de l'eau")
        why = (
            _(
                "you will need {colour} for the tiles to come, and a rival could take the field later"
            )
            if rival
            else _("you will need {colour} for the tiles to come")
        )
    else:
        says["colour"] = _of(colour)
        # I18N: {colour} is a cube colour after "a cube of" ("wood"; French "de bois", "d'eau")
        why = (
            _(
                "{colour} is the most useful cube this home can bring in, and a rival could take "
                "the field later"
            )
            if rival
            else _("{colour} is the most useful cube this home can bring in")
        )
    return why.format(**says)


# --- phase 3 -----------------------------------------------------------------------------
def _buy(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    cost = list(tile_cost(a.tile))
    if getattr(a, "extra", None):
        cost[INDEX[a.extra]] += 1
    if getattr(a, "less", None):
        cost[INDEX[a.less]] -= 1
    value = ctx.seat_value(int(a.tile[1]))
    others = {x.tile for x in legal if x.kind == "buy_building"} - {a.tile}
    if others:
        # I18N: {value} is the seat's value in points, {cost} the cubes it costs ("1 wood +
        # 2 stone")
        why = _(
            "buy whenever you can: a seat worth {value}, for {cost}: of the tiles you can pay "
            "for, it costs you the cubes you need least"
        )
    else:
        # I18N: {value} is the seat's value in points, {cost} the cubes it costs ("1 wood +
        # 2 stone")
        why = _("buy whenever you can: a seat worth {value}, for {cost}")
    return why.format(value=value, cost=_cost(cost))


def _convert(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    home = next(c for c in ctx.src.cottages if c.seat == ctx.seat and c.number == a.number)
    fenced = ctx.fenced().get(home.corner, set())
    fields = [f for f in ctx.board().fields_of(home.corner) if f not in fenced]
    rounds = max(1, round(rounds_left(ctx)))
    # I18N: about {n} rounds of the game left, in "a house sends out two workers for {rounds}"
    # (English says "rounds" for one too)
    left = ngettext("the ~{n} rounds left", "the ~{n} rounds left", rounds).format(n=rounds)
    # I18N: a number of fields, in "cottage {number} touches {fields} it may use" (English says
    # "fields" for one too)
    usable = ngettext("{n} fields", "{n} fields", len(fields)).format(n=len(fields))
    # I18N: {rounds} is "the ~4 rounds left", {number} a cottage's number, {fields} "3 fields"
    return _(
        "a house sends out two workers for {rounds}, and cottage {number} touches {fields} it "
        "may use"
    ).format(rounds=left, number=a.number, fields=usable)


def _craft(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    price = CRAFT_PRICE[a.craft]
    short = _short(ctx, ctx.aim())
    # I18N: a number of cubes, in "you have {cubes} to spare"
    cubes = ngettext("{n} cube", "{n} cubes", price).format(n=price)
    craft = _some(a.craft)
    if short[INDEX[a.craft]]:
        aim = _target_text(ctx, ctx.aim())
        race = _race(ctx)
        if race is None:
            # I18N: {aim} is a building tile ("the stage 2 tile (2 stone + 1 food)"), {craft}
            # a craft cube's colour as the object of "need" ("gold"; French "de l'or"), {cubes}
            # "3 cubes"
            return _("{aim} needs {craft}; you have {cubes} to spare for it").format(
                aim=aim, craft=craft, cubes=cubes
            )
        # I18N: {rival} is a player's name; {tile} and {aim} are building tiles ("the stage 2
        # tile (2 stone + 1 food)"), {craft} a craft cube's colour as the object of "need"
        # ("gold"; French "de l'or"), {cubes} "3 cubes"
        return _(
            "{rival} can buy {tile} before your next turn: {aim} needs {craft}; you have "
            "{cubes} to spare for it"
        ).format(aim=aim, craft=craft, cubes=cubes, **race)
    # I18N: {craft} is a craft cube's colour as the object of "need" ("iron"; French "de la
    # ferronnerie"), {cubes} "3 cubes"
    return _("the coming stages need {craft}, and you have {cubes} to spare").format(
        craft=craft, cubes=cubes
    )


def _trade(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    colour = _some(a.take)
    if _short(ctx, ctx.aim())[INDEX[a.take]]:
        aim = _target_text(ctx, ctx.aim())
        race = _race(ctx)
        if race is None:
            # I18N: {colour} is a cube colour as the object of "be short of" ("wood"; French
            # "du bois", "de l'eau"), {aim} a building tile
            return _("you are short of {colour} for {aim} and have 2 cubes to spare").format(
                colour=colour, aim=aim
            )
        # I18N: {rival} is a player's name; {tile} and {aim} are building tiles ("the stage 2
        # tile (2 stone + 1 food)"), {colour} a cube colour as the object of "be short of"
        # ("wood"; French "du bois", "de l'eau")
        return _(
            "{rival} can buy {tile} before your next turn: you are short of {colour} for {aim} "
            "and have 2 cubes to spare"
        ).format(colour=colour, aim=aim, **race)
    # I18N: {colour} is a cube colour as some of it ("wood"; French "du bois", "de l'eau")
    return _("{colour} is the resource your coming purchases are shortest of").format(colour=colour)


def _procure(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    if sum(ctx.cubes) == 1:
        return _("your last cube buys nothing, and no tile for sale uses it: take a law card")
    return _("nothing better to buy, a cube to spare, and a law card may help later")


def _pass(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    kinds = {x.kind for x in legal}
    if kinds <= {"pass", "play_law"}:
        return _("no other action is open to you now")
    target = ctx.target()
    if target is not None:
        # I18N: {tile} is a building tile ("the stage 2 tile (2 stone + 1 food)"), {missing}
        # cubes ("1 wood + 2 stone")
        return _(
            "keep your cubes: {tile} is still short of {missing}, and nothing helps yet"
        ).format(tile=_target_text(ctx, target), missing=_cost(_short(ctx)))
    return _("keep your cubes for the next stage: nothing here is worth them")


def _fence(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    return _("it keeps a rival's workers out of a field you want")


def _remove_fence(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    return _("that fence keeps your workers out of a field you need")


# --- payments, cubes ---------------------------------------------------------------------
def _pay(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    i = INDEX[a.cube]
    need = ctx.need()
    colour = _of(a.cube)
    if ctx.cubes[i] - 1 >= need[i]:
        # I18N: {colour} is a cube colour after "more" ("wood"; French "de bois", "d'eau")
        return _("you have more {colour} than your next purchases need").format(colour=colour)
    # I18N: {colour} is a cube colour after "a cube of" ("wood"; French "de bois", "d'eau")
    return _("of the cubes that count, {colour} is the one you will miss least").format(
        colour=colour
    )


def _choose_cube(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    short = _short(ctx)
    if short[INDEX[a.cube]]:
        # I18N: {colour} is a cube colour as the object of "be short of" ("wood"; French "du
        # bois", "de l'eau"), {tile} a building tile
        return _("you are short of {colour} for {tile}").format(
            colour=_some(a.cube), tile=_target_text(ctx)
        )
    colour = _of(a.cube)
    # I18N: {colour} is a cube colour after "need most" ("wood"; French "de bois", "d'eau")
    return _("{colour} is the colour your coming purchases need most").format(colour=colour)


# --- windows, laws -----------------------------------------------------------------------
def _decline(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    if not ctx.laws:
        return _("you hold no law card: let the moment go by")
    return _("none of your law cards is worth playing at this moment")


def _play_law(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    reason = LAW_REASONS.get(a.card)
    return _(reason) if reason is not None else _("it helps you more than it helps anyone else")


# --- phase 5 -----------------------------------------------------------------------------
def _bid(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    b = ctx.src.bidding
    if b is not None and b.holder == ctx.seat:
        return _("matching wins: going first lets you buy before the last tiles of this stage go")
    return _("few tiles are left in this stage and you can almost buy one: going first matters")


def _pass_bid(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    if not any(x.kind == "bid" for x in legal):
        return _("you cannot bid more than the cubes you hold")
    return _("going first next round is not worth your cubes now")


def _choose_start(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    if a.target == ctx.seat:
        return _("name yourself: you pick the first number, place first and spend first")
    return _("that player's turn order suits you best next round")


_REASONS = {
    "place_field": _place_field,
    "place_cottage": _place_cottage,
    "relocate_cottage": _relocate,
    "choose_work_order": _work_order,
    "place_worker": _place_worker,
    "buy_building": _buy,
    "convert_cottage": _convert,
    "build_fence": _fence,
    "remove_fence": _remove_fence,
    "buy_craft": _craft,
    "trade": _trade,
    "procure_law": _procure,
    "pass": _pass,
    "pay": _pay,
    "choose_cube": _choose_cube,
    "decline": _decline,
    "play_law": _play_law,
    "bid": _bid,
    "pass_bid": _pass_bid,
    "choose_start_player": _choose_start,
}

__all__ = ["LAW_REASONS", "Hint", "explain", "hint"]
