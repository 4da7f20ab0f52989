"""Words that agree with a number: a verb with the number of players it is said of, and a
decimal number written as the reader's language writes it."""

from __future__ import annotations

import pytest

from keythedral import engine, lang
from keythedral.words.text import decision_prompt
from tests.support.helpers import new


@pytest.mark.parametrize(
    "code,one,several",
    [
        ("en", "Ann must lay the next field tile", "Ann or Bob must lay the next field tile"),
        ("nl", "Ann moet ", "Ann of Bob moeten "),
        ("fr", "Ann doit ", "Ann ou Bob doivent "),
    ],
)
def test_the_verb_agrees_with_the_number_of_players_asked(code: str, one: str, several: str):
    view = engine.view(new(3), 0)
    lang.use(code)
    assert decision_prompt(view, (0,)).startswith(one)
    assert decision_prompt(view, (0, 1)).startswith(several)


def test_each_language_writes_its_decimal_point_as_babel_says():
    from babel.numbers import get_decimal_symbol

    assert set(lang.DECIMAL_POINT) == set(lang.LANGUAGES)
    assert {c: get_decimal_symbol(c) for c in lang.LANGUAGES} == lang.DECIMAL_POINT


@pytest.mark.parametrize("code,said", [("en", "0.5"), ("fr", "0,5"), ("nl", "0,5")])
def test_a_decimal_number_in_a_message_is_written_as_its_language_writes_it(
    code: str, said: str, monkeypatch: pytest.MonkeyPatch
):
    from keythedral.bots import levels

    monkeypatch.setattr(levels, "HARD_TIME", 0.5)
    hard = levels.Level(
        levels.IsmctsBot,
        "the strongest: thinks up to {seconds} seconds a move; beats normal most games",
    )
    lang.use(code)
    assert f" {said} " in hard.described()
    assert lang.number(0.125, ".1%") == f"12{said[1]}5%"
