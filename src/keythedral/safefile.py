"""Reading the files a player hands us (saves, replays, tutorial progress, keys.toml).

Any of them may be something other than the file it claims to be: a named pipe (reading it
waits for a writer that never comes), a device such as ``/dev/zero`` (endless), a huge file,
or JSON nested so deeply that the parser runs out of stack.  ``read_limited`` reads only a
regular file, with its size checked before reading and the read itself capped; ``parse_json``
turns the parser's RecursionError and MemoryError into a refusal.  Both raise ``Refused``,
whose message says why in a player's words (without the path: the caller names the file).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The most a save, a replay or the tutorial's progress may weigh.  A long five-player game
#: played at random (some 50,000 actions) saves in about 2 MB; people's games are far smaller.
GAME_FILE_LIMIT = 16 * 1024 * 1024


def N_(message: str) -> str:
    """Marks ``message`` for the catalogues (tools/catalogues.py) as it is: a leaf imports no
    language; whoever shows a refusal says it in the reader's (:meth:`Refused.say`)."""
    return message


#: A refusal's part: a message, or a message and the value it holds ("{n} bytes", "1,024").
Part = str | tuple[str, str]


class Refused(Exception):
    """A file that is not read or not used; the message says why, for a player.  ``str`` of it
    is English; :meth:`say` words it in the reader's language."""

    def __init__(self, template: str, /, **parts: Part) -> None:
        self.template, self.parts = template, parts
        super().__init__(self.say(str))

    def say(self, gettext: Callable[[str], str]) -> str:
        """The refusal in the language ``gettext`` (``keythedral.lang._``) looks words up in."""

        def part(p: Part) -> str:
            return gettext(p) if isinstance(p, str) else gettext(p[0]).format(n=p[1])

        return gettext(self.template).format(**{k: part(p) for k, p in self.parts.items()})


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        # I18N: what a file the game was given is: "it is {kind}, not a regular file"
        return N_("a folder")
    if stat.S_ISFIFO(mode):
        return N_("a named pipe (FIFO)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return N_("a device")
    if stat.S_ISSOCK(mode):
        return N_("a socket")
    return N_("not an ordinary file")


def _size(n: int) -> Part:
    if n >= 1024 * 1024:
        # I18N: a file's size in megabytes: {n} is "16.0"
        return (N_("{n} MB"), f"{n / 1024 / 1024:.1f}")
    # I18N: a file's size in bytes: {n} is "1,024"
    return (N_("{n} bytes"), f"{n:,}")


def _check(st: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(st.st_mode):
        # I18N: why a file cannot be read: {kind} is "a folder", "a device"...
        raise Refused(N_("it is {kind}, not a regular file"), kind=_kind(st.st_mode))
    if st.st_size > limit:
        raise Refused(
            # I18N: why a file cannot be read: {size} and {limit} are sizes ("16.0 MB")
            N_("it is {size}, more than the {limit} allowed"),
            size=_size(st.st_size),
            limit=_size(limit),
        )


def read_limited(path: Path, limit: int = GAME_FILE_LIMIT) -> bytes:
    """The bytes of the regular file at ``path``, if it holds at most ``limit`` of them.

    Raises ``Refused`` for anything else (a folder, a pipe, a device, a larger file) without
    waiting on it, and OSError (FileNotFoundError, PermissionError...) when it cannot be opened.
    The file is looked at before it is opened (opening some devices does something), opened
    without blocking and looked at again through the open descriptor (it may have been swapped
    in between), and at most ``limit + 1`` bytes are read (a file may grow, and some report a
    size of 0)."""
    _check(os.stat(path), limit)
    flags = (
        os.O_RDONLY
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_NOCTTY", 0)
        | getattr(os, "O_BINARY", 0)
    )
    fd = os.open(path, flags)
    try:
        _check(os.fstat(fd), limit)
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    if left <= 0:
        # I18N: why a file cannot be read: {limit} is a size ("16.0 MB")
        raise Refused(N_("it holds more than the {limit} allowed"), limit=_size(limit))
    return b"".join(chunks)


def parse_json(text: str | bytes) -> Any:
    """``json.loads``, with nesting too deep to parse and a lack of memory as ``Refused``;
    text that is not JSON raises ValueError as ever (the callers word that themselves)."""
    try:
        return json.loads(text)
    except RecursionError as exc:
        # I18N: why a file (JSON) cannot be read
        raise Refused(N_("its lists or objects are nested too deeply to read")) from exc
    except MemoryError as exc:
        # I18N: why a file cannot be read
        raise Refused(N_("there is not enough memory to read it")) from exc


def clip(text: str, limit: int = 60) -> str:
    """``text`` cut to at most ``limit`` characters, for messages about foreign files."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def brief(value: object, limit: int = 60) -> str:
    """``repr(value)``, clipped: what a foreign file holds, told in a message of bounded size."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # ValueError: an int too long to print
        text = f"<{type(value).__name__}>"
    return clip(text, limit)
