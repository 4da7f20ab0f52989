"""Reaction windows: the moments other players may answer with a law card.

- at the start of phases 1, 2, 3 and 5 (every player, from the start player);
- when a player declares a building purchase (every other player);
- right after a law is played (every other player, for Repeal law).

With ``reaction_windows="always"`` a window opens whenever any player in it holds a law card
(how many cards each player holds is public), so being asked reveals nothing.  With
``"when_possible"`` it opens only for the players holding a card that fits (quicker, but it
tells the table who holds what).  Every seat in a window may ``decline``; the window closes when
every seat has played or declined, and then what waited on it happens: the phase goes on, the
purchase is paid, or the law takes effect.
"""

from __future__ import annotations

from functools import cache
from typing import cast

from keythedral.lang import N_

from . import buildings, law_effects, laws, workers
from .actions import BuyBuilding, Decline, PlayLaw
from .catalogue import card_said
from .catalogue import laws as law_catalogue
from .decisions import decision
from .errors import IllegalAction
from .events import LawPlayed, LawRepealed, PurchaseDeclared, new
from .state import GameState, Window, WindowKind, construct, logged, renew, replace, with_player


def _clockwise(state: GameState, first: int, skip: int | None = None) -> tuple[int, ...]:
    return _seats_from(len(state.players), first, skip)


@cache  # bench_caches: "seat orders"
def _seats_from(n: int, first: int, skip: int | None) -> tuple[int, ...]:
    order = ((first + i) % n for i in range(n))
    return tuple(s for s in order if s != skip)


def _open(state: GameState, window: Window, fresh: bool = False) -> GameState | None:
    """Push ``window`` if the policy says it opens; None when it does not (``fresh``: see
    ``state.renew``)."""
    cfg = state.config
    if cfg.no_laws:
        return None
    if cfg.reaction_windows == "always":
        players = state.players
        for s in window.seats:
            if players[s].laws:
                break
        else:
            return None  # nobody in it holds a card
    else:
        tentative = replace(state, windows=(*state.windows, window))
        seats = tuple(s for s in window.seats if laws.options(tentative, s, window.kind))
        if not seats:
            return None
        window = replace(window, seats=seats)
    return renew(state, fresh, windows=(*state.windows, window))


def prune(state: GameState) -> GameState:
    """Under ``"when_possible"``: a seat stays in the innermost window only while it holds a
    card that could still be played there (after playing its last fitting card it is not asked
    to let the moment go by)."""
    top = state.windows[-1]
    seats = tuple(s for s in top.seats if laws.options(state, s, top.kind))
    if seats == top.seats:
        return state
    return replace(state, windows=(*state.windows[:-1], replace(top, seats=seats)))


def phase_start(state: GameState, phase: str, fresh: bool = False) -> GameState:
    """The window at the start of a phase (marked done whether or not it opens).

    The state marked done is this transition's own, whether ``fresh`` or copied here: the
    window is pushed into it in place, not into one copy more."""
    state = renew(state, fresh, window_done=phase)
    window = _phase_window(_clockwise(state, state.start_player), phase)
    return _open(state, window, True) or state


def _phase_window(seats: tuple[int, ...], phase: str) -> Window:
    """The window at the start of ``phase`` for ``seats``."""
    return construct(Window, kind="phase_start", seats=seats, phase=phase, purchase=None, law=None)


def declare_purchase(state: GameState, purchase: BuyBuilding | PlayLaw) -> GameState:
    """A purchase is declared: others may answer before it is paid."""
    seat = purchase.seat
    seats = _clockwise(state, seat + 1, skip=seat)
    window = construct(Window, kind="purchase", seats=seats, phase="", purchase=purchase, law=None)
    opened = _open(state, window)
    if opened is None:
        return buildings.complete(state, purchase)
    return logged(opened, new(PurchaseDeclared, seat=seat, tile=cast(str, purchase.tile)))


def apply_buy(state: GameState, action: BuyBuilding) -> GameState:
    buildings.check_purchase(state, action)
    return declare_purchase(state, action)


context = laws.context


def apply_play(state: GameState, action: PlayLaw) -> GameState:
    seat, card = action.seat, action.card
    name = state.name(seat)
    if card not in law_catalogue():
        raise IllegalAction(N_("There is no law card called {card}."), card=repr(card))
    hand = state.players[seat].laws
    if card not in hand:
        raise IllegalAction(
            # I18N: {law} is a law card's name
            N_("{player} does not hold the law {law}."),
            player=name,
            law=card_said(card),
        )
    ctx = context(state)
    if ctx == "own" and decision(state) not in laws.OWN_DECISIONS:
        raise IllegalAction(
            N_("{player} cannot play a law in the middle of a payment or a move."), player=name
        )
    offered = laws.options(state, seat, ctx)
    if not any(o is action for o in offered) and action not in offered:  # `is`: the usual case
        if not any(o.card == card for o in offered):
            raise IllegalAction(
                # I18N: {law} is a law card's name
                N_("{law} cannot be played now, or would have no effect."),
                law=card_said(card),
            )
        raise IllegalAction(
            # I18N: {law} is a law card's name
            N_("{law} cannot be played with those choices now."),
            law=card_said(card),
        )
    i = hand.index(card)
    state = logged(
        state,
        new(LawPlayed, seat=seat, law=action),
        players=with_player(state, seat, laws=hand[:i] + hand[i + 1 :]),
    )
    if card == "repeal-law":
        top = state.windows[-1]
        assert top.law is not None
        return logged(
            state,
            new(LawRepealed, seat=top.law.seat, card=top.law.card),
            windows=state.windows[:-1],
            law_discard=(*state.law_discard, top.law.card, card),
        )
    seats = _clockwise(state, seat + 1, skip=seat)
    window = construct(Window, kind="law_played", seats=seats, phase="", purchase=None, law=action)
    opened = _open(state, window)
    return opened if opened is not None else law_effects.resolve(state, action)


def apply_decline(state: GameState, action: Decline) -> GameState:
    stack = state.windows
    if not stack:  # a home with no free field: its workers stay idle
        return workers.apply_idle(state, action)
    top = stack[-1]
    seat, seats = action.seat, top.seats
    if seat not in seats:
        raise IllegalAction(
            N_("{player} has already let this moment go by."), player=state.name(seat)
        )
    return replace(state, windows=(*stack[:-1], replace(top, seats=_without(seats, seat))))


@cache  # bench_caches: "seat orders"
def _without(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return tuple(s for s in seats if s != seat)


def close(state: GameState, fresh: bool = False) -> GameState:
    """Every seat has answered the innermost window: what waited on it happens now."""
    top = state.windows[-1]
    if top.kind == "purchase":
        assert top.purchase is not None
        # cards played while it waited may have made it unpayable as declared: called off
        if not buildings.payable(state, top.purchase):
            return law_effects.withdraw(state, len(state.windows) - 1, "unpayable")
        return buildings.complete(renew(state, fresh, windows=state.windows[:-1]), top.purchase)
    state = renew(state, fresh, windows=state.windows[:-1])
    if top.kind == "law_played":
        assert top.law is not None
        return law_effects.resolve(state, top.law)
    return state


WINDOW_WORDS: dict[WindowKind, str] = {
    "phase_start": "a new phase begins",
    "purchase": "a purchase was declared",
    "law_played": "a law was played",
}
