"""Text from outside made safe: control characters stripped, names made slugs, paths kept in
their folder."""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from keythedral.lexicon import name_problem
from keythedral.records import persistence
from keythedral.safetext import inside, markdown_literal, printable, slug


def test_printable_strips_control_characters_but_newlines_and_tabs() -> None:
    assert printable("a\x1b]0;X\x07b\x00c\x9bd") == "a]0;Xbcd"
    assert printable("one\n\ttwo") == "one\n\ttwo"
    assert printable("one\n\ttwo", keep="") == "onetwo"
    assert printable("left\u202eright") == "leftright"  # no reordering of what follows
    assert printable("bad \udcff byte") == "bad \ufffd byte"  # writable as UTF-8
    assert printable("[b]Zoë") == "[b]Zoë"


@given(st.text())
def test_printable_leaves_no_control_character(text: str) -> None:
    for keep in ("\n\t", ""):
        out = printable(text, keep=keep)
        assert all(ch in keep or unicodedata.category(ch) not in ("Cc", "Cs") for ch in out)
        out.encode("utf-8")  # writable


@given(st.text())
def test_a_slug_is_lowercase_letters_digits_and_dashes_never_empty(text: str) -> None:
    part = slug(text, limit=24)
    assert 1 <= len(part) <= 24
    assert set(part) <= set("abcdefghijklmnopqrstuvwxyz0123456789-")
    assert not part.startswith("-") and not part.endswith("-")


def test_slugs_of_names() -> None:
    assert slug("Zoë & Ann") == "zoe-ann"
    assert slug("../../../outside/ESCAPED") == "outside-escaped"
    assert slug("/tmp/abs") == "tmp-abs"
    assert slug("[/]", empty="x") == "x"
    assert persistence.game_stem(["../x", "/tmp/abs", "[b]Cy"], -3) == "x-tmp-abs-b-cy-seed-3"


def test_inside_refuses_what_would_leave_the_folder(tmp_path: Path) -> None:
    assert inside(tmp_path, "log.txt") == tmp_path.resolve() / "log.txt"
    for name in ("../log.txt", "/tmp/log.txt", "a/log.txt", "..", "."):
        with pytest.raises(ValueError, match="outside"):
            inside(tmp_path, name)
    os.symlink(tmp_path.parent, tmp_path / "out")  # a link that leads out of the folder
    with pytest.raises(ValueError):
        inside(tmp_path, "out")


def test_a_save_name_is_bounded_and_stays_in_the_saves_folder(tmp_path: Path) -> None:
    path = persistence.save_path("x" * 300, tmp_path)
    assert path.parent == persistence.saves_dir(tmp_path).resolve()
    assert path.name == "x" * persistence.SAVE_NAME + ".json"
    assert persistence.save_path("../../etc/passwd", tmp_path).name == "etcpasswd.json"


def test_name_problems_are_told_without_raw_control_characters() -> None:
    assert name_problem("[b]Ann") is None
    problem = name_problem("\x1b]0;X\x07")
    assert problem is not None and "\\x1b" in problem and problem.isprintable()


def test_markdown_literal_escapes_what_markdown_would_read() -> None:
    assert markdown_literal("*Cy*") == "\\*Cy\\*"
    assert markdown_literal("[x](y)") == "\\[x\\]\\(y\\)"
    assert markdown_literal("Ann Lee") == "Ann Lee"
