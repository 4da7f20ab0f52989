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
from keythedral.vocab import FIELD_LETTER, plural
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
            "The game is over.",
            [Choice("show the scores", command="scores", key="1")],
            "Every hand is revealed on the scores screen.",
        )
    if seat is None and at.thinking is not None:
        return Panel(
            f"{session.seat_label(at.thinking)} is choosing…",
            [],
            "\n".join(["Computer players move by themselves.", *at.moves]),
        )
    if seat is None and window:
        return Panel(
            window_prompt(view),
            [Choice("nobody: everyone lets it go by", command="nobody", key="↵")]
            + [
                Choice(window_seat_line(view, s), command=f"seat:{s}", key=str(s + 1))
                for s in sorted(window)
            ],
            "Press your seat number, or Enter for nobody. " + window_hint(view),
        )
    if seat is None:
        return Panel(
            decision_prompt(view, window or view.to_act), [], "Waiting for the next player."
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
        return f"{seat_name(view, seat)}: play a law card, or let it go by"
    return decision_prompt(view, (seat,))


def note_for(view: PlayerView, choices: list[Choice], narrowed: list[Action] | None) -> str:
    """The note under the choices: what the decision is about, and the law cards' key."""
    hint = decision_note(view, choices, narrowed)
    if any(c.action is not None and c.action.kind == "play_law" for c in choices):
        hint = (hint + " " if hint else "") + "r: read your law cards."
    return hint


def decision_note(view: PlayerView, choices: list[Choice], narrowed: list[Action] | None) -> str:
    """What the decision is about (the tile to place, what is still to pay, the bidding, what
    is for sale), or how to go back from a narrowed list."""
    if narrowed is not None:
        return "Esc: back to every choice."
    d = view.decision
    gain = getattr(view, "gain", None)
    if d == "choose_cube" and gain is not None:
        why = {"bargain": "the Bargain trade", "unexpected_harvest": "Unexpected harvest"}
        reason = why.get(gain.purpose, gain.purpose.replace("_", " "))
        return f"{reason}: {plural(gain.count, 'cube')} to take, one colour at a time."
    if d == "place_field" and view.next_field:
        letter = FIELD_LETTER.get(view.next_field, "?")
        left = view.fields_in_stack
        return (
            f"The tile is a {view.next_field} ({letter}); {plural(left, 'tile')} left in the stack."
        )
    pay = view.payment
    if d == "pay" and pay is not None:
        need = getattr(pay, "need", None)
        parts = []
        if need and any(need):
            parts.append(cubes_text(need))
        if getattr(pay, "any_resource", 0):
            parts.append(f"{pay.any_resource} of any resource")
        if getattr(pay, "any_cube", 0):
            parts.append(f"{pay.any_cube} of any colour")
        what = " + ".join(parts) if parts else plural(pay.owed, "cube")
        # Imported here: the walkthrough's module is not loaded before the first frame.
        from keythedral.words.walkthrough_options import pay_purpose

        return f"Still to pay {pay_purpose(view)}: {what}."
    if d == "bid" and view.bidding is not None:
        b = view.bidding
        high = (
            f"highest bid {b.high} by {seat_name(view, b.high_seat)}"
            if b.high_seat is not None
            else "no bid yet"
        )
        return f"{high}; {seat_name(view, b.holder)} speaks last and may only match."
    if d == "spend":
        sale = [f"{short_price(t.cost)} → {t.value}" for t in view.tiles if t.buyable]
        return "For sale: " + (", ".join(sale) if sale else "nothing") + "."
    if any(c.cell for c in choices):
        return "Pick a + on the map (Enter) or a line below."
    return ""


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
    return f"{message} (+{before} before it: g for the log)" if before else message


def cursor_line(
    where: str, view: PlayerView, on_map: bool, acts: list[Action], line: Choice | None
) -> str:
    """The info line: the map cursor's cell (``where``), and what Enter does where the focus
    is: on the map, the ``acts`` on that cell; in the list, its highlighted ``line``."""
    if on_map:
        if not acts:
            return where
        does = describe(acts[0], view) if len(acts) == 1 else f"{len(acts)} choices"
        return f"{where} · Enter: {does}"
    return f"Enter: {line.text} · {where}" if line is not None else where


def focus_on_map(targets: list[Cell], choices: list[Choice]) -> bool:
    """A new decision starts on the map (not the list) when every line is a place on it."""
    return bool(targets) and all(c.cell is not None for c in choices)


def no_such_key(key: str, choices: Sequence[Choice]) -> str:
    """What a choice key that chooses nothing says."""
    keys = [c.key for c in choices if c.key]
    if keys:
        return f"No choice has the key {key}: the keys now are {' '.join(keys)}."
    return "There is nothing to choose with a key now."


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
        return "Nothing to choose on the map now."
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
        want = "a field" if all(k == "field" for k, _ in targets) else "a corner"
        return f"Nothing to do there: choose {want} marked + (n jumps to the next one)."
    return "Nothing to choose on the map now: use the list on the right."


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
