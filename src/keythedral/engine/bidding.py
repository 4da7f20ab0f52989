"""Phase 5: the start-player marker moves on, and players bid to name the next start player.

Player A (this round's start player) hands the marker to B on the left.  Starting left of B,
each player bids once (more than the highest bid so far) or passes; B speaks last and wins by
matching the highest bid.  The winner pays: to B, or, when B wins, to the player B matched.
Whoever wins (B for free when nobody bids) names any player as the next start player.
"""

from __future__ import annotations

from functools import cache

from keythedral.lang import N_

from .actions import (
    Action,
    Bid,
    ChooseStartPlayer,
    PassBid,
    make_bid,
    make_choose_start,
    make_pass_bid,
)
from .errors import Count, IllegalAction
from .events import (
    BiddingOpened,
    BiddingWon,
    BidMade,
    BidMatched,
    BidPaid,
    BidPassed,
    NobodyBid,
    new,
)
from .payments import start
from .state import Bidding, GameState, Payment, logged, logged_fresh, replace
from .workers import begin_round


def open_bidding(state: GameState) -> GameState:
    n = state.n
    holder = (state.start_player + 1) % n
    order = (*tuple((holder + i) % n for i in range(1, n)), holder)
    return logged(
        state,
        new(BiddingOpened, seat=state.start_player, holder=holder),
        phase="bidding",
        bidding=Bidding(holder=holder, order=order),
    )


def legal(state: GameState) -> list[Action]:
    b = state.bidding
    assert b is not None
    if b.winner is not None:
        return [make_choose_start(b.winner, t) for t in range(state.n)]
    seat = b.order[0]
    total = sum(state.players[seat].cubes)
    if seat == b.holder:
        bids = [b.high] if 0 < b.high <= total else []
    else:
        bids = list(range(b.high + 1, total + 1))
    return [*(make_bid(seat, a) for a in bids), make_pass_bid(seat)]


def apply_bid(state: GameState, action: Bid) -> GameState:
    b = state.bidding
    assert b is not None
    seat, amount = action.seat, action.amount
    name = state.name(seat)
    total = sum(state.players[seat].cubes)
    if seat == b.holder:
        if b.high == 0:
            raise IllegalAction(
                N_("Nobody has bid: {player} names the start player without paying."),
                player=name,
            )
        if amount != b.high:
            raise IllegalAction(
                N_("{player} speaks last and can only match the highest bid, {high}."),
                player=name,
                high=b.high,
            )
    elif amount <= b.high:
        raise IllegalAction(
            N_("A bid must be more than the highest bid so far ({high})."), high=b.high
        )
    if amount > total:
        raise IllegalAction(
            # I18N: {cubes} is a number of cubes ("1 cube", "2 cubes"), {amount} a bid
            N_("{player} holds only {cubes} and cannot bid {amount}."),
            player=name,
            cubes=Count("cubes", total),
            amount=amount,
        )
    if seat == b.holder:
        assert b.high_seat is not None
        state = logged(
            state,
            new(BidMatched, seat=seat, amount=amount),
            bidding=replace(b, order=(), winner=seat),
        )
        return start(state, seat, "bid", any_cube=amount, to_seat=b.high_seat, fresh=True)
    state = logged(
        state,
        new(BidMade, seat=seat, amount=amount),
        bidding=replace(b, order=b.order[1:], high=amount, high_seat=seat),
    )
    return _resolve(state)


@cache  # bench_caches: "event interning"
def _bid_passed(seat: int) -> BidPassed:
    """The event of a pass in the bidding (kept and shared: events are immutable)."""
    return new(BidPassed, seat=seat)


def apply_pass_bid(state: GameState, action: PassBid) -> GameState:
    b = state.bidding
    assert b is not None
    state = logged(state, _bid_passed(action.seat), bidding=replace(b, order=b.order[1:]))
    return _resolve(state)


def _resolve(state: GameState) -> GameState:
    """Once everyone has spoken without B matching: settle the bidding."""
    b = state.bidding
    assert b is not None
    if b.order:
        return state
    if b.high_seat is None:  # state: the caller's logged made it
        return logged_fresh(
            state,
            new(NobodyBid, holder=b.holder),
            bidding=replace(b, winner=b.holder),
        )
    winner = b.high_seat
    state = logged_fresh(
        state,
        new(BiddingWon, seat=winner, amount=b.high, holder=b.holder),
        bidding=replace(b, winner=winner),
    )
    return start(state, winner, "bid", any_cube=b.high, to_seat=b.holder, fresh=True)


def finish_bid(state: GameState, payment: Payment) -> GameState:
    assert payment.to_seat is not None
    return logged_fresh(  # state: the payment's last step made it (reducer._apply_pay)
        state,
        new(BidPaid, seat=payment.seat, to_seat=payment.to_seat, paid=payment.paid),
    )


def apply_choose_start(state: GameState, action: ChooseStartPlayer) -> GameState:
    if not 0 <= action.target < state.n:
        raise IllegalAction(
            N_("There is no seat {seat}: seats run from 0 to {last}."),
            seat=action.target,
            last=state.n - 1,
        )
    return begin_round(state, action.target)
