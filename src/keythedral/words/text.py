"""Words for the screen: names of things, cube lists, and a one-line description of any action.

Nothing here imports Textual; everything reads a ``PlayerView`` (what the seat at the keyboard
may know) and the public catalogue text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Never

from keythedral.lang import N_, _, ngettext, pgettext
from keythedral.vocab import (
    COLOURS,
    CRAFT_PRICE,
    FENCE_COST,
    FIELD_LETTER,
    FIELD_YIELD,
    REMOVE_FENCE_COST,
    SEAT_VALUE,
    VALUE,
    place,
)
from keythedral.vocab import (
    plural as plural,  # one definition for every layer (tests/test_vocab.py)
)
from keythedral.words import terms

if TYPE_CHECKING:
    from keythedral.engine import Action, PlayerView
    from keythedral.engine.actions import PlayLaw
    from keythedral.engine.board import Cottage

Pos = tuple[int, int]


def seat_tokens(names: Sequence[str]) -> tuple[str, ...]:
    """One distinct capital letter per seat, from the name where possible (A for Ann)."""
    used: set[str] = set()
    tokens = []
    for name in names:
        candidates = [c.upper() for c in name if c.isalpha()] + [chr(65 + i) for i in range(26)]
        token = next(c for c in candidates if c not in used and "A" <= c <= "Z")
        used.add(token)
        tokens.append(token)
    return tuple(tokens)


def cubes_text(counts: Sequence[int], empty: str | None = None) -> str:
    """'2 stone + 1 food' for a colour-count tuple (``empty``, by default "nothing", for none)."""
    return terms.cost(tuple(counts), empty)


def short_price(cost: Sequence[int]) -> str:
    """'2×stone food': a tile's price as the mats and the sale line show it."""
    parts = [
        # I18N: a short count of cubes of one colour on a tile's price, "2×stone"
        _("{n}×{colour}").format(n=n, colour=terms.colour(COLOURS[i]))
        if n > 1
        else terms.colour(COLOURS[i])
        for i, n in enumerate(cost)
        if n
    ]
    # I18N: a tile's price of no cube at all
    return " ".join(parts) if parts else pgettext("a price", "free")


def worth(counts: Sequence[int]) -> int:
    return sum(n * w for n, w in zip(counts, VALUE, strict=False))


def worth_text(counts: Sequence[int], edition: str) -> str:
    """What a hand of cubes is worth, and what that worth is for, by edition: it breaks ties
    in classic scoring; it adds to the seats in the second edition."""
    w = worth(counts)
    if edition == "classic":
        # I18N: what a player's cubes are worth ({n}), in classic scoring: it breaks ties
        return _("worth {n}, breaks ties").format(n=w)
    # I18N: what a player's cubes are worth, in the second edition's scoring
    return ngettext("worth {n} point at the end", "worth {n} points at the end", w).format(n=w)


def law_when(card: str) -> str:
    """When a law card may be played, in the reader's words ("" for a name the catalogue does
    not know).
    The engine's catalogue is the one reading of law_cards.yaml.  It is imported here, not at
    the top: the engine loads after the first frame (tests/cli/test_cli.py)."""
    from keythedral.engine.catalogue import card_when_words  # engine: after the first frame

    return card_when_words(card)  # in the reader's language


def law_name(card: str) -> str:
    from keythedral.engine.catalogue import laws  # after the first frame (``law_when``)

    known = laws().get(card)
    return terms.card(card) if known is not None else card.replace("-", " ").capitalize()


def law_text(card: str) -> str:
    from keythedral.engine.catalogue import card_text_words  # after the first frame (``law_when``)

    return card_text_words(card)  # in the reader's language


def seat_name(view: PlayerView, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view.players):
        return _nobody()
    return view.players[seat].name


def _nobody() -> str:
    # I18N: no player ("nobody must ...")
    return _("nobody")


def field_type(view: PlayerView, pos: Sequence[int]) -> str | None:
    p = tuple(pos)
    for f in view.fields:
        if tuple(f.pos) == p:
            return str(f.type)
    return None


def corner_fields(corner: Sequence[int]) -> tuple[Pos, Pos, Pos, Pos]:
    x, y = corner[0], corner[1]
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def touches(view: PlayerView, corner: Sequence[int]) -> str:
    """'quarry, farm' : the field types a corner touches."""
    kinds = [terms.field_name(t) for t in (field_type(view, p) for p in corner_fields(corner)) if t]
    # I18N: a corner of the map that touches no field
    return terms.comma_list(kinds) if kinds else _("no field")


