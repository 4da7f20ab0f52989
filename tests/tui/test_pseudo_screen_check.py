"""The pseudo-language run's screen check (tests/support/pseudo_screen.py) finds a word that
escaped translation and a message cut where it did not fit, and lets be what is neither: a
message wrapped over rows, one scrolled past a widget's edge, names and key names."""

from __future__ import annotations

from tests.support.pseudo_screen import (
    BOARD,
    DOCUMENT,
    ENDS_CUT,
    TITLE_PADDING,
    TYPED,
    Area,
    plain,
    problems,
)


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


def test_written_brackets_and_paths_are_not_the_pseudo_languages() -> None:
    """A name or a file name that looks like markup ("[b]Ann", "[/]x.json") is not a mark,
    and a file's path is not a message; a word outside every message still escapes."""
    said = "[There is no save at [/]x.json.~~~~~~~~~]"
    assert problems(said, whole(said)) == []
    assert plain(said) == "There is no save at [/]x.json."
    lone = "[There is no save at ]0;X.json.~~~~~~~~~]"
    assert problems(lone, whole(lone)) == [] and plain(lone) == "There is no save at ]0;X.json."
    path = "[Log saved as:~~~~]\n/tmp/data/logs/ann-bob-seed-3.txt"
    assert problems(path, whole(path)) == []
    command = "[Watch it again with:~~~~] keythedral replay /tmp/r.json"
    assert problems(command, whole(command)) == []
    escaped = "[Round 1~~~] · [b]mine round"
    assert problems(escaped, whole(escaped)) == [f"not translated: 'mine round' in {escaped!r}"]


def test_a_message_folded_right_before_its_bracket_is_whole() -> None:
    label = "[Language:~~~~\n]"
    assert problems(label, whole(label)) == []
    assert plain(label) == "Language:\n"


def test_words_between_two_cut_messages_are_read() -> None:
    """Only what comes before a widget's first "]" (a message begun above) and after its last
    "[" (one going on below) is a message's part: what lies between is read."""
    screen = "on.~~]\nPhase 1: placing\n[Ann must"
    assert problems(screen, whole(screen, scrolls=True)) == [
        f"not translated: 'Phase placing' in {screen!r}"
    ]


def test_the_map_cuts_its_labels_and_writes_pieces_not_words() -> None:
    board = "│Q [ston… │ │W [wood~~]│\n Qb oA K*  Fc"
    assert problems(board, [Area(0, 0, 26, 2, True, frozenset([BOARD]))]) == []
    assert problems(board, whole(board, scrolls=True)) == [f"cut with an ellipsis: {board!r}"]
    pieces = " Qb oA K*  Fc"
    assert problems(pieces, whole(pieces)) == [f"not translated: 'Qb oA Fc' in {pieces.strip()!r}"]
    # a seat's token is a capital of its player's name (the tutorial's Robin, Hilda, Otto)
    tutorial = " Wo Fh Qr oH"
    assert problems(tutorial, [Area(0, 0, 12, 1, True, frozenset([BOARD]))]) == []
    escaped = "│Q stone │"
    assert problems(escaped, [Area(0, 0, 10, 1, True, frozenset([BOARD]))]) == [
        f"not translated: 'stone' in {escaped!r}"
    ]


def test_a_frame_title_may_lose_the_padding_only() -> None:
    padding = "╭─ [[Ann's~] screen (private)~~~~… ─╮"
    words = "╭─ [[Ann's~] screen (priv… ─╮"
    title = frozenset([TITLE_PADDING])
    assert problems(padding, [Area(0, 0, len(padding), 1, False, title)]) == []
    framed = "╭─ [Shared screen~~~~~~] ─╮\n│ [wood~~] 0 │\n╰─ [cubes [worth 0, breaks ties~~… ─╯"
    assert problems(framed, [Area(0, 0, 38, 3, True, title)]) == []
    assert problems(words, [Area(0, 0, len(words), 1, False, title)]) == [
        f"cut with an ellipsis: {words!r}"
    ]


