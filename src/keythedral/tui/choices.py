"""The list of choices: which lines a seat's legal actions make on the decision panel.

One line per action, except where lines stand for several (the actions of one kind on one map
cell, the variants of a kind in a long list, Work order's 120 orders built number by number),
plus the lines that are commands for the app (the coach's payment in one key, the hand key on
the shared screen), and their keys.  No Textual here: the decision panel
(keythedral.tui.widgets.decision) shows what this builds.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keythedral.lang import N_, _, ngettext
from keythedral.records import faults
from keythedral.vocab import COLOURS, FENCE_COST, REMOVE_FENCE_COST
from keythedral.words import terms
from keythedral.words.text import (
    call_next_text,
    cottage_at,
    cubes_text,
    describe,
    law_name,
    paid_text,
    pos_text,
    seat_name,
    touches,
)

if TYPE_CHECKING:
    from keythedral.bots.hints import Hint
    from keythedral.engine import Action, PlayerView
    from keythedral.engine.actions import PlaceWorker, PlayLaw

Cell = tuple[str, tuple[int, int]]  # ("field" | "corner", position) on the map


@dataclass(frozen=True)
class Choice:
    """One line of the decision panel: an engine action to apply, or a command for the app."""

    text: str
    action: Action | None = None
    command: str = ""
    key: str = ""
    cell: Cell | None = None


def hotkeys(natural: Sequence[str | None], spare: Sequence[bool] = ()) -> list[str]:
    """Keys for a list of choices.

    ``natural`` holds each choice's own key (a cottage number, a bid, "p" for pass; "" for a
    choice that has none but fits such a list, like a bid of 12) or None.  When every choice
    has one and they are distinct, those are used.  Otherwise the choices are numbered 1..9, 0
    in order, except that a choice with a letter of its own (p: pass) keeps it.

    ``spare`` marks the choices that may take any key (a law card to play, which a list may
    offer beside its own choices): when the others all have distinct keys of their own, they
    keep them, and the spare ones take the digits left, the last digits first ("9" for one
    card, "8" and "9" for two), so that a line keeps its key from one decision to the next
    (a house's second worker).
    """
    given = [k for k in natural if k]
    if all(k is not None for k in natural) and len(set(given)) == len(given):
        return [k or "" for k in natural]
    spare = list(spare) + [False] * (len(natural) - len(spare))
    own = [k for k, s in zip(natural, spare, strict=True) if not s]
    if any(spare) and all(k is not None for k in own) and len(set(own)) == len(own):
        free = [d for d in "123456789" if d not in own]
        n = sum(spare)
        left = iter(free[-n:] if n <= len(free) else [*free, *(["0"] if "0" not in own else [])])
        return [next(left, "") if s else k or "" for k, s in zip(natural, spare, strict=True)]
    letters = [k for k in given if not k.isdigit()]
    keep = {k for k in letters if letters.count(k) == 1}
    digits = iter([str(i) for i in range(1, 10)] + ["0"])
    return [k if k in keep else next(digits, "") for k in natural]


def action_cell(action: Action, second: bool = False) -> Cell | None:
    """Where an action points on the map.

    An action on an edge (a fence: a corner and a field) points first at its corner, then, once
    the corner is chosen (``second``), at its field.
    """
    corner = getattr(action, "corner", None)
    field = getattr(action, "field", None)
    pos = getattr(action, "pos", None)
    if corner is not None and field is not None:
        return ("field", tuple(field)) if second else ("corner", tuple(corner))
    if corner is not None:
        return ("corner", tuple(corner))
    if field is not None:
        return ("field", tuple(field))
    if pos is not None:
        return ("field", tuple(pos))
    return None


def natural_key(action: Action, view: PlayerView | None = None) -> str | None:
    """The key a player would guess for an action: its number, its amount, p for pass; for a
    worker, its field's place among the fields around its home (the same key for a field
    whichever others are taken: a house's second worker finds it where the first did)."""
    match action.kind:
        case "place_worker" if view is not None:
            return worker_key(action, view)
        case "choose_work_order" | "place_cottage" | "convert_cottage":
            return str(action.number)
        case "bid":
            return str(action.amount) if action.amount < 10 else ""
        case "pass_bid" | "pass":
            return "p"
        case "choose_start_player":
            return str(action.target + 1) if action.target < 9 else ""
        case "pay" | "choose_cube" if action.cube in COLOURS:
            return str(COLOURS.index(action.cube) + 1)
        case "trade" if action.take in COLOURS:
            return str(COLOURS.index(action.take) + 1)
        case "buy_craft" if action.craft in COLOURS:
            return str(COLOURS.index(action.craft) + 1)
    return None


def worker_key(action: PlaceWorker, view: PlayerView) -> str | None:
    """``place_worker``'s key: its field's place, in reading order, among the fields on the
    map around the home (1 to 4)."""
    home = next(
        (c for c in view.cottages if c.seat == action.seat and c.number == action.number), None
    )
    if home is None:
        return None
    on_map = {tuple(f.pos) for f in view.fields}
    x, y = home.corner  # the four fields a corner touches, row by row as on the map
    around = [f for f in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)) if f in on_map]
    field = tuple(action.field)
    return str(around.index(field) + 1) if field in around else None


