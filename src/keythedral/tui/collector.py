"""The cyclic garbage collector waits while a key is answered.

Python collects its youngest objects every 700 allocations, and now and then every object it
tracks: a key's answer makes a few thousand objects, so two or three collections land in the
middle of it, and one in twenty or thirty keys a full one (4 to 14 ms, most of a frame's time).
From a key until a short while after it (the key's frame comes within ~10-30 ms) the
collector lets many more objects pile up first; it takes them once the app is idle again.
Memory stays bounded: past ``CAP`` young objects it collects as always, even while it waits.
"""

from __future__ import annotations

import asyncio
import gc

HOLD = 0.05  # seconds after the last key (or click) until the collector runs as usual again
CAP = 20_000  # young objects that may pile up while it waits (Python's own threshold: 700)


class KeyCollector:
    """Holds the collector back from a key until ``HOLD`` seconds after the last key."""

    def __init__(self) -> None:
        self._thresholds: tuple[int, int, int] | None = None  # Python's, while held
        self._release: asyncio.TimerHandle | None = None

    @property
    def held(self) -> bool:
        return self._thresholds is not None

    def hold(self) -> None:
        """A key (or a click) has come: no collection until its answer is on screen."""
        if self._thresholds is None:
            first, *rest = self._thresholds = gc.get_threshold()
            if first:  # 0: the collector is off by threshold; leave it so
                gc.set_threshold(max(first, CAP), *rest)
        if self._release is not None:
            self._release.cancel()
        self._release = asyncio.get_running_loop().call_later(HOLD, self.release)

    def release(self) -> None:
        """The collector as it was (it collects at the next allocation what piled up)."""
        if self._release is not None:
            self._release.cancel()
            self._release = None
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