def pos_text(pos: Sequence[int]) -> str:
    return place(tuple(pos))


def home_text(view: PlayerView, seat: int, number: int, *, own: bool = False) -> str:
    """ "Bob's house 3" / "your cottage 2"."""
    house = False
    for c in view.cottages:
        if c.seat == seat and c.number == number:
            house = c.house
    return home_words(seat_name(view, seat), number, house, own=own)


def home_words(player: str, number: int, house: bool, *, own: bool = False) -> str:
    """ "Bob's house 3" / "your cottage 2", from the player's name."""
    if own:
        mine = _("your house {number}") if house else _("your cottage {number}")
        return mine.format(number=number)
    theirs = _("{whose} house {number}") if house else _("{whose} cottage {number}")
    return theirs.format(whose=terms.whose(player), number=number)


def cottage_at(view: PlayerView, corner: Sequence[int]) -> Cottage | None:
    c = tuple(corner)
    return next((k for k in view.cottages if tuple(k.corner) == c), None)


def seat_value(tile: str, edition: str) -> int:
    """The seat a building tile is worth, from its stage (ids are 's<stage>-<nn>')."""
    try:
        stage = int(tile[1])
    except (IndexError, ValueError):
        return 0
    return SEAT_VALUE.get(edition, SEAT_VALUE["classic"])[min(max(stage, 1), 5) - 1]


def tile_text(tile: str) -> str:
    """A building tile as a player names it: "the stage 2 tile (2 stone + 1 food)", never its
    id (``engine.catalogue.tile_words``)."""
    return terms.tile(tile)


def seats_text(tiles: Sequence[str], edition: str, total: bool = True) -> str:
    """The seats a player holds, by what each is worth (never the tiles' ids): "1 + 3 + 3 =
    7 points", one seat "3 points", "none"; without the ``total``, "1 + 3 + 3"."""
    if not tiles:
        # I18N: no seat in the Keythedral
        return pgettext("no seat", "none")
    values = [seat_value(t, edition) for t in tiles]
    each = " + ".join(map(str, values))
    if not total:
        return each
    # I18N: the points of a player's seats in the Keythedral
    points = ngettext("{n} point", "{n} points", sum(values)).format(n=sum(values))
    return points if len(values) == 1 else f"{each} = {points}"


def tile_cost(view: PlayerView, tile: str) -> tuple[int, ...] | None:
    for t in view.tiles:
        if t.id == tile:
            return tuple(t.cost)
    return None


def tile_value(view: PlayerView, tile: str) -> int | None:
    for t in view.tiles:
        if t.id == tile:
            return t.value
    return None


def adjusted_cost(
    view: PlayerView, tile: str, extra: str | None, less: str | None
) -> tuple[int, ...] | None:
    cost = tile_cost(view, tile)
    if cost is None:
        return None
    counts = list(cost)
    if extra in COLOURS:
        counts[COLOURS.index(extra)] += 1
    if less in COLOURS and counts[COLOURS.index(less)] > 0:
        counts[COLOURS.index(less)] -= 1
    return tuple(counts)


def _law_choices(a: PlayLaw, view: PlayerView) -> list[str]:
    """The choices a law card is played with, each in a few words."""
    bits = []
    if a.target is not None:
        bits.append(seat_name(view, a.target))
    if a.number is not None:
        if a.target is not None:
            bits[-1] = home_text(view, a.target, a.number)
        else:
            bits.append(home_text(view, a.seat, a.number, own=True))
    if a.tile:
        bits.append(tile_text(a.tile))
    if a.field_type:
        bits.append(terms.field_name(str(a.field_type)))
    if a.corner is not None and a.field is not None:
        # I18N: a fence, by its corner and its field: "fence (1,-1)-(2,0)"
        fence = _("fence {corner}-{field}")
        bits.append(fence.format(corner=pos_text(a.corner), field=pos_text(a.field)))
    elif a.field is not None:
        ftype = field_type(view, a.field)
        # I18N: a field of the map ("farm at (1,0)"); a field of unknown type is "field"
        name = terms.field_name(ftype) if ftype else pgettext("a field of the map", "field")
        bits.append(_("{field} at {place}").format(field=name, place=pos_text(a.field)))
    if a.craft:
        craft = terms.colour(a.craft)
        # I18N: Craft bargain's choice: the craft cube taken ("take iron")
        bits.append(_("take {craft}").format(craft=craft) if a.card == "craft-bargain" else craft)
    if a.cube:
        cube = terms.colour(a.cube)
        if a.instead:
            instead = _("{cube} instead of {other}")
            bits.append(instead.format(cube=cube, other=terms.colour(a.instead)))
        else:
            # I18N: Craft bargain's choice: the cube given ("give stone")
            bits.append(_("give {cube}").format(cube=cube))
    if a.extra:
        # I18N: a change to a tile's price: one cube of a colour more ("+1 wood")
        bits.append(_("+1 {colour}").format(colour=terms.colour(a.extra)))
    if a.less:
        # I18N: a change to a tile's price: one cube of a colour less ("-1 stone")
        bits.append(_("-1 {colour}").format(colour=terms.colour(a.less)))
    if a.order:
        # I18N: Work order's choice: {order} is the cottage numbers, "3-1-5-2-4"
        order = _("numbers in the order {order}")
        bits.append(order.format(order="-".join(map(str, a.order))))
    return bits