#: Kinds whose variants share one line in a long list (a line per cottage, colour or craft
#: comes after choosing it).
#: Their messages (``{price}``: the price of one, looked up in :data:`KIND_PRICES`).
KIND_GROUPS = {
    # I18N: a line of the list standing for several; {price}: what it costs ("1 stone + 1 wood")
    "convert_cottage": N_("convert a cottage into a house ({price}) ..."),
    # I18N: a line of the list standing for several
    "trade": N_("trade any 2 cubes for 1 resource ..."),
    # I18N: a line of the list standing for several; {price}: what it costs ("1 wood")
    "build_fence": N_("build a fence ({price}): pick the cottage on the map or here ..."),
    # I18N: a line of the list standing for several; {price}: what it costs ("2 wine")
    "remove_fence": N_("remove a fence ({price}): pick the cottage on the map or here ..."),
}
#: The prices those lines name, said in the language in use when shown.
KIND_PRICES: dict[str, Callable[[], str]] = {
    "convert_cottage": terms.house_price,
    "build_fence": lambda: terms.cost(FENCE_COST),
    "remove_fence": lambda: terms.cost(REMOVE_FENCE_COST),
}


def kind_group_text(kind: str) -> str:
    """The line standing for the variants of ``kind`` (one of :data:`KIND_GROUPS`)."""
    price = KIND_PRICES.get(kind)
    return _(KIND_GROUPS[kind]).format(price=price() if price else "")


LONG_LIST = 9
#: Kinds of action a payment follows (its cubes are chosen with it: ``paid_choices``).
# I18N: what cubes are paid for, in "choose the cubes yourself for a craft or a trade ..."
PAID_KINDS = {
    "buy_craft": N_("a craft"),
    "procure_law": N_("a law card"),
    "trade": N_("a trade"),
    "buy_building": N_("a building"),
    "bid": N_("a bid"),
}


def build_choices(
    acts: list[Action],
    view: PlayerView,
    *,
    second: bool = False,
    cells: bool = True,
    kinds: bool = True,
) -> list[Choice]:
    """One line per action, but lines that narrow the list when chosen stand for several:
    with ``cells``, the actions of one kind on one map cell (a corner's five cottage numbers,
    its fences); with ``kinds``, in a long list, the variants of a few kinds (which cottage to
    convert, what to trade for, where to build a fence)."""
    acts = table_order(acts, view)
    orders = [a for a in acts if a.kind == "play_law" and a.order]
    if len(orders) > 1 and len(orders) == len(acts):
        return order_choices(orders, view)
    counts: Counter[tuple[str, Cell | None]] = Counter(
        (a.kind, action_cell(a, second)) for a in acts
    )
    per_kind = Counter(a.kind for a in acts) if kinds and len(acts) > LONG_LIST else Counter()
    items: list[tuple[str | None, str, Action | None, str, Cell | None]] = []
    done: set[tuple[str, Cell | None]] = set()
    for a in acts:
        cell = action_cell(a, second)
        group = (a.kind, cell)
        if len(orders) > 1 and a.kind == "play_law" and a.order:
            if ("order", None) not in done:  # Work order: its 120 orders, built number by number
                done.add(("order", None))
                # I18N: {law}: the law card's name (Work order)
                text = _("play the law {law}: set the order of the five numbers ...").format(
                    law=law_name(a.card)
                )
                items.append((None, text, None, "order:", None))
            continue
        if a.kind in KIND_GROUPS and per_kind[a.kind] > 1:
            if (a.kind, None) not in done:
                done.add((a.kind, None))
                items.append((None, kind_group_text(a.kind), None, f"kind:{a.kind}", None))
            continue
        if cells and cell is not None and counts[group] > 1:
            if group not in done:
                done.add(group)
                items.append((None, group_text(a, view, counts[group]), None, "cell", cell))
            continue
        items.append((natural_key(a, view), describe(a, view), a, "", cell))
    # Law cards (Work order's line too) take the digits the list's own keys leave free.
    spare = [
        command == "order:" or (a is not None and a.kind == "play_law")
        for _, _, a, command, _ in items
    ]
    keys = hotkeys([i[0] for i in items], spare)
    return [
        Choice(text, action=a, command=command, key=k, cell=cell)
        for (_, text, a, command, cell), k in zip(items, keys, strict=True)
    ]


