"""The tutorial in the app: walked from start to end by pressing the keys it asks for; wrong
moves show the reason; it can be left and resumed; the help keys of an ordinary game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from keythedral import engine
from keythedral.tui.app import KeythedralApp
from keythedral.tui.screens.new_game import NewGameScreen
from keythedral.tui.screens.rules import RuleCard, RulesScreen
from keythedral.tui.screens.scores import ScoresScreen
from keythedral.tui.screens.tutorial import (
    CHOICE_LINES,
    CHOICE_LINES_UNDER_NOTE,
    TutorialMode,
    TutorialPanel,
)
from keythedral.tutorial import LEARNER, SEVEN, TOPICS, Tutorial, tutorial_path
from tests.support import pseudo_screen
from tests.support.notices import notices
from tests.support.textshot import read, rows_in, screen_text, words_in
from tests.support.tui_helpers import config, make_app, saved_game
from tests.support.tutorial_app import opened, screen_of, tutorial_app, tutorial_at

SIZE = (100, 32)


async def read_note(pilot: Pilot[Any], app: KeythedralApp) -> int:
    """Enter on the note until the next step; the number of pages read on first."""
    t = screen_of(app).tutorial
    taught, pages = len(t.taught), 0
    while len(t.taught) == taught:
        await pilot.pause()
        panel = screen_of(app).query_one(TutorialPanel)
        text = screen_text(app)
        if panel.unread:
            assert "Enter: read on ↓" in text and "Enter or space: read on" in text
            pages += 1
        else:
            assert "Enter or space: go on" in text
        assert pages < 20, "Enter never went on"
        await pilot.press("enter")
    return pages


async def press_asked(pilot: Pilot[Any], app: KeythedralApp) -> None:
    """Do what the lesson panel says: Enter on a note (which first reads on to its end, if it
    is taller than its box); on a task, the key it names (once more if that key opened a group
    or a corner first)."""
    t = screen_of(app).tutorial
    step = t.step()
    if step.kind == "note":
        await read_note(pilot, app)
        return
    before = len(t.actions)
    for _ in range(3):
        key, words = screen_of(app).plan(step.action)
        words = read(words)
        assert words in screen_text(app).replace("\n", " ") or len(words) > 40
        await pilot.press(key)
        if len(t.actions) > before:
            return
    raise AssertionError(f"{step.do} was not taken with the keys asked for")


async def test_the_tutorial_from_start_to_end_by_the_keys_it_asks_for(tmp_path: Path) -> None:
    """Every note is read with Enter; the first move of every kind is made with the keys the
    panel names (the later ones of the same kind go through the engine: Pilot is slow); in
    free play f lets the coach play up to each new lesson."""
    app = tutorial_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        t = await opened(pilot, app)
        assert "Welcome to Keythedral!" in screen_text(app)
        keyed: set[tuple[str, str]] = set()
        for _ in range(2000):
            step = t.step()
            if step.kind == "end":
                break
            if step.kind == "note":
                await press_asked(pilot, app)
            elif step.free:
                await pilot.press("f")
            else:
                kind = (str(engine.decision(t.state)), step.action.kind)
                if kind in keyed:
                    assert app.play(step.action)
                else:
                    keyed.add(kind)
                    await press_asked(pilot, app)
        await pilot.pause()
        assert t.over and isinstance(app.screen, ScoresScreen)
        taught = set(t.taught)
        assert all(x in taught for ids in TOPICS.values() for x in ids)
        assert set(SEVEN) <= t.tried()
        assert {k for _, k in keyed} >= {"place_field", "place_cottage", "place_worker", "pay"}
        assert {k for _, k in keyed} >= set(SEVEN)
    saved = Tutorial.load(tutorial_path(tmp_path))
    assert saved.over and "end" in saved.taught


async def test_a_wrong_move_shows_the_reason_and_a_hint(tmp_path: Path) -> None:
    app = tutorial_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        t = await opened(pilot, app)
        while not (t.step().kind == "task" and t.step().action.kind == "choose_work_order"):
            if t.step().kind == "note":
                await pilot.press("enter")
            else:
                assert app.play(t.step().action)
        asked = t.step().action
        other = next(a for a in t.legal() if a != asked)
        await pilot.press(str(other.number))  # a legal number, but not the lesson's
        text = screen_text(app)
        assert "Not that:" in text and "The rules allow that, but this lesson" in text
        assert len(t.actions) > 0 and t.step().action == asked
        # a move the rules refuse: the engine's reason, in plain words
        assert not app.play(engine.PlaceWorker(seat=LEARNER, number=1, field=(9, 9)))
        await pilot.pause()
        text = screen_text(app).replace("\n", " ")
        assert "You must put the work-order marker on a cottage number" in text
        assert "This lesson asks for: call number" in text
        await pilot.press(str(asked.number))
        assert t.step().kind == "note" or t.step().action != asked


async def test_a_lesson_about_a_mat_frames_the_whole_mat(tmp_path: Path) -> None:
    """The mat a lesson is about is framed from its first line to its last (a frame shows
    without colour too), the frame names the part meant, and no line wraps for it."""
    from keythedral.tutorial import Target

    app = tutorial_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await opened(pilot, app)
        while not (t.step().kind == "note" and t.step().target == Target("mat", "markers")):
            if t.step().kind == "note":
                await pilot.press("enter")
            else:
                assert app.play(t.step().action)
        await pilot.pause()
        await pilot.pause()
        mat = app.screen.query_one("#keythedral-mat")
        assert mat.has_class("-lesson") and mat.styles.border.top[0] == "heavy"
        rows = rows_in(app, mat)  # the mat and its frame, as far as they show
        assert "look here: Work order" in rows[0] and rows[0].startswith("┏")
        assert rows[-1].startswith("┗") and all(r.startswith("┃") for r in rows[1:-1])
        inside = [r[1:].rstrip().removesuffix("┃").rstrip() for r in rows[1:-1]]
        assert inside[0] == "The Keythedral mat" and inside[-1].lstrip().startswith("4th→")
        lines = len(str(mat.render()).splitlines())
        # The whole mat, unwrapped: its column has 38 columns inside the frame at 80x24, which
        # the French and Dutch mats fit (11 rows, as the English); the pseudo-language's 40%
        # more wraps some of its lines, and only adds rows.
        assert len(inside) == lines or (pseudo_screen.checking() and len(inside) > lines)
        while t.step().target.kind in ("mat", "tile"):
            await pilot.press("enter")
        await pilot.pause()
        assert not [w for w in app.screen.query(".-lesson") if w.id and w.id.endswith("-mat")]
        assert mat.border_title is None


async def test_free_play_after_a_note_puts_the_keyboard_on_the_choices(tmp_path: Path) -> None:
    """When guided play ends (and after every note in free play) the keys work on the list of
    choices at once, and the info line no longer says Enter goes on."""
    from keythedral.tui.widgets.decision import DecisionPanel

    t = Tutorial()  # the guided part, played through the engine (quick), up to its last note
    while True:
        t.run()
        step = t.step()
        if step.kind == "note" and step.id == "free":
            break
        assert t.acknowledge() if step.kind == "note" else t.attempt(step.action).ok
    t.save(tutorial_path(tmp_path))
    app = tutorial_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        t = await opened(pilot, app)
        assert t.step().kind == "note"
        while t.step().kind == "note":
            await pilot.press("enter")
        await pilot.pause()
        assert t.step().free
        screen = screen_of(app)
        assert screen.focused is screen.query_one(DecisionPanel).option_list
        info = screen_text(app).splitlines()[-2]
        assert "go on" not in info and "Enter:" in info


async def test_the_tutorial_is_left_and_resumed(tmp_path: Path) -> None:
    app = tutorial_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        t = await opened(pilot, app)
        for _ in range(4):
            await press_asked(pilot, app)
        taught, actions = list(t.taught), len(t.actions)
    again = KeythedralApp(data_dir=tmp_path, autosave=False, animations=False)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, NewGameScreen)
        assert "tutorial (ctrl+t)" in screen_text(again)
        await pilot.press("ctrl+t")  # the start screen's way in
        resumed = await opened(pilot, again)
        assert resumed.taught == taught and len(resumed.actions) == actions
        assert again.mode.can_undo() is False


async def test_hint_walkthrough_rules_and_context_help_in_a_game() -> None:
    app = make_app(config())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("i")
        assert "Hint: lay the" in words_in(app, "#decision #hint")
        await pilot.press("e")
        await pilot.pause()
        text = screen_text(app)
        assert "✓ Lay the" in text and "Hint: lay the" in text
        await pilot.press("e")  # back to the map
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RuleCard)
        await pilot.press("b")  # the same rule in the book
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.chapter == "Layout"
        await pilot.press("escape")
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)


async def test_context_help_on_a_law_card_in_the_law_list() -> None:
    """r lists the player's law cards; ? (or Enter) on the highlighted card shows its rule."""
    from keythedral.tui.screens.handover import HandoverScreen
    from keythedral.tui.screens.help import LawsScreen
    from keythedral.words.text import law_name

    saved = saved_game(
        config(3),
        lambda s: (
            s.phase == "spend"
            and s.payment is None
            and not s.windows
            and len(set(s.players[s.to_act[0]].laws)) >= 2
        ),
        procure=1.0,
    )
    cards = list(dict.fromkeys(saved.state.players[saved.state.to_act[0]].laws))
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, LawsScreen)
        await pilot.press("down", "question_mark")
        await pilot.pause()
        card = app.screen
        name = read(law_name(cards[1]))
        assert isinstance(card, RuleCard) and card.section.endswith(f". {name}")
        assert f"law card: {name}" in screen_text(app)
        await pilot.press("escape", "up", "enter")
        await pilot.pause()
        card = app.screen
        assert isinstance(card, RuleCard) and card.section.endswith(f". {read(law_name(cards[0]))}")
        await pilot.press("b")  # the card in the rulebook
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.chapter == "Law cards"  # the chapter holding every card


