"""The README says what is true: its setup lines, pictures, key table and example code."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")

SETUP = """```sh
python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/keythedral
python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/pytest
```"""


def test_setup_and_go_keeps_its_two_lines() -> None:
    section = README.split("## Setup and go", 1)[1].split("\n## ", 1)[0]
    assert SETUP in section
    ci = (ROOT / ".ci" / "run").read_text()
    assert SETUP.splitlines()[2] in ci  # CI runs exactly the test line


def test_every_picture_is_there_and_made_by_the_app() -> None:
    pictures = re.findall(r"\]\((docs/screenshots/[^)]+\.svg)\)", README)
    assert len(pictures) >= 5
    for picture in pictures:
        svg = (ROOT / picture).read_text(encoding="utf-8")
        assert svg.lstrip().startswith("<svg") and "Keythedral" in svg, picture


def test_the_key_table_is_the_help_screens() -> None:
    """The table under "### Keys" is the list of keys' (tests/tui/test_keys.py says more)."""
    from keythedral.tui.keys import help_rows, with_key_table

    for key, what in help_rows():
        assert f"| `{key}` | {what} |" in README, key
    assert with_key_table(README) == README, "python -m keythedral.tui.keys --readme README.md"


def test_install_as_a_tool_serve_and_saves_are_explained() -> None:
    assert "pipx install ." in README and "uv tool install ." in README
    assert "There is no authentication" in README and "127.0.0.1" in README
    assert "~/.local/share/keythedral" in README and "autosave.json" in README
    for option in ("--no-laws", "--open-buildings", "--long-game", "--edition", "--windows"):
        assert f"`{option}" in README, option
    for option in ("--ascii", "--no-mouse", "--theme", "NO_COLOR"):
        assert option in README, option


def test_the_engine_example_runs() -> None:
    code = README.split("## The engine", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    printed: list[object] = []
    exec(compile(code, "README.md", "exec"), {"print": printed.append})
    (scores,) = printed
    assert isinstance(scores, (list, tuple)) and len(scores) == 3
