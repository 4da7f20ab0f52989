"""When law cards may be played (RULINGS.md, "Law cards"): any-time cards in every window and for
a player who procured a law; a home with no free field asks its owner when a card could help;
``when_possible`` windows ask only seats with a card to play; the timing comes from the YAML;
and ``apply`` refuses anything that is not an action."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from keythedral import engine
from keythedral.engine import laws as laws_module
from keythedral.engine.board import Fence, Worker, index
from keythedral.engine.catalogue import buildings, laws
from keythedral.engine.events import PurchaseCalledOff, WorkersIdle
from keythedral.engine.workers import open_fields
from tests.support import SAVES
from tests.support.helpers import set_cubes
from tests.support.laws import (
    at_spend_turn,
    decline_all,
    give,
    offered,
    play,
    round_start,
    spend_with,
    until,
    window,
)

ANY_TIME = ("craft-bargain", "unsafe-fence", "design-change", "price-decrease")


def fenced_and_stocked(state: engine.GameState) -> engine.GameState:
    """A fence beside seat 0's cottage and a used iron cube in the store, so that every any-time
    card has something to work on (cubes stay conserved: the iron comes from its craftsman)."""
    cottage = next(c for c in state.cottages if c.seat == 0)
    field = index(state.fields).fields_of(cottage.corner)[0]
    fences = (*state.fences, Fence(cottage.corner, field, 0))
    store = list(state.store)
    craftsmen = list(state.craftsmen)
    store[5] += 1
    craftsmen[0] -= 1
    players = list(state.players)
    players[0] = players[0].model_copy(update={"fences_built": players[0].fences_built + 1})
    return state.model_copy(
        update={
            "fences": fences,
            "store": tuple(store),
            "craftsmen": tuple(craftsmen),
            "players": tuple(players),
        }
    )


def buy_first_tile(state: engine.GameState, seat: int = 0) -> engine.GameState:
    """Seat ``seat`` declares the purchase of the first face-up tile (given exactly its cost)."""
    tile = state.mat[0][0]
    cost = {c: n for c, n in buildings()[tile].cost.items()}
    state = set_cubes(state, seat, **cost)
    return engine.apply(state, engine.BuyBuilding(seat=seat, tile=tile))


# --- any-time cards ------------------------------------------------------------------------
@pytest.mark.parametrize("card", ANY_TIME)
def test_an_any_time_card_is_offered_in_a_phase_start_window(card: str) -> None:
    state = fenced_and_stocked(round_start(3, {1: (card,)}))
    state = give(state, 1, "craft-bargain") if card != "craft-bargain" else state
    state = set_cubes(state, 1, wood=1)
    assert window("place_workers")(state)
    assert offered(state, card) and all(a.seat == 1 for a in offered(state, card))


@pytest.mark.parametrize("card", ANY_TIME)
def test_an_any_time_card_is_offered_in_a_purchase_window(card: str) -> None:
    state = fenced_and_stocked(spend_with({1: (card,)}))
    state = set_cubes(state, 1, wood=1)
    state = buy_first_tile(state)
    assert window(kind="purchase")(state)
    assert offered(state, card)


@pytest.mark.parametrize("card", ANY_TIME)
def test_an_any_time_card_is_offered_in_a_law_played_window(card: str) -> None:
    state = fenced_and_stocked(spend_with({0: ("upgrade-cottage",), 1: (card,)}))
    state = set_cubes(state, 1, wood=1)
    number = next(c.number for c in state.cottages if c.seat == 0 and not c.house)
    state = play(state, 0, "upgrade-cottage", number=number)
    assert window(kind="law_played")(state)
    assert offered(state, card)
    # Played there, it takes effect before the law it answered (which then waits on).
    state = play(state, 1, card, **choices_of(offered(state, card)[0]))
    assert state.windows and state.windows[-1].kind in ("law_played",)


def choices_of(action: Any) -> dict[str, Any]:
    return action.model_dump(exclude={"kind", "seat", "card"}, exclude_none=True)


def test_a_player_who_procured_still_plays_unsafe_fence_and_craft_bargain_in_phase_3() -> None:
    state = fenced_and_stocked(spend_with({1: ("unsafe-fence", "craft-bargain")}))
    state = set_cubes(state, 1, wood=2, stone=1)
    # Ann passes; Bob procures a law, which ends his actions for this phase 3.
    state = engine.apply(state, engine.Pass(seat=0))
    assert state.to_act == (1,)
    space = next(a for a in engine.legal_actions(state) if a.kind == "procure_law")
    state = engine.apply(state, space)
    while state.payment is not None:
        state = engine.apply(state, engine.legal_actions(state)[0])
    assert state.players[1].procured
    # Cy declares a purchase: Bob, done for the phase, still answers it with any-time cards.
    state = until(state, at_spend_turn(2))
    state = buy_first_tile(state, seat=2)
    assert window(kind="purchase")(state) and 1 in state.to_act
    fence = state.fences[-1]
    state = play(state, 1, "unsafe-fence", corner=fence.corner, field=fence.field)
    state = decline_all(state) if window(kind="law_played")(state) else state
    assert fence not in state.fences
    # ... and, still in that phase 3, Craft bargain in the same or a later window.
    assert window(kind="purchase")(state) and 1 in state.to_act
    state = play(state, 1, "craft-bargain", craft="iron", cube="wood")
    assert state.players[1].cubes[5] == 1 and state.phase == "spend"


def test_a_price_decrease_on_a_tile_whose_purchase_waits_calls_the_purchase_off() -> None:
    """Played in answer to another law while the purchase waits under it: the purchase can no
    longer be paid as declared, so it is called off and the buyer chooses again."""
    state = fenced_and_stocked(spend_with({1: ("unsafe-fence",), 2: ("price-decrease",)}))
    state = buy_first_tile(state)
    tile = state.windows[-1].purchase.tile
    fence = state.fences[-1]
    state = play(state, 1, "unsafe-fence", corner=fence.corner, field=fence.field)
    assert window(kind="law_played")(state)
    state = play(state, 2, "price-decrease", tile=tile)
    state = decline_all(state)
    state = decline_all(state)
    assert not state.windows and state.to_act == (0,) and tile in state.mat[0]
    assert any(isinstance(e, PurchaseCalledOff) and e.tile == tile for e in state.log[-4:])
    assert any(a.kind == "buy_building" and a.tile == tile for a in engine.legal_actions(state))


# --- a home with no free field -----------------------------------------------------------------
def home_blocked(card: str | None, by_fences: bool = False) -> tuple[engine.GameState, int]:
    """Round 1, phase 1: Bob's home with the number Ann is about to call has no free field
    (workers fill them, or fences keep him out); Bob holds ``card``.  Returns the state after the
    call and that number."""
    state = round_start(3, {1: (card,)} if card else {})
    state = decline_all(state)
    assert engine.decision(state) == "choose_work_order" and state.to_act == (0,)
    board = index(state.fields)
    for number in range(1, 6):  # a home of Bob's whose other numbers have free fields
        corner = state.cottage(1, number).corner
        fields = board.fields_of(corner)
        if all(open_fields(state, 1, n) for n in range(1, 6) if n != number):
            break
    if by_fences:
        fences = tuple(Fence(corner, f, 0) for f in fields)
        state = state.model_copy(update={"fences": state.fences + fences})
    else:
        workers = tuple(Worker(f, 2, 5) for f in fields)
        state = state.model_copy(update={"workers": state.workers + workers})
    assert not open_fields(state, 1, number)
    state = engine.apply(state, engine.ChooseWorkOrder(seat=0, number=number))
    return until(state, lambda s: s.to_act != (0,) or s.placement is None), number


def test_a_home_with_no_free_field_asks_its_owner_who_holds_cottage_number() -> None:
    state, number = home_blocked("cottage-number")
    assert state.to_act == (1,) and engine.decision(state) == "place_worker"
    legal = engine.legal_actions(state)
    assert engine.Decline(seat=1) in legal
    plays = [a for a in legal if a.kind == "play_law" and a.card == "cottage-number"]
    assert plays and all(a.number != number for a in plays)
    # Played: another home of Bob's sends its workers out now, under this number.
    state = engine.apply(state, plays[0])
    state = decline_all(state) if state.windows else state
    assert state.to_act == (1,) and engine.decision(state) == "place_worker"
    assert any(a.kind == "place_worker" for a in engine.legal_actions(state))


def test_a_home_blocked_by_fences_asks_its_owner_who_holds_broken_fences() -> None:
    state, _ = home_blocked("broken-fences", by_fences=True)
    assert state.to_act == (1,)
    legal = engine.legal_actions(state)
    assert engine.PlayLaw(seat=1, card="broken-fences", target=1) in legal
    # Declining leaves the workers idle and the number goes on.
    state = engine.apply(state, engine.Decline(seat=1))
    assert any(isinstance(e, WorkersIdle) and e.seat == 1 for e in state.log[-3:])
    assert state.to_act != (1,) or engine.decision(state) != "place_worker"


def test_a_home_with_no_free_field_and_no_card_that_helps_is_skipped_without_asking() -> None:
    for card in (None, "good-harvest", "broken-fences"):  # broken fences: workers, not fences
        state, _ = home_blocked(card)
        assert state.to_act != (1,) or state.placement is None or state.placement.order[0] != 1
        assert any(isinstance(e, WorkersIdle) and e.seat == 1 for e in state.log[-4:]), card


def test_the_no_free_field_question_says_the_workers_stay_idle() -> None:
    from keythedral.words.text import describe

    state, _ = home_blocked("cottage-number")
    view = engine.view(state, 1)
    lines = [describe(a, view) for a in engine.legal_actions(state)]
    assert "play no law: the workers of this home stay idle (no free field)" in lines
    assert any(line.startswith("play the law Cottage number") for line in lines)


def test_a_decline_where_a_free_field_exists_is_refused() -> None:
    state = decline_all(round_start(3))
    state = engine.apply(state, engine.ChooseWorkOrder(seat=0, number=1))
    state = until(state, lambda s: engine.decision(s) == "place_worker")
    seat = state.to_act[0]
    assert any(a.kind == "place_worker" for a in engine.legal_actions(state))
    before = state.model_dump_json()
    with pytest.raises(engine.IllegalAction, match="still has a free field"):
        engine.apply(state, engine.Decline(seat=seat))
    assert state.model_dump_json() == before


# --- when_possible windows ---------------------------------------------------------------------
def test_when_possible_does_not_ask_a_seat_that_played_its_last_fitting_card() -> None:
    state = round_start(
        3, {0: ("good-harvest",), 1: ("repeal-law",)}, reaction_windows="when_possible"
    )
    state = until(state, window("harvest"))
    assert state.to_act == (0,)
    field_type = offered(state, "good-harvest")[0].field_type
    state = play(state, 0, "good-harvest", field_type=field_type)
    assert window(kind="law_played")(state) and state.to_act == (1,)
    state = play(state, 1, "repeal-law")
    # Ann holds nothing more: she is not asked to let the harvest window go by.
    assert engine.Decline(seat=0) not in engine.legal_actions(state)
    assert not window("harvest")(state)


def test_when_possible_keeps_a_seat_that_still_has_a_card_to_play() -> None:
    state = round_start(
        3,
        {0: ("good-harvest", "poor-harvest"), 1: ("repeal-law",)},
        reaction_windows="when_possible",
    )
    state = until(state, window("harvest"))
    field_type = offered(state, "good-harvest")[0].field_type
    state = play(state, 0, "good-harvest", field_type=field_type)
    state = play(state, 1, "repeal-law")
    assert window("harvest")(state) and state.to_act == (0,)
    assert offered(state, "poor-harvest")


# --- one source for the timing -----------------------------------------------------------------
def test_the_engine_reads_each_cards_timing_from_the_yaml(monkeypatch) -> None:
    state = fenced_and_stocked(spend_with({1: ("craft-bargain",)}))
    state = set_cubes(state, 1, wood=1)
    state = buy_first_tile(state)
    assert offered(state, "craft-bargain")  # any_time: answers a purchase
    cards = dict(laws())
    cards["craft-bargain"] = cards["craft-bargain"].model_copy(update={"timing": "own_action"})
    monkeypatch.setattr(laws_module, "law_catalogue", lambda: cards)
    # a fresh cache of which cards fit a context, for the patched catalogue (put back after)
    monkeypatch.setattr(laws_module, "_fitting", functools.cache(laws_module._fitting.__wrapped__))
    assert not offered(state, "craft-bargain")


def test_every_cards_timing_says_when_in_words() -> None:
    for card in laws().values():
        assert card.timing in laws_module.TIMING_CONTEXTS
        assert card.when.strip(), card.id
    any_time = {c.id for c in laws().values() if c.timing == "any_time"}
    assert any_time == set(ANY_TIME)


# --- the data --------------------------------------------------------------------------------
def test_every_stage_3_tile_needs_timber() -> None:
    stage_3 = {t.id: t.cost for t in buildings().values() if t.stage == 3}
    assert all(cost.get("wood", 0) >= 1 for cost in stage_3.values()), stage_3
    assert stage_3["s3-04"] == {"wood": 2, "iron": 1}


# --- anything that is not an action ----------------------------------------------------------
@pytest.mark.parametrize("bad", [[1, 2], "place_field", None, 7, 2.5, object()])
def test_apply_refuses_what_is_not_an_action_and_leaves_the_state(bad: object) -> None:
    state = engine.new_game(engine.GameConfig(players=["Ann", "Bob"], seed=1))
    before = state.model_dump_json()
    with pytest.raises(engine.IllegalAction, match="not an action the game knows"):
        engine.apply(state, bad)  # type: ignore[arg-type]
    assert state.model_dump_json() == before


# --- saves from before these rules ------------------------------------------------------------
def test_a_save_from_0_1_0_that_played_work_order_marker_by_marker_is_refused_clearly() -> None:
    """Work order now names the whole order at once: the old way no longer replays, and the
    refusal names both releases (never a traceback)."""

    from keythedral import __version__
    from keythedral.records import persistence

    old = SAVES / "format1-keythedral-0.1.0-work-order.json"
    with pytest.raises(persistence.SaveError) as err:
        persistence.load(old)
    message = str(err.value)
    assert "action 128 of 138 (play law by Cy) cannot be replayed (Work order cannot be" in message
    assert f"saved by Keythedral 0.1.0 and this is {__version__}" in message
    assert "the rules changed" in message


def test_every_action_class_the_api_doc_lists_is_exported() -> None:
    import re
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "engine_api.md").read_text()
    row = next(line for line in doc.splitlines() if line.startswith("| the action classes"))
    names = re.findall(r"`(\w+)`", row)
    assert "PlayLaw" in names and "ChooseCube" in names
    missing = [n for n in names if n not in engine.__all__ or not hasattr(engine, n)]
    assert not missing, missing


def test_a_replay_from_before_0_2_0_with_the_old_work_order_is_refused_clearly() -> None:
    import json

    from keythedral import __version__
    from keythedral.records import replay

    old = SAVES / "format1-keythedral-0.1.0-work-order.json"
    save = json.loads(old.read_text())
    data = {
        "format": "keythedral-replay",
        "version": 1,
        "seed": save["config"]["seed"],
        "config": save["config"],
        "seats": [],
        "actions": save["actions"],
        "result": None,
    }
    with pytest.raises(replay.ReplayError) as err:
        replay.Replay.from_dict(data)
    message = str(err.value)
    assert "action 128 of 138 (play law by Cy) cannot be replayed" in message
    assert f"recorded by a Keythedral before 0.2.0 and this is {__version__}" in message
    # A replay this release recorded says nothing of other rules, and names its release.
    fresh = replay.record(engine.GameConfig(**save["config"]), [])
    assert fresh.to_dict()["game"] == __version__
