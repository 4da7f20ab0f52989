"""Words for the screen: names of things, cube lists, and a one-line description of any action.

Nothing here imports Textual; everything reads a ``PlayerView`` (what the seat at the keyboard
may know) and the public catalogue text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Never

from keythedral.vocab import (
    COLOURS,
    CRAFT_PRICE,
    FENCE_PRICE,
    FIELD_LETTER,
    FIELD_YIELD,
    HOUSE_PRICE,
    REMOVE_FENCE_PRICE,
    SEAT_VALUE,
    SMITHS,
    VALUE,
    asks,
    cost_text,
    place,
    plural,
)

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


def cubes_text(counts: Sequence[int], empty: str = "nothing") -> str:
    """'2 stone + 1 food' for a colour-count tuple."""
    return cost_text(tuple(counts), empty)


def short_price(cost: Sequence[int]) -> str:
    """'2×stone food': a tile's price as the mats and the sale line show it."""
    parts = [(f"{n}×" if n > 1 else "") + COLOURS[i] for i, n in enumerate(cost) if n]
    return " ".join(parts) if parts else "free"


def worth(counts: Sequence[int]) -> int:
    return sum(n * w for n, w in zip(counts, VALUE, strict=False))


def worth_text(counts: Sequence[int], edition: str) -> str:
    """What a hand of cubes is worth, and what that worth is for, by edition: it breaks ties
    in classic scoring; it adds to the seats in the second edition."""
    w = worth(counts)
    if edition == "classic":
        return f"worth {w}, breaks ties"
    return f"worth {w} {'point' if w == 1 else 'points'} at the end"


@cache
def law_when(card: str) -> str:
    """When a law card may be played, in words ("" for a name the catalogue does not know).
    The engine's catalogue is the one reading of law_cards.yaml.  It is imported here, not at
    the top: the engine loads after the first frame (tests/cli/test_cli.py)."""
    from keythedral.engine.catalogue import laws  # engine: after the first frame

    known = laws().get(card)
    return known.when if known is not None else ""


def law_name(card: str) -> str:
    from keythedral.engine.catalogue import laws  # after the first frame (``law_when``)

    known = laws().get(card)
    return known.name if known is not None else card.replace("-", " ").capitalize()


def law_text(card: str) -> str:
    from keythedral.engine.catalogue import laws  # after the first frame (``law_when``)

    known = laws().get(card)
    return known.text if known is not None else ""


def seat_name(view: PlayerView, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view.players):
        return "nobody"
    return view.players[seat].name


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
    kinds = [t for t in (field_type(view, p) for p in corner_fields(corner)) if t]
    return ", ".join(kinds) if kinds else "no field"


def pos_text(pos: Sequence[int]) -> str:
    return place(tuple(pos))


def home_text(view: PlayerView, seat: int, number: int, *, own: bool = False) -> str:
    """ "Bob's house 3" / "your cottage 2"."""
    kind = "cottage"
    for c in view.cottages:
        if c.seat == seat and c.number == number:
            kind = "house" if c.house else "cottage"
    who = "your" if own else f"{seat_name(view, seat)}'s"
    return f"{who} {kind} {number}"


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
    from keythedral.engine.catalogue import tile_words  # after the first frame (``law_when``)

    return tile_words(tile)


def seats_text(tiles: Sequence[str], edition: str, total: bool = True) -> str:
    """The seats a player holds, by what each is worth (never the tiles' ids): "1 + 3 + 3 =
    7 points", one seat "3 points", "none"; without the ``total``, "1 + 3 + 3"."""
    if not tiles:
        return "none"
    values = [seat_value(t, edition) for t in tiles]
    each = " + ".join(map(str, values))
    if not total:
        return each
    points = plural(sum(values), "point")
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


def _law_choices(a: PlayLaw, view: PlayerView) -> str:
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
        bits.append(str(a.field_type))
    if a.corner is not None and a.field is not None:
        bits.append(f"fence {pos_text(a.corner)}-{pos_text(a.field)}")
    elif a.field is not None:
        ftype: str = field_type(view, a.field) or "field"
        bits.append(f"{ftype} at {pos_text(a.field)}")
    if a.craft:
        bits.append(f"take {a.craft}" if a.card == "craft-bargain" else str(a.craft))
    if a.cube:
        if a.instead:
            bits.append(f"{a.cube} instead of {a.instead}")
        else:
            bits.append(f"give {a.cube}")
    if a.extra:
        bits.append(f"+1 {a.extra}")
    if a.less:
        bits.append(f"-1 {a.less}")
    if a.order:
        bits.append("numbers in the order " + "-".join(map(str, a.order)))
    return ": " + ", ".join(bits) if bits else ""


