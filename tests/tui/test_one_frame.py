"""A key is answered in one frame: nothing the app does after the frame that answers a key asks
for another one (each costs 1/60 s at Textual's frame rate), and nothing is laid out or painted
that nobody sees.

- the privacy screen is built once and shown again at every hand-over, styled again only when
  the styles changed while it was away, and with no search for a widget to focus;
- the board under it is not "current" for Textual (not laid out nor painted behind it), while
  a see-through dialog over the board leaves it current;
- the answer on the privacy screen is carried out behind it, which goes once the board is drawn;
- a text that changes its height is laid out once (Snug), and the key bar is drawn again only
  when its keys change;
- what a decision changes around the list (the map's cursor, the info line) is drawn with it,
  and moving the focus repaints only what its looks change;
- a line of choices is drawn as an OptionList draws it;
- the covered board's key bar works out its keys when it comes back, and the cyclic garbage
  collector waits while a key is answered.
"""

from __future__ import annotations

import gc
from typing import Any

from textual.app import App, ComposeResult
from textual.color import Color
from textual.screen import Screen
from textual.visual import Visual
from textual.widgets import ContentSwitcher, Static

from keythedral.tui import collector
from keythedral.tui.collector import CAP
from keythedral.tui.mode import PRIVACY
from keythedral.tui.screens.dialogs import SaveDialog
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.widgets.board import FieldMap
from keythedral.tui.widgets.decision import ChoiceList, DecisionPanel
from keythedral.tui.widgets.keybar import KeyBar
from keythedral.tui.widgets.panels import EventLog, Snug
from tests.support.driver import past_handover
from tests.support.tui_helpers import config, make_app, mid_game

SIZE = (100, 32)


async def place_a_worker(pilot: Any, app: Any) -> None:
    session = app.session
    action = next(a for a in session.legal_for(app.keyboard) if a.kind == "place_worker")
    app.play(action)
    await pilot.pause()


async def test_the_privacy_screen_is_built_once_and_hides_the_board_from_textual() -> None:
    app = make_app(saved=mid_game(), strict_privacy=True)
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.is_current
        await place_a_worker(pilot, app)
        first = app.screen
        assert isinstance(first, HandoverScreen) and app.get_screen(PRIVACY) is first
        assert not game.is_current  # covered: not laid out nor painted behind it
        name = first.player
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game and game.is_current
        await place_a_worker(pilot, app)
        assert app.screen is first and first.player != name  # the same screen, shown again
        assert f"Pass the keyboard to {first.player}" in str(
            first.query_one("#handover-title", Snug).content
        )
        await pilot.press("enter")
        await pilot.pause()
        # A dialog lets the board show around it: the board stays current under it.
        app.push_screen(SaveDialog("x"))
        await pilot.pause()
        assert game.is_current
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game


async def test_the_answer_is_carried_out_behind_the_privacy_screen() -> None:
    app = make_app(saved=mid_game(), strict_privacy=True)
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        await place_a_worker(pilot, app)
        privacy = app.screen
        assert isinstance(privacy, HandoverScreen)
        seen: list[tuple[bool, bool]] = []
        original = GameScreen.refresh_game

        def refresh_game(self: GameScreen) -> None:
            seen.append((app.screen is privacy, self.is_current))
            original(self)

        GameScreen.refresh_game = refresh_game  # type: ignore[method-assign]
        try:
            await pilot.press("enter")
            await pilot.pause()
        finally:
            GameScreen.refresh_game = original  # type: ignore[method-assign]
        # Drawn once, while the privacy screen still covered it; then the screen went.
        assert seen == [(True, False)]
        assert app.screen is game and not game._veiled
        # A second answer that reaches the screen after the first (u, just after Enter)
        # changes nothing: the move it would take back stays.
        seat, actions = app.keyboard, len(app.session.actions)
        assert privacy.undo_name is not None
        privacy.action_undo()
        await pilot.pause()
        assert app.screen is game and app.keyboard == seat
        assert len(app.session.actions) == actions


