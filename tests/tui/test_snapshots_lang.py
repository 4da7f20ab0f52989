"""SVG snapshots of the main screens at 80x24 in French and Dutch (issue 31): the words are the
catalogues', the layout the same as in English, and nothing cut that fits in English.

Update with ``pytest -n 0 tests/tui/test_snapshots_lang.py --snapshot-update`` after a change
of the look or of a translation, and review the SVGs in ``tests/tui/__snapshots__``.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from keythedral import lang
from tests.support.driver import past_handover
from tests.support.tui_helpers import config, make_app, mid_game, saved_game

SnapCompare = Any
LANGUAGES = pytest.mark.parametrize("code", ["fr", "nl"])
SIZE = (80, 24)


@LANGUAGES
def test_game_screen(snap_compare: SnapCompare, code: str) -> None:
    lang.use(code)
    app = make_app(saved=mid_game())
    assert snap_compare(app, terminal_size=SIZE, run_before=past_handover)


@LANGUAGES
def test_mats(snap_compare: SnapCompare, code: str) -> None:
    lang.use(code)
    app = make_app(saved=mid_game())

    async def show_mats(pilot: Pilot[Any]) -> None:
        await past_handover(pilot)
        await pilot.press("t")

    assert snap_compare(app, terminal_size=SIZE, run_before=show_mats)


@LANGUAGES
def test_privacy_screen(snap_compare: SnapCompare, code: str) -> None:
    lang.use(code)
    app = make_app(saved=mid_game())
    assert snap_compare(app, terminal_size=SIZE)


@LANGUAGES
def test_new_game_screen(snap_compare: SnapCompare, code: str) -> None:
    lang.use(code)
    app = make_app(seed=1234)
    assert snap_compare(app, terminal_size=SIZE)


@LANGUAGES
def test_scores_screen(snap_compare: SnapCompare, code: str) -> None:
    lang.use(code)
    app = make_app(saved=saved_game(config(5), lambda s: False))
    assert snap_compare(app, terminal_size=SIZE)


@LANGUAGES
def test_help_screen(snap_compare: SnapCompare, code: str) -> None:
    lang.use(code)
    app = make_app(saved=mid_game())

    async def open_help(pilot: Pilot[Any]) -> None:
        await past_handover(pilot)
        await pilot.press("question_mark")

    assert snap_compare(app, terminal_size=SIZE, run_before=open_help)
