"""The real ``keythedral`` program in a pseudo-terminal, for tests that need a process.

Pilot runs the app inside the test; these tests need what Pilot cannot give: a process that
can be killed with SIGKILL or lose its terminal, and then be started again.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ANSI = re.compile(rb"\x1b(\[[0-9;?$<>=]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Za-z]|[=>NOc78])")


def app_env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    for name in ("NO_COLOR", "TEXTUAL", "COLUMNS", "LINES"):
        env.pop(name, None)
    env.update(
        TERM="xterm-256color",
        COLORTERM="truecolor",
        KEYTHEDRAL_DATA_DIR=str(data_dir),
        KEYTHEDRAL_CONFIG_DIR=str(data_dir.parent / "config"),  # never the user's keys.toml
        TEXTUAL_ANIMATIONS="none",
        **extra,
    )
    return env


def _take_terminal() -> None:
    """In the child: make the pseudo-terminal its controlling terminal (as a shell would), so
    that closing it sends SIGHUP as closing a terminal window does."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class PtyApp:
    """``python -m keythedral ARGS`` on a COLS x ROWS pseudo-terminal, its output collected."""

    def __init__(
        self,
        args: Sequence[str],
        env: dict[str, str],
        cols: int = 100,
        rows: int = 32,
        prelude: str = "",
    ) -> None:
        """``prelude``: Python run in the app's process before the program starts (to slow
        a part of it down, say)."""
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        command = ["-m", "keythedral"]
        if prelude:
            run = "\nimport runpy\nrunpy.run_module('keythedral', run_name='__main__')\n"
            command = ["-c", prelude + run]
        self.proc = subprocess.Popen(
            [sys.executable, *command, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
            start_new_session=True,
            preexec_fn=_take_terminal,
        )
        os.close(slave)
        self._out = bytearray()
        self._lock = threading.Lock()
        self._closed = False
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        # Always drained, so the app never blocks on a full terminal.
        while True:
            try:
                ready, _, _ = select.select([self.master], [], [], 0.05)
                if not ready:
                    if self._closed:
                        return
                    continue
                data = os.read(self.master, 1 << 16)
            except (OSError, ValueError):
                return
            if not data:
                return
            with self._lock:
                self._out += data

    @property
    def output(self) -> bytes:
        with self._lock:
            return bytes(self._out)

    @property
    def text(self) -> str:
        """Everything written so far, without escape sequences (words may be split by
        cursor moves, but one styled run of text stays whole)."""
        return ANSI.sub(b"", self.output).decode("utf-8", errors="replace")

    def mark(self) -> int:
        """A place in the output: ``wait_for(..., since=mark)`` looks only after it."""
        with self._lock:
            return len(self._out)

    def wait_for(self, text: str, timeout: float = 20.0, since: int = 0) -> None:
        needle = text.encode()
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                found = needle in ANSI.sub(b"", bytes(self._out[since:]))
            if found:
                return
            if self.proc.poll() is not None:
                raise AssertionError(
                    f"the app ended ({self.proc.returncode}) before showing {text!r}:\n"
                    + self.text[-3000:]
                )
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared:\n" + self.text[-3000:])
            time.sleep(0.02)

    def send(self, keys: str | bytes) -> None:
        os.write(self.master, keys.encode() if isinstance(keys, str) else keys)

    def kill(self, sig: int = signal.SIGKILL) -> int:
        """Send ``sig`` to the app and wait for it to end; returns its exit status."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.proc.pid, sig)
        return self.proc.wait(timeout=10)

    def close_terminal(self) -> None:
        """Close the terminal under the app, as closing its window does."""
        self._closed = True
        self._reader.join(timeout=2)
        with contextlib.suppress(OSError):
            os.close(self.master)
        self.master = -1

    def close(self) -> None:
        if self.proc.poll() is None:
            self.kill(signal.SIGKILL)
        if self.master >= 0:
            self.close_terminal()

    def __enter__(self) -> PtyApp:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def wait_until(check: Callable[[], bool], timeout: float = 10.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or check}")
        time.sleep(0.02)
