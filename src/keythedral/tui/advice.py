"""The coach's advice in the app: worked out off the screen's thread, while the player reads.

The coach (keythedral.bots.coach) looks ahead for a tenth of a second or so.  The app asks for
a decision's advice as soon as the game reaches it (``prefetch``: the privacy screen is then
about to come up, and is up for longer than that), and the board shows it when it is drawn.
Until it is ready a phase 3 list opens on a line saying the coach is thinking, and Enter there
waits for it: a line never plays a move other than the one it shows.  The hint key asked
meanwhile gives its hint when it is ready.

Advice is kept per position and seat (``Session.moment``: the same immutable object is the same
decision), for the last few decisions, so that an undo finds it again.

``KEYTHEDRAL_COACH=quick`` makes the coach give greedy's move at once, in the screen's thread
(the test suite's default: its many games stay quick and their screens fixed); the coach's
own tests use the search.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from keythedral import lang

if TYPE_CHECKING:
    from keythedral.bots.hints import Hint
    from keythedral.engine import Action, PlayerView
    from keythedral.tui.app import KeythedralApp
    from keythedral.tui.session import GameSession

#: ``quick``: greedy's move at once (no search); anything else: the coach's search.
COACH_ENV = "KEYTHEDRAL_COACH"
#: A decision's advice: (its Session.moment's id, the seat, the language of its words).
Key = tuple[int, int, str]
#: Decisions kept (an undo or two finds theirs again).
KEEP = 16


def searching(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the coach searches (the default) or gives greedy's move at once."""
    return environ.get(COACH_ENV, "").strip().lower() != "quick"


@dataclass(frozen=True)
class Asked:
    """One decision's advice, ready."""

    moment: object  # Session.moment
    seat: int
    hint: Hint
    language: str = "en"  # the language its reason is in (lang.current() when it was asked)


class Advice:
    """The app's coach: ``get`` a decision's hint (None while it is worked out), ``prefetch``
    the next decisions'.  ``ready`` tells the game screen when one comes in."""

    def __init__(self, app: KeythedralApp, search: bool | None = None) -> None:
        self.app = app
        self.search = searching() if search is None else search
        self._done: OrderedDict[Key, Asked] = OrderedDict()
        self._running: set[Key] = set()
        #: The decision whose hint the hint key asked for before it was ready.
        self.hint_wanted: Key | None = None

    @staticmethod
    def key(moment: object, seat: int, language: str | None = None) -> Key:
        """A decision's advice, in a language (the one in use by default): a hint's reason is
        words, and advice kept from before the language changed is never shown after."""
        return (id(moment), seat, lang.current() if language is None else language)

    def get(self, session: GameSession, seat: int) -> Hint | None:
        """The coach's hint for ``seat``'s decision now; None while the search runs (started
        now if it was not)."""
        from keythedral.bots.coach import searched  # engine: after the first frame
        from keythedral.bots.hints import hint  # engine: after the first frame

        moment = session.moment
        view, legal = session.view(seat), session.legal()
        if not self.search or not searched(view, legal):
            return hint(view, legal)
        asked = self._done.get(self.key(moment, seat))
        if asked is not None and asked.moment is moment:
            return asked.hint
        self._start(moment, seat, view, legal)
        return None

    def want_hint(self, session: GameSession, seat: int) -> bool:
        """True if ``seat``'s advice is still being worked out: the hint is then given when
        it is ready (``ready``)."""
        key = self.key(session.moment, seat)
        if key not in self._running:
            return False
        self.hint_wanted = key
        return True

    def prefetch(self, session: GameSession) -> None:
        """Start the advice for the people about to decide a phase 3 turn (the suggested line)."""
        from keythedral.bots.coach import searched  # engine: after the first frame

        if not (self.search and session.coach) or session.over:
            return
        moment = session.moment
        for seat in session.view(None).to_act:
            if session.is_bot(seat) or self.key(moment, seat) in self._done:
                continue
            view = session.view(seat)
            if view.decision == "spend" and searched(view, legal := session.legal()):
                self._start(moment, seat, view, legal)

    def _start(self, moment: object, seat: int, view: PlayerView, legal: list[Action]) -> None:
        key = self.key(moment, seat)
        if key in self._running:
            return
        self._running.add(key)
        self.app.run_worker(
            partial(self._work, moment, seat, view, legal, key[2]),
            name="coach",
            group="coach",
            description="the coach's advice",
            thread=True,
            exit_on_error=False,
        )

    def _work(
        self, moment: object, seat: int, view: PlayerView, legal: list[Action], language: str
    ) -> None:
        """The search, off the screen's thread; a coach that fails gives greedy's move."""
        from keythedral.bots.coach import suggest  # engine: after the first frame
        from keythedral.bots.hints import hint  # engine: after the first frame

        try:
            found = suggest(view, legal)
        except Exception:  # the coach's fault, never the game's: the quick advice instead
            found = hint(view, legal)
        self.app.call_from_thread(self.ready, Asked(moment, seat, found, language))

    def ready(self, asked: Asked) -> None:
        """A search is done: kept, and the board shows it if its decision is still on."""
        key = self.key(asked.moment, asked.seat, asked.language)
        self._running.discard(key)
        self._done[key] = asked
        while len(self._done) > KEEP:
            self._done.popitem(last=False)
        session = self.app.session
        if session is None or session.moment is not asked.moment:
            return
        screen = self.app.game_screen
        if screen is not None and screen.is_mounted:
            screen.advice_ready(asked.seat, self.hint_wanted == key)
        if self.hint_wanted == key:
            self.hint_wanted = None
