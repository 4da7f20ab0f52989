"""The Keythedral app: hot-seat play for 2 to 5 players at one keyboard.

The app starts things (a game, a saved game, the tutorial, a replay, the new-game screen) and
holds what a game is played with, each part with its own job: the session (the game itself,
tui/session.py), the table (who holds the keyboard, tui/table.py), the mode (a normal game,
tui/mode.py, or the tutorial), the bot runner (the computer players, tui/bot_runner.py) and
the files (the autosave, saves, replays, tui/files.py).
"""

from __future__ import annotations

import gc
import math
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events, work
from textual.app import App, ScreenStackError, SystemCommand
from textual.filter import LineFilter
from textual.screen import Screen

from keythedral import lang
from keythedral.lang import _
from keythedral.safetext import printable
from keythedral.tui import keys
from keythedral.tui.advice import Advice
from keythedral.tui.ascii import AsciiFilter
from keythedral.tui.bindings import bindings
from keythedral.tui.bot_runner import BotRunner
from keythedral.tui.collector import KeyCollector
from keythedral.tui.files import Files
from keythedral.tui.keymap import app_rows, keys_path, load_keymap
from keythedral.tui.mode import GameMode
from keythedral.tui.nocolor import no_color_wanted, with_no_colour
from keythedral.tui.palette import common_commands
from keythedral.tui.screens.base import Asks
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.shutdown import Shutdown
from keythedral.tui.start import (
    COACH,
    Start,
    StartError,
    load_start,
    load_tutorial,
    pick_theme,
)
from keythedral.tui.table import Table
from keythedral.tui.widgets.keybar import KeyBar
from keythedral.words.text import seat_tokens

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel

    from keythedral.engine import Action, GameConfig
    from keythedral.records.persistence import SavedGame
    from keythedral.records.replay import ReplayCursor
    from keythedral.tui.session import GameSession, Session
    from keythedral.tutorial import Tutorial

__all__ = ["KeythedralApp", "Start", "binding_owners", "run_app"]  # Start: the CLI's request
SETTLE_AFTER = 5.0  # seconds after start-up by which the cyclic collector is back on
SETUP_NOTICE_TIME = 60.0  # a notice of the player's settings: time to read ten lines of it
#: Seconds after the keyboard comes to someone (a hand-over, another's move) during which their
#: keys answer nothing: quicker than anyone reads a screen, so meant for the one before (a
#: second Enter after "I am ready").  KEYTHEDRAL_SETTLE sets it (0: off).
SETTLE = 0.3


def settle_time(environ: Mapping[str, str] = os.environ) -> float:
    """The settle time: KEYTHEDRAL_SETTLE's seconds (0 to 5), else ``SETTLE``."""
    try:
        value = float(environ.get("KEYTHEDRAL_SETTLE", SETTLE))
    except ValueError:
        return SETTLE
    return SETTLE if math.isnan(value) else min(max(value, 0.0), 5.0)


#: Short names for --theme (the ANSI themes use the terminal's own 16 colours).


