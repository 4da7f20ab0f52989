"""The help screen (?): the key table (from tui/keys.py) and how a turn works."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from keythedral.lang import N_, _
from keythedral.tui.bindings import bindings
from keythedral.tui.keys import HELP_SCREEN, LAWS, help_rows
from keythedral.tui.screens.assist import law_section
from keythedral.tui.screens.rules import RULE_CARD_KEYS, RuleCard
from keythedral.words import terms
from keythedral.words.text import law_name, law_text, law_when

if TYPE_CHECKING:
    from keythedral.tui.app import KeythedralApp

# I18N: the help screen's map legend, a mark of the map: a house (B3⌂) drawn under the ▲ of
# its field's box; "under" in words, the marks as they are
HOUSE_MARK = N_("B3⌂ under ▲")
# I18N: the help screen's map legend: what each mark on the map means ("B": a player's letter)
MAP_LEGEND = (
    ("Q W L F V", N_("quarry (stone), woods (wood), lake (water), farm (food), vineyard (wine)")),
    ("●B", N_("a worker of the player marked B")),
    ("B3", N_("B's cottage number 3 (at a corner between fields)")),
    (HOUSE_MARK, N_("B's house number 3 (sends two workers)")),
    ("[K]", N_("the Keythedral tile")),
    ("█", N_("a fence between that corner and that field")),
    ("+", N_("a legal target for the choice at hand")),
    ("▶ ◀", N_("the cursor: Enter picks what is under it")),
    ("▷ ◁", N_("the cursor while the list has the keyboard (Enter picks the highlighted line)")),
    ("(2,-1)", N_("larger zoom: the field's position (the list and the log name it so)")),
    ("b3  B3", N_("compact zoom: B's cottage 3 (small letter), B's house 3 (capital)")),
    ("Qb", N_("compact zoom: a worker of B on a quarry")),
    ("K*", N_("compact zoom: the Keythedral")),
    (
        "▖ ▗ ▘ ▝",
        N_(
            "compact and small zoom: a fence between the field beside the mark and the "
            "corner above or below it"
        ),
    ),
)


GAME_IN_SHORT = N_(
    "The game in short: first lay the landscape (a field tile, then a cottage, in turns). "
    "Each round: 1. the cottage numbers are called and your workers go into the fields beside "
    "your cottages; 2. each worker brings a cube of its field's colour; 3. in turns, spend "
    "cubes: buy a building tile (a seat in the Keythedral), make a cottage a house (two "
    "workers), build or remove fences, buy crafts, trade, take a law card, or pass; 4. the "
    "workers come home (by themselves); 5. bid for the right to name the next start player. The game ends when the last building "
    "tile is bought: the most seat points wins. The full rules: ctrl+p, Rules."
)


class LawsScreen(ModalScreen[None]):
    """The law cards in the hand of the player at the keyboard, with what each one does; ``?``
    (or Enter) on a highlighted card opens that card's rule."""

    BINDINGS = bindings(LAWS)
    DEFAULT_CSS = """
    LawsScreen { align: center middle; }
    LawsScreen #law-list { height: 1fr; border: none; padding: 0; }
    """

    def __init__(self, player: str, cards: tuple[str, ...]) -> None:
        super().__init__()
        self.player = player
        self.cards = cards

    def compose(self) -> ComposeResult:
        options: list[Option | None] = []
        for card in dict.fromkeys(self.cards):  # two of a card: one line, one rule
            when = law_when(card)
            prompt = Text(law_name(card), style="bold")
            # I18N: a law card in the hand: {when}: when it may be played; {text}: what it does
            said = _("(when: {when}) {text}").format(when=when, text=law_text(card))
            prompt.append("\n" + said, style="not bold")
            options += [None, Option(prompt, id=card)] if options else [Option(prompt, id=card)]
        with Vertical(id="help-body"):
            # I18N: {whose}: the player whose hand it is, as an owner ("Ann's", French "d'Ann")
            title = _("{whose} law cards (private)").format(whose=terms.whose(self.player))
            yield Static(Text(title, style="bold"))
            yield OptionList(*options, id="law-list")
            keys = _("↑↓ a card · ? or Enter: the card's rule · Esc closes this list.")
            yield Static(Text(keys), id="help-text")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rule(self) -> None:
        """The rules of the highlighted card, as ? shows them on the board."""
        option = self.query_one(OptionList).highlighted_option
        if option is None or option.id is None:
            return
        card = option.id
        # I18N: a rule card's title: {whose}: a player, as an owner ("Ann's", French "d'Ann");
        # {law}: a law card's name
        where = _("{whose} law card: {law}").format(
            whose=terms.whose(self.player), law=law_name(card)
        )
        self.app.push_screen(RuleCard(where, law_section(card)), callback=self._rule_closed)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_rule()

    def _rule_closed(self, result: str | None) -> None:
        if result == RULE_CARD_KEYS:
            self.app.push_screen(HelpScreen())
        elif result:
            cast("KeythedralApp", self.app).action_rules(result)


class HelpScreen(ModalScreen[None]):
    BINDINGS = bindings(HELP_SCREEN)

    def relanguage(self) -> None:
        """The app's language changed: made again in it (it holds nothing to keep)."""
        self.refresh(recompose=True)

    def compose(self) -> ComposeResult:
        # (the words through escape(): they are never read as Rich markup, a "[" included)
        # I18N: the help screen's key table: its title and its columns' headings
        keys = Table(title=escape(_("Keys")), expand=True, show_edge=False)
        keys.add_column(escape(_("key")), no_wrap=True, style="bold")
        keys.add_column(escape(_("what it does")))
        for k, v in help_rows():
            keys.add_row(escape(k), escape(v))
        # I18N: the help screen's map legend: its title and its columns' headings
        legend = Table(title=escape(_("The map")), expand=True, show_edge=False)
        legend.add_column(escape(_("mark")), no_wrap=True, style="bold")
        legend.add_column(escape(_("meaning")))
        for k, v in MAP_LEGEND:
            legend.add_row(_(k) if k == HOUSE_MARK else k, escape(_(v)))
        with VerticalScroll(id="help-body"):
            yield Static(Text(_(GAME_IN_SHORT)), id="help-short")
            yield Static(keys)
            yield Static(legend, id="help-legend")
            yield Static(
                Text(
                    _(
                        "Each decision lists every legal choice on the right. When the keyboard "
                        "must change hands a 'Pass the keyboard' screen hides everything private "
                        "until the next player presses Enter. When several players may answer at "
                        "once (a law card window), the shared screen asks: press your seat number "
                        "to answer, or Enter if nobody does.  Esc closes this help."
                    )
                ),
                id="help-text",
            )

    def action_close(self) -> None:
        self.dismiss(None)