def table_order(acts: list[Action], view: PlayerView) -> list[Action]:
    """The engine's order, but where its first line (Enter, and where the map's cursor starts)
    would be a poor default: the layout's places nearest the Keythedral first, fences by
    whose home they cut off."""
    if view.decision in ("place_field", "place_cottage"):
        return nearest_first(acts, view)
    return own_homes_ranked(acts, view)


def nearest_first(acts: list[Action], view: PlayerView) -> list[Action]:
    """The layout's places nearest the Keythedral first, so that Enter keeps the board round
    rather than laying a line across the table (the engine lists places by coordinates)."""
    kx, ky = view.keythedral or (0, 0)  # two players: no Keythedral, the same middle

    def far(a: Action) -> float:
        if a.kind == "place_field":  # a field's middle, half a field from its corners
            return (a.pos[0] - kx - 0.5) ** 2 + (a.pos[1] - ky - 0.5) ** 2
        if a.kind == "place_cottage":
            return float((a.corner[0] - kx) ** 2 + (a.corner[1] - ky) ** 2)
        return 0.0

    return sorted(acts, key=far)


def own_homes_ranked(acts: list[Action], view: PlayerView) -> list[Action]:
    """Fences to build beside other players' homes before one's own (a fence cuts its home
    off a field: rarely what one wants for one's own), fences to remove beside one's own homes
    first; each kind keeps its places in the list, and the rest its order."""
    from keythedral.engine import BuildFence, RemoveFence  # engine: after the first frame

    own = {c.corner for c in view.cottages if c.seat == view.seat}
    out = list(acts)
    for kind, own_last in ((BuildFence, True), (RemoveFence, False)):
        places = [i for i, a in enumerate(acts) if isinstance(a, kind)]
        fences = [a for a in acts if isinstance(a, kind)]
        fences.sort(key=lambda a: (a.corner in own) is own_last)
        for i, a in zip(places, fences, strict=True):
            out[i] = a
    return out


def order_choices(orders: list[PlayLaw], view: PlayerView) -> list[Choice]:
    """Work order's orders, one number at a time: a line per number that may come next after
    the numbers the player has already put in order (those all the listed orders share)."""
    sequences = [a.order or () for a in orders]
    first = sequences[0]
    k = 0
    while k < len(first) and all(order[k] == first[k] for order in sequences):
        k += 1
    common = first[:k]
    nexts = sorted({order[len(common)] for order in sequences})
    seat = orders[0].seat
    items = [
        (
            str(n),
            call_next_text(view, n, len(common), seat),
            f"order:{','.join(map(str, (*common, n)))}",
        )
        for n in nexts
    ]
    keys = hotkeys([i[0] for i in items])
    return [
        Choice(text, command=command, key=k)
        for (_, text, command), k in zip(items, keys, strict=True)
    ]


def suggested_payment(state: Any, seat: int) -> list[Action]:
    """The coach's cubes for the payment ``seat`` owes now, one ``pay`` after another (its
    choice keeps what the player's likely purchases need).  Worked out on the payer's own view
    at every step, as the hint key would.  Empty when the engine fails on the way (told when
    the player plays it: keythedral.records.faults)."""
    from keythedral import engine  # engine: after the first frame
    from keythedral.bots.hints import hint  # engine: after the first frame

    plan: list[Action] = []
    while engine.decision(state) == "pay" and state.payment.seat == seat and len(plan) < 12:
        action = hint(engine.view(state, seat), engine.legal_actions(state)).action
        plan.append(action)
        try:
            state = faults.apply(state, action)
        except faults.EngineFault:
            return []
    return plan