def test_what_a_player_typed_and_the_rulebook_are_not_messages() -> None:
    typed = "Bobby Tables"
    assert problems(typed, [Area(0, 0, 12, 1, False, frozenset([TYPED]))]) == []
    rules = "Phase 1: placing workers"
    assert problems(rules, [Area(0, 0, 24, 1, False, frozenset([DOCUMENT]))]) == []
    assert problems(typed, whole(typed)) == [f"not translated: 'Bobby Tables' in {typed!r}"]


def test_a_line_cut_by_design_may_lose_its_end_only() -> None:
    """The status and info lines end in "…" where they run past their row (their English
    too): the message cut at the row's end is no problem there, a cut elsewhere or in another
    widget is, and every word before the cut is read."""
    status = "[Round 2~~~] · [Phase 1: placing workers~~~~~~~~~~] · [to act: Bob~~~~] · [see… "
    ends = frozenset([ENDS_CUT])
    assert problems(status, [Area(0, 0, len(status), 1, False, ends)]) == []
    nested = "[Enter: [suggested: [buy [a seat worth 2~~~~~~] for [[1 wood~~] + [[1 stone~~… "
    assert problems(nested, [Area(0, 0, len(nested), 1, False, ends)]) == []
    assert problems(status, whole(status)) == [f"cut with an ellipsis: {status.strip()!r}"]
    ascii_status = "[Round 3~~~] . [to act: Ann~~~~] . [seed."  # "…" as ASCII writes it
    assert problems(ascii_status, [Area(0, 0, len(ascii_status), 1, False, ends)]) == []
    assert problems(ascii_status, whole(ascii_status)) == [
        f"runs out of its widget: {ascii_status!r}"
    ]
    escaped = "[Round 2~~~] · Phase 1: placing workers · [to act: Bob~~~~] · [see… "
    assert problems(escaped, [Area(0, 0, len(escaped), 1, False, ends)]) == [
        f"not translated: 'Phase placing workers' in {escaped.strip()!r}"
    ]
    inside = "[Round 2~~~] · [Phase 1: plac… · [to act: Bob~~~~] "
    assert problems(inside, [Area(0, 0, len(inside), 1, False, ends)]) == [
        f"cut with an ellipsis: {inside.strip()!r}"
    ]


def test_a_framed_list_is_read_inside_its_frame() -> None:
    """A widget's border and padding are no part of what it shows: a message folded inside a
    frame (its rows padded with spaces, the frame's edges between them) is whole, the frame's
    last row does not make every message "run out", and one that does reach the gutter does."""
    framed = (
        "▊▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▎\n"
        "▊ x ([it is [a    ▎\n"
        "▊ pipe~~~]~~~~~   ▎\n"
        "▊ ])              ▎\n"
        "▊▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▎"
    )
    frame = Area(0, 0, 18, 5, False, gutter=(1, 2, 1, 2))
    assert problems(framed, [frame]) == []
    assert problems(framed, [Area(0, 0, 18, 5, False)]) != []  # read with its frame: broken
    cut = "▊▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▎\n▊ [it is a named ▎\n▊ pipe (FIFO), no▎\n▊▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▎"
    inside = "[it is a named \npipe (FIFO), no"
    assert problems(cut, [Area(0, 0, 18, 4, False, gutter=(1, 1, 1, 2))]) == [
        f"runs out of its widget: {inside!r}"
    ]
    titled = "╭─ Load~ ─╮\n│ [a~~]   │\n╰─────────╯"
    assert problems(titled, [Area(0, 0, 11, 3, False, gutter=(1, 1, 1, 1))]) == [
        "not translated: 'Load' in '╭─ Load~ ─╮'"
    ]


def test_a_row_cut_by_design_reads_without_its_open_brackets() -> None:
    info = " [Hint: [fence [Hilda's~] cottage 2 ([1 woo… \n[Round 2~~~]\n[not cut"
    assert plain(info) == " Hint: fence Hilda's cottage 2 (1 woo… \nRound 2\n[not cut"
    assert plain("[Enter: [buy [a seat~~~] for [[1 stone~~… ") == "Enter: buy a seat for 1 stone… "
