"""The tutorial at 80x24: the first move comes after a few Enters, a task's words are never cut
off, the line a task names ("Press 4") is in sight, what the others did meanwhile is shown in
whole lines, and no scrollbar stands over the notes (the frame says the page)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from keythedral import lang
from keythedral.lang import LANGUAGES, _
from keythedral.tui.app import KeythedralApp
from keythedral.tui.keys import LESSON_KEYS
from keythedral.tui.screens.tutorial import TutorialPanel
from keythedral.tui.widgets.decision import DecisionPanel
from tests.support import pseudo_screen
from tests.support.textshot import read, rows_in, screen_text
from tests.support.tutorial_app import opened, screen_of, tutorial_app

SMALL = (80, 24)
#: Characters a scrollbar's thumb is drawn with.
THUMB = set("▁▂▃▄▅▆▇█")
#: The lesson box's foot at 80x24 has 31 columns for its page: English "page 1 of 2 · Enter:
#: read on ↓" (30), French "page 1/2 · Enter : suite ↓" and Dutch "blz. 1/2 · Enter: verder ↓"
#: (26) fit; the pseudo-language's 40% more loses its arrow and padding there, and only those
#: (test_the_page_fits_the_box_in_every_language checks the real languages).
PAGE_ROOM = 31


def box_rows(app: KeythedralApp) -> list[str]:
    """The lesson box as shown: its rows, frame included."""
    return rows_in(app, screen_of(app).query_one(TutorialPanel))


@pytest.mark.english  # three pages of English notes (longer words take more pages)
async def test_the_first_move_comes_after_three_enters_at_most(tmp_path: Path) -> None:
    app = tutorial_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        t = await opened(pilot, app)
        enters = 0
        while t.step().kind == "note":
            assert enters < 3, f"{enters} Enters and still a note: {t.step().id}"
            await pilot.press("enter")
            await pilot.pause()
            enters += 1
        step = t.step()
        assert step.kind == "task" and not t.actions
        key, words = screen_of(app).plan(step.action)
        assert read(words) in " ".join(box_rows(app)).replace("│", " ")
        await pilot.press(key)
        await pilot.pause()
        assert t.actions == [step.action]


async def test_no_scrollbar_over_a_note_the_frame_says_the_page(tmp_path: Path) -> None:
    """A note longer than its box pages with Enter; the frame says which page, and no
    scrollbar thumb (drawn in eighths: two thumbs, without colour) is over the text."""
    app = tutorial_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        t = await opened(pilot, app)
        paged = 0
        while t.step().kind == "note" or not t.actions or paged < 2:
            await pilot.pause()
            if t.step().kind != "note":
                assert app.play(t.step().action)
                continue
            panel = screen_of(app).query_one(TutorialPanel)
            note, page = t.step().id, 1
            while t.step().id == note:
                await pilot.pause()
                rows = box_rows(app)
                assert not THUMB & set("".join(rows)), "\n".join(rows)
                if panel.unread or page > 1:
                    foot = rows[-1]
                    if pseudo_screen.checking():  # only the arrow and padding cut (PAGE_ROOM)
                        foot = re.sub(r"(Enter: (?:read|go) on)[ ↓~]*…", r"\1", foot)
                    assert f"page {page} of " in foot and "…" not in foot, rows[-1]
                await pilot.press("enter")
                page += 1
            paged += page > 2


def flat(text: str) -> str:
    """``text`` with its runs of spaces (a French no-break space, a line break) as one space."""
    return " ".join(text.split())


async def tasks_in_sight(pilot: Pilot[Any], app: KeythedralApp) -> str:
    """The task on screen: its words all in the box, the key it names on a line in sight, the
    others' moves since in whole lines (those left out said to be in the log); its words.  In
    any language: the words looked for are the catalogue's."""
    await pilot.pause()
    await pilot.pause()
    screen = screen_of(app)
    step = screen.tutorial.step()
    panel = screen.query_one(TutorialPanel)
    assert panel.max_scroll_y == 0, "\n".join(box_rows(app))  # nothing below the box
    text = flat(" ".join(rows_in(app, panel.content_region)))  # (a message read across rows)
    if not step.free:
        key, words = screen.plan(step.action)
        assert flat(read(step.do)) in text, text
        assert flat(read(words)) in text, text
        if key != "enter":
            rows = rows_in(app, screen.query_one(DecisionPanel).option_list)
            assert any(r.split()[:1] == [key] for r in rows), (key, rows)
    recent = [flat(read(line)) for line in screen.mode.recent]
    meanwhile = flat(read(_("Meanwhile:"))).rstrip(" :")  # how each word on them begins
    log = flat(read(_("{key}: the log").format(key=LESSON_KEYS["log"]))) + ")"
    if recent and meanwhile not in text:  # no room for a word on them (a blank line and
        assert panel.styles.max_height is not None  # one of words)
        assert panel.region.height > panel.styles.max_height.value - 2, text
    elif recent:
        shown = [line for line in recent if line in text]
        assert shown == recent[len(recent) - len(shown) :]  # the latest, each whole
        if len(shown) < len(recent):
            assert log in text, text
    return text


async def every_task_of_three_rounds(tmp_path: Path) -> tuple[int, int]:
    """At 80x24, every task of the first three rounds in sight (``tasks_in_sight``): how many
    tasks, and how many of them left some of the others' moves to the log."""
    app = tutorial_app(tmp_path)
    log = _("{key}: the log").format(key=LESSON_KEYS["log"])
    async with app.run_test(size=SMALL) as pilot:
        t = await opened(pilot, app)
        tasks = cut_short = 0
        while t.state.round <= 3:
            await pilot.pause()
            step = t.step()
            if step.kind == "note":
                await pilot.press("enter")
                continue
            text = await tasks_in_sight(pilot, app)
            tasks += 1
            cut_short += flat(read(log)) + ")" in text
            assert app.play(step.action)
    return tasks, cut_short


