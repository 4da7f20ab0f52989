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

from keythedral import lang

#: An innermost pseudo message: "[" + text without brackets + the run of "~" + "]".  Nested
#: messages ("[Round 3 · [Phase 1~~~]~~]") go from the inside out.
INNERMOST = re.compile(r"\[([^\[\]]*?)~+\]", re.DOTALL)
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


def plain(text: str) -> str:
    """``text`` without the pseudo-language's brackets and tildes (lines keep their breaks)."""
    before = None
    while before != text:
        before, text = text, INNERMOST.sub(lambda m: m.group(1), text)
    return text


def outside(text: str) -> str:
    """``text`` with every whole pseudo message replaced by holes of the same length (line
    breaks kept), so what is left is what no message made."""

    def hole(m: re.Match[str]) -> str:
        return re.sub(r"[^\n]", HOLE, m.group(0))

    before = None
    while before != text:
        before, text = text, INNERMOST.sub(hole, text)
    return text


#: A rectangle of the screen one widget draws: (x, y, width, height, scrolls).
Area = tuple[int, int, int, int, bool]


def problems(screen: str, areas: Iterable[Area], names: Iterable[str] = ()) -> list[str]:
    """What escaped translation or was cut on ``screen`` (the text of a screenshot, a row a
    line), widget by widget (``areas``: each widget's rectangle, and whether it scrolls), each
    as a short description."""
    allowed = NOT_MESSAGES | TEST_NAMES | {n for name in names for n in WORD.findall(name)}
    rows = screen.split("\n")
    found: list[str] = []
    for x, y, w, h, scrolls in areas:
        lines = [row[x : x + w] for row in rows[y : y + h]]
        text = "\n".join(lines)
        rest = outside(text)
        # What is left of a message begun above the widget's top (scrolled, or cut) ends with
        # a "]" and one going on below its bottom begins with "[": neither escapes.
        last_close, first_open = rest.rfind("]"), rest.find("[", rest.rfind("]") + 1)
        start = last_close + 1
        end = first_open if first_open >= 0 else len(rest)
        for segment in EDGE.split(rest[start:end]):
            words = [word for word in WORD.findall(segment) if word not in allowed]
            if words:
                found.append(f"not translated: {' '.join(words)!r} in {text.strip()!r}")
        if CUT.search(rest):
            found.append(f"cut with an ellipsis: {text.strip()!r}")
        elif first_open >= 0 and not scrolls and lines and len(lines[-1].rstrip()) >= w:
            found.append(f"runs out of its widget: {text.strip()!r}")
    return found