def describe(action: Action, view: PlayerView) -> str:
    """A readable one-line description of ``action`` for the player whose ``view`` this is.

    Covers every action kind the engine has (mypy names this place when a kind is added); an
    object of another kind is described from its fields.
    """
    seat = action.seat
    me = seat == view.seat
    a = action
    # I18N: the messages of describe() are a player's choices, in the list of choices: short,
    # starting in lower case; {place} is a place on the map, "(1,-2)"
    match a.kind:
        case "place_field":
            ftype: str = view.next_field or "field"
            # I18N: {field} is the field tile with its definite article, {letter} the letter
            # the map draws for it
            lay = _("lay {field} ({letter}) at {place}")
            return lay.format(
                field=terms.the_field(ftype),
                letter=FIELD_LETTER.get(ftype, "?"),
                place=pos_text(a.pos),
            )
        case "place_cottage":
            # I18N: {fields} lists the field types the corner touches ("quarry, farm")
            return _("cottage {number} at {place}: touches {fields}").format(
                number=a.number, place=pos_text(a.corner), fields=touches(view, a.corner)
            )
        case "choose_work_order":
            # I18N: {homes} lists the players whose cottage has that number ("you, Bob (house)")
            return _("call number {number}: {homes}").format(
                number=a.number, homes=_number_holders(view, a.number, seat)
            )
        case "place_worker":
            ftype = field_type(view, a.field) or "field"
            gives = FIELD_YIELD.get(ftype)
            # I18N: {field} is a field with its definite article ("the lake"), {colour} the
            # colour of cube it yields
            send = _("worker to {field} at {place} (gives {colour})")
            return send.format(
                field=terms.the_field(ftype),
                place=pos_text(a.field),
                colour=terms.colour(gives) if gives else "?",
            )
        case "buy_building":
            cost = adjusted_cost(view, a.tile, a.extra, a.less)
            value = tile_value(view, a.tile)
            # I18N: the price of a tile whose cost is not known here
            price = cubes_text(cost) if cost is not None else _("its price")
            # A tile as the list names it, short: its seat's worth (which tells its stage).
            tile = (
                _("a seat worth {value}").format(value=value)
                if value is not None
                else tile_text(a.tile)
            )
            # I18N: {tile} is "a seat worth 6" (or a tile's full name), {price} its cost
            return _("buy {tile} for {price}").format(tile=tile, price=price)
        case "convert_cottage":
            # I18N: {price} is the price of a house, "1 stone + 1 wood"
            return _("convert cottage {number} into a house ({price})").format(
                number=a.number, price=terms.house_price()
            )
        case "build_fence" | "remove_fence":
            home = cottage_at(view, a.corner)
            who = (
                home_text(view, home.seat, home.number, own=home.seat == seat)
                if home is not None
                # I18N: a corner of the map with no cottage on it
                else _("the empty corner {place}").format(place=pos_text(a.corner))
            )
            fenced = field_type(view, a.field)
            # I18N: a field with its definite article and its place: "the farm (1,0)"
            where = _("{field} {place}").format(
                field=terms.the_field(fenced), place=pos_text(a.field)
            )
            if a.kind == "build_fence":
                # I18N: {home} is a home ("Bob's cottage 3") or an empty corner, {field} a field
                # ("the farm (1,0)"), {price} the price of a fence ("1 wood")
                return _("fence {home} off {field} ({price})").format(
                    home=who, field=where, price=terms.cost(FENCE_COST)
                )
            owner = next(
                (
                    f.seat
                    for f in view.fences
                    if tuple(f.corner) == tuple(a.corner) and tuple(f.field) == tuple(a.field)
                ),
                None,
            )
            # I18N: {whose} owns the fence ("Otto's", French "d'Otto"); {home}, {field}: as
            # above; {price} "2 wine"
            return _("remove {whose} fence: {home} / {field} ({price})").format(
                whose=terms.whose(seat_name(view, owner)),
                home=who,
                field=where,
                price=terms.cost(REMOVE_FENCE_COST),
            )
        case "buy_craft":
            # I18N: {craft} is one craft cube ("1 iron"), {smith} who sells it ("the
            # blacksmith"), {n} its price in cubes of any colour (2 to 4)
            return _("buy {craft} from {smith} (any {n} cubes)").format(
                craft=terms.counted(a.craft, 1),
                smith=terms.smith(a.craft),
                n=CRAFT_PRICE.get(a.craft, "?"),
            )
        case "trade":
            # I18N: {cube} is the cube taken ("1 water")
            return _("trade any 2 cubes for {cube}").format(cube=terms.counted(a.take, 1))
        case "procure_law":
            # I18N: {n} numbers the law card among those on offer
            return _("procure law card {n} (any 1 cube; ends your phase 3)").format(n=a.space + 1)
        case "pass":
            # I18N: the choice to do nothing more this phase
            return pgettext("a choice of phase 3", "pass")
        case "decline":
            if view.decision == "place_worker":
                return _("play no law: the workers of this home stay idle (no free field)")
            return _("let it go by (play no law)")
        case "relocate_cottage":
            home_name = home_text(view, seat, a.number, own=me)
            return _("move {home} to {place}: touches {fields}").format(
                home=home_name, place=pos_text(a.corner), fields=touches(view, a.corner)
            )
        case "bid":
            b = view.bidding
            if b is not None and seat == b.holder:
                return _("match the bid of {amount} and win").format(amount=a.amount)
            # I18N: {cubes} is the bid ("2 cubes")
            return _("bid {cubes}").format(cubes=terms.cubes(a.amount))
        case "pass_bid":
            return _("pass (no bid)")
        case "choose_start_player":
            who = seat_name(view, a.target)
            # I18N: {player} is a name; one message for a name beginning with a vowel or an h
            # (French "faire d'Ann"), one for the others ("faire de Bob")
            vowel = terms.begins_with_vowel(who)
            if a.target == seat:
                make = (
                    pgettext(
                        "a name beginning with a vowel", "make {player} (you) the start player"
                    )
                    if vowel
                    else pgettext(
                        "a name beginning with a consonant", "make {player} (you) the start player"
                    )
                )
            else:
                make = (
                    pgettext("a name beginning with a vowel", "make {player} the start player")
                    if vowel
                    else pgettext(
                        "a name beginning with a consonant", "make {player} the start player"
                    )
                )
            return make.format(player=who)
        case "pay":
            cube = terms.counted(a.cube, 1)
            if view.me is not None and a.cube in COLOURS:
                # I18N: {cube} is one cube ("1 wood"), {n} how many of its colour the player has
                have = _("pay {cube} (you have {n})")
                return have.format(cube=cube, n=view.me.cubes[COLOURS.index(a.cube)])
            return _("pay {cube}").format(cube=cube)
        case "choose_cube":
            return _("take {cube}").format(cube=terms.counted(a.cube, 1))
        case "play_law":
            bits = _law_choices(a, view)
            if not bits:
                return _("play the law {card}").format(card=law_name(a.card))
            # I18N: {card} is a law card's name, {choices} lists what it is played with
            return _("play the law {card}: {choices}").format(
                card=law_name(a.card), choices=terms.comma_list(bits)
            )
        case _:
            return _fallback(a, view)


