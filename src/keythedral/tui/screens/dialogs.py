"""Small dialogs: save under a name, load a saved game, ask before a new game takes the place
of an unfinished one."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from keythedral.lang import _
from keythedral.records import persistence
from keythedral.safetext import NO_CONTROL, printable
from keythedral.tui.bindings import bindings
from keythedral.tui.keys import LOAD, REPLACE, SAVE
from keythedral.tui.widgets.keybar import KeyBar


class SaveDialog(ModalScreen[str | None]):
    BINDINGS = bindings(SAVE)

    def __init__(self, suggestion: str = "") -> None:
        super().__init__()
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Save the game as (letters, digits, spaces, - and _):")))
            yield Input(self.suggestion, id="save-name", compact=True, restrict=NO_CONTROL)
            yield Static(Text(_("Enter saves · Esc cancels")), classes="dim")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class LoadDialog(ModalScreen[Path | None]):
    """Pick the autosave or a named save; broken files are listed with the reason."""

    BINDINGS = bindings(LOAD)

    def __init__(self, base: Path | None = None) -> None:
        super().__init__()
        self.base = base
        self.paths: list[Path] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Load a game (Enter loads · Esc cancels):")))
            yield OptionList(id="load-list")

    def on_mount(self) -> None:
        options = []
        auto = persistence.autosave_path(self.base)
        candidates = ([auto] if auto.exists() else []) + persistence.list_saves(self.base)
        for path in candidates:
            # I18N: the autosave in the list of saved games
            label = _("autosave") if path == auto else path.stem
            # File names and what a file says are shown as they are, never read as markup.
            options.append(Option(Text(printable(f"{label}  ({self._peek(path)})"))))
            self.paths.append(path)
        ol = self.query_one(OptionList)
        if options:
            ol.add_options(options)
        else:
            ol.add_option(Option(Text(_("No saved games yet.")), disabled=True))

    @staticmethod
    def _peek(path: Path) -> str:
        from keythedral.bots import check_spec  # engine: loaded on use only

        try:
            return persistence.load(path, check_seat=check_spec).describe()
        except persistence.SaveError as exc:
            # I18N: a saved game in the list; {error}: why it cannot be loaded
            return _("cannot be loaded: {error}").format(error=exc)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if 0 <= event.option_index < len(self.paths):
            self.dismiss(self.paths[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplaceDialog(ModalScreen[str | None]):
    """A new game would take the autosave's place, which holds an unfinished game (``about``:
    its players and round): "new" starts the new game (the unfinished one is kept as the
    named save ``keep_as``), "resume" resumes the unfinished one, None goes back."""

    BINDINGS = bindings(REPLACE)

    def __init__(self, about: str, keep_as: str) -> None:
        super().__init__()
        self.about = about
        self.keep_as = keep_as

    def compose(self) -> ComposeResult:
        # Names and what the save says are shown as they are, never read as markup.
        with Vertical(classes="dialog"):
            yield Static(Text(_("An unfinished game is in the autosave:")))
            yield Static(Text(printable(self.about)), id="replace-game")
            yield Static(
                Text(
                    # I18N: a table of keys and what they do: keep the keys' column (7 wide) and
                    # the line breaks; {name}: the name the unfinished game is kept under
                    _(
                        "Enter  start the new game; keep the unfinished one as the save\n"
                        "       {name}\n"
                        "r      resume the unfinished game instead\n"
                        "Esc    back to the new-game screen"
                    ).format(name=printable(self.keep_as))
                ),
                id="replace-keys",
            )
        yield KeyBar()

    def action_new(self) -> None:
        self.dismiss("new")

    def action_resume(self) -> None:
        self.dismiss("resume")

    def action_cancel(self) -> None:
        self.dismiss(None)
