"""What the game screen's decision panel says, worked out from the session: no Textual here.

The game screen (keythedral.tui.screens.game) asks :func:`present` for the panel of the moment
(its prompt, its lines of choices with their keys, the note under them, the map's targets and
the cubes each paying line plays) and only draws it.  Whoever holds the game (a hot-seat
session, the tutorial's, a seat of a hosted game) answers through ``GameSession``; the coach's
lines need the whole state, so they come only where the game is held here (``session.local``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from keythedral.lang import N_, _, ngettext
from keythedral.tui.choices import (
    LONG_LIST,
    Cell,
    Choice,
    action_cell,
    build_choices,
    done_choice,
    hand_choice,
    paid_choices,
    suggested_first,
)
from keythedral.tui.kind import HOT_SEAT, GameKind
from keythedral.vocab import FIELD_LETTER
from keythedral.words import terms
from keythedral.words.text import (
    cubes_text,
    decision_prompt,
    describe,
    seat_name,
    short_price,
    window_hint,
    window_prompt,
    window_seat_line,
)

if TYPE_CHECKING:
    from keythedral.bots.hints import Hint
    from keythedral.engine import Action, PlayerView
    from keythedral.tui.session import GameSession

#: The coach's advice for a seat's decision (None while it is still thinking).
Advice = Callable[[int], "Hint | None"]


@dataclass(frozen=True)
class Moment:
    """What the panel depends on besides the game: who holds the keyboard and how, and how
    far the list has been narrowed (a map cell, a kind of action, a corner's fields)."""

    #: The seat deciding at the keyboard (None: nobody, or the shared window).
    seat: int | None
    #: The computer player working out its move, with the moves said so far.
    thinking: int | None = None
    moves: Sequence[str] = ()
    #: The player decides on the shared screen: their hand is not up (phase 1).
    shared: bool = False
    #: A window was claimed by the seat at the keyboard.
    claimed: bool = False
    narrowed: list[Action] | None = None
    by_kind: bool = False
    second: bool = False
    #: What this kind of game offers in its lists (the coach's payment, "done for this phase").
    rules: GameKind = HOT_SEAT


@dataclass
class Panel:
    """The decision panel: a prompt, the lines of choices, a note; the map's targets, and
    by line command the actions a paying line plays (``paid_choices``)."""

    prompt: str
    choices: list[Choice] = field(default_factory=list)
    hint: str = ""
    targets: list[Cell] = field(default_factory=list)
    plans: dict[str, list[Action]] = field(default_factory=dict)


def present(session: GameSession, view: PlayerView, at: Moment, advice: Advice) -> Panel:
    """The panel for ``view`` (what the hand on screen may see) at the moment ``at``."""
    seat = at.seat
    window = session.asked_in_window()
    if session.over:
        return Panel(
            _("The game is over."),
            [Choice(_("show the scores"), command="scores", key="1")],
            _("Every hand is revealed on the scores screen."),
        )
    if seat is None and at.thinking is not None:
        return Panel(
            # I18N: {player}: a computer player's name
            _("{player} is choosing…").format(player=session.seat_label(at.thinking)),
            [],
            "\n".join([_("Computer players move by themselves."), *at.moves]),
        )
    if seat is None and window:
        return Panel(
            window_prompt(view),
            # I18N: a line of the list when a law card may be played: nobody plays one
            [Choice(_("nobody: everyone lets it go by"), command="nobody", key="↵")]
            + [
                Choice(window_seat_line(view, s), command=f"seat:{s}", key=str(s + 1))
                for s in sorted(window)
            ],
            # I18N: {hint}: a sentence more about the law cards that may be played
            _("Press your seat number, or Enter for nobody. {hint}").format(hint=window_hint(view)),
        )
    if seat is None:
        return Panel(
            decision_prompt(view, window or view.to_act), [], _("Waiting for the next player.")
        )
    return _deciding(session, view, seat, at, advice)


def _deciding(
    session: GameSession, view: PlayerView, seat: int, at: Moment, advice: Advice
) -> Panel:
    """The panel of the seat at the keyboard: its choices (narrowed, if they are)."""
    narrowed = at.narrowed
    acts = narrowed if narrowed is not None else session.legal_for(seat)
    if at.shared:  # on the shared screen: law cards only through the hand key
        acts = [a for a in acts if a.kind != "play_law"]
    choices = build_choices(
        acts,
        view,
        second=at.second,
        cells=narrowed is None or (at.by_kind and len(acts) > LONG_LIST),
        kinds=narrowed is None,
    )
    targets = [c for a in acts if (c := action_cell(a, at.second)) is not None]
    plans: dict[str, list[Action]] = {}
    local = session.local
    if (narrowed is None or at.by_kind) and at.rules.suggests_payments and local is not None:
        choices, plans = paid_choices(choices, local.state, seat, view, session.coach)
        if view.decision == "spend" and narrowed is None and session.coach:
            legal = session.legal_for(seat)
            if legal:
                hint = advice(seat)  # None: the coach is thinking
                choices = suggested_first(choices, plans, local.state, legal, view, hint)
    if at.shared and narrowed is None:
        choices.append(hand_choice(seat_name(view, seat), view.players[seat].laws_held))
    elif narrowed is None and at.rules.offers_done and session.may_pass(seat):
        choices.append(done_choice())
    prompt = prompt_for(view, seat, at.claimed)
    return Panel(prompt, choices, note_for(view, choices, narrowed), targets, plans)


def prompt_for(view: PlayerView, seat: int, claimed: bool) -> str:
    """The question put to ``seat`` at the keyboard."""
    if view.decision == "window" or claimed:
        # I18N: {player}: the name of the player at the keyboard
        return _("{player}: play a law card, or let it go by").format(player=seat_name(view, seat))
    return decision_prompt(view, (seat,))


def note_for(view: PlayerView, choices: list[Choice], narrowed: list[Action] | None) -> str:
    """The note under the choices: what the decision is about, and the law cards' key."""
    hint = decision_note(view, choices, narrowed)
    if any(c.action is not None and c.action.kind == "play_law" for c in choices):
        laws = _("r: read your law cards.")
        # I18N: two sentences of the note under the choices, one after the other
        hint = _("{note} {laws}").format(note=hint, laws=laws) if hint else laws
    return hint


def decision_note(view: PlayerView, choices: list[Choice], narrowed: list[Action] | None) -> str:
    """What the decision is about (the tile to place, what is still to pay, the bidding, what
    is for sale), or how to go back from a narrowed list."""
    if narrowed is not None:
        return _("Esc: back to every choice.")
    d = view.decision
    gain = getattr(view, "gain", None)
    if d == "choose_cube" and gain is not None:
        why = GAIN_PURPOSES.get(gain.purpose)
        reason = _(why) if why else gain.purpose.replace("_", " ")
        n = gain.count
        return ngettext(
            # I18N: {reason}: why cubes are taken ("the Bargain trade", "Unexpected harvest")
            "{reason}: {n} cube to take, one colour at a time.",
            "{reason}: {n} cubes to take, one colour at a time.",
            n,
        ).format(reason=reason, n=n)
    if d == "place_field" and view.next_field:
        letter = FIELD_LETTER.get(view.next_field, "?")
        n = view.fields_in_stack
        return ngettext(
            # I18N: {field}: the field tile to place, with its article ("a farm"); {letter}: its
            # letter on the map; {n}: how many field tiles are left
            "The tile is {field} ({letter}); {n} tile left in the stack.",
            "The tile is {field} ({letter}); {n} tiles left in the stack.",
            n,
        ).format(field=terms.a_field(view.next_field), letter=letter, n=n)
    pay = view.payment
    if d == "pay" and pay is not None:
        need = getattr(pay, "need", None)
        parts = []
        if need and any(need):
            parts.append(cubes_text(need))
        if n := getattr(pay, "any_resource", 0):
            # I18N: part of a sum still to pay ("1 wood + 2 of any resource")
            parts.append(ngettext("{n} of any resource", "{n} of any resource", n).format(n=n))
        if n := getattr(pay, "any_cube", 0):
            # I18N: part of a sum still to pay ("1 wood + 2 of any colour")
            parts.append(ngettext("{n} of any colour", "{n} of any colour", n).format(n=n))
        n = pay.owed
        what = " + ".join(parts) if parts else ngettext("{n} cube", "{n} cubes", n).format(n=n)
        # Imported here: the walkthrough's module is not loaded before the first frame.
        from keythedral.words.walkthrough_options import pay_purpose

        # I18N: {purpose}: what is paid for ("for the tile"); {what}: the cubes
        return _("Still to pay {purpose}: {what}.").format(purpose=pay_purpose(view), what=what)
    if d == "bid" and view.bidding is not None:
        b = view.bidding
        holder = seat_name(view, b.holder)
        if b.high_seat is not None:
            # I18N: the bidding: {bid}: the highest bid; {bidder}, {holder}: players' names
            return _(
                "highest bid {bid} by {bidder}; {holder} speaks last and may only match."
            ).format(bid=b.high, bidder=seat_name(view, b.high_seat), holder=holder)
        # I18N: the bidding: {holder}: a player's name
        return _("no bid yet; {holder} speaks last and may only match.").format(holder=holder)
    if d == "spend":
        # I18N: a building tile for sale: {price} → {value} (its points)
        sale = [
            _("{price} → {value}").format(price=short_price(t.cost), value=t.value)
            for t in view.tiles
            if t.buyable
        ]
        if not sale:
            return _("For sale: nothing.")
        # I18N: {tiles}: the tiles for sale, comma-separated ("2 stone → 3, 1 gold → 5")
        return _("For sale: {tiles}.").format(tiles=", ".join(sale))
    if any(c.cell for c in choices):
        return _("Pick a + on the map (Enter) or a line below.")
    return ""


#: Why cubes are taken one colour at a time (the decision's purpose).
GAIN_PURPOSES = {
    # I18N: why cubes are taken: "{reason}: 2 cubes to take"
    "bargain": N_("the Bargain trade"),
    # I18N: why cubes are taken (a law card's name): "{reason}: 2 cubes to take"
    "unexpected_harvest": N_("Unexpected harvest"),
}


def actions_at(
    session: GameSession | None,
    seat: int | None,
    narrowed: list[Action] | None,
    cell: Cell,
    second: bool,
) -> list[Action]:
    """The choices of ``seat`` at the keyboard (``narrowed``, if they are) on ``cell``."""
    if session is None or seat is None or session.over:
        return []
    acts = narrowed if narrowed is not None else session.legal_for(seat)
    return [a for a in acts if action_cell(a, second) == cell]


def with_before(message: str, before: int) -> str:
    """A public message in a row says how many came before it, which the log shows (the info
    line holds one)."""
    if not before:
        return message
    # I18N: {message}: a message of the game; {n}: how many came before it (in the log)
    return ngettext(
        "{message} (+{n} before it: g for the log)",
        "{message} (+{n} before it: g for the log)",
        before,
    ).format(message=message, n=before)


def cursor_line(
    where: str, view: PlayerView, on_map: bool, acts: list[Action], line: Choice | None
) -> str:
    """The info line: the map cursor's cell (``where``), and what Enter does where the focus
    is: on the map, the ``acts`` on that cell; in the list, its highlighted ``line``."""
    if on_map:
        if not acts:
            return where
        n = len(acts)
        does = (
            describe(acts[0], view)
            if n == 1
            else ngettext("{n} choice", "{n} choices", n).format(n=n)
        )
        # I18N: the info line: {where}: the map cursor's place; {does}: what Enter does there
        return _("{where} · Enter: {does}").format(where=where, does=does)
    if line is None:
        return where
    # I18N: the info line: {does}: the highlighted line of the list; {where}: the map cursor's place
    return _("Enter: {does} · {where}").format(does=line.text, where=where)


def focus_on_map(targets: list[Cell], choices: list[Choice]) -> bool:
    """A new decision starts on the map (not the list) when every line is a place on it."""
    return bool(targets) and all(c.cell is not None for c in choices)


def no_such_key(key: str, choices: Sequence[Choice]) -> str:
    """What a choice key that chooses nothing says."""
    keys = [c.key for c in choices if c.key]
    if keys:
        # I18N: {key}: the key pressed; {keys}: the keys of the choices, space-separated
        return _("No choice has the key {key}: the keys now are {keys}.").format(
            key=key, keys=" ".join(keys)
        )
    return _("There is nothing to choose with a key now.")


def edges_only(acts: list[Action]) -> bool:
    """Every action of ``acts`` is on an edge (a fence: a corner, then one of its fields)."""
    return all(action_cell(a, True) != action_cell(a, False) for a in acts)


def orders_from(acts: list[Action], prefix: tuple[int, ...]) -> list[Action]:
    """Work order's orders (among ``acts``) that start with ``prefix``."""
    return [
        a for a in acts if a.kind == "play_law" and a.order and a.order[: len(prefix)] == prefix
    ]


def why_not(
    session: GameSession | None,
    seat: int | None,
    view: PlayerView | None,
    cell: Cell,
    targets: list[Cell],
) -> str:
    """Why nothing can be done on ``cell``: the engine's own reason where one applies."""
    if session is None or seat is None or view is None or session.over:
        return _("Nothing to choose on the map now.")
    raw = _tried_at(session, seat, view, cell)
    if raw is not None:
        from keythedral import engine  # engine: after the first frame (the app's start-up)

        try:
            reason = session.why_illegal(engine.parse_action(raw))
        except ValueError:
            reason = None
        if reason is not None:
            return reason
    if targets:
        if all(k == "field" for k, _where in targets):
            return _("Nothing to do there: choose a field marked + (n jumps to the next one).")
        return _("Nothing to do there: choose a corner marked + (n jumps to the next one).")
    return _("Nothing to choose on the map now: use the list on the right.")


def _tried_at(
    session: GameSession, seat: int, view: PlayerView, cell: Cell
) -> dict[str, Any] | None:
    """The action a pick of ``cell`` would have been for the decision now, as raw data for
    the engine to weigh (None: the decision has nothing on the map of that kind)."""
    kind, pos = cell
    d = view.decision
    if d == "place_field" and kind == "field":
        return {"kind": "place_field", "seat": seat, "pos": pos}
    if d == "place_worker" and kind == "field" and view.placement is not None:
        return {"kind": "place_worker", "seat": seat, "number": view.placement.number, "field": pos}
    if d == "place_cottage" and kind == "corner":
        numbers = [a.number for a in session.legal_for(seat) if a.kind == "place_cottage"]
        if numbers:
            return {"kind": "place_cottage", "seat": seat, "corner": pos, "number": numbers[0]}
    if d == "relocate" and kind == "corner" and view.relocation:
        return {
            "kind": "relocate_cottage",
            "seat": seat,
            "number": view.relocation[0][1],
            "corner": pos,
        }
    return None