def paid_text(action: Action, view: PlayerView, paid: Sequence[int]) -> str:
    """``action`` with the cubes ``paid`` for it (chosen with it: the app's ``paid_choices``)."""
    cubes = cubes_text(paid)
    # I18N: {cost} is the cubes paid ("1 wood + 2 food")
    match action.kind:
        case "buy_craft":
            return _("buy {craft} from {smith} for {cost}").format(
                craft=terms.counted(action.craft, 1), smith=terms.smith(action.craft), cost=cubes
            )
        case "trade":
            return _("trade {cost} for {cube}").format(
                cost=cubes, cube=terms.counted(action.take, 1)
            )
        case "procure_law":
            return _("procure law card {n} for {cost} (ends your phase 3)").format(
                n=action.space + 1, cost=cubes
            )
        case "bid" if view.bidding is None or action.seat != view.bidding.holder:
            # I18N: {action} is a choice ("bid 2 cubes"), {cost} the cubes chosen to pay
            return _("{action}: you pay {cost} if you win").format(
                action=describe(action, view), cost=cubes
            )
    # I18N: {action} is a choice ("buy a seat worth 6 for 2 stone"), {cost} the cubes paid
    return _("{action}: you pay {cost}").format(action=describe(action, view), cost=cubes)


def _fallback(action: Never, view: PlayerView) -> str:
    """Words for an object that is no action of this engine (``Never``: each of the engine's
    kinds has its own words above; a made-up kind in a test comes here)."""
    unknown: Any = action
    kind = str(getattr(unknown, "kind", type(unknown).__name__))
    try:
        fields = unknown.model_dump(exclude={"kind", "seat"})
    except AttributeError:
        fields = {}
    bits = []
    for key, value in fields.items():
        if value is None:
            continue
        if key in ("target", "to_seat") and isinstance(value, int):
            value = seat_name(view, value)
        elif isinstance(value, list | tuple):
            value = pos_text(value) if len(value) == 2 else ", ".join(map(str, value))
        bits.append(f"{key.replace('_', ' ')} {value}")
    return kind.replace("_", " ") + (": " + ", ".join(bits) if bits else "")


ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth")

