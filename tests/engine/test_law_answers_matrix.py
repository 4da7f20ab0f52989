"""Every own-action law against every answer, as one matrix (issue 26, "Built-state tests").

Ann (seat 0) plays an own-action law on her phase 3 turn; Bob (seat 1) answers it, or nobody
does.  The rows, the law as played:

- ``substitution of resources``: Substitution on a stage 3 tile with iron, its resources paid in
  wine (a colour the tile does not show);
- ``substitution, craft swap``: the same tile, a glass paid instead of its iron;
- ``sale of glass`` and ``sale of gold``: Sale, the craft two cubes cheaper;
- ``bargain``: Bargain, one resource to the trader for two of Ann's choice.

The columns, the answer:

- ``none``: the baseline;
- ``design change``, ``price decrease``: on the Substitution's tile (for Sale and Bargain on some
  tile, which does not concern them);
- ``craft bargain takes``, ``craft bargain leaves``: Bob's Craft bargain takes the last used cube
  the law needs, or one of two.  Only a Sale needs anything a Craft bargain can take: Substitution
  and Bargain take nothing from the store's crafts (a Craft bargain only adds a resource to it),
  so they have the ``leaves`` cell only;
- ``own craft bargain takes``, ``own craft bargain leaves``: Ann cannot answer her own law, so
  Bob answers it with a Price decrease elsewhere and Ann answers that with her own Craft bargain,
  in the window nested under her law; it gives away what her law needs (a cube of its price, her
  only resource, or takes the last used craft cube), or spares it.

And, for Substitution, the moment of the answer: in its own ``law window`` (Cy holds a card, so a
purchase window opens once it takes effect), in the ``purchase window`` once it took effect and
the purchase is declared, or in its law window with ``no purchase window`` (nobody left holding a
card: the purchase completes at once).  With no answer: ``all declining`` (the windows open and
everyone lets them go by) or ``no window at all``.

What each cell expects, from the rules (rules_en.md rulings 31, 33, 40 and "Purchase declared";
RULINGS.md "Laws answered by laws"), ``-`` where the cell cannot be built:

==========================  ====  ===========  ===========  ========  ======  ==========  ======
law / answer                none  design chg.  price decr.  CB takes  CB lvs  own CB tks  own lvs
==========================  ====  ===========  ===========  ========  ======  ==========  ======
substitution (law window)   buys  off: tile    off: price   n/a      buys    off: cubes  buys
substitution (purchase w.)  buys  p.off: answ  p.off: answ  n/a      buys    p.off: unp  buys
sale of glass / gold        buys  buys         buys         off: sup  buys    off: supply buys
bargain                     buys  buys         buys         n/a      buys    off: cubes  buys
==========================  ====  ===========  ===========  ========  ======  ==========  ======

(``off: R``: one ``LawCalledOff`` with reason R; ``p.off``: one ``PurchaseCalledOff``, the
Substitution having taken effect as the purchase, "answered" or "unpayable"; ``buys``: the law
takes effect exactly as played.)  Called off, the card is back in Ann's hand, nothing is paid,
lost or made, and Ann chooses her phase 3 action again.  Every step is taken through ``act``,
which checks the invariants and a non-empty legal list after it.

Last, a pending price law answered by Design change goes under the replacement (ruling 30), here
when the purchase it answered was a Substitution's.
"""

from __future__ import annotations

from typing import Any

import pytest

from keythedral import engine
from keythedral.engine.catalogue import tile_cost
from keythedral.engine.cubes import COLOURS, CRAFT_PRICE, INDEX
from tests.support.helpers import set_cubes
from tests.support.invariants import check_invariants, check_legal
from tests.support.laws import at_stage, back_at_own_turn, effect_of, spend_with, with_store

SUBSTITUTIONS = ("substitution of resources", "substitution, craft swap")
SALES = {"sale of glass": "glass", "sale of gold": "gold"}
LAWS = (*SUBSTITUTIONS, *SALES, "bargain")
ANSWERS = (
    "design change",
    "price decrease",
    "craft bargain takes",
    "craft bargain leaves",
    "own craft bargain takes",
    "own craft bargain leaves",
)
SALE_DISCOUNT = 2  # Sale: glass costs 1 cube, gold 2
CALL_OFFS = ("law_called_off", "purchase_called_off")
SPARE = {1: "work-order", 2: "start-order"}  # cards nobody can play in phase 3: windows open


# --- every step checked ---------------------------------------------------------------------
def act(state: engine.GameState, action: engine.Action) -> engine.GameState:
    """``action`` (which must be offered), then the invariants and a non-empty legal list."""
    assert action in engine.legal_actions(state), f"{action!r} is not offered"
    state = engine.apply(state, action)
    check_invariants(state)
    acts = engine.legal_actions(state)
    check_legal(state, acts)
    assert acts, "the legal list is empty"
    return state


