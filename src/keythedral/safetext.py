"""Text from outside the program, made safe to show, to print and to name files by.

Player names, file names, paths, theme names, key names and error messages come from people,
files and the command line.  They are shown as they are (never read as markup: the app passes
them as ``Text``/``Content`` objects), and here they are checked or cleaned for the places
where they could do harm:

* ``printable``: text without control characters, for a terminal or a text file (an escape
  sequence in a name could retitle the terminal or worse).
* ``slug`` and ``inside``: a file name made from names is lowercase letters, digits and ``-``
  only, never empty, bounded; and the path it makes must stay inside its folder.
* ``markdown_literal``: a name inside a Markdown text (a rule card) reads as written.

Only the standard library is used.  (What a player name may be is a rule of the game:
``lexicon.name_problem``.)
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

#: For a text field (Textual's ``Input(restrict=...)``): no control or bidi characters, so
#: that a pasted escape sequence is refused rather than drawn raw to the terminal.
NO_CONTROL = "[^\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]*"

#: Characters that reorder the text around them (the "Trojan source" bidi controls).
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def printable(text: str, keep: str = "\n\t") -> str:
    """``text`` without control characters (but those in ``keep``) and bidi controls, and with
    lone surrogates (which cannot be written as UTF-8) replaced, for a terminal or a file."""
    if text.isprintable():
        return text  # the usual case, at C speed
    return _SURROGATE.sub("\ufffd", text.translate(_dropped(keep)))


_SURROGATE = re.compile("[\ud800-\udfff]")


@cache
def _dropped(keep: str) -> dict[int, None]:
    """A str.translate table deleting the control characters (Unicode's Cc: U+0000-U+001F and
    U+007F-U+009F) not in ``keep``, and the bidi controls."""
    controls = [*range(0x20), *range(0x7F, 0xA0)]
    return {c: None for c in [*controls, *map(ord, _BIDI)] if chr(c) not in keep}


def slug(text: str, limit: int = 60, empty: str = "game") -> str:
    """A file-name part made from ``text``: lowercase ASCII letters, digits and ``-``, at most
    ``limit`` characters, ``empty`` when nothing is left ("Zoë & Ann" -> "zoe-ann")."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    part = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return part[:limit].rstrip("-") or empty


def inside(folder: Path, name: str) -> Path:
    """``folder / name``, resolved; ValueError when it would not be a file directly inside
    ``folder`` (a name with ``..`` or ``/``, an absolute path, a link that leads out)."""
    base = folder.resolve()
    path = (base / name).resolve()
    if path.parent != base:
        raise ValueError(f"{printable(name)!r} would be written outside {base}")
    return path


def markdown_literal(text: str) -> str:
    """``text`` for a Markdown document, every punctuation mark escaped, so that a name like
    ``**Ann**`` or ``[x](y)`` reads as it is written."""
    return re.sub(r"([!-/:-@\[-`{-~])", r"\\\1", printable(text, keep=""))