async def test_the_privacy_screen_is_styled_again_only_when_the_styles_changed() -> None:
    # Textual styles every widget of a pushed screen again; the privacy screen, pushed at every
    # hand-over, is only when what its styles come from changed while it was away (a theme).
    app = make_app(saved=mid_game(), strict_privacy=True)
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        styled: list[object] = []
        original = app.stylesheet.update_nodes

        def update_nodes(nodes: Any, animate: bool = False) -> None:
            nodes = list(nodes)
            styled.extend(nodes)
            original(nodes, animate=animate)

        app.stylesheet.update_nodes = update_nodes  # type: ignore[method-assign]
        shows: list[bool] = []
        for theme in (None, None, "textual-light"):
            if theme is not None:
                app.theme = theme
                await pilot.pause()
            styled.clear()
            for _ in range(20):  # the privacy screen comes when the keyboard goes on
                app.play(app.session.legal_for(app.keyboard)[0])
                await pilot.pause()
                if isinstance(app.screen, HandoverScreen):
                    break
            privacy = app.screen
            assert isinstance(privacy, HandoverScreen)
            shows.append(privacy.query_one("#handover-title", Snug) in styled)
            assert privacy.styles.background == Color.parse(app.theme_variables["background"])
            await pilot.press("enter")
            await pilot.pause()
        assert shows[1:] == [False, True]  # (built,) shown again as it was, in a new theme


async def test_the_privacy_screen_does_not_look_for_a_widget_to_focus() -> None:
    app = make_app(saved=mid_game(), strict_privacy=True)
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        privacy = app.get_screen(PRIVACY)
        looked: list[object] = []
        original = privacy.query

        def query(selector: Any = None) -> Any:
            looked.append(selector)
            return original(selector)

        privacy.query = query  # type: ignore[method-assign]
        await place_a_worker(pilot, app)
        assert app.screen is privacy and privacy.focused is None
        assert "*" not in looked  # Textual's search for a focusable widget (there is none)


async def test_the_covered_board_leaves_its_keys_until_it_comes_back() -> None:
    app = make_app(saved=mid_game(), strict_privacy=True)
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        game = app.screen
        bar = game.query_one(KeyBar)
        worked_out: list[Screen[Any]] = []
        original = KeyBar.items

        def items(self: KeyBar) -> Any:
            worked_out.append(self.screen)
            return original(self)

        KeyBar.items = items  # type: ignore[method-assign]
        try:
            await place_a_worker(pilot, app)
            assert isinstance(app.screen, HandoverScreen)
            assert game not in worked_out  # covered: its keys are nobody's to see
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is game and game in worked_out
            assert bar._drawn == (*original(bar), bar.size.width)  # the keys of the new hand
        finally:
            KeyBar.items = original  # type: ignore[method-assign]


async def test_the_collector_waits_while_a_key_is_answered(monkeypatch: Any) -> None:
    python_s = gc.get_threshold()
    app = make_app(saved=mid_game())
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        assert gc.get_threshold() == python_s
        monkeypatch.setattr(collector, "HOLD", 3600.0)  # the key's answer as long as it takes
        await pilot.press("j")
        assert gc.get_threshold()[0] == CAP  # young objects pile up until the frame is out
        monkeypatch.setattr(collector, "HOLD", 0.0)
        await pilot.press("k")
        await pilot.pause()
        assert gc.get_threshold() == python_s  # then collected as usual
        monkeypatch.setattr(collector, "HOLD", 3600.0)
        await pilot.press("j")
        assert app.collector.held
    assert gc.get_threshold() == python_s  # the app gone, Python's own again


class Counted(App[None]):
    """A text that grows from one line to three when a key is pressed, and the layouts it
    asks for counted (each is a frame of its own: 1/60 s)."""

    def __init__(self, kind: type[Static]) -> None:
        super().__init__()
        self.kind = kind
        self.layouts = 0

    def compose(self) -> ComposeResult:
        app = self

        class Text(self.kind):  # type: ignore[name-defined,misc]
            def refresh(self, *regions: Any, layout: bool = False, **kw: Any) -> Any:
                app.layouts += layout
                return super().refresh(*regions, layout=layout, **kw)

        yield Text("one line", id="text")
        yield Static("below")

    def key_g(self) -> None:
        self.query_one("#text", Static).update("one\ntwo\nthree")


async def layouts_for_a_taller_text(kind: type[Static]) -> int:
    app = Counted(kind)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause(0.1)
        app.layouts = 0
        await pilot.press("g")
        await pilot.pause(0.2)  # time for a second layout, if one is asked for
        assert app.query_one("#text").size.height == 3
        return app.layouts


async def test_a_text_that_grows_is_laid_out_once() -> None:
    # Textual's own Static asks for a second layout once laid out at its new height (the
    # reason for Snug), a frame later; Snug is laid out once.
    assert await layouts_for_a_taller_text(Static) == 2
    assert await layouts_for_a_taller_text(Snug) == 1


