"""Every word the narration and the game's terms show is looked up when shown: under the
pseudo-language each sentence, and every part of it, comes out bracketed (docs/i18n.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from keythedral import lang, lexicon
from keythedral.engine.catalogue import laws
from keythedral.vocab import (
    COLOURS,
    CRAFTS,
    DECISIONS,
    FIELD_TYPES,
    HOUSE_PRICE,
    PHASES,
    SMITHS,
    asks,
)
from keythedral.words import narration, terms, text
from tests.words.games import every_kind_in_a_game as _every_kind_in_a_game
from tests.words.narration_cases import EFFECTS, NAMES, PLAYS, SECOND, THIRD
from tests.words.pseudo import assert_translated


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
    assert set(terms.COLOUR_NAMES) == set(COLOURS) <= set(lexicon.COUNTS)
    assert set(terms.CRAFT_WITH_ARTICLE) == set(CRAFTS)
    for table in (terms.FIELD_NAMES, terms.FIELD_A, terms.FIELD_THE, terms.FIELDS_THE):
        assert set(table) == set(FIELD_TYPES)
    # the marked copies of vocab's phases and decisions say the same in English
    assert {p: terms.phase(p) for p in PHASES} == PHASES
    assert {d: terms.asks(d) for d in DECISIONS} == {d: asks(d) for d in DECISIONS}
    assert [terms.smith(c) for c in CRAFTS] == [f"the {SMITHS[c]}" for c in CRAFTS]
    assert terms.house_price() == HOUSE_PRICE
    assert [terms.the_fields(f) for f in FIELD_TYPES] == [
        f"the {narration.FIELD_PLURALS[f]}" for f in FIELD_TYPES
    ]


def test_the_words_of_the_screen_are_looked_up(pseudo: None) -> None:
    """describe() and the other words of the screen (keythedral.words.text)."""
    seen: dict[str, tuple[Any, Any]] = {}
    for seed in range(2):
        seen.update(_every_kind_in_a_game(seed))
    from keythedral.engine.state import Window

    plain = next(v for _a, v in seen.values() if not v.windows)
    law = seen["play_law"][0]
    windows = {
        "none": plain,
        "law_played": plain.model_copy(
            update={"windows": (Window(kind="law_played", seats=(1,), law=law),)}
        ),
        "phase_start": plain.model_copy(
            update={"windows": (Window(kind="phase_start", seats=(1,), phase="spend"),)}
        ),
        **{v.windows[-1].kind: v for _a, v in seen.values() if v.windows},
    }
    assert {"place_field", "place_worker", "buy_craft", "bid", "pay", "play_law"} <= set(seen)
    for action, view in seen.values():
        assert_translated(text.describe(action, view))
        assert_translated(text.paid_text(action, view, (1, 0, 2, 0, 0, 0, 0, 0)))
        assert_translated(text.decision_prompt(view, [action.seat]))
        assert_translated(text.decision_prompt(view, [0, 1, 2]))
        for field in view.fields[:6]:
            assert_translated(
                text.cell_text(view, ("field", tuple(field.pos)), dict(enumerate(NAMES)))
            )
        for cottage in view.cottages[:6]:
            assert_translated(
                text.cell_text(view, ("corner", tuple(cottage.corner)), dict(enumerate(NAMES)))
            )
        for fence in view.fences[:3]:
            assert_translated(
                text.cell_text(view, ("corner", tuple(fence.corner)), dict(enumerate(NAMES)))
            )
        assert_translated(text.call_next_text(view, 3, 1, action.seat))
        assert_translated(text.touches(view, (0, 0)))
        assert_translated(text.touches(view, (50, 50)))
    assert "purchase" in windows, windows.keys()
    for view in windows.values():
        assert_translated(text.window_question(view, [0, 1]))
        assert_translated(text.window_question(view, [2]))
        assert_translated(text.window_prompt(view))
        assert_translated(text.window_seat_line(view, 1))
        if view.windows:
            assert_translated(text.window_hint(view))
    for edition in ("classic", "second"):
        assert_translated(text.worth_text((1, 0, 0, 0, 0, 0, 0, 0), edition))
        assert_translated(text.seats_text([], edition))
        assert_translated(text.seats_text(["s3-01"], edition))
    assert_translated(text.short_price((2, 1, 0, 0, 0, 0, 0, 0)))
    assert_translated(text.short_price((0,) * 8))
    assert_translated(text.cubes_text((0,) * 8))


def test_the_decisions_are_asked_as_the_vocabulary_asks_them() -> None:
    from keythedral.vocab import DECISIONS, asks

    assert set(text.ASKS) == set(DECISIONS)
    assert all(text.asks_words(d) == asks(d) for d in DECISIONS)


def test_the_walkthrough_is_looked_up(pseudo: None) -> None:
    """The walkthrough's heading, phase, what to do now, every option and its reason, and the
    notes (keythedral.words.walkthrough); a law card's "when" is the catalogue's text (data)."""
    from keythedral.words.walkthrough import walkthrough

    seen: dict[str, tuple[Any, Any]] = {}
    for seed in range(2):
        seen.update(_every_kind_in_a_game(seed))
    for action, view in seen.values():
        for w in (walkthrough(view, [action]), walkthrough(view, [])):
            for said in (w.heading, w.phase, w.now, *w.notes):
                assert_translated(said)
            for option in w.options:
                assert_translated(option.label)
                if option.detail:
                    assert_translated(option.detail)
                    assert_translated(option.line()[2:])
            for option in w.laws:
                assert_translated(option.label)
                if option.available:
                    assert_translated(option.detail)


@pytest.fixture
def french() -> Iterator[None]:
    lang.use("fr")
    try:
        yield
    finally:
        lang.use("en")


def test_french_elides_de_before_a_vowel_in_an_owner(french: None) -> None:
    """An owner is a phrase of its own (terms.whose), picked by the name's first letter."""
    assert [terms.whose(n) for n in ("Otto", "Bob", "Hilda", "Émile")] == [
        "d'Otto",
        "de Bob",
        "d'Hilda",
        "d'Émile",
    ]
    assert text.home_words("Otto", 3, False) == "le cottage 3 d'Otto"
    assert text.home_words("Bob", 2, True) == "la maison 2 de Bob"


def test_the_english_of_an_owner_is_unchanged() -> None:
    assert [terms.whose(n) for n in ("Otto", "Bob")] == ["Otto's", "Bob's"]
    assert text.home_words("Otto", 3, False) == "Otto's cottage 3"
    assert terms.of_colour("water") == "water"
    assert terms.every_field("farm") == "every farm"
    assert terms.no_field("lake") == "no lake"


def test_french_colours_and_fields_agree(french: None) -> None:
    assert [terms.of_colour(c) for c in ("water", "wine", "gold")] == ["d'eau", "de vin", "d'or"]
    assert [terms.no_field(t) for t in ("lake", "farm")] == ["aucun lac", "aucune ferme"]
