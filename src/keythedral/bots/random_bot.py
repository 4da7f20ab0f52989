"""The random bot: any of its own legal actions, uniformly.

A baseline, not an opponent: it wastes cubes on trades in circles and fences it tears down
again, so games of random bots alone run for hundreds of rounds (they do end).
"""

from __future__ import annotations

from keythedral.engine import Action, PlayerView

from .base import SeededBot, decision_rng


class RandomBot(SeededBot):
    """Uniform over the seat's legal actions; the draw depends on the seed and the view only."""

    name = "random"

    def pick(self, view: PlayerView, mine: list[Action]) -> Action:
        return mine[decision_rng(self.seed, view).randrange(len(mine))]
