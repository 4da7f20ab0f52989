"""The hand panel's cubes: rows of whole "colour count" cells in the width the panel has, in
every language.  Aligned in four columns, a French row ran a column past the side column's 33
and the terminal folded it between "eau" and its "0"; now the columns give up their alignment,
or a column, first."""

from __future__ import annotations

import pytest

from keythedral import lang
from keythedral.lang import LANGUAGES
from keythedral.tui.widgets.panels import HandPanel, cube_grid
from keythedral.vocab import COLOURS
from keythedral.words import terms
from tests.support.driver import past_handover
from tests.support.textshot import rows_in
from tests.support.tui_helpers import make_app, mid_game

COUNTS = (10, 1, 2, 3, 4, 5, 6, 7)  # a count of two digits: the widest cell


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("width", [33, 38, 44])
def test_the_rows_of_cubes_fit_their_width_each_colour_whole(code: str, width: int) -> None:
    lang.use(code)
    rows = cube_grid(COUNTS, width=width).plain.split("\n")
    cells = [f"{terms.colour(c)} {n}" for c, n in zip(COLOURS, COUNTS, strict=True)]
    assert max(map(len, rows)) <= width, rows
    assert " ".join(" ".join(rows).split()) == " ".join(cells), rows  # in order, none split
    assert len(rows) <= 3, rows


def test_english_keeps_its_four_aligned_columns() -> None:
    lang.use("en")  # (in the pseudo run too)
    assert cube_grid(COUNTS, width=33) == cube_grid(COUNTS)
    assert len(cube_grid(COUNTS).plain.split("\n")) == 2


async def test_the_french_hand_at_80x24_has_three_rows_of_whole_colours() -> None:
    """(Aligned in four columns it took four rows there: "eau 0" alone on the second, the
    fourth column having run past the row.)"""
    lang.use("fr")
    app = make_app(saved=mid_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await past_handover(pilot)
        hand = app.screen.query_one(HandPanel)
        rows = [r.strip("│ ") for r in rows_in(app, hand)[1:-1]]
        laws = lang._("laws: {laws}").partition("{")[0].strip()  # the row after the cubes
        cubes = rows[: next(i for i, r in enumerate(rows) if r.startswith(laws))]
        assert len(cubes) == 3, rows
        words = " ".join(cubes).split()
        named = [w for w in words if not w.isdigit()]
        assert named == [terms.colour(c) for c in COLOURS], rows  # one word each in French
        assert all(words[i + 1].isdigit() for i, w in enumerate(words) if not w.isdigit())