def only_payment(state: Any, seat: int) -> list[Action]:
    """The cubes for the payment ``seat`` owes now, one ``pay`` after another, when they can
    only be these (whatever their order): no choice is left to the player, and paying them
    in one key is no advice.  Empty when there is a choice, or the engine fails on the way."""
    from keythedral import engine  # engine: after the first frame

    ways: dict[tuple[str, ...], list[Action]] = {}
    seen: set[tuple[str, ...]] = set()

    def walk(state: Any, path: list[Action]) -> None:
        paid = tuple(sorted(getattr(a, "cube", "") for a in path))
        if len(ways) > 1 or paid in seen:
            return
        seen.add(paid)
        payment = state.payment
        if engine.decision(state) != "pay" or payment.seat != seat or len(path) >= 12:
            ways.setdefault(paid, path)
            return
        for action in engine.legal_actions(state):
            if action.kind == "pay":
                walk(faults.apply(state, action), [*path, action])

    try:
        walk(state, [])
    except faults.EngineFault:
        return []
    return next(iter(ways.values())) if len(ways) == 1 else []


def paid_choices(
    choices: list[Choice], state: Any, seat: int, view: PlayerView, coach: bool = True
) -> tuple[list[Choice], dict[str, list[Action]]]:
    """The lines that carry the cubes for their payment (one key instead of one or more a
    cube), and by line command the actions each plays: a payment's first line pays them at
    once; a purchase (a craft, a law card, a trade) says what it pays and pays it; a bid says
    what the seat would pay if it wins, and keeps it, so that the payment then plays itself
    instead of asking again behind another privacy screen.  With the ``coach``, the cubes
    are the coach's, and a last line keeps choosing the cubes yourself; without it, only a
    payment that can be made one way is paid in one key (choosing cubes is advice)."""
    if view.decision == "pay":
        plan = suggested_payment(state, seat) if coach else only_payment(state, seat)
        if len(plan) < 2:
            return choices, {}
        return [payment_choice(plan, coach), *choices], {"pay-suggested": plan}
    if view.decision not in ("spend", "bid"):
        return choices, {}
    plans: dict[str, list[Action]] = {}
    out: list[Choice] = []
    for c in choices:
        plan = payment_after(state, c.action, coach) if c.action is not None else []
        if c.action is None or not plan or gives_back(c.action, plan):
            out.append(c)
            continue
        command = f"paying:{len(out)}"
        plans[command] = [c.action, *plan]
        text = paid_text(c.action, view, paid_counts(plan))
        out.append(Choice(text, action=c.action, command=command, key=c.key))
    held = view.me.cubes if view.me is not None else ()
    if coach and plans and sum(1 for n in held if n) > 1:  # other cubes could pay
        passes = (
            i for i, c in enumerate(out) if c.action and c.action.kind in ("pass", "pass_bid")
        )
        kinds = list(dict.fromkeys(_(PAID_KINDS[plan[0].kind]) for plan in plans.values()))
        things = kinds[0]
        for thing in kinds[1:]:
            # I18N: "a craft or a trade" (and again for a third: "a craft or a trade or a bid")
            things = _("{these} or {that}").format(these=things, that=thing)
        # I18N: {things}: what is paid for ("a craft or a trade")
        text = _("choose the cubes yourself for {things} ...").format(things=things)
        line = Choice(text, command="own-cubes")
        out.insert(next(passes, len(out)), line)  # before the passes
    return out, plans


def gives_back(action: Action, plan: list[Action]) -> bool:
    """A trade or a craft the coach would pay partly in the colour it takes ("2 water for 1
    water", "1 iron for 2 iron"): never suggested as one line; its cubes are chosen on the
    payment's own list."""
    took = {"trade": "take", "buy_craft": "craft"}.get(action.kind)
    return took is not None and any(getattr(p, "cube", "") == getattr(action, took) for p in plan)


