"""The errors a player reads are said in the reader's language when shown, and cross the wire
language-free: under the pseudo-language every refusal comes out bracketed, its game words too
(a colour, a cost, a list of names, a law card, a tile), and ``IllegalAction.from_wire`` rebuilds
on the other side the same refusal, read in that side's language."""

from __future__ import annotations

import json
import pickle

import pytest

from keythedral import engine, lang
from keythedral.engine.catalogue import (
    card_name_words,
    card_said,
    card_text_words,
    card_when_words,
    tile_cost,
    tile_said,
    tile_words,
)
from keythedral.engine.errors import Cost, Count, IllegalAction, Joined, Phrase, Term
from keythedral.vocab import COLOURS
from tests.support.helpers import action, set_cubes, spend_state
from tests.support.translated import CASES, escaped

#: More refusals, each with a game word of another kind in it.
MORE = [
    # a cost, twice
    (
        lambda: set_cubes(spend_state(3), 0),
        lambda s: action("buy_building", 0, tile=s.mat[0][0]),
        "Ann cannot pay for",
    ),
    # a colour
    (
        lambda: set_cubes(spend_state(3), 0, wood=3),
        lambda s: action("buy_craft", 0, craft="gold"),
        "Ann needs 4 cubes of any colour to buy gold.",
    ),
    # a house's price, glued no more
    (
        lambda: set_cubes(spend_state(3), 0),
        lambda s: action("convert_cottage", 0, number=1),
        "Ann has no stone and no wood to convert a cottage (it costs 1 stone + 1 wood).",
    ),
    # a law card the player does not hold
    (
        lambda: spend_state(3),
        lambda s: action("play_law", 0, card="sale", craft="iron"),
        "Ann does not hold the law Sale.",
    ),
]


def _refusal(make, bad) -> IllegalAction:
    state = make()
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, bad(state) if callable(bad) else bad)
    return caught.value


def _all_cases():
    return [(m, b, s) for m, b, s in CASES] + MORE


@pytest.mark.parametrize("make,bad,start", _all_cases())
def test_every_refusal_is_english_as_before_and_bracketed_in_pseudo(make, bad, start, pseudo):
    exc = _refusal(make, bad)
    lang.use("en")
    english = str(exc)
    assert english.startswith(start)
    lang.use(lang.PSEUDO)
    said = str(exc)  # the same exception, looked up again: in the language in use now
    assert said != english
    assert said.startswith("["), said
    assert escaped(said) == "", said


def test_game_words_in_a_refusal_are_looked_up_when_shown(pseudo):
    exc = _refusal(*MORE[0][:2])
    assert "[{n} " not in str(exc)  # the placeholders are filled
    lang.use("en")
    assert "it costs " in str(exc) and "[" not in str(exc)


def test_game_words_say_themselves_in_the_language_in_use(pseudo):
    words = [
        Term("colour", "wood"),
        Term("field", "woods"),
        Term("asks", "place_worker"),
        Term("action", "buy_building"),
        Count("cubes", 2),
        Cost((1, 2, 0, 0, 0, 0, 0, 0)),
        Joined("or", ["Ann", "Bob"]),
        card_said("poor-harvest"),
        tile_said("s1-01"),
    ]
    for word in words:
        assert str(word).startswith("["), word
    assert f"{Cost((1, 2, 0, 0, 0, 0, 0, 0))}".count("[") == 3  # each count, and the sum
    assert card_name_words("sale").startswith("[Sale")
    assert card_when_words("sale").startswith("[") and card_text_words("sale").startswith("[")
    lang.use("en")
    assert [str(w) for w in words] == [
        "wood",
        "woods",
        "place a worker",
        "buy building",
        "2 cubes",
        "1 wood + 2 stone",
        "Ann or Bob",
        "Poor harvest",
        tile_words("s1-01"),
    ]
    assert tile_words("s1-01").startswith("the stage 1 tile (")


def test_a_config_error_is_looked_up_when_shown(pseudo):
    with pytest.raises(engine.ConfigError) as caught:
        engine.GameConfig(players=["Ann"])
    assert str(caught.value).startswith("[invalid game configuration: ")
    assert "[Keythedral needs 2 to 5 players, not 1" in str(caught.value)
    lang.use("en")
    assert str(caught.value) == (
        "invalid game configuration: players: Keythedral needs 2 to 5 players, not 1"
    )


def test_a_plain_message_is_still_a_config_error():
    """A front end's own ConfigError ("The seed must be a whole number.") keeps working."""
    assert str(engine.ConfigError("The seed must be a whole number.")) == (
        "The seed must be a whole number."
    )


