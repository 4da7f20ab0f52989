"""Who applies a game's actions: one interface for every kind of game (no Textual here).

A mode (keythedral.tui.mode and its kinds) hands a person's chosen action to the game's
:class:`Authority` and only shows the :data:`Outcome`; the authority is the session's own
(``GameSession.authority``):

- :class:`InProcess`: a hot-seat game held here, applied by the engine behind the fault
  guard (``Session.apply``) and pushed;
- :class:`Lessons`: the tutorial's game, where the lesson says whether the move is the one
  it asks for (``Tutorial.attempt``);
- :class:`OverTheLink`: a seat of a game hosted elsewhere (``keythedral join``): the action is
  sent, and the server's next state (or its refusal) is the answer, later;
- none: a replay, in which nothing can be played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from keythedral.lang import _
from keythedral.records import faults

if TYPE_CHECKING:
    from keythedral.engine import Action
    from keythedral.tui.remote import RemoteSession
    from keythedral.tui.session import Session
    from keythedral.tutorial import Tutorial, Verdict


@dataclass(frozen=True)
class Played:
    """The action was applied: the game has moved on."""


@dataclass(frozen=True)
class Sent:
    """The action is on its way to the authority elsewhere: its answer (the next state, or a
    refusal) comes later."""


@dataclass(frozen=True)
class Refused:
    """The action cannot be played: why, for the player (None: nothing to tell, e.g. a
    computer player's seat, where only its bot moves), and the lesson's whole verdict
    (its hint) in the tutorial."""

    reason: str | None
    verdict: Verdict | None = None


@dataclass(frozen=True)
class Failed:
    """The rules engine failed on the action (a bug): the game stays as it was."""

    fault: faults.EngineFault


Outcome = Played | Sent | Refused | Failed


class Authority(Protocol):
    """What applies a person's action to the game (see the module docstring)."""

    def submit(self, action: Action) -> Outcome: ...


@dataclass
class InProcess:
    """A game held whole in this process: the engine applies the action, the session keeps it."""

    session: Session

    def submit(self, action: Action) -> Outcome:
        from keythedral import engine  # engine: after the first frame

        session = self.session
        if session.is_bot(action.seat):
            return Refused(None)  # a computer player's seat: only its bot moves there
        try:
            state = session.apply(action)
        except engine.IllegalAction as exc:
            return Refused(str(exc))
        except faults.EngineFault as fault:
            return Failed(fault)
        session.push(action, state)
        return Played()


@dataclass
class Lessons:
    """The tutorial's game: a move is taken only if the lesson allows it (its verdict says
    why not, with a hint)."""

    tutorial: Tutorial

    def submit(self, action: Action) -> Outcome:
        verdict = self.tutorial.attempt(action)
        return Played() if verdict.ok else Refused(verdict.reason, verdict)


@dataclass
class OverTheLink:
    """A seat of a game hosted elsewhere: one of its choices now is sent (``send(action, at)``,
    the position it was chosen on), and nothing else may be chosen until the server answers."""

    session: RemoteSession
    send: Callable[[Action, int], None]

    def submit(self, action: Action) -> Outcome:
        session = self.session
        if action not in session.legal():
            return Refused(_("That is not one of your choices now."))
        session.waiting = True
        session.sent_at = session.at
        self.send(action, session.at)
        return Sent()
