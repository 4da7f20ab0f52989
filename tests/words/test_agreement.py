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