async def test_the_tutorial_tells_the_learner_their_own_moves_as_you(tmp_path: Path) -> None:
    """The log panel speaks to the learner in the second person; "Meanwhile" lists only what
    the others did, by name."""
    from keythedral.tui.widgets.panels import EventLog

    app = tutorial_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        t = await opened(pilot, app)
        mode = app.mode
        assert isinstance(mode, TutorialMode)
        for _ in range(80):
            laid = any(a.seat == LEARNER and a.kind == "place_field" for a in t.actions)
            if laid and mode.recent and t.step().kind == "task":
                break
            await press_asked(pilot, app)
            await pilot.pause()
        log = [read(line) for line in screen_of(app).query_one("#log", EventLog).lines]
        assert any(line.startswith("You lay a ") for line in log), log
        assert not any(line.startswith(t.name + " ") for line in log)
        others = [p for i, p in enumerate(t.state.config.players) if i != LEARNER]
        recent = [read(line) for line in mode.recent]
        assert any(line.startswith(tuple(others)) for line in recent), recent
        assert not any(line.startswith("You ") for line in recent)  # the learner's acts
        text = screen_text(app)
        assert "Meanwhile:" in text and recent[-1][:30] in text.replace("\n", " ")


# --- at 80x24: notes fit or scroll, the choices stay in sight, the end shows the scores --------
SMALL = (80, 24)


