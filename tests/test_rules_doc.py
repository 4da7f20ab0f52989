"""docs/rules_en.md covers every phase, action kind, law card and variant the engine knows."""

from __future__ import annotations

import re
from pathlib import Path

from keythedral.engine.actions import ACTION_KINDS
from keythedral.engine.catalogue import laws

DOC = (Path(__file__).resolve().parents[1] / "docs" / "rules_en.md").read_text(encoding="utf-8")
HEADINGS = set(re.findall(r"^#{2,3} (.+)$", DOC, flags=re.M))

#: Where each action kind is explained (a heading of rules_en.md).
ACTION_SECTIONS = {
    "place_field": "Laying fields and cottages",
    "place_cottage": "Laying fields and cottages",
    "choose_work_order": "Phase 1: placing workers",
    "place_worker": "Phase 1: placing workers",
    "buy_building": "Buy a building",
    "convert_cottage": "Convert a cottage into a house",
    "build_fence": "Build or remove a fence",
    "remove_fence": "Build or remove a fence",
    "buy_craft": "Buy from a craftsman",
    "trade": "Trade with the trader",
    "procure_law": "Procure a law",
    "pass": "Pass",
    "play_law": "Law cards",
    "decline": 'Reaction windows: "always" or "when_possible"',
    "relocate_cottage": "Relocating a fenced-off cottage",
    "bid": "Phase 5: choosing the start player",
    "pass_bid": "Phase 5: choosing the start player",
    "choose_start_player": "Phase 5: choosing the start player",
    "pay": "Phase 3: spending",
    "choose_cube": "15. Bargain",
}


def test_every_action_kind_has_a_section() -> None:
    assert set(ACTION_KINDS) == set(ACTION_SECTIONS)
    missing = {k: h for k, h in ACTION_SECTIONS.items() if h not in HEADINGS}
    assert not missing


def test_every_law_card_has_its_own_section() -> None:
    missing = [f"{c.number}. {c.name}" for c in laws().values()]
    missing = [h for h in missing if h not in HEADINGS]
    assert not missing


def test_every_phase_variant_and_the_rulings_are_covered() -> None:
    for heading in (
        "Phase 1: placing workers",
        "Phase 2: harvest",
        "Phase 3: spending",
        "Phase 4: retrieving",
        "Phase 5: choosing the start player",
        "Two players",
        "No laws",
        "Open buildings",
        "Classic and second edition",
        "Long game",
        "Rulings",
        "Building tile costs",
    ):
        assert heading in HEADINGS
    assert "reconstructed" in DOC.lower()
