"""Keys a player can rebind: a TOML file in the user's config folder, read at start.

    # ~/.config/keythedral/keys.toml  (``keythedral keys`` prints the path and every id)
    [keys]
    undo = "ctrl+z"
    "map.left" = "left,h"

Each entry names a binding by its id and gives its new key or keys (comma-separated, in
Textual's key names: ``a``, ``ctrl+z``, ``f2``, ``question_mark``).  The app hands the table
to Textual's keymap (``App.set_keymap``), which puts the new keys in place of the old ones
everywhere that binding is used, the key bar and the help screen included.  A file that cannot
be read, an unknown id, a key name that cannot be right, a key the app keeps for itself
(ctrl+q, ctrl+c, ctrl+p) or one given to two bindings that work at the same moment is reported
(in one notice) and left out; the game starts all the same.  ``$KEYTHEDRAL_CONFIG_DIR`` overrides the folder.
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from keythedral.folders import config_dir as config_dir  # the user's folders, in one place
from keythedral.lang import N_, _, ngettext
from keythedral.safefile import Refused, read_limited
from keythedral.safetext import printable
from keythedral.tui.keys import (
    EVERYWHERE,
    GAME,
    LESSON,
    MAP,
    REPLAY,
    TUTORIAL,
    place_said,
    rebindable,
)

KEYS_FILE = "keys.toml"
KEY_NAME = re.compile(r"^(?:(?:ctrl|shift|alt|meta|super|hyper)\+)*[a-z0-9_]+$|^[^\s,]$")


def keys_path(base: Path | None = None) -> Path:
    return (base or config_dir()) / KEYS_FILE


#: The most a keys file may weigh (a file listing every binding is about 4 KB).
KEYS_LIMIT = 1024 * 1024
#: How many problems the start-up notice lists before "and N more".
SHOWN_PROBLEMS = 10

#: Keys the app keeps for itself (Textual's quit, copy and command palette): a binding given
#: one of them would never be reached, or would take the key from the app.
# I18N: what a key the app keeps for itself does, in "ctrl+q is kept by the app (quit)"
RESERVED = {
    "ctrl+q": N_("quit"),
    "ctrl+c": N_("copy and quit"),
    "ctrl+p": N_("the command palette"),
}

#: Places whose keys work at the same moment, besides "everywhere" (the app's own keys): the
#: map inside the game, tutorial and replay screens; the tutorial is a game screen, and its
#: lesson panel sits in it.  Elsewhere a key may mean one thing on one screen and another on
#: the next.
TOGETHER = frozenset(
    frozenset(pair)
    for pair in (
        (GAME, MAP),
        (TUTORIAL, GAME),
        (TUTORIAL, MAP),
        (LESSON, TUTORIAL),
        (LESSON, GAME),
        (REPLAY, MAP),
    )
)


@dataclass(frozen=True)
class KeymapResult:
    keymap: dict[str, str]
    problems: tuple[str, ...]
    path: Path

    def notice(self, shown: int = SHOWN_PROBLEMS) -> str:
        """Every problem in one message of bounded size: the first ``shown`` of them, then
        how many more (``keythedral keys`` lists them all)."""
        lines = [f"- {p}" for p in self.problems[:shown]]
        more = len(self.problems) - shown
        if more > 0:
            lines.append(
                ngettext(
                    "... and {n} more (keythedral keys lists them all)",
                    "... and {n} more (keythedral keys lists them all)",
                    more,
                ).format(n=more)
            )
        return "\n".join(lines)


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_keymap(text: str, known: Iterable[str] | None = None) -> tuple[dict[str, str], list[str]]:
    """The keymap in ``text`` (TOML) and what was wrong with it, in words."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # I18N: of the keys file; {error}: the TOML reader's own words (English)
        return {}, [_("it is not valid TOML ({error})").format(error=_clip(str(exc), 120))]
    except RecursionError:
        return {}, [_("its arrays or tables are nested too deeply to read")]
    except MemoryError:
        return {}, [_("there is not enough memory to read it")]
    table = data.get("keys", data)
    if not isinstance(table, dict):
        # I18N: [keys] and binding = "key" are the file's own words: keep them
        return {}, [_('its [keys] is not a table of binding = "key" entries')]
    allowed = set(known) if known is not None else None
    keymap: dict[str, str] = {}
    problems: list[str] = []
    for name, value in table.items():
        binding = _clip(name)
        if isinstance(value, list):
            value = ",".join(
                str(v) if isinstance(v, str | int) and not isinstance(v, bool) else "?"
                for v in value  # (no str() of a nested list: it may be nested too deeply)
            )
        if not isinstance(value, str) or not value.strip():
            problems.append(
                # I18N: {binding}: an id of the keys file
                _('{binding}: give the key as a string, e.g. {binding} = "ctrl+z"').format(
                    binding=binding
                )
            )
            continue
        keys = [k.strip() for k in value.split(",") if k.strip()]
        bad = [k for k in keys if not KEY_NAME.match(k)]
        if bad:
            problems.append(
                # I18N: {keys}: key names, comma-separated
                _("{binding}: {keys} is not a key name Textual knows").format(
                    binding=binding, keys=_clip(", ".join(bad))
                )
            )
            continue
        if allowed is not None and name not in allowed:
            problems.append(
                _("{binding}: there is no binding with that id (see keythedral keys)").format(
                    binding=binding
                )
            )
            continue
        for key in [k for k in keys if k in RESERVED]:
            problems.append(
                # I18N: {key}: a key name (ctrl+q); {what}: what it does ("quit")
                _("{binding}: {key} is kept by the app ({what}); left out").format(
                    binding=binding, key=key, what=_(RESERVED[key])
                )
            )
            keys.remove(key)
        if keys:
            keymap[name] = ",".join(keys)
    return keymap, problems