def suggested_first(
    choices: list[Choice],
    plans: dict[str, list[Action]],
    state: Any,
    legal: list[Action],
    view: PlayerView,
    advice: Hint | None,
) -> list[Choice]:
    """A phase 3 turn's list opens on the coach's move (``advice``: the hint key's) among the
    seat's ``legal`` actions, with the cubes it would pay, so that Enter plays a sensible turn.

    A move has one key while it is on screen: the coach's line is the move's own line, moved
    to the top with its key (the other lines keep theirs), not the same move again under
    another key.  A move with no line of its own (one of a group: a fence, a cottage to
    convert) and the coach's pass (the waiting pass, ``wait_choice``) come first with a key
    the list leaves free.  ``plans`` gains the line's cubes.  While the coach is still
    thinking (no ``advice`` yet), the first line says so and plays nothing (``THINKING``): a
    line never shows one move and plays another."""
    if not legal:
        return choices
    if advice is None:
        return [Choice(_(THINKING_TEXT), command=THINKING, key=""), *choices]
    action = advice.action
    if action.kind == "pass":
        return [dataclasses.replace(wait_choice(), key=free_key(choices)), *choices]
    same = next((c for c in choices if c.action == action and c.command != "own-cubes"), None)
    if same is not None:  # its own line, with its key and cubes, moved first
        line = dataclasses.replace(same, text=suggested(same.text))
        return [line, *(c for c in choices if c is not same)]
    plan = [] if action.kind == "play_law" else payment_after(state, action)
    text, command = describe(action, view), ""
    if plan and not gives_back(action, plan):
        command = f"paying:{len(plans)}:suggested"
        plans[command] = [action, *plan]
        text = paid_text(action, view, paid_counts(plan))
    line = Choice(suggested(text), action=action, command=command, key=free_key(choices))
    return [line, *choices]


def suggested(line: str) -> str:
    """The coach's move's line: ``line`` as the coach suggests it."""
    # I18N: {line}: a line of the list (a move), the coach's suggestion
    return _("suggested: {line}").format(line=line)


#: The coach's line while it works its move out (a tenth of a second or so: ``tui.advice``).
THINKING = "coach-thinking"
THINKING_TEXT = N_("suggested: the coach is thinking it over...")


def free_key(choices: list[Choice]) -> str:
    """The first digit no line of ``choices`` has ("" when none is left)."""
    taken = {c.key for c in choices}
    return next((d for d in "1234567890" if d not in taken), "")


def payment_after(state: Any, action: Action, coach: bool = True) -> list[Action]:
    """The coach's cubes (without the ``coach``: the only cubes that can pay, if so) for the
    payment that ``action`` leads to for its seat: at once (a purchase), or for a bid if it
    wins (everyone after it passing); none if none follows, nor when the engine fails on the
    way (it is told when the player plays it: keythedral.records.faults)."""
    from keythedral import engine  # engine: after the first frame

    if action.kind not in PAID_KINDS:
        return []
    try:
        after = faults.apply(state, action)
        while engine.decision(after) == "bid":
            after = faults.apply(
                after, next(a for a in engine.legal_actions(after) if a.kind == "pass_bid")
            )
    except faults.EngineFault:
        return []
    payment = after.payment
    if engine.decision(after) != "pay" or payment is None or payment.seat != action.seat:
        return []
    return suggested_payment(after, action.seat) if coach else only_payment(after, action.seat)


def paid_counts(plan: list[Action]) -> list[int]:
    """How many cubes of each colour a plan of ``pay`` actions pays."""
    counts = [0] * len(COLOURS)
    for a in plan:
        counts[COLOURS.index(getattr(a, "cube", "wood"))] += 1  # every step is a pay
    return counts


def done_choice() -> Choice:
    """After "pass" in phase 3: pass now and on every later turn of this phase, without being
    asked (what a player says at the table when they are done: "I'm out, pass for me")."""
    return Choice(
        _("pass now and at every later turn this phase (you will not be asked again)"),
        command="done",
        key="P",
    )


#: The coach's standing pass, saying exactly what asks the player again: what
#: ``table.opens_nothing`` waits on (a tile newly for sale, a price, the fields, where the
#: homes stand, the fences).  Four rows at 80 columns, three from 100: every word shows.
# I18N: four rows of the list at 80 columns: every word shows
WAIT_TEXT = N_(
    "suggested: pass now and at later turns, until a tile comes up for sale or a price, "
    "a field, where a home stands or a fence changes"
)


