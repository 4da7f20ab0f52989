"""The law card a player has just drawn, shown to them before the keyboard leaves them.

Procuring a law ends the player's phase 3, and the next decision is usually someone else's:
without this, the privacy screen for the next player would come up at once and the card
would stay unseen until its holder next opened their hand.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from keythedral.lang import N_, _
from keythedral.tui.bindings import bindings
from keythedral.tui.keys import DRAWN
from keythedral.tui.screens.base import Asks
from keythedral.words.text import law_name, law_text, law_when


def drawn_text(player: str, card: str) -> str:
    when = law_when(card)
    # I18N: {player}: the player's name; {law}: the law card's name
    drew = _("{player}, you drew the law card {law}.").format(player=player, law=law_name(card))
    lines = [drew, "", law_text(card)]
    if when:
        # I18N: {when}: when the law card may be played ("in phase 3", "when ...")
        lines += ["", _("You may play it {when}.").format(when=when)]
    return "\n".join(lines)


CONTINUE = N_("Enter: continue (the keyboard then goes on)")


class DrawnLawScreen(Asks, ModalScreen[None]):
    """Only the player who drew it is at the keyboard: their hand is still up behind it.

    A key pressed before the card was on show (an Enter typed twice with the move that drew
    it), or within ``settle`` seconds of it, does not take it away unread (``Asks``)."""

    BINDINGS = bindings(DRAWN)

    asks = True

    def __init__(self, player: str, card: str, settle: float = 0.0) -> None:
        super().__init__()
        self.card = card
        self.text = drawn_text(player, card)
        self.ask(settle)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.text), id="drawn-text")  # a name is never read as markup
            yield Static(Text(f"\n{_(CONTINUE)}"), id="drawn-continue", classes="dim")

    def too_soon(self, key: str) -> None:
        # I18N: {key}: the key pressed (or "A click")
        note = "\n" + _(
            "{key} came as the card appeared: not taken. Read the card, then press Enter."
        ).format(key=key)
        self.query_one("#drawn-continue", Static).update(Text(note))

    def action_done(self) -> None:
        self.dismiss(None)
