"""The computer players in the app: they choose their moves and play them.

One bot per computer seat (``Session.seats``), seeded from the game, so that a resumed game
plays on with the same bots.  A bot's decision is made on its own seat's view, in a thread
(ismcts searches for a second), and played after a short pause (the app's ``bot_pause``) so
that people can follow it; with no pause, the quick bots' moves are made at once, one after
the other.  Each move is announced in the info line and listed while the bots play on.  A move
chosen for a game that has since changed (an undo, a new game, a window answered meanwhile) is
dropped.

A bot's move goes through ``Session.apply`` like a person's.  When the rules engine fails on it
(or the bot fails while choosing, its search going through the engine), the fault is reported
as a person's is (``Files.engine_fault``: a record for a bug report, a note on screen) and the
bot plays ``faults.fallback`` instead: the first of its other legal actions that applies, a
"let it go by" or a pass first.  That keeps the game going at once, in the app's thread (no
second search), and cannot meet the same fault again.  A bot left with no action that applies
stops there (``stalled``), said so, instead of trying again and again.
"""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

from keythedral.lang import N_, _
from keythedral.records import faults
from keythedral.tui.choices import action_cell
from keythedral.tui.table import next_bot
from keythedral.tui.widgets.board import FieldMap
from keythedral.words.text import describe

if TYPE_CHECKING:
    from keythedral.bots.base import Bot
    from keythedral.engine import Action, GameState
    from keythedral.records.faults import EngineFault
    from keythedral.tui.app import KeythedralApp
    from keythedral.tui.session import Session

QUICK_BOTS = frozenset({"random", "greedy", "easy", "normal"})  # bots that need no thread
BURST = 200  # bot moves made in one go when there is no pause
MEANWHILE = 6  # the bots' last moves listed while they play