def law(state: engine.GameState, seat: int, card: str, **choices: Any) -> engine.GameState:
    action = engine.parse_action({"kind": "play_law", "seat": seat, "card": card, **choices})
    return act(state, action)


def let_pass(state: engine.GameState) -> engine.GameState:
    """Everyone asked in the innermost window lets the moment go by."""
    for seat in state.windows[-1].seats:
        state = act(state, engine.Decline(seat=seat))
    return state


def settle(state: engine.GameState) -> engine.GameState:
    """Every open window closes with nobody answering."""
    while state.windows:
        state = let_pass(state)
    return state


def pay_up(state: engine.GameState) -> engine.GameState:
    """A pending payment (and a Bargain's two cubes) settled with the first cubes offered."""
    while state.payment is not None or state.gain is not None:
        state = act(state, engine.legal_actions(state)[0])
    return state


def events_since(state: engine.GameState, start: int, *types: str) -> list[Any]:
    return [e for e in state.log[start:] if e.type in types]


# --- the situation --------------------------------------------------------------------------
def the_tile(state: engine.GameState) -> str:
    """The Substitution's tile: the first of stage 3 with iron (and wood, like every one)."""
    return next(t for t in state.mat[2] if tile_cost(t)[INDEX["iron"]])


def craft_of(row: str) -> str:
    """The used craft cube a Craft bargain takes in this row: the Sale's own craft, else iron."""
    return SALES.get(row, "iron")


def holdings(row: str, answer: str, moment: str) -> dict[int, tuple[str, ...]]:
    ann = {
        "substitution of resources": "substitution",
        "substitution, craft swap": "substitution",
        "bargain": "bargain",
    }.get(row, "sale")
    own = answer.startswith("own")
    bob = {
        "design change": "design-change",
        "price decrease": "price-decrease",
        "craft bargain takes": "craft-bargain",
        "craft bargain leaves": "craft-bargain",
        "own craft bargain takes": "price-decrease",  # Bob's answer, which Ann answers in turn
        "own craft bargain leaves": "price-decrease",
        "none": SPARE[1] if moment == "all declining" else None,
    }[answer]
    out = {0: (ann, "craft-bargain") if own else (ann,)}
    if bob is not None:
        out[1] = (bob,)
    if moment in ("law window", "purchase window"):
        out[2] = (SPARE[2],)  # still holding a card, Cy keeps a purchase window open
    return out


def ann_cubes(row: str, tile: str, answer: str) -> dict[str, int]:
    """Ann's hand: just what the law needs, and one resource more when her own Craft bargain
    should spare it."""
    printed = {c: n for c, n in zip(COLOURS, tile_cost(tile), strict=True) if n}
    spare = answer == "own craft bargain leaves"
    if row == "substitution of resources":
        return {"wine": sum(tile_cost(tile)[:5]) + spare, "iron": printed["iron"]}
    if row == "substitution, craft swap":
        hand = {c: n for c, n in printed.items() if c != "iron"} | {"glass": 1}
        return hand | ({"food": 1} if spare else {})
    if row in SALES:
        return {"wood": CRAFT_PRICE[SALES[row]] - SALE_DISCOUNT}
    return {"wine": 1 + spare}


def given_away(row: str, answer: str) -> str:
    """The resource Ann's own Craft bargain gives the store."""
    if row == "substitution, craft swap":
        return "wood" if answer.endswith("takes") else "food"  # wood is printed on the tile
    return "wood" if row in SALES else "wine"


def build(row: str, answer: str, moment: str) -> engine.GameState:
    """Stage 3, Ann to act in phase 3 with her law and just the cubes it needs."""
    state = at_stage(spend_with(holdings(row, answer, moment), n=4), 3)
    state = set_cubes(state, 0, **ann_cubes(row, the_tile(state), answer))
    if "craft bargain" in answer:
        state = set_cubes(state, 1, stone=1)
        state = with_store(state, craft_of(row), 1 if answer.endswith("takes") else 2)
    check_invariants(state)
    check_legal(state, engine.legal_actions(state))
    return state


def played(row: str, tile: str) -> dict[str, Any]:
    """Ann's law, as she plays it."""
    if row == "substitution of resources":
        return {"card": "substitution", "tile": tile}
    if row == "substitution, craft swap":
        return {"card": "substitution", "tile": tile, "cube": "glass", "instead": "iron"}
    if row in SALES:
        return {"card": "sale", "craft": SALES[row]}
    return {"card": "bargain"}


