"""A stand-in for the Textual app, for tests of the command line (the ``fake_app`` fixture of
tests/conftest.py puts it in the app's place)."""

from __future__ import annotations

import gc
from typing import Any


class FakeApp:
    """Stands in for the Textual app: records how it was asked to start."""

    made: list[Any] = []  # the start requests
    return_code = 0  # as Textual's App sets it: 0, or 1 after a crash inside the app
    options: list[dict[str, Any]] = []  # display options: ascii, theme, and run's mouse
    collecting: list[bool] = []  # whether the cyclic collector ran while the app started

    def __init__(self, *, start: Any, **options: Any) -> None:
        FakeApp.made.append(start)
        FakeApp.options.append(options)

    def run(self, **options: Any) -> None:
        FakeApp.options[-1].update(options)
        FakeApp.collecting.append(gc.isenabled())

    def kept_after_crash(self) -> str:
        return ""

    @classmethod
    def forget(cls) -> None:
        cls.made.clear()
        cls.options.clear()
        cls.collecting.clear()