async def test_the_first_three_rounds_at_80x24_show_every_task_whole(tmp_path: Path) -> None:
    tasks, cut_short = await every_task_of_three_rounds(tmp_path)
    assert tasks > 40 and cut_short, (tasks, cut_short)


@pytest.mark.parametrize("code", ["fr", "nl"])
async def test_every_task_fits_the_lesson_box_at_80x24_in_french_and_dutch(
    tmp_path: Path, code: str
) -> None:
    """A French or Dutch task is longer than the English: over the hand, the box had six rows
    for its words and scrolled by three (a cottage's task: what to do, the key, why); the
    hand under the board leaves the side column to the lesson and the choices."""
    lang.use(code)
    tasks, _cut_short = await every_task_of_three_rounds(tmp_path)
    assert tasks > 40, tasks


async def test_the_line_a_task_names_stays_in_sight_when_the_terminal_shrinks(
    tmp_path: Path,
) -> None:
    """The last cottage of the layout: its line is far down the list.  From 100x32 to 80x24,
    the lesson box is fitted again and the list scrolls to the line the task names."""
    from tests.support.tutorial_app import tutorial_at

    def last_cottage(t: Any) -> bool:
        placed = sum(a.seat == 0 and a.kind == "place_cottage" for a in t.actions)
        return t.step().kind == "task" and t.step().action.kind == "place_cottage" and placed == 4

    tutorial_at(tmp_path, last_cottage)
    app = tutorial_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot, app)
        await tasks_in_sight(pilot, app)
        await pilot.resize_terminal(*SMALL)
        await tasks_in_sight(pilot, app)


def info_line(app: KeythedralApp) -> str:
    return screen_text(app).splitlines()[-2].strip()


async def test_a_key_pressed_too_soon_or_wrong_is_answered_and_forgotten(tmp_path: Path) -> None:
    """A move's key on a note: "read the note first", and Enter then says what it does
    again.  A wrong line on a task: the answer in whole words, the line the task names back
    in sight and highlighted.  The hint (i) is one whole line (the box has the reason)."""
    app = tutorial_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        t = await opened(pilot, app)
        await pilot.press("2")
        await pilot.pause()
        assert info_line(app) == "Read the note first: Enter goes on."
        await pilot.press("enter")
        await pilot.pause()
        # the next page of the welcome, or (its one page read) the next note: Enter is told again
        assert t.step().id == "board" or screen_of(app).query_one(TutorialPanel).page[0] > 1
        assert info_line(app).startswith(("Enter or space: go on", "Enter or space: read on"))
        while t.step().kind == "note":
            await pilot.press("enter")
            await pilot.pause()
        asked = t.step().action
        key, _ = screen_of(app).plan(asked)
        wrong = next(c.key for c in screen_of(app).query_one(DecisionPanel).choices if c.key != key)
        await pilot.press(wrong)
        text = await tasks_in_sight(pilot, app)
        assert "Not that: The rules allow that, but this lesson asks for: lay the" in text
        assert not t.actions
        listed = screen_of(app).query_one(DecisionPanel)
        assert listed.choices[listed.option_list.highlighted or 0].action == asked
        await pilot.press("i")
        await pilot.pause()
        hint = info_line(app)
        if pseudo_screen.checking():  # its 40% more: only the padding past the row's end cut
            hint = hint.removesuffix("…")
        assert hint.endswith("; the lesson box says why."), info_line(app)
        await pilot.press(key)
        await pilot.pause()
        assert t.actions == [asked]


async def test_a_corners_key_on_a_note_is_answered_and_enter_still_goes_on(
    tmp_path: Path,
) -> None:
    """A line that opens a corner's choices, pressed on a note, is answered as a move's key
    ("read the note first"): the list is not opened, the keyboard stays on the note, and
    Enter goes on (it chose in the opened list instead, again and again)."""
    from tests.support.tutorial_app import tutorial_at

    tutorial_at(tmp_path, lambda t: t.step().id == "cottage_numbers")
    app = tutorial_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        t = await opened(pilot, app)
        taught, played = len(t.taught), len(t.actions)
        listed = screen_of(app).query_one(DecisionPanel)
        corner = next(c for c in listed.choices if c.command == "cell" and c.key)
        await pilot.press(corner.key)
        await pilot.pause()
        assert info_line(app) == "Read the note first: Enter goes on."
        assert screen_of(app).narrowed is None and not listed.option_list.has_focus
        for _ in range(screen_of(app).query_one(TutorialPanel).page[1]):
            await pilot.press("enter")
            await pilot.pause()
        assert len(t.taught) == taught + 1 and len(t.actions) == played


async def test_the_page_fits_the_box_in_every_language(tmp_path: Path) -> None:
    """What the lesson box's foot says, on any page of a note of fewer than ten, fits its
    frame at 80x24 in English, French and Dutch (the pseudo-language's 40% more does not:
    PAGE_ROOM)."""
    app = tutorial_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await opened(pilot, app)
        room = screen_of(app).query_one(TutorialPanel).region.width - len("╰─  ─╯")
    assert room >= PAGE_ROOM
    feet = (
        "Enter: read on ↓",
        "Enter or space: go on",
        "page {page} of {pages} · Enter: read on ↓",
        "page {page} of {pages} · Enter: go on",
    )
    for code in LANGUAGES:
        said = [lang.in_language(code, lambda f=f: _(f)).format(page=9, pages=9) for f in feet]
        assert max(map(len, said)) <= room, (code, said)
