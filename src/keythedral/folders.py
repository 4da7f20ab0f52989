"""The user's folders: the platform's own for Keythedral, or the one an environment variable
names (for tests, portable installs and several profiles).  Nothing is created here.

The data folder holds the saves, the autosave, the replays and the tutorial's progress (see
:mod:`keythedral.records.persistence`), and records for bug reports
(:mod:`keythedral.records.faults`); the config folder holds keys.toml
(:mod:`keythedral.tui.keymap`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import platformdirs


def data_dir() -> Path:
    """The user data folder for saves (``$KEYTHEDRAL_DATA_DIR`` overrides it)."""
    return _user_folder("KEYTHEDRAL_DATA_DIR", platformdirs.user_data_dir)


def config_dir() -> Path:
    """The user config folder for keys.toml (``$KEYTHEDRAL_CONFIG_DIR`` overrides it)."""
    return _user_folder("KEYTHEDRAL_CONFIG_DIR", platformdirs.user_config_dir)


def _user_folder(variable: str, platform_folder: Callable[..., str]) -> Path:
    named = os.environ.get(variable)
    if named:
        return Path(named)
    return Path(platform_folder("keythedral", appauthor=False))
