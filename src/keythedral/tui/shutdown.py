"""The app told to end by a signal keeps its game.

Every action is in the autosave's journal before the screen shows it (keythedral.records.autosave),
so no signal loses one.  SIGHUP (the terminal window was closed) and SIGTERM (a logout,
``kill``) would end the process at once, and with it the background thread that folds the
journal into the snapshot: here both first write the pending snapshot, whole and through
``os.replace`` (:meth:`AutoSaver.finish`), and remove the journal it makes useless, so that
the data folder is left tidy.  Then SIGHUP ends the process (there is no terminal left to tidy
up) and SIGTERM asks the app to quit in the ordinary way, which restores the terminal; a
second signal ends the process at once.  SIGKILL cannot be caught: there the snapshot and the
journal left on disk replay to the last action shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from keythedral.records.autosave import AutoSaver

SIGNALS = (signal.SIGHUP, signal.SIGTERM)


class Shutdown:
    """Signal handlers that finish the autosave; ``uninstall`` puts the old ones back."""

    def __init__(
        self,
        saver: Callable[[], AutoSaver | None],
        quit_app: Callable[[], Any] | None = None,
    ) -> None:
        self._saver = saver
        self._quit = quit_app
        self._loop: asyncio.AbstractEventLoop | None = None
        self._previous: dict[int, Any] = {}
        self._ending = False

    def install(self) -> Shutdown:
        if threading.current_thread() is not threading.main_thread():
            return self  # signal handlers can only be set from the main thread
        with contextlib.suppress(RuntimeError):
            self._loop = asyncio.get_running_loop()
        for sig in SIGNALS:
            self._previous[sig] = signal.signal(sig, self._handle)
        return self

    def uninstall(self) -> None:
        for sig, handler in self._previous.items():
            with contextlib.suppress(ValueError, TypeError):
                signal.signal(sig, handler)
        self._previous.clear()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if not self._ending:
            self._ending = True
            saver = self._saver()
            if saver is not None:
                with contextlib.suppress(Exception):  # the process ends whatever happens
                    saver.finish()
            if signum == signal.SIGTERM and self._quit is not None and self._loop is not None:
                with contextlib.suppress(RuntimeError):  # a closed loop: end it at once
                    self._loop.call_soon_threadsafe(self._quit)
                    return
        # End as the signal would have ended the process (its exit status says which).
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
