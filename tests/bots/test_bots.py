"""The computer players: legal choices only, determinism, no peeking, games that end, strength."""

from __future__ import annotations

import random

import pytest

from keythedral import bots, engine, lang
from keythedral.bots import BotSpecError, NoActionError, make_bot, parse_spec
from keythedral.cli.simulate import Setup, run

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
VARIANTS = [
    {},
    {"no_laws": True},
    {"open_buildings": True},
    {"long_game": True},
    {"edition": "second"},
    {"reaction_windows": "when_possible"},
]
FAST_ISMCTS = "ismcts:iterations=3:width=3:depth=30"


def config(n: int, seed: int, **variant: object) -> engine.GameConfig:
    return engine.GameConfig(players=list(NAMES[:n]), seed=seed, **variant)


def play(
    cfg: engine.GameConfig, specs: list, max_rounds: int = 60, seed: int = 0
) -> tuple[engine.GameState, list[tuple[engine.PlayerView, list[engine.Action]]]]:
    """Play a game, checking every bot choice is one of its seat's legal actions (``specs``:
    bot names or bots).  Returns the final state and some (view, legal) decision points."""
    players = [
        make_bot(spec, seed + i) if isinstance(spec, str) else spec for i, spec in enumerate(specs)
    ]
    state = engine.new_game(cfg)
    moments = []
    while state.to_act:
        assert state.round <= max_rounds, f"still going in round {state.round}"
        legal = engine.legal_actions(state)
        seat = state.to_act[0]
        view = engine.view(state, seat)
        action = players[seat].choose(view, legal)
        mine = [a for a in legal if a.seat == seat]
        assert action in mine, (action, mine)
        if len(mine) > 1 and len(moments) < 400:
            moments.append((view, legal))
        state = engine.apply(state, action)
    return state, moments


# --- the registry ---------------------------------------------------------------------------
def test_registry_builds_each_bot_by_name_and_spec() -> None:
    assert bots.bot_names() == ["random", "greedy", "ismcts", "coach"]  # the levels apart
    for name in bots.bot_names():
        bot = make_bot(name, seed=3)
        assert isinstance(bot, bots.Bot)
        assert bot.name == name
    deep = make_bot("ismcts:iterations=40:c=0.3", seed=1)
    assert isinstance(deep, bots.IsmctsBot)
    assert (deep.iterations, deep.c, deep.time) == (40, 0.3, None)
    timed = make_bot("ismcts", 2, time=0.5)
    assert isinstance(timed, bots.IsmctsBot) and timed.time == 0.5
    assert parse_spec(" Greedy ") == ("greedy", {})
    played = make_bot("ismcts:project=off")
    assert isinstance(played, bots.IsmctsBot) and not played.project


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("minimax", "no bot called 'minimax'"),
        ("greedy:depth=3", "bad options for greedy"),
        ("ismcts:iterations", "must look like key=value"),
        ("ismcts:iterations=0", "at least one iteration"),
        ("ismcts:time=-1", "positive time"),
        ("ismcts:project=maybe", "on or off"),
        ("ismcts:ahead=maybe", "on or off"),
        ("ismcts:phase1=maybe", "on or off"),
        ("ismcts:ahead_spend=maybe", "on or off"),
        ("ismcts:rounds=-1", "from 0 to 10 rounds further"),
        ("ismcts:rounds=11", "from 0 to 10 rounds further"),
        ("ismcts:rounds=0.5", "rounds must be a whole number"),
        ("coach:c=1", "it has no option c: its options are iterations, time"),
        ("normal:depth=3", "bad options for normal: it has no options"),
    ],
)
def test_bad_bot_specs_are_refused_with_a_clear_message(spec: str, words: str) -> None:
    with pytest.raises(BotSpecError, match=words):
        make_bot(spec)


