"""The language a player reads: which one, and the words in it (gettext).

Every sentence a player reads is written in English in the code and looked up here:
``_("...")`` for a message, ``ngettext(one, many, n)`` for one with a number, and
``pgettext(context, "...")`` where one English word has two meanings (``"a round"`` and ``"a
turn"`` are both *tour* in French).  ``N_("...")`` only marks a message for the catalogues,
where it is kept as data and looked up later.  Placeholders are named (``{player}``), never
positional: a translation may put them in another order.

The catalogues are ``keythedral/locale/<code>/LC_MESSAGES/keythedral.po`` (the translations,
edited by hand against docs/glossary.md) and their compiled ``.mo`` beside them, both committed,
so a fresh ``pip install -e .`` reads them with the standard library alone; Babel extracts and
compiles them (``python tools/catalogues.py``; a test holds the ``.mo`` to the ``.po``).

The language: ``--lang en|fr|nl``, or the new-game screen, or the command palette; otherwise the
environment, as other programs read it (``LANGUAGE``, then ``LC_ALL``, ``LC_MESSAGES``,
``LANG``); English when none names one of ours.  ``pseudo`` is a made-up language for tests:
every message bracketed and 40% longer, so a message shown without brackets escaped
translation, and a cut bracket is a line that does not fit.

``use(code)`` sets the language of the whole process; ``in_language(code, say)`` says some words
in another without switching it (a network refusal's English, written by the host while a
coach's thread writes a hint in the player's language).

This is a leaf: it imports nothing of ours.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

#: The languages of the game, as ``--lang`` names them, with their own names.
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "nl": "Nederlands"}
#: The made-up language of the tests (not offered to players).
PSEUDO = "pseudo"
DOMAIN = "keythedral"
LOCALE_DIR = Path(__file__).parent / "locale"


class Pseudo(_gettext.NullTranslations):
    """Every message bracketed and lengthened by 40%, its placeholders kept whole."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


#: A placeholder, kept whole by the pseudo-language: ``{name}``, ``{n:>2}``, ``%(name)s``.
_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]|%[sd]")


def pseudo(message: str) -> str:
    """``message`` as the pseudo-language shows it: ``[`` + the message + 40% more + ``]``.

    Line breaks stay where they are (each line is bracketed, so a cut line shows); an empty
    message stays empty."""
    if not message:
        return message
    return "\n".join(_pseudo_line(line) if line.strip() else line for line in message.split("\n"))


def _pseudo_line(line: str) -> str:
    bare = len(_PLACEHOLDER.sub("", line))
    return "[" + line + "~" * max(1, (bare * 2 + 4) // 5) + "]"


_current: _gettext.NullTranslations = _gettext.NullTranslations()
_code = "en"
#: The language of the words said by ``in_language`` here (this thread, this asyncio task),
#: over the process's own: None but while ``in_language`` runs.
_here: ContextVar[tuple[_gettext.NullTranslations, str] | None] = ContextVar(
    "keythedral_language_here", default=None
)


@cache
def translations(code: str, localedir: Path = LOCALE_DIR) -> _gettext.NullTranslations:
    """The messages of language ``code`` (one of LANGUAGES, or PSEUDO), read once;
    ``localedir``: where the catalogues are (the package's own, but in tests)."""
    if code == PSEUDO:
        return Pseudo()
    if code not in LANGUAGES:
        raise ValueError(f"no language {code!r}: choose one of {', '.join(LANGUAGES)}")
    return _gettext.translation(DOMAIN, localedir, [code], fallback=True)


def use(code: str, localedir: Path = LOCALE_DIR) -> None:
    """Read every message from now on in language ``code`` (one of LANGUAGES, or PSEUDO), in
    the whole process; ``localedir``: where the catalogues are (the package's own, but in
    tests)."""
    global _current, _code
    _current, _code = translations(code, localedir), code


def in_language(code: str, say: Callable[[], T]) -> T:
    """What ``say()`` says, its messages in language ``code``, whatever the process's language
    (words sent where a language-free text is wanted: a network refusal's English).  Only the
    words ``say`` makes in this thread (or asyncio task) change language, for the time of the
    call: the process's language stays, and another thread goes on writing in it."""
    token = _here.set((translations(code), code))
    try:
        return say()
    finally:
        _here.reset(token)


def _in_use() -> _gettext.NullTranslations:
    here = _here.get()
    return _current if here is None else here[0]


def current() -> str:
    """The code of the language in use (``in_language``'s, while it runs)."""
    here = _here.get()
    return _code if here is None else here[1]


#: How each language writes a decimal number's point ("0.5", "0,5"): all the game needs of a
#: locale's numbers, so it needs no Babel to run (a test holds these to Babel's).
DECIMAL_POINT: dict[str, str] = {"en": ".", "fr": ",", "nl": ","}


def number(value: float, spec: str = "g") -> str:
    """``value`` formatted by ``spec`` (``"g"``, ``".1f"``, ``".0%"``) as the language in use
    writes it: "0.5" in English, "0,5" in French and Dutch.  A message takes it as a
    placeholder of its own (``{seconds}``), never as ``{seconds:g}``."""
    return format(value, spec).replace(".", DECIMAL_POINT.get(current(), "."))


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it, among ours; else English.

    ``LANGUAGE`` (a list, ``nl:fr``) comes first unless the locale is ``C``/``POSIX``; then the
    first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set."""
    env = os.environ if environ is None else environ
    locale = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "")
    wanted = [] if _code_of(locale) in ("c", "posix") else env.get("LANGUAGE", "").split(":")
    wanted.append(locale)
    for name in wanted:
        code = _code_of(name)
        if code in LANGUAGES:
            return code
    return "en"


def _code_of(name: str) -> str:
    """``fr_BE.UTF-8@euro`` -> ``fr``."""
    return re.split(r"[_.@-]", name.strip(), maxsplit=1)[0].lower()


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _in_use().gettext(message)


def ngettext(one: str, many: str, n: int) -> str:
    """The form of a message for the number ``n``, in the language in use."""
    return _in_use().ngettext(one, many, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` gives it, in the language in use."""
    return _in_use().pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without looking it up (it is looked up later)."""
    return message


def upper_first(text: str) -> str:
    """``text`` with its first letter a capital, as a sentence starts ("you pay …" → "You pay
    …"); in the pseudo-language the letter after its messages' opening brackets ("[[You pay~]"),
    where every language has it."""
    at = len(text) - len(text.lstrip("[")) if current() == PSEUDO else 0
    return text[:at] + text[at : at + 1].upper() + text[at + 1 :]


def lower_first(text: str) -> str:
    """``text`` with its first letter in lower case, as a sentence goes on ("Call number 4"
    → "call number 4"), past the pseudo-language's opening brackets as :func:`upper_first`."""
    at = len(text) - len(text.lstrip("[")) if current() == PSEUDO else 0
    return text[:at] + text[at : at + 1].lower() + text[at + 1 :]