class BotRunner:
    """The app's computer players: ``bots`` by seat, the seat whose move is being made
    (``thinking``) and the bots' moves since a person last acted (``moves``)."""

    def __init__(self, app: KeythedralApp) -> None:
        self.app = app
        self.bots: dict[int, Bot] = {}
        self.thinking: int | None = None
        self.turn = 0  # counts bot turns: a result for an older one is dropped
        self.moves: list[str] = []
        #: The state at which a bot could play nothing (every action it has made the engine
        #: fail): it is not asked again there.
        self.stalled: GameState | None = None

    def seat_bots(self, session: Session) -> None:
        """One bot per computer seat of a new session (a move under way is forgotten)."""
        from keythedral.bots import seat_bot  # engine: after the first frame

        self.cancel()
        self.bots = {
            s: seat_bot(spec, session.config.seed, s)
            for s in range(session.config.n)
            if (spec := session.bot_spec(s)) is not None
        }

    def cancel(self) -> None:
        """Forget a bot move under way (the game changed): its result will be dropped."""
        self.turn += 1
        self.thinking = None

    def move(self, seat: int) -> None:
        """Let the bot of ``seat`` choose, in a thread, on its own seat's view only."""
        from keythedral.bots import seat_bot  # engine: after the first frame

        session = self.app.game
        assert session is not None
        if self.thinking == seat:
            return  # already under way
        if session.state is self.stalled:
            self.app.redraw()  # told already; trying again would only fail again
            return
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
            bot = self.bots[seat] = seat_bot(spec, session.config.seed, seat)
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
        session = self.app.game
        spec = session.bot_spec(seat) if session is not None else None
        return spec is not None and spec.split(":")[0] in QUICK_BOTS and seat in self.bots

    def _burst(self, turn: int) -> None:
        """Without a pause, the quick bots' moves are made at once, one after the other (up to
        a person's decision), and the board is drawn once."""
        app = self.app
        session = app.game
        if turn != self.turn or session is None:
            return
        last = None
        made = 0
        for _burst in range(BURST):
            seat = next_bot(session)
            if seat is None or not self.quick(seat):
                break
            action: Action | None = None
            fault: EngineFault | None = None
            try:
                action = self.bots[seat].choose(session.view(seat), session.legal())
            except Exception as exc:  # a bug: the game goes on with another move
                fault = faults.EngineFault(None, exc)
            before = session.state
            played = self.push_move(session, seat, action, fault)
            if played is None:
                break  # nothing it could play: said, and the game stops there
            last = (played, before, session.state)
            made += 1
        else:  # a long run of bots (a game of bots only): let the screen catch up between
            self.cancel()
            app.files.autosave()
            app.redraw()
            app.call_later(app.route)
            return
        self.cancel()
        if last is not None:
            self.announce(*last, earlier=made - 1)
        app.files.autosave()
        app.route()

    def _think(
        self, turn: int, at: int, seat: int, state: GameState, legal: list[Action], bot: Bot
    ) -> None:
        """The bot's choice, made off the UI thread (ismcts searches for a while)."""
        from keythedral import engine  # engine: after the first frame

        started = time.monotonic()
        try:
            action: Action | EngineFault = bot.choose(engine.view(state, seat), legal)
        except Exception as exc:  # a bug: the game goes on with another move (see ``play``)
            action = faults.EngineFault(None, exc)
        self.app.call_from_thread(self.chose, turn, at, action, started)

    def chose(self, turn: int, at: int, action: Action | EngineFault, started: float) -> None:
        """The bot has chosen (or failed to: an EngineFault): its move is played once its
        pause is over."""
        if turn != self.turn:
            return  # undone, a new game, or a window answered meanwhile
        wait = self.app.bot_pause - (time.monotonic() - started)
        if getattr(action, "kind", "") == "decline" or wait <= 0:
            self.app.call_later(self.play, turn, at, action)
        else:
            self.app.set_timer(wait, partial(self.play, turn, at, action))

    def play(self, turn: int, at: int, action: Action | EngineFault) -> None:
        """Apply the bot's move, if the game is still where the bot saw it (``push_move``)."""
        from keythedral import engine  # engine: after the first frame

        app = self.app
        session = app.game
        if turn != self.turn or session is None or len(session.actions) != at:
            return
        self.thinking = None
        failed = action if isinstance(action, faults.EngineFault) else None
        chosen = None if isinstance(action, faults.EngineFault) else action
        seat = chosen.seat if chosen is not None else next_bot(session)
        if seat is None:  # pragma: no cover - a bot was asked because one is to act
            return
        before = session.state
        try:
            played = self.push_move(session, seat, chosen, failed)
        except engine.IllegalAction as exc:  # pragma: no cover - bots choose from the legal list
            # I18N: {error}: the rules engine's reason (English)
            said = _("The computer player's move was refused: {error}").format(error=exc)
            app.notify(said, severity="error")
            return
        if played is None:
            app.redraw()
            return
        self.announce(played, before, session.state)
        app.files.autosave()
        app.route()

    def push_move(
        self, session: Session, seat: int, action: Action | None, fault: EngineFault | None
    ) -> Action | None:
        """Play the bot's ``action`` (pushed): the action played.  When the engine fails on it,
        or the bot failed to choose (``action`` None, its ``fault`` given), that is reported
        and the bot plays ``faults.fallback`` instead; None (reported too) when nothing it
        could play applies.  IllegalAction as ever."""
        if action is not None:
            try:
                session.push(action, session.apply(action))
                return action
            except faults.EngineFault as exc:
                fault = exc
        assert fault is not None
        before = session.state
        instead = faults.fallback(
            before, session.legal_for(seat), () if action is None else {action}
        )
        label = session.seat_label(seat)
        # I18N: when the rules engine failed: "Something went wrong ... {what}; ..."; {whose}:
        # a computer player's name as the owner of the move ("Otto's", French "d'Otto"),
        # {player}: its name
        what = N_("with {whose} move") if action is not None else N_("while {player} chose a move")
        if instead is None:
            self.stalled = before
            then = _("{player} has no other move that can be played: the game cannot go on.")
            self.app.files.engine_fault(fault, what, then.format(player=label), player=label)
            return None
        # I18N: {player}: a computer player's name; {action}: the move it plays
        then = _("{player} plays another move instead: {action}.").format(
            player=label, action=describe(instead[0], session.view(None))
        )
        self.app.files.engine_fault(fault, what, then, player=label)
        session.push(*instead)
        return instead[0]

    def announce(
        self, action: Action, before: GameState, after: GameState, earlier: int = 0
    ) -> None:
        """The bot's move in the info line: 'Bob (greedy) sends a worker to ...' (``earlier``:
        the moves made just before it and not said, counted there)."""
        from keythedral import engine  # engine: after the first frame

        session = self.app.game
        screen = self.app.game_screen
        if session is None or screen is None or not screen.is_mounted or action.kind == "decline":
            return
        name = session.config.players[action.seat]
        label = session.seat_label(action.seat)
        new = after.log_total - before.log_total
        events = after.log[-new:] if 0 < new <= len(after.log) else ()
        if events:
            from keythedral.words.narration import begins_at, narrate  # engine: after 1st frame

            first = narrate(events[0], session.config.players)
            at = begins_at(first, name + " ")  # the bot's name begins it: its label instead
            text = first if at is None else first[:at] + label + first[at + len(name) :]
        else:  # a step whose log line comes later (a payment, a purchase that pays first)
            # I18N: {player}: a computer player's name; {action}: its move
            text = _("{player}: {action}.").format(
                player=label, action=describe(action, engine.view(before, None))
            )
        self.moves.append(text)
        del self.moves[:-MEANWHILE]
        screen.say(text, public=True, earlier=earlier)
        cell = action_cell(action)
        if cell is not None:  # the map's cursor shows where the bot moved
            screen.query_one(FieldMap).set_cursor(cell, announce=False)
