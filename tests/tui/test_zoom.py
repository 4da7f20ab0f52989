"""The map's zoom levels: the largest that fits the pane is chosen at the start and at every
resize, - and + change it by hand, and at every level the board reads the same (letters,
cottages, workers, fences, targets), clicks pick the cell under them and nothing but ASCII is
drawn with --ascii."""

from __future__ import annotations

import random
import re
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import pytest
from textual.geometry import Offset
from textual.widgets import ContentSwitcher

from keythedral import lang
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.widgets.board import Cell, FieldMap
from keythedral.tui.widgets.map_looks import (
    COMPACT,
    LARGE,
    LARGEST,
    LEVELS,
    NORMAL,
    QUADRANTS,
    SMALL,
    board_bounds,
)
from keythedral.vocab import FIELD_LETTER, FIELD_YIELD
from keythedral.words import terms
from tests.support.driver import map_colours, past_handover, take
from tests.support.textshot import screen_text
from tests.support.tui_helpers import busy_game, config, laid_out, make_app, mid_game

if TYPE_CHECKING:
    from keythedral.engine import PlayerView

Pilot = Any
SMALLEST = ["minus"] * len(LEVELS)


def board_of(app: Any) -> FieldMap:
    return app.screen.query_one(FieldMap)


async def shown(pilot: Pilot) -> tuple[FieldMap, PlayerView]:
    """Past the privacy screen: the map, and the view it draws."""
    await past_handover(pilot)
    board = board_of(pilot.app)
    assert board.view is not None
    return board, board.view


def at(board: FieldMap, cell: Cell) -> Offset:
    """Where ``cell`` is on the screen; it must be in sight."""
    offset = board.cell_offset(cell)
    assert offset is not None, cell
    return offset


def no_scrolling(board: FieldMap) -> bool:
    return board.max_scroll_x == 0 and board.max_scroll_y == 0


def assert_fits_best(board: FieldMap) -> None:
    """The level is the largest that fits the pane (or the smallest, when none fits)."""
    assert board.fits(board.level) or board.level == 0
    assert all(not board.fits(i) for i in range(board.level + 1, len(LEVELS)))


# --- the level fits the pane ---------------------------------------------------------------
@pytest.mark.parametrize("seed", [3, 92, 120, 227])
async def test_a_five_player_board_fits_80x24_with_every_field_letter(seed: int) -> None:
    """Laid out at random (92 and 227 are thirteen fields wide with their cottages, 120 eleven
    fields tall): the whole board shows without scrolling, each field with its letter and
    each cottage with its player's letter and number."""
    app = make_app(saved=laid_out(seed))
    async with app.run_test(size=(80, 24)) as pilot:
        board, view = await shown(pilot)
        assert len(view.fields) == 29
        assert no_scrolling(board), (board.lv.name, board.virtual_size, board.size)
        assert_fits_best(board)
        lines = screen_text(app).splitlines()
        for f in view.fields:
            x, y = at(board, ("field", f.pos))
            assert lines[y][x] == FIELD_LETTER[f.type], (f, lines[y])
        for home in view.cottages:
            x, y = at(board, ("corner", home.corner))
            label = f"{app.tokens[home.seat]}{home.number}"
            assert label in lines[y][x - 1 : x + 2].upper(), (home, lines[y])


def test_the_compact_level_is_narrow_enough_for_every_five_player_layout() -> None:
    """In the 42 x 21 cells of the map at 80x24, on a hundred random five-player layouts: the
    compact level is never too wide, and too tall only for a few boards eleven or twelve
    fields high (with cottages above and below)."""
    from keythedral import engine

    wide = tall = 0
    for seed in range(100):
        state = laid_out(seed).state
        bounds = board_bounds(engine.view(state, 0))
        size = COMPACT.size(bounds, bounds.rim)
        wide += size.width > 42
        tall += size.height > 21
    assert wide == 0 and tall <= 5, (wide, tall)


@pytest.mark.parametrize("seed", [3, 92, 120, None])
async def test_at_160x48_the_board_spans_most_of_its_pane(seed: int | None) -> None:
    """Five-player boards just laid out, and a three-player game in round 3 (None)."""
    app = make_app(saved=mid_game() if seed is None else laid_out(seed))
    async with app.run_test(size=(160, 48)) as pilot:
        board, _ = await shown(pilot)
        assert no_scrolling(board)
        assert_fits_best(board)
        assert board.level >= LEVELS.index(NORMAL)
        assert board.virtual_size.width >= 0.7 * board.size.width, (
            board.lv.name,
            board.virtual_size,
            board.size,
        )