@pytest.mark.parametrize("make,bad,start", _all_cases())
def test_a_refusal_crosses_the_wire_language_free_and_is_read_in_the_receivers_language(
    make, bad, start
):
    exc = _refusal(make, bad)
    sent = json.dumps(exc.wire())  # plain JSON: no word of any language but the template's key
    assert json.loads(sent) == {"template": exc.template, "params": exc.params}
    back = IllegalAction.from_wire(json.loads(sent))
    assert str(back) == str(exc)
    lang.use(lang.PSEUDO)
    try:
        assert str(back) == str(exc) and str(back).startswith("[")
    finally:
        lang.use("en")
    assert str(pickle.loads(pickle.dumps(exc))) == str(exc)


@pytest.mark.parametrize(
    "data,said",
    [
        ({"template": "{a.__class__}", "params": {"a": "x"}}, "{a.__class__}"),
        ({"template": "{a[0]}", "params": {"a": "xy"}}, "{a[0]}"),
        ({"template": "{missing}", "params": {}}, "{missing}"),
        ({"template": "{a}", "params": {"a": {"cost": ["x"]}}}, "{'cost': ['x']}"),
        ({"template": "{a}", "params": {"a": {"weird": 1}}}, "{'weird': 1}"),
        ({"template": "{a}", "params": [1, 2]}, "{a}"),
        ("not a dict", "not a dict"),
        ({"template": "{a}", "params": {"a": {"term": "colour", "id": "gold"}}}, "gold"),
    ],
)
def test_what_comes_from_the_wire_is_never_trusted_further_than_words(data, said):
    assert str(IllegalAction.from_wire(data)) == said


def test_words_nested_too_deep_on_the_wire_are_cut():
    data: object = "x"
    for _ in range(20):
        data = {"phrase": "{a}", "params": {"a": data}}
    assert "…" in str(IllegalAction.from_wire({"template": "{a}", "params": {"a": data}}))


def test_a_phrase_keeps_its_parameters_as_wire_data():
    phrase = Phrase("{a} + {rest}", a=Count("stone", 1), rest=Count("wood", 1))
    assert phrase.params == {"a": {"count": "stone", "n": 1}, "rest": {"count": "wood", "n": 1}}
    assert str(phrase) == "1 stone + 1 wood"


def _moratorium_refusal() -> IllegalAction:
    from tests.support.laws import decline_all, give, play, round_start, until, window

    state = until(give(round_start(3), 1, "house-moratorium"), window("spend"))
    state = set_cubes(decline_all(play(state, 1, "house-moratorium")), 0, stone=1, wood=1)
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, engine.ConvertCottage(seat=0, number=1))
    return caught.value


def _price_law_refusals() -> list[IllegalAction]:
    """Buying with no colour where a Price increase or decrease lies under the tile, and with
    one where none does."""
    from keythedral.engine.state import replace

    state = set_cubes(spend_state(3), 0, wood=5, stone=5, food=5, water=5, wine=5)
    tile = state.mat[0][0]
    colour = next(c for c, n in zip(COLOURS, tile_cost(tile), strict=True) if n)
    tries = [
        (((tile, 1),), {}),
        (((tile, -1),), {}),
        ((), {"extra": colour}),
        ((), {"less": colour}),
    ]
    refusals = []
    for mods, choice in tries:
        with pytest.raises(IllegalAction) as caught:
            engine.apply(
                replace(state, price_mods=mods), engine.BuyBuilding(seat=0, tile=tile, **choice)
            )
        refusals.append(caught.value)
    return refusals


def test_a_law_card_a_refusal_names_is_its_card_words():
    """The law card a refusal names is a ``{card}`` of its own (the card's name in the
    reader's language, quoted as the language quotes it), never English in the sentence."""
    refusals = [_moratorium_refusal(), *_price_law_refusals()]
    english = [str(r) for r in refusals]
    assert english[0] == "Bob played House moratorium: nobody else may build a house this round."
    assert [e.split(" lies under")[0] for e in english[1:]] == [
        "A Price increase",
        "A Price decrease",
        "No Price increase",
        "No Price decrease",
    ]
    assert all("card" in r.params for r in refusals)
    lang.use("fr")
    french = [str(r) for r in refusals]
    lang.use("en")
    assert "« Moratoire sur les maisons »" in french[0]
    assert ["« Augmentation de prix »" in f for f in french[1:]] == [True, False, True, False]
    assert ["« Baisse de prix »" in f for f in french[1:]] == [False, True, False, True]
    lang.use("nl")
    dutch = [str(r) for r in refusals]
    assert "‘Huis moratorium’" in dutch[0] and "‘Prijsverhoging’" in dutch[1]