def mine_action(mine: dict[str, Any]) -> engine.Action:
    return engine.parse_action({"kind": "play_law", "seat": 0, **mine})


def answered(state: engine.GameState, row: str, answer: str, tile: str) -> engine.GameState:
    """Bob's answer (and Ann's own, nested under it)."""
    craft = craft_of(row)
    if answer == "design change":
        return law(state, 1, "design-change", tile=tile)
    if answer == "price decrease":
        return law(state, 1, "price-decrease", tile=tile)
    if answer.startswith("craft bargain"):
        return law(state, 1, "craft-bargain", craft=craft, cube="stone")
    assert 0 not in state.windows[-1].seats  # Ann cannot answer her own law
    elsewhere = next(t for t in state.mat[2] if t != tile)
    state = law(state, 1, "price-decrease", tile=elsewhere)
    assert state.windows[-1].kind == "law_played" and 0 in state.windows[-1].seats
    return law(state, 0, "craft-bargain", craft=craft, cube=given_away(row, answer))


# --- what the rules say each cell does ------------------------------------------------------
def expected(row: str, answer: str, moment: str) -> tuple[str, str] | None:
    """(event type, reason) of the call-off the rules ask for, or None: the law takes effect."""
    sub = row in SUBSTITUTIONS
    in_purchase = moment == "purchase window"
    if answer in ("design change", "price decrease") and sub:
        # Ruling 31 / "Purchase declared": an answer on the tile of a declared purchase calls the
        # purchase off.  Ruling 40: a law whose tile went face down, or whose price changed
        # under it, is called off before it ever takes effect.
        if in_purchase:
            return ("purchase_called_off", "answered")
        return ("law_called_off", "tile" if answer == "design change" else "price")
    if answer == "craft bargain takes":  # built for Sales only: the last used cube is gone
        return ("law_called_off", "supply")
    if answer == "own craft bargain takes":
        if row in SALES:  # Ann took the last used cube herself: her cubes still suffice
            return ("law_called_off", "supply")
        if in_purchase:  # "Purchase declared": it can no longer be paid as declared
            return ("purchase_called_off", "unpayable")
        return ("law_called_off", "cubes")
    return None  # the answer does not touch what the law needs (or there is none)


def cells() -> list[Any]:
    out = []
    for row in LAWS:
        sub = row in SUBSTITUTIONS
        for answer in ("none", *ANSWERS):
            if answer == "craft bargain takes" and row not in SALES:
                continue  # nothing in the store that a Substitution or Bargain needs
            if answer == "none":
                moments: tuple[str, ...] = ("all declining", "no window at all")
            elif sub:
                moments = ("law window", "purchase window", "no purchase window")
            else:
                moments = ("law window",)
            for moment in moments:
                out.append(pytest.param(row, answer, moment, id=f"{row}|{answer}|{moment}"))
    return out


@pytest.mark.parametrize(("row", "answer", "moment"), cells())
def test_an_own_action_law_answered_takes_effect_as_played_or_is_called_off(
    row: str, answer: str, moment: str
) -> None:
    state = build(row, answer, moment)
    tile = the_tile(state)
    mine = played(row, tile)
    card = mine["card"]
    before = state.players[0].cubes
    start = len(state.log)
    state = law(state, 0, **mine)
    if moment == "no window at all":
        assert not state.windows  # nobody holds a card: it takes effect at once
    else:
        assert state.windows[-1].kind == "law_played" and state.windows[-1].law == mine_action(mine)
    if moment == "purchase window":
        state = let_pass(state)  # the Substitution takes effect: the purchase is declared
        assert state.windows[-1].kind == "purchase" and state.windows[-1].purchase.tile == tile
    if answer != "none":
        state = answered(state, row, answer, tile)
    state = settle(state)

    hand = list(before)  # Ann's cubes as her own Craft bargain left them
    if answer.startswith("own"):
        hand[INDEX[given_away(row, answer)]] -= 1
        hand[INDEX[craft_of(row)]] += 1
    offs = events_since(state, start, *CALL_OFFS)
    outcome = expected(row, answer, moment)
    if outcome is not None:
        called_off_as(state, offs, outcome, card, tuple(hand), start)
        if row in SUBSTITUTIONS:  # still for sale, unless Design change turned it face down
            assert tile in state.unused[2] if answer == "design change" else tile in state.mat[2]
        return
    assert not offs, offs
    assert effect_of(state, card).law == mine_action(mine)
    if row in SUBSTITUTIONS:
        declared = bool(events_since(state, start, "purchase_declared"))
        assert declared == (moment not in ("no purchase window", "no window at all"))
    state = pay_up(state)
    took_effect(state, row, card, tuple(hand), start)


