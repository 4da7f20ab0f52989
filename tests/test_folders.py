"""The user's folders: the platform's own, unless an environment variable names one."""

from __future__ import annotations

from pathlib import Path

import pytest

from keythedral import folders
from keythedral.records import persistence
from keythedral.tui import keymap


def test_an_environment_variable_names_each_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("KEYTHEDRAL_CONFIG_DIR", str(tmp_path / "config"))
    assert folders.data_dir() == persistence.data_dir() == tmp_path / "data"
    assert folders.config_dir() == keymap.config_dir() == tmp_path / "config"
    assert keymap.keys_path() == tmp_path / "config" / "keys.toml"
    assert not (tmp_path / "data").exists()  # nothing is made by asking


def test_otherwise_the_platforms_own_folders_for_keythedral(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", "")  # empty: not set
    monkeypatch.delenv("KEYTHEDRAL_CONFIG_DIR", raising=False)
    assert folders.data_dir().name == "keythedral"
    assert folders.config_dir().name == "keythedral"
