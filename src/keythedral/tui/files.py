"""Games on disk, for the app: the autosave, saving and loading under a name (the dialogs), the
replay written at the end of every game and the replay viewer opened on a file, the game's
log exported as plain text, and the record for a bug report written when the rules engine fails
(``engine_fault``).

Every action is written to the autosave's journal before the screen shows it, and made
durable (fdatasync) in a thread behind it (keythedral.records.autosave); the tutorial keeps its own
progress file instead (its mode's kind says so: ``GameKind.autosaves`` is False).  Errors are
told in a note, never raised into the app.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from keythedral import lang
from keythedral.lang import _
from keythedral.records import faults, replay
from keythedral.safetext import inside, printable, slug
from keythedral.words import terms

FAULT_NOTICE_TIME = 60.0  # seconds the note of a fault of the rules engine stays up

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from keythedral.records.autosave import AutoSaver
    from keythedral.records.faults import EngineFault
    from keythedral.records.persistence import SavedGame
    from keythedral.records.replay import ReplayCursor
    from keythedral.tui.app import KeythedralApp
    from keythedral.tui.screens.new_game import NewGameScreen
    from keythedral.tui.session import Session


def kept_name(old: SavedGame) -> str:
    """The name an unfinished game is kept under when a new game takes the autosave's place:
    unfinished-<names>-seed-<n>-<the time now>."""
    from datetime import datetime

    from keythedral.records import persistence  # not before the first frame

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    name = slug(f"unfinished {persistence.game_stem(old.config.players, old.config.seed)}", 40)
    return f"{name}-{stamp}"


class Files:
    """The app's saves, autosave, replays and log files, in ``data_dir`` (the default data
    folder when None); ``autosave``: whether games are autosaved and kept as replays."""

    def __init__(self, app: KeythedralApp, data_dir: Path | None, autosave: bool) -> None:
        self.app = app
        self.data_dir = data_dir
        self.autosave_enabled = autosave
        self.autosaver: AutoSaver | None = None  # made at the first autosave (``saver``)
        self._save_error_told: str | None = None  # the autosave's trouble, on screen now
        self.replay_path: Path | None = None  # where the finished game was written

    @property
    def saver(self) -> AutoSaver:
        if self.autosaver is None:
            from keythedral.records import persistence  # not before the first frame
            from keythedral.records.autosave import AutoSaver  # not before the first frame

            self.autosaver = AutoSaver(persistence.autosave_path(self.data_dir))
        return self.autosaver

    # --- saving -----------------------------------------------------------------------------------
    def autosave(self) -> None:
        """Called in the handler that changed the game, before the screen is drawn again: the
        change is written to the autosave's journal when this returns, so that a crash or a
        kill keeps it; a thread makes it durable behind (keythedral.records.autosave).
        When it cannot be written, the redraw that follows says so (``tell_save_error``)."""
        session = self.app.game
        if not self.app.mode.kind.autosaves:
            return  # the tutorial keeps its own progress file, never the game's autosave
        if session is not None and self.autosave_enabled:
            game = (session.config, session.actions, session.state, session.seats)
            self.saver.submit(*game, coach=session.coach)

    def unfinished(self) -> SavedGame | None:
        """The unfinished game a new game would take the place of: the autosave's, when this
        app autosaves and the autosave holds a game that can be resumed (None when it is
        absent, finished, broken or not begun: then there is nothing to ask about or keep)."""
        if not self.autosave_enabled:
            return None
        from keythedral.bots import check_spec  # engine: after the first frame
        from keythedral.records import persistence  # not before the first frame

        path = persistence.autosave_path(self.data_dir)
        if not path.exists():
            return None
        if self.autosaver is not None:
            self.autosaver.flush()  # the game in it is whole on disk first
        try:
            old = persistence.load(path, check_seat=check_spec)
        except persistence.SaveError:
            return None  # nothing that could be resumed (the file stays as it is)
        if not old.state.to_act or not old.actions:
            return None  # a finished game is kept as a replay; one not begun holds nothing
        return old

    def ask_replace(self, old: SavedGame, answer: Callable[[str | None, str], None]) -> None:
        """Ask before a new game takes the place of the unfinished game ``old``:
        ``answer(choice, keep_as)`` with "new" (start it: ``old`` is to be kept as the named
        save ``keep_as``), "resume" (``old`` instead) or None (back to the new-game screen)."""
        from keythedral.tui.screens.dialogs import ReplaceDialog  # not before the first frame

        keep_as = kept_name(old)
        dialog = ReplaceDialog(old.describe(), keep_as)
        self.app.push_screen(dialog, callback=lambda choice: answer(choice, keep_as))

    def begin_started(
        self, session: Session, begin: Callable[[Session], None], new: bool = True
    ) -> None:
        """(In the thread that loaded ``session``, the game the command line asked for.)
        ``begin`` it; a ``new`` game that would take the place of an unfinished one asks first
        (:meth:`ask_replace`): Esc goes to the new-game screen, set up as the command line
        said."""
        old = self.unfinished() if new else None
        if old is None:
            self.app.call_from_thread(begin, session)
            return
        answered = partial(self._started_answer, session, begin)
        self.app.call_from_thread(self.ask_replace, old, answered)

    def _started_answer(
        self, session: Session, begin: Callable[[Session], None], choice: str | None, keep: str
    ) -> None:
        from keythedral.records import persistence  # not before the first frame

        if choice == "new":
            self.keep_unfinished(keep)
            begin(session)
        elif choice == "resume":
            if not self.load_path(persistence.autosave_path(self.data_dir)):
                self.app.action_new_game(session.config)
        else:
            self.app.action_new_game(session.config)

    def keep_unfinished(self, keep_as: str | None = None) -> None:
        """Before a new game takes the autosave's place: an unfinished game in it is kept as a
        named save (``keep_as``, the name the question before said, or one made now), which
        the load dialog lists, so that no game is ever lost by starting another.  Called
        before the new game's first autosave."""
        from keythedral.records import persistence  # not before the first frame

        old = self.unfinished()
        if old is None:
            return
        try:
            target = persistence.save_path(keep_as or kept_name(old), self.data_dir)
            game = (old.config, old.actions, old.state, old.seats)
            persistence.save(target, *game, coach=old.coach)
        except (OSError, ValueError, persistence.SaveError) as exc:
            # I18N: {error}: what went wrong (the system's words)
            said = _("The unfinished game could not be kept: {error}").format(error=exc)
            self.app.notify(said, severity="error")
            return
        # I18N: {name}: a save's name; "Load a game": the command palette's command
        note = _("Kept as the save {name}: ctrl+p, Load a game.").format(name=target.stem)
        if not keep_as:  # not asked before: what the game was too
            # I18N: {game}: what the game was (players, round); {name}: the save's name
            note = _("The unfinished game ({game}) is kept as the save {name}.").format(
                game=old.describe(), name=target.stem
            )
        # said once the new game is on screen (a note said before would go with the old board)
        self.app.call_after_refresh(
            partial(self.app.notify, note, title=_("Unfinished game kept"), timeout=15)
        )

    def tell_save_error(self, again: bool = False) -> None:
        """An autosave that fails is said when it starts failing, and ``again`` after a
        hand-over cleared the notes on screen, for as long as it fails."""
        if again:
            self._save_error_told = None  # cleared with the rest: said again just below
        error = self.autosaver.error if self.autosaver is not None else None
        if error is not None and error != self._save_error_told:
            self.app.notify(error, title=_("Autosave failed"), severity="error", timeout=15)
        self._save_error_told = error

    def ask_save(self) -> None:
        """The save dialog, for a name."""
        session = self.app.game
        if session is None:
            self.app.notify(_("There is no game to save."), severity="warning")
            return
        suggestion = "-".join(session.config.players)
        from keythedral.tui.screens.dialogs import SaveDialog  # not before the first frame

        self.app.push_screen(SaveDialog(suggestion), callback=self.save_named)

    def save_named(self, name: str | None) -> None:
        session = self.app.game
        if not name or session is None:
            return
        from keythedral.records import persistence  # not before the first frame

        try:
            path = persistence.save_path(name, self.data_dir)
            game = (session.config, session.actions, session.state, session.seats)
            persistence.save(path, *game, coach=session.coach)
        except persistence.SaveError as exc:
            self.app.notify(str(exc), title=_("Not saved"), severity="error")
            return
        # I18N: {name}: the save's name
        self.app.notify(_("Saved as {name}.").format(name=path.stem), title=_("Saved"))

    def save_log(self) -> None:
        """Write the whole public log as plain text next to the saves (for screen readers)."""
        session = self.app.game
        if session is None:
            self.app.notify(_("There is no game whose log could be saved."), severity="warning")
            return
        from keythedral.records import gamelog, persistence  # not before the first frame

        cfg = session.config
        folder = persistence.data_dir() if self.data_dir is None else self.data_dir
        name = persistence.game_stem(cfg.players, cfg.seed) + ".txt"  # never a path
        try:
            path = inside(folder / "logs", name)
            persistence.write_atomic(path, gamelog.log_text(cfg, session.actions))
        except (OSError, ValueError) as exc:
            # I18N: {error}: what went wrong (the system's words)
            said = _("Could not write the log: {error}").format(error=exc)
            self.app.notify(said, title=_("Log not saved"), severity="error")
            return
        self.app.notify(str(path), title=_("The log is saved as plain text"), timeout=10)

    # --- loading ----------------------------------------------------------------------------------
    def ask_load(self, from_new_game: bool = False) -> None:
        """The load dialog; ``from_new_game``: the new-game screen comes back when nothing is
        loaded."""
        from keythedral.tui.screens.dialogs import LoadDialog  # not before the first frame

        chosen = self._load_chosen_from_new if from_new_game else self._load_chosen
        self.app.push_screen(LoadDialog(self.data_dir), callback=chosen)

    def _load_chosen(self, path: Path | None) -> None:
        if path is not None:
            self.load_path(path)

    def _load_chosen_from_new(self, path: Path | None) -> None:
        if path is None or not self.load_path(path):
            self.app.action_new_game()

    def load_path(self, path: Path) -> bool:
        from keythedral.bots import check_spec  # engine: after the first frame
        from keythedral.records import persistence  # not before the first frame

        try:
            saved = persistence.load(path, check_seat=check_spec)
        except persistence.SaveError as exc:
            self.app.notify(str(exc), title=_("Not loaded"), severity="error", timeout=10)
            return False
        self.app.resume(saved)
        # I18N: {game}: what the game is (players, round)
        self.app.notify(_("Loaded {game}.").format(game=saved.describe()), title=_("Loaded"))
        if saved.note:
            self.tell_note(saved.note)
        return True

    def tell_note(self, note: str) -> None:
        title = _("Part of the autosave was lost")
        self.app.notify(note, title=title, severity="warning", timeout=15)

    def check_autosave(self, screen: NewGameScreen) -> None:
        """Offer to resume the autosave when it holds an unfinished game (in a thread); and
        remove what killed writes left in the data folder, when this app autosaves."""
        work = partial(self._check_autosave, screen)
        self.app.run_worker(work, name="_check_autosave", thread=True, exit_on_error=False)

    def _check_autosave(self, screen: NewGameScreen) -> None:
        from keythedral.bots import check_spec  # engine: after the first frame
        from keythedral.records import persistence  # not before the first frame

        path = persistence.autosave_path(self.data_dir)
        if self.autosave_enabled:
            # not before the first frame
            from keythedral.records.autosave import remove_stale_files_once

            remove_stale_files_once(path)
        if not path.exists():
            return
        try:
            saved = persistence.load(path, check_seat=check_spec)
        except persistence.SaveError as exc:
            self.app.call_from_thread(
                self.app.notify,
                str(exc),
                title=_("The autosave cannot be resumed"),
                severity="warning",
            )
            return
        if saved.state.to_act:
            self.app.call_from_thread(screen.offer_resume, saved.describe())

    # --- replays ----------------------------------------------------------------------------------
    def write_replay(self) -> None:
        """Every finished game is kept as a replay in the replays folder next to the saves."""
        session = self.app.game
        if (
            session is None
            or not session.over
            or not self.app.mode.kind.autosaves
            or not self.autosave_enabled
            or self.replay_path is not None
        ):
            return
        from keythedral.records import persistence, replay  # not before the first frame

        seats = session.seats or ("human",) * session.config.n
        rp = replay.record(session.config, session.actions, seats, final=session.state)
        try:
            path = inside(persistence.replays_dir(self.data_dir), replay.file_name(rp))
            if not path.exists():  # the same game (a finished save loaded again): kept once
                replay.save(rp, path)
        except (OSError, ValueError) as exc:
            # I18N: {error}: what went wrong (the system's words)
            said = _("Could not write the replay: {error}").format(error=exc)
            self.app.notify(said, title=_("Replay not saved"), severity="error")
            return
        self.replay_path = path

    def open_replay(self, path: Path) -> None:
        """Open the replay viewer on a replay file (loaded and checked in a thread)."""
        self.app.clear_screens()
        work = partial(self._load_replay, path)
        self.app.run_worker(work, name="_load_replay", thread=True, exit_on_error=False)

    def _load_replay(self, path: Path) -> None:
        try:
            rp = replay.load(path)
            cursor = replay.ReplayCursor(rp)
        except replay.ReplayError as exc:
            self.app.call_from_thread(self._replay_failed, str(exc))
            return
        self.app.call_from_thread(self.show_replay, cursor, path)

    def show_replay(self, cursor: ReplayCursor, path: Path) -> None:
        from keythedral.tui.screens.replay import ReplayScreen  # not before the first frame

        self.app.push_screen(ReplayScreen(cursor, title=printable(path.name)))

    def _replay_failed(self, message: str) -> None:
        title = _("Cannot show that replay")
        self.app.notify(message, title=title, severity="error", timeout=15)
        self.app.action_new_game()

    # --- faults of the rules engine -------------------------------------------------------------
    def engine_fault(self, fault: EngineFault, what: str, then: str, **names: str) -> Path | None:
        """The rules engine failed (keythedral.records.faults) ``what`` ("with that move", a
        message marked with ``N_``, its placeholders filled from ``names``, and ``{whose}`` as
        the owner ``{player}`` is, ``terms.whose``; the record for the bug report has it in
        English): the game
        stays at its last good state, which the autosave holds already.  A record for a bug
        report is written in the bug-reports folder next to the saves, and the people are told
        in plain words, with ``then`` (what happens now).  The file, or None when it could
        not be written (said too)."""
        session = self.app.game
        if session is None:
            return None
        game = (session.config, session.actions, session.seats)

        def filled() -> str:  # what, its {player} named, {whose} as the owner ("d'Otto")
            owner = {"whose": terms.whose(names["player"])} if "player" in names else {}
            return _(what).format(**names, **owner)

        # the record is in English, as the bug report is read
        where = lang.in_language("en", filled)
        record = faults.report_record(fault, *game, where=f"app: {where}")
        path, said = faults.keep(record, faults.reports_dir(self.data_dir))
        saved = (
            self.app.mode.kind.autosaves
            and self.autosave_enabled
            and self.autosaver is not None
            and self.autosaver.error is None
        )
        when = filled()
        if saved:
            # I18N: {what}: when it went wrong ("with that move"); {report}: where the bug
            # report was written; {then}: what happens now
            text = _(
                "Something went wrong in the game's rules engine {what}; the game is saved as "
                "it was before it. {report} {then}"
            )
        else:
            text = _(
                "Something went wrong in the game's rules engine {what}; the game stays as it "
                "was before it. {report} {then}"
            )
        text = text.format(what=when, report=said, then=then)
        # Said once the screen is drawn again (a hand-over clears the notes on screen first).
        self.app.call_after_refresh(
            partial(
                self.app.notify,
                text,
                title=_("The rules engine failed"),
                severity="error",
                timeout=FAULT_NOTICE_TIME,
            )
        )
        return path

    # --- the end ----------------------------------------------------------------------------------
    def kept_after_crash(self) -> str:
        """How to carry on after a crash: the game in progress is in the autosave (every
        action is written before it is shown), unless autosaving failed or was off."""
        session, saver = self.app.game, self.autosaver
        if session is None or session.over or not self.app.mode.kind.autosaves or saver is None:
            return ""
        return "" if saver.error else _("keythedral --resume continues the game")

    def flush(self) -> None:
        """Everything submitted to the autosave is on disk (at quit)."""
        if self.autosaver is not None:
            self.autosaver.flush()

    def close(self) -> None:
        if self.autosaver is not None:
            self.autosaver.close()  # everything folded into the snapshot; the journal removed
