"""Phase 3 action 6: procure a law card from the law master; and refilling the new-law spaces."""

from __future__ import annotations

from functools import lru_cache

from keythedral.lang import N_

from .actions import Action, ProcureLaw, make_procure
from .errors import IllegalAction
from .events import LawProcured, new
from .payments import start
from .spend import next_active
from .state import GameState, Payment, logged_fresh, renew, replace, with_player

LAW_PRICE = 1


def legal(state: GameState, seat: int) -> tuple[Action, ...]:
    if sum(state.players[seat].cubes) < LAW_PRICE:
        return ()
    return _procures(seat, state.law_spaces)


@lru_cache(maxsize=1024)  # bench_caches: "spend offers"
def _procures(seat: int, spaces: tuple[str | None, ...]) -> tuple[Action, ...]:
    """The law master's offers to ``seat`` (kept: the spaces change once a round or so)."""
    return tuple([make_procure(seat, i) for i, card in enumerate(spaces) if card is not None])


def apply_procure(state: GameState, action: ProcureLaw) -> GameState:
    seat, space = action.seat, action.space
    name = state.name(seat)
    if not state.law_spaces:
        raise IllegalAction(N_("There are no law cards in this game."))
    if not 0 <= space < len(state.law_spaces) or state.law_spaces[space] is None:
        raise IllegalAction(
            N_("There is no law card waiting on new-law space {space}."), space=space + 1
        )
    if sum(state.players[seat].cubes) < LAW_PRICE:
        raise IllegalAction(
            N_("{player} needs a cube of any colour to pay the law master."), player=name
        )
    # Procuring ends the player's phase 3 at once; the card arrives with the payment.
    players = with_player(state, seat, procured=True)
    state = replace(state, players=players, passes=0)
    state = renew(state, True, turn=next_active(state, seat))
    return start(state, seat, "law", any_cube=LAW_PRICE, target=str(space), fresh=True)


def finish_procure(state: GameState, payment: Payment) -> GameState:
    space = int(payment.target)
    card = state.law_spaces[space]
    assert card is not None
    spaces = list(state.law_spaces)
    spaces[space] = None
    seat = payment.seat
    laws = (*state.players[seat].laws, card)
    return logged_fresh(  # state: the payment's last step made it (reducer._apply_pay)
        state,
        new(LawProcured, seat=seat, paid=payment.paid),
        law_spaces=tuple(spaces),
        players=with_player(state, seat, laws=laws),
    )


def refill(state: GameState) -> GameState:
    """Phase 4: empty new-law spaces take the top cards of the deck, while it lasts."""
    spaces = list(state.law_spaces)
    deck = state.law_deck
    for i, card in enumerate(spaces):
        if card is None and deck:
            spaces[i], deck = deck[0], deck[1:]
    if deck is state.law_deck:
        return state
    return replace(state, law_spaces=tuple(spaces), law_deck=deck)