def called_off_as(
    state: engine.GameState,
    offs: list[Any],
    outcome: tuple[str, str],
    card: str,
    hand: tuple[int, ...],
    start: int,
) -> None:
    """One call-off with the rules' reason; the card back; nothing paid; Ann to choose again."""
    assert [(e.type, e.reason, e.seat) for e in offs] == [(*outcome, 0)]
    assert state.players[0].laws == (card,)
    assert card not in state.law_discard
    assert state.players[0].cubes == hand
    bought = ("building_bought", "craft_bought", "traded", "cube_taken")
    assert not [e for e in events_since(state, start, *bought) if e.seat == 0]
    assert state.players[0].buildings == ()
    assert state.turn == 0 and state.passes == 0
    back_at_own_turn(state, 0)


def took_effect(
    state: engine.GameState, row: str, card: str, hand: tuple[int, ...], start: int
) -> None:
    """The law did what Ann played it for, at its price, and her action is used."""
    after = state.players[0].cubes
    if row in SUBSTITUTIONS:
        tile = effect_of(state, card).law.tile
        (bought,) = events_since(state, start, "building_bought")
        cost = tile_cost(tile)
        if row == "substitution, craft swap":
            glass_for_iron = [
                n - (c == "iron") + (c == "glass") for c, n in zip(COLOURS, cost, strict=True)
            ]
            assert bought.paid == tuple(glass_for_iron)
        else:  # the crafts as printed, as many resources as printed, in other colours
            assert bought.paid[5:] == cost[5:] and sum(bought.paid[:5]) == sum(cost[:5])
            assert bought.paid[INDEX["wine"]] == sum(cost[:5]) and not cost[INDEX["wine"]]
        assert (bought.seat, bought.tile) == (0, tile)
        assert state.players[0].buildings == (tile,) and tile not in state.mat[2]
        assert after == tuple(h - p for h, p in zip(hand, bought.paid, strict=True))
    elif row in SALES:
        craft = SALES[row]
        (sold,) = events_since(state, start, "craft_bought")
        assert (sold.seat, sold.craft) == (0, craft)
        assert sum(sold.paid) == CRAFT_PRICE[craft] - SALE_DISCOUNT
        assert after[INDEX[craft]] == hand[INDEX[craft]] + 1 - sold.paid[INDEX[craft]]
        assert sum(after) == sum(hand) + 1 - sum(sold.paid)
    else:
        taken = [e for e in events_since(state, start, "cube_taken") if e.seat == 0]
        assert len(taken) == 2  # one resource to the trader, two back
        assert sum(after[:5]) == sum(hand[:5]) + 1 and after[5:] == hand[5:]
    assert card not in state.players[0].laws and card in state.law_discard
    assert not state.windows and state.payment is None and state.gain is None
    assert state.turn == 1 and state.to_act == (1,)  # Ann's action is used: Bob's turn


# --- a pending price law answered by Design change, over a Substitution's purchase ------------
@pytest.mark.parametrize("card", ["price-increase", "price-decrease"])
def test_a_price_law_on_a_substitutions_purchase_follows_its_tile_under_design_change(card: str):
    """Ann's Substitution took effect and declared its purchase; Bob answers the purchase with a
    price law on the tile, and Cy answers Bob's card with Design change on that tile.  The
    purchase is off (its tile went face down: the card back to Ann), and Bob's card, taking
    effect after, goes under the replacement (ruling 30), never under the face-down tile."""
    state = at_stage(spend_with({0: ("substitution",), 1: (card,), 2: ("design-change",)}, n=4), 3)
    tile = the_tile(state)
    state = set_cubes(state, 0, **ann_cubes("substitution of resources", tile, "none"))
    before = state.players[0].cubes
    state = let_pass(law(state, 0, "substitution", tile=tile))
    assert state.windows[-1].kind == "purchase" and state.windows[-1].purchase.tile == tile
    start = len(state.log)
    state = law(state, 1, card, tile=tile)
    state = settle(law(state, 2, "design-change", tile=tile))
    fresh = effect_of(state, "design-change").replacement
    assert fresh is not None and tile in state.unused[2] and fresh in state.mat[2]
    (off,) = events_since(state, start, *CALL_OFFS)
    assert (off.type, off.reason, off.tile) == ("purchase_called_off", "answered", tile)
    assert effect_of(state, card).law.tile == fresh
    assert state.price_mods == ((fresh, 1 if card == "price-increase" else -1),)
    assert state.players[0].laws == ("substitution",) and state.players[0].cubes == before
    back_at_own_turn(state, 0)
