"""The help screen (?): the key table and how a turn works."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from keythedral.tui.text import law_cards, law_name, law_text

KEYS = (
    (
        "arrows, hjkl, wasd",
        "move the cursor on the map (arrows move in the list when it has focus)",
    ),
    ("Tab / shift+Tab", "switch between the map and the list of choices"),
    ("Enter", "choose: the target under the cursor, or the highlighted line of the list"),
    ("1-9, 0, p", "choose the line of the list labelled with that key"),
    ("mouse click", "choose a marked target on the map, or a line of the list"),
    ("n", "jump the cursor to the next legal target"),
    ("c", "walk the corners instead of the fields (and back)"),
    ("Esc", "back out of a half-made choice"),
    ("u", "take back your own last action (while it revealed nothing new)"),
    ("r", "read the law cards in your hand"),
    ("m / t / g", "show the map / the Keythedral and Keytown mats / the game log"),
    ("ctrl+p", "commands: new game, save, load, rules, theme, help"),
    ("ctrl+s", "save the game under a name"),
    ("?", "the rule of what is under the cursor or highlighted (k there: this key list)"),
    ("i", "a hint: the coach's suggestion for your decision, and why"),
    ("e", "explain: the phase and every option, with why the closed ones are closed"),
    ("b", "the rulebook, open at the phase being played (l there: the law cards)"),
    ("ctrl+q", "quit (the game is saved after every action; resume with keythedral --resume)"),
)

MAP_LEGEND = (
    ("Q W L F V", "quarry (stone), woods (wood), lake (water), farm (food), vineyard (wine)"),
    ("●B", "a worker of the player marked B"),
    ("B3", "B's cottage number 3 (at a corner between fields)"),
    ("B3⌂ under ▲", "B's house number 3 (sends two workers)"),
    ("[K]", "the Keythedral tile"),
    ("█", "a fence between that corner and that field"),
    ("+", "a legal target for the choice at hand"),
    ("▶ ◀", "the cursor: Enter picks what is under it"),
    ("▷ ◁", "the cursor while the list has the keyboard (Enter picks the highlighted line)"),
)


GAME_IN_SHORT = (
    "The game in short: first lay the landscape (a field tile, then a cottage, in turns). "
    "Each round: 1. the cottage numbers are called and your workers go into the fields beside "
    "your cottages; 2. each worker brings a cube of its field's colour; 3. in turns, spend "
    "cubes: buy a building tile (a seat in the Keythedral), make a cottage a house (two "
    "workers), build or remove fences, buy crafts, trade, take a law card, or pass; 5. bid "
    "for the right to name the next start player. The game ends when the last building "
    "tile is bought: the most seat points wins. The full rules: ctrl+p, Rules."
)


class LawsScreen(ModalScreen[None]):
    """The law cards in the hand of the player at the keyboard, with what each one does."""

    BINDINGS = [Binding("escape,r,q", "close", "Close", id="laws.close")]

    def __init__(self, player: str, cards: tuple[str, ...]) -> None:
        super().__init__()
        self.player = player
        self.cards = cards

    def compose(self) -> ComposeResult:
        table = Table(title=f"{self.player}'s law cards (private)", expand=True, show_edge=False)
        table.add_column("card", no_wrap=True, style="bold")
        table.add_column("when and what")
        for card in self.cards:
            timing = str(law_cards().get(card, {}).get("timing", "")).replace("_", " ")
            table.add_row(law_name(card), Text(f"({timing}) {law_text(card)}"))
        with VerticalScroll(id="help-body"):
            yield Static(table)
            yield Static("Esc closes this list.", id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q", "close", "Close", id="help.close")]

    def compose(self) -> ComposeResult:
        keys = Table(title="Keys", expand=True, show_edge=False)
        keys.add_column("key", no_wrap=True, style="bold")
        keys.add_column("what it does")
        for k, v in KEYS:
            keys.add_row(k, v)
        legend = Table(title="The map", expand=True, show_edge=False)
        legend.add_column("mark", no_wrap=True, style="bold")
        legend.add_column("meaning")
        for k, v in MAP_LEGEND:
            legend.add_row(k, v)
        with VerticalScroll(id="help-body"):
            yield Static(GAME_IN_SHORT, id="help-short")
            yield Static(keys)
            yield Static(legend)
            yield Static(
                "Each decision lists every legal choice on the right. When the keyboard must "
                "change hands a 'Pass the keyboard' screen hides everything private until the "
                "next player presses Enter. When several players may answer at once (a law "
                "card window), the shared screen asks: press your seat number to answer, or "
                "Enter if nobody does.  Esc closes this help.",
                id="help-text",
            )

    def action_close(self) -> None:
        self.dismiss(None)
