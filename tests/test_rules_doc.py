"""docs/rules_en.md covers every phase, action kind, law card and variant the engine knows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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


# --- Translations of rules_en.md (issue 31) ---------------------------------------------------

DOCS = Path(__file__).resolve().parents[1] / "docs"

#: The translated rules, each checked against rules_en.md by the tests below.
TRANSLATED_RULES = ("rules_fr.md", "rules_nl.md")

#: The column of docs/glossary.md that gives each language's words.
GLOSSARY_COLUMN = {"fr": "Français", "nl": "Nederlands"}


def _headings(text: str) -> list[tuple[int, str]]:
    """Every heading of a Markdown text, as (level, title), in order."""
    return [(len(m[1]), m[2].strip()) for m in re.finditer(r"^(#{1,6}) (.+)$", text, flags=re.M)]


def _section(text: str, index: int) -> str:
    """The text under the index-th heading, up to the next heading."""
    starts = [m.start() for m in re.finditer(r"^#{1,6} ", text, flags=re.M)] + [len(text)]
    return text[starts[index] : starts[index + 1]]


def _table_numbers(section: str) -> list[list[str]]:
    """The numbers in each body row of the Markdown table(s) of a section."""
    rows = [line for line in section.splitlines() if line.startswith("|")]
    body = [r for r in rows[1:] if not re.fullmatch(r"[|\s:-]+", r)]
    return [re.findall(r"\d+", r) for r in body]


def _glossary_law_names(language: str) -> dict[int, str]:
    """The law cards' names in one language, by number, from docs/glossary.md."""
    glossary = (DOCS / "glossary.md").read_text(encoding="utf-8")
    table = glossary.split("## Law cards", 1)[1].split("\n## ", 1)[0]
    rows = [
        [c.strip() for c in r.strip().strip("|").split("|")]
        for r in table.splitlines()
        if r.startswith("|")
    ]
    column = rows[0].index(GLOSSARY_COLUMN[language])
    names = {}
    for row in rows[2:]:
        number = re.match(r"(\d+)\. ", row[0])
        assert number, row
        names[int(number[1])] = row[column]
    return names


def _translated(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", TRANSLATED_RULES)
def test_translated_rules_have_the_same_heading_tree(name: str) -> None:
    english = [level for level, _ in _headings(DOC)]
    translated = [level for level, _ in _headings(_translated(name))]
    assert translated == english
    for level in set(english):
        assert translated.count(level) == english.count(level)


@pytest.mark.parametrize("name", TRANSLATED_RULES)
def test_translated_rules_say_which_version_rules(name: str) -> None:
    lines = _translated(name).splitlines()
    assert lines[0].startswith("# Keythedral")
    assert "docs/rules_en.md" in "\n".join(lines[1:4])  # said right under the title


@pytest.mark.parametrize("name", TRANSLATED_RULES)
def test_translated_law_card_headings_use_the_glossary_names(name: str) -> None:
    language = re.fullmatch(r"rules_(\w+)\.md", name)[1]
    names = _glossary_law_names(language)
    assert sorted(names) == list(range(1, 21)) == sorted(c.number for c in laws().values())
    english = [title for _, title in _headings(DOC)]
    translated = [title for _, title in _headings(_translated(name))]
    law_positions = [i for i, title in enumerate(english) if re.match(r"\d+\. ", title)]
    assert len(law_positions) == 20
    assert [translated[i] for i in law_positions] == [f"{n}. {names[n]}" for n in range(1, 21)]
    assert [t for t in translated if re.match(r"\d+\. ", t)] == [
        translated[i] for i in law_positions
    ]


@pytest.mark.parametrize("name", TRANSLATED_RULES)
def test_translated_building_tile_costs_have_the_same_numbers(name: str) -> None:
    index = [title for _, title in _headings(DOC)].index("Building tile costs")
    english = _table_numbers(_section(DOC, index))
    assert len(english) == 34
    assert _table_numbers(_section(_translated(name), index)) == english


@pytest.mark.parametrize("name", TRANSLATED_RULES)
def test_translated_rules_have_the_same_tables(name: str) -> None:
    def tables(text: str) -> list[list[str]]:
        rows = [line.strip() for line in text.splitlines() if line.strip().startswith("|")]
        return [re.findall(r"\d+", r) for r in rows if not re.fullmatch(r"[|\s:-]+", r)]

    assert tables(_translated(name)) == tables(DOC)


@pytest.mark.parametrize("name", TRANSLATED_RULES)
def test_translated_links_point_at_their_own_headings(name: str) -> None:
    text = _translated(name)
    anchors = {re.sub(r"[^\w\- ]", "", t.lower()).replace(" ", "-") for _, t in _headings(text)}
    links = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert links
    assert links <= anchors
