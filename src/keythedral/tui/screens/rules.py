"""The rules inside the app: the rulebook with a table of contents, a law-card glossary, and
context help (one section, for the tile, card or mat space under the cursor).

The book is Textual's Markdown beside a table of contents of every heading, a chapter at a
time: Textual's MarkdownViewer lays the whole 40 kB book out as hundreds of widgets, which
takes seconds on every opening; one chapter takes a tenth of a second.

The text is ``docs/rules_<code>.md`` in the player's language (:mod:`keythedral.words.rules`);
nothing here is written twice.  Sections are named by their English titles (the rules' ids,
whatever the language), and shown by their titles in the player's language.
Textual's Markdown widget is imported where it is shown: its import takes longer than all the
app's other screens, and the app imports this module at start (for the ids of its keys).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from keythedral.lang import N_, _
from keythedral.tui.bindings import bindings
from keythedral.tui.keys import RULE_CARD, RULES
from keythedral.tui.screens.base import BaseScreen
from keythedral.tui.widgets.keybar import KeyBar
from keythedral.words import rules

if TYPE_CHECKING:
    from textual.widgets import Markdown


def glossary_markdown() -> str:
    """Every law card: its name, when it can be played, and its rule."""
    from keythedral.engine.catalogue import laws  # engine: loaded on use only

    parts = [
        # I18N: the heading of the law cards' glossary
        "# " + _("Law cards") + "\n",
        _(
            "Each card works once, is secret until played, and is never one of the seven "
            "actions. The number is the card's number in the rulebook."
        )
        + "\n",
    ]
    for card in sorted(laws().values(), key=lambda c: c.number):
        heading, body = rules.law_section(card.id).split("\n", 1)  # "### 1. Work order", shown
        # I18N: Markdown: keep the ** around the word; {when}: when the card may be played
        when = _("**When:** {when}.").format(when=card.when)
        parts.append(f"## {heading.lstrip('# ')}\n\n{when}\n\n{body.strip()}\n")
    return "\n".join(parts)


def show_heading(body: Markdown, title: str) -> bool:
    """Scroll ``body`` so that its heading ``title`` is at the top (False: it has none).
    Through the document's public table of contents (level, title, the heading's id), as
    Textual's ``goto_anchor`` does, without its slugs."""
    for _level, heading, heading_id in body.table_of_contents:
        if heading == title and heading_id:
            body.query_one(f"#{heading_id}").scroll_visible(top=True, animate=False)
            return True
    return False


# I18N: the last chapter of the rules in the app: every law card
GLOSSARY = N_("Law-card glossary")


def chapters() -> list[tuple[int, str, str, str]]:
    """The table of contents: (level, the section's id: its English title, its title shown, the
    ``##`` chapter it belongs to (an id))."""
    out = []
    chapter = ""
    for level, section, shown in rules.headings():
        if level == 2:
            chapter = section
        out.append((level, section, shown, chapter))
    out.append((2, GLOSSARY, _(GLOSSARY), GLOSSARY))
    return out


