"""ASCII mode (``--ascii``): every character on screen drawn from plain ASCII.

For terminals and fonts with weak Unicode (old consoles, some ssh clients, braille displays
that spell box drawing out).  Rather than teach every widget two alphabets, the app adds
:class:`AsciiFilter` to its line filters: each line the app draws, Textual's own borders,
scrollbars and footer included, has its non-ASCII characters replaced, one cell for one
cell, so nothing moves::

    ╱─────╲  ->  /-----\\        ╭──╮ -> +--+       ●A -> oA     ▶ ◀ -> > <
    │Q ●B │  ->  |Q oB |        █ -> #             ⌂ -> h       · -> .

Box drawing and block elements are mapped by their Unicode names, a table covers the other
symbols the game uses, and anything else becomes ``?`` (two of them for a wide character).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

SYMBOLS = {
    "·": ".", "•": "*", "…": ".", "×": "x", "–": "-", "—": "-", "‘": "'", "’": "'",
    "“": '"', "”": '"', "→": ">", "←": "<", "↑": "^", "↓": "v", "↵": "<", "⏎": "<",
    "⌂": "h", "▲": "^", "△": "^", "▼": "v", "▽": "v", "▶": ">", "▷": ">", "▸": ">",
    "◀": "<", "◁": "<", "◂": "<", "●": "o", "○": "o", "◉": "o", "◆": "*", "◇": "*",
    "★": "*", "☆": "*", "✓": "+", "✔": "+", "✗": "x", "✘": "x", "≥": ">", "≤": "<",
    "░": ".", "▒": ":", "▓": "#", "▪": "#", "▫": ".", "■": "#", "□": "o",
    "▔": "-", "▕": "|", "▐": "|", "▌": "|", "▀": "-", "▖": ".", "▗": ".", "▘": "'",
    "▝": "'", "▚": "%", "▞": "%", "▙": "#", "▛": "#", "▜": "#", "▟": "#",
    "\u00a0": " ", "°": "o", "±": "+", "÷": "/", "€": "E", "£": "L",
    "🔎": "> ",  # the command palette's search icon (two cells)
}  # fmt: skip


def ascii_char(ch: str) -> str:
    """The ASCII stand-in for one character, as wide as it is."""
    if ch.isascii():
        return ch
    if ch in SYMBOLS:
        return SYMBOLS[ch]
    width = cell_len(ch)
    if width == 0:
        return ""
    name = unicodedata.name(ch, "")
    out = "?"
    if name.startswith("BOX DRAWINGS"):
        words = set(name.replace("BOX DRAWINGS", "").split())
        across = bool(words & {"HORIZONTAL", "LEFT", "RIGHT"})
        upright = bool(words & {"VERTICAL", "UP", "DOWN"})
        if "DIAGONAL" in words:
            if "CROSS" in words:
                out = "X"
            elif name.endswith("UPPER RIGHT TO LOWER LEFT"):
                out = "/"
            else:
                out = "\\"
        elif "ARC" in words or (across and upright):
            out = "+"
        elif across:
            out = "-"
        elif upright:
            out = "|"
        else:
            out = "+"
    elif name.startswith(("LOWER", "UPPER", "LEFT", "RIGHT")) and "BLOCK" in name:
        if name.startswith(("LEFT", "RIGHT")):
            out = "#" if "SEVEN EIGHTHS" in name or "THREE QUARTERS" in name else "|"
        elif "ONE EIGHTH" in name or "ONE QUARTER" in name:
            out = "_" if name.startswith("LOWER") else "-"
        elif "THREE EIGHTHS" in name or "HALF" in name or "FIVE EIGHTHS" in name:
            out = "="
        else:
            out = "#"
    elif name == "FULL BLOCK":
        out = "#"
    elif "ARROW" in name or "TRIANGLE" in name:
        out = ">" if "RIGHT" in name else "<" if "LEFT" in name else "^" if "UP" in name else "v"
    elif "CIRCLE" in name or "BULLET" in name:
        out = "o"
    else:
        decomposed = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
        if len(decomposed) == 1 and decomposed.isprintable():
            out = decomposed  # é -> e
    return out * width if len(out) == 1 else out


@lru_cache(maxsize=4096)
def to_ascii(text: str) -> str:
    """``text`` with every character in ASCII, taking the same cells."""
    if text.isascii():
        return text
    return "".join(ascii_char(ch) for ch in text)


class AsciiFilter(LineFilter):
    """A Textual line filter that draws every line in ASCII (see the module's doc)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        out = []
        for seg in segments:
            text = seg.text
            if text.isascii() or seg.control:
                out.append(seg)
            else:
                out.append(Segment(to_ascii(text), seg.style, seg.control))
        return out
