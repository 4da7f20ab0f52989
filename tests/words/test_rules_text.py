"""The rules text is reachable from the package: whole, by section, by law card, and printed."""

from __future__ import annotations

import subprocess
import sys

from keythedral.engine.catalogue import laws
from keythedral.words import rules


def test_rules_markdown_is_the_docs_file() -> None:
    assert rules.rules_markdown() == rules.SOURCE.read_text(encoding="utf-8")


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
