"""The normal game in the app: hot-seat play, the table's decisions carried out.

:class:`GameMode` is what the app delegates a game to: a person's action (``play``), the shared
window's answers (``decline_all``, ``claim``), undo, the hand-over screen and the scores.  After
every change it asks the table (keythedral.tui.table) who holds the keyboard, and does what the
table decided: a redraw, the hand-over screen, a bot's move, the scores.  The tutorial's mode
(keythedral.tui.screens.tutorial.TutorialMode) has the same small interface.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, assert_never

from keythedral.lang import N_, _, pgettext
from keythedral.records import faults
from keythedral.tui.authority import Failed, Played, Refused, Sent
from keythedral.tui.autoplay import lone_choice, own_step
from keythedral.tui.choices import paid_counts
from keythedral.tui.kind import HOT_SEAT, GameKind
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.table import (
    BotMoves,
    Claim,
    Decision,
    Elsewhere,
    GameOver,
    HandOver,
    LetGoBy,
    PassesBy,
    SharedWindow,
    ShowHand,
    ShowPublic,
    TakeBack,
)
from keythedral.words import terms
from keythedral.words.text import cubes_text, decision_prompt, describe, window_question

if TYPE_CHECKING:
    from textual.screen import Screen

    from keythedral.engine import Action
    from keythedral.tui.app import KeythedralApp
    from keythedral.tui.session import Session
    from keythedral.tui.table import Table

RECENT_LINES = 8  # public events told on the privacy screen (it shows as many as fit)
PRIVACY = "privacy"  # the name the privacy screen is installed under


class GameMode:
    """A game of people and computer players at one keyboard (see the module docstring)."""

    def __init__(self, app: KeythedralApp, kind: GameKind = HOT_SEAT) -> None:
        self.app = app
        #: What this kind of game does (autosave, the coach's payments, what plays itself).
        self.kind = kind
        self.scores_shown = False
        self._handover: HandoverScreen | None = None  # up for someone, their answer to come
        self._answering: HandoverScreen | None = None  # its answer being carried out
        #: Where in the game's actions a forced move played itself: taking back the move
        #: after it takes back that one too (else it would only play itself again).
        self.forced_at: set[int] = set()
        #: The cubes chosen with an action, for the payment it leads to (a bid: if it wins):
        #: seat -> (where the action is in the game's actions, the action, the ``pay``
        #: actions still to play).
        self.plans: dict[int, tuple[int, Action, list[Action]]] = {}

    @property
    def table(self) -> Table:
        return self.app.table

    @property
    def handing_over(self) -> bool:
        """The privacy screen is up, or the answer on it is on its way (it redraws the board)."""
        return self._handover is not None

    # --- a person's actions -------------------------------------------------------------------
    def play(self, action: Action) -> bool:
        """Hand one action of a person to the game's authority (keythedral.tui.authority: here
        the engine, ``InProcess``) and show what came of it: a refusal's reason, a fault of
        the engine reported (the game stays as it was), or the game gone on."""
        app = self.app
        session = app.game
        authority = session.authority if session is not None else None
        if session is None or authority is None:
            return False
        match authority.submit(action):
            case Refused(reason):
                if reason is not None and app.game_screen is not None:
                    app.game_screen.say(reason, error=True)
                return False
            case Failed(fault):
                # I18N: when the rules engine failed: "Something went wrong ... {what}; ..."
                what = N_("with that move")
                app.files.engine_fault(fault, what, _("Choose another move."))
                if app.game_screen is not None:
                    app.game_screen.say(
                        _(
                            "That move could not be played: the rules engine failed (see the "
                            "note). Choose another move."
                        ),
                        error=True,
                    )
                return False
            case Played() | Sent():
                pass
        app.runner.cancel()
        app.runner.moves.clear()
        app.files.autosave()
        card = drawn_card(session, action)
        if card is not None:
            # The card is shown to the one who drew it before the keyboard goes on.
            from keythedral.tui.screens.drawn import DrawnLawScreen  # not before the first frame

            name = session.config.players[action.seat]
            self.push(DrawnLawScreen(name, card, app.settle), lambda _: self.route())
        else:
            self.route()
        return True

    def decline_all(self) -> None:
        """Enter on the shared window prompt: every seat asked lets the moment go by."""
        session = self.app.game
        if session is None:
            return
        self.app.runner.cancel()
        self.let_go_by(session)
        self.table.claimed = None
        self.app.files.autosave()
        self.route()

    def let_go_by(self, session: Session) -> None:
        """Every seat asked in the open window lets it go by (``Session.let_window_go_by``);
        a fault of the engine on one of the declines is reported, and the window stays open
        for that seat."""
        try:
            session.let_window_go_by()
        except faults.EngineFault as fault:
            self.app.files.engine_fault(
                fault,
                # I18N: when the rules engine failed: "Something went wrong ... {what}; ..."
                N_("when the moment was let go by"),
                _("The moment is still open: answer it another way, if there is one."),
            )

    def open_hand(self) -> None:
        """The player deciding on the shared screen asks for their hand: the privacy screen."""
        session = self.app.game
        decision = self.table.open_hand(session) if session is not None else None
        if decision is not None:
            self.carry_out(decision)

    def play_forced(self, session: Session, seat: int) -> bool:
        """A public decision with one choice plays itself (the last number, the only free
        field), said in the info line (``autoplay.lone_choice``)."""
        action = lone_choice(session, seat, on=self.app.auto_play)
        if action is None:
            return False

        # I18N: {player}: a player's name; {action}: what was played for them
        text = _("{player}: {action} (the only choice).").format(
            player=session.seat_label(seat), action=describe(action, session.view(None))
        )
        if self.app.game_screen is not None:  # before the move: a hand-over after it clears it
            self.app.game_screen.say(text, public=True)
        return self._play_forced(session, action)

    def play_own_forced(self, session: Session, seat: int) -> bool:
        """A private decision with one choice, right after the same person's own action (the
        only way to pay for what they just chose): it plays itself, said in the info line for
        that person only (``autoplay.own_step``); a decision that comes with a hand-over keeps
        its moment (one key, pre-selected)."""
        on = self.kind.plays_own_forced and self.app.auto_play
        action = own_step(session, seat, self.table.hand_up, on=on)
        if action is None:
            return False

        if self.app.game_screen is not None:  # before the move: the note is this hand's
            # I18N: {action}: what was played for the player
            said = _("{action} (the only choice).").format(
                action=describe(action, session.view(seat))
            )
            self.app.game_screen.say(said)
        return self._play_forced(session, action)

    def paying(self, action: Action, plan: list[Action]) -> None:
        """An action with the cubes of the payment it leads to, chosen with it behind the
        player's screen (a purchase; a bid, paid if it wins): the payment then plays itself,
        see ``pays_as_chosen``."""
        session = self.app.game
        if session is None:
            return
        self.plans[action.seat] = (len(session.actions), action, list(plan))
        if not self.play(action):
            self.plans.pop(action.seat, None)

    def pays_as_chosen(self, session: Session, seat: int) -> bool:
        """A payment of cubes chosen with the action it pays for (``paying``): the next cube,
        without asking again (nor handing the keyboard over for a won bid: said to the table,
        which sees the cubes change hands).  Not if the action was taken back, nor if a cube
        of the plan can no longer be paid (then the player is asked)."""
        entry = self.plans.get(seat)
        payment = session.state.payment
        if entry is None or payment is None or payment.seat != seat or session.window_seats():
            return False
        at, action, plan = entry
        since = [a.kind for a in session.actions[at + 1 :] if a.seat == seat]
        if (
            session.actions[at : at + 1] != [action]  # taken back
            or any(kind not in ("pay", "decline") for kind in since)  # a lost bid, long ago
            or not plan
            or plan[0] not in session.legal_for(seat)  # then the player is asked
        ):
            del self.plans[seat]
            return False
        screen = self.app.game_screen
        first = session.actions[-1].kind != "pay"  # said once, with every cube of the plan
        if screen is not None and payment.purpose == "bid" and first:
            names = session.config.players
            cubes = cubes_text(paid_counts(plan))
            if payment.to_seat is not None:
                # I18N: {player}, {other}: players' names; {cubes}: the cubes paid
                said = _(
                    "{player} pays {cubes} to {other} for the start player, as chosen with the bid."
                ).format(player=names[seat], cubes=cubes, other=names[payment.to_seat])
            else:
                said = _(
                    "{player} pays {cubes} for the start player, as chosen with the bid."
                ).format(player=names[seat], cubes=cubes)
            screen.say(said, public=True)
        if self._play_forced(session, plan.pop(0)):
            return True
        self.plans.pop(seat, None)  # the cube could not be paid after all: the player is asked
        return False

    def pass_for_phase(self, until_change: bool = False) -> None:
        """The person at the keyboard passes, and their later turns of this phase 3 pass by
        themselves, said to the table: every one (they are done), or ``until_change``: until a
        tile comes up for sale, a price changes or the map changes (the coach's pass).  See
        ``Table.stand``."""
        session = self.app.session  # (a joined seat too: the table keeps its pass)
        seat = self.table.keyboard
        if session is None or seat is None:
            return
        action = session.may_pass(seat)
        if action is None:
            return
        self.table.stand(session, seat, until_change=until_change)
        if not self.play(action):
            self.table.standing.pop(seat, None)

    def passes_by(self, session: Session, seat: int) -> None:
        """A turn the seat's standing pass plays (``PassesBy``), said to the table."""
        action = session.may_pass(seat)
        if action is None:
            return
        if self.app.game_screen is not None:
            name = session.config.players[seat]
            if self.table.standing[seat].board is None:
                # I18N: {player}: a player's name
                said = _("{player} passes (done for this phase).")
            else:
                # I18N: {player}: a player's name. One row at 80 columns: nothing new to buy,
                # and the map as it was
                said = _(
                    "{player} passes again: no new tile, and no price, field, home or fence changed."
                )
            self.app.game_screen.say(said.format(player=name), public=True)
        if not self._play_forced(session, action):  # the engine failed on it (told)
            self.table.standing.pop(seat, None)  # the player is asked instead
            self.route()

    def _play_forced(self, session: Session, action: Action) -> bool:
        at = len(session.actions)
        self.forced_at.add(at)
        if self.play(action):
            return True
        self.forced_at.discard(at)
        return False

    def take_back(self, session: Session) -> Action:
        """Take back the last action; if it was a forced move, the action that led to it too
        (when that may be taken back), and so on back to the person's own choice, so that the
        forced moves do not simply play again."""
        action = session.undo()
        while len(session.actions) in self.forced_at and session.undoable_by() == action.seat:
            action = session.undo()  # what was taken back had played itself: one more
        self.forced_at = {i for i in self.forced_at if i < len(session.actions)}
        n = len(session.actions)  # an action taken back takes its cubes with it
        self.table.forget_after(n)  # and a pass taken back no longer stands
        self.plans = {s: plan for s, plan in self.plans.items() if plan[0] < n}
        return action

    def claim(self, seat: int) -> None:
        """A seat answers a window: it gets the keyboard behind the privacy screen."""
        session = self.app.game
        decision = self.table.claim(session, seat) if session is not None else None
        if decision is not None:
            self.carry_out(decision)

    # --- undo ---------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """The person whose hand is up may take back their own last action: the one at the
        keyboard, or the one whose hand is up while a bot is about to answer (before it does)."""
        session = self.app.game
        who = self.table.hand_up
        return (
            session is not None
            and who is not None
            and not session.is_bot(who)
            and session.undoable_by() == who
        )

    def undo(self) -> None:
        screen = self.app.game_screen
        if not self.can_undo():
            if screen is not None:
                screen.say(
                    _(
                        "Nothing to take back: only your own last actions that revealed nothing "
                        "new can be undone (never a computer player's)."
                    ),
                    error=True,
                )
            return
        session = self.app.game
        assert session is not None
        self.app.runner.cancel()
        action = self.take_back(session)
        self.app.files.autosave()
        self.route()
        if screen is not None:
            # in the list's own words ("trade 2 cubes for 1 food"), not the engine's kind
            # I18N: {action}: the action taken back, in the list's words
            said = _("Taken back: {action}.").format(
                action=describe(action, session.view(action.seat))
            )
            screen.say(said)

    # --- who holds the keyboard ---------------------------------------------------------------
    def route(self) -> None:
        """Decide who holds the keyboard for the next decision (the table), and do it."""
        session = self.app.game
        if session is not None:
            if self.kind.suggests_payments:  # the suggested line's move (not the tutorial's)
                self.app.advice.prefetch(session)  # worked out while the privacy screen is up
            self.carry_out(self.table.route(session))

    def carry_out(self, decision: Decision) -> None:
        """Do what the table decided."""
        app = self.app
        session = app.game
        assert session is not None
        match decision:
            case HandOver(seat, takes_back=False) | ShowHand(seat) if (
                seat is not None and self.pays_as_chosen(session, seat)
            ):
                pass
            case ShowHand(seat) if seat is not None and self.play_own_forced(session, seat):
                pass
            case ShowHand() | SharedWindow() | Elsewhere():
                app.redraw()
            case ShowPublic(seat):
                if not self.play_forced(session, seat):
                    app.redraw()
            case HandOver(seat, undo_by, window, takes_back):
                app.redraw(covered=True)  # the board is drawn again when it comes back
                self.hand_over(session, seat, undo_by, window, takes_back)
            case BotMoves(seat):
                app.runner.move(seat)
            case PassesBy(seat):
                self.passes_by(session, seat)
            case LetGoBy(seat):
                decline = session.can_decline(seat)
                if decline is not None:
                    try:
                        session.push(decline, session.apply(decline))
                    except faults.EngineFault as fault:
                        name = session.config.players[seat]
                        then = _("The game cannot go on from here without it.")
                        # I18N: when the rules engine failed: "Something went wrong ... {what}; ..."
                        what = N_("when {player} let the moment go by")
                        app.files.engine_fault(fault, what, then, player=name)
                        app.redraw()  # not routed again: it would only fail again
                        return
                    app.files.autosave()
                self.route()
            case TakeBack():
                app.runner.cancel()
                self.take_back(session)
                app.files.autosave()
                self.route()
            case GameOver():
                app.runner.cancel()
                app.redraw()
                if not self.scores_shown:
                    self.show_scores()
            case _:
                assert_never(decision)

    def hand_over(
        self,
        session: Session,
        seat: int,
        undo_by: int | None,
        window: tuple[int, ...] = (),
        takes_back: bool = False,
    ) -> None:
        """The privacy screen for ``seat``, with what happened since they last had the keyboard
        (public events only), and the shared ``window`` asked first if one is open; or, to
        take back their last action (``takes_back``), naming whom Esc hands the keyboard on to."""
        app = self.app
        names = session.config.players
        screen = self.privacy_screen()
        if takes_back:  # nothing else on it: the last person has just seen the board
            going_on = names[session.state.to_act[0]]
            # I18N: {player}: the name of the player the keyboard goes on to
            context = _("Esc: nothing is taken back, and the keyboard goes on to {player}.").format(
                player=going_on
            )
            screen.present(seat, names[seat], context, None, (), self._handed_over, takes_back=True)
            self.show_privacy(screen)
            return
        view = session.view(None)
        # The decision the seat takes the keyboard for: after the window, if one is asked first.
        then = session.window_gone_by().view(None) if window else view
        phase = terms.phase(then.phase)
        asked = decision_prompt(then, (seat,))
        if then.round:
            # I18N: the privacy screen: {n}: the round; {phase}: the phase's name; {question}:
            # what the player is asked
            context = pgettext("a round of the game", "Round {n} · {phase}: {question}.").format(
                n=then.round, phase=phase, question=asked
            )
        else:
            context = _("{phase}: {question}.").format(phase=phase, question=asked)
        if self.table.claimed is not None:
            # I18N: {player}: a player's name
            context = _("{player} is asked: play a law card, or let it go by.").format(
                player=names[seat]
            )
        if app.game_screen is not None:
            app.game_screen.forget_note()
        seen = app.seen_log.get(seat, 0)
        new = view.log_total - seen
        events = view.log[-new:] if 0 < new <= len(view.log) else view.log if new > 0 else ()
        from keythedral.words.narration import narrate  # engine: after the first frame

        # The latest few; the screen shows as many of them as its rows leave room for.
        recent = tuple(narrate(e, names) for e in events[-RECENT_LINES:])  # only those told
        if len(events) > RECENT_LINES:
            recent = ("…", *recent[1:])
        undo_name = names[undo_by] if undo_by is not None else None
        asked = window_question(view, window) if window else ""
        screen.present(
            seat, names[seat], context, undo_name, recent, self._handed_over, window, asked
        )
        self.show_privacy(screen)

    def show_privacy(self, screen: HandoverScreen) -> None:
        """Put the privacy screen, presented for its player, on top: its answer to come (not
        from a key pressed before it was up, nor in its settle time: ``BaseScreen.ask``)."""
        app = self.app
        self._handover = screen
        screen.ask(app.settle)
        if screen in app.screen_stack:  # shown again, for the next seat
            while app.screen is not screen:
                app.pop_screen()  # what covers it (a dialog) goes with the last person
            return
        app.push_screen(screen)

    def privacy_screen(self) -> HandoverScreen:
        """The app's one privacy screen (installed, so that it is not built again)."""
        if not self.app.is_screen_installed(PRIVACY):
            self.app.install_screen(HandoverScreen(), PRIVACY)
        screen = self.app.get_screen(PRIVACY)
        assert isinstance(screen, HandoverScreen)
        return screen

    def _handed_over(self, result: int | Claim) -> None:
        """The privacy screen's answer: the seat that took the keyboard, -1 (the last person
        takes back their action: the keyboard goes back to them first), or ``KEEP`` (they do
        not after all).  It is carried out while the screen still covers the board, which is drawn
        behind it unseen; then the screen goes and the board comes in one frame.  (Taken away
        first, the board would come twice: at once as it was, then redrawn a frame later.)"""
        screen = self._handover
        if screen is None:
            return  # answered already (a second Enter that reached it before it went)
        self._handover = None
        self._answering = screen
        try:
            session = self.app.game
            if session is not None and screen.window and isinstance(result, int) and result >= 0:
                # Enter on a window asked on the privacy screen: nobody answers it, and its
                # person holds the keyboard (the passes that stand before their turn play
                # themselves meanwhile, their hand up, as while a bot moves).
                self.let_go_by(session)
                self.app.files.autosave()
                if session.window_seats() or session.state.to_act != (result,):
                    self.table.give(result)
                    self.route()  # not the seat's turn yet: whoever's it is
                    session = None
            if session is not None:
                self.carry_out(self.table.handed_over(session, result))
        finally:
            self._answering = None
        if self._handover is None and self.app.screen is screen:
            self.app.pop_screen()

    def push(self, screen: Screen[Any], callback: Callable[[Any], None] | None = None) -> None:
        """Show ``screen`` over the board: over the privacy screen only while it is still up
        for someone (while its answer is carried out it goes first)."""
        if self._answering is not None and self.app.screen is self._answering:
            self.app.pop_screen()
        self.app.push_screen(screen, callback=callback)

    # --- the end ------------------------------------------------------------------------------
    def show_scores(self) -> None:
        session = self.app.game
        if session is None or not session.over:
            return
        self.scores_shown = True
        from keythedral.tui.screens.scores import ScoresScreen  # not before the first frame
        from keythedral.tui.widgets.chart import history  # not before the first frame

        self.app.files.write_replay()
        self.push(
            ScoresScreen(
                session.view(None),
                history(session.states),
                replay=self.app.files.replay_path,
                bots=[
                    (spec or "").split(":")[0] or None
                    for spec in map(session.bot_spec, range(session.state.n))
                ],
            )
        )


def drawn_card(session: Session, action: Action) -> str | None:
    """The law card a person's action has just put in their hand (procuring a law: the card
    comes with the cube paid for it), when the keyboard is about to leave them (another person
    is next: their hand goes away behind the privacy screen); None otherwise (the one person
    against bots keeps their hand up, where the card is)."""
    if len(session.humans) < 2 or len(session.states) < 2:
        return None
    state = session.state
    if state.to_act and state.to_act == (action.seat,) and not session.window_seats():
        return None  # the same person decides next, their hand still up
    before = list(session.states[-2].players[action.seat].laws)
    for card in state.players[action.seat].laws:
        if card in before:
            before.remove(card)
        else:
            return card
    return None
