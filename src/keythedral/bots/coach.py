"""The coach: the move the hint key and phase 3's suggested line offer a person, and why.

The coach looks ahead.  For a decision with a real choice it runs the search bot
(:class:`~keythedral.bots.ismcts.IsmctsBot`) over what the player's seat can see, for a fixed
number of iterations: the greedy bot's move stands unless the search finds one clearly better
(the search's own verdict), so the coach suggests at least what the ``normal`` bot would play,
and better where looking a round ahead shows it.  A payment's cubes, a decision with one
option, and a decision the search is not asked about keep greedy's quick answer.

A tile greedy would buy is always suggested: the coach never talks a player out of a purchase.
The search, whose opponents play greedy's way, found waiting a little better now and then; a
table where everyone followed it then traded and waited more and bought later, and its games
ran a round longer with more turns a round (bench/bench_table.py; docs/benchmarks.md), while
the purchases are what the game is about.

A fixed iteration count, not a time, keeps a suggestion the same on every machine and in
every test; a front end runs it off the screen's thread while the player reads (a hand-over
screen is up for longer than the search takes) and shows greedy's move until it is ready.

    from keythedral.bots.coach import suggest

    h = suggest(engine.view(state, seat), engine.legal_actions(state))
    h.action   # the coach's move
    h.reason   # why, in a player's words (in the language in use)

A ``coach`` seat (``make_bot("coach")``, ``keythedral simulate --players coach,normal,...``)
plays every suggestion: the measure of how good the advice is (docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from keythedral.engine import Action, PlayerView
from keythedral.lang import N_, _

from .base import own_actions
from .greedy import GreedyBot
from .hints import Hint, explain
from .ismcts import IsmctsBot

#: Iterations a suggestion searches (about a tenth of a second on one core).
COACH_ITERATIONS = 200
#: The longest a suggestion may take on a slow or loaded machine: then the search stops with
#: what it has (greedy's move unless something was already clearly better).
COACH_TIME = 2.0
#: Decisions the coach does not search: a payment's cubes (greedy keeps what the likely
#: purchases need, and one search per cube would cost the most for the least).
QUICK = frozenset({"pay"})
#: Greedy's moves the coach always suggests as they are (see the module's docstring).
STANDS = frozenset({"buy_building"})
#: Said after the reason when the search chose something other than the obvious move.
AHEAD = N_("looking a round ahead, it does better than the obvious move")


def searched(view: PlayerView, legal: Sequence[Action]) -> bool:
    """Whether the coach may search this decision (more than one option, not a payment)."""
    return view.decision not in QUICK and len(own_actions(view, legal)) > 1


def suggest(
    view: PlayerView,
    legal: Sequence[Action],
    *,
    seed: int = 0,
    iterations: int = COACH_ITERATIONS,
    time: float | None = COACH_TIME,
) -> Hint:
    """The coach's move for ``view.seat`` among ``legal``, with its reason."""
    mine = own_actions(view, legal)
    obvious = GreedyBot(seed).choose(view, legal)
    action = obvious
    if searched(view, legal) and obvious.kind not in STANDS:
        action = IsmctsBot(seed, iterations=iterations, time=time).choose(view, legal)
    reason = explain(view, action, mine)
    if action != obvious:
        # I18N: a hint's reason ({reason}) and, in brackets, why the coach chose another move
        # than the obvious one ({ahead}: "looking a round ahead, it does better than ...")
        reason = _("{reason} ({ahead})").format(reason=reason, ahead=_(AHEAD))
    return Hint(action, reason)


class CoachBot:
    """A seat that plays every suggestion of the coach (for ``simulate`` and tests)."""

    name = "coach"

    def __init__(
        self, seed: int = 0, *, iterations: int = COACH_ITERATIONS, time: float | None = None
    ) -> None:
        IsmctsBot(seed, iterations=iterations, time=time)  # the same checks of the options
        self.seed = seed
        self.iterations = iterations
        self.time = time

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        mine = own_actions(view, legal)
        if len(mine) == 1:
            return mine[0]
        action: Action = suggest(
            view, legal, seed=self.seed, iterations=self.iterations, time=self.time
        ).action
        return action
