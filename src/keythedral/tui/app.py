"""The Keythedral app: hot-seat play for 2 to 5 players at one keyboard.

The app holds the session (config, actions, states) and is the only place that applies actions
to the engine.  After every change it decides who should hold the keyboard: the same player
carries on; a different player first gets the opaque "pass the keyboard" screen; a window in
which several players may answer is shown on the shared screen with nobody's hand.

Seats may be computer players (``Session.seats``).  A bot's decision is made by the bot on its
own seat's view, in a thread (ismcts searches for a second), and played after a short pause
(``bot_pause``) so that people can follow it; the board meanwhile shows the hand of the last
person at the keyboard (the ``watcher``), or nobody's.  Bots never get the privacy screen: it
comes only when the keyboard goes from one person to another.  In a window the bots answer
first, on their own; the people then answer as usual.  Every finished game is written as a
replay next to the saves.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.filter import LineFilter
from textual.screen import Screen

from keythedral.safetext import inside, printable
from keythedral.tui.ascii import AsciiFilter
from keythedral.tui.screens.game import GameScreen, action_cell
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.text import decision_prompt, describe, seat_tokens
from keythedral.tui.widgets.board import FieldMap
from keythedral.vocab import PHASES

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel

    from keythedral.autosave import AutoSaver
    from keythedral.engine import GameConfig
    from keythedral.persistence import SavedGame
    from keythedral.tui.screens.new_game import NewGameScreen
    from keythedral.tui.screens.tutorial import TutorialMode
    from keythedral.tui.session import Session
    from keythedral.tutorial import Tutorial

Action = Any
RECENT_LINES = 8  # public events shown on the privacy screen
SETTLE_AFTER = 5.0  # seconds after start-up by which the cyclic collector is back on
QUICK_BOTS = frozenset({"random", "greedy"})  # bots that need no thread
BURST = 200  # bot moves made in one go when there is no pause
MEANWHILE = 6  # the bots' last moves listed while they play
#: How long a notice about the player's settings (keys.toml, --theme) stays: long enough to
#: read ten lines of it (a click dismisses it sooner).
SETUP_NOTICE_TIME = 60.0
ISMCTS_TIME = 1.0  # seconds a plain "ismcts" seat searches at most, a move


@dataclass(frozen=True)
class Start:
    """What to open once the rules engine is loaded (it loads after the first frame).

    ``players`` start a new game at once (with ``seed`` and the ``variants`` switches of a
    GameConfig); ``load`` resumes a save; neither opens the new-game screen.
    """

    players: tuple[str, ...] = ()
    seed: int | None = None
    variants: dict[str, Any] = field(default_factory=dict)
    load: Path | None = None
    tutorial: bool = False  # open the tutorial (resumed where it was left)
    seats: tuple[str, ...] = ()  # with ``players``: "human" or a bot spec per seat
    replay: Path | None = None  # open the replay viewer on this file


#: Short names for --theme (the ANSI themes use the terminal's own 16 colours).
THEME_ALIASES = {"ansi": "ansi-dark", "dark": "textual-dark", "light": "textual-light"}


class KeythedralApp(App[None]):
    CSS_PATH = "keythedral.tcss"
    TITLE = "Keythedral"
    BINDINGS = [Binding("question_mark", "help", "Help", show=False, id="help")]

    def __init__(
        self,
        config: GameConfig | None = None,
        *,
        saved: SavedGame | None = None,
        start: Start | None = None,
        data_dir: Path | None = None,
        autosave: bool = True,
        seed: int | None = None,
        animations: bool = True,
        ascii: bool = False,
        theme: str | None = None,
        keys_file: Path | None = None,
        bot_pause: float = 0.7,
        seats: tuple[str, ...] = (),
        replay_cursor: Any = None,
    ) -> None:
        super().__init__()
        self._replay_cursor = replay_cursor  # a replay loaded already, for the viewer
        self.bot_pause = bot_pause  # seconds a bot's move waits, so people can follow it
        self._start_seats = seats  # with ``config``: who plays each seat
        if not animations:
            self.animation_level = "none"
        # Reach: --ascii, --theme and the player's keys.toml (said on screen when they fail).
        self.ascii_mode = ascii
        self._ascii_filter = AsciiFilter()
        self._setup_problems: list[tuple[str, str]] = []
        if theme:
            theme = THEME_ALIASES.get(theme, theme)
            if theme in self.available_themes:
                self.theme = theme
            else:
                known = ", ".join(sorted(self.available_themes))
                self._setup_problems.append((f"There is no theme {theme!r}. Try: {known}.", ""))
        self._load_keys(keys_file)
        self.data_dir = data_dir
        self.autosave_enabled = autosave
        self._saver: AutoSaver | None = None
        self._save_error_told: str | None = None  # the autosave's trouble, on screen now
        self.session: Session | None = None
        self.keyboard: int | None = None  # the seat whose private screen is shown
        self.watcher: int | None = None  # the person whose hand stays up while bots move
        self._notes_for: int | None = None  # whose hand the notes on screen may speak of
        self.bots: dict[int, Any] = {}  # seat -> bot, for the seats computer players play
        self.thinking: int | None = None  # the bot seat whose move is being made
        self._bot_turn = 0  # counts bot turns: a result for an older one is dropped
        self.replay_path: Path | None = None  # where the finished game was written
        self.bot_moves: list[str] = []  # the bots' moves since a person last acted
        self.claimed: int | None = None  # a seat that claimed a window on the shared screen
        self.tokens: tuple[str, ...] = ()
        self._start_config = config
        self._start_saved = saved
        self._start = start or Start(seed=seed)
        self._seed = seed if seed is not None else self._start.seed
        self._handover: HandoverScreen | None = None
        self._seen_log: dict[int, int] = {}  # log_total when each seat last had the keyboard
        self._scores_shown = False
        self.tutorial: TutorialMode | None = None  # the tutorial, while one runs

    @property
    def saver(self) -> AutoSaver:
        if self._saver is None:
            from keythedral import persistence
            from keythedral.autosave import AutoSaver

            self._saver = AutoSaver(persistence.autosave_path(self.data_dir))
        return self._saver

    # --- reach: ASCII, keys ----------------------------------------------------------------------
    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = super().get_line_filters()
        return [*filters, self._ascii_filter] if self.ascii_mode else filters

    def _load_keys(self, path: Path | None) -> None:
        from keythedral.tui.keymap import binding_rows, keys_path, load_keymap

        path = path or keys_path()
        if not path.exists():
            return  # no keys file (the usual case): no need to load every screen to check it
        result = load_keymap(path=path, rows=binding_rows(binding_owners()))
        if result.keymap:
            self.set_keymap(result.keymap)
        if result.problems:  # all of them in one notice (a file may hold thousands)
            self._setup_problems.append((result.notice(), f"{result.path} was only partly used"))

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every note is plain text, whatever ``markup`` says (a screen's ``notify`` passes
        True): notes carry names, paths, theme and key names and error messages, which are
        shown as they are, never read as markup ("[/]" would crash it), and without control
        characters (an escape sequence would reach the terminal)."""
        super().notify(
            printable(message),
            title=printable(title),
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    def _tell_setup_problems(self) -> None:
        for message, title in self._setup_problems:
            self.notify(
                message,
                title=title or "Setting not used",
                severity="warning",
                timeout=SETUP_NOTICE_TIME,
                markup=False,  # the text quotes the player's file, brackets and all
            )

    # --- starting ---------------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.set_timer(SETTLE_AFTER, self._settle_memory_late)
        if not self.is_headless:  # SIGHUP/SIGTERM write the pending autosave before ending
            from keythedral.tui.shutdown import Shutdown

            Shutdown(lambda: self._saver, self.exit).install()
        self.call_after_refresh(self._tell_setup_problems)
        if self._start_saved is not None:
            saved = self._start_saved
            if self._start_seats:  # seats given with the save: they play it on
                saved = replace(saved, seats=tuple(self._start_seats))
            self.resume(saved)
        elif self._start_config is not None:
            self.start_game(self._start_config, self._start_seats)
        elif self._start.replay is not None:
            if self._replay_cursor is not None:
                self._show_replay(self._replay_cursor, self._start.replay)
            else:
                self.open_replay(self._start.replay)
        elif self._start.tutorial:
            self.start_tutorial()
        elif self._start.players or self._start.load:
            # The board's frame shows at once; the engine loads behind it.
            self.push_screen(GameScreen())
            self.call_after_refresh(self._load_start)
        else:
            self.action_new_game()

    @work(thread=True, exit_on_error=False)
    def _load_start(self) -> None:
        """Load the engine and the game asked for on the command line (in a thread)."""
        from keythedral import engine, persistence
        from keythedral.bots import BotSpecError, check_spec
        from keythedral.tui.session import Session

        start = self._start
        try:
            if start.load is not None:
                saved = persistence.load(start.load)
                session = Session.replayed(saved.config, saved.actions, saved.seats)
                if saved.note:
                    self.call_from_thread(self._tell_note, saved.note)
            else:
                seed = start.seed if start.seed is not None else _random_seed()
                cfg = engine.GameConfig(players=start.players, seed=seed, **start.variants)
                session = Session.new(cfg, start.seats)
                for seat in range(cfg.n):  # a bad bot option (--bots ismcts:tim=1) is told
                    if (spec := session.bot_spec(seat)) is not None:
                        check_spec(spec)  # as a save's seats are (persistence._seats)
        except (persistence.SaveError, engine.ConfigError, BotSpecError) as exc:
            self.call_from_thread(self._start_failed, str(exc))
            return
        self.call_from_thread(self._begin, session)

    def _tell_note(self, note: str) -> None:
        self.notify(note, title="Part of the autosave was lost", severity="warning", timeout=15)

    def _start_failed(self, message: str) -> None:
        self.notify(message, title="Cannot start that game", severity="error", timeout=15)
        self.action_new_game()

    @property
    def game_screen(self) -> GameScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                return screen
        return None

    def _clear_screens(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self._handover = None

    def action_new_game(self) -> None:
        self._clear_screens()
        template = self.session.config if self.session is not None else None
        seats = self.session.seats if self.session is not None else self._start.seats
        from keythedral.tui.screens.new_game import NewGameScreen

        screen = NewGameScreen(
            seed=self._seed, config=template, names=self._start.players, seats=seats
        )
        self.push_screen(screen, callback=self._new_game_chosen)
        self.call_after_refresh(self._check_autosave, screen)

    @work(thread=True, exit_on_error=False)
    def _check_autosave(self, screen: NewGameScreen) -> None:
        """Offer to resume the autosave when it holds an unfinished game (in a thread); and
        remove what killed writes left in the data folder, when this app autosaves."""
        from keythedral import persistence

        path = persistence.autosave_path(self.data_dir)
        if self.autosave_enabled:
            from keythedral.autosave import remove_stale_files_once

            remove_stale_files_once(path)
        if not path.exists():
            return
        try:
            saved = persistence.load(path)
        except persistence.SaveError as exc:
            self.call_from_thread(
                self.notify, str(exc), title="The autosave cannot be resumed", severity="warning"
            )
            return
        if saved.state.to_act:
            self.call_from_thread(screen.offer_resume, saved.describe())

    def _new_game_chosen(self, result: object) -> None:
        from keythedral import engine, persistence
        from keythedral.tui.screens.new_game import GameSetup

        if isinstance(result, GameSetup):
            self.start_game(result.config, result.seats)
        elif isinstance(result, engine.GameConfig):
            self.start_game(result)
        elif result == "resume":
            self.load_path(persistence.autosave_path(self.data_dir))
        elif result == "load":
            from keythedral.tui.screens.dialogs import LoadDialog

            self.push_screen(LoadDialog(self.data_dir), callback=self._load_chosen_from_new)
        elif result == "tutorial":
            self.start_tutorial()

    def _load_chosen_from_new(self, path: Path | None) -> None:
        if path is None or not self.load_path(path):
            self.action_new_game()

    def start_game(self, config: GameConfig, seats: Sequence[str] = ()) -> None:
        """A new game; ``seats``: "human" or a bot spec per seat (all people by default)."""
        from keythedral.tui.session import Session

        self._begin(Session.new(config, seats))

    def resume(self, saved: SavedGame) -> None:
        from keythedral.tui.session import Session

        self._begin(Session.replayed(saved.config, saved.actions, saved.seats))

    def _begin(self, session: Session) -> None:
        screen = self.screen
        if isinstance(screen, GameScreen) and screen.kapp.session is None:
            # The empty board shown while the engine loaded: fill it in.
            self._install(session)
            self.route()
            self._autosave()
            return
        self._clear_screens()
        self._install(session)
        self.push_screen(GameScreen())
        self.call_after_refresh(self.route)
        self._autosave()

    def settle_memory(self) -> None:
        """Everything loaded so far lives for the whole run: freeze it out of the cyclic
        collector's way, so that collections stay short while the game is played, and turn
        the collector back on if start-up turned it off (``keythedral play`` does, for a
        quicker first frame)."""
        gc.freeze()
        gc.enable()

    def _settle_memory_late(self) -> None:
        """Start-up is over, whether or not a game was set up (the new-game screen may wait
        for a long time): the collector must not stay off."""
        if not gc.isenabled():
            self.settle_memory()

    def _install(self, session: Session) -> None:
        self.settle_memory()
        self.session = session
        self.tokens = seat_tokens(session.config.players)
        self.keyboard = None
        self.watcher = None
        self.claimed = None
        self._scores_shown = False
        self.tutorial = None
        self.replay_path = None
        self._cancel_bot()
        # One bot per computer seat, seeded from the game: a resumed game plays on the same.
        self.bots = {
            s: app_bot(spec, session.config.seed, s)
            for s in range(session.config.n)
            if (spec := session.bot_spec(s)) is not None
        }

    # --- the tutorial (keythedral.tutorial; screens/tutorial.py does the work) ------------------
    def start_tutorial(self, tutorial: Tutorial | None = None) -> None:
        """Open the tutorial: the given one, or the saved one, or a new one."""
        if tutorial is not None:
            self._begin_tutorial(tutorial)
            return
        self._clear_screens()
        self.push_screen(GameScreen())  # the frame while the engine and bots load
        self.call_after_refresh(self._load_tutorial)

    @work(thread=True, exit_on_error=False)
    def _load_tutorial(self) -> None:
        from keythedral.tutorial import Tutorial, tutorial_path

        tutorial = Tutorial.resume_or_start(path=tutorial_path(self.data_dir))
        if tutorial.over:
            tutorial = Tutorial()
        self.call_from_thread(self._begin_tutorial, tutorial)

    def _begin_tutorial(self, tutorial: Tutorial) -> None:
        from keythedral.tui.screens.tutorial import TutorialMode, TutorialScreen
        from keythedral.tutorial import tutorial_path

        self._clear_screens()
        mode = TutorialMode(self, tutorial, path=tutorial_path(self.data_dir))
        self._install(mode.session())
        self.tutorial = mode
        self.push_screen(TutorialScreen(mode))
        self.call_after_refresh(self.route)

    # --- playing ------------------------------------------------------------------------------------
    def play(self, action: Action) -> bool:
        """Apply one action of a person (the app's only other call of engine.apply is a bot's
        move, in ``_bot_play``)."""
        from keythedral import engine

        if self.tutorial is not None:
            return self.tutorial.play(action)  # checked against the lesson, then applied
        session = self.session
        if session is None:
            return False
        if session.is_bot(action.seat):
            return False  # a computer player's seat: only its bot moves there
        try:
            state = engine.apply(session.state, action)
        except engine.IllegalAction as exc:
            if self.game_screen is not None:
                self.game_screen.say(str(exc), error=True)
            return False
        self._cancel_bot()
        self.bot_moves.clear()
        session.push(action, state)
        self._autosave()
        self.route()
        return True

    def decline_all(self) -> None:
        """Enter on the shared window prompt: every seat asked lets the moment go by."""
        from keythedral import engine

        session = self.session
        if session is None:
            return
        self._cancel_bot()
        declined: set[int] = set()
        while True:
            seats = [s for s in session.window_seats() if s not in declined]
            decline = next((d for s in seats if (d := session.can_decline(s)) is not None), None)
            if decline is None:
                break
            session.push(decline, engine.apply(session.state, decline))
            declined.add(decline.seat)
        self.claimed = None
        self._autosave()
        self.route()

    def claim(self, seat: int) -> None:
        """A seat answers a window: it gets the keyboard behind the privacy screen."""
        session = self.session
        if session is None or seat not in session.window_seats() or session.is_bot(seat):
            return
        self.claimed = seat
        if seat == self.watcher:  # the person at the keyboard already: no hand-over
            self.keyboard = seat
            self._refresh()
            return
        self.keyboard = None
        self.watcher = None
        self._refresh()
        self._hand_over(seat, undo_by=None)

    def route(self) -> None:
        """Decide who holds the keyboard for the next decision, and redraw.

        A bot's decision is made by the bot (``_bot_move``), with the last person's hand left on
        screen; a person's needs the privacy screen first when another person held the keyboard.
        """
        if self.tutorial is not None:
            self.tutorial.route()  # one learner, the bots move at once, no hand-over
            return
        session = self.session
        if session is None:
            return
        if session.over:
            self._cancel_bot()
            self.keyboard = None
            self.watcher = None
            self.claimed = None
            self._refresh()
            if not self._scores_shown:
                self.show_scores()
            return
        bot = self._next_bot()  # in a window, the bots answer first; then the people are asked
        if bot is not None:
            self._bot_move(bot)
            return
        window = session.window_seats()
        if window:
            if self.claimed is None or self.claimed not in window:
                self.claimed = None
                only = window[0] if len(window) == 1 else None
                if only is not None and session.humans == (only,) and self._no_law_to_play(only):
                    # The one person against bots, with no law card that could answer: the
                    # question hides nothing from anybody, so it is let go by at once.
                    self._let_go_by(only)
                    return
                if only is not None and only in (self.watcher, self.keyboard):
                    # Only the person at the keyboard is asked: they answer at once.
                    self.claimed = self.keyboard = self.watcher = only
                elif only is not None and session.humans == (only,):
                    # The only person in the game: nobody to keep the question from.
                    self.claim(only)
                    return
                else:  # the shared screen: nobody's hand
                    self.keyboard = None
                    self.watcher = None
            self._refresh()
            return
        self.claimed = None
        seat = session.state.to_act[0]
        if seat in (self.keyboard, self.watcher):
            self.keyboard = self.watcher = seat
            self._refresh()
            return
        if not session.needs_privacy():
            self.keyboard = self.watcher = seat
            self._refresh()
            return
        previous = self.hand_up
        self.keyboard = None
        self.watcher = None
        self._refresh()
        undo_by = previous if previous is not None and session.undoable_by() == previous else None
        self._hand_over(seat, undo_by)

    @property
    def hand_up(self) -> int | None:
        """The person whose hand is on screen: the one at the keyboard, or, while a bot moves,
        the last one who had it."""
        return self.keyboard if self.keyboard is not None else self.watcher

    def _refresh(self) -> None:
        shown = self.hand_up
        if shown != self._notes_for:
            # Notes (a hint, a law's text) speak of the hand of the person who asked for them:
            # they go when that person's hand leaves the screen, before anyone else looks.
            self.clear_notifications()
            self._notes_for = shown
            self._save_error_told = None  # cleared with the rest: said again just below
        self._tell_save_error()
        if shown is not None and self.session is not None:
            self._seen_log[shown] = self.session.state.log_total
        screen = self.game_screen
        if screen is not None and screen.is_mounted:
            screen.refresh_game()

    def _hand_over(self, seat: int, undo_by: int | None) -> None:
        from keythedral.narration import narrate

        session = self.session
        assert session is not None
        names = session.config.players
        view = session.view(None)
        phase = PHASES.get(view.phase, view.phase)
        rnd = f"Round {view.round} · " if view.round else ""
        context = f"{rnd}{phase}: {decision_prompt(view, (seat,))}."
        if self.claimed is not None:
            context = f"{names[seat]} is asked: play a law card, or let it go by."
        if self._handover is not None and self._handover in self.screen_stack:
            self._handover.dismiss(None)
        seen = self._seen_log.get(seat, 0)
        new = view.log_total - seen
        events = view.log[-new:] if 0 < new <= len(view.log) else view.log if new > 0 else ()
        recent = tuple(narrate(e, names) for e in events)
        if len(recent) > RECENT_LINES:
            recent = ("…", *recent[-(RECENT_LINES - 1) :])
        screen = HandoverScreen(
            seat,
            names[seat],
            context,
            names[undo_by] if undo_by is not None else None,
            tuple(recent),
        )
        self._handover = screen
        self.push_screen(screen, callback=self._handed_over)

    def _handed_over(self, result: object) -> None:
        screen = self._handover
        self._handover = None
        if not isinstance(result, int) or self.session is None:
            return
        if result == -1:
            actor = self.session.undoable_by()
            if actor is not None:
                self._cancel_bot()
                self.session.undo()
                self.keyboard = self.watcher = actor
                self._autosave()
            self.route()
            return
        del screen
        self.keyboard = self.watcher = result
        self._refresh()

    def _no_law_to_play(self, seat: int) -> bool:
        session = self.session
        assert session is not None
        return all(a.kind == "decline" for a in session.legal_for(seat))

    def _let_go_by(self, seat: int) -> None:
        from keythedral import engine

        session = self.session
        assert session is not None
        decline = session.can_decline(seat)
        if decline is not None:
            session.push(decline, engine.apply(session.state, decline))
            self._autosave()
        self.route()

    # --- computer players ---------------------------------------------------------------------
    def _cancel_bot(self) -> None:
        """Forget a bot move under way (the game changed): its result will be dropped."""
        self._bot_turn += 1
        self.thinking = None

    def _bot_move(self, seat: int) -> None:
        """Let the bot of ``seat`` choose, in a thread, on its own seat's view only."""
        session = self.session
        assert session is not None
        if self.keyboard is not None:
            self.watcher = self.keyboard  # that person's hand stays up while the bot moves
        self.keyboard = None
        self.claimed = None
        if self.thinking == seat:
            return  # already under way
        self._cancel_bot()
        self.thinking = seat
        turn = self._bot_turn
        if self.bot_pause <= 0 and self._quick(seat):
            self._bot_burst(turn)  # no pause: at once, in one go
            return
        self._refresh()
        bot = self.bots.get(seat)
        if bot is None:  # pragma: no cover - _install makes a bot for every bot seat
            spec = session.bot_spec(seat)
            assert spec is not None
            bot = self.bots[seat] = app_bot(spec, session.config.seed, seat)
        self._think(turn, len(session.actions), seat, session.state, session.legal(), bot)

    def _quick(self, seat: int) -> bool:
        """A bot that decides in well under a millisecond (not a search)."""
        spec = self.session.bot_spec(seat) if self.session is not None else None
        return spec is not None and spec.split(":")[0] in QUICK_BOTS and seat in self.bots

    def _next_bot(self) -> int | None:
        """The bot seat that moves now, if the next decision is a bot's."""
        session = self.session
        if session is None or session.over:
            return None
        window = session.window_seats()
        if window:
            return next((s for s in window if session.is_bot(s)), None)
        seat = session.state.to_act[0]
        return seat if session.is_bot(seat) else None

    def _bot_burst(self, turn: int) -> None:
        """Without a pause, the quick bots' moves are made at once, one after the other (up to
        a person's decision), and the board is drawn once."""
        from keythedral import engine

        session = self.session
        if turn != self._bot_turn or session is None:
            return
        last = None
        for _ in range(BURST):
            seat = self._next_bot()
            if seat is None or not self._quick(seat):
                break
            action = self.bots[seat].choose(session.view(seat), session.legal())
            before = session.state
            session.push(action, engine.apply(before, action))
            last = (action, before, session.state)
        else:  # a long run of bots (a game of bots only): let the screen catch up between
            self._cancel_bot()
            self._autosave()
            self._refresh()
            self.call_later(self.route)
            return
        self._cancel_bot()
        if last is not None:
            self._announce(*last)
        self._autosave()
        self.route()

    @work(thread=True, exit_on_error=False, group="bots")
    def _think(
        self, turn: int, at: int, seat: int, state: Any, legal: list[Action], bot: Any
    ) -> None:
        """The bot's choice, made off the UI thread (ismcts searches for a while)."""
        from keythedral import engine

        started = time.monotonic()
        action = bot.choose(engine.view(state, seat), legal)
        self.call_from_thread(self._bot_chose, turn, at, action, started)

    def _bot_chose(self, turn: int, at: int, action: Action, started: float) -> None:
        if turn != self._bot_turn:
            return  # undone, a new game, or a window answered meanwhile
        wait = self.bot_pause - (time.monotonic() - started)
        if action.kind == "decline" or wait <= 0:
            self.call_later(self._bot_play, turn, at, action)
        else:
            self.set_timer(wait, partial(self._bot_play, turn, at, action))

    def _bot_play(self, turn: int, at: int, action: Action) -> None:
        """Apply the bot's move, if the game is still where the bot saw it."""
        from keythedral import engine

        session = self.session
        if turn != self._bot_turn or session is None or len(session.actions) != at:
            return
        self.thinking = None
        try:
            state = engine.apply(session.state, action)
        except engine.IllegalAction as exc:  # pragma: no cover - bots choose from the legal list
            self.notify(f"The computer player's move was refused: {exc}", severity="error")
            return
        before = session.state
        session.push(action, state)
        self._announce(action, before, state)
        self._autosave()
        self.route()

    def _announce(self, action: Action, before: Any, after: Any) -> None:
        """The bot's move in the info line: 'Bob (greedy) sends a worker to ...'."""
        from keythedral import engine
        from keythedral.narration import narrate

        session = self.session
        screen = self.game_screen
        if session is None or screen is None or not screen.is_mounted or action.kind == "decline":
            return
        name = session.config.players[action.seat]
        label = session.seat_label(action.seat)
        new = after.log_total - before.log_total
        events = after.log[-new:] if 0 < new <= len(after.log) else ()
        if events:
            first = narrate(events[0], session.config.players)
            text = label + first[len(name) :] if first.startswith(name + " ") else first
        else:  # a step whose log line comes later (a payment, a purchase that pays first)
            text = f"{label}: {describe(action, engine.view(before, None))}."
        self.bot_moves.append(text)
        del self.bot_moves[:-MEANWHILE]
        screen.say(text, public=True)
        cell = action_cell(action)
        if cell is not None:  # the map's cursor shows where the bot moved
            screen.query_one(FieldMap).set_cursor(cell, announce=False)

    # --- undo ---------------------------------------------------------------------------------------
    def _undoer(self) -> int | None:
        """The person who may take back an action: the one at the keyboard, or the one whose
        hand is up while a bot is about to answer (their own last move, before it does)."""
        return self.hand_up

    def can_undo(self) -> bool:
        session = self.session
        who = self._undoer()
        return (
            session is not None
            and self.tutorial is None
            and who is not None
            and not session.is_bot(who)
            and session.undoable_by() == who
        )

    def undo(self) -> None:
        screen = self.game_screen
        if not self.can_undo():
            if screen is not None:
                screen.say(
                    "Nothing to take back: only your own last actions that revealed nothing "
                    "new can be undone (never a computer player's).",
                    error=True,
                )
            return
        assert self.session is not None
        self._cancel_bot()
        action = self.session.undo()
        self._autosave()
        self.route()
        if screen is not None:
            screen.say(f"Taken back: {action.kind.replace('_', ' ')}.")

    # --- scores -----------------------------------------------------------------------------------
    def show_scores(self) -> None:
        if self.session is None or not self.session.over:
            return
        self._scores_shown = True
        from keythedral.tui.screens.scores import ScoresScreen
        from keythedral.tui.widgets.chart import history

        self._write_replay()
        self.push_screen(
            ScoresScreen(
                self.session.view(None),
                history(self.session.states),
                replay=self.replay_path,
                bots=[
                    (spec or "").split(":")[0] or None
                    for spec in map(self.session.bot_spec, range(self.session.state.n))
                ],
            )
        )

    def _write_replay(self) -> None:
        """Every finished game is kept as a replay in the replays folder next to the saves."""
        session = self.session
        if (
            session is None
            or not session.over
            or self.tutorial is not None
            or not self.autosave_enabled
            or self.replay_path is not None
        ):
            return
        from keythedral import persistence, replay

        seats = session.seats or ("human",) * session.config.n
        rp = replay.record(session.config, session.actions, seats, final=session.state)
        try:
            path = inside(persistence.replays_dir(self.data_dir), replay.file_name(rp))
            if not path.exists():  # the same game (a finished save loaded again): kept once
                replay.save(rp, path)
        except (OSError, ValueError) as exc:
            self.notify(
                f"Could not write the replay: {exc}", title="Replay not saved", severity="error"
            )
            return
        self.replay_path = path

    # --- saving -----------------------------------------------------------------------------------
    def _autosave(self) -> None:
        """Called in the handler that changed the game, before the screen is drawn again: the
        change is in the autosave's journal, on disk, when this returns (keythedral.autosave).
        When it cannot be written, the redraw that follows says so (``_tell_save_error``)."""
        session = self.session
        if self.tutorial is not None:
            return  # the tutorial keeps its own progress file, never the game's autosave
        if session is not None and self.autosave_enabled:
            self.saver.submit(session.config, session.actions, session.state, session.seats)

    def _tell_save_error(self) -> None:
        """An autosave that fails is said when it starts failing, and again after a hand-over
        cleared the notes on screen, for as long as it fails."""
        error = self._saver.error if self._saver is not None else None
        if error is not None and error != self._save_error_told:
            self.notify(error, title="Autosave failed", severity="error", timeout=15)
        self._save_error_told = error

    def action_save(self) -> None:
        if self.session is None:
            self.notify("There is no game to save.", severity="warning")
            return
        suggestion = "-".join(self.session.config.players)
        from keythedral.tui.screens.dialogs import SaveDialog

        self.push_screen(SaveDialog(suggestion), callback=self._save_named)

    def _save_named(self, name: str | None) -> None:
        session = self.session
        if not name or session is None:
            return
        from keythedral import persistence

        try:
            path = persistence.save_path(name, self.data_dir)
            persistence.save(path, session.config, session.actions, session.state, session.seats)
        except persistence.SaveError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return
        self.notify(f"Saved as {path.stem}.", title="Saved")

    def action_save_log(self) -> None:
        """Write the whole public log as plain text next to the saves (for screen readers)."""
        session = self.session
        if session is None:
            self.notify("There is no game whose log could be saved.", severity="warning")
            return
        from keythedral import gamelog, persistence

        cfg = session.config
        folder = persistence.data_dir() if self.data_dir is None else self.data_dir
        name = persistence.game_stem(cfg.players, cfg.seed) + ".txt"  # never a path
        try:
            path = inside(folder / "logs", name)
            persistence.write_atomic(path, gamelog.log_text(cfg, session.actions))
        except (OSError, ValueError) as exc:
            self.notify(f"Could not write the log: {exc}", title="Log not saved", severity="error")
            return
        self.notify(str(path), title="The log is saved as plain text", timeout=10)

    def action_load(self) -> None:
        from keythedral.tui.screens.dialogs import LoadDialog

        self.push_screen(LoadDialog(self.data_dir), callback=self._load_chosen)

    def _load_chosen(self, path: Path | None) -> None:
        if path is not None:
            self.load_path(path)

    def load_path(self, path: Path) -> bool:
        from keythedral import persistence

        try:
            saved = persistence.load(path)
        except persistence.SaveError as exc:
            self.notify(str(exc), title="Not loaded", severity="error", timeout=10)
            return False
        self.resume(saved)
        self.notify(f"Loaded {saved.describe()}.", title="Loaded")
        if saved.note:
            self._tell_note(saved.note)
        return True

    # --- the replay viewer --------------------------------------------------------------------------
    def open_replay(self, path: Path) -> None:
        """Open the replay viewer on a replay file (loaded and checked in a thread)."""
        self._clear_screens()
        self._load_replay(path)

    @work(thread=True, exit_on_error=False)
    def _load_replay(self, path: Path) -> None:
        from keythedral import replay

        try:
            rp = replay.load(path)
            cursor = replay.ReplayCursor(rp)
        except replay.ReplayError as exc:
            self.call_from_thread(self._replay_failed, str(exc))
            return
        self.call_from_thread(self._show_replay, cursor, path)

    def _show_replay(self, cursor: Any, path: Path) -> None:
        from keythedral.tui.screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(cursor, title=printable(path.name)))

    def _replay_failed(self, message: str) -> None:
        self.notify(message, title="Cannot show that replay", severity="error", timeout=15)
        self.action_new_game()

    # --- other screens ----------------------------------------------------------------------------
    def action_help(self) -> None:
        from keythedral.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_rules(self, section: str | None = None) -> None:
        from keythedral.tui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(section))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield SystemCommand("New game", "Set up a new game", self.action_new_game)
        yield SystemCommand("Save game", "Save this game under a name", self.action_save)
        yield SystemCommand("Load game", "Load a saved game (or the autosave)", self.action_load)
        yield SystemCommand("Rules", "Read the rules as this program plays them", self.action_rules)
        yield SystemCommand(
            "Tutorial", "Learn the game in a guided game against two bots", self.start_tutorial
        )
        yield SystemCommand("Help", "Keys and the map legend", self.action_help)
        yield SystemCommand(
            "Save the log as text",
            "The game's whole public log as a plain text file (for reading aloud or grep)",
            self.action_save_log,
        )
        yield SystemCommand(
            "ASCII drawing",
            "Draw with plain ASCII only (on/off), for weak fonts and terminals",
            self.action_toggle_ascii,
        )
        yield from super().get_system_commands(screen)

    def action_toggle_ascii(self) -> None:
        self.ascii_mode = not self.ascii_mode
        self.refresh_css(animate=False)  # every line is drawn again, through the filter

    async def action_quit(self) -> None:
        if self._saver is not None:
            self._saver.flush()
        self.exit()

    def kept_after_crash(self) -> str:
        """How to carry on after a crash: the game in progress is in the autosave (every
        action is on disk before it is shown), unless autosaving failed or was off."""
        session, saver = self.session, self._saver
        if session is None or session.over or self.tutorial is not None or saver is None:
            return ""
        return "" if saver.error else "keythedral --resume continues the game"

    def on_unmount(self) -> None:
        if self._saver is not None:
            self._saver.close()  # everything folded into the snapshot; the journal removed