@pytest.mark.parametrize(
    "option", ["iterations", "time", "c", "width", "depth", "epsilon", "margin", "rounds"]
)
def test_ismcts_takes_no_switch_for_a_number(option: str) -> None:
    """True is no number of iterations nor a constant, compiled or not (typed int or float, a
    compiled constructor would take it for 1)."""
    with pytest.raises(BotSpecError, match=f"ismcts's {option} must be a"):
        make_bot("ismcts", **{option: True})


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        (
            "ismcts:time=1000",
            "options invalides pour ismcts\u00a0: ismcts demande un temps par coup (time) "
            "positif, de 60 secondes au plus",
        ),
        ("hard:tim=1", "options invalides pour hard\u00a0: il n'a pas d'option tim"),
        ("chess", "aucun bot ne s'appelle 'chess'\u00a0: choisissez parmi random, greedy"),
    ],
)
def test_a_bad_bot_spec_is_refused_in_the_readers_language(spec: str, said: str) -> None:
    """A refusal of a bot's spec (the command line's --bots, a save's seats) is said in the
    language in use; the bots' names and options are ids, the same in every language."""
    with pytest.raises(BotSpecError) as err:
        lang.in_language("fr", lambda: make_bot(spec))
    assert str(err.value).startswith(said)


def test_a_bot_asked_for_a_seat_that_cannot_act_says_so() -> None:
    state = engine.new_game(config(3, 1))
    idle = (state.to_act[0] + 1) % 3
    with pytest.raises(NoActionError):
        make_bot("greedy").choose(engine.view(state, idle), engine.legal_actions(state))


# --- legal choices, games that end ------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v) or "standard")
def test_greedy_games_end_within_a_bounded_number_of_rounds(n: int, variant: dict) -> None:
    specs = ["greedy"] * n
    if n >= 3:
        specs[1] = "random"  # a random seat may not stall the game either
    state, _ = play(config(n, 100 + n, **variant), specs, max_rounds=30)
    assert state.winners and state.scores is not None
    assert 4 <= state.round <= 30


@pytest.mark.parametrize("n", [2, 3])
def test_ismcts_plays_legal_moves_to_the_end(n: int) -> None:
    search = make_bot(FAST_ISMCTS, seed=1)
    assert isinstance(search, bots.IsmctsBot)
    state, _ = play(config(n, 7, no_laws=n == 3), [search] + ["greedy"] * (n - 1), max_rounds=30)
    assert state.winners
    assert search.total.iterations > 0
    assert search.total.failures == 0  # every sampled world could be played on


# --- strength levels --------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_plays_a_game_to_the_end(level: str) -> None:
    # hard is ismcts at a second a move: capped here at a few iterations, to stay quick.
    spec = "hard:iterations=4:width=3" if level == "hard" else level
    bot = make_bot(spec, seed=2)
    state, _ = play(config(3, 31), [bot, "greedy", "greedy"], max_rounds=30)
    assert state.winners and state.scores is not None
    if level == "hard":
        assert isinstance(bot, bots.IsmctsBot) and bot.total.iterations > 0


def test_levels_name_a_bot_and_its_budget() -> None:
    assert bots.level_names() == ["easy", "normal", "hard"]
    for name in bots.level_names():
        assert bots.DESCRIPTIONS[name]  # one line each, for menus and --help
        assert "\n" not in bots.DESCRIPTIONS[name]
        assert parse_spec(name) == (name, {})
    hard = make_bot("hard", seed=1)
    assert isinstance(hard, bots.IsmctsBot) and hard.time == 1.0 and hard.iterations is None
    assert hard.ahead and hard.ahead_spend and (hard.rounds, hard.depth) == (1, 400)
    quick = make_bot("hard:time=0.2", seed=1, iterations=9)
    assert isinstance(quick, bots.IsmctsBot) and (quick.time, quick.iterations) == (0.2, 9)
    assert make_bot("normal").name == "greedy"
    with pytest.raises(BotSpecError, match="mistakes is a probability"):
        make_bot("easy:mistakes=2")


