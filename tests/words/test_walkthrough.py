"""The walkthrough explains every option a player has, with the reason for those not open now;
the hint key gives greedy's suggestion with a one-line reason."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from keythedral import bots, engine
from keythedral.bots.hints import hint
from keythedral.engine import GameState
from keythedral.words.walkthrough import KIND_RULES, Walkthrough, walkthrough
from keythedral.words.walkthrough_options import cubes

NAMES = ("Ann", "Bob", "Cy")


@cache
def game(seed: int = 5) -> tuple[tuple[GameState, ...], tuple[Any, ...]]:
    """A whole three-player game between greedy bots: every state and action."""
    state = engine.new_game(engine.GameConfig(players=list(NAMES), seed=seed))
    players = [bots.make_bot("greedy", seed=i) for i in range(3)]
    states, actions = [state], []
    while state.to_act:
        seat = state.to_act[0]
        action = players[seat].choose(engine.view(state, seat), engine.legal_actions(state))
        state = engine.apply(state, action)
        states.append(state)
        actions.append(action)
    return tuple(states), tuple(actions)


def first(stop: Any) -> GameState:
    return next(s for s in game()[0] if stop(s))


def spend_state(cubes: tuple[int, ...]) -> GameState:
    """Ann's first phase 3 turn, with ``cubes`` in her hand."""
    state = first(lambda s: engine.decision(s) == "spend" and s.to_act == (0,))
    players = list(state.players)
    players[0] = players[0].model_copy(update={"cubes": cubes})
    return state.model_copy(update={"players": tuple(players)})


def explain(state: GameState, seat: int = 0) -> Walkthrough:
    return walkthrough(engine.view(state, seat), engine.legal_actions(state))


@pytest.mark.parametrize("players", [2, 3])
def test_the_layout_text_fits_the_number_of_players(players: int) -> None:
    """Two players have no Keythedral tile (a woods and a quarry in the centre, only the
    number-2 fields in the stack); the text says what the board shows."""
    names = ["Ann", "Bob", "Cy"][:players]
    state = engine.new_game(engine.GameConfig(players=names, seed=1))
    view = engine.view(state, 0)
    text = walkthrough(view, engine.legal_actions(state)).phase
    centre = sorted(str(f.type) for f in view.fields)
    if players == 2:
        assert view.keythedral is None and centre == ["quarry", "woods"]
        assert "no Keythedral tile" in text and "woods and a quarry" in text
        assert "number-2 fields" in text and view.fields_in_stack == 10
    else:
        assert view.keythedral is not None
        assert "around the Keythedral tile" in text


def test_every_legal_action_is_covered_and_every_closed_option_says_why() -> None:
    states, _ = game()
    decisions = set()
    for state in states[:-1]:
        legal = engine.legal_actions(state)
        for seat in state.to_act:
            w = explain(state, seat)
            mine = [a for a in legal if a.seat == seat]
            covered = [a for o in (*w.options, *w.laws) if o.available for a in o.actions]
            missing = [a for a in mine if a not in covered]
            assert not missing, (w.heading, missing[:3])
            for o in (*w.options, *w.laws):
                assert o.available or o.detail, (w.heading, o.label)
                assert o.rule is None or o.rule in RULE_HEADINGS, o.rule
            assert w.phase and w.now
            decisions.add(engine.decision(state))
    assert {"place_field", "choose_work_order", "place_worker", "spend", "pay", "bid"} <= decisions


def test_the_spend_walkthrough_lists_the_seven_actions() -> None:
    w = explain(spend_state((1, 1, 1, 1, 0, 0, 0, 0)))
    kinds = [o.kind for o in w.options]
    for kind in (
        "buy_building",
        "convert_cottage",
        "build_fence",
        "remove_fence",
        "buy_craft",
        "trade",
        "procure_law",
        "pass",
    ):
        assert kind in kinds
    assert "Phase 3: spending" in w.heading and "take one phase 3 action" in w.now