def binding_owners() -> list[tuple[str, type]]:
    """Where the rebindable keys live, for ``keythedral keys`` and the keymap (every class
    with BINDINGS: a test finds any left out)."""
    from keythedral.tui.screens.dialogs import LoadDialog, SaveDialog
    from keythedral.tui.screens.help import HelpScreen, LawsScreen
    from keythedral.tui.screens.new_game import NewGameScreen
    from keythedral.tui.screens.replay import ReplayScreen
    from keythedral.tui.screens.rules import RuleCard, RulesScreen
    from keythedral.tui.screens.scores import ScoresScreen
    from keythedral.tui.screens.tutorial import TutorialPanel, TutorialScreen

    return [
        ("everywhere", KeythedralApp),
        ("game", GameScreen),
        ("map", FieldMap),
        ("hand-over", HandoverScreen),
        ("scores", ScoresScreen),
        ("new game", NewGameScreen),
        ("tutorial", TutorialScreen),
        ("tutorial lesson", TutorialPanel),
        ("rules", RulesScreen),
        ("rule card", RuleCard),
        ("keys and legend", HelpScreen),
        ("law cards", LawsScreen),
        ("save", SaveDialog),
        ("load", LoadDialog),
        ("replay viewer", ReplayScreen),
    ]


def run_app(app: KeythedralApp, *, mouse: bool) -> int:
    """Run ``app`` and return the process's exit status: 0, or Textual's non-zero return code
    after a crash inside the app (Textual has printed what went wrong by then), with a word on
    how to carry on."""
    app.run(mouse=mouse)
    code = app.return_code or 0
    if code:
        kept = app.kept_after_crash()
        then = f" Nothing is lost: {kept}." if kept else ""
        print(
            f"keythedral: stopped by an error in the program (shown above).{then}",
            file=sys.stderr,
        )
    return code


def app_bot(spec: str, game_seed: int, seat: int) -> Any:
    """The bot for a seat, seeded from the game (a resumed game plays on with the same bots).
    A plain "ismcts" searches for at most ISMCTS_TIME seconds a move here, so that people do
    not wait long on a slow machine (its options, when given, are kept as they are)."""
    from keythedral.bots import make_bot

    extra = {"time": ISMCTS_TIME} if spec.strip().lower() == "ismcts" else {}
    return make_bot(spec, seed=game_seed * 7 + seat, **extra)


def _random_seed() -> int:
    from keythedral.tui.screens.new_game import random_seed

    return random_seed()
