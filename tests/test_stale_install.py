"""The suite refuses to test an installed build older than src/ (tests/support/install.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.support import ROOT
from tests.support.install import differences, shipped_files, stale_message


def _tree(root: Path) -> Path:
    (root / "engine" / "__pycache__").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "engine" / "rules.py").write_text("X = 1\n")
    (root / "engine" / "__pycache__" / "rules.cpython-311.pyc").write_bytes(b"\0")
    return root


def test_the_same_files_and_the_sources_themselves_are_not_stale(tmp_path: Path) -> None:
    sources = _tree(tmp_path / "src" / "pkg")
    installed = tmp_path / "site" / "pkg"
    shutil.copytree(sources, installed, ignore=shutil.ignore_patterns("__pycache__"))
    (installed / "engine" / "rules.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\1")
    assert differences(sources, installed) == []
    assert differences(sources, sources) == []


def test_an_edited_or_new_source_is_named(tmp_path: Path) -> None:
    sources = _tree(tmp_path / "src" / "pkg")
    installed = tmp_path / "site" / "pkg"
    shutil.copytree(sources, installed)
    (sources / "engine" / "rules.py").write_text("X = 2\n")
    (sources / "engine" / "more.py").write_text("")
    assert differences(sources, installed) == ["engine/more.py", "engine/rules.py"]
    said = stale_message(differences(sources, installed))
    assert "engine/more.py, engine/rules.py differ" in said
    assert "PYTHONPATH=src" in said and "pip install" in said


def test_the_suite_stops_on_a_stale_install(tmp_path: Path) -> None:
    """A copy of the package with one module changed, first on the path: pytest stops before
    any test, with the message and a usage error's exit code (4)."""
    installed = tmp_path / "site"
    shutil.copytree(
        ROOT / "src" / "keythedral",
        installed / "keythedral",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    for outside, inside in shipped_files(ROOT).items():  # as the wheel ships them
        (installed / "keythedral" / inside).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(outside, installed / "keythedral" / inside)
    scoring = installed / "keythedral" / "engine" / "scoring.py"
    scoring.write_text(scoring.read_text() + "\n# an older build\n")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-n",
            "0",
            "-q",
            "tests/test_stale_install.py",
            "-k",
            "same",
        ],
        cwd=ROOT,
        env={"PYTHONPATH": f"{installed}:{ROOT}", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 4, run.stdout + run.stderr
    assert "(engine/scoring.py differ)" in run.stderr


def test_a_file_shipped_from_outside_the_package_is_compared_too(tmp_path: Path) -> None:
    sources = _tree(tmp_path / "src" / "pkg")
    installed = tmp_path / "site" / "pkg"
    shutil.copytree(sources, installed)
    (tmp_path / "docs").mkdir()
    rules = tmp_path / "docs" / "rules.md"
    rules.write_text("new\n")
    (installed / "data").mkdir()
    (installed / "data" / "rules.md").write_text("old\n")
    assert differences(sources, installed, {rules: "data/rules.md"}) == [str(rules)]
    rules.write_text("old\n")
    assert differences(sources, installed, {rules: "data/rules.md"}) == []


def test_the_shipped_files_are_pyproject_s_force_include() -> None:
    shipped = shipped_files(ROOT)
    assert shipped[ROOT / "docs" / "rules_en.md"] == "data/rules_en.md"
    assert all(path.is_file() for path in shipped)
