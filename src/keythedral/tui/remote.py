"""``keythedral join``: the app, at one seat of a game hosted elsewhere (keythedral host).

The screens are the hot-seat game's own (tui/screens/game.py): they read a session and call
the mode.  Here the session is a :class:`RemoteSession`, which knows only what the server sent
this seat (its own view, its own legal actions, the public log), and the mode is a
:class:`RemoteMode`, which sends the chosen action to the server instead of applying it: the
server is the only authority, and the next ``state`` message is the only way the screen
changes.  Nothing here can see another seat's hand, since nothing here ever receives it.

The table (keythedral.tui.table) routes its decisions as it does a hot-seat game's: here the
session's ``here`` is this one seat, so its hand is always up and its own decisions are never
handed over; what plays itself is keythedral.tui.autoplay's, as at a hot-seat table.  The
connection (keythedral.net.link) comes back by itself when it drops, the board staying on
screen meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from textual import events, on

from keythedral import engine, lang
from keythedral.lang import N_, _
from keythedral.net.link import Link
from keythedral.tui.app import KeythedralApp
from keythedral.tui.authority import OverTheLink, Refused, Sent
from keythedral.tui.autoplay import lone_choice, own_step
from keythedral.tui.mode import GameMode
from keythedral.tui.palette import common_commands
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.scores import ScoresScreen
from keythedral.tui.session import Seats
from keythedral.tui.table import Decision, GameOver, PassesBy, ShowHand
from keythedral.tui.widgets.decision import DecisionPanel
from keythedral.words.narration import narrate
from keythedral.words.text import decision_prompt, describe, seat_tokens

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from textual.app import SystemCommand
    from textual.screen import Screen

    from keythedral.engine import Action, GameConfig, PlayerView
    from keythedral.net.protocol import ErrorMessage, StateUpdate, Welcome
    from keythedral.tutorial import Tutorial


@dataclass
class RemoteSession(Seats):
    """A hosted game as one seat knows it: the last ``state`` message the server sent it.

    What the screens ask (``view``, ``legal``, ``at``, ``over``...) is answered from it
    (``GameSession``); the game's states, actions and seed stay on the server: this session
    is not ``local``, and has no state, undo or what-if to ask for."""

    config: GameConfig
    seat: int = 0
    #: The hint key works on this seat's view (the coach's suggested line and cubes need the
    #: whole state: the presenter offers them only for a local game).
    coach: bool = True
    kinds: tuple[str, ...] = ()  # "human" or "bot", per seat (the welcome's)
    update: StateUpdate | None = None
    #: An action of this seat is on its way to the server: nothing else may be chosen until
    #: the server answers (with the next state, or a refusal).
    waiting: bool = False
    sent_at: int | None = None  # the position this seat's last action was sent on
    online: bool = False  # connected now
    #: How an action goes to the server: ``send(action, at)`` (the app's link).
    send: Callable[[Action, int], None] | None = field(default=None, repr=False)

    @classmethod
    def joined(
        cls, welcome: Welcome, send: Callable[[Action, int], None] | None = None
    ) -> RemoteSession:
        return cls(config=welcome.config, seat=welcome.seat, kinds=welcome.seats, send=send)

    @property
    def local(self) -> None:
        """Not held here: the server is the only authority (``GameSession.local``)."""
        return None

    @property
    def authority(self) -> OverTheLink | None:
        """The host applies this seat's actions, sent over the link (``GameSession.authority``)."""
        return OverTheLink(self, self.send) if self.send is not None else None

    @property
    def moment(self) -> object:
        return self.update

    @property
    def at(self) -> int:
        return self.update.at if self.update is not None else 0

    @property
    def log_total(self) -> int:
        return self.update.view.log_total if self.update is not None else 0

    @property
    def public_seed(self) -> int | None:
        return None  # the host's secret: it decides the face-down tiles

    @property
    def over(self) -> bool:
        return self.update is not None and self.update.view.winners is not None

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.update.view.to_act if self.update is not None else ()

    @property
    def round(self) -> int:
        return self.update.view.round if self.update is not None else 0

    @property
    def here(self) -> tuple[int, ...]:
        return (self.seat,)  # the other seats decide at their own screens, or on the host

    def holds_laws(self, seat: int) -> bool:
        return self.update is not None and self.update.view.players[seat].laws_held > 0

    def follows_own(self, seat: int) -> bool:
        """This seat's action, sent from here, is the last one played (the next position)."""
        sent = self.sent_at
        return seat == self.seat and sent is not None and self.at == sent + 1

    def why_illegal(self, action: Action) -> str | None:
        return None  # the server alone knows the position; it answers a refused action

    def bot_spec(self, seat: int) -> str | None:
        kind = self.kinds[seat] if seat < len(self.kinds) else "human"
        return None if kind == "human" else kind

    def legal(self) -> list[Action]:
        if self.update is None or self.waiting or not self.online:
            return []
        return list(self.update.legal)

    def view(self, seat: int | None) -> PlayerView:
        """This seat's own view (the only one there is here), whoever is asked for."""
        assert self.update is not None, "asked before the first state came"  # (never drawn)
        return self.update.view

    def window_seats(self) -> tuple[int, ...]:
        return ()  # a window is answered on each player's own screen, never a shared one

    def asked_in_window(self) -> tuple[int, ...]:
        return ()

    def needs_privacy(self) -> bool:
        return False

    def public_decision(self) -> bool:
        return False

    def may_pass(self, seat: int) -> Action | None:
        if self.update is None or self.update.view.phase != "spend":
            return None
        return next((a for a in self.legal_for(seat) if a.kind == "pass"), None)

    def undoable_by(self) -> int | None:
        return None


