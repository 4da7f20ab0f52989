"""docs/rules_en.md covers every phase, action kind, law card and variant the engine knows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from keythedral.engine.actions import ACTION_KINDS
from keythedral.engine.catalogue import laws

DOCS = Path(__file__).resolve().parents[1] / "docs"
DOC = (DOCS / "rules_en.md").read_text(encoding="utf-8")
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


#: The translations of rules_en.md (issue 31), each checked against it below.
TRANSLATED_RULES = ("rules_nl.md",)

#: The glossary's column for each translation's language (docs/glossary.md).
GLOSSARY_COLUMNS = {"fr": "Français", "nl": "Nederlands"}


def _headings(text: str) -> list[tuple[int, str]]:
    return [(len(m[1]), m[2].strip()) for m in re.finditer(r"^(#{1,6}) (.+)$", text, flags=re.M)]


def _translation(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _glossary_law_names(column: str) -> list[str]:
    """The law cards' names in one language, from the glossary's "Law cards" table, by number."""
    glossary = (DOCS / "glossary.md").read_text(encoding="utf-8")
    section = glossary.split("\n## Law cards\n", 1)[1].split("\n## ", 1)[0]
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section.splitlines()
        if line.startswith("|")
    ]
    col = rows[0].index(column)
    names = {}
    for row in rows[2:]:
        number, _ = row[0].split(". ", 1)
        names[int(number)] = row[col]
    assert sorted(names) == list(range(1, 21))
    return [names[n] for n in range(1, 21)]


def _section(text: str, title: str) -> str:
    """The text under one heading, down to the next heading."""
    start = re.search(rf"^#+ {re.escape(title)}\s*$", text, flags=re.M)
    assert start is not None, title
    end = re.compile(r"^#", flags=re.M).search(text, start.end())
    return text[start.end() : end.start() if end else len(text)]


def _table_numbers(section: str) -> list[list[str]]:
    """The numbers of every body row of the tables in a section (header and rule left out)."""
    rows = [line for line in section.splitlines() if line.lstrip().startswith("|")]
    body = [r for r in rows if not re.fullmatch(r"\s*\|[-| :]+\|\s*", r)][1:]
    return [re.findall(r"\d+", r) for r in body]


@pytest.mark.parametrize("name", TRANSLATED_RULES)
def test_translation_has_the_same_heading_tree(name: str) -> None:
    assert [level for level, _ in _headings(_translation(name))] == [
        level for level, _ in _headings(DOC)
    ]


@pytest.mark.parametrize("name", TRANSLATED_RULES)
def test_translation_names_the_law_cards_as_the_glossary_does(name: str) -> None:
    lang = re.fullmatch(r"rules_(\w+)\.md", name)[1]
    expected = [
        f"{n}. {card}" for n, card in enumerate(_glossary_law_names(GLOSSARY_COLUMNS[lang]), 1)
    ]
    found = [
        t for level, t in _headings(_translation(name)) if level == 3 and re.match(r"\d+\. ", t)
    ]
    assert found == expected


@pytest.mark.parametrize("name", TRANSLATED_RULES)
def test_translation_has_the_same_building_tile_costs(name: str) -> None:
    """The costs table sits under the heading that stands where rules_en.md's does."""
    english, translated = _headings(DOC), _headings(_translation(name))
    index = [t for _, t in english].index("Building tile costs")
    numbers = _table_numbers(_section(_translation(name), translated[index][1]))
    assert len(numbers) == 34
    assert numbers == _table_numbers(_section(DOC, "Building tile costs"))


@pytest.mark.parametrize("name", TRANSLATED_RULES)
def test_translation_links_point_at_its_own_headings(name: str) -> None:
    text = _translation(name)
    anchors = {re.sub(r"[^\w\- ]", "", t.lower()).replace(" ", "-") for _, t in _headings(text)}
    links = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert links
    assert links <= anchors
