"""The search bot: information-set Monte Carlo tree search (single observer).

Each iteration

1. **determinizes**: ``engine.sample_state(view, seed)`` draws a full game state consistent with
   what the bot's seat can see (other hands, the law deck, face-down tiles and the field stack
   at random), so the search never reads a secret;
2. **selects** down a tree of the bot's *own* decisions, by UCB1 with availability counts (an
   action's statistics only count the iterations in which it was legal).  Other seats move by
   the fast playout policy, on their sampled hands, as an opponent model.  Decisions with many
   options keep the greedy heuristic's best few (``width``);
3. **expands** one new action, the greedy choice first;
4. **plays out** with the fast policy (the greedy heuristic over the state, a little random,
   with the shortcuts of :mod:`.playout`: payments in one go, no fences listed, layout
   options sampled) until a phase boundary: from phase 1, to where the spending starts, whose
   outcome is then projected in one pass (greedy's main rules of thumb: buy, build a house,
   buy a craft or trade toward a tile); from the layout or the spending, to where the bidding
   starts (who starts next round is nothing the heuristic sees); from the bidding, to the end
   of the round; or to the end of the game, or ``depth`` actions (then on to the first quiet
   state: no payment half made, no cube or law answer pending).  A phase boundary, not a
   count of steps: cut after 12 steps, every arm got a different horizon (a purchase's
   payment used up its depth) and the bot won 55% of 20 two-player games against greedy
   instead of 95% (docs/benchmarks.md).  The projection keeps the comparison of the arms:
   the differences between two arms' rewards on the same world correlate with a real
   playout's as well as a second real playout's do (0.47 and 0.48 over 882 pairs).  Cut
   there, every layout move and every start player scores alike (a cottage yields one cube
   whatever fields it touches; who starts is not in the evaluation): the search never leaves
   greedy's move there.  With ``ahead`` (``ahead_spend``) the playouts from the layout and
   the bidding (the spending) go on into the next round, to its spending, projected; with
   ``rounds`` (n), every playout goes n rounds further than that, to the spending n rounds
   on (``depth`` must then be long enough not to cut them);
5. **scores** the result from the bot's seat: a finished game by its result (a shared win
   counts its share), otherwise a heuristic (seats held, cubes and laws as progress toward
   seats, workers in the fields, the homes' production for the rounds to come) turned into a
   win chance against the best rival.  Its weights are data, ``data/ismcts_weights.yaml``,
   tuned by self-play with ``bench/tune_hard.py``.

The move played is the most visited action at the root.  The budget is ``iterations`` per
move, or ``time`` seconds per move, or both (whichever ends first).  With only an iteration
budget the bot is deterministic for a given view and seed; a time budget makes the number of
iterations, and so possibly the choice, depend on the machine.

Playouts switch the sampled state to ``reaction_windows="when_possible"``: that changes only
who must say "no" to a window they have no card for, which is the same game, only with fewer
steps.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cache
from operator import mul
from typing import Any

from keythedral import engine, lang
from keythedral.engine import Action, GameState, PlayerView
from keythedral.engine.facts import (
    TRADE_PRICE,
    corner_fields,
    tile_cost,
    tile_stage,
    tiles_of_stage,
)
from keythedral.engine.playout_moves import playout_world
from keythedral.lang import _
from keythedral.vocab import INDEX, SEAT_VALUE, VALUE, load_yaml

from .base import decision_rng, own_actions
from .greedy import candidates
from .knowledge import Ctx, cost_terms, field_types
from .playout import Projection, move, pay_all, projected, seat_actions, tree_options

DEFAULT_ITERATIONS = 300
#: What a playout on an inconsistent sampled world could raise.
SAMPLE_ERRORS = (engine.KeythedralError, AssertionError, KeyError, IndexError, ValueError)


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights (``data/ismcts_weights.yaml`` says what each one weighs;
    ``bench/tune_hard.py`` made them)."""

    spend_share: float
    fit: float
    worker: float
    production: float
    law: float
    tiles_per_round: float
    scale_classic: float
    scale_second: float

    @classmethod
    def from_data(cls, data: object) -> Weights:
        """The weights from a mapping of every field to a number; ValueError otherwise."""
        names = {f.name for f in fields(cls)}
        if not isinstance(data, dict) or set(data) != names:
            raise ValueError(f"ismcts weights: expected exactly {sorted(names)}")
        bad = [k for k, v in data.items() if not isinstance(v, int | float) or isinstance(v, bool)]
        if bad:
            raise ValueError(f"ismcts weights: not numbers: {sorted(bad)}")
        return cls(**{k: float(v) for k, v in data.items()})


