"""The pseudo-language run's screen check (tests/support/pseudo_screen.py) finds a word that
escaped translation and a message cut where it did not fit, and lets be what is neither: a
message wrapped over rows, one scrolled past a widget's edge, names and key names."""

from __future__ import annotations

from tests.support.pseudo_screen import plain, problems


def whole(text: str, scrolls: bool = False) -> list[tuple[int, int, int, int, bool]]:
    rows = text.split("\n")
    return [(0, 0, max(map(len, rows)), len(rows), scrolls)]


def test_a_word_outside_every_message_escaped() -> None:
    screen = "[Round 3~~~] · Phase 1: placing workers"
    assert problems(screen, whole(screen)) == [
        f"not translated: 'Phase placing workers' in {screen!r}"
    ]


def test_names_numbers_and_keys_are_not_messages() -> None:
    screen = "Ann (2,-1) ⏎ [I am ready~~~~] Enter 3 Zoë"
    assert problems(screen, whole(screen), names=["Zoë"]) == []


def test_nested_and_wrapped_messages_are_whole() -> None:
    screen = "[Ann must [place a\n  worker~~~]~~]   \n[Round 3~~]"
    assert problems(screen, whole(screen)) == []
    assert plain(screen) == "Ann must place a\n  worker   \nRound 3"


def test_a_message_scrolled_past_the_edge_is_not_an_escape_but_one_cut_short_is() -> None:
    scrolled = "at (1,2).~~~~]\n[Cy sends a worker from cottage 4 to"
    assert problems(scrolled, whole(scrolled, scrolls=True)) == []
    cut = "[Ann sends a worker to the quar"
    assert problems(cut, whole(cut)) == [f"runs out of its widget: {cut!r}"]
    ellipsis = "╭─ [[Ann's~] screen (private)~~~~… ─╮"
    assert problems(ellipsis, whole(ellipsis)) == [f"cut with an ellipsis: {ellipsis!r}"]


def test_each_widget_is_read_on_its_own() -> None:
    """Two columns side by side: the left one's wrapped message does not hide the right one's
    escape, and the right one's text does not break the left one's message."""
    screen = "[a long".ljust(12) + " Keys\n" + "message~~]".ljust(12) + " here"
    left, right = (0, 0, 12, 2, False), (13, 0, 4, 2, False)
    assert problems(screen, [left]) == []
    assert problems(screen, [right]) == ["not translated: 'Keys here' in 'Keys\\nhere'"]
