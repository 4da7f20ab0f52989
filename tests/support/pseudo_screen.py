"""Reading a screen drawn in the pseudo-language (docs/i18n.md): every message bracketed and
40% longer, ``[Place a worker~~~~~~]``.

``problems`` finds what the pseudo-language is there to show:

* a word outside every bracket pair escaped translation (player names and the keys' own names
  excepted: they are not messages);
* a message cut where it does not fit: its closing ``~]`` missing on a line that runs to the
  screen's right edge, or a message ended with Textual's ellipsis.

``plain`` gives the same screen without the marks, for a test's English assertions: the
pseudo-language run of the app's tests (tests/tui/conftest.py) checks each screen a test reads
and then lets the test read it as English."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import NamedTuple

from keythedral import lang

#: An innermost pseudo message: "[" + text without brackets + the run of "~" + "]" (a narrow
#: widget may fold it anywhere, even right before the "]", the folded row padded with spaces
#: to the widget's width).  Nested messages ("[Round 3 · [Phase 1~~~]~~]") go from the inside
#: out.
INNERMOST = re.compile(r"\[([^\[\]]*?)~+( *\n *)?\]", re.DOTALL)
WORD = re.compile(r"[^\W\d_]{2,}")
#: Words that are not messages: the keys' names as the key bar and help write them, the
#: game's name in the title, Textual's own command palette glyphs.
NOT_MESSAGES = frozenset(
    [
        "enter",
        "esc",
        "tab",
        "ctrl",
        "shift",
        "alt",
        "space",
        "up",
        "down",
        "left",
        "right",
        "home",
        "end",
        "pgup",
        "pgdn",
        "del",
        "backspace",
        "Enter",
        "Esc",
        "Tab",
        "Ctrl",
        "Space",
        "hjkl",
        "wasd",
        "Keythedral",
        "pseudo",
    ]
)
#: Box-drawing characters and the key bar's separator: a widget's edge.
EDGE = re.compile(r"[\u2500-\u259f\u2580-\u259f▏▕]")
HOLE = "\x00"
#: A file's path, as written (not a message): "/tmp/x/logs/ann-bob.txt", "~/saves".
PATH = re.compile(r"(?<!\S)(?:~|\.{1,2})?/\S+")
#: A command the player types ("keythedral replay"): the program's words, in every language.
COMMAND = re.compile(r"(?<!\S)keythedral(?: [a-z]+)?(?!\S)")
#: Problems found where they cannot be raised (in a notification the app posts), for the end
#: of the test to say.
FOUND: list[str] = []
#: The names the app's tests give players (a name is not a message).
TEST_NAMES = frozenset(["Ann", "Bob", "Cy", "Dee", "Eve", "Otto"])
#: A message Textual ended with an ellipsis where it did not fit.
CUT = re.compile(r"\[[^\[\]\n]*[\w~]…")


def checking() -> bool:
    """Whether screens are checked now: in the pseudo-language run of the app's tests
    (KEYTHEDRAL_TEST_LANG=pseudo), while the pseudo-language is in use; a test of the ordinary
    run that switches to it reads its screens as they are."""
    return os.environ.get("KEYTHEDRAL_TEST_LANG") == lang.PSEUDO == lang.current()


#: Brackets that are not the pseudo-language's: a pair around a word with no "~" (written
#: text, a name or a file name that looks like markup: "[b]Ann", "[/]x.json").
OPEN, CLOSE = "\x01", "\x02"
WRITTEN = re.compile(r"\[([^\s\[\]~]*| )\]")


#: What comes right before a "]" that closes a pseudo message: its "~" (folded or not).
CLOSING = re.compile(r"~(?: *\n *)?$")


def _guarded(text: str) -> str:
    """``text`` with written brackets out of the way of the pseudo's: a pair of them
    (``WRITTEN``), and a "]" that closes no pseudo message (not after a "~")."""
    text = WRITTEN.sub(lambda m: OPEN + m.group(1) + CLOSE, text)
    return "".join(
        CLOSE if ch == "]" and not CLOSING.search(text[max(0, i - 40) : i]) else ch
        for i, ch in enumerate(text)
    )


def plain(text: str) -> str:
    """``text`` without the pseudo-language's brackets and tildes (lines keep their breaks),
    a row cut with "…" at its end (``ENDS_CUT``) too: what is left of its cut messages."""
    text = _guarded(text)
    before = None
    while before != text:
        before, text = text, INNERMOST.sub(lambda m: m.group(1) + (m.group(2) or ""), text)
    text = ROW_CUT_MARKS.sub("", text)
    return text.replace(OPEN, "[").replace(CLOSE, "]")


#: The opening brackets of the messages a row cut with "…" at its end leaves open, and the
#: tildes right before the "…" (the whole messages are plain already).
ROW_CUT_MARKS = re.compile(r"\[(?=[^\n]*… *$)|~+(?=… *$)", re.MULTILINE)


def outside(text: str) -> str:
    """``text`` with every whole pseudo message replaced by holes of the same length (line
    breaks kept), so what is left is what no message made."""

    def hole(m: re.Match[str]) -> str:
        return re.sub(r"[^\n]", HOLE, m.group(0))

    text = _guarded(text)
    before = None
    while before != text:
        before, text = text, INNERMOST.sub(hole, text)
    return text


#: What a widget may show that is not a problem there (an :class:`Area`'s ``allows``):
#:
#: ``BOARD``: the map.  Its cells' labels are cut with "…" to their box by design
#: (``map_canvas.fit``: the box is the field's, in every language), and its two-letter tokens
#: are pieces, not words: a field letter and the worker's seat letter at the compact zoom
#: ("Qb"), an ASCII worker and its seat ("oA").
BOARD = "board"
#: ``TITLE_PADDING``: a frame whose titles have a fixed slot (the hand panel's "Ann's screen
#: (private)" and "cubes worth 0, breaks ties", about 30 columns, which French and Dutch fit):
#: on its top and bottom rows the pseudo's own padding may be cut ("…" after a "~"), never a
#: word of the message.
TITLE_PADDING = "title padding"
#: ``TYPED``: what a player typed (a filled-in text field): their words, not a message.
TYPED = "typed"
#: ``DOCUMENT``: the rulebook (``docs/rules_<code>.md``, words.rules), a document in the
#: reader's language where there is one and in English for the pseudo-language: not messages.
DOCUMENT = "document"
#: ``ENDS_CUT``: a line the app ends with "…" where it runs past its one row, by design
#: (``text-overflow: ellipsis``: the status line and the info line, whose English runs past
#: 80 columns too with three players to act or a long suggestion): the message cut at the
#: row's right end is not a problem; every word before it is read, and a cut anywhere else is
#: one.
ENDS_CUT = "ends cut"
#: What may hold words that are not messages.
NOT_READ = frozenset([TYPED, DOCUMENT])
#: A field letter and a seat's token (any capital of the player's name: ``seat_tokens``, "o"
#: for Otto in the tutorial), in lower case at the compact zoom ("Wo"); an ASCII worker ("oA").
BOARD_TOKEN = re.compile(r"[A-Z][a-z]|o[A-Z]")
PADDING_CUT = re.compile(r"\[[^\[\]\n]*~…")
#: A message cut with "…" at its row's end (``ENDS_CUT``), even right after its "[" (in ASCII
#: the "…" is a ".", keythedral.tui.ascii: after a message left open, a cut too).
ROW_END_CUT = re.compile(r"\[[^\[\]\n]*[….] *$", re.MULTILINE)


class Area(NamedTuple):
    """A rectangle of the screen one widget draws (as much of it as shows), whether what it
    shows scrolls (more of it above or below), what it may show (``BOARD``,
    ``TITLE_PADDING``), and its gutter as it shows: the rows and columns of its border,
    padding and scrollbars (top, right, bottom, left) around what it shows inside."""

    x: int
    y: int
    width: int
    height: int
    scrolls: bool
    allows: frozenset[str] = frozenset()
    gutter: tuple[int, int, int, int] = (0, 0, 0, 0)

    def parts(self) -> list[Area]:
        """What is read on its own: the rows of the frame above (its title) and below, and
        inside them what the widget shows, which runs out of the widget where it reaches the
        gutter, not the frame's edge (a frame's last row always runs to its edge)."""
        top, right, bottom, left = self.gutter
        if self.gutter == (0, 0, 0, 0):
            return [self]
        inside = self.allows - {TITLE_PADDING} if top or bottom else self.allows
        x, y, w, h = (
            self.x + left,
            self.y + top,
            self.width - left - right,
            self.height - top - bottom,
        )
        # (a frame's row runs to its corner: a title cut there ends in "…", read as a cut)
        frame = [
            Area(self.x, row, self.width, rows, True, self.allows)
            for row, rows in ((self.y, top), (self.y + self.height - bottom, bottom))
            if rows > 0
        ]
        return frame + ([Area(x, y, w, h, self.scrolls, inside)] if w > 0 and h > 0 else [])


def problems(screen: str, areas: Iterable[Area], names: Iterable[str] = ()) -> list[str]:
    """What escaped translation or was cut on ``screen`` (the text of a screenshot, a row a
    line), widget by widget (``areas``: each widget's rectangle, whether it scrolls, and its
    gutter), each as a short description."""
    allowed = NOT_MESSAGES | TEST_NAMES | {n for name in names for n in WORD.findall(name)}
    rows = screen.split("\n")
    found: list[str] = []
    for x, y, w, h, scrolls, allows, _ in (part for a in areas for part in Area(*a).parts()):
        lines = [row[x : x + w] for row in rows[y : y + h]]
        text = "\n".join(lines)
        rest = outside(text)
        if TITLE_PADDING in allows:  # the titles' padding cut: the titles are whole
            rows_left = rest.split("\n")
            for i in {0, len(rows_left) - 1}:
                rows_left[i] = PADDING_CUT.sub(lambda m: m.group(0)[:-1] + "]", rows_left[i])
            rest = outside("\n".join(rows_left))
        # the row's last message cut by design (and the messages it is in: they run out)
        ends_cut = ENDS_CUT in allows and ROW_END_CUT.search(rest) is not None
        if ends_cut:
            rest = ROW_END_CUT.sub(lambda m: HOLE * len(m.group(0)), rest)
        if BOARD in allows:  # a label cut to its box is a whole one
            rest = CUT.sub(lambda m: HOLE * len(m.group(0)), rest)
        # What is left of a message begun above the widget's top (scrolled, or cut) ends with
        # a "]" (every "]" left is one: the whole messages are holes) and one going on below
        # its bottom begins with a "[": neither escapes; all between them is read.
        start = rest.rfind("]") + 1
        first_open = rest.find("[", start)
        end = first_open if first_open >= 0 else len(rest)
        for segment in EDGE.split(rest[start:end]) if not NOT_READ & allows else ():
            words = [
                word
                for word in WORD.findall(COMMAND.sub(" ", PATH.sub(" ", segment)))
                if word not in allowed and not (BOARD in allows and BOARD_TOKEN.fullmatch(word))
            ]
            if words:
                found.append(f"not translated: {' '.join(words)!r} in {text.strip()!r}")
        if CUT.search(rest):
            found.append(f"cut with an ellipsis: {text.strip()!r}")
        elif first_open >= 0 and not scrolls and not ends_cut and len(lines[-1].rstrip()) >= w:
            found.append(f"runs out of its widget: {text.strip()!r}")
    return found