def load_weights() -> Weights:
    """The weights in ``data/ismcts_weights.yaml``."""
    return Weights.from_data(load_yaml("ismcts_weights.yaml"))


#: The weights the evaluation uses (read once, at import; the tuning script swaps them).
WEIGHTS = load_weights()


@cache
def seat_rate(edition: str, stage: int) -> float:
    """Seat points per cube worth (iron 2, glass 3, gold 4, resources 1) that a tile of
    ``stage`` turns cubes into, on average over the stage's tiles."""
    tiles = tiles_of_stage(stage)
    worth = sum(sum(k * VALUE[i] for i, k in enumerate(tile_cost(t))) for t in tiles) / len(tiles)
    return SEAT_VALUE[edition][stage - 1] / worth


def _production(state: GameState, converted: frozenset[Any]) -> list[float]:
    """Each seat's homes' yield a round: a cube per open field, up to two for a house (or a
    cottage in ``converted``).  Kept by the identity of the board's tuples: the playouts from
    one world share them until a home or a fence changes."""
    cottages, fences, fields = state.cottages, state.fences, state.fields
    key = (id(cottages), id(fences), id(fields), converted)
    hit = _PRODUCTION.get(key)
    if hit is not None and hit[0] is cottages and hit[1] is fences and hit[2] is fields:
        return hit[3]
    fenced: dict[Any, set[Any]] = {}
    for fence in fences:
        fenced.setdefault(fence.corner, set()).add(fence.field)
    # the laid fields by place (not the board index: a playout from the layout ends on fields
    # no index was built for, and needs only these)
    types = field_types(fields)
    production = [0.0] * len(state.players)
    for home in cottages:
        blocked = fenced.get(home.corner, ())
        open_ = 0
        for f in corner_fields(home.corner):
            if f in types and f not in blocked:
                open_ += 1
        production[home.seat] += min(2 if home.house or home.corner in converted else 1, open_)
    if len(_PRODUCTION) >= 512:
        _PRODUCTION.clear()
    _PRODUCTION[key] = (cottages, fences, fields, production)
    return production


_PRODUCTION: dict[tuple[Any, ...], tuple[Any, Any, Any, list[float]]] = {}


def values(state: GameState, after: Projection | None = None) -> list[float]:
    """Each seat's standing in seat points: held seats plus what its means should become (as
    the projected spending ``after`` leaves them, if given)."""
    edition = state.config.edition
    sv = SEAT_VALUE[edition]
    stage = 6
    left = 0
    mat = state.mat if after is None else after.mat
    converted = frozenset() if after is None else after.houses
    for i, tiles in enumerate(mat):
        if tiles:
            stage = min(stage, i + 1)
            left += len(tiles)
    n = len(state.players)
    wt = WEIGHTS
    # What a cube's worth is worth in seat points: a share of what the current stage's tiles
    # turn it into (not all of it: it is not spent yet), and in the second edition at least
    # what it scores as a leftover.
    unit = wt.spend_share * seat_rate(edition, min(stage, 5))
    if edition == "second":
        unit = max(unit, 1.0)
    rounds_left = left / max(1.0, wt.tiles_per_round * n)
    production = _production(state, converted)
    unharvested = [0] * n
    if state.phase in ("place_workers", "harvest"):
        for w in state.workers:
            unharvested[w.seat] += 1
    buyable = [cost_terms(t) for t in (mat[stage - 1] if stage <= 5 else ())]
    out: list[float] = []
    fit_w, worker_w, production_w, law_w = wt.fit, wt.worker, wt.production, wt.law
    for s, p in enumerate(state.players):
        hand = p.cubes if after is None else after.hands[s]
        bought = p.buildings if after is None else after.bought[s]
        worth = sum(map(mul, hand, VALUE))
        v = float(sum([sv[tile_stage(t) - 1] for t in bought]))
        v += unit * worth
        # cubes that fit a tile it could buy count a little more than loose ones
        fit = 0
        for terms in buyable:
            f = 0
            for i, k, _rest in terms:
                h = hand[i]
                f += k if k < h else h
            if f > fit:
                fit = f
        v += fit_w * unit * fit
        v += unit * (
            worker_w * unharvested[s]
            + production_w * production[s] * rounds_left
            + law_w * len(p.laws)
        )
        out.append(v)
    return out


