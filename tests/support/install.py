"""Is the installed game the one in src/?  The README's test line installs a compiled build
(hatch_build.py), so after an edit of the sources a plain ``pytest`` would test the build made
before it: the suite stops at once instead, saying how to test the edit."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

#: What a build adds beside the sources, or Python beside any package: not compared.
_BUILT = (".pyc", *EXTENSION_SUFFIXES)


def differences(sources: Path, installed: Path) -> list[str]:
    """The files of the package folder ``sources`` that ``installed`` lacks or holds with other
    bytes, as paths relative to ``sources``; empty when ``installed`` is ``sources`` itself."""
    if installed.resolve() == sources.resolve():
        return []
    out = []
    for path in sorted(sources.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.name.endswith(_BUILT):
            continue
        rel = path.relative_to(sources)
        twin = installed / rel
        if not twin.is_file() or twin.read_bytes() != path.read_bytes():
            out.append(rel.as_posix())
    return out


def stale_message(changed: list[str]) -> str:
    """What the suite says when the installed game is not the one in src/."""
    shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
    return (
        f"the installed keythedral is older than src/ ({shown} differ): the tests would run the "
        "old build. Install again (.venv/bin/pip install '.[test]'), or run the sources: "
        "PYTHONPATH=src .venv/bin/pytest"
    )
