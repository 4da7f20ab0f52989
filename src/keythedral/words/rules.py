"""The rules as this game plays them, in the player's language, for the terminal and the app.

The rules are ``docs/rules_<code>.md`` for each language (``rules_en.md``, ``rules_fr.md``,
``rules_nl.md``), read for the language in use (:func:`keythedral.lang.current`), English for
any other (the tests' pseudo-language).  The Markdown ships inside the installed package
(``keythedral/data/rules_<code>.md``, put there by the wheel build); in a source checkout it is
read from ``docs/`` directly.

The files have the same heading tree (tests/test_rules_doc.py holds them to it), so a section is
looked up by its English title whatever the language (``section("Phase 3: spending")``): the
title's place in the English tree is the same heading's place in the other.  Callers keep the
English titles as ids; :func:`title` gives the heading shown for one.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path

from keythedral import lang
from keythedral.safetext import printable

DOCS = Path(__file__).resolve().parents[3] / "docs"
SOURCE = DOCS / "rules_en.md"
#: A ``##`` or ``###`` heading: a section.
_HEADING = re.compile(r"^(#{2,3}) (.+?)\s*$", flags=re.M)


def rules_code(code: str | None = None) -> str:
    """The language whose rules are shown for ``code`` (the one in use by default): its own
    when there are rules in it, else English."""
    code = lang.current() if code is None else code
    return code if code in lang.LANGUAGES else "en"


def rules_markdown(code: str | None = None) -> str:
    """The full rules text (Markdown) in language ``code`` (the one in use by default)."""
    return _read(rules_code(code))


@cache  # one text per language, read once: the files do not change while the game runs
def _read(code: str) -> str:
    name = f"rules_{code}.md"
    packaged = resources.files("keythedral.data").joinpath(name)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source = DOCS / name
    if source.is_file() or code == "en":
        return source.read_text(encoding="utf-8")
    return _read("en")  # rules not (yet) written in this language


def _tree(text: str) -> list[tuple[int, str, int]]:
    """Every section of ``text``: (level, title, where its heading starts)."""
    return [(len(m.group(1)), m.group(2).strip(), m.start()) for m in _HEADING.finditer(text)]


@cache
def _shown_text(code: str) -> tuple[str, list[tuple[int, str, int]], dict[str, int]]:
    """The text shown for ``code``, its sections, and each English title's place among them
    (the English text's own when the two trees differ, as a half-written translation may)."""
    english = _tree(_read("en"))
    text = _read(code)
    tree = _tree(text)
    if [level for level, _t, _s in tree] != [level for level, _t, _s in english]:
        text, tree = _read("en"), english
    places: dict[str, int] = {}
    for i, (_level, heading, _start) in enumerate(english):
        places.setdefault(heading, i)
    return text, tree, places


def sections(code: str | None = None) -> list[tuple[int, str]]:
    """The table of contents, as shown: (level, title) of every ``##``/``###`` heading."""
    _text, tree, _places = _shown_text(rules_code(code))
    return [(level, heading) for level, heading, _start in tree]


def headings(code: str | None = None) -> list[tuple[int, str, str]]:
    """The table of contents with the ids of its sections: (level, English title, title shown)."""
    english = _tree(_read("en"))
    shown = sections(code)
    return [(level, en, title) for (level, en, _s), (_l, title) in zip(english, shown, strict=True)]


def title(english: str, code: str | None = None) -> str:
    """The heading shown for the section with the English title ``english`` (itself when the
    rules have no such section)."""
    _text, tree, places = _shown_text(rules_code(code))
    place = places.get(english)
    return tree[place][1] if place is not None else english


def section(title: str, code: str | None = None) -> str:
    """The Markdown of one section, by its English title (or its title as shown): its heading
    down to the next heading of the same level or above, in the language shown."""
    text, tree, places = _shown_text(rules_code(code))
    place = places.get(title)
    if place is None:  # a title as shown, perhaps
        place = next((i for i, (_l, heading, _s) in enumerate(tree) if heading == title), None)
    if place is None:
        raise KeyError(title)
    level, _heading, start = tree[place]
    end = next((s for lv, _h, s in tree[place + 1 :] if lv <= level), len(text))
    return text[start:end].strip()


def law_section(card_id: str) -> str:
    """The rules section of one law card, by its catalogue id."""
    from keythedral.engine.catalogue import laws  # engine: loaded on use only

    card = laws()[card_id]
    return section(f"{card.number}. {card.name}")


def print_rules(pager: bool = False) -> None:
    """Print the rules with rich (through the terminal's pager if asked), in the language in
    use."""
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console()
    md = Markdown(printable(rules_markdown()))
    if pager:
        with console.pager(styles=True):
            console.print(md)
    else:
        console.print(md)
