"""Every word the narration and the game's terms show is looked up when shown: under the
pseudo-language each sentence, and every part of it, comes out bracketed (docs/i18n.md)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from keythedral import lang
from keythedral.engine.catalogue import laws
from keythedral.vocab import COLOURS, CRAFTS, FIELD_TYPES
from keythedral.words import narration, terms
from tests.words.test_narration import EFFECTS, NAMES, PLAYS, SECOND, THIRD

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


@contextmanager
def pseudo_language() -> Iterator[None]:
    """The pseudo-language while the block runs, English after."""
    lang.use(lang.PSEUDO)
    try:
        yield
    finally:
        lang.use("en")


@pytest.fixture
def pseudo() -> Iterator[None]:
    with pseudo_language():
        yield


@pytest.mark.parametrize(("event", "said"), THIRD + SECOND + EFFECTS)
def test_every_sentence_of_the_narration_is_looked_up(pseudo: None, event: Any, said: str) -> None:
    for you in (None, 0, 1, 2):
        assert_translated(narration.narrate(event, NAMES, you))


@pytest.mark.parametrize(("play", "words"), PLAYS)
def test_every_law_play_is_told_in_looked_up_words(pseudo: None, play: Any, words: str) -> None:
    for you in (None, play.seat):
        assert_translated(narration.law_words(play, narration.Teller(NAMES, you)))


def test_the_terms_are_looked_up_when_shown(pseudo: None) -> None:
    for colour in COLOURS:
        assert_translated(terms.colour(colour))
        assert_translated(terms.counted(colour, 1))
        assert_translated(terms.counted(colour, 2))
    for craft in CRAFTS:
        assert_translated(terms.craft_with_article(craft))
    for field in FIELD_TYPES:
        for said in (terms.field_name, terms.a_field, terms.the_field, terms.the_fields):
            assert_translated(said(field))
    for card in laws():
        assert_translated(terms.card(card))
    assert_translated(terms.cost((1, 2, 0, 0, 1, 0, 0, 0)))
    assert_translated(terms.cost((0,) * 8))
    assert_translated(terms.tile("s2-03"))
    assert_translated(terms.and_list(["[a]", "[b]", "[c]"]))
    assert_translated(terms.comma_list(["[a]", "[b]", "[c]"]))
    # back in English, the same words as before
    lang.use("en")
    assert terms.cost((1, 2, 0, 0, 1, 0, 0, 0)) == "1 wood + 2 stone + 1 wine"
    assert terms.and_list(["A", "B", "C"]) == "A, B and C"


def test_the_card_names_are_the_catalogues() -> None:
    """The marked names of the law cards are data/law_cards.yaml's names, every card's."""
    assert {card: terms.card(card) for card in laws()} == {c.id: c.name for c in laws().values()}
    assert set(terms.CARD_NAMES) == set(laws())


def test_the_terms_match_the_vocabulary() -> None:
    assert set(terms.COLOUR_NAMES) == set(terms.COUNTED) == set(COLOURS)
    assert set(terms.CRAFT_WITH_ARTICLE) == set(CRAFTS)
    for table in (terms.FIELD_NAMES, terms.FIELD_A, terms.FIELD_THE, terms.FIELDS_THE):
        assert set(table) == set(FIELD_TYPES)
    assert [terms.the_fields(f) for f in FIELD_TYPES] == [
        f"the {narration.FIELD_PLURALS[f]}" for f in FIELD_TYPES
    ]