async def choices_in_sight(pilot: Pilot[Any], app: KeythedralApp, least: int) -> None:
    """The lesson box ends above the list of choices, which shows ``least`` lines (or all);
    with no choices of the learner's (a note at another player's turn), there is no list."""
    from keythedral.tui.widgets.decision import DecisionPanel

    await pilot.pause()  # the lesson box is fitted after the screen is drawn: one more frame
    await pilot.pause()
    screen = screen_of(app)
    lesson = screen.query_one(TutorialPanel).region
    if not screen.query_one(DecisionPanel).display:  # a note while another player is to move
        assert not screen.tutorial.legal() and screen.tutorial.step().kind == "note"
        assert lesson.bottom <= screen.query_one("#side").region.bottom
        return
    listed = screen.query_one(DecisionPanel).option_list
    assert lesson.bottom <= listed.region.y, (lesson, listed.region)
    lines = listed.virtual_size.height
    assert listed.region.height >= min(lines, least), (listed.region, lines)
    assert listed.region.bottom <= screen.query_one("#side").region.bottom


@pytest.mark.english  # three rows of choices left under the English hint at 80x24
async def test_at_80x24_enter_reads_every_note_to_its_end_before_going_on(
    tmp_path: Path,
) -> None:
    """Notes taller than their box (the one on phase 3 is) scroll: Enter first pages on, every
    line of the note is shown before Enter goes on, and the box and the list of choices under
    it never overlap.  The choices' own hint waits under a note and is back for the task
    (unless the task's text needs its room)."""
    import textwrap

    from textual.widgets import Static

    app = tutorial_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        t = await opened(pilot, app)
        paged = set()
        hints = 0
        while not t.free:
            step = t.step()
            if step.kind != "note":
                await pilot.pause()
                await choices_in_sight(pilot, app, CHOICE_LINES)
                hint = screen_of(app).query_one("#hint", Static)
                if hint.display:
                    hints += 1
                elif str(hint.content):  # it gave way: the lesson needs (some of) its rows
                    box = screen_of(app).query_one(TutorialPanel)
                    rows = len(textwrap.wrap(str(hint.content), hint.parent.size.width - 2))
                    assert box.styles.max_height is not None
                    assert box.region.height > box.styles.max_height.value - rows
                assert app.play(step.action)
                continue
            await pilot.pause()
            panel = screen_of(app).query_one(TutorialPanel)
            await choices_in_sight(pilot, app, CHOICE_LINES_UNDER_NOTE)
            seen: set[int] = set()
            taught, lines = len(t.taught), 0
            while len(t.taught) == taught:
                await pilot.pause()
                top, box = round(panel.scroll_y), panel.scrollable_content_region.height
                seen |= set(range(top, top + box))
                lines = panel.virtual_size.height
                if panel.unread:
                    paged.add(step.id)
                await pilot.press("enter")
            assert set(range(lines)) <= seen, step.id
            assert not screen_of(app).query_one("#hint").display or t.step().kind != "note"
        assert "spend" in paged and hints > 10