class KeythedralApp(App[None]):
    CSS_PATH = "keythedral.tcss"
    TITLE = "Keythedral"
    BINDINGS = bindings(keys.EVERYWHERE)

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
        replay_cursor: ReplayCursor | None = None,
        strict_privacy: bool = False,
        auto_play: bool = True,
        coach: bool | None = None,
        settle: float | None = None,
    ) -> None:
        super().__init__()
        self.no_color = no_color_wanted()  # no colour codes at all then (tui/nocolor.py)
        self._replay_cursor = replay_cursor  # a replay loaded already, for the viewer
        self.bot_pause = bot_pause  # seconds a bot's move waits, so people can follow it
        self._start_seats = seats  # with ``config``: who plays each seat
        if not animations:
            self.animation_level = "none"
        # Reach: --ascii, --theme and the player's keys.toml (said on screen when they fail).
        self.ascii_mode = ascii
        self._ascii_filter = AsciiFilter()
        self._setup_problems: list[tuple[str, str]] = []
        self.rebound: dict[str, str] = {}  # keys.toml: a binding's id -> its keys
        if theme:
            chosen, problem = pick_theme(theme, self.available_themes)
            self.theme = chosen or self.theme
            self._setup_problems += [(problem, "")] if problem else []
        self._load_keys(keys_file)
        self.files = Files(self, data_dir, autosave)
        #: The game on screen: held here (a ``Session``) or elsewhere (a hosted game's seat).
        self.session: GameSession | None = None
        self.table = Table(strict=strict_privacy)  # who holds the keyboard
        self.auto_play = auto_play  # a public decision with one choice plays itself
        #: Seconds after the keyboard comes to someone in which keys answer nothing (SETTLE).
        self.settle = settle_time() if settle is None else settle
        self.runner = BotRunner(self)  # the computer players
        self.advice = Advice(self)  # the coach, thinking while the player reads
        self.mode: GameMode = GameMode(self)  # the normal game, or the tutorial's mode
        self.tokens: tuple[str, ...] = ()
        self._notes_for: int | None = None  # whose hand the notes on screen may speak of
        self.seen_log: dict[int, int] = {}  # log_total when each seat last had the keyboard
        self.collector = KeyCollector()  # no garbage collection while a key is answered
        self._start_config = config
        self._start_saved = saved
        self._start = start or Start(seed=seed)
        self._seed = seed if seed is not None else self._start.seed
        #: The coach asked for (``--coach``): the game started, or the save given, plays with
        #: it; None: a save's own setting, or the default (``start.COACH``).
        self._coach = coach if coach is not None else self._start.coach

    # --- what the screens ask -------------------------------------------------------------------
    @property
    def keyboard(self) -> int | None:
        """The seat whose private screen is shown (the table's)."""
        return self.table.keyboard

    @property
    def hand_up(self) -> int | None:
        """The person whose hand is on screen (the table's)."""
        return self.table.hand_up

    @property
    def game(self) -> Session | None:
        """The game, when it is held whole in this process (``GameSession.local``): what only
        such a game has (its states, saves, bots, undo) is asked of it."""
        return self.session.local if self.session is not None else None

    def play(self, action: Action) -> bool:
        """Apply one action of a person (checked against the lesson in the tutorial)."""
        return self.mode.play(action)

    def route(self) -> None:
        self.mode.route()

    def redraw(self, *, covered: bool = False) -> None:
        """Draw the game again for the hand now up.  Notes (a hint, a law's text) speak of the
        hand of the person who asked for them: they go when that hand leaves the screen.
        ``covered``: the privacy screen is about to cover the board: only what was private goes
        from it now (``GameScreen.veil``), the rest is drawn when the board is shown again."""
        shown = self.table.hand_up
        again = shown != self._notes_for
        if again:
            self.clear_notifications()  # before anyone else looks
            self._notes_for = shown
        self.files.tell_save_error(again)
        if shown is not None and self.session is not None:
            self.seen_log[shown] = self.session.log_total
        screen = self.game_screen
        if screen is not None and screen.is_mounted:
            (screen.veil if covered else screen.refresh_game)()

    @property
    def game_screen(self) -> GameScreen | None:
        return next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)

    # --- reach: ASCII, keys ----------------------------------------------------------------------
    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = with_no_colour(super().get_line_filters(), self.no_color)
        return [*filters, self._ascii_filter] if self.ascii_mode else filters

    def _load_keys(self, path: Path | None) -> None:
        path = path or keys_path()
        if not path.exists():
            return  # no keys file (the usual case)
        result = load_keymap(path=path, rows=app_rows())
        if result.keymap:
            self.set_keymap(result.keymap)
            self.rebound = result.keymap
        if result.problems:  # all of them in one notice (a file may hold thousands)
            # I18N: a notice's title; {path}: the keys file
            partly = _("{path} was only partly used").format(path=result.path)
            self._setup_problems.append((result.notice(), partly))

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
        message, title = printable(message), printable(title)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def _tell_setup_problems(self) -> None:
        for message, title in self._setup_problems:
            title = title or _("Setting not used")  # plain text, as every note (see notify)
            self.notify(message, title=title, severity="warning", timeout=SETUP_NOTICE_TIME)

    # --- starting ---------------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.set_timer(SETTLE_AFTER, self._settle_memory_late)
        if not self.is_headless:  # SIGHUP/SIGTERM write the pending autosave before ending
            Shutdown(lambda: self.files.autosaver, self.exit).install()
        self.call_after_refresh(self._tell_setup_problems)
        if self._start_saved is not None:
            saved = self._start_saved
            if self._start_seats:  # seats given with the save: they play it on
                saved = replace(saved, seats=tuple(self._start_seats))
            if self._coach is not None:  # so does the coach
                saved = replace(saved, coach=self._coach)
            self.resume(saved)
        elif self._start_config is not None:
            self.start_game(self._start_config, self._start_seats, coach=self._coach)
        elif self._start.replay is not None:
            if self._replay_cursor is not None:
                self.files.show_replay(self._replay_cursor, self._start.replay)
            else:
                self.files.open_replay(self._start.replay)
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
        try:
            session, note = load_start(self._start)
        except StartError as exc:
            self.call_from_thread(self._start_failed, str(exc))
            return
        if note:
            self.call_from_thread(self.files.tell_note, note)
        self.files.begin_started(session, self._begin, new=self._start.load is None)

    def _start_failed(self, message: str) -> None:
        self.notify(message, title=_("Cannot start that game"), severity="error", timeout=15)
        self.action_new_game()

    def clear_screens(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def action_new_game(self, template: GameConfig | None = None) -> None:
        self.clear_screens()
        template = template or (self.session.config if self.session is not None else None)
        seats = self.game.seats if self.game is not None else self._start.seats
        coach = self.session.coach if self.session is not None else self._coach
        from keythedral.tui.screens.new_game import NewGameScreen  # not before the first frame

        screen = NewGameScreen(
            seed=self._seed,
            config=template,
            names=self._start.players,
            seats=seats,
            coach=COACH if coach is None else coach,
        )
        self.push_screen(screen, callback=self._new_game_chosen)
        self.call_after_refresh(self.files.check_autosave, screen)

    def _new_game_chosen(self, result: object) -> None:
        from keythedral import engine  # engine: after the first frame
        from keythedral.records import persistence  # not before the first frame
        from keythedral.tui.screens.new_game import GameSetup  # not before the first frame

        if isinstance(result, GameSetup):
            self.start_game(result.config, result.seats, result.keep_as, result.coach)
        elif isinstance(result, engine.GameConfig):
            self.start_game(result)
        elif result == "resume":
            self.files.load_path(persistence.autosave_path(self.files.data_dir))
        elif result == "load":
            self.files.ask_load(from_new_game=True)
        elif result == "tutorial":
            self.start_tutorial()

    def start_game(
        self,
        config: GameConfig,
        seats: Sequence[str] = (),
        keep_as: str = "",
        coach: bool | None = None,
    ) -> None:
        """A new game; ``seats``: "human" or a bot spec per seat (all people by default);
        ``keep_as``: the name an unfinished game in the autosave is kept under, if asked;
        ``coach``: on or off (None: the default, ``start.COACH``)."""
        from keythedral.tui.session import Session  # engine: after the first frame

        self.files.keep_unfinished(keep_as)  # the game in the autosave is never lost to a new one
        self._begin(Session.new(config, seats, COACH if coach is None else coach))

    def resume(self, saved: SavedGame) -> None:
        from keythedral.tui.session import Session  # engine: after the first frame

        game = (saved.config, saved.actions, saved.seats)
        self._begin(Session.replayed(*game, coach=saved.coach))

    def _begin(self, session: Session) -> None:
        screen = self.screen
        # The empty board shown while the engine loaded is filled in; else a new board.
        loading = isinstance(screen, GameScreen) and screen.kapp.session is None
        if not loading:
            self.clear_screens()
        self._install(session, GameMode(self))
        if loading:
            self.route()
        else:
            self.push_screen(GameScreen())
            self.call_after_refresh(self.route)
        self.files.autosave()

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

    def _install(self, session: Session, mode: GameMode) -> None:
        self.settle_memory()
        self.session = session
        self.mode = mode
        self.tokens = seat_tokens(session.config.players)
        self.table.clear()
        self.files.replay_path = None
        self.runner.seat_bots(session)  # a resumed game plays on with the same bots

    # --- the tutorial (keythedral.tutorial; screens/tutorial.py does the work) ------------------
    def start_tutorial(self, tutorial: Tutorial | None = None) -> None:
        """Open the tutorial: the given one, or the saved one, or a new one."""
        if tutorial is not None:
            self._begin_tutorial(tutorial)
            return
        self.clear_screens()
        self.push_screen(GameScreen())  # the frame while the engine and bots load
        self.call_after_refresh(self._load_tutorial)

    @work(thread=True, exit_on_error=False)
    def _load_tutorial(self) -> None:
        self.call_from_thread(self._begin_tutorial, load_tutorial(self.files.data_dir))

    def _begin_tutorial(self, tutorial: Tutorial) -> None:
        # not before the first frame
        from keythedral.tui.screens.tutorial import TutorialMode, TutorialScreen
        from keythedral.tutorial import tutorial_path  # engine: after the first frame

        self.clear_screens()
        mode = TutorialMode(self, tutorial, path=tutorial_path(self.files.data_dir))
        self._install(mode.session(), mode)
        self.push_screen(TutorialScreen(mode))
        self.call_after_refresh(self.route)

    # --- files and other screens ------------------------------------------------------------------
    def action_save(self) -> None:
        self.files.ask_save()

    def action_load(self) -> None:
        self.files.ask_load()

    def action_save_log(self) -> None:
        self.files.save_log()

    def action_help(self) -> None:
        from keythedral.tui.screens.help import HelpScreen  # not before the first frame

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_rules(self, section: str | None = None) -> None:
        from keythedral.tui.screens.rules import RulesScreen  # not before the first frame

        self.push_screen(RulesScreen(section))

    def action_command_palette(self) -> None:
        """Textual's command palette, with its search line in the language in use (Textual's
        own placeholder is English)."""
        from textual.command import CommandPalette

        if self.use_command_palette and not any(
            isinstance(screen, CommandPalette) for screen in self.screen_stack
        ):
            # I18N: the command palette's empty search line
            search = _("Search for commands…")
            self.push_screen(CommandPalette(placeholder=search, id="--command-palette"))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        log = _("The game's whole public log as a plain text file (for reading aloud or grep)")
        plain = _("Draw with plain ASCII only (on/off), for weak fonts and terminals")
        # I18N: the command palette's commands: a name, then what it does
        yield SystemCommand(_("New game"), _("Set up a new game"), self.action_new_game)
        yield SystemCommand(_("Save game"), _("Save this game under a name"), self.action_save)
        load = _("Load a saved game (or the autosave)")
        yield SystemCommand(_("Load game"), load, self.action_load)
        rules = _("Read the rules as this program plays them")
        yield SystemCommand(_("Rules"), rules, self.action_rules)
        tutorial = _("Learn the game in a guided game against two bots")
        yield SystemCommand(_("Tutorial"), tutorial, self.start_tutorial)
        yield SystemCommand(_("Help"), _("Keys and the map legend"), self.action_help)
        yield SystemCommand(_("Save the log as text"), log, self.action_save_log)
        yield SystemCommand(_("ASCII drawing"), plain, self.action_toggle_ascii)
        yield from common_commands(self)

    def use_language(self, code: str) -> None:
        """Show the app in language ``code`` from now on (the command palette, the new-game
        screen): every screen made from now on is in it, and those up already are drawn again
        in it (each screen's ``relanguage``, and every key bar).  Saves, replays and the
        protocol hold no words, so nothing else changes."""
        if code == lang.current():
            return
        lang.use(code)
        for screen in self.screen_stack:
            relanguage = getattr(screen, "relanguage", None)
            if callable(relanguage):
                relanguage()
            for bar in screen.query(KeyBar):
                bar.refresh()

    def action_toggle_ascii(self) -> None:
        self.ascii_mode = not self.ascii_mode
        self.refresh_css(animate=False)  # every line is drawn again, through the filter

    async def action_quit(self) -> None:
        self.files.flush()
        self.exit()

    def kept_after_crash(self) -> str:
        """How to carry on after a crash (see Files.kept_after_crash)."""
        return self.files.kept_after_crash()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseUp)) and not event.is_forwarded:
            self.collector.hold()  # as it comes from the terminal, before anything is done
        if isinstance(event, (events.Key, events.MouseDown, events.MouseUp)) and self._too_soon(
            event
        ):
            return  # pressed before the question on show could be seen: it answers nothing
        await super().on_event(event)

    _press_held = False  # the last mouse button pressed came too soon: its release too

    def _too_soon(self, event: events.Key | events.MouseDown | events.MouseUp) -> bool:
        """The one gate for keys typed ahead and early clicks: the screen on show holds back
        a key or a mouse button pressed before its question was put, or in its settle time
        (``Asks.holds_back``).  Asked twice of a key: as it comes from the terminal (before
        the priority bindings) and as it comes back from the focused widget (before the
        others act): keys typed together are all handed to the widget before the first one's
        binding has moved the game on.  A click is the button's press and its release (the
        release makes the click): a release is held back with its press, or on its own."""
        try:
            screen = self.screen
        except ScreenStackError:  # no screen yet, or none left
            return False
        if isinstance(event, events.MouseEvent) and event.is_forwarded:
            return False
        held = isinstance(screen, Asks) and screen.holds_back(event)
        if isinstance(event, events.MouseDown):
            self._press_held = held
        elif isinstance(event, events.MouseUp):
            held, self._press_held = held or self._press_held, False
        return held

    def on_unmount(self) -> None:
        self.collector.release()
        self.files.close()