class RemoteMode(GameMode):
    """The mode of a joined game: choices go to the server, whose answer redraws the screen.
    What only a local game has (a shared window, a hand-over, undo, the autosave, the coach's
    lines) does nothing here: the game is not ``local`` (``app.game`` is None; the host saves
    the game)."""

    app: JoinApp

    def __init__(self, app: JoinApp) -> None:
        super().__init__(app)
        self._auto_at: int | None = None  # the position a move played itself on
        #: The last action sent, its position, and the moment (the open windows) it answered.
        self._sent: tuple[Action, int, tuple[object, ...]] | None = None
        self._stale_expected = 0  # refusals as stale that a carried answer makes (not told)

    @property
    def remote(self) -> RemoteSession | None:
        session = self.app.session
        return session if isinstance(session, RemoteSession) else None

    def play(self, action: Action) -> bool:
        """Send ``action`` to the host (the session's authority, ``OverTheLink``): its next
        state redraws the screen."""
        session = self.remote
        authority = session.authority if session is not None else None
        outcome = authority.submit(action) if authority is not None else Refused(None)
        if session is None or not isinstance(outcome, Sent):
            reason = outcome.reason if isinstance(outcome, Refused) else None
            if self.app.game_screen is not None:
                self.app.game_screen.say(
                    reason or _("That is not one of your choices now."), error=True
                )
            return False
        self._sent = (action, session.at, moment(session.view(session.seat)))
        self.route()
        return True

    def rejoined(self) -> None:
        """Back after a drop: a move that played itself may have been lost on the way; it
        may play itself again."""
        self._auto_at = None
        self._sent, self._stale_expected = None, 0

    def carry(self, session: RemoteSession) -> bool:
        """Several seats answer one window at once: when another seat's answer reached the
        host first, this seat's "let it go by" is refused as stale though the moment is the
        same (the same windows, one seat fewer asked).  It is sent again at once, as the
        player chose it, instead of asking them twice.  Not a law card: a changed position
        may change its worth; and not when anything else changed (a law was played)."""
        sent, update = self._sent, session.update
        if sent is None or update is None:
            return False
        action, at, answered = sent
        if update.at <= at or action.kind != "decline" or action not in session.legal():
            return False
        if answered != moment(update.view):
            return False
        self._sent = None
        self._stale_expected += 1
        return self.play(action)

    def expected(self, error: ErrorMessage) -> bool:
        """A refusal as stale of an answer already sent again (see carry): not told."""
        if error.code == "stale" and self._stale_expected > 0:
            self._stale_expected -= 1
            return True
        return False

    def undo(self) -> None:
        if self.app.game_screen is not None:
            self.app.game_screen.say(
                _("Nothing can be taken back in a hosted game: the server has played it."),
                error=True,
            )

    def route(self) -> None:
        """Draw the screen for what the server said last (the table's decision for this
        seat's keyboard), and play a move that plays itself."""
        session = self.remote
        if session is None:
            self.app.redraw()
            return
        self.carry_out(self.table.route(session))

    def carry_out(self, decision: Decision) -> None:
        """Do what the table decided: a redraw, and then the scores, a pass that stands, an
        answer carried to a moment that is still the same, or a move that plays itself
        (``autoplay``: the only choice, or the only way to pay right after this seat's own
        action; with --no-auto-play, none)."""
        self.app.redraw()
        session = self.remote
        if session is None or session.update is None:
            return
        seat, view = session.seat, session.update.view
        match decision:
            case GameOver():
                if not self.scores_shown:
                    self.show_scores()
            case PassesBy():
                said = _("You pass (done for this phase).")
                self._play_once(session, session.may_pass(seat), said)
            case ShowHand() if not self.carry(session):
                on, hand_up = self.app.auto_play, self.table.hand_up
                action = own_step(session, seat, hand_up, on=on) or lone_choice(
                    session, seat, on=on
                )
                if action is not None:
                    # I18N: {action}: what was played for the player
                    said = _("{action} (the only choice).").format(action=describe(action, view))
                    self._play_once(session, action, said)

    def _play_once(self, session: RemoteSession, action: Action | None, text: str) -> None:
        """A turn that needs no thought plays itself, once a position, said in the info line."""
        if action is None or session.update is None or self._auto_at == session.update.at:
            return
        self._auto_at = session.update.at
        if self.app.game_screen is not None:
            self.app.game_screen.say(text, public=True)
        self.play(action)

    def show_scores(self) -> None:
        session = self.remote
        if session is None or not session.over:
            return
        self.scores_shown = True

        view = session.view(session.seat)
        kinds = [session.bot_spec(s) for s in range(len(view.players))]
        self.app.push_screen(ScoresScreen(view, bots=kinds))


