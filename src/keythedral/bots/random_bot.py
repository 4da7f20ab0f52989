"""The random bot: any of its own legal actions, uniformly.

A baseline, not an opponent: it wastes cubes on trades in circles and fences it tears down
again, so games of random bots alone run for hundreds of rounds (they do end).
"""

from __future__ import annotations

from collections.abc import Sequence

from keythedral.engine import Action, PlayerView

from .base import decision_rng, own_actions


class RandomBot:
    """Uniform over the seat's legal actions; the draw depends on the seed and the view only."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        mine = own_actions(view, legal)
        if len(mine) == 1:
            return mine[0]
        return mine[decision_rng(self.seed, view).randrange(len(mine))]
