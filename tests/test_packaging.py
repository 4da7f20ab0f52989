"""The built wheel carries the catalogue and the rules, so the game works outside the repo."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_ships_the_data_files(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
        # without the build hook that compiles the engine (hatch_build.py): a minute's compile
        # (CI's install has done it), and the data files are the same
        env={**os.environ, "HATCH_BUILD_NO_HOOKS": "true"},
    )
    (wheel,) = tmp_path.glob("keythedral-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    rules = ("rules_en.md", "rules_fr.md", "rules_nl.md")  # the rules in each language
    for data in ("building_tiles.yaml", "law_cards.yaml", "ismcts_weights.yaml", *rules):
        assert f"keythedral/data/{data}" in names
    assert "keythedral/engine/__init__.py" in names
    entry = (
        zipfile.ZipFile(wheel)
        .read(next(n for n in names if n.endswith("entry_points.txt")))
        .decode()
    )
    assert "keythedral = keythedral.cli:main" in entry
