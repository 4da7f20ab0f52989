"""The message catalogues: extract, update, compile and check them (with Babel).

    python tools/catalogues.py            # extract the messages, update each .po, compile the .mo
    python tools/catalogues.py --check    # only check: every message translated, the same
                                          # placeholders, and each .mo compiled from its .po
    python tools/catalogues.py --untranslated-ok   # update, and check all but the translations

The catalogues live in ``src/keythedral/locale/<code>/LC_MESSAGES/keythedral.po`` (edited by
hand, against docs/glossary.md) with the compiled ``.mo`` beside them; the template
``src/keythedral/locale/keythedral.pot`` is what the code asks for.  Babel is a test
dependency: the game reads the ``.mo`` with the standard library's gettext.
"""

from __future__ import annotations

import argparse
import io
import string
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "keythedral"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "keythedral.pot"
LANGUAGES = ("fr", "nl")
#: The functions of keythedral.lang, as Babel's extractor reads them.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
#: The catalogues' header dates, fixed: a run that finds no new message changes no file.
FIXED_DATE = datetime(2026, 11, 27, tzinfo=UTC)
HEADER = {
    "project": "keythedral",
    "copyright_holder": "the Keythedral project",
    "msgid_bugs_address": "the project's issues",
    "last_translator": "the Keythedral project",
    "language_team": "the Keythedral project",
    "charset": "utf-8",
    "creation_date": FIXED_DATE,
    "revision_date": FIXED_DATE,
    "fuzzy": False,  # a fuzzy header is left out of the .mo, and its plural forms with it
}


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "keythedral.po"


#: What of the law cards' data a player reads (data/law_cards.yaml): messages too.
LAW_WORDS = {
    "name": "the name of law card {number}",
    "when": "when law card {number} may be played",
    "text": "the text of law card {number}",
}


def extract_law_cards(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method for data/law_cards.yaml: each card's name, timing in words
    and text, with a comment saying which (the engine looks them up when shown)."""
    import yaml

    for card in yaml.safe_load(fileobj)["cards"]:
        for key, comment in LAW_WORDS.items():
            yield 0, "_", card[key], [comment.format(number=card["number"])]


def template() -> Catalog:
    """Every message the code asks for, from its source (and the law cards' words)."""
    catalog = Catalog(**HEADER)
    found = extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python"), ("**/law_cards.yaml", extract_law_cards)],
        keywords=KEYWORDS,
        comment_tags=("I18N:",),
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(
            message,
            locations=[(f"keythedral/{filename}", lineno)],
            auto_comments=comments,
            context=context,
        )
    return catalog


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def compiled(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def fields(text: str) -> list[str]:
    """The named placeholders of a message, sorted (``{player}``, ``{n:>2}`` -> ``n``)."""
    names = []
    for _literal, name, _spec, _conv in string.Formatter().parse(text):
        if name is not None:
            names.append(name)
    return sorted(names)


def problems(catalog: Catalog) -> list[str]:
    """What keeps a catalogue from being complete: untranslated or fuzzy messages, and
    translations whose placeholders differ from the English.  A plural's forms may leave out
    ``{n}`` where the language says the number in words ("the last one"), never add one the
    English does not give; the other forms hold the English plural's placeholders exactly."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strs = message.string if isinstance(message.string, tuple) else (message.string,)
        where = f"{catalog.locale}: {ids[0]!r}"
        if message.fuzzy or not all(strs):
            found.append(f"{where} is not translated")
            continue
        try:
            wanted = fields(ids[-1])
            given = set(wanted) | set(fields(ids[0]))
            for i, text in enumerate(strs):
                got = fields(text)
                plural_may_drop = len(strs) > 1 and i == 0 and set(got) <= given
                if got != wanted and not plural_may_drop:
                    found.append(f"{where}: placeholders {got} instead of {wanted}")
        except ValueError as exc:
            found.append(f"{where}: {exc}")
    return found


def update() -> None:
    tmpl = template()
    LOCALE.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as f:
        write_po(f, tmpl, width=100, omit_header=False, sort_output=True)
    for code in LANGUAGES:
        path = po_path(code)
        if path.exists():
            catalog = read(path, code)
            catalog.update(tmpl, no_fuzzy_matching=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=code, **HEADER)
            catalog.update(tmpl, no_fuzzy_matching=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=100, ignore_obsolete=True, sort_output=True)
        path.with_suffix(".mo").write_bytes(compiled(read(path, code)))


def check(translated: bool = True) -> list[str]:
    """What is wrong with the catalogues: a message of the code missing from one, a ``.mo`` not
    compiled from its ``.po``, and (``translated``) a message without its translation or with
    other placeholders than the English."""
    found = []
    tmpl = template()
    for code in LANGUAGES:
        path = po_path(code)
        catalog = read(path, code)
        missing = [
            m.id for m in tmpl if m.id and catalog.get(m.id, context=m.context) is None
        ]  # a message with a context (pgettext) is looked up with it
        found += [
            f"{code}: {m!r} is not in the catalogue (run tools/catalogues.py)" for m in missing
        ]
        if translated:
            found += problems(catalog)
        if path.with_suffix(".mo").read_bytes() != compiled(catalog):
            found.append(f"{code}: the .mo is not compiled from the .po (run tools/catalogues.py)")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument(
        "--untranslated-ok", action="store_true", help="check only that the catalogues are in step"
    )
    args = parser.parse_args()
    if not args.check:
        update()
    found = check(translated=not args.untranslated_ok)
    print("\n".join(found) or "the catalogues are complete")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