class JoinApp(KeythedralApp):
    """The app at one seat of a hosted game (see the module docstring); the listener of its
    link (keythedral.net.link.Listener)."""

    mode: RemoteMode

    def __init__(
        self, url: str, token: str, *, retry_delays: Sequence[float] | None = None, **options: Any
    ) -> None:
        super().__init__(autosave=False, **options)
        self.url = url
        extra = {} if retry_delays is None else {"delays": retry_delays}
        self.link = Link(url, token, self, **extra)
        self.mode = RemoteMode(self)
        # I18N: {url}: the address of the hosted game
        connecting = _("Connecting to {url}…").format(url=url)
        self.status: str | None = connecting  # the connection's trouble, if any
        self.status_detail: str | None = None
        self.ended: str | None = None  # why the game ended for this screen (the link's)
        #: The seat the host welcomed this screen to, until its first state comes: only then is
        #: it the app's session (a screen drawn in between would ask for a view there is not).
        self._welcomed: RemoteSession | None = None

    # --- starting and ending -------------------------------------------------------------
    @on(events.Mount)
    def _join(self, event: events.Mount) -> None:
        event.prevent_default()  # not the hot-seat app's start (KeythedralApp.on_mount)
        self.push_screen(GameScreen())
        self.call_after_refresh(self.redraw)
        self.run_worker(self._connect(), name="link", exit_on_error=False)

    async def _connect(self) -> None:
        try:
            reason = await self.link.run()
        except Exception as exc:  # a fault of this program: said, never a crash of the screen
            # I18N: {error}: what went wrong (the system's words)
            reason = _("The connection failed: {error}").format(error=exc)
        self.ended = reason
        if isinstance(self.session, RemoteSession):
            self.session.online = False  # nothing more can be sent from this screen
        if self.session is None and not self.is_web:  # never joined: nothing to look at
            # I18N: {reason}: why the game could not be joined
            self.exit(return_code=2, message=_("keythedral join: {reason}").format(reason=reason))
            return
        # (In a browser tab the reason stays on screen: an exit message would not be seen.)
        self._set_status(reason, _("Press ctrl+q to leave"))

    async def action_quit(self) -> None:
        await self.link.stop()
        self.exit()

    @on(events.Unmount)
    async def _leave(self) -> None:
        await self.link.stop()

    # --- what the server says (keythedral.net.link's listener) ---------------------------------
    def welcomed(self, welcome: Welcome) -> None:
        session = self.session
        if isinstance(session, RemoteSession) and session.seat == welcome.seat:
            self.mode.rejoined()
            return  # joined again after a drop: the state that follows redraws
        self._welcomed = RemoteSession.joined(welcome, self.send)
        self.tokens = seat_tokens(list(welcome.names))

    def updated(self, update: StateUpdate) -> None:
        session = self.session if self.session is not None else self._welcomed
        if not isinstance(session, RemoteSession) or update.view.seat != session.seat:
            return  # (a server sends each seat its own view only)
        news = update.at != session.at or session.update is None
        session.update, session.waiting, session.online = update, False, True
        self.session = session  # (from its first state on)
        self.status = None
        screen = self.game_screen
        if news and update.events and screen is not None and screen.is_mounted:
            names = [p.name for p in update.view.players]  # what just happened, in the info line
            screen.say(narrate(update.events[-1], names, session.seat), public=True)
        self.mode.route()  # (after: a move that plays itself says so over it)

    def refused(self, error: ErrorMessage) -> None:
        if self.mode.expected(error):
            return  # the answer has gone again already
        session = self.session
        if isinstance(session, RemoteSession):
            session.waiting = False
        self.mode.route()
        if self.game_screen is not None and self.game_screen.is_mounted:
            self.game_screen.say(refusal(error), error=True)
        if error.code == "engine_fault":  # longer than the info line: in a note as well
            title = _("The rules engine failed")
            self.notify(error.reason, title=title, severity="error", timeout=60)

    def dropped(self, reason: str, attempt: int) -> None:
        session = self.session
        if isinstance(session, RemoteSession):
            session.online = session.waiting = False
        if attempt > 1:
            # I18N: {n}: how many times it has tried to connect again
            status = _("The connection to the game is lost: reconnecting… (try {n})").format(
                n=attempt
            )
        else:
            status = _("The connection to the game is lost: reconnecting…")
        # ("Cannot reach": the link's own words for a host that does not answer)
        why = _("The host does not answer yet") if "Cannot reach" in reason else reason
        self._set_status(status, why)

    def _set_status(self, status: str, detail: str | None = None) -> None:
        """A line about the connection instead of the choices, until the next state."""
        self.status, self.status_detail = status, detail
        self.mode.route()

    def send(self, action: Action, at: int) -> None:
        """Send ``action`` to the server (its answer comes through the listener)."""
        self.run_worker(self._send(action, at), group="send", exit_on_error=False)

    async def _send(self, action: Action, at: int) -> None:
        if not await self.link.act(action, at):
            session = self.session
            if isinstance(session, RemoteSession):
                session.waiting = False
            self._set_status(_("The action was not sent: the connection is down."))

    # --- the screen -------------------------------------------------------------------------
    def redraw(self, *, covered: bool = False) -> None:
        super().redraw(covered=covered)
        screen = self.game_screen
        if screen is None or not screen.is_mounted:
            return
        session = self.session
        if self.status is None and isinstance(session, RemoteSession) and session.waiting:
            view = session.view(session.seat)
            prompt = decision_prompt(view, view.to_act)
            screen.query_one(DecisionPanel).show(
                prompt, [], _("Your choice is on its way to the host.")
            )
        if self.status is not None:
            detail = self.status_detail or ""
            if self.session is not None and self.ended is None:
                if detail:
                    # I18N: {detail}: what is wrong with the connection (no full stop)
                    hint = _("{detail}. The board stays as the host last sent it.").format(
                        detail=detail
                    )
                else:
                    hint = _("The board stays as the host last sent it.")
            else:
                hint = detail
            screen.query_one(DecisionPanel).show(self.status, [], hint)

    def action_new_game(self, template: GameConfig | None = None) -> None:
        self.notify(_("A hosted game: a new one starts with keythedral, or keythedral host."))

    def action_save(self) -> None:
        self.notify(_("The host saves this game: keythedral host --resume continues it."))

    def action_load(self) -> None:
        self.action_save()

    def action_save_log(self) -> None:
        self.notify(_("The whole log is on the host: keythedral log there writes it."))

    def start_tutorial(self, tutorial: Tutorial | None = None) -> None:
        self.notify(_("The tutorial is in keythedral tutorial."))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        from textual.app import SystemCommand

        rules = _("Read the rules as this program plays them")
        yield SystemCommand(_("Rules"), rules, self.action_rules)
        yield SystemCommand(_("Help"), _("Keys and the map legend"), self.action_help)
        ascii = _("Draw with plain ASCII (on/off)")
        yield SystemCommand(_("ASCII drawing"), ascii, self.action_toggle_ascii)
        yield from common_commands(self)