def wait_choice() -> Choice:
    """The coach's phase 3 pass, which stands until the tiles for sale or the map change: at
    the seat's later turns of this phase it passes by itself while they stay as they were
    (nothing new to buy, convert or fence), and the seat is asked again once they change."""
    return Choice(_(WAIT_TEXT), command="wait", key="↵")


def hand_choice(name: str, laws_held: int) -> Choice:
    """The last line on the shared screen: the player's hand, for a law card (offered to every
    player alike, whatever they hold, so that it tells nobody anything), or, holding none (as
    everyone can see), for a look at their cubes."""
    if laws_held:
        # I18N: {whose}: the player whose hand it is, as an owner ("Ann's", French "d'Ann")
        text = _("{whose} hand: play a law card (the others look away first)")
    else:
        text = _("{whose} hand: look at your cubes (the others look away first)")
    return Choice(text.format(whose=terms.whose(name)), command="hand", key="r")


def payment_choice(plan: list[Action], coach: bool = True) -> Choice:
    """The first line of a payment: every cube of the coach's choice at once (without the
    coach: the only cubes that can pay it)."""
    cubes = cubes_text(paid_counts(plan))
    if coach:
        # I18N: {cubes}: the cubes paid ("1 wood + 2 stone")
        text = _("pay {cubes} (suggested: keeps what your purchases need)")
    else:
        text = _("pay {cubes} (the only cubes that can pay)")
    return Choice(
        text.format(cubes=cubes),
        command="pay-suggested",
        key="↵",
    )


def group_text(action: Action, view: PlayerView, n: int) -> str:
    """The line standing for ``n`` actions of one kind on one cell."""
    match action.kind:
        case "place_cottage":
            corner = action.corner
            # I18N: {corner}: a corner of the map ("C4"); {fields}: the fields it touches
            return _("a cottage at {corner}: touches {fields}").format(
                corner=pos_text(corner), fields=touches(view, corner)
            )
        case "build_fence" | "remove_fence":
            home = cottage_at(view, action.corner)
            if home is None:
                beside, words = "corner", {"corner": pos_text(action.corner)}
            else:
                beside = "house" if home.house else "cottage"
                owner = terms.whose(seat_name(view, home.seat))
                words = {"whose": owner, "number": str(home.number)}
            return FENCE_GROUPS[action.kind, beside](n).format(n=n, **words)
    cell = action_cell(action)
    kind = action.kind.replace("_", " ")
    if cell is None:
        # I18N: {kind}: a kind of action (its id, in English); {n}: how many choices
        return ngettext("{kind} ({n} choice)", "{kind} ({n} choices)", n).format(kind=kind, n=n)
    # I18N: {kind}: a kind of action (its id, in English); {where}: a place on the map
    return ngettext("{kind} at {where} ({n} choice)", "{kind} at {where} ({n} choices)", n).format(
        kind=kind, where=pos_text(cell[1]), n=n
    )


#: The line standing for a fence's fields, by what the fence is beside: {whose} home
#: number {number}, or the corner {corner} (a place on the map); {n}: how many fields.
FENCE_GROUPS: dict[tuple[str, str], Callable[[int], str]] = {
    ("build_fence", "house"): lambda n: ngettext(
        "build a fence beside {whose} house {number} ({n} field)",
        "build a fence beside {whose} house {number} ({n} fields)",
        n,
    ),
    ("build_fence", "cottage"): lambda n: ngettext(
        "build a fence beside {whose} cottage {number} ({n} field)",
        "build a fence beside {whose} cottage {number} ({n} fields)",
        n,
    ),
    ("build_fence", "corner"): lambda n: ngettext(
        "build a fence beside corner {corner} ({n} field)",
        "build a fence beside corner {corner} ({n} fields)",
        n,
    ),
    ("remove_fence", "house"): lambda n: ngettext(
        "remove a fence beside {whose} house {number} ({n} field)",
        "remove a fence beside {whose} house {number} ({n} fields)",
        n,
    ),
    ("remove_fence", "cottage"): lambda n: ngettext(
        "remove a fence beside {whose} cottage {number} ({n} field)",
        "remove a fence beside {whose} cottage {number} ({n} fields)",
        n,
    ),
    ("remove_fence", "corner"): lambda n: ngettext(
        "remove a fence beside corner {corner} ({n} field)",
        "remove a fence beside corner {corner} ({n} fields)",
        n,
    ),
}