async def test_the_level_fits_again_at_each_resize_and_a_chosen_one_holds_till_then() -> None:
    app = make_app(config())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = board_of(app)
        assert_fits_best(board)
        first = board.level
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        assert board.level > first and no_scrolling(board)
        assert_fits_best(board)
        top = board.level
        await pilot.press("minus")
        assert board.level == top - 1 and board.manual
        assert "Map zoom: " in screen_text(app)
        await pilot.press("n", "enter")  # a field laid: the board grows, the level holds
        await pilot.pause()
        assert app.session is not None and len(app.session.actions) == 1
        assert board.level == top - 1
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert not board.manual
        assert_fits_best(board)


async def test_minus_and_plus_stop_at_the_ends_and_say_so() -> None:
    app = make_app(config())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        board = board_of(app)
        await pilot.press("t")  # the mats: zooming brings the map back
        await pilot.press(*SMALLEST)
        assert board.level == 0 and app.screen.query_one(ContentSwitcher).current == "map"
        assert "The map is at its smallest zoom already." in screen_text(app)
        await pilot.press(*["plus"] * len(LEVELS))
        assert board.level == len(LEVELS) - 1
        assert "The map is at its largest zoom already." in screen_text(app)
        await pilot.press("minus")
        assert f"Map zoom: large ({len(LEVELS) - 1} of {len(LEVELS)})." in screen_text(app)


# --- every level reads the same -------------------------------------------------------------
async def test_clicks_pick_the_cell_under_them_at_every_level() -> None:
    """Fields and cottages all over the board, clicked on either end of the letter's line or
    of the label, move the cursor there; a click on a target places the worker there."""
    app = make_app(saved=busy_game())
    async with app.run_test(size=(220, 60)) as pilot:  # the largest level fits beside the side
        board, view = await shown(pilot)
        await pilot.press(*SMALLEST)
        for level in LEVELS:
            assert board.lv is level and no_scrolling(board)
            cells = level.px - 2 if level.boxed else level.px - 1  # on the letter's line
            spread = (0, cells - 1)
            for f in view.fields[::6]:
                if ("field", f.pos) in board.targets:
                    continue
                x, y = at(board, ("field", f.pos)) - board.region.offset
                for dx in spread:
                    await pilot.click(FieldMap, offset=(x + dx, y))
                    assert board.cursor == ("field", f.pos), (level.name, f, dx)
            for home in view.cottages[::6]:
                x, y = at(board, ("corner", home.corner)) - board.region.offset
                for dx in (0, 1) if level.compact else (-1, 1):  # on its label
                    await pilot.click(FieldMap, offset=(x + dx, y))
                    assert board.cursor == ("corner", home.corner), (level.name, home, dx)
            await pilot.press("plus")
        assert app.session is not None
        before = len(app.session.actions)
        target = sorted(board.targets)[0]
        await pilot.click(FieldMap, offset=at(board, target) - board.region.offset)
        await pilot.pause()
        assert len(app.session.actions) == before + 1
        placed = app.session.actions[-1]
        assert placed.kind == "place_worker" and ("field", tuple(placed.field)) == target


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
async def test_a_click_on_a_marked_spot_lays_the_tile_at_every_level(level: Any) -> None:
    app = make_app(config())
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        board = board_of(app)
        await pilot.press(*SMALLEST, *["plus"] * LEVELS.index(level))
        assert board.lv is level
        target = sorted(board.targets)[-1]
        await pilot.click(FieldMap, offset=at(board, target) - board.region.offset)
        await pilot.pause()
        assert app.session is not None
        assert [(a.kind, tuple(a.pos)) for a in app.session.actions] == [("place_field", target[1])]


