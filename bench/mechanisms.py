"""Start the app with some of its frame-saving mechanisms turned off, to measure what each earns.

``KEYTHEDRAL_BENCH_OFF`` names them, comma-separated; the rest of the command line is the
app's (``python bench/mechanisms.py --players Ann Bob Cy``).  ``bench_tui.py --off`` starts
the app this way.  Each switch puts back what Textual (or the app) does without the mechanism:

- ``collector``: the cyclic garbage collector runs as usual while a key is answered
  (tui/collector.py).
- ``snug``: widgets that never scroll are laid out again when their text changes height
  (``SnugSize``, tui/widgets/panels.py).
- ``veil``: the board is drawn again in full when the privacy screen is about to cover it
  (``GameScreen.veil``).
- ``covered``: the board under the opaque privacy screen counts as shown, as Textual has it
  (``BaseScreen.is_current``).
- ``privacy``: a new privacy screen is built at every hand-over (``GameMode.privacy_screen``).
- ``lines``: the map repaints whole, not the rows that changed, and a text is updated even
  when it shows just that (``FieldMap._refresh_rows``, ``panels.update_static``).
"""

from __future__ import annotations

import os
import runpy
import sys
from typing import Any

MECHANISMS = ("collector", "snug", "veil", "covered", "privacy", "lines")


def turn_off(names: set[str]) -> None:
    unknown = names - set(MECHANISMS)
    if unknown:
        raise SystemExit(f"unknown mechanisms: {', '.join(sorted(unknown))}")
    if "collector" in names:
        from keythedral.tui.collector import KeyCollector

        KeyCollector.hold = lambda self: None  # type: ignore[method-assign]
    if "snug" in names:
        from keythedral.tui.widgets import panels

        if "virtual_size" in vars(panels.SnugSize):  # Widget's own reactive (a layout) again
            del panels.SnugSize.virtual_size
    if "veil" in names:
        from keythedral.tui.screens.game import GameScreen

        GameScreen.veil = GameScreen.refresh_game  # type: ignore[method-assign]
    if "covered" in names:
        from textual.screen import Screen

        from keythedral.tui.screens.base import BaseScreen

        BaseScreen.is_current = Screen.is_current  # type: ignore[method-assign]
    if "privacy" in names:
        from keythedral.tui.mode import GameMode
        from keythedral.tui.screens.handover import HandoverScreen

        GameMode.privacy_screen = lambda self: HandoverScreen()  # type: ignore[method-assign]
    if "lines" in names:
        from keythedral.tui.widgets import board, panels

        board.FieldMap._refresh_rows = lambda self, rows: self.refresh()  # type: ignore[method-assign]

        def update_static(static: Any, content: Any, *, layout: bool = True) -> None:
            static.update(content, layout=layout)

        for module in list(sys.modules.values()):
            if getattr(module, "update_static", None) is panels.update_static:
                module.update_static = update_static  # type: ignore[attr-defined]


def main() -> None:
    off = {name for name in os.environ.get("KEYTHEDRAL_BENCH_OFF", "").split(",") if name}
    # Every module the switches patch is imported before the app starts.
    import keythedral.tui.app
    import keythedral.tui.screens.game  # noqa: F401

    turn_off(off)
    sys.argv = ["keythedral", *sys.argv[1:]]
    runpy.run_module("keythedral", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
