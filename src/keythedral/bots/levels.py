"""Strength levels: ``easy``, ``normal`` and ``hard``, each a bot with its settings.

A level is a name that stands for a bot spec, for people who want an opponent of a given
strength rather than an algorithm: the new-game screen and ``--bots`` offer them beside the
bots themselves.  Options after a level's name replace the level's own
(``hard:time=0.5`` is ``ismcts`` at half a second a move).

- ``easy``: the greedy bot's rules of thumb, but about one move in five is its second or third
  best (:class:`SloppyBot`);
- ``normal``: the greedy bot;
- ``hard``: the search bot (``ismcts``) at up to a second a move, its playouts going on into
  the next round (``ahead``, ``ahead_spend``) and one round further still (``rounds``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from keythedral import lang
from keythedral.engine import Action, PlayerView
from keythedral.lang import N_, _

from .base import Bot, SeededBot, decision_rng
from .greedy import GreedyBot, candidates, decide
from .ismcts import IsmctsBot
from .knowledge import Ctx

#: Seconds a ``hard`` move searches at most.
HARD_TIME = 1.0


class SloppyBot(SeededBot):
    """The greedy heuristic with slips: a share ``mistakes`` of its decisions goes to one of
    greedy's three best moves at random (greedy's own included), the rest to greedy's move.
    Deterministic for a seed and a view, like every bot."""

    name = "sloppy"

    def __init__(self, seed: int = 0, *, mistakes: float = 0.3) -> None:
        if (
            not isinstance(mistakes, int | float)
            or isinstance(mistakes, bool)
            or not 0 <= mistakes <= 1
        ):
            # I18N: the easy bot's mistakes option (an id, as typed) out of its range; {value}:
            # the value given, quoted
            said = _("mistakes is a probability, from 0 to 1, not {value}")
            raise ValueError(said.format(value=repr(mistakes)))
        super().__init__(seed)
        self.mistakes = float(mistakes)

    def pick(self, view: PlayerView, mine: list[Action]) -> Action:
        rng = decision_rng(self.seed, view)
        ctx = Ctx.from_view(view)
        salt = rng.getrandbits(32)
        action: Action
        if rng.random() < self.mistakes:
            action = rng.choice(candidates(ctx, mine, 3, salt))
        else:
            action = decide(ctx, mine, salt)
        return action


@dataclass(frozen=True)
class Level:
    """A strength level: the bot class, its settings, and what it is in a line.

    ``description`` is the English message (marked with ``N_``); ``described()`` says it in the
    language in use, where it is shown."""

    make: Callable[..., Bot]
    description: str
    options: dict[str, Any] = field(default_factory=dict)

    def described(self) -> str:
        """The level in a line, in the language in use."""
        return _(self.description).format(seconds=lang.number(HARD_TIME))

    def bot(self, seed: int, **options: Any) -> Bot:
        """The level's bot; ``options`` replace the level's own settings."""
        return self.make(seed, **{**self.options, **options})


#: What ``hard`` is, in a line: how long it thinks at most, in a player's words.
HARD_DESCRIPTION = (
    # I18N: the strongest computer player, on the new-game screen and in --help
    N_("the strongest: thinks up to a second a move; beats normal most games")
    if HARD_TIME == 1
    # I18N: the strongest computer player: {seconds} is how long it thinks at most ("0.5",
    # written with the language's decimal point)
    else N_("the strongest: thinks up to {seconds} seconds a move; beats normal most games")
)

#: name -> level, from the weakest.  A level's description is what a player choosing an
#: opponent wants to know, how it plays and how strong it is, in a line (the new-game screen,
#: ``--help``): no algorithm names.
LEVELS: dict[str, Level] = {
    "easy": Level(
        SloppyBot,
        # I18N: the weakest computer player, on the new-game screen and in --help
        N_("plays sensibly but slips about one move in five: good for a first game"),
        {"mistakes": 0.3},
    ),
    "normal": Level(
        GreedyBot,
        # I18N: the middle computer player, on the new-game screen and in --help
        N_("plays well and at once: buys tiles, houses and crafts in good time"),
    ),
    # ahead and ahead_spend: the playouts from the layout, the spending and the bidding go on
    # into the next round (bench/tune_hard.py's third run: 67.5% of 200 games against three
    # greedy instead of 52%, at 150 iterations a move; against current at 330 iterations,
    # the same thinking time: +16.0 points ± 9.4); rounds and depth: every playout one round
    # further still, uncut (its fourth run: 73.2% of the same 200 games, +5.8 ± 8.5 on
    # ahead2; some 1,000 iterations a second, several hundred a move)
    "hard": Level(
        IsmctsBot,
        HARD_DESCRIPTION,
        {"time": HARD_TIME, "ahead": True, "ahead_spend": True, "rounds": 1, "depth": 400},
    ),
}