@pytest.mark.parametrize("level", [COMPACT, SMALL], ids=lambda lv: lv.name)
async def test_the_levels_without_boxes_keep_every_piece_apart(level: Any) -> None:
    """Workers, houses and cottages, the Keythedral, fences and targets, each with a mark of
    its own, and a line under the board says what the marks mean."""
    app = make_app(saved=busy_game())
    async with app.run_test(size=(100, 32)) as pilot:
        board, view = await shown(pilot)
        await pilot.press(*SMALLEST, *["plus"] * LEVELS.index(level))
        assert board.lv is level and no_scrolling(board)
        assert view.fences and any(c.house for c in view.cottages)
        lines = screen_text(app).splitlines()
        tokens = app.tokens
        for w in view.workers:
            x, y = at(board, ("field", w.field))
            mark = tokens[w.seat].lower() if level.compact else f"●{tokens[w.seat]}"
            assert lines[y + (0 if level.compact else 1)][x + 1 :].startswith(mark)
        for home in view.cottages:
            x, y = at(board, ("corner", home.corner))
            token = tokens[home.seat]
            if level.compact:  # a house in capitals, a cottage in small letters
                label = f"{token if home.house else token.lower()}{home.number}"
                assert lines[y][x : x + 2] == label
            else:
                assert (
                    lines[y][x - 1 : x + 2] == f"{token}{home.number}{'⌂' if home.house else ' '}"
                )
        assert view.keythedral is not None
        x, y = at(board, ("corner", view.keythedral))
        assert lines[y][x : x + 2] == "K*" if level.compact else lines[y][x - 1 : x + 2] == "[K]"
        for fence in view.fences:  # a quarter block in the gap, toward the field and the corner
            x, y = at(board, ("field", fence.field))
            right = fence.corner[0] == fence.field[0]
            below = fence.corner[1] == fence.field[1]
            glyph = lines[y + (level.py - 2 if below else 0)][x + level.px - 1 if right else x - 1]
            if glyph in "▶◀":
                continue  # the cursor's arrows, drawn over the gap
            bit = (1 if right else 2) << (2 if below else 0)
            assert QUADRANTS.index(glyph) & bit, (fence, glyph)
        for target in board.targets:
            x, y = at(board, target)
            assert "+" in lines[y][x + 1 : x + level.px]
        assert "cottage" in lines[board.region.bottom - 1]  # the legend


@pytest.mark.english  # the boxes' English words (the map cuts longer ones with …)
async def test_the_larger_levels_tell_yield_and_owner_never_a_position() -> None:
    """A field's box says what it yields and whose worker stands on it, by the owner's whole
    name; never where it lies in numbers ("(-1,-1)": the cursor and the info line say that)."""
    app = make_app(saved=busy_game())
    async with app.run_test(size=(240, 70)) as pilot:
        board, view = await shown(pilot)
        workers = {w.field: w.seat for w in view.workers}
        names = [p.name for p in view.players]
        for level in (LARGE, LARGEST):
            await pilot.press(*["plus"] * len(LEVELS), *["minus"] * (LEVELS[-1] is not level))
            assert board.lv is level
            lines = screen_text(app).splitlines()
            for f in view.fields:
                x, y = at(board, ("field", f.pos))
                box = [line[x : x + level.px - 3] for line in lines[y : y + level.py - 2]]
                text = " ".join(box)
                assert FIELD_YIELD[f.type] in text, box
                assert not re.search(r"-?\d+,-?\d+", text), box
                if level is LARGEST:
                    assert f.type in box[0] and f"yields {FIELD_YIELD[f.type]}" in box[1]
                if f.pos in workers:
                    seat = workers[f.pos]
                    assert f"●{app.tokens[seat]} {names[seat]}" in text, box
            board_text = "\n".join(line[board.region.x : board.region.right] for line in lines)
            assert not re.search(r"\(-?\d+,-?\d+\)", board_text), board_text


async def test_ascii_and_ansi_colours_hold_at_every_level() -> None:
    from rich.color import ColorType

    app = make_app(saved=busy_game(), ascii=True)
    async with app.run_test(size=(160, 48)) as pilot:
        board, _ = await shown(pilot)
        app.theme = "ansi-dark"
        await pilot.press(*SMALLEST)
        for level in LEVELS:
            assert board.lv is level
            await pilot.pause()
            assert screen_text(app).isascii(), level.name
            colours = map_colours(board)
            assert colours and all(c.type is ColorType.STANDARD for c in colours), level.name
            await pilot.press("plus")


async def test_the_cursor_keys_stay_on_the_drawn_board_at_every_level() -> None:
    """From each edge of the board, a step further leaves the cursor there, in sight: on
    fields, and on corners (which reach one further out only where the margin has room)."""
    app = make_app(saved=laid_out(3))  # no targets: the cursor walks either lattice
    async with app.run_test(size=(160, 48)) as pilot:
        board, _ = await shown(pilot)
        await pilot.press(*SMALLEST)
        for level in LEVELS:
            assert board.lv is level
            for lattice in ("field", "corner"):
                for key, dx, dy in (("h", -1, 0), ("j", 0, 1), ("k", 0, -1), ("l", 1, 0)):
                    board.set_cursor((lattice, (99 * dx, 99 * dy)))  # as far as it goes
                    edge = board.cursor
                    await pilot.press(key)
                    assert board.cursor == edge, (level.name, lattice, key)
                    assert board.cursor_offset() is not None, (level.name, lattice, key)
                    assert app.cursor_position == board.cursor_offset()
            await pilot.press("plus")