async def test_the_key_bar_is_drawn_again_only_when_its_keys_change() -> None:
    app = make_app(saved=mid_game())
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        bar = app.screen.query_one(KeyBar)
        await pilot.pause()
        asked: list[bool] = []
        original = KeyBar.refresh

        def refresh(self: KeyBar, *args: Any, **kw: Any) -> Any:
            asked.append(True)
            return original(self, *args, **kw)

        KeyBar.refresh = refresh  # type: ignore[method-assign]
        try:
            app.screen.refresh_bindings()  # the same keys: not drawn again
            assert asked == []
            bar._drawn = None  # as if the keys had changed since the bar was drawn
            app.screen.refresh_bindings()
            app.screen.refresh_bindings()  # asked once, not once a signal
            assert asked == [True]
        finally:
            KeyBar.refresh = original  # type: ignore[method-assign]


def info_text(app: Any) -> str:
    return str(app.screen.query_one("#info", Static).content)


async def test_what_a_decision_shows_around_the_list_is_in_its_own_frame() -> None:
    # The map's cursor and the info line follow the list's first line, and the info line says
    # what Enter does where the focus goes, when the decision is drawn: not after the
    # messages Textual sends later (a highlight, a focus), which made a second frame.
    app = make_app(config(3, no_laws=True))
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        focused = set()
        for _ in range(120):
            if len(focused) == 2:
                break
            screen = app.screen
            if not isinstance(screen, GameScreen):
                await past_handover(pilot)
                continue
            app.play(app.session.legal_for(app.keyboard)[0])  # fields, numbers, workers
            if app.screen is not screen:
                continue
            before = (info_text(app), screen.query_one(FieldMap).cursor)
            await pilot.pause()
            focused.add(type(screen.focused))
            assert (info_text(app), screen.query_one(FieldMap).cursor) == before
            first = screen.query_one(DecisionPanel).choices[0]
            if first.cell is not None:
                assert screen.query_one(FieldMap).cursor == first.cell
        assert focused == {FieldMap, ChoiceList}  # the focus moved both ways


async def test_moving_the_focus_does_not_repaint_the_whole_screen() -> None:
    app = make_app(saved=mid_game())
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        screen = app.screen
        await pilot.pause()
        whole: list[object] = []
        original = screen.refresh

        def refresh(*regions: Any, **kw: Any) -> Any:
            if not regions:
                whole.append(kw)
            return original(*regions, **kw)

        screen.refresh = refresh  # type: ignore[method-assign]
        board, choices = screen.query_one(FieldMap), screen.query_one(ChoiceList)
        screen.set_focus(choices if screen.focused is board else board)
        await pilot.pause()
        assert whole == []
        assert screen.focused in (board, choices)


async def test_the_log_keeps_its_newest_line_in_sight() -> None:
    app = make_app(config(3, no_laws=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await past_handover(pilot)
        log = app.screen.query_one(EventLog)
        app.screen.query_one(ContentSwitcher).current = "log"
        await pilot.pause()
        for _ in range(30):  # the layout: a line for every field and cottage laid
            app.play(app.session.legal_for(app.keyboard)[0])
            await pilot.pause()
            await pilot.pause()  # scrolled once laid out (the frame after the new lines)
            assert log.scroll_y == log.max_scroll_y
        assert log.max_scroll_y > 0  # the log outgrew its pane on the way


async def test_a_line_of_choices_is_drawn_as_an_option_list_draws_it() -> None:
    app = make_app(saved=mid_game())
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        choices = app.screen.query_one(ChoiceList)
        width = choices.scrollable_content_region.width
        height = choices.scrollable_content_region.height
        owners = [i for i, option in enumerate(choices.options) for _ in option.lines]
        assert len(owners) > 1
        for highlighted in range(len(choices.options)):
            choices.highlighted = highlighted  # each option drawn highlighted and not
            await pilot.pause()
            top = int(choices.scroll_y)
            for y in range(min(height, len(owners) - top)):
                index = owners[top + y]
                parts = ("option-list--option-highlighted",) if index == highlighted else ()
                style = choices.get_visual_style("option-list--option", *parts)
                prompt = choices.options[index].prompt
                textual = [
                    strip.extend_cell_length(width, style.rich_style)
                    for strip in Visual.to_strips(choices, prompt, width, None, style)
                ]
                drawn = choices.render_line(y)
                line = top + y - owners.index(index)
                assert cells(drawn) == cells(textual[line]), (index, line)


def cells(strip: Any) -> list[tuple[str, Any]]:
    """A strip's characters and their looks (no mouse data), one per cell."""
    return [
        (ch, (s.style.color, s.style.bgcolor, s.style.bold, s.style.reverse, s.style.dim))
        for s in strip
        for ch in s.text
    ]