def test_easy_slips_from_greedy_now_and_then(moments: list) -> None:
    easy, greedy = make_bot("easy", 4), make_bot("greedy")
    slips = 0
    for view, legal in moments:
        pick = easy.choose(view, legal)
        assert pick == make_bot("easy", 4).choose(view, legal)  # deterministic
        assert pick in legal
        slips += pick != greedy.choose(view, legal)
    assert 0 < slips < len(moments)


def test_random_bots_choose_only_legal_actions() -> None:
    # Random against random takes hundreds of rounds: check a long stretch of one instead.
    players = [make_bot("random", s) for s in range(4)]
    state = engine.new_game(config(4, 5))
    for _ in range(3000):
        if not state.to_act:
            break
        legal = engine.legal_actions(state)
        seat = state.to_act[-1]  # also the seats that are not first in a window
        action = players[seat].choose(engine.view(state, seat), legal)
        assert action in legal and action.seat == seat
        state = engine.apply(state, action)


# --- determinism and hidden information ------------------------------------------------------
@pytest.fixture(scope="module")
def moments() -> list[tuple[engine.PlayerView, list[engine.Action]]]:
    """Decision points (with a choice) from a 4-player game with laws."""
    _, found = play(config(4, 21), ["greedy", "greedy", "random", "greedy"])
    return found[::7]


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:iterations=6:width=3:depth=40"])
def test_same_view_and_seed_give_the_same_choice(spec: str, moments: list) -> None:
    sample = moments if not spec.startswith("ismcts") else moments[::6]
    for view, legal in sample:
        first = make_bot(spec, seed=11).choose(view, legal)
        again = make_bot(spec, seed=11)
        assert again.choose(view, legal) == first
        assert again.choose(view, legal) == first  # no state carried from call to call


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:iterations=6:width=3:depth=40"])
def test_the_choice_does_not_depend_on_what_the_seat_cannot_see(spec: str, moments: list) -> None:
    """Two full states that differ only in other seats' secrets (hands, law deck, face-down
    tiles, field stack, rng) give the same choice."""
    sample = moments if not spec.startswith("ismcts") else moments[::6]
    differed = 0
    for k, (view, legal) in enumerate(sample):
        seat = view.seat
        other = engine.sample_state(view, seed=1000 + k)
        twin = engine.sample_state(view, seed=2000 + k)
        assert engine.view(other, seat) == view == engine.view(twin, seat)
        differed += other.players != twin.players or other.mat != twin.mat
        bot = make_bot(spec, seed=5)
        a = bot.choose(engine.view(other, seat), engine.legal_actions(other))
        b = make_bot(spec, seed=5).choose(engine.view(twin, seat), engine.legal_actions(twin))
        assert a == b
        assert a in [x for x in legal if x.seat == seat]
    assert differed  # the secrets really were different


def test_different_seeds_can_choose_differently(moments: list) -> None:
    choices = set()
    view, legal = max(moments, key=lambda m: sum(1 for a in m[1] if a.seat == m[0].seat))
    for seed in range(12):
        choices.add(make_bot("random", seed).choose(view, legal))
    assert len(choices) > 1


# --- the search bot's budget ------------------------------------------------------------------
def test_ismcts_respects_its_iteration_budget(moments: list) -> None:
    bot = make_bot("ismcts:iterations=10:width=4", seed=1)
    assert isinstance(bot, bots.IsmctsBot)
    for view, legal in moments[::10]:
        bot.choose(view, legal)
        assert bot.last.iterations <= 10


def test_ismcts_respects_its_time_budget(moments: list, monkeypatch: pytest.MonkeyPatch) -> None:
    """No playout starts that could not end within the budget.  On a clock of its own (each
    reading 1 ms later), so that the test does not depend on the machine's speed."""
    import keythedral.bots.ismcts as ismcts

    ticks = iter(range(10**9))
    monkeypatch.setattr(ismcts.time, "perf_counter", lambda: next(ticks) / 1000)
    bot = make_bot("ismcts:time=0.5", seed=1)
    assert isinstance(bot, bots.IsmctsBot)
    view, legal = next(m for m in moments if m[0].decision == "spend")
    bot.choose(view, legal)
    assert bot.last.iterations > 1  # it searched...
    assert bot.last.elapsed <= 0.5  # ...and stopped in time (a playout reads the clock twice)