#: A line of the Work order law's choices, by the position the number is called in.
CALL_NEXT = (
    # I18N: a choice of the law Work order: {number} is a cottage number, called first;
    # {homes} lists the players whose cottage has that number
    N_("call number {number} first: {homes}"),
    N_("call number {number} second: {homes}"),
    N_("call number {number} third: {homes}"),
    N_("call number {number} fourth: {homes}"),
    N_("call number {number} fifth: {homes}"),
)


def call_next_text(view: PlayerView, number: int, position: int, seat: int | None) -> str:
    """A line of the Work order law's choices: ``number`` is called ``position``-th (0-based)."""
    return _(CALL_NEXT[position]).format(number=number, homes=_number_holders(view, number, seat))


def _number_holders(view: PlayerView, number: int, seat: int | None) -> str:
    homes = []
    for c in sorted(view.cottages, key=lambda c: (c.seat != seat, c.seat)):
        if c.number == number:
            # I18N: the player addressed, in a list of the players whose home has a number
            # ("you, Bob (house)"; Dutch "jij", not the object's "jou")
            who = (
                pgettext("the player addressed, in a list", "you")
                if c.seat == seat
                else view.players[c.seat].name
            )
            # I18N: a player whose home with that number is a house ("Bob (house)")
            homes.append(_("{player} (house)").format(player=who) if c.house else who)
    return terms.comma_list(homes) if homes else _nobody()


#: What each decision asks of a player (kept here for old callers: ``terms.ASKS``).
ASKS = terms.ASKS


def asks_words(decision: str) -> str:
    """What ``decision`` asks of the player, in the reader's language (``terms.asks``)."""
    return terms.asks(decision)


def decision_prompt(view: PlayerView, seats: Iterable[int]) -> str:
    who = [seat_name(view, s) for s in seats]
    names = terms.or_chain(who) or _nobody()
    # I18N: who must decide ({players}: "Ann", or {n} players "Ann or Bob", each of whom is
    # asked) and what ("place a worker"): the verb agrees with the number of players
    return ngettext("{players} must {asks}", "{players} must {asks}", max(1, len(who))).format(
        players=names, asks=asks_words(view.decision)
    )