def _together(a: BindingRow, b: BindingRow) -> bool:
    """Whether two bindings can be pressed at the same moment (and mean different things)."""
    if _action(a) == _action(b):
        return False
    places = {a.where, b.where}
    return len(places) == 1 or EVERYWHERE in places or frozenset(places) in TOGETHER


def _action(row: BindingRow) -> str:
    return row.action.removeprefix("screen.").removeprefix("app.")


def _first_clash(
    keymap: dict[str, str], rows: list[BindingRow]
) -> tuple[str, BindingRow, BindingRow] | None:
    """A key two bindings would share where both work, given to one of them by the file (a
    key a binding has by default is the app's own choice): (the key, the other binding, the
    binding to leave out, the later one in the file when the file gave the key to both)."""
    order = {binding: i for i, binding in enumerate(keymap)}
    holders: dict[str, list[BindingRow]] = {}
    for row in rows:
        for key in keymap.get(row.id, row.keys).split(","):
            holders.setdefault(key, []).append(row)
    for key, held in holders.items():
        for i, a in enumerate(held):
            for b in held[i + 1 :]:
                given = [r for r in (a, b) if r.id in order and key not in r.keys.split(",")]
                if given and _together(a, b):
                    dropped = max(given, key=lambda r: order[r.id])
                    return key, (b if dropped is a else a), dropped
    return None


def check_conflicts(
    keymap: dict[str, str], rows: Iterable[BindingRow]
) -> tuple[dict[str, str], list[str]]:
    """``keymap`` without the rebindings that would give one key to two bindings working at
    the same moment (each such binding keeps its default keys), and a problem for each."""
    rows = list(rows)
    kept = dict(keymap)
    problems: list[str] = []
    while (clash := _first_clash(kept, rows)) is not None:
        key, other, dropped = clash
        del kept[dropped.id]
        problems.append(
            # I18N: {binding}, {other}: ids of the keys file; {key}, {keys}: key names;
            # {place}: where the other key works ("game", "map")
            _(
                "{binding}: {key} is already the key of {other} ({place}), "
                "so {binding} keeps {keys}"
            ).format(
                binding=dropped.id,
                key=key,
                other=other.id,
                place=place_said(other.where),
                keys=dropped.keys,
            )
        )
    return kept, problems


def load_keymap(
    known: Iterable[str] | None = None,
    path: Path | None = None,
    rows: Iterable[BindingRow] | None = None,
) -> KeymapResult:
    """Read the user's keys file (a missing file is simply no changes).  With ``rows`` (the
    app's bindings), ids are checked against them and clashing keys are left out.  Only a
    regular file of at most KEYS_LIMIT bytes is read."""
    path = path or keys_path()
    rows = list(rows) if rows is not None else None
    if rows is not None and known is None:
        known = [r.id for r in rows]
    try:
        text = read_limited(path, KEYS_LIMIT).decode("utf-8")
    except FileNotFoundError:
        return KeymapResult({}, (), path)
    except (Refused, OSError, UnicodeDecodeError) as exc:
        said = exc.say(_) if isinstance(exc, Refused) else str(exc)
        # I18N: of the keys file; {error}: the system's own words
        problem = _("it cannot be read ({error})").format(error=_clip(said, 120))
        return KeymapResult({}, (problem,), path)
    keymap, problems = parse_keymap(text, known)
    if rows is not None:
        keymap, clashes = check_conflicts(keymap, rows)
        problems += clashes
    return KeymapResult(keymap, tuple(problems), path)


@dataclass(frozen=True)
class BindingRow:
    id: str
    keys: str
    description: str
    where: str
    action: str = ""


def app_rows() -> list[BindingRow]:
    """Every rebindable binding of the app, from the list of keys (tui/keys.py), without
    loading the classes that bind them (tests/tui/test_keys.py checks them against those)."""
    return [BindingRow(k.id, k.keys, k.said(), k.place, k.action) for k in rebindable()]


def sample_file(rows: Iterable[BindingRow]) -> str:
    """A keys.toml listing every binding at its default, commented out."""
    lines = [
        "# " + _("Keythedral keys: uncomment a line and change its key(s) to rebind it."),
        "# "
        + _(
            'Several keys: "left,h". Key names as Textual spells them: a, ctrl+z, f2, '
            "question_mark."
        ),
        "[keys]",
    ]
    for r in rows:
        lines.append(f'# "{r.id}" = "{r.keys}"    # {r.description} ({place_said(r.where)})')
    return "\n".join(lines) + "\n"


def keys_command(write: bool = False) -> int:
    """``keythedral keys``: every rebindable key, and the file that rebinds them (``write``:
    a keys.toml listing them all, commented out, when there is none yet)."""
    rows = app_rows()
    path = keys_path()
    width = max(len(r.id) for r in rows)
    keys_w = max(len(r.keys) for r in rows)
    for r in rows:
        where = place_said(r.where)
        print(f"{r.id.ljust(width)}  {r.keys.ljust(keys_w)}  {r.description} ({where})")
    if write and not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(sample_file(rows), encoding="utf-8")
        # I18N: {path}: the keys file written
        written = _("Written {path}: uncomment a line and change its keys to rebind them.")
        print(printable("\n" + written.format(path=path)))
    elif path.exists():
        # I18N: {path}: the keys file
        print(printable("\n" + _("Rebind them in {path} (in use).").format(path=path)))
    else:
        rebind = _("Rebind them in {path} (not there yet: keythedral keys --write).")
        print(printable("\n" + rebind.format(path=path)))
    result = load_keymap(path=path, rows=rows)
    for problem in result.problems:
        print(printable(f"  {path.name}: {problem}"), file=sys.stderr)
    return 0
