"""The computer players in the app: they choose their moves and play them.

One bot per computer seat (``Session.seats``), seeded from the game, so that a resumed game
plays on with the same bots.  A bot's decision is made on its own seat's view, in a thread
(ismcts searches for a second), and played after a short pause (the app's ``bot_pause``) so
that people can follow it; with no pause, the quick bots' moves are made at once, one after
the other.  Each move is announced in the info line and listed while the bots play on.  A move
chosen for a game that has since changed (an undo, a new game, a window answered meanwhile) is
dropped.
"""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

from keythedral.tui.choices import action_cell
from keythedral.tui.table import next_bot
from keythedral.tui.text import describe
from keythedral.tui.widgets.board import FieldMap

if TYPE_CHECKING:
    from keythedral.bots.base import Bot
    from keythedral.engine import Action, GameState
    from keythedral.tui.app import KeythedralApp
    from keythedral.tui.session import Session

QUICK_BOTS = frozenset({"random", "greedy", "easy", "normal"})  # bots that need no thread
BURST = 200  # bot moves made in one go when there is no pause
MEANWHILE = 6  # the bots' last moves listed while they play
ISMCTS_TIME = 1.0  # seconds a plain "ismcts" seat searches at most, a move


def app_bot(spec: str, game_seed: int, seat: int) -> Bot:
    """The bot for a seat, seeded from the game (a resumed game plays on with the same bots).
    A plain "ismcts" searches for at most ISMCTS_TIME seconds a move here, so that people do
    not wait long on a slow machine (its options, when given, are kept as they are)."""
    from keythedral.bots import make_bot

    extra = {"time": ISMCTS_TIME} if spec.strip().lower() == "ismcts" else {}
    return make_bot(spec, seed=game_seed * 7 + seat, **extra)


class BotRunner:
    """The app's computer players: ``bots`` by seat, the seat whose move is being made
    (``thinking``) and the bots' moves since a person last acted (``moves``)."""

    def __init__(self, app: KeythedralApp) -> None:
        self.app = app
        self.bots: dict[int, Bot] = {}
        self.thinking: int | None = None
        self.turn = 0  # counts bot turns: a result for an older one is dropped
        self.moves: list[str] = []

    def seat_bots(self, session: Session) -> None:
        """One bot per computer seat of a new session (a move under way is forgotten)."""
        self.cancel()
        self.bots = {
            s: app_bot(spec, session.config.seed, s)
            for s in range(session.config.n)
            if (spec := session.bot_spec(s)) is not None
        }

    def cancel(self) -> None:
        """Forget a bot move under way (the game changed): its result will be dropped."""
        self.turn += 1
        self.thinking = None

    def move(self, seat: int) -> None:
        """Let the bot of ``seat`` choose, in a thread, on its own seat's view only."""
        session = self.app.session
        assert session is not None
        if self.thinking == seat:
            return  # already under way
        self.cancel()
        self.thinking = seat
        turn = self.turn
        if self.app.bot_pause <= 0 and self.quick(seat):
            self._burst(turn)  # no pause: at once, in one go
            return
        self.app.redraw()
        bot = self.bots.get(seat)
        if bot is None:  # pragma: no cover - seat_bots makes a bot for every bot seat
            spec = session.bot_spec(seat)
            assert spec is not None
            bot = self.bots[seat] = app_bot(spec, session.config.seed, seat)
        think = partial(
            self._think, turn, len(session.actions), seat, session.state, session.legal(), bot
        )
        self.app.run_worker(
            think,
            name="_think",
            group="bots",
            description="a bot's move",
            thread=True,
            exit_on_error=False,
        )

    def quick(self, seat: int) -> bool:
        """A bot that decides in well under a millisecond (not a search)."""
        session = self.app.session
        spec = session.bot_spec(seat) if session is not None else None
        return spec is not None and spec.split(":")[0] in QUICK_BOTS and seat in self.bots

    def _burst(self, turn: int) -> None:
        """Without a pause, the quick bots' moves are made at once, one after the other (up to
        a person's decision), and the board is drawn once."""
        from keythedral import engine

        app = self.app
        session = app.session
        if turn != self.turn or session is None:
            return
        last = None
        for _ in range(BURST):
            seat = next_bot(session)
            if seat is None or not self.quick(seat):
                break
            action = self.bots[seat].choose(session.view(seat), session.legal())
            before = session.state
            session.push(action, engine.apply(before, action))
            last = (action, before, session.state)
        else:  # a long run of bots (a game of bots only): let the screen catch up between
            self.cancel()
            app.files.autosave()
            app.redraw()
            app.call_later(app.route)
            return
        self.cancel()
        if last is not None:
            self.announce(*last)
        app.files.autosave()
        app.route()

    def _think(
        self, turn: int, at: int, seat: int, state: GameState, legal: list[Action], bot: Bot
    ) -> None:
        """The bot's choice, made off the UI thread (ismcts searches for a while)."""
        from keythedral import engine

        started = time.monotonic()
        action = bot.choose(engine.view(state, seat), legal)
        self.app.call_from_thread(self.chose, turn, at, action, started)

    def chose(self, turn: int, at: int, action: Action, started: float) -> None:
        """The bot has chosen: its move is played once its pause is over."""
        if turn != self.turn:
            return  # undone, a new game, or a window answered meanwhile
        wait = self.app.bot_pause - (time.monotonic() - started)
        if action.kind == "decline" or wait <= 0:
            self.app.call_later(self.play, turn, at, action)
        else:
            self.app.set_timer(wait, partial(self.play, turn, at, action))

    def play(self, turn: int, at: int, action: Action) -> None:
        """Apply the bot's move, if the game is still where the bot saw it."""
        from keythedral import engine

        app = self.app
        session = app.session
        if turn != self.turn or session is None or len(session.actions) != at:
            return
        self.thinking = None
        try:
            state = engine.apply(session.state, action)
        except engine.IllegalAction as exc:  # pragma: no cover - bots choose from the legal list
            app.notify(f"The computer player's move was refused: {exc}", severity="error")
            return
        before = session.state
        session.push(action, state)
        self.announce(action, before, state)
        app.files.autosave()
        app.route()

    def announce(self, action: Action, before: GameState, after: GameState) -> None:
        """The bot's move in the info line: 'Bob (greedy) sends a worker to ...'."""
        from keythedral import engine

        session = self.app.session
        screen = self.app.game_screen
        if session is None or screen is None or not screen.is_mounted or action.kind == "decline":
            return
        name = session.config.players[action.seat]
        label = session.seat_label(action.seat)
        new = after.log_total - before.log_total
        events = after.log[-new:] if 0 < new <= len(after.log) else ()
        if events:
            from keythedral.narration import narrate

            first = narrate(events[0], session.config.players)
            text = label + first[len(name) :] if first.startswith(name + " ") else first
        else:  # a step whose log line comes later (a payment, a purchase that pays first)
            text = f"{label}: {describe(action, engine.view(before, None))}."
        self.moves.append(text)
        del self.moves[:-MEANWHILE]
        screen.say(text, public=True)
        cell = action_cell(action)
        if cell is not None:  # the map's cursor shows where the bot moved
            screen.query_one(FieldMap).set_cursor(cell, announce=False)
