"""describe() and the other words of the screen, checked without Textual."""

from __future__ import annotations

from typing import Any

import pytest

from keythedral import engine
from keythedral.tui.widgets.decision import hotkeys
from keythedral.vocab import COLOURS
from keythedral.words.text import describe, seat_tokens, seat_value, short_price
from tests.support.tui_helpers import config, play_until
from tests.words.games import every_kind_in_a_game as _every_kind_in_a_game


def test_colour_order_matches_the_engine() -> None:
    state = engine.new_game(config())
    store = engine.summary(state)["store"]
    assert list(store) == list(COLOURS)
    assert tuple(store.values()) == tuple(engine.view(state, None).store)


def test_seat_tokens_are_distinct_letters() -> None:
    assert seat_tokens(["Ann", "Bob", "Cy"]) == ("A", "B", "C")
    tokens = seat_tokens(["Ann", "Anna", "Al", "x1", "Ann2"])
    assert len(set(tokens)) == 5
    assert all(t.isalpha() and t.isupper() for t in tokens)


def test_seat_values_follow_stage_and_edition() -> None:
    assert seat_value("s3-07", "classic") == 3
    assert seat_value("s5-01", "second") == 12


def test_describe_every_action_kind_readably() -> None:
    seen: dict[str, tuple[object, object]] = {}
    for seed in range(4):
        seen.update(_every_kind_in_a_game(seed))
    core = {
        "place_field", "place_cottage", "choose_work_order", "place_worker", "buy_building",
        "convert_cottage", "build_fence", "buy_craft", "trade", "procure_law", "pass",
        "bid", "pass_bid", "choose_start_player", "pay", "decline", "play_law",
    }  # fmt: skip
    assert core <= set(seen)
    for kind, (action, view) in seen.items():
        text = describe(action, view)  # type: ignore[arg-type]
        assert text and "_" not in text, (kind, text)
        assert "None" not in text, (kind, text)
        assert len(text) < 90, (kind, text)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"kind": "pay", "seat": 0, "cube": "gold"}, "pay 1 gold"),
        ({"kind": "bid", "seat": 1, "amount": 3}, "bid 3 cubes"),
        ({"kind": "choose_start_player", "seat": 0, "target": 1}, "make Bob the start player"),
        ({"kind": "trade", "seat": 0, "take": "wine"}, "trade any 2 cubes for 1 wine"),
        ({"kind": "play_law", "seat": 0, "card": "good-harvest", "field_type": "farm"},
         "play the law Good harvest: farm"),
        ({"kind": "play_law", "seat": 0, "card": "downgrade-house", "target": 1, "number": 2},
         "play the law Downgrade house: Bob's cottage 2"),
    ],
)  # fmt: skip
def test_describe_examples(raw: dict[str, object], expected: str) -> None:
    view = engine.view(engine.new_game(config()), 0)
    assert describe(engine.parse_action(raw), view).startswith(expected)


def test_describe_falls_back_on_unknown_kinds() -> None:
    from pydantic import BaseModel

    class Ring(BaseModel):
        kind: str = "ring_the_bell"
        seat: int = 0
        times: int = 3
        target: int = 1
        where: tuple[int, int] = (2, -1)

    view = engine.view(engine.new_game(config()), 0)
    assert describe(Ring(), view) == "ring the bell: times 3, target Bob, where (2,-1)"


def test_hotkeys_natural_when_complete_else_by_position() -> None:
    assert hotkeys(["1", "3", "5"]) == ["1", "3", "5"]
    assert hotkeys(["3", "4", "", "p"]) == ["3", "4", "", "p"]
    assert hotkeys(["1", None, "2"]) == ["1", "2", "3"]
    assert hotkeys(["1", "1"]) == ["1", "2"]
    assert hotkeys([None] * 12)[-3:] == ["0", "", ""]
    assert hotkeys([None, "p", None]) == ["1", "p", "2"]  # pass keeps p in a numbered list


def test_policy_finishes_games() -> None:
    state, actions = play_until(engine.new_game(config(5)), lambda s: False, 5)
    assert not state.to_act and len(actions) < 1000


def test_the_worth_of_a_hand_says_what_it_is_for() -> None:
    from keythedral.words.text import worth_text

    hand = (1, 0, 0, 0, 0, 1, 0, 1)  # a wood, an iron, a gold: 1 + 2 + 4
    assert worth_text(hand, "classic") == "worth 7, breaks ties"
    assert worth_text(hand, "second") == "worth 7 points at the end"
    assert worth_text((1, 0, 0, 0, 0, 0, 0, 0), "second") == "worth 1 point at the end"


def test_the_shared_windows_question_says_what_it_waits_on() -> None:
    """At a phase's start nothing was played: nobody is asked to "answer" (issue 27)."""
    from keythedral.engine.state import Window
    from keythedral.words.text import window_prompt, window_seat_line

    view = engine.view(engine.new_game(engine.GameConfig(players=["A", "B", "C"], seed=1)), None)

    def at(**window: Any) -> str:
        w = Window(**{"phase": "", "purchase": None, "law": None, "seats": (1,), **window})
        shown = view.model_copy(update={"windows": (w,)})
        line = window_seat_line(shown, 1)
        assert line == ("B plays a law card" if window["kind"] == "phase_start" else "B answers")
        return window_prompt(shown)

    assert at(kind="phase_start", phase="spend") == "Anyone to play a law card?"
    buy = engine.BuyBuilding(seat=0, tile="s1-01")
    assert at(kind="purchase", purchase=buy) == "Anyone to answer the purchase?"
    law = engine.PlayLaw(seat=0, card="bargain")
    assert at(kind="law_played", law=law) == "Anyone to answer that law?"


def test_law_words_come_from_the_engines_catalogue() -> None:
    """law_cards.yaml is read once, by the engine's catalogue: the screens' words for a card
    are its (issue 29: it was parsed a second time, as loose dicts, for the screens)."""
    from keythedral.engine.catalogue import laws
    from keythedral.words.text import law_name, law_text, law_when

    for card, known in laws().items():
        assert (law_name(card), law_text(card), law_when(card)) == (
            known.name,
            known.text,
            known.when,
        )
    assert (law_name("no-such-card"), law_text("no-such-card"), law_when("no-such-card")) == (
        "No such card",
        "",
        "",
    )


def test_short_price_counts_each_colour_and_says_free_when_nothing() -> None:
    """One price for the mats and the sale line: a count before a colour paid more than once,
    colours in the order of the cubes, "free" when nothing is paid."""
    assert short_price((0, 2, 1, 0, 0, 0)) == f"2×{COLOURS[1]} {COLOURS[2]}"
    assert short_price((1, 0, 0, 0, 0, 0)) == COLOURS[0]
    assert short_price((0, 0, 0, 0, 0, 0)) == "free"
