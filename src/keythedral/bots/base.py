"""What every bot shares: the ``Bot`` protocol, the seat's own legal actions, stable seeds.

A bot is any object with ``name`` and ``choose(view, legal) -> Action``.  ``view`` is the
``PlayerView`` of the seat being asked (``view.seat``); ``legal`` is ``engine.legal_actions`` of
the real state.  In a reaction window that list holds the actions of every seat that may answer,
so a bot first keeps its own (:func:`own_actions`) and returns one of them.

Bots are deterministic: the same view and the same bot seed give the same choice.  They draw
their randomness from :func:`decision_rng`, seeded from the bot seed and a digest of the view,
never from a stream that earlier calls advanced (the one exception is a search bot run with a
*time* budget, whose number of iterations depends on the machine).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from keythedral.engine import Action, PlayerView


@runtime_checkable
class Bot(Protocol):
    """A computer player: picks one of its own legal actions from what its seat can see."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


class NoActionError(ValueError):
    """A bot was asked to act but the legal list holds nothing for its seat."""


def own_actions(view: PlayerView, legal: Sequence[Action]) -> list[Action]:
    """The actions of ``legal`` that belong to the seat of ``view``."""
    seat = view.seat
    if view.to_act == (seat,) and view.decision != "window":
        # outside a reaction window only the one seat to act has legal actions: all of them
        # are its own (the layout's lists run to hundreds)
        return list(legal)
    mine = [a for a in legal if a.seat == seat]
    if not mine:
        raise NoActionError(f"seat {seat} has no legal action now (to act: {view.to_act})")
    return mine


class SeededBot:
    """A bot whose only setting is its seed (the random and greedy bots).

    ``choose`` keeps the seat's own actions and takes the one there is without asking; with
    more, ``pick`` chooses among them.
    """

    name: str

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        mine = own_actions(view, legal)
        if len(mine) == 1:
            return mine[0]
        return self.pick(view, mine)

    def pick(self, view: PlayerView, mine: list[Action]) -> Action:
        """One of ``mine``, the seat's own actions (two or more)."""
        raise NotImplementedError


def stable_seed(*parts: object) -> int:
    """A 64-bit seed from ``parts`` that is the same in every process (unlike ``hash``)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def view_key(view: PlayerView) -> tuple[object, ...]:
    """A cheap digest of the parts of a view that change from one decision to the next.

    Two different moments of a game never share it in practice (the log count, the cubes, the
    pending payment and the windows move on with every action), and it reads nothing a seat
    cannot see.
    """
    pay = view.payment
    return (
        view.seat,
        view.round,
        view.phase,
        view.decision,
        view.turn,
        view.log_total,
        view.to_act,
        view.me.cubes if view.me is not None else (),
        view.me.laws if view.me is not None else (),
        (pay.owed, pay.target, pay.purpose) if pay is not None else None,
        tuple((w.kind, w.seats) for w in view.windows),
        len(view.workers),
        view.layout_step,
        view.passes,
    )


def decision_rng(seed: int, view: PlayerView) -> random.Random:
    """The random stream for one decision: a function of the bot seed and the view only."""
    return random.Random(stable_seed(seed, view_key(view)))


def decision_salt(seed: int, view: PlayerView) -> int:
    """A cheap 32-bit number for breaking ties, a function of the bot seed and the view only.

    (``decision_rng`` costs a digest and a Mersenne Twister seeding, some 10 µs; this one hash
    of a tuple of ints, which, unlike the hash of a string, is the same in every process.)
    """
    pay = view.payment
    me = view.me
    top = view.windows[-1].seats if view.windows else ()
    key = (
        seed,
        view.log_total,
        view.layout_step,
        view.passes,
        len(view.workers),
        len(view.windows),
        top[0] if top else -1,
        pay.owed if pay is not None else -1,
        sum(me.cubes) if me is not None else -1,
        view.turn,
        view.seat if view.seat is not None else -1,
    )
    return hash(key) & 0xFFFFFFFF