def describe(action: Action, view: PlayerView) -> str:
    """A readable one-line description of ``action`` for the player whose ``view`` this is.

    Covers every action kind the engine has (mypy names this place when a kind is added); an
    object of another kind is described from its fields.
    """
    seat = action.seat
    me = seat == view.seat
    a = action
    match a.kind:
        case "place_field":
            ftype: str = view.next_field or "field"
            return f"lay the {ftype} ({FIELD_LETTER.get(ftype, '?')}) at {pos_text(a.pos)}"
        case "place_cottage":
            return f"cottage {a.number} at {pos_text(a.corner)}: touches {touches(view, a.corner)}"
        case "choose_work_order":
            return f"call number {a.number}: {_number_holders(view, a.number, seat)}"
        case "place_worker":
            ftype = field_type(view, a.field) or "field"
            gives = FIELD_YIELD.get(ftype, "?")
            return f"worker to the {ftype} at {pos_text(a.field)} (gives {gives})"
        case "buy_building":
            cost = adjusted_cost(view, a.tile, a.extra, a.less)
            value = tile_value(view, a.tile)
            price = cubes_text(cost) if cost is not None else "its price"
            # A tile as the list names it, short: its seat's worth (which tells its stage).
            tile = f"a seat worth {value}" if value is not None else tile_text(a.tile)
            return f"buy {tile} for {price}"
        case "convert_cottage":
            return f"convert cottage {a.number} into a house ({HOUSE_PRICE})"
        case "build_fence" | "remove_fence":
            home = cottage_at(view, a.corner)
            who = (
                home_text(view, home.seat, home.number, own=home.seat == seat)
                if home is not None
                else f"the empty corner {pos_text(a.corner)}"
            )
            ftype = field_type(view, a.field) or "field"
            where = f"the {ftype} {pos_text(a.field)}"
            if a.kind == "build_fence":
                return f"fence {who} off {where} ({FENCE_PRICE})"
            owner = next(
                (
                    f.seat
                    for f in view.fences
                    if tuple(f.corner) == tuple(a.corner) and tuple(f.field) == tuple(a.field)
                ),
                None,
            )
            return (
                f"remove {seat_name(view, owner)}'s fence: {who} / {where} ({REMOVE_FENCE_PRICE})"
            )
        case "buy_craft":
            return f"buy 1 {a.craft} from the {SMITHS.get(a.craft, 'craftsman')} (any {CRAFT_PRICE.get(a.craft, '?')} cubes)"
        case "trade":
            return f"trade any 2 cubes for 1 {a.take}"
        case "procure_law":
            return f"procure law card {a.space + 1} (any 1 cube; ends your phase 3)"
        case "pass":
            return "pass"
        case "decline":
            if view.decision == "place_worker":
                return "play no law: the workers of this home stay idle (no free field)"
            return "let it go by (play no law)"
        case "relocate_cottage":
            home_name = home_text(view, seat, a.number, own=me)
            return f"move {home_name} to {pos_text(a.corner)}: touches {touches(view, a.corner)}"
        case "bid":
            b = view.bidding
            if b is not None and seat == b.holder:
                return f"match the bid of {a.amount} and win"
            return f"bid {plural(a.amount, 'cube')}"
        case "pass_bid":
            return "pass (no bid)"
        case "choose_start_player":
            who = seat_name(view, a.target)
            return f"make {who}{' (you)' if a.target == seat else ''} the start player"
        case "pay":
            have = ""
            if view.me is not None and a.cube in COLOURS:
                have = f" (you have {view.me.cubes[COLOURS.index(a.cube)]})"
            return f"pay 1 {a.cube}{have}"
        case "choose_cube":
            return f"take 1 {a.cube}"
        case "play_law":
            return f"play the law {law_name(a.card)}{_law_choices(a, view)}"
        case _:
            return _fallback(a, view)


def paid_text(action: Action, view: PlayerView, paid: Sequence[int]) -> str:
    """``action`` with the cubes ``paid`` for it (chosen with it: the app's ``paid_choices``)."""
    cubes = cubes_text(paid)
    match action.kind:
        case "buy_craft":
            return (
                f"buy 1 {action.craft} from the {SMITHS.get(action.craft, 'craftsman')} for {cubes}"
            )
        case "trade":
            return f"trade {cubes} for 1 {action.take}"
        case "procure_law":
            return f"procure law card {action.space + 1} for {cubes} (ends your phase 3)"
        case "bid" if view.bidding is None or action.seat != view.bidding.holder:
            return f"{describe(action, view)}: you pay {cubes} if you win"
    return f"{describe(action, view)}: you pay {cubes}"


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


