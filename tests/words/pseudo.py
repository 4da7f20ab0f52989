"""Reading the pseudo-language (the ``pseudo`` fixture, tests/conftest.py) in the tests of the
words, the records and network play: a message shown in it comes out bracketed, so a word
left unbracketed escaped translation."""

from __future__ import annotations

import re

_BRACKETED = re.compile(r"\[[^\[\]]*\]")


def escaped(text: str) -> str:
    """What of ``text`` is left outside every pair of brackets (innermost first): the words
    that escaped translation, if any letter is left."""
    while True:
        shorter = _BRACKETED.sub("", text)
        if shorter == text:
            return text
        text = shorter


def assert_translated(text: str) -> None:
    assert text.startswith("["), text
    assert not re.search(r"[A-Za-z]", escaped(text)), f"{text!r} leaves {escaped(text)!r}"
