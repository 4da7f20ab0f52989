"""The rules text is reachable from the package: whole, by section, by law card, and printed."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from keythedral import lang
from keythedral.engine.catalogue import laws
from keythedral.words import rules
from tests.support import ROOT

#: The rules as the repository writes them (the package ships a copy: pyproject.toml)
DOCS = ROOT / "docs"


def test_rules_markdown_is_the_docs_file() -> None:
    assert rules.rules_markdown() == (DOCS / "rules_en.md").read_text(encoding="utf-8")


def test_sections_form_a_table_of_contents() -> None:
    toc = rules.sections()
    assert (2, "Phase 3: spending") in toc and (3, "Buy a building") in toc
    assert toc.index((2, "Phase 3: spending")) < toc.index((3, "Buy a building"))


def test_a_section_stops_at_the_next_heading_of_its_level() -> None:
    text = rules.section("Buy a building")
    assert text.startswith("### Buy a building") and "### Convert a cottage" not in text
    phase3 = rules.section("Phase 3: spending")
    assert "### Buy a building" in phase3 and "## Relocating" not in phase3


def test_every_law_card_has_its_text() -> None:
    for card in laws():
        assert rules.law_section(card).startswith(f"### {laws()[card].number}. ")


def test_print_rules_renders_in_a_plain_terminal() -> None:
    out = subprocess.run(
        [sys.executable, "-c", "from keythedral.words.rules import print_rules; print_rules()"],
        capture_output=True,
        text=True,
        env={"COLUMNS": "100", "TERM": "dumb", "NO_COLOR": "1"},
        check=True,
    ).stdout
    assert "Phase 3: spending" in out and "Repeal law" in out


# --- the rules in the player's language (issue 31) ----------------------------------------------


@pytest.mark.parametrize("code", ["fr", "nl"])
def test_every_section_is_found_by_its_english_title_in_each_language(code: str) -> None:
    english, shown = rules.sections("en"), rules.sections(code)
    assert len(shown) == len(english) and shown != english
    for (level, title), (_level, own) in zip(english, shown, strict=True):
        assert rules.title(title, code) == own
        assert rules.section(title, code).startswith(f"{'#' * level} {own}\n")
        assert rules.section(own, code) == rules.section(title, code)  # by the shown title too
    assert [(lv, en) for lv, en, _own in rules.headings(code)] == english


def test_the_rules_follow_the_language_in_use() -> None:
    english = rules.rules_markdown()
    lang.use("nl")
    assert rules.rules_markdown() == (DOCS / "rules_nl.md").read_text(encoding="utf-8")
    assert rules.section("Phase 3: spending").startswith("## Fase 3")
    for card in laws():  # a law card's section: its own, in Dutch
        assert rules.law_section(card).startswith(f"### {laws()[card].number}. ")
    lang.use(lang.PSEUDO)  # no rules in the tests' language: English
    assert rules.rules_markdown() == english
    lang.use("en")


def test_a_translation_out_of_step_with_the_english_tree_is_not_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A half-written translation (a heading missing) never gives a wrong section: English."""
    english = rules.rules_markdown("en")
    broken = rules._read("fr").replace("\n### ", "\n#### ", 1)
    monkeypatch.setattr(rules, "_read", lambda code: broken if code == "fr" else english)
    rules._shown_text.cache_clear()
    try:
        assert rules.section("Buy a building", "fr") == rules.section("Buy a building", "en")
    finally:
        rules._shown_text.cache_clear()


def test_the_rules_are_printed_in_the_language_asked() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "keythedral", "rules", "--lang", "nl"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "100", "TERM": "dumb", "NO_COLOR": "1"},
        check=True,
    ).stdout
    assert "Fase 3" in out and "Phase 3: spending" not in out
