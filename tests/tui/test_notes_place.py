"""Notes (a save, autosave trouble, an unfinished game kept) never cover the list of choices."""

from __future__ import annotations

from keythedral import engine
from keythedral.lang import _
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.widgets.decision import DecisionPanel
from tests.support.driver import hand_over
from tests.support.tui_helpers import config, make_app, saved_game


async def test_a_note_comes_up_beside_the_choices_not_over_them() -> None:
    saved = saved_game(config(3), lambda s: engine.decision(s) == "spend")
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoverScreen):
            await hand_over(pilot, app)
        # The app's own words for a save (files.py), in the language of the run, with a long
        # name (of digits: a file's name is not a message, and this one is no file's)
        name = "2026-11-28-1234-5678-9012-3456-7890"
        app.notify(_("Saved as {name}.").format(name=name), title=_("Saved"))
        await pilot.pause(0.3)
        toasts = list(app.screen.query("Toast"))  # Textual's notes, by their type's name
        assert toasts
        panel = app.screen.query_one(DecisionPanel).region
        for toast in toasts:
            assert not toast.region.overlaps(panel), (toast.region, panel)


async def test_the_info_line_stays_readable_while_a_save_note_shows() -> None:
    """ctrl+s, Enter: the "Saved" note comes up over the map, above the info line (which
    tells what just happened) and the key bar, never over them."""
    from textual.widgets import Static

    from keythedral.tui.widgets.keybar import KeyBar
    from tests.support.textshot import read, screen_text

    app = make_app(config(3), strict_privacy=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("1")  # a field laid: the info line says where the cursor is
        await pilot.pause()
        info = screen.query_one("#info", Static)
        assert read(str(info.render())).strip()
        said = screen_text(app).splitlines()[info.region.y]  # as much of it as fits
        assert said.strip()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # the name suggested
        await pilot.pause(0.3)
        assert app.screen is screen
        toasts = list(screen.query("Toast"))
        assert toasts and any("Saved" in str(t.render()) for t in toasts)
        for toast in toasts:
            assert not toast.region.overlaps(info.region), (toast.region, info.region)
            assert not toast.region.overlaps(screen.query_one(KeyBar).region)
        assert screen_text(app).splitlines()[info.region.y] == said
