"""The README says what is true: its setup lines, pictures, key table and example code."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")

SETUP = """```sh
python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/keythedral
python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/pytest
```"""


def test_setup_and_go_keeps_its_two_lines() -> None:
    section = README.split("## Setup and go", 1)[1].split("\n## ", 1)[0]
    assert SETUP in section
    ci = (ROOT / ".ci" / "run").read_text()
    assert SETUP.splitlines()[2] in ci  # CI runs exactly the test line


#: The environment without git's own variables (a CI's GIT_DIR would name its repository).
NO_GIT = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}


def pseudo_half(folder: Path, exit_code: int) -> tuple[int, str]:
    """What .ci/run does after the README's test line, run in ``folder`` with a stand-in for
    .venv/bin/pytest that exits with ``exit_code``: the script's exit code, and how pytest was
    called (its language, its share and its arguments)."""
    script = (ROOT / ".ci" / "run").read_text()
    after = script.split(SETUP.splitlines()[2], 1)[1]
    (folder / "after.sh").write_text("set -euo pipefail\n" + after)
    pytest_ = folder / ".venv" / "bin" / "pytest"
    pytest_.parent.mkdir(parents=True, exist_ok=True)
    pytest_.write_text(
        '#!/bin/sh\necho "$KEYTHEDRAL_TEST_LANG $KEYTHEDRAL_TEST_SHARE $*" > called\n'
        f"exit {exit_code}\n"
    )
    pytest_.chmod(0o755)
    env = {**NO_GIT, "GIT_CEILING_DIRECTORIES": str(folder.parent)}  # no repository above it
    done = subprocess.run(["bash", "after.sh"], cwd=folder, env=env, capture_output=True)
    called = folder / "called"
    return done.returncode, called.read_text().strip() if called.exists() else ""


@pytest.mark.parametrize("exit_code", [0, 1, 5])
def test_ci_fails_when_the_pseudo_language_half_fails_or_runs_nothing(
    tmp_path: Path, exit_code: int
) -> None:
    code, called = pseudo_half(tmp_path, exit_code)
    assert code == exit_code
    assert called == "pseudo 0/2 tests/tui"  # outside git: the first half


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_ci_chooses_the_half_of_the_pseudo_language_pass_by_the_commit(tmp_path: Path) -> None:
    """The half is the parity of the commit hash's last hex digit: commits (made the same on
    every run: fixed names and dates) until both halves have come."""
    git = ["git", "-c", "user.name=ci", "-c", "user.email=ci@example.org"]
    when = "2026-01-01T00:00:00Z"
    dated = {**NO_GIT, "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    subprocess.run([*git, "init", "-q"], cwd=tmp_path, check=True, env=dated)
    halves = set()
    for n in range(40):
        subprocess.run(
            [*git, "commit", "-q", "--allow-empty", "-m", str(n)],
            cwd=tmp_path,
            check=True,
            env=dated,
        )
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=tmp_path, env=dated, capture_output=True, text=True
        ).stdout.strip()
        half = int(head[-1], 16) % 2
        assert pseudo_half(tmp_path, 0) == (0, f"pseudo {half}/2 tests/tui")
        halves.add(half)
        if halves == {0, 1}:
            break
    assert halves == {0, 1}


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