async def test_names_as_written_keep_the_largest_level_in_line() -> None:
    """Wide characters take two cells and are cut whole: every line of the map is as wide
    as the map."""
    from keythedral.engine import GameConfig
    from tests.support.tui_helpers import saved_game

    names = ["山田太郎さん", "Zoë Éloïse", "Ünal"]
    cfg = GameConfig(players=names, seed=3, no_laws=True)
    saved = saved_game(
        cfg, lambda s: s.round == 2 and s.phase == "place_workers" and len(s.workers) >= 3
    )
    app = make_app(saved=saved)
    async with app.run_test(size=(240, 70)) as pilot:
        board, view = await shown(pilot)
        await pilot.press(*["plus"] * len(LEVELS))
        assert board.lv is LARGEST
        width = board.size.width
        assert all(board.render_line(y).cell_length == width for y in range(board.size.height))
        lines = screen_text(app).splitlines()
        assert view.workers
        shown_as = {0: "山田太郎…", 1: "Zoë Éloïse", 2: "Ünal"}  # cut whole, and said so
        for w in view.workers:  # the owner's name after the worker's mark, cut to the box
            _, y = at(board, ("field", w.field))
            assert f"●{app.tokens[w.seat]} {shown_as[w.seat]}" in lines[y + 2], lines[y + 2]


# --- through the layout, and at 160x48 ---------------------------------------------------------
POSITION = re.compile(r"\(-?\d+,-?\d+\)")


def map_text(app: Any) -> str:
    """What the map pane shows, line by line."""
    board = board_of(app).region
    lines = screen_text(app).splitlines()[board.y : board.bottom]
    return "\n".join(line[board.x : board.right] for line in lines)


async def play_at_random(pilot: Pilot, seed: int, until: Any, look: Any = None) -> None:
    """Choices at random (a hand-over passed with Enter) until ``until(state)``; ``look()``
    at every decision, before it is taken."""
    app = pilot.app
    session = app.session
    rng = random.Random(seed)
    while not until(session.state):
        await pilot.pause()
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
            continue
        if look is not None:
            look()
        seat = app.keyboard
        assert seat is not None
        await take(pilot, app, rng.choice(session.legal_for(seat)))
    await pilot.pause()


async def test_no_field_is_labelled_with_its_position_at_160x48() -> None:
    """Laid fields and the places a tile may go: at the start of the layout (the largest
    level) and in round 1 (the worker's owner named)."""
    app = make_app(config(3), strict_privacy=False)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        board = board_of(app)
        assert board.targets and board.level >= LEVELS.index(LARGE)
        assert not POSITION.search(map_text(app)), map_text(app)
        await play_at_random(pilot, 1, lambda s: s.phase != "layout" and s.workers)
        text = map_text(app)
        assert not POSITION.search(text), text
        session = app.session
        worker = session.state.workers[0]
        name = session.config.players[worker.seat]
        assert f"●{app.tokens[worker.seat]} {name}" in text, text


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
async def test_the_zoom_level_holds_through_the_layout(size: tuple[int, int]) -> None:
    """A whole layout of three, laid at random: from laying a field to placing a cottage the
    level never goes up; it goes down only when the board has grown past the pane, and up
    at most once, when the last tile is laid."""
    app = make_app(config(3), strict_privacy=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = board_of(app)
        seen: list[tuple[int, int]] = []  # (tiles left in the stack, level), as they change

        def look() -> None:
            now = (len(app.session.state.field_stack), board.level)
            if not seen or seen[-1] != now:
                seen.append(now)
            assert board.fits(board.level) or board.level == 0, (board.lv.name, seen)

        await play_at_random(pilot, 7, lambda s: s.phase != "layout", look)
        seen.append((0, board.level))
        levels = [level for left, level in seen if left]
        assert levels == sorted(levels, reverse=True), seen
        ups = sum(b > a for (_, a), (_, b) in pairwise(seen))
        assert ups <= 1, seen


async def test_the_larger_levels_say_the_fields_words_in_the_readers_language() -> None:
    """The words in a field's box are the reader's: in French the woods yield « bois », not
    the colour's id; a word longer than the box is cut with "…", never spills over its edge."""
    lang.use("fr")
    app = make_app(saved=busy_game())
    async with app.run_test(size=(240, 70)) as pilot:
        board, view = await shown(pilot)
        for level in (LARGE, LARGEST):
            await pilot.press(*["plus"] * len(LEVELS), *["minus"] * (LEVELS[-1] is not level))
            lines = screen_text(app).splitlines()
            for f in view.fields:
                x, y = at(board, ("field", f.pos))
                box = [line[x : x + level.px - 3] for line in lines[y : y + level.py - 2]]
                colour = terms.colour(FIELD_YIELD[f.type])
                assert colour[:4] in " ".join(box), box  # whole, or its start and "…"
                assert FIELD_YIELD[f.type] not in " ".join(box).split(), box
                if level is LARGEST:
                    assert terms.field_name(f.type)[:4] in box[0], box
