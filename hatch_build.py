"""The wheel's build hook: hatch-mypyc compiles the modules pyproject.toml lists
([tool.hatch.build.targets.wheel.hooks.custom]) into C extensions beside their sources.

- An editable install (``pip install -e``) compiles nothing: src/ is what it runs, so an edit
  there is what runs next, and no compiled module can shadow it.
- hatch-mypyc builds in place, beside the sources: once the wheel holds the compiled modules,
  they are removed from src/ (else ``PYTHONPATH=src`` would run them instead of the sources).
- Without a C compiler or Python's headers, the wheel is pure Python (the same game, slower),
  said on stderr (``pip install -v`` shows it); a compile that fails otherwise fails the
  install, with mypyc's output.
"""

from __future__ import annotations

import shlex
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from hatch_mypyc.plugin import MypycBuildHook


def _missing_compiler() -> str | None:
    """What the machine lacks to compile C extensions for this Python, in words; None if nothing."""
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")[:1]
    if not compiler or shutil.which(compiler[0]) is None:
        return "no C compiler (" + " ".join(compiler) + ")"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python.h (the Python development headers)"
    return None


class CompileHook(MypycBuildHook):
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":
            return
        missing = _missing_compiler()
        if missing is not None:
            print(f"keythedral: {missing}: the engine and bots stay pure Python", file=sys.stderr)
            return
        super().initialize(version, build_data)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        self.clean([version])


def get_build_hook() -> type[MypycBuildHook]:
    return CompileHook