def cell_text(view: PlayerView, cell: tuple[str, Pos], names: Mapping[int, str]) -> str:
    """What is on a cell of the map (a field or a corner), for the info line."""
    # I18N: the info line under the map says what is on a cell: {place} is where, "(1,-2)";
    # its parts are separated by " | "
    kind, pos = cell
    where = pos_text(pos)
    parts = []
    if kind == "field":
        ftype = next((f.type for f in view.fields if f.pos == pos), None)
        w = next((w for w in view.workers if w.field == pos), None)
        if ftype is None:
            parts.append(_("{place}: empty").format(place=where))
        elif w is None:
            parts.append(_("{place}: {field}").format(place=where, field=terms.field_name(ftype)))
        else:
            worker = _("{place}: {field}, worker of {player}")
            parts.append(
                worker.format(
                    place=where, field=terms.field_name(ftype), player=names.get(w.seat, "?")
                )
            )
    else:
        home = next((c for c in view.cottages if c.corner == pos), None)
        if home is not None:
            whose = home_words(names.get(home.seat, "?"), home.number, home.house)
            parts.append(_("corner {place}: {home}").format(place=where, home=whose))
        elif view.keythedral is not None and view.keythedral == pos:
            parts.append(_("corner {place}: the Keythedral").format(place=where))
        else:
            parts.append(_("corner {place}: empty").format(place=where))
        types = [f.type for p in corner_fields(pos) for f in view.fields if f.pos == p]
        if types:
            fields = terms.comma_list([terms.field_name(t) for t in types])
            parts.append(_("touches {fields}").format(fields=fields))
        fences = [f for f in view.fences if f.corner == pos]
        if fences:
            # I18N: a fence between a corner and a field ({place}), and its owner ({whose}:
            # "Otto's", French "d'Otto"): "fenced from (1,0) by Otto's fence"
            by = [
                _("{place} by {whose} fence").format(
                    place=pos_text(f.field), whose=terms.whose(names.get(f.seat, "?"))
                )
                for f in fences
            ]
            parts.append(_("fenced from {fences}").format(fences=terms.comma_list(by)))
    return " | ".join(parts)


def window_question(view: PlayerView, window: Sequence[int]) -> str:
    """A shared window asked on the privacy screen that follows it: what it answers, and
    the keys of the seats that may answer it."""
    # I18N: a key to press for a player: {key} is a digit, {player} a name ("1 for Ann")
    keys = [
        _("{key} for {player}").format(key=s + 1, player=seat_name(view, s)) for s in sorted(window)
    ]
    if len(keys) > 1:
        # I18N: the keys of the players who may play a law card: {keys} lists all but the
        # last ("1 for Ann, 2 for Bob"), {last} is the last one
        press = _("{keys} or {last}").format(keys=terms.comma_list(keys[:-1]), last=keys[-1])
    else:
        press = keys[0] if keys else ""
    moment = window_hint(view) or _("a law card may be played now.")
    # I18N: {moment} says what the law window answers (a sentence), {keys} the keys to press
    return _(
        "First, law cards: {moment} To play one, press {keys}. Enter goes on without one."
    ).format(moment=moment, keys=press)


def window_prompt(view: PlayerView) -> str:
    """The shared window's question, in the words of what it waits on (at a phase's start
    nothing was played, so there is nothing to answer)."""
    windows = getattr(view, "windows", ())
    kind = windows[-1].kind if windows else ""
    if kind == "purchase":
        return _("Anyone to answer the purchase?")
    if kind == "law_played":
        return _("Anyone to answer that law?")
    return _("Anyone to play a law card?")


def window_seat_line(view: PlayerView, seat: int) -> str:
    """A seat's line in the shared window: it answers what was played, or, at a phase's start
    where nothing was, plays a law card."""
    windows = getattr(view, "windows", ())
    kind = windows[-1].kind if windows else ""
    if kind in ("purchase", "law_played"):
        # I18N: a player's line in the law window: they may answer what was played
        return _("{player} answers").format(player=seat_name(view, seat))
    return _("{player} plays a law card").format(player=seat_name(view, seat))


def window_hint(view: PlayerView) -> str:
    """What the open law window answers (the shared window's line under its prompt)."""
    windows = getattr(view, "windows", ())
    if not windows:
        return ""
    top = windows[-1]
    if top.kind == "purchase" and top.purchase is not None:
        buyer = seat_name(view, top.purchase.seat)
        return _("{player} declared the purchase of {tile}.").format(
            player=buyer, tile=tile_text(top.purchase.tile)
        )
    if top.kind == "law_played" and top.law is not None:
        who = seat_name(view, top.law.seat)
        return _("{player} played {card}; it can be repealed.").format(
            player=who, card=law_name(top.law.card)
        )
    if top.kind == "phase_start":
        return _("A new phase begins: laws for its start may be played.")
    return ""