def test_closed_options_give_the_reason() -> None:
    wood_only = spend_state((1, 0, 0, 0, 0, 0, 0, 0))
    w = explain(wood_only)
    convert = w.option("Convert a cottage")
    assert not convert.available
    assert convert.detail == "needs 1 stone and 1 wood (you have no stone)"
    assert w.option("Remove a fence").detail == "there is no fence on the board"
    assert w.option("Buy 1 gold").detail == "needs any 4 cubes (you hold 1)"
    assert w.option("Trade").detail == "needs any 2 cubes (you hold 1)"
    assert w.option("Build a fence").available
    tiles = [o for o in w.options if o.kind == "buy_building"]
    assert tiles and not any(o.available for o in tiles)
    assert all(o.label.startswith("Buy a stage ") and o.detail.startswith("needs ") for o in tiles)
    assert "(you lack" in tiles[0].detail
    rich = explain(spend_state((5, 5, 5, 5, 5, 0, 0, 0)))
    assert all(o.available for o in rich.options if o.kind == "buy_building")
    assert rich.option("Convert a cottage").available


def test_a_closed_tile_names_what_it_lacks() -> None:
    state = spend_state((0, 0, 0, 0, 0, 0, 0, 0))
    view = engine.view(state, 0)
    tile = view.tiles[0]
    w = explain(state)
    option = w.option(f"Buy a stage {tile.stage} tile ({cubes(tuple(tile.cost))},")
    assert not option.available
    assert option.detail.startswith("needs ") and "(you have none of these)" in option.detail


def test_a_craftsman_out_of_stock_says_so() -> None:
    state = spend_state((4, 0, 0, 0, 0, 0, 0, 0))
    state = state.model_copy(update={"craftsmen": (0, 10, 10)})
    w = explain(state)
    assert w.option("Buy 1 iron").detail.startswith("the blacksmith has no iron left")
    assert w.option("Buy 1 glass").available


def test_phase_one_explains_taken_and_called_numbers() -> None:
    state = first(lambda s: engine.decision(s) == "choose_work_order" and len(s.work_order) == 1)
    seat = state.to_act[0]
    w = explain(state, seat)
    called = state.work_order[0]
    closed = w.option(f"Call number {called}")
    assert not closed.available and closed.detail == "already called (marker 1)"
    placing = first(lambda s: engine.decision(s) == "place_worker" and len(s.workers) >= 2)
    w = explain(placing, placing.to_act[0])
    assert any(o.available for o in w.options)
    taken = [o for o in w.options if not o.available and "worker is already there" in o.detail]
    assert taken or all(o.available for o in w.options if o.label.startswith("The "))


def test_the_bidding_and_waiting() -> None:
    state = first(lambda s: engine.decision(s) == "bid")
    seat = state.to_act[0]
    w = explain(state, seat)
    assert [o.kind for o in w.options][-1] == "pass_bid"
    other = next(s for s in range(3) if s not in state.to_act)
    waiting = explain(state, other)
    assert waiting.options == () and waiting.now.startswith("Waiting for ")


def test_game_over_shows_the_scores() -> None:
    states, _ = game()
    w = walkthrough(engine.view(states[-1], 0), [])
    assert w.heading.endswith("Game over") and w.now.startswith("Scores: ")


def test_law_cards_in_hand_say_when_they_can_be_played() -> None:
    state = spend_state((1, 0, 0, 0, 0, 0, 0, 0))
    players = list(state.players)
    players[0] = players[0].model_copy(update={"laws": ("good-harvest",)})
    state = state.model_copy(update={"players": tuple(players)})
    w = explain(state)
    (law,) = w.laws
    assert not law.available and law.detail.startswith("at the start of phase 2")
    assert law.rule == "18. Good harvest"
    assert "Your law cards:" in w.text()


def test_the_hint_is_greedys_choice_with_a_reason() -> None:
    states, _ = game()
    kinds = set()
    for state in states[:-1:3]:
        legal = engine.legal_actions(state)
        seat = state.to_act[0]
        view = engine.view(state, seat)
        h = hint(view, legal)
        assert h.action == bots.GreedyBot(0).choose(view, legal)
        assert h.action in legal and h.reason and "{" not in h.reason
        kinds.add(h.action.kind)
    assert {"place_field", "place_cottage", "place_worker", "buy_building"} <= kinds


@pytest.mark.parametrize("kind", sorted(KIND_RULES))
def test_every_kind_names_a_rules_section(kind: str) -> None:
    assert KIND_RULES[kind] in RULE_HEADINGS


def _headings() -> set[str]:
    from keythedral.words import rules

    return {title for _, title in rules.sections()}


RULE_HEADINGS = _headings()
