"""The tutorial's words are looked up when they are shown: under the pseudo-language every note,
title, instruction, hint, refusal and coach's reason of the tutorial's own comes out bracketed
(none escaped translation, the module constants included), and in English nothing changed."""

from __future__ import annotations

import re

import pytest

from keythedral import lang
from keythedral.tui.keys import LESSON_KEYS
from keythedral.tutorial import LESSONS, Step, Target, Tutorial, TutorialError, coach, driver, texts

#: A cube, a field type or a law card's word said in English ("1 wood", "a lake", "bargain").
ENGLISH_WORDS = re.compile(
    r"\b(wood|stone|food|water|wine|iron|glass|gold|quarry|woods|lake|farm|vineyard"
    r"|the|and|played|cards?)\b"
)

#: Notes that begin with a game event told by the narration (not the tutorial's words).
NARRATED = {"relocation", "store_limit", "law_other"}


pytestmark = pytest.mark.usefixtures("pseudo")  # the pseudo-language (tests/conftest.py)


def bracketed(text: str, *, whole: bool = True) -> bool:
    """Every line of ``text`` is a looked-up message: it ends with the pseudo-language's
    bracket, and (``whole``) begins with one."""
    lines = [line for line in text.split("\n") if line.strip()]
    return bool(lines) and all(
        line.endswith("]") and (line.startswith("[") or not whole) for line in lines
    )


def test_every_step_of_the_whole_tutorial_is_looked_up_when_shown() -> None:
    seen: dict[str, Step] = {}

    def look(t: Tutorial, step: Step) -> None:
        seen.setdefault(step.id if step.kind == "note" else step.kind + str(step.free), step)
        if step.kind == "task" and not step.free:
            other = next((a for a in t.legal() if a != step.action), None)
            if other is not None and other.kind == step.action.kind:
                verdict = t.attempt(other)  # legal, but not what the lesson asks for
                if not verdict.ok:
                    assert bracketed(verdict.hint), verdict

    t = Tutorial()
    for _turn in range(5000):  # every step taken as it asks, as the learner would
        t.run()
        step = t.step()
        look(t, step)
        if step.kind == "note":
            assert t.acknowledge()
        elif step.kind == "task":
            assert t.attempt(step.action).ok
        else:
            break
    assert t.over
    shown = {s.id for s in seen.values() if s.kind == "note"}
    optional = {"store_limit", "law_other", "law_play", "last_tile"}  # as in test_tutorial
    assert {x.id for x in LESSONS} - shown <= optional  # every lesson was shown
    for step in seen.values():
        text = step.render(LESSON_KEYS)
        assert "{" not in text, step  # every placeholder filled, the keys' too
        assert bracketed(text, whole=step.id not in NARRATED), step
        assert bracketed(step.press) or step.kind == "end", step
        if step.kind != "task" or step.free:  # a guided task's title is the decision's name
            assert bracketed(step.title), step
    free = seen["taskTrue"]
    assert free.title.startswith("[") and free.text.startswith("[Your move.")


def test_the_refusals_and_hints_are_looked_up() -> None:
    t = Tutorial()
    assert t.step().kind == "note"
    verdict = t.attempt(None)
    assert bracketed(verdict.reason) and bracketed(verdict.hint)
    t.forward()
    while t.step().kind == "note":
        t.acknowledge()
        t.run()
    step = t.step()
    assert step.kind == "task"
    assert bracketed(driver._not_now(step)) and bracketed(driver._hint_for(step))
    # the move in lower case past its brackets, as the lesson box has it (which, not finding
    # it there, said the move a second time)
    assert lang.lower_first(step.do) in driver._not_now(step), driver._not_now(step)
    assert lang.lower_first(step.do) in driver._hint_for(step), driver._hint_for(step)
    for kind in ("field", "corner", "edge", "choices"):
        moved = Step("task", "x", "t", "x", Target(kind), do="Buy Q1")
        assert bracketed(driver._hint_for(moved)), kind


@pytest.mark.parametrize(
    "text",
    ["{}", "[]", '{"format": "keythedral-tutorial", "version": 99}', "not json"],
)
def test_broken_progress_is_explained_in_the_players_language(text: str) -> None:
    with pytest.raises(TutorialError) as caught:
        Tutorial.from_json(text)
    assert bracketed(str(caught.value))


def test_in_french_the_words_inside_the_notes_are_french_too() -> None:
    """The words a note puts inside its sentence (the field on top of the stack, a harvest, the
    prices of phase 3, a fence's removal, the tiles turned face up, the law card drawn) are said
    in the reader's language: the pseudo-language cannot tell an English "1 wood" inside a
    looked-up sentence, French can."""
    lang.use("fr")
    t = Tutorial()
    notes = {}
    for _turn in range(5000):
        t.run()
        step = t.step()
        if step.kind == "note":
            notes[step.id] = step.render(LESSON_KEYS)
            assert t.acknowledge()
        elif step.kind == "task":
            assert t.attempt(step.action).ok
        else:
            break
    assert {"lay_field", "harvest", "spend", "act_build_fence", "law_hand"} <= set(notes)
    said = {i: ENGLISH_WORDS.findall(text) for i, text in notes.items()}
    assert {i: found for i, found in said.items() if found} == {}


def test_every_fixed_note_and_table_of_sentences_is_looked_up_when_shown() -> None:
    fixed = [x.text for x in LESSONS if isinstance(x.text, tuple)]
    assert len(fixed) >= 15
    for paragraphs in fixed:
        assert bracketed(texts.paragraphs(paragraphs)), paragraphs
    for need in texts.STAGE_NEEDS.values():
        assert bracketed(lang._(need))
    for yours in (True, False):
        for house in (True, False):
            for n in (0, 1, 2):
                assert bracketed(texts._leaves(yours, house, n))
    for lesson in LESSONS:
        assert bracketed(lesson.heading()), lesson.id


def test_the_coachs_own_reasons_are_looked_up() -> None:
    t = Tutorial()
    t.forward()
    while not any(c.seat != 0 for c in t.view().cottages) or t.step().kind == "note":
        if t.step().kind == "note":
            t.acknowledge()
        elif not t.coach_move():
            t.run()
    view = t.view()
    mine = next(c for c in view.cottages if c.seat == 0)
    theirs = next(c for c in view.cottages if c.seat != 0)
    for home in (None, mine, theirs, mine._replace(house=True)):
        assert bracketed(coach._fence_reason(view, home)), home


def test_lists_are_made_with_the_language_s_own_words() -> None:
    assert texts.and_list(["Ann", "Bob"]).startswith("[Ann")
    lang.use("en")
    assert texts.and_list(["Ann", "Bob", "Cy"]) == "Ann, Bob and Cy"
    assert texts.comma_list(["Ann", "Bob", "Cy"]) == "Ann, Bob, Cy"
    assert texts.and_list([]) == texts.comma_list([]) == ""


def test_in_english_a_note_reads_as_it_always_did() -> None:
    lang.use("en")
    t = Tutorial()
    step = t.step()
    assert step.title == "Welcome" and not step.text.startswith("[")
    assert step.text.startswith("Welcome to Keythedral! You play Robin against Hilda and Otto,")
    assert step.press == "Press {enter} to go on."
