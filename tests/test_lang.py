"""The language a player reads: chosen from the environment as other programs do, messages
looked up in the catalogues, and a pseudo-language that shows what escaped translation."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from keythedral import lang

ROOT = Path(__file__).resolve().parent.parent


def _tools() -> object:
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogues"] = module
    spec.loader.exec_module(module)
    return module


catalogues = _tools()


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    lang.use("en")


@pytest.mark.parametrize(
    "env,code",
    [
        ({}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "nl_BE.UTF-8", "LC_ALL": "fr_CA"}, "fr"),  # LC_ALL before LANG
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "nl_NL"}, "nl"),
        ({"LANGUAGE": "de:nl:fr", "LANG": "fr_FR.UTF-8"}, "nl"),  # the first of ours listed
        ({"LANGUAGE": "nl", "LANG": "C"}, "en"),  # gettext ignores LANGUAGE under C
        ({"LANGUAGE": "nl", "LC_ALL": "POSIX"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),  # none of ours
        ({"LANG": "fr_BE.ISO-8859-1@euro"}, "fr"),
    ],
)
def test_the_language_comes_from_the_environment_as_gettext_reads_it(env, code) -> None:
    assert lang.from_environment(env) == code


def test_the_pseudo_language_brackets_lengthens_and_keeps_placeholders() -> None:
    text = "{player} pays {n} cubes"
    shown = lang.pseudo(text)
    assert shown.startswith("[{player} pays {n} cubes") and shown.endswith("]")
    assert len(shown) - 2 >= len(text) * 1.4 - len("{player}{n}")
    assert shown.format(player="Ann", n=2).startswith("[Ann pays 2 cubes")
    assert lang.pseudo("one\ntwo") == lang.pseudo("one") + "\n" + lang.pseudo("two")
    assert lang.pseudo("") == ""
    lang.use(lang.PSEUDO)
    assert lang._("Pass") == lang.pseudo("Pass")
    assert lang.ngettext("{n} cube", "{n} cubes", 2) == lang.pseudo("{n} cubes")
    assert lang.current() == lang.PSEUDO


def _catalogue(tmp_path: Path, code: str, messages: dict[object, object]) -> Path:
    catalog = Catalog(locale=code, **catalogues.HEADER)  # type: ignore[attr-defined]
    for msgid, msgstr in messages.items():
        catalog.add(msgid, msgstr)
    target = tmp_path / code / "LC_MESSAGES" / "keythedral.mo"
    target.parent.mkdir(parents=True)
    target.write_bytes(catalogues.compiled(catalog))  # type: ignore[attr-defined]
    return tmp_path


def test_a_catalogue_translates_messages_and_plurals_by_the_languages_rule(tmp_path) -> None:
    where = _catalogue(
        tmp_path,
        "fr",
        {"Pass": "Passer", ("{n} cube", "{n} cubes"): ("{n} cube", "{n} cubes", "{n} cubes")},
    )
    lang.use("fr", where)
    assert lang.current() == "fr"
    assert lang._("Pass") == "Passer"
    assert lang._("Not in the catalogue") == "Not in the catalogue"
    # French counts 0 as one (English says "0 cubes")
    assert lang.ngettext("{n} cube", "{n} cubes", 0) == "{n} cube"
    assert lang.ngettext("{n} cube", "{n} cubes", 2) == "{n} cubes"
    lang.use("en")
    assert lang._("Pass") == "Pass"
    assert lang.ngettext("{n} cube", "{n} cubes", 0) == "{n} cubes"


def test_an_unknown_language_is_refused_with_the_ones_there_are() -> None:
    with pytest.raises(ValueError, match="en, fr, nl"):
        lang.use("de")


def test_the_check_finds_a_missing_translation_and_a_changed_placeholder() -> None:
    catalog = Catalog(locale="nl", **catalogues.HEADER)  # type: ignore[attr-defined]
    catalog.add("{player} passes", "{speler} past")
    catalog.add("Pass", "")
    found = catalogues.problems(catalog)  # type: ignore[attr-defined]
    assert any("'Pass' is not translated" in p for p in found)
    assert any("placeholders ['speler'] instead of ['player']" in p for p in found)


def test_a_plurals_first_form_may_say_the_number_in_words_but_no_form_adds_a_placeholder():
    catalog = Catalog(locale="nl", **catalogues.HEADER)  # type: ignore[attr-defined]
    catalog.add(("the last one", "the last {n}"), ("de laatste", "de laatste {n}"))
    catalog.add(("{n} cube", "{n} cubes"), ("{n} blokje", "blokjes"))
    catalog.add(("{n} tile", "{n} tiles"), ("{n} tegel {tile}", "{n} tegels"))
    found = catalogues.problems(catalog)  # type: ignore[attr-defined]
    assert not any("the last one" in p for p in found)
    assert any("'{n} cube': placeholders [] instead of ['n']" in p for p in found)
    assert any("'{n} tile': placeholders ['n', 'tile']" in p for p in found)


def test_the_catalogues_hold_every_message_and_are_compiled_from_their_po() -> None:
    assert catalogues.check(translated=False) == []  # type: ignore[attr-defined]


def test_every_message_is_translated_with_the_english_placeholders() -> None:
    """French and Dutch are complete: a new message needs its translations before it lands."""
    assert catalogues.check() == []  # type: ignore[attr-defined]
