"""The walkthrough panel: the phase, the decision, and every option with its reason.

It shows :func:`keythedral.words.walkthrough.walkthrough` for the seat at the keyboard (or the
public view between players), and, when asked, the coach's hint.  It renders only; the game
screen toggles it and feeds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from keythedral.lang import _

if TYPE_CHECKING:
    from keythedral.engine import Action, PlayerView
    from keythedral.words.walkthrough import Walkthrough


def walkthrough_text(w: Walkthrough, hint: str = "") -> Text:
    """The walkthrough as styled text: open options marked ✓, closed ones ✗ with the reason."""
    out = Text()
    out.append(w.heading + "\n", style="bold")
    out.append(w.phase + "\n\n", style="dim")
    out.append(w.now + "\n", style="bold")
    if hint:
        # I18N: in bold green, before the coach's suggestion
        out.append(_("Hint:") + " ", style="bold green")
        out.append(hint + "\n")
    if w.options:
        out.append("\n")
        for o in w.options:
            _option(out, o.label, o.available, o.detail)
    if w.laws:
        out.append("\n" + _("Your law cards:") + "\n", style="bold")
        for o in w.laws:
            _option(out, o.label, o.available, o.detail)
    if w.notes:
        out.append("\n")
        for note in w.notes:
            out.append(note + "\n", style="dim")
    out.rstrip()
    return out


def _option(out: Text, label: str, available: bool, detail: str) -> None:
    out.append("✓ " if available else "✗ ", style="bold green" if available else "bold red")
    if detail:
        # the message of Option.line (words.walkthrough_options), without its +/- mark
        label = _("{label}: {detail}").format(label=label, detail=detail)
    out.append(label + "\n", style="" if available else "dim")


class WalkthroughPanel(VerticalScroll):
    """A scrollable panel with the walkthrough of the moment."""

    DEFAULT_CSS = """
    WalkthroughPanel { height: 1fr; padding: 0 1; }
    WalkthroughPanel > #walkthrough-text { width: 100%; }
    """

    def compose(self) -> Any:
        yield Static(id="walkthrough-text")

    def show(self, view: PlayerView, legal: Sequence[Action] = (), hint: str = "") -> Walkthrough:
        from keythedral.words.walkthrough import walkthrough  # not before the first frame

        w = walkthrough(view, legal)
        self.query_one("#walkthrough-text", Static).update(walkthrough_text(w, hint))
        return w
