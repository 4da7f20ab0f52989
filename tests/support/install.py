"""Is the installed game the one in src/?  The README's test line installs a compiled build
(hatch_build.py), so after an edit of the sources a plain ``pytest`` would test the build made
before it: the suite stops at once instead, saying how to test the edit."""

from __future__ import annotations

import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

#: What a build adds beside the sources, or Python beside any package: not compared.
_BUILT = (".pyc", *EXTENSION_SUFFIXES)


def differences(
    sources: Path, installed: Path, shipped: dict[Path, str] | None = None
) -> list[str]:
    """The files of the package folder ``sources`` that ``installed`` lacks or holds with other
    bytes, as paths relative to ``sources``, then those of ``shipped`` (a file outside the
    package -> where the wheel puts it in the package, pyproject.toml's force-include) as their
    own paths; empty when ``installed`` is ``sources`` itself."""
    if installed.resolve() == sources.resolve():
        return []
    pairs = [
        (path, path.relative_to(sources).as_posix(), installed / path.relative_to(sources))
        for path in sorted(sources.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and not path.name.endswith(_BUILT)
    ]
    pairs += [(path, str(path), installed / inside) for path, inside in (shipped or {}).items()]
    return [
        said
        for path, said, twin in pairs
        if not twin.is_file() or twin.read_bytes() != path.read_bytes()
    ]


def shipped_files(root: Path) -> dict[Path, str]:
    """pyproject.toml's force-include: each file outside the package -> its place inside it."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = project["tool"]["hatch"]["build"]["targets"]["wheel"]
    package = Path(wheel["packages"][0]).name
    return {
        root / outside: inside.removeprefix(package + "/")
        for outside, inside in wheel.get("force-include", {}).items()
    }


def stale_message(changed: list[str]) -> str:
    """What the suite says when the installed game is not the one in src/."""
    shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
    return (
        f"the installed keythedral is older than src/ ({shown} differ): the tests would run the "
        "old build. Install again (.venv/bin/pip install '.[test]'), or run the sources: "
        "PYTHONPATH=src .venv/bin/pytest"
    )