def call_next_text(view: PlayerView, number: int, position: int, seat: int | None) -> str:
    """A line of the Work order law's choices: ``number`` is called ``position``-th (0-based)."""
    return f"call number {number} {ORDINAL_WORDS[position]}: {_number_holders(view, number, seat)}"


def _number_holders(view: PlayerView, number: int, seat: int | None) -> str:
    homes = []
    for c in sorted(view.cottages, key=lambda c: (c.seat != seat, c.seat)):
        if c.number == number:
            who = "you" if c.seat == seat else view.players[c.seat].name
            homes.append(f"{who}{' (house)' if c.house else ''}")
    return ", ".join(homes) if homes else "nobody"


def decision_prompt(view: PlayerView, seats: Iterable[int]) -> str:
    names = " or ".join(seat_name(view, s) for s in seats) or "nobody"
    return f"{names} must {asks(view.decision)}"


def cell_text(view: PlayerView, cell: tuple[str, Pos], names: Mapping[int, str]) -> str:
    """What is on a cell of the map (a field or a corner), for the info line."""
    kind, pos = cell
    where = pos_text(pos)
    if kind == "field":
        ftype = next((f.type for f in view.fields if f.pos == pos), None)
        if ftype is None:
            text = f"{where}: empty"
        else:
            text = f"{where}: {ftype}"
            w = next((w for w in view.workers if w.field == pos), None)
            if w is not None:
                text += f", worker of {names.get(w.seat, '?')}"
    else:
        home = next((c for c in view.cottages if c.corner == pos), None)
        if home is not None:
            what = "house" if home.house else "cottage"
            text = f"corner {where}: {names.get(home.seat, '?')}'s {what} {home.number}"
        elif view.keythedral is not None and view.keythedral == pos:
            text = f"corner {where}: the Keythedral"
        else:
            text = f"corner {where}: empty"
        types = [f.type for p in corner_fields(pos) for f in view.fields if f.pos == p]
        if types:
            text += " | touches " + ", ".join(types)
        fences = [f for f in view.fences if f.corner == pos]
        if fences:
            text += " | fenced from " + ", ".join(
                f"{pos_text(f.field)} by {names.get(f.seat, '?')}" for f in fences
            )
    return text


def window_question(view: PlayerView, window: Sequence[int]) -> str:
    """A shared window asked on the privacy screen that follows it: what it answers, and
    the keys of the seats that may answer it."""
    keys = [f"{s + 1} for {seat_name(view, s)}" for s in sorted(window)]
    press = " or ".join([", ".join(keys[:-1]), keys[-1]] if len(keys) > 1 else keys)
    moment = window_hint(view) or "a law card may be played now."
    return f"First, law cards: {moment} To play one, press {press}. Enter goes on without one."


def window_prompt(view: PlayerView) -> str:
    """The shared window's question, in the words of what it waits on (at a phase's start
    nothing was played, so there is nothing to answer)."""
    windows = getattr(view, "windows", ())
    kind = windows[-1].kind if windows else ""
    if kind == "purchase":
        return "Anyone to answer the purchase?"
    if kind == "law_played":
        return "Anyone to answer that law?"
    return "Anyone to play a law card?"


def window_seat_line(view: PlayerView, seat: int) -> str:
    """A seat's line in the shared window: it answers what was played, or, at a phase's start
    where nothing was, plays a law card."""
    windows = getattr(view, "windows", ())
    kind = windows[-1].kind if windows else ""
    does = "answers" if kind in ("purchase", "law_played") else "plays a law card"
    return f"{seat_name(view, seat)} {does}"


def window_hint(view: PlayerView) -> str:
    """What the open law window answers (the shared window's line under its prompt)."""
    windows = getattr(view, "windows", ())
    if not windows:
        return ""
    top = windows[-1]
    if top.kind == "purchase" and top.purchase is not None:
        buyer = seat_name(view, top.purchase.seat)
        return f"{buyer} declared the purchase of {tile_text(top.purchase.tile)}."
    if top.kind == "law_played" and top.law is not None:
        who = seat_name(view, top.law.seat)
        return f"{who} played {law_name(top.law.card)}; it can be repealed."
    if top.kind == "phase_start":
        return "A new phase begins: laws for its start may be played."
    return ""