async def test_the_hint_is_the_lessons_move_and_covers_nothing(tmp_path: Path) -> None:
    """i in the tutorial names the move the lesson asks for (the fence, where greedy would
    pass) on the info line only: no note pops up over the list of choices, and what was said
    goes when the decision changes."""
    tutorial_at(
        tmp_path, lambda t: t.step().kind == "task" and t.step().action.kind == "build_fence"
    )
    app = tutorial_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        t = await opened(pilot, app)
        asked = t.step().action
        await pilot.press("i")
        await pilot.pause()
        assert not notices(app)
        info = screen_text(app).splitlines()[-2]
        assert info.startswith(" Hint: fence Hilda's cottage 2"), info
        await choices_in_sight(pilot, app, CHOICE_LINES)
        assert app.play(asked)
        await pilot.pause()
        assert "Hint:" not in screen_text(app)


async def test_enter_on_the_tutorials_last_board_shows_the_scores(tmp_path: Path) -> None:
    """After the last note the scores come up; back on the board, the info line says Enter
    shows the scores, and it does (from the lesson box or from the list)."""
    from keythedral.tui.widgets.decision import DecisionPanel

    tutorial_at(tmp_path, lambda t: t.step().id == "last_tile")  # (a tutorial over restarts)
    app = tutorial_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        t = await opened(pilot, app)
        while not isinstance(app.screen, ScoresScreen):
            if t.step().kind == "task":
                assert app.play(t.step().action)
            else:
                await pilot.press("enter")
            await pilot.pause()
        assert t.over and t.step().kind == "end"
        await pilot.press("escape")
        await pilot.pause()
        screen = screen_of(app)
        assert "Enter: show the scores" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        await pilot.press("escape")
        await pilot.pause()
        screen.query_one(TutorialPanel).focus()  # Enter on the lesson box does the same
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        await pilot.press("escape")
        await pilot.pause()
        screen.query_one(DecisionPanel).option_list.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
