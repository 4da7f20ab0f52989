"""keythedral.lexicon: what a player name may be and what is wrong with data the game reads,
said in the reader's language (never the validator's English), wherever they are told."""

from __future__ import annotations

import json

import pytest

from keythedral import engine, lang
from keythedral.lexicon import MAX_NAME, data_problem, name_problem
from keythedral.net import protocol
from tests.support.helpers import new


def test_a_name_problem_is_said_in_the_readers_language() -> None:
    assert name_problem("Ann") is None
    assert name_problem("") == "every player needs a name"
    assert name_problem("x" * (MAX_NAME + 1)) == (
        f"the name {'x' * MAX_NAME!r}… is too long (at most {MAX_NAME} characters)"
    )
    lang.use("fr")
    assert name_problem("") == "chaque joueur doit avoir un nom"
    problem = name_problem("A\x1bB")
    assert problem is not None and problem.startswith("le nom 'A\\x1bB' contient")
    lang.use("nl")
    with pytest.raises(engine.ConfigError) as caught:
        engine.GameConfig(players=("Ann", ""))
    assert "elke speler heeft een naam nodig" in str(caught.value)


def test_the_validators_english_never_reaches_a_player() -> None:
    """A malformed action refused by the engine, the network or a game's settings says what
    is wrong in the reader's language, without pydantic's own sentence."""
    state = new(3)
    lang.use("fr")
    with pytest.raises(engine.IllegalAction) as caught:
        engine.apply(state, {"kind": "place_field", "seat": "zero", "pos": [0, 0]})
    refused = str(caught.value)
    assert refused.startswith("Ce n'est pas une action que le jeu connaît")
    assert "seat" in refused and "une valeur du mauvais type" in refused
    with pytest.raises(protocol.ProtocolError) as caught_net:
        protocol.parse_client(json.dumps({"v": 1, "type": "act", "action": {"kind": "dance"}}))
    assert "un type d'action que le jeu ne connaît pas" in str(caught_net.value)
    with pytest.raises(engine.ConfigError) as caught_config:
        engine.GameConfig(players=("Ann", "Bob"), edition="third")
    said = [str(caught.value), str(caught_net.value), str(caught_config.value)]
    assert "aucune des valeurs permises" in said[2]
    assert not [s for s in said if "Input should" in s or "Field required" in s]


@pytest.mark.parametrize(
    "error,said",
    [
        ({"type": "missing", "loc": ("seat",)}, ("seat", "missing")),
        ({"type": "int_type", "loc": ("pos", 0)}, ("pos.0", "a value of the wrong kind")),
        ({"type": "union_tag_invalid", "loc": ()}, ("-", "not a kind of action the game knows")),
    ],
)
def test_a_validator_error_is_where_and_a_message(error, said) -> None:
    assert data_problem(error) == said