def binding_owners() -> list[tuple[str, type]]:
    """Which class each place of the list of keys is (every class with BINDINGS: a test finds
    any left out), in the order of keys.PLACES: the tests check each one's BINDINGS against the
    list."""
    # not before the first frame: the screens shown later load when they are first shown
    from keythedral.tui.screens.dialogs import LoadDialog, ReplaceDialog, SaveDialog
    from keythedral.tui.screens.drawn import DrawnLawScreen
    from keythedral.tui.screens.handover import HandoverScreen
    from keythedral.tui.screens.help import HelpScreen, LawsScreen
    from keythedral.tui.screens.new_game import NewGameScreen
    from keythedral.tui.screens.replay import ReplayScreen
    from keythedral.tui.screens.rules import RuleCard, RulesScreen
    from keythedral.tui.screens.scores import ScoresScreen
    from keythedral.tui.screens.tutorial import TutorialPanel, TutorialScreen
    from keythedral.tui.widgets.board import FieldMap

    return [
        (keys.EVERYWHERE, KeythedralApp),
        (keys.GAME, GameScreen),
        (keys.MAP, FieldMap),
        (keys.HANDOVER, HandoverScreen),
        (keys.DRAWN, DrawnLawScreen),
        (keys.SCORES, ScoresScreen),
        (keys.NEW_GAME, NewGameScreen),
        (keys.TUTORIAL, TutorialScreen),
        (keys.LESSON, TutorialPanel),
        (keys.RULES, RulesScreen),
        (keys.RULE_CARD, RuleCard),
        (keys.HELP_SCREEN, HelpScreen),
        (keys.LAWS, LawsScreen),
        (keys.SAVE, SaveDialog),
        (keys.LOAD, LoadDialog),
        (keys.REPLACE, ReplaceDialog),
        (keys.REPLAY, ReplayScreen),
    ]


def run_app(app: KeythedralApp, *, mouse: bool) -> int:
    """Run ``app`` and return the process's exit status: 0, or Textual's non-zero return code
    after a crash inside the app (Textual has printed what went wrong by then), with a word on
    how to carry on."""
    app.run(mouse=mouse)
    code = app.return_code or 0
    if code:
        kept = app.kept_after_crash()
        if kept:
            # I18N: {kept}: how to carry on (files.py's words: "resume with ...")
            said = _(
                "keythedral: stopped by an error in the program (shown above). "
                "Nothing is lost: {kept}."
            ).format(kept=kept)
        else:
            said = _("keythedral: stopped by an error in the program (shown above).")
        print(said, file=sys.stderr)
    return code
