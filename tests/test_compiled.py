"""The compiled build (hatch_build.py: mypyc, for a non-editable install) is the one that ships,
and it behaves exactly as the sources: the same games, the same search, hashed step by step.
Run from the sources (``PYTHONPATH=src``, an editable install) there is no build to check."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import keythedral
from tests.support import ROOT

SRC = ROOT / "src"
HOOK = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"][
    "build"
]["targets"]["wheel"]["hooks"]["custom"]
#: The modules the build compiles, as pyproject.toml lists them (/src/keythedral/engine/x.py).
COMPILED = [
    path.removeprefix("/src/").removesuffix(".py").replace("/", ".") for path in HOOK["include"]
]
FROM_SOURCES = Path(keythedral.__file__).resolve().is_relative_to(SRC)


def _compiled(module: str) -> bool:
    return str(importlib.import_module(module).__file__).endswith(tuple(EXTENSION_SUFFIXES))


def _can_compile() -> bool:
    """What hatch_build.py asks before it compiles: a C compiler and Python's headers."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return shutil.which(compiler) is not None and headers.is_file()


installed_compiled = pytest.mark.skipif(
    FROM_SOURCES or not _compiled(COMPILED[0]),
    reason="no compiled build installed: the tests run the sources (PYTHONPATH=src, or an "
    "editable or pure-Python install)",
)


def test_the_hook_compiles_modules_that_exist() -> None:
    assert COMPILED and all((SRC / (m.replace(".", "/") + ".py")).is_file() for m in COMPILED)


def test_no_compiled_module_lies_beside_the_sources() -> None:
    """A compiled module in src/ would run instead of its source under PYTHONPATH=src, and go on
    running after an edit of the source: the build takes them away once the wheel has them."""
    stale = [p for p in SRC.rglob("*") if p.name.endswith(tuple(EXTENSION_SUFFIXES))]
    assert not stale, stale


@pytest.mark.skipif(FROM_SOURCES, reason="the tests run the sources (PYTHONPATH=src or editable)")
def test_an_installed_build_is_compiled_where_it_can_be() -> None:
    if not _can_compile():
        pytest.skip("no C compiler or no Python.h here: the build is pure Python, by design")
    assert [m for m in COMPILED if not _compiled(m)] == []
    # the modules that define the records pydantic reads stay interpreted (pyproject.toml)
    assert not _compiled("keythedral.engine.state") and not _compiled("keythedral.engine.pieces")


def _fingerprints(pythonpath: str | None) -> list[str]:
    """bench/fingerprint.py's hashes (random and greedy games) and ismcts_fingerprint's (a short
    search at each of seat 0's decisions of a game), run by this Python: the installed build
    when ``pythonpath`` is None, the sources under it otherwise."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    out = []
    for script in (
        ["bench/fingerprint.py", "--random", "12", "--greedy", "3"],
        ["bench/ismcts_fingerprint.py", "3", "12"],
        ["-c", "import keythedral.engine.reducer as r; print(r.__file__)"],
    ):
        done = subprocess.run(
            [sys.executable, *script], cwd=ROOT, env=env, capture_output=True, text=True, check=True
        )
        out += done.stdout.split("\n")
    return out


@installed_compiled
def test_the_compiled_build_plays_as_the_sources() -> None:
    compiled, pure = _fingerprints(None), _fingerprints(str(SRC))
    # which code ran: the compiled module, then its source
    assert compiled[-2].endswith(tuple(EXTENSION_SUFFIXES)) and pure[-2] == str(
        SRC / "keythedral" / "engine" / "reducer.py"
    )
    hashes = compiled[:2], pure[:2]  # random, greedy
    assert hashes[0] == hashes[1] and all(": " in line for line in hashes[0])
    # ismcts: players, decisions, hash (the iterations a second differ)
    assert compiled[2].split()[:3] == pure[2].split()[:3]
