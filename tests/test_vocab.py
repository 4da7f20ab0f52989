"""The shared vocabulary: one place for colours, prices, yields, seat values, phases, decision
words and keys, importable without the engine (the app's first frame needs it)."""

from __future__ import annotations

import subprocess
import sys

from keythedral import vocab
from keythedral.engine import cubes
from keythedral.engine.decisions import KINDS


def test_the_vocabulary_loads_nothing_of_ours_and_no_pydantic() -> None:
    code = (
        "import sys, keythedral.vocab; "
        "bad = sorted(m for m in sys.modules if m.startswith(('pydantic', 'keythedral.engine',"
        " 'keythedral.tui', 'textual', 'rich', 'yaml'))); print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_engine_uses_the_vocabularys_own_objects() -> None:
    assert cubes.COLOURS is vocab.COLOURS and cubes.CRAFT_PRICE is vocab.CRAFT_PRICE
    assert cubes.FIELD_YIELD is vocab.FIELD_YIELD and cubes.VALUE is vocab.VALUE


def test_every_decision_has_words_and_a_title() -> None:
    assert set(vocab.DECISIONS) == set(KINDS)
    for decision in KINDS:
        assert vocab.asks(decision) and vocab.title(decision)
    assert vocab.asks("some_new_decision") == "some new decision"


def test_the_prices_said_in_words_are_the_prices_paid() -> None:
    def parts(text: str) -> set[str]:
        return set(text.split(" + "))

    assert parts(vocab.HOUSE_PRICE) == parts(vocab.cost_text(vocab.HOUSE_COST))
    assert vocab.FENCE_PRICE == "1 wood" and vocab.REMOVE_FENCE_PRICE == "2 wine"


def test_plural_is_said_once_for_every_layer() -> None:
    from keythedral.words import text, walkthrough

    assert walkthrough.plural is vocab.plural and text.plural is vocab.plural  # one definition
    assert [vocab.plural(n, "cube") for n in (0, 1, 2)] == ["0 cubes", "1 cube", "2 cubes"]
    assert vocab.plural(2, "pass") == "2 passes"  # the app's own said "2 passs"
    assert vocab.plural(3, "house") == "3 houses"
