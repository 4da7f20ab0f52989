"""Quick moves for a search's playouts: part of the engine's public contract.

A search bot plays thousands of moves a second on sampled worlds, and a few of the general
calls do more there than it needs: list every fence edge of a spending turn, list every
layout placement to look at eight, or list the payments once per cube.  These functions answer
the same questions with the engine's own rule code, in fewer steps, and check what ``apply``
checks for the moves they make (a move they make is one ``apply`` would accept)::

    from keythedral.engine import playout_moves as pm

    pm.playout_world(view, seed)      # sample_state(view, seed), reaction windows "when_possible"
    pm.spend_options(state)           # legal_actions(state) of a spending turn, without fences
    pm.layout_sample(state, k, rng)   # k legal layout placements drawn at random (all if fewer)
    state, n = pm.pay_by(state, choose)   # the pending payment, cube by cube, as ``choose`` says
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from keythedral.lang import N_

from . import buildings, houses, lawmaster, laws, layout, market, payments
from .actions import Action, make_pass, make_pay
from .cubes import COLOURS, Counts
from .decisions import decision
from .determinize import sample_state
from .errors import IllegalAction
from .reducer import apply
from .state import GameState, replace
from .view import PlayerView

__all__ = ["Chooser", "layout_sample", "pay_by", "playout_world", "spend_options"]

#: ``choose(hand, colours)``: which colour (an index into ``vocab.COLOURS``) to give next, of
#: ``colours``, those the payer holds that the price still accepts; ``hand`` is the payer's
#: cubes as they are before this one.
Chooser = Callable[[Counts, Sequence[int]], int]


def playout_world(view: PlayerView, seed: int) -> GameState:
    """``sample_state(view, seed)`` with reaction windows opened only when somebody could answer
    (``reaction_windows="when_possible"``): the same game with fewer steps (nobody says "no" to
    a window they hold no card for)."""
    world = sample_state(view, seed)
    config = world.config
    if config.reaction_windows != "when_possible":
        faster = config.model_copy(update={"reaction_windows": "when_possible"})  # pydantic's
        world = replace(world, config=faster)
    return world


def spend_options(state: GameState) -> list[Action]:
    """The spending turn's legal actions without building or removing a fence: every other
    option ``legal_actions`` lists, in its order (buildings, houses, the market, the law
    master, pass, then the law cards the seat may play)."""
    if decision(state) != "spend":
        raise IllegalAction(N_("Nobody is taking a spending turn now."))
    seat = state.turn
    acts: list[Action] = [
        *buildings.legal(state, seat),
        *houses.legal(state, seat),
        *market.legal(state, seat),
        *lawmaster.legal(state, seat),
        make_pass(seat),
    ]
    if state.players[seat].laws:
        acts += laws.options(state, seat, "own")
    return acts


def layout_sample(state: GameState, k: int, rng: random.Random) -> list[Action]:
    """``k`` of the layout step's legal placements, drawn at random without listing them all
    (all of them, in the order ``legal_actions`` gives, when there are ``k`` or fewer)."""
    d = decision(state)
    seat = state.turn
    if d == "place_field":
        spots = layout.field_spots(state)
        if len(spots) > k:
            spots = tuple(rng.sample(spots, k))
        return list(map(layout._field_choices(seat).__getitem__, spots))
    if d != "place_cottage":
        raise IllegalAction(N_("Nobody is laying out the board now."))
    corners = layout.free_corners(state)
    numbers = layout.unplaced_numbers(state, seat)
    per = len(numbers)
    total = len(corners) * per
    picks = range(total) if total <= k else rng.sample(range(total), k)
    fives = layout._cottage_choices(seat)  # a corner's placements, numbers 1 to 5
    return [fives[corners[i // per]][numbers[i % per] - 1] for i in picks]


def pay_by(state: GameState, choose: Chooser) -> tuple[GameState, int]:
    """Settle the pending payment one cube at a time, each the colour ``choose`` picks, and
    return the state after it and the number of cubes given: what as many ``apply`` of ``pay``
    actions would make.  Stops early, the payment still pending, when the payer holds no cube
    the price accepts.  A colour that is not one of those offered raises IllegalAction."""
    p = state.payment
    if p is None or decision(state) != "pay" or p.seat not in state.to_act:
        raise IllegalAction(N_("No payment is waiting for its cubes now."))
    seat = p.seat
    given = 0
    while p is not None:
        hand = state.players[seat].cubes
        if p.any_cube > 0:  # (``payments.accepts``, for the eight colours at once)
            colours = [i for i in range(8) if hand[i]]
        else:
            need, any_resource = p.need, p.any_resource > 0
            colours = [i for i in range(8) if hand[i] and (need[i] > 0 or (i < 5 and any_resource))]
        if not colours:
            break
        colour = choose(hand, colours)
        if colour not in colours:
            raise IllegalAction(
                # I18N: {colour} is the colour's number in the data, for developers
                N_("Colour {colour} is not one this price takes from that hand."),
                colour=repr(colour),
            )
        action = make_pay(seat, COLOURS[colour])
        given += 1
        if p.owed == 1:  # the last cube: ``apply`` finishes what the price bought
            return apply(state, action), given
        state, _ = payments.pay(state, action)
        p = state.payment
    return state, given