def evaluate(state: GameState, seat: int, after: Projection | None = None) -> float:
    """The seat's result in [0, 1]: its share of the win at the end, else an estimated chance
    (from the projected spending ``after``, if given)."""
    if state.winners is not None:
        return 1.0 / len(state.winners) if seat in state.winners else 0.0
    v = values(state, after)
    best_rival = max(x for s, x in enumerate(v) if s != seat)
    w = WEIGHTS
    scale = w.scale_classic if state.config.edition == "classic" else w.scale_second
    return 1.0 / (1.0 + math.exp(-(v[seat] - best_rival) / scale))


def _quiet(state: GameState) -> bool:
    """A state the heuristic can score as it stands: no payment half made (its cubes gone,
    what they buy not yet had), no cube being chosen, no law card waiting for answers."""
    return state.payment is None and state.gain is None and not state.windows


class Node:
    """An information set of the bot's: reached by a sequence of its own actions, whatever the
    other seats did in between.  Holds the statistics of the actions tried from it."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


class SearchStats:
    """What the last search did (for benchmarks and curious front ends)."""

    __slots__ = ("elapsed", "failures", "iterations", "means", "steps", "sweeps")

    def __init__(self) -> None:
        self.failures = 0
        self.iterations = 0
        self.sweeps = 0
        self.steps = 0
        self.elapsed = 0.0
        self.means: dict[str, tuple[int, float]] = {}


class Arm:
    """A root candidate: its reward in each sweep (world) it was tried in, and its subtree."""

    __slots__ = ("action", "node", "rewards")

    def __init__(self, action: Any) -> None:
        self.action = action
        self.node = Node()
        self.rewards: dict[int, float] = {}

    def mean(self) -> float:
        return sum(self.rewards.values()) / len(self.rewards) if self.rewards else 0.0


def paired(a: Arm, b: Arm) -> tuple[float, float, int]:
    """Mean and standard error of ``a``'s reward minus ``b``'s, over the worlds both saw."""
    common = a.rewards.keys() & b.rewards.keys()
    k = len(common)
    if k == 0:
        return 0.0, math.inf, 0
    diffs = [a.rewards[w] - b.rewards[w] for w in common]
    mean = sum(diffs) / k
    if k < 2:
        return mean, math.inf, k
    var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
    return mean, math.sqrt(var / k), k


#: The longest a move may be searched: a bot at the table thinks a minute at most (the app
#: refuses a save or a --bots naming more, rather than seem to hang for hours).
MAX_TIME = 60.0
MAX_ITERATIONS = 20_000  # about a minute a move
#: The most rounds a playout may go further than its own cut (``rounds``).
MAX_ROUNDS = 10


def _whole(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        # I18N: {option}: an option of the search bot (an id: width, depth, iterations);
        # {value}: the value given, quoted
        said = _("ismcts's {option} must be a whole number, not {value}")
        raise ValueError(said.format(option=name, value=repr(value)))
    return value


def _real(name: str, value: object) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        # I18N: {option}: an option of the search bot (an id: time, c, epsilon); {value}: the
        # value given, quoted
        said = _("ismcts's {option} must be a number, not {value}")
        raise ValueError(said.format(option=name, value=repr(value)))
    return float(value)


def _switch(name: str, value: object) -> None:
    if value not in (True, False):  # 0 and 1 too
        # I18N: {option}: an on/off option of the search bot (an id: project, ahead,
        # ahead_spend, phase1; "on", "off" as typed); {value}: the value given, quoted
        said = _("ismcts's {option} is on or off, not {value}")
        raise ValueError(said.format(option=name, value=repr(value)))


def _check_options(
    iterations: object,
    time: object,
    c: object,
    width: object,
    depth: object,
    epsilon: object,
    margin: object,
    rounds: object,
) -> tuple[int | None, float | None, float, int, int, float, float, int]:
    """The options as numbers (iterations, time, c, width, depth, epsilon, margin, rounds);
    ValueError, in words, for one of the wrong type or out of its range."""
    whole_iterations = None if iterations is None else _whole("iterations", iterations)
    real_time = None if time is None else _real("time", time)
    whole_width, whole_depth = _whole("width", width), _whole("depth", depth)
    real_epsilon = _real("epsilon", epsilon)
    whole_rounds = _whole("rounds", rounds)
    if whole_iterations is not None and not 1 <= whole_iterations <= MAX_ITERATIONS:
        # I18N: the search bot's iterations option out of its range; {most}: a number
        said = _("ismcts needs at least one iteration per move, and at most {most}")
        raise ValueError(said.format(most=MAX_ITERATIONS))
    if real_time is not None and not 0 < real_time <= MAX_TIME:
        # I18N: the search bot's time option out of its range; {seconds}: a number
        said = _("ismcts needs a positive time per move, of at most {seconds} seconds")
        raise ValueError(said.format(seconds=lang.number(MAX_TIME)))
    if whole_width < 1:
        # I18N: the search bot's width option (an id, as typed) out of its range
        raise ValueError(_("ismcts needs a width of at least 1"))
    if whole_depth < 0:
        # I18N: the search bot's depth option (an id, as typed) out of its range
        raise ValueError(_("ismcts needs a depth of 0 or more"))
    if not 0 <= real_epsilon <= 1:
        # I18N: the search bot's epsilon option (an id, as typed) out of its range
        raise ValueError(_("ismcts's epsilon is a probability, from 0 to 1"))
    if not 0 <= whole_rounds <= MAX_ROUNDS:
        # I18N: the search bot's rounds option (an id, as typed) out of its range; {most}:
        # a number
        said = _("ismcts looks from 0 to {most} rounds further, no more")
        raise ValueError(said.format(most=MAX_ROUNDS))
    return (
        whole_iterations,
        real_time,
        _real("c", c),
        whole_width,
        whole_depth,
        real_epsilon,
        _real("margin", margin),
        whole_rounds,
    )


def no_trade_back(view: PlayerView, mine: list[Action]) -> list[Action]:
    """Without the trades that give back the colour they take: a trade for a colour that only
    cubes of that colour could pay for, or a trade's cube paid in the colour it takes while
    another colour could pay.  Either gives a cube away for nothing (a pass costs nothing);
    the search's noise once chose one at the table."""
    pay, me = view.payment, view.me
    if view.decision == "pay" and pay is not None and pay.purpose == "trade":
        keep = [a for a in mine if getattr(a, "cube", None) != pay.target]
    elif view.decision == "spend" and me is not None:
        total = sum(me.cubes)
        keep = [
            a for a in mine if a.kind != "trade" or total - me.cubes[INDEX[a.take]] >= TRADE_PRICE
        ]
    else:
        return mine
    return keep or mine