#: The host's refusals in this player's own words, by the protocol's error code: the protocol
#: holds no words of a language (net/protocol.py: a refusal's ``reason`` is the host's English,
#: kept as it is for English readers, since it may say more).
# I18N: the host refused a move sent from this screen (keythedral join)
REFUSALS = {
    "not_your_seat": N_("You can only play for your own seat."),
    "not_your_turn": N_("It is not your turn."),
    "stale": N_("The game had moved on before your choice came: choose again."),
    "illegal": N_("The host refused that move: the rules do not allow it now."),
    "game_over": N_("The game is over."),
}


def refusal(error: ErrorMessage) -> str:
    """What the host's refusal says, in this player's language: the engine's own refusal when
    the host sent it (language-free), else this screen's words for its code."""
    if error.refusal is not None:
        return str(engine.IllegalAction.from_wire(error.refusal))
    words = REFUSALS.get(error.code)
    return error.reason if words is None or lang.current() == "en" else _(words)


def moment(view: PlayerView) -> tuple[object, ...]:
    """The windows open in ``view``, without who is still asked in them."""
    return tuple((w.kind, w.phase, w.purchase, w.law) for w in view.windows)


def run_join_app(url: str, token: str, *, mouse: bool = True, **options: Any) -> int:
    """``keythedral join URL --token T``: the app at that seat until the player leaves; the
    exit status (2 when the game could not be joined, the reason printed)."""
    app = JoinApp(url, token, **options)
    app.run(mouse=mouse)
    return app.return_code or 0
