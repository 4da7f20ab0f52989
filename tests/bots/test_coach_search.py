"""The coach looks ahead (issue 27): its suggestion is the search's verdict over what the
player's seat can see, greedy's move unless the search finds one clearly better; a payment's
cubes and a lone option stay greedy's quick answer.  A ``coach`` seat plays every suggestion
(its strength against three ``normal`` bots is a benchmark: docs/benchmarks.md)."""

from __future__ import annotations

from functools import cache

from keythedral import bots, engine
from keythedral.bots.base import own_actions
from keythedral.bots.coach import AHEAD, CoachBot, searched, suggest
from keythedral.bots.greedy import GreedyBot
from keythedral.bots.hints import hint
from keythedral.cli.simulate import Setup, play_game
from keythedral.engine import GameState


@cache
def decisions() -> tuple[GameState, ...]:
    """The states of two greedy games of three at which someone chooses among several moves."""
    out: list[GameState] = []
    for seed in (3, 8):
        state = engine.new_game(engine.GameConfig(players=["Ann", "Bob", "Cy"], seed=seed))
        bot = GreedyBot(1)
        while state.to_act:
            seat = state.to_act[0]
            legal = engine.legal_actions(state)
            if len(own_actions(engine.view(state, seat), legal)) > 1:
                out.append(state)
            state = engine.apply(state, bot.choose(engine.view(state, seat), legal))
    return tuple(out)


def spends() -> list[GameState]:
    return [s for s in decisions() if engine.decision(s) == "spend"][:40]


def test_the_coach_suggests_a_legal_move_of_the_seat_and_the_same_one_every_time() -> None:
    for state in spends()[:12]:
        seat = state.to_act[0]
        view, legal = engine.view(state, seat), engine.legal_actions(state)
        first = suggest(view, legal, iterations=60)
        assert first.action in own_actions(view, legal)
        assert first.reason
        assert suggest(view, legal, iterations=60) == first


def test_the_search_overrules_greedy_where_it_finds_better_and_says_so() -> None:
    overruled = 0
    for state in spends():
        seat = state.to_act[0]
        view, legal = engine.view(state, seat), engine.legal_actions(state)
        found = suggest(view, legal)
        greedy = hint(view, legal)
        if found.action == greedy.action:
            assert AHEAD not in found.reason
        else:
            overruled += 1
            assert found.reason.endswith(f"({AHEAD})")
    assert overruled >= 1  # not greedy under another name


def test_payments_and_lone_options_keep_greedys_quick_answer() -> None:
    pays = [s for s in decisions() if engine.decision(s) == "pay"][:10]
    assert pays
    for state in pays:
        seat = state.to_act[0]
        view, legal = engine.view(state, seat), engine.legal_actions(state)
        assert not searched(view, legal)
        assert suggest(view, legal) == hint(view, legal)
    state = spends()[0]
    view = engine.view(state, state.to_act[0])
    lone = [own_actions(view, engine.legal_actions(state))[0]]
    assert not searched(view, lone)
    assert suggest(view, lone).action == lone[0]


def test_a_coach_seat_plays_every_suggestion() -> None:
    bot = bots.make_bot("coach:iterations=40", seed=5)
    assert isinstance(bot, CoachBot) and bot.iterations == 40
    for state in spends()[:6]:
        seat = state.to_act[0]
        view, legal = engine.view(state, seat), engine.legal_actions(state)
        assert bot.choose(view, legal) == suggest(view, legal, seed=5, iterations=40).action
    setup = Setup(bots=("coach:iterations=20", "normal", "normal"), games=1, seed=2)
    result = play_game(setup, 0)
    assert result.finished and result.decisions[0] > 0


def test_a_coach_seat_refuses_options_the_search_does_not_take() -> None:
    for spec in ("coach:iterations=0", "coach:time=-1", "coach:width=3"):
        try:
            bots.make_bot(spec)
        except bots.BotSpecError:
            continue
        raise AssertionError(f"{spec} was taken")


def test_the_coach_never_talks_a_player_out_of_buying_a_tile() -> None:
    """Where greedy buys, the coach suggests the same purchase (a table that followed a coach
    that sometimes waited instead played longer games with more turns a round)."""
    buys = 0
    for state in spends():
        seat = state.to_act[0]
        view, legal = engine.view(state, seat), engine.legal_actions(state)
        greedy = hint(view, legal).action
        if greedy.kind == "buy_building":
            buys += 1
            assert suggest(view, legal).action == greedy
    assert buys >= 3
