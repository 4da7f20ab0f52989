"""The new-game screen: the language, players in seat order (each a person or a computer
player), variants, the seed, how the table hands over the keyboard; or resume the autosave.
Starting a game that would take the place of an unfinished one in the autosave asks first
(tui/files.py).  Another language is taken at once: the screen is made again in it, what was
typed and ticked kept."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, cast

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    RadioButton,
    RadioSet,
    Select,
    Static,
)

from keythedral import lang
from keythedral.lang import N_, _, pgettext, upper_first
from keythedral.lexicon import name_problem
from keythedral.safetext import NO_CONTROL
from keythedral.tui.bindings import bindings
from keythedral.tui.keys import NEW_GAME
from keythedral.tui.screens.base import BaseScreen
from keythedral.tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from keythedral.engine import GameConfig
    from keythedral.tui.app import KeythedralApp

DEFAULT_NAMES = ("Ann", "Bob", "Cy", "", "")
#: A name for a computer player put in an empty seat.
BOT_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
HUMAN = "human"
#: Who can sit in a seat: a person, or one of the bots (value: the spec for bots.make_bot).
# I18N: who sits in a seat of the new game: a person, or a computer player ("bot") of a kind
# (random, greedy, ismcts: their names) or a strength (easy, normal, hard). 12 columns or so.
SEAT_KINDS = (
    (N_("person"), HUMAN),
    (N_("random bot"), "random"),
    (N_("greedy bot"), "greedy"),
    (N_("ismcts bot"), "ismcts"),
    (N_("easy bot"), "easy"),
    (N_("normal bot"), "normal"),
    (N_("hard bot"), "hard"),
)
#: The strength levels among SEAT_KINDS (keythedral.bots.LEVELS), described in a line when
#: one is chosen.
LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class GameSetup:
    """What the screen is dismissed with to start a game: the config and who plays each seat."""

    config: GameConfig
    seats: tuple[str, ...] = ()  # "human" or a bot spec per seat; () when all are people
    keep_as: str = ""  # the name the unfinished game in the autosave is kept under, if asked
    coach: bool = True  # the coach's suggested moves and hint key (saved with the game)


class Tick(Checkbox):
    """A checkbox whose mark shows its state without colour: [X] on, [ ] off."""

    BUTTON_LEFT, BUTTON_INNER, BUTTON_RIGHT = "[", " ", "]"

    def watch_value(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        super().watch_value()


def radio_row(
    label: str, set_id: str, options: list[tuple[str, str]], second: bool
) -> ComposeResult:
    """A labelled row of two radio buttons, (text, id) each; ``second``: the second is on."""
    with Horizontal(classes="radios"):
        yield Static(label, classes="label")
        with RadioSet(id=set_id, compact=True):
            for i, (text, option_id) in enumerate(options):
                yield Choice(text, value=(i == 1) == second, id=option_id)


class Choice(RadioButton):
    """A radio button whose mark shows its state without colour: (•) on, ( ) off."""

    BUTTON_LEFT, BUTTON_INNER, BUTTON_RIGHT = "(", " ", ")"

    def watch_value(self) -> None:
        self.BUTTON_INNER = "•" if self.value else " "
        super().watch_value()


def resume_note(game: str) -> str:
    """The line under the buttons: the unfinished game in the autosave."""
    # I18N: {game}: the unfinished game in the autosave (its players, its round)
    return _("Autosave: {game}").format(game=game)


def level_note(level: str) -> str:
    """A strength level and what it is, in the language in use ("easy: plays sensibly ...")."""
    from keythedral.bots import DESCRIPTIONS  # engine: after the first frame

    # I18N: {level}: a computer player's strength ("easy"); {description}: what it is
    return _("{level}: {description}").format(
        level=level_name(level), description=_(DESCRIPTIONS[level])
    )


def level_name(level: str) -> str:
    """A computer player's strength (``LEVELS``' ids) as players read it."""
    names = {
        "easy": pgettext("a computer player's strength", "easy"),
        "normal": pgettext("a computer player's strength", "normal"),
        "hard": pgettext("a computer player's strength", "hard"),
    }
    return names.get(level, level)


def random_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


class NewGameScreen(BaseScreen):
    """Dismissed with a GameSetup, or "resume" / "load" / "tutorial".

    What stops a game from starting is said at the top of the screen, whatever is scrolled
    into view, and the field to mend gets the focus."""

    DEFAULT_CSS = """
    NewGameScreen #new-error { dock: top; padding: 0 1; text-style: bold; }
    NewGameScreen #new-buttons Button { min-width: 10; }
    """
    BINDINGS = bindings(NEW_GAME)

    def __init__(
        self,
        names: tuple[str, ...] = DEFAULT_NAMES,
        seed: int | None = None,
        resume: str | None = None,
        config: GameConfig | None = None,
        seats: tuple[str, ...] = (),
        coach: bool = True,
    ) -> None:
        super().__init__()
        self.coach = coach  # the coach switch's first value
        if config is not None:
            names = tuple(config.players)
        self.names = (tuple(names) + ("",) * 5)[:5] if names else DEFAULT_NAMES
        # Bot options (ismcts:iterations=...) are kept only when the bot is kept as it was.
        self.kinds = tuple((tuple(seats) + (HUMAN,) * 5)[:5])
        self.seed = seed if seed is not None else random_seed()
        self.resume = resume
        self.template = config

    def seat_options(self, kind: str) -> list[tuple[str, str]]:
        """Who may sit in a seat that ``kind`` sat in when the screen opened, in a player's
        words."""
        known = {value for _, value in SEAT_KINDS}
        return [
            *((_(label), value) for label, value in SEAT_KINDS),
            # I18N: a computer player with options of its own; {bot}: its kind (an id)
            *(
                [(_("{bot} bot*").format(bot=kind.split(":")[0]), kind)]
                if kind not in known
                else []
            ),
        ]

    def compose(self) -> ComposeResult:
        cfg = self.template
        yield Static("", id="new-error")
        with VerticalScroll(id="new-game"):
            yield Static(_("Keythedral: a new game"), id="new-title")
            with Horizontal(id="language-row"):
                # I18N: the new-game screen's choice of language (each language is offered by
                # its own name: English, Français, Nederlands)
                yield Static(_("Language:"), classes="label")
                yield Select(
                    language_options(),
                    value=lang.current(),
                    allow_blank=False,
                    id="language",
                    compact=True,
                )
            yield Static(
                _(
                    "New to Keythedral? The tutorial (ctrl+t) teaches the rules in a guided game "
                    "against two computer players."
                ),
                classes="note",
                id="tutorial-note",
            )
            yield Static(
                _(
                    "Players in seat order (2 to 5; leave a name empty for fewer). "
                    "The first seat starts: at the table the youngest picks who that is. "
                    "Under each name: a person, or a computer player (Enter opens the list)."
                ),
                classes="note",
            )
            with Horizontal(id="names"):
                for i in range(5):
                    yield Input(
                        self.names[i] if i < len(self.names) else "",
                        # I18N: the placeholder of a name's input: {n}: the seat's number (about
                        # 12 columns)
                        placeholder=pgettext("a place at the table", "seat {n}").format(n=i + 1),
                        id=f"name-{i}",
                        compact=True,
                        max_length=12,
                        restrict=NO_CONTROL,  # a pasted escape sequence is refused
                    )
            with Horizontal(id="seat-kinds"):
                for i in range(5):
                    yield Select(
                        self.seat_options(self.kinds[i]),
                        value=self.kinds[i],
                        allow_blank=False,
                        id=f"kind-{i}",
                        compact=True,
                    )
            # What the level just chosen for a seat is (hidden until one is chosen).
            yield Static("", classes="note", id="level-note", markup=False)
            with Horizontal(id="variants"):
                # I18N: the game's variants, ticked or not, side by side on one row
                yield Tick(_("No laws"), cfg.no_laws if cfg else False, id="no_laws", compact=True)
                yield Tick(
                    _("Open buildings"),
                    cfg.open_buildings if cfg else False,
                    id="open_buildings",
                    compact=True,
                )
                yield Tick(
                    _("Long game"), cfg.long_game if cfg else False, id="long_game", compact=True
                )
            second = bool(cfg and cfg.edition == "second")
            yield from radio_row(
                _("Scoring:"),
                "edition",
                # I18N: the scoring of the game's two editions
                [(_("classic 2002"), "classic"), (_("second edition 2004"), "second")],
                second,
            )
            possible = bool(cfg and cfg.reaction_windows == "when_possible")
            yield from radio_row(
                # I18N: when the game asks whether a law card is played (a law window)
                _("Law windows:"),
                "windows",
                [
                    (_("always (hides who holds what)"), "always"),
                    (_("if a card can answer"), "when_possible"),
                ],
                possible,
            )
            kapp = self.kapp
            with Horizontal(id="table-settings"):
                yield Static(_("At the table:"), classes="label")
                with Vertical():
                    yield Tick(
                        _("Hand over the keyboard at every decision"),
                        kapp.table.strict,
                        id="strict_privacy",
                        compact=True,
                    )
                    yield Tick(
                        _("Forced moves wait for a key"),
                        not kapp.auto_play,
                        id="wait",
                        compact=True,
                    )
                    yield Tick(
                        _("Coach: suggested moves and hints (i)"),
                        self.coach,
                        id="coach",
                        compact=True,
                    )
            with Horizontal(id="seed-row"):
                # I18N: the game's seed (the number its shuffles come from)
                yield Static(_("Seed:"), classes="label")
                yield Input(str(self.seed), id="seed", compact=True, type="integer", max_length=12)
                yield Button(_("New seed"), id="reseed", compact=True)
            yield Static(
                _(
                    "Tab and shift+Tab move between fields; Space ticks a box or picks an option; "
                    "Enter opens a seat's list (arrows, then Enter), or on a name starts the game."
                ),
                classes="note",
            )
            with Horizontal(id="new-buttons"):
                # I18N: the new-game screen's buttons, side by side in 80 columns
                yield Button(_("Start"), id="start", variant="primary", compact=True)
                yield Button(_("Resume"), id="resume", compact=True)
                yield Button(_("Load…"), id="load", compact=True)
                yield Button(_("Tutorial"), id="tutorial", compact=True)
                yield Button(_("Quit"), id="quit", compact=True)
            yield Static(
                resume_note(str(self.resume)), classes="note", id="resume-note", markup=False
            )
        yield KeyBar()
        yield self.compose_too_small()

    @property
    def kapp(self) -> KeythedralApp:
        return cast("KeythedralApp", self.app)

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()
        self._hide_notes()
        self._fit_radios()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._fit_radios()

    def _fit_radios(self) -> None:
        """A row of radio buttons wider than the screen (a long translation, a narrow
        terminal) is stacked, a button a line, rather than run off the right edge."""
        # the screen's padding and scroll bar, and the row's label (.label: 14 columns)
        room = self.size.width - 4 - 14
        for radios in self.query(".radios RadioSet").results(RadioSet):
            # a button: "( ) " and its label, and its margin (keythedral.tcss: 2)
            need = sum(4 + cell_len(str(b.label)) + 2 for b in radios.query(RadioButton))
            radios.styles.layout = "vertical" if need > room else "horizontal"

    def _hide_notes(self) -> None:
        self.query_one("#level-note", Static).display = False
        self.query_one("#new-error", Static).display = False
        self._show_resume()

    # --- the language ---------------------------------------------------------------------------
    def relanguage(self) -> None:
        """The app's language changed (here or in the command palette): the screen is made
        again in it, with everything typed, picked and ticked as it was."""
        self.run_worker(self._relanguage(), group="language", exclusive=True)

    async def _relanguage(self) -> None:
        values = self.values()
        values.pop("language", None)  # the language now in use (the palette's, perhaps)
        focused = self.focused.id if self.focused is not None else None
        await self.recompose()
        self.restore(values)
        self._hide_notes()
        self._fit_radios()
        if focused:
            self.query_one(f"#{focused}").focus()
        if self.resume:  # the unfinished game's note, in the new language
            self.kapp.files.check_autosave(self)

    def values(self) -> dict[str, object]:
        """What the form holds, by field id: every name, seat, tick, choice and the seed."""
        fields: dict[str, object] = {}
        for field in self.query(Input).results():
            fields[field.id or ""] = field.value
        for select in self.query(Select).results():
            fields[select.id or ""] = select.value
        for box in self.query(Checkbox).results():
            fields[box.id or ""] = box.value
        for button in self.query(RadioButton).results():
            fields[button.id or ""] = button.value
        fields.pop("", None)
        return fields

    def restore(self, fields: dict[str, object]) -> None:
        """Put back what :meth:`values` read (as the player left it: no message is sent)."""
        changed = (Input.Changed, Select.Changed, Checkbox.Changed, RadioSet.Changed)
        with self.prevent(*changed, RadioButton.Changed):
            for field_id, value in fields.items():
                widget = self.query_one(f"#{field_id}")
                if isinstance(widget, (Input, Select, Checkbox, RadioButton)):
                    widget.value = value

    def offer_resume(self, note: str) -> None:
        """The autosave holds an unfinished game: offer to resume it."""
        self.resume = note
        self.query_one("#resume-note", Static).update(Text(resume_note(note)))
        self._show_resume()

    def _show_resume(self) -> None:
        self.query_one("#resume", Button).display = bool(self.resume)
        self.query_one("#resume-note", Static).display = bool(self.resume)
        self.refresh_bindings()

    def on_select_changed(self, event: Select.Changed) -> None:
        """Another language is taken at once; a computer player put in an empty seat gets a
        name."""
        select = event.select
        if select.id == "language":
            if isinstance(event.value, str) and event.value != lang.current():
                self.kapp.use_language(event.value)
            return
        if not (select.id or "").startswith("kind-") or event.value == HUMAN:
            return
        self._describe_level(event.value)
        i = int((select.id or "")[5:])
        name = self.query_one(f"#name-{i}", Input)
        if not name.value.strip():
            taken = {self.query_one(f"#name-{j}", Input).value.strip() for j in range(5)}
            name.value = next((n for n in BOT_NAMES[i:] + BOT_NAMES if n not in taken), "Bot")

    def _describe_level(self, kind: object) -> None:
        """A level chosen for a seat is described in a line under the seats."""
        if kind not in LEVELS:
            return
        note = self.query_one("#level-note", Static)
        note.update(level_note(str(kind)))
        note.display = True

    def seats(self) -> tuple[str, ...]:
        """Who plays each seat with a name: "human" or a bot spec."""
        out = []
        for i in range(5):
            if self.query_one(f"#name-{i}", Input).value.strip():
                value = self.query_one(f"#kind-{i}", Select).value
                out.append(value if isinstance(value, str) else HUMAN)
        return tuple(out)

    def problem(self) -> tuple[str, str] | None:
        """What keeps the form from starting a game, in a player's words, and the id of the
        field to mend; None when nothing does (the engine still checks the rest)."""
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(5)]
        given = [i for i, n in enumerate(names) if n]
        empty = next((i for i, n in enumerate(names) if not n), 0)
        if not given:
            return _("Type the players' names: 2 to 5 players."), "name-0"
        if len(given) == 1:
            return (
                # I18N: {n}: a seat's number
                _(
                    "Keythedral needs 2 to 5 players: type a second name, or pick a computer "
                    "player under seat {n}."
                ).format(n=empty + 1),
                f"name-{empty}",
            )
        seen: set[str] = set()
        for i in given:
            if (why := name_problem(names[i])) is not None:
                return f"{upper_first(why)}.", f"name-{i}"
            if names[i] in seen:
                return (
                    # I18N: {name}: a player's name
                    _("Two players are called {name}: give each a different name.").format(
                        name=names[i]
                    ),
                    f"name-{i}",
                )
            seen.add(names[i])
        try:
            int(self.query_one("#seed", Input).value.strip())
        except ValueError:
            return _("The seed must be a whole number (New seed picks one)."), "seed"
        return None

    def show_problem(self, message: str, field: str = "") -> None:
        """Say at the top of the screen what stops the game, and focus the field to mend."""
        error = self.query_one("#new-error", Static)
        # Text: the message may quote a name ("[/]"), shown as it is, never as markup.
        # I18N: {problem}: what stops the game from starting
        error.update(Text(_("Cannot start: {problem}").format(problem=message)))
        error.display = True
        if field:
            widget = self.query_one(f"#{field}")
            widget.focus()
            self.call_after_refresh(widget.scroll_visible, animate=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        """A field mended: what was said of it goes."""
        self.query_one("#new-error", Static).display = False

    def setup(self) -> GameSetup:
        """The game the form describes; ConfigError with a readable message if none."""
        cfg = self.config()
        seats = self.seats()
        coach = self.query_one("#coach", Checkbox).value
        return GameSetup(cfg, seats if any(s != HUMAN for s in seats) else (), coach=coach)

    def config(self) -> GameConfig:
        """The GameConfig the form describes; ConfigError with a readable message if none."""
        from keythedral.engine import ConfigError, GameConfig  # engine: after the first frame

        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(5)]
        names = [n for n in names if n]
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text)
        except ValueError as exc:
            raise ConfigError(_("The seed must be a whole number.")) from exc
        edition = "second" if self.query_one("#second", RadioButton).value else "classic"
        windows = (
            "when_possible" if self.query_one("#when_possible", RadioButton).value else "always"
        )
        return GameConfig(
            players=names,
            seed=seed,
            no_laws=self.query_one("#no_laws", Checkbox).value,
            open_buildings=self.query_one("#open_buildings", Checkbox).value,
            long_game=self.query_one("#long_game", Checkbox).value,
            edition=edition,
            reaction_windows=windows,
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id
        if button == "start":
            self.action_start()
        elif button == "resume":
            self.action_resume()
        elif button == "load":
            self.action_load()
        elif button == "tutorial":
            self.action_tutorial()
        elif button == "quit":
            self.app.exit()
        elif button == "reseed":
            self.query_one("#seed", Input).value = str(random_seed())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        from keythedral.engine import ConfigError  # engine: after the first frame

        problem = self.problem()
        if problem is not None:
            self.show_problem(*problem)
            return
        try:
            setup = self.setup()
        except ConfigError as exc:
            self.show_problem(player_words(str(exc)))
            return
        files = self.kapp.files
        old = files.unfinished()  # read now: the autosave may have changed since the screen opened
        if old is None:
            self._start_game(setup)
        else:
            files.ask_replace(old, partial(self._replace_answered, setup))

    def _replace_answered(self, setup: GameSetup, choice: str | None, keep_as: str) -> None:
        if choice == "new":
            self._start_game(replace(setup, keep_as=keep_as))
        elif choice == "resume":
            self._resume()
        # None: back on this screen, the autosave as it was

    def _start_game(self, setup: GameSetup) -> None:
        self.use_table_settings()
        self.dismiss(setup)

    def _resume(self) -> None:
        self.use_table_settings()
        self.dismiss("resume")

    def use_table_settings(self) -> None:
        """The switches are the table's from now on: the game started, resumed or loaded from
        here is played by them."""
        kapp = self.kapp
        kapp.table.strict = self.query_one("#strict_privacy", Checkbox).value
        kapp.auto_play = not self.query_one("#wait", Checkbox).value

    def action_resume(self) -> None:
        if self.resume:
            self._resume()

    def action_load(self) -> None:
        self.use_table_settings()
        self.dismiss("load")

    def action_tutorial(self) -> None:
        self.dismiss("tutorial")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return bool(self.resume)
        return True


def language_options() -> list[tuple[str, str]]:
    """The languages offered, each by its own name (the tests' pseudo-language only while it is
    in use)."""
    options = [(name, code) for code, name in lang.LANGUAGES.items()]
    if lang.current() not in lang.LANGUAGES:
        options.append((lang.current(), lang.current()))
    return options


def player_words(message: str) -> str:
    """A ConfigError's message without the engine's words for where it is ("invalid game
    configuration: players: ..."), the first letter a capital."""
    parts = [
        re.sub(r"^[\w.]+: ", "", part)
        for part in message.removeprefix("invalid game configuration: ").split("; ")
    ]
    return upper_first("; ".join(parts))
