"""Keys a player can rebind: a TOML file in the user's config folder, read at start.

    # ~/.config/keythedral/keys.toml  (``keythedral keys`` prints the path and every id)
    [keys]
    undo = "ctrl+z"
    "map.left" = "left,h"

Each entry names a binding by its id and gives its new key or keys (comma-separated, in
Textual's key names: ``a``, ``ctrl+z``, ``f2``, ``question_mark``).  The app hands the table
to Textual's keymap (``App.set_keymap``), which puts the new keys in place of the old ones
everywhere that binding is used, the key bar and the help screen included.  A file that cannot
be read, an unknown id or a key name that cannot be right is reported and left out; the game
starts all the same.  ``$KEYTHEDRAL_CONFIG_DIR`` overrides the folder.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import platformdirs

KEYS_FILE = "keys.toml"
KEY_NAME = re.compile(r"^(?:(?:ctrl|shift|alt|meta|super|hyper)\+)*[a-z0-9_]+$|^[^\s,]$")


def config_dir() -> Path:
    env = os.environ.get("KEYTHEDRAL_CONFIG_DIR")
    if env:
        return Path(env)
    return Path(platformdirs.user_config_dir("keythedral", appauthor=False))


def keys_path(base: Path | None = None) -> Path:
    return (base or config_dir()) / KEYS_FILE


@dataclass(frozen=True)
class KeymapResult:
    keymap: dict[str, str]
    problems: tuple[str, ...]
    path: Path


def parse_keymap(text: str, known: Iterable[str] | None = None) -> tuple[dict[str, str], list[str]]:
    """The keymap in ``text`` (TOML) and what was wrong with it, in words."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return {}, [f"it is not valid TOML ({exc})"]
    table = data.get("keys", data)
    if not isinstance(table, dict):
        return {}, ['its [keys] is not a table of binding = "key" entries']
    allowed = set(known) if known is not None else None
    keymap: dict[str, str] = {}
    problems: list[str] = []
    for binding, value in table.items():
        if isinstance(value, list):
            value = ",".join(str(v) for v in value)
        if not isinstance(value, str) or not value.strip():
            problems.append(f'{binding}: give the key as a string, e.g. {binding} = "ctrl+z"')
            continue
        keys = [k.strip() for k in value.split(",") if k.strip()]
        bad = [k for k in keys if not KEY_NAME.match(k)]
        if bad:
            problems.append(f"{binding}: {', '.join(bad)} is not a key name Textual knows")
            continue
        if allowed is not None and binding not in allowed:
            problems.append(f"{binding}: there is no binding with that id (see keythedral keys)")
            continue
        keymap[binding] = ",".join(keys)
    return keymap, problems


def load_keymap(known: Iterable[str] | None = None, path: Path | None = None) -> KeymapResult:
    """Read the user's keys file (a missing file is simply no changes)."""
    path = path or keys_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return KeymapResult({}, (), path)
    except (OSError, UnicodeDecodeError) as exc:
        return KeymapResult({}, (f"it cannot be read ({exc})",), path)
    keymap, problems = parse_keymap(text, known)
    return KeymapResult(keymap, tuple(problems), path)


@dataclass(frozen=True)
class BindingRow:
    id: str
    keys: str
    description: str
    where: str


def binding_rows(owners: Iterable[tuple[str, type]]) -> list[BindingRow]:
    """Every binding with an id in the ``BINDINGS`` of ``owners`` ((where, class) pairs)."""
    from textual.binding import Binding

    rows: list[BindingRow] = []
    seen: set[str] = set()
    for where, owner in owners:
        for b in getattr(owner, "BINDINGS", ()):
            if not isinstance(b, Binding) or not b.id or b.id in seen:
                continue
            seen.add(b.id)
            rows.append(BindingRow(b.id, b.key, b.description or b.action, where))
    return rows


def sample_file(rows: Iterable[BindingRow]) -> str:
    """A keys.toml listing every binding at its default, commented out."""
    lines = [
        "# Keythedral keys: uncomment a line and change its key(s) to rebind it.",
        '# Several keys: "left,h". Key names as Textual spells them: a, ctrl+z, f2, question_mark.',
        "[keys]",
    ]
    for r in rows:
        lines.append(f'# "{r.id}" = "{r.keys}"    # {r.description} ({r.where})')
    return "\n".join(lines) + "\n"