# --- strength (the 200-game figures are in bench/bench_bots.py) ------------------------------
def test_greedy_beats_random_in_nearly_every_game() -> None:
    two = run(Setup(bots=("greedy", "random"), games=16, seed=3))
    four = run(Setup(bots=("greedy", "random", "random", "random"), games=8, seed=4))
    assert two.finished == 16 and four.finished == 8
    assert two.rows[0].wins >= 15
    assert four.rows[0].wins >= 7


def test_ismcts_tree_takes_a_child_no_playout_scored(moments: list) -> None:
    """A playout that fails on its sampled world leaves a new child unscored: the next visit
    takes it, rather than dividing by its zero visits."""
    from keythedral.bots.ismcts import Node

    bot = make_bot("ismcts", seed=1)
    assert isinstance(bot, bots.IsmctsBot)
    view, legal = next(m for m in moments if len(bots.own_actions(m[0], m[1])) > 3)
    mine = bots.own_actions(view, legal)
    node = Node()
    node.visits = 100  # wide enough to offer several options
    for a in mine:
        node.children[a] = Node()
        node.children[a].avail = 1
    state = engine.sample_state(view, 3)
    action, child, going_on = bot._tree_step(state, view.seat, node, mine)
    assert action in mine and child is node.children[action] and not going_on


def test_ismcts_never_gives_back_the_colour_a_trade_takes() -> None:
    """A trade paid in the colour it takes, or a trade for a colour only that colour could pay
    for, gives a cube away for nothing: never among the search's candidates while something
    else is open."""
    from keythedral.bots.ismcts import no_trade_back
    from keythedral.vocab import INDEX

    paying = spending = 0
    for seed in range(6):
        state = engine.new_game(config(3, seed))
        rng = random.Random(seed)
        while state.to_act and (paying < 3 or spending < 3):
            legal = engine.legal_actions(state)
            seat = state.to_act[0]
            view = engine.view(state, seat)
            mine = [a for a in legal if a.seat == seat]
            kept = no_trade_back(view, mine)
            assert kept and set(kept) <= set(mine)
            pay = view.payment
            if view.decision == "pay" and pay is not None and pay.purpose == "trade":
                others = [a for a in mine if a.cube != pay.target]
                if others and len(others) < len(mine):
                    assert kept == others
                    paying += 1
            if view.decision == "spend" and view.me is not None:
                held = view.me.cubes
                back = [
                    a for a in mine if a.kind == "trade" and sum(held) - held[INDEX[a.take]] < 2
                ]
                if back:
                    assert not set(back) & set(kept)
                    spending += 1
            trades = [a for a in mine if a.kind in ("trade", "pay")]
            state = engine.apply(state, rng.choice(trades or mine))
    assert paying >= 3 and spending >= 3


def test_ismcts_weights_come_from_their_data_file_whole() -> None:
    """The evaluation's weights are the data file's, every one a number; a file missing one,
    naming an unknown one or giving a word is refused in words."""
    import dataclasses

    from keythedral.bots.ismcts import WEIGHTS, Weights, load_weights
    from keythedral.vocab import load_yaml

    data = load_yaml("ismcts_weights.yaml")
    assert isinstance(data, dict)
    assert WEIGHTS == load_weights() == Weights(**data)
    assert set(data) == {f.name for f in dataclasses.fields(Weights)}
    for bad, words in [
        ({k: v for k, v in data.items() if k != "law"}, "expected exactly"),
        ({**data, "luck": 1.0}, "expected exactly"),
        ({**data, "law": "much"}, "not numbers"),
        ({**data, "law": True}, "not numbers"),
        ([1, 2], "expected exactly"),
    ]:
        with pytest.raises(ValueError, match=words):
            Weights.from_data(bad)