class IsmctsBot:
    """Information-set MCTS.  Options: ``iterations`` and/or ``time`` (seconds per move; with
    neither, 300 iterations), ``c`` (exploration below the root), ``width`` (root candidates),
    ``depth`` (playout length cap), ``epsilon`` (playout randomness), ``margin`` (how many
    standard errors an alternative must beat the greedy move by), ``project`` (playouts from
    phase 1 stop where the spending starts and project it; off: they play it), ``ahead``
    (playouts from the layout or the bidding go on to the next round's spending, as from
    phase 1: what those decide, the homes' fields and who starts, the evaluation at their
    own cut cannot see), ``ahead_spend`` (so do playouts from the spending, rather than stop
    at the bidding), ``phase1`` (off: phase 1's decisions, the work order and the workers,
    are greedy's, unsearched), ``rounds`` (how many rounds further every playout goes than
    its cut, 0 to 10)."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        # The options are objects, not their types: a value of the wrong type is refused here,
        # in words (a ValueError), the same compiled as interpreted (mypyc would refuse it
        # first, with a TypeError, or take True for 1; docs/benchmarks.md, issue 30).
        iterations: object = None,
        time: object = None,
        c: object = 0.5,
        width: object = 6,
        depth: object = 120,
        epsilon: object = 0.05,
        margin: object = 1.0,
        project: object = True,
        ahead: object = False,
        ahead_spend: object = False,
        phase1: object = True,
        rounds: object = 0,
    ) -> None:
        if iterations is None and time is None:
            iterations = DEFAULT_ITERATIONS
        checked = _check_options(iterations, time, c, width, depth, epsilon, margin, rounds)
        for name, value in (
            ("project", project),
            ("ahead", ahead),
            ("ahead_spend", ahead_spend),
            ("phase1", phase1),
        ):
            _switch(name, value)
        self.seed = seed
        (
            self.iterations,
            self.time,
            self.c,
            self.width,
            self.depth,
            self.epsilon,
            self.margin,
            self.rounds,
        ) = checked
        self.project = bool(project)
        self.ahead = bool(ahead)
        self.ahead_spend = bool(ahead_spend)
        self.phase1 = bool(phase1)
        self.last = SearchStats()
        self.total = SearchStats()

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        mine = no_trade_back(view, own_actions(view, legal))
        if len(mine) == 1:
            return mine[0]
        action: Action = self.search(view, mine)
        return action

    # --- the search ----------------------------------------------------------------------
    def search(self, view: PlayerView, mine: list[Any]) -> Any:
        """Sweeps over sampled worlds: in each, every live root candidate is played out with
        the same world and the same playout random stream (common random numbers), so the
        candidates are compared pairwise on equal terms.  Candidates that fall clearly behind
        are dropped; the greedy move stays unless an alternative beats it clearly."""
        assert view.seat is not None
        me = view.seat
        clock = time.perf_counter
        start = clock()
        rng = decision_rng(self.seed, view)
        width = self.width if self.phase1 or view.phase != "place_workers" else 1
        arms = [Arm(a) for a in candidates(Ctx.from_view(view), mine, width, rng.getrandbits(32))]
        live = list(arms)
        # A time budget is kept, not overrun: no playout starts that could not end in time
        # (judged by the longest so far, and the drawing of a world).
        deadline = start + self.time if self.time is not None else math.inf
        longest = 0.0
        limit = self.iterations if self.iterations is not None else 1 << 62
        stats = SearchStats()
        it = 0
        sweep = 0
        while len(live) > 1 and it < limit and clock() + longest < deadline:
            drawn = clock()
            world = playout_world(view, rng.getrandbits(63))
            # every arm plays this world with the same random stream (set back for each)
            play = random.Random(rng.getrandbits(63))
            stream = play.getstate()
            drawing = clock() - drawn
            for arm in live:
                began = clock()
                if it >= limit or began + longest + drawing >= deadline:
                    break
                it += 1
                play.setstate(stream)
                try:
                    reward, steps = self._iterate(world, me, arm, view.round, play)
                except SAMPLE_ERRORS:
                    # A sampled world the rules cannot play on (the sampler's fault, not the
                    # game's): count it and let the world go; the tests demand none happen.
                    stats.failures += 1
                    continue
                arm.rewards[sweep] = reward
                stats.steps += steps
                longest = max(longest, clock() - began)
            sweep += 1
            if stats.failures > 3 * max(1, it - stats.failures):
                break  # nothing works from here: fall back on the greedy move
            if sweep >= 4 and sweep % 2 == 0:
                live = self._prune(live)
        stats.iterations = it
        stats.sweeps = sweep
        stats.elapsed = clock() - start
        stats.means = {_label(a.action): (len(a.rewards), a.mean()) for a in arms}
        self.last = stats
        self.total.iterations += it
        self.total.sweeps += sweep
        self.total.steps += stats.steps
        self.total.failures += stats.failures
        self.total.elapsed += stats.elapsed
        return self._verdict(arms, live)

    def _prune(self, live: list[Arm]) -> list[Arm]:
        """Drop the candidates more than two standard errors behind the best one."""
        best = max(live, key=Arm.mean)
        keep = []
        for arm in live:
            if arm is best:
                keep.append(arm)
                continue
            diff, se, _count = paired(arm, best)
            if diff + 2.0 * se >= 0:
                keep.append(arm)
        return keep

    def _verdict(self, arms: list[Arm], live: list[Arm]) -> Any:
        """The greedy move (the first candidate), unless a live alternative beats it by more
        than ``margin`` standard errors over the worlds both were tried in."""
        default = arms[0]
        best = max(live, key=Arm.mean)
        if best is default or not best.rewards:
            return default.action
        if default not in live:
            return best.action
        diff, se, k = paired(best, default)
        if k >= 2 and diff > self.margin * se and diff > 1e-9:
            return best.action
        return default.action

    def _iterate(
        self, state: GameState, me: int, arm: Arm, root_round: int, rng: random.Random
    ) -> tuple[float, int]:
        """One playout from ``state`` starting with ``arm``'s action; returns (reward, steps)."""
        # Playouts from a decision before the bidding stop when the bidding starts: what it
        # changes (who starts the next round) the heuristic does not see anyway.
        bidding = state.phase == "bidding"
        # From phase 1 they stop where the spending starts, its outcome projected.
        project = self.project and state.phase == "place_workers"
        # With ``ahead``, from the layout or the bidding they go on into the next round, as
        # far as from phase 1: at their own cut every layout scores the same (a cottage
        # yields one cube whatever fields it touches) and so does every start player.
        # With ``ahead_spend``, so do they from the spending (through the bidding).
        further = self.rounds
        if (self.ahead and state.phase in ("layout", "bidding")) or (
            self.ahead_spend and state.phase == "spend"
        ):
            further += 1
        last_round = root_round + further
        if further:
            project = self.project
            bidding = True
        state = engine.apply(state, arm.action)
        node = arm.node
        path: list[Node] = []
        steps = 1
        eps = self.epsilon
        expanding = True
        depth = self.depth
        after = None
        while state.to_act and state.round <= last_round:
            if steps >= depth and _quiet(state):
                break
            phase = state.phase
            if phase == "bidding" and not bidding:
                break
            if project and phase == "spend" and state.round == last_round:
                after = projected(state)
                break
            seat = me if me in state.to_act else state.to_act[0]
            decision = engine.decision(state)
            if decision == "pay" and state.payment is not None and state.payment.seat == seat:
                state, paid = pay_all(state, seat, rng, eps)
                steps += paid
                if state.payment is not None and state.payment.seat == seat:
                    break  # the sample left the seat short of its price (below)
                continue
            if seat == me and expanding:
                mine = seat_actions(state, seat, decision)
                if len(mine) > 1:
                    action, node, expanding = self._tree_step(state, me, node, mine, decision)
                    path.append(node)
                else:
                    action = mine[0] if mine else None
            else:
                action = move(state, seat, decision, rng, eps)
            if action is None:
                # The sample gave a seat fewer cubes than a payment it owes (the sampler does
                # not know that a bidder must hold its bid): score the position as it stands.
                break
            state = engine.apply(state, action)
            steps += 1
        reward = evaluate(state, me, after)
        arm.node.visits += 1
        arm.node.total += reward
        for n in path:
            n.visits += 1
            n.total += reward
        return reward, steps

    def _tree_step(
        self, state: GameState, me: int, node: Node, mine: list[Any], decision: str | None = None
    ) -> tuple[Any, Node, bool]:
        """One of the bot's own later decisions inside the tree, by UCB1 over the best few
        options; how many grows with the visits (progressive widening, the greedy move first).
        Returns (action, its node, whether the descent goes on: False once a node is new)."""
        k = 1 + int(math.sqrt(node.visits) / 2)
        options = tree_options(Ctx.from_state(state, me, decision), mine, k)
        children = node.children
        for a in options:
            child = children.get(a)
            if child is not None:
                child.avail += 1
        for a in options:
            if a not in children:
                child = children[a] = Node()
                child.avail = 1
                return a, child, False
        c = self.c
        best, best_u = options[0], -math.inf
        for a in options:
            child = children[a]
            if not child.visits:  # made by a playout that failed before it was scored
                return a, child, False
            u = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if u > best_u:
                best, best_u = a, u
        return best, children[best], True


def _label(action: Any) -> str:
    fields = action.model_dump(exclude={"seat", "kind"}, exclude_none=True)
    inner = ", ".join(f"{k}={v}" for k, v in fields.items())
    return f"{action.kind}({inner})"
