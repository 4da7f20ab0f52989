"""The rules in the app: the rulebook with its contents, the law-card glossary, context help,
and the walkthrough panel."""

from __future__ import annotations

from textual.app import App
from textual.containers import VerticalScroll
from textual.widgets import OptionList

from keythedral import engine, lang
from keythedral.engine.catalogue import laws
from keythedral.tui.screens.rules import (
    GLOSSARY,
    RuleCard,
    RulesScreen,
    chapters,
    glossary_markdown,
)
from keythedral.tui.widgets.walkthrough import WalkthroughPanel, walkthrough_text
from keythedral.words.walkthrough import walkthrough
from tests.support.pseudo_screen import plain
from tests.support.textshot import read, screen_text

SIZE = (100, 32)


class Host(App[None]):
    """A bare app to show one screen or widget."""


def test_the_glossary_has_every_law_card_with_its_timing() -> None:
    text = glossary_markdown()
    for card in laws().values():
        assert f"## {card.number}. {card.name}" in text
    assert text.count("**When:**") == len(laws())


async def test_the_rulebook_has_contents_and_jumps_to_a_section() -> None:
    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        screen = RulesScreen(section="Trade with the trader")
        await app.push_screen(screen)
        await pilot.pause()
        toc = screen.query_one("#rules-toc", OptionList)
        assert toc.option_count == len(chapters()) > 40
        assert screen.chapter == "Phase 3: spending"
        text = screen_text(app)
        assert "Trade with the trader" in text and "Overview" in text  # body and contents
        assert await screen.goto("12. House moratorium")
        assert screen.chapter == "Law cards"
        await pilot.press("l")
        await pilot.pause()
        assert screen.chapter == GLOSSARY and "When:" in screen_text(app)
        # picking a heading in the contents opens its chapter
        toc.focus()
        toc.highlighted = [entry[1] for entry in chapters()].index("Variants")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.chapter == "Variants"
        await pilot.press("escape")
        assert not isinstance(app.screen, RulesScreen)


async def test_a_section_deep_in_a_chapter_is_scrolled_to_the_top() -> None:
    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        screen = RulesScreen(section="Overview")
        await app.push_screen(screen)
        await pilot.pause()
        sections = [t for lv, t, _s, c in chapters() if c == "Phase 3: spending" and lv == 3]
        title = sections[len(sections) // 2]  # below the first screenful, text after it
        assert await screen.goto(title)
        body = screen.query_one("#rules-body", VerticalScroll)
        for _ in range(50):  # scrolled once the chapter is laid out (a loaded machine: later)
            await pilot.pause()
            if body.scroll_y > 0:
                break
        assert body.scroll_y > 0
        top = [line[36:].strip() for line in screen_text(app).splitlines()[:3]]
        assert any(line.startswith(title) for line in top), top


async def test_a_rule_card_shows_one_section_and_offers_the_book() -> None:
    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        results: list[str | None] = []
        # "The trader": the test's own words for where the card was asked, looked up as the
        # app's are (bracketed in the pseudo-language run)
        app.push_screen(RuleCard(lang._("The trader"), "Trade with the trader"), results.append)
        await pilot.pause()
        text = screen_text(app)
        assert "Trade with the trader" in text and "Give any 2 cubes" in text
        assert "Convert a cottage" not in text
        await pilot.press("b")
        assert results == ["Trade with the trader"]


async def test_the_walkthrough_panel_marks_open_and_closed_options() -> None:
    state = engine.new_game(engine.GameConfig(players=["Ann", "Bob"], seed=1))
    view = engine.view(state, 0)
    legal = engine.legal_actions(state)
    # the hint is the test's own words
    text = plain(walkthrough_text(walkthrough(view, legal), hint="lay it by your cottages").plain)
    assert text.startswith("Layout") and "✓ Lay the" in text and "Hint: lay it by" in text

    class PanelApp(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield WalkthroughPanel()

    app = PanelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.query_one(WalkthroughPanel).show(view, legal)
        await pilot.pause()
        assert "Ann, you must lay the next field tile" in screen_text(app)


async def test_context_help_on_a_field_names_the_field_once() -> None:
    """? on a field opens its card: the field named once at the top, what it gives, then the
    rule of placing workers."""
    from keythedral.tui.screens.handover import HandoverScreen
    from tests.support.tui_helpers import config, make_app, saved_game

    saved = saved_game(
        config(3, no_laws=True), lambda s: s.round == 2 and s.phase == "place_workers"
    )
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
        # a number to call: nothing to choose on the map, so m leaves the keyboard with the
        # list; an arrow takes it to the map
        await pilot.press("m", "right", "question_mark")
        await pilot.pause()
        card = app.screen
        assert isinstance(card, RuleCard) and read(card.where).startswith("The ")
        text = screen_text(app)
        assert text.count(read(card.where)) == 1, text
        assert "gives" in text and "Phase 1: placing workers" in text
