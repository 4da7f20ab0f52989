"""What the tests of the engine's and the bots' words share: refusals of every kind, and the
pseudo-language (every message bracketed, docs/i18n.md) with a check that no word escaped it."""

from __future__ import annotations

import re

from tests.support.helpers import action, do, finish_layout, new, set_cubes, spend_state, to_bidding


def escaped(text: str) -> str:
    """What of ``text`` stands outside every bracket, but for data: names, numbers, places,
    tile ids ("" when no word escaped translation)."""
    outside = text
    while re.search(r"\[[^\[\]]*\]", outside):
        outside = re.sub(r"\[[^\[\]]*\]", "", outside)
    return re.sub(r"\b(Ann|Bob|Cy|s\d-\d\d)\b|[\d(),.:;+'~\- ]", "", outside)


def _spend_bob(**cubes):
    state = do(spend_state(3), "pass")
    return set_cubes(state, 1, **cubes)


#: Refused actions: (situation, action, the start of the message in English).
CASES = [
    (lambda: _spend_bob(wood=2), action("convert_cottage", 1, number=1), "Bob has no stone"),
    (lambda: _spend_bob(stone=1), action("convert_cottage", 1, number=1), "Bob has no wood"),
    (lambda: _spend_bob(), action("pass", 0), "It is not Ann's turn: waiting for Bob."),
    (lambda: _spend_bob(wood=1), action("buy_craft", 1, craft="iron"), "Bob needs 2 cubes"),
    (lambda: _spend_bob(wood=1), action("trade", 1, take="stone"), "Bob needs 2 cubes"),
    (lambda: _spend_bob(), action("procure_law", 1, space=0), "Bob needs a cube"),
    (
        lambda: _spend_bob(wine=1),
        action("remove_fence", 1, corner=(0, 0), field=(0, 0)),
        "Bob needs 2 wine",
    ),
    (
        lambda: _spend_bob(),
        action("build_fence", 1, corner=(0, 0), field=(0, 0)),
        "Bob has no wood",
    ),
    (
        lambda: _spend_bob(),
        action("bid", 1, amount=1),
        "Bob must take one phase 3 action now, not bid.",
    ),
    (lambda: _spend_bob(), action("pass", 9), "There is no seat 9 in this game."),
    (
        lambda: new(3),
        action("place_cottage", 0, corner=(1, 0), number=1),
        "Ann must lay the next field tile",
    ),
    (lambda: new(3), action("place_field", 2, pos=(2, 0)), "It is not Cy's turn: waiting for Ann."),
    (
        lambda: finish_layout(new(3)),
        action("choose_work_order", 0, number=0),
        "Cottage numbers run from 1 to 5",
    ),
    (
        lambda: set_cubes(to_bidding(spend_state(3)), 2),
        action("bid", 2, amount=1),
        "Cy holds only 0 cubes",
    ),
]