@pytest.mark.parametrize("decision", ["place_cottage", "choose_start_player"])
def test_ismcts_ahead_tells_apart_what_its_own_cut_cannot(decision: str) -> None:
    """Cut at the end of the layout (or of the round, from the bidding), every cottage and
    every start player scores the same; with ``ahead`` the playouts go on into the next round
    and tell them apart."""
    state = engine.new_game(config(4, 5))
    greedy = [make_bot("greedy", s) for s in range(4)]
    while engine.decision(state) != decision:
        seat = state.to_act[0]
        state = engine.apply(
            state, greedy[seat].choose(engine.view(state, seat), engine.legal_actions(state))
        )
    seat = state.to_act[0]
    view, legal = engine.view(state, seat), engine.legal_actions(state)
    means = {}
    for ahead in (False, True):
        bot = make_bot("ismcts:iterations=24:width=4", seed=1, ahead=ahead)
        assert isinstance(bot, bots.IsmctsBot)
        bot.choose(view, legal)
        means[ahead] = {mean for _tries, mean in bot.last.means.values()}
    assert len(means[False]) == 1
    assert len(means[True]) > 1


def test_ismcts_phase1_off_leaves_phase_1_to_greedy(moments: list) -> None:
    """With ``phase1`` off the work order and the workers are greedy's move, unsearched;
    the other decisions are still searched."""
    from keythedral.bots.base import decision_rng
    from keythedral.bots.greedy import candidates
    from keythedral.bots.ismcts import SearchStats
    from keythedral.bots.knowledge import Ctx

    bot = make_bot("ismcts:iterations=12:phase1=off", seed=2)
    assert isinstance(bot, bots.IsmctsBot)
    searched = plain = 0
    for view, legal in moments:
        mine = bots.own_actions(view, legal)
        if len(mine) < 2 or (plain >= 4 and searched >= 4):
            continue
        bot.last = SearchStats()
        action = bot.choose(view, legal)
        if view.phase == "place_workers":
            rng = decision_rng(2, view)
            assert action == candidates(Ctx.from_view(view), mine, 1, rng.getrandbits(32))[0]
            assert bot.last.iterations == 0
            plain += 1
        elif bot.last.iterations:
            searched += 1
    assert plain >= 4 and searched >= 4


def test_ismcts_ahead_spend_plays_on_past_the_bidding(moments: list) -> None:
    """From the spending, playouts stop at the bidding; with ``ahead_spend`` they go on into
    the next round (to its spending), so the same search takes more steps."""
    view, legal = next(m for m in moments if m[0].decision == "spend" and m[0].round < 4)
    steps = {}
    for ahead in (False, True):
        bot = make_bot("ismcts:iterations=12:width=3", seed=1, ahead_spend=ahead)
        assert isinstance(bot, bots.IsmctsBot)
        bot.choose(view, legal)
        steps[ahead] = bot.last.steps / bot.last.iterations
    assert steps[True] > steps[False] + 10


def test_ismcts_rounds_plays_every_playout_further(moments: list) -> None:
    """``rounds=1`` takes a playout from phase 1 one round further than its own cut (the next
    round's spending rather than this one's), so the same search takes more steps (with a cap
    of steps long enough not to cut them, as the ``hard`` level has)."""
    view, legal = next(m for m in moments if m[0].decision == "place_worker" and m[0].round < 4)
    steps = {}
    for rounds in (0, 1):
        bot = make_bot("ismcts:iterations=12:width=3:depth=400", seed=1, rounds=rounds)
        assert isinstance(bot, bots.IsmctsBot)
        bot.choose(view, legal)
        steps[rounds] = bot.last.steps / bot.last.iterations
    assert steps[1] > steps[0] + 20