class RulesScreen(BaseScreen):
    """The rulebook, a chapter at a time, beside its table of contents; the law-card glossary
    is the last chapter.  (One chapter lays out in a blink; the whole book would take seconds.)
    """

    BINDINGS = bindings(RULES)
    DEFAULT_CSS = """
    RulesScreen #rules-main { height: 1fr; }
    RulesScreen #rules-toc { width: 36; height: 1fr; border-right: vkey $panel-lighten-1; }
    RulesScreen #rules-body { width: 1fr; height: 1fr; padding: 0 1; }
    """

    def __init__(self, section: str | None = None) -> None:
        super().__init__()
        self.section = section or "Overview"
        self.toc = chapters()
        self.chapter = ""

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # imported when shown: see the module's notes

        with Horizontal(id="rules-main"):
            yield OptionList(*self._options(), id="rules-toc")
            with VerticalScroll(id="rules-body"):
                yield Markdown(id="rules-text")
        yield KeyBar()
        yield self.compose_too_small()

    async def on_mount(self) -> None:
        await self.goto(self.section)
        self.query_one("#rules-body").focus()

    def relanguage(self) -> None:
        """The app's language changed: the contents and the chapter shown in it, at the same
        section."""
        toc = self.query_one("#rules-toc", OptionList)
        at = toc.highlighted
        section = self.toc[at][1] if at is not None else self.section
        self.toc = chapters()
        with toc.prevent(OptionList.OptionHighlighted):
            toc.clear_options()
            toc.add_options(self._options())
        self.chapter = ""  # made again in the new language
        self.run_worker(self.goto(section), exclusive=True)

    def _options(self) -> list[Option]:
        return [Option(("  " if entry[0] == 3 else "") + entry[2]) for entry in self.toc]

    def chapter_text(self, chapter: str) -> str:
        return glossary_markdown() if chapter == GLOSSARY else rules.section(chapter)

    async def goto(self, section: str) -> bool:
        """Show the chapter holding ``section`` and scroll to its heading."""
        entry = next((e for e in self.toc if e[1] == section), None)
        if entry is None:
            return False
        level, _section, title, chapter = entry
        from textual.widgets import Markdown

        body = self.query_one("#rules-text", Markdown)
        if chapter != self.chapter:
            self.chapter = chapter
            await body.update(self.chapter_text(chapter))
            self.query_one("#rules-body", VerticalScroll).scroll_home(animate=False)
        toc = self.query_one("#rules-toc", OptionList)
        with toc.prevent(OptionList.OptionHighlighted):
            toc.highlighted = self.toc.index(entry)
        if level == 3:
            self.call_after_refresh(show_heading, body, title)
        return True

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        await self.goto(self.toc[event.option_index][1])
        self.query_one("#rules-body").focus()

    async def action_goto(self, section: str) -> None:
        await self.goto(section)

    def open(self, section: str | None = None) -> None:
        """Show a section on a later visit (the app keeps this screen)."""
        if section:
            self.run_worker(self.goto(section), exclusive=True)

    def action_toggle_toc(self) -> None:
        toc = self.query_one("#rules-toc")
        toc.display = not toc.display

    def action_close(self) -> None:
        self.dismiss(None)


#: What a rule card answers when the player asks for the key list instead.
RULE_CARD_KEYS = "\x00keys"


class RuleCard(ModalScreen[str | None]):
    """Context help: one rules section over the game; b opens it in the rulebook, k shows
    every key and the map legend."""

    BINDINGS = bindings(RULE_CARD)
    DEFAULT_CSS = """
    RuleCard { align: center middle; }
    RuleCard > #rule-card { width: 90%; max-width: 100; height: auto; max-height: 90%;
        background: $panel; border: round $primary; padding: 0 1; }
    RuleCard #rule-where { color: $text-muted; }
    RuleCard #rule-body { height: auto; max-height: 100%; }
    """

    def __init__(self, where: str, section: str, markdown: str | None = None) -> None:
        super().__init__()
        self.where = where
        self.section = section
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown

        try:
            text = self.markdown or rules.section(self.section)
        except KeyError:
            text = f"## {rules.title(self.section)}\n\n" + _("This section is not in the rules.")
        with Vertical(id="rule-card"):
            yield Static(self.where, id="rule-where", markup=False)  # it may hold a name
            with VerticalScroll(id="rule-body"):
                yield Markdown(text)
            yield Static(
                # I18N: under a rule card (at most about 76 columns)
                _("Esc closes · b opens this in the rules · k every key and the map legend"),
                classes="dim",
            )

    def action_close(self) -> None:
        self.dismiss(None)

    def action_book(self) -> None:
        self.dismiss(self.section)

    def action_keys(self) -> None:
        self.dismiss(RULE_CARD_KEYS)
