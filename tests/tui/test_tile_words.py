"""Building tiles are named as a player names them, never by their ids (issue 27: "s1-03"
where a player wants the tile's stage, seat value and cost): the choice lines, the law cards'
lines, the log and the info line, the mats and the hands.  The ids stay in the files."""

from __future__ import annotations

import random
import re

from keythedral import engine
from keythedral.engine.catalogue import tile_words
from keythedral.words import narration
from keythedral.words.text import describe, seats_text, tile_text
from tests.support.driver import started
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import choose, config, make_app, saved_game

ID = re.compile(r"\bs\d-\d\d\b")


def test_a_tile_is_named_by_its_stage_and_cost() -> None:
    assert read(tile_words("s2-03")) == "the stage 2 tile (2 stone + 1 food)"
    assert read(tile_text("s1-05")) == "the stage 1 tile (1 wood + 1 food)"
    tiles = narration.tiles_words(["s1-02", "s1-05"])
    assert read(tiles) == "1 wood + 1 stone, 1 wood + 1 food"
    assert read(seats_text(("s1-01", "s3-04", "s3-07"), "classic")) == "1 + 3 + 3 = 7 points"
    assert read(seats_text(("s2-01",), "second")) == "6 points"
    assert read(seats_text((), "classic")) == "none"


def test_no_line_of_a_whole_game_names_a_tile_by_its_id() -> None:
    """Every legal action's line (law cards with their tiles too) and every event of three
    whole games, with law cards procured and played."""
    seen_laws_on_tiles = 0
    for seed in range(3):
        cfg = config(seed)
        state, rng = engine.new_game(cfg), random.Random(seed)
        names = cfg.players
        told = 0
        while state.to_act:
            seat = state.to_act[0]
            view = engine.view(state, seat)
            legal = engine.legal_actions(state)
            for action in legal:
                line = describe(action, view)
                assert not ID.search(line), line
                seen_laws_on_tiles += action.kind == "play_law" and bool(action.tile)
            laws = [a for a in legal if a.kind == "play_law" and a.tile]
            action = laws[0] if laws and rng.random() < 0.5 else choose(state, rng, procure=0.5)
            state = engine.apply(state, action)
            new = state.log[-(state.log_total - told) :] if state.log_total > told else ()
            told = state.log_total
            for event in new:
                sentence = narration.narrate(event, names)
                assert not ID.search(sentence), sentence
    assert seen_laws_on_tiles


def bought_some(state: engine.GameState) -> bool:
    return (
        engine.decision(state) == "spend"
        and state.round >= 3
        and any(p.buildings for p in state.players)
    )


async def test_the_mats_the_hand_and_the_list_show_no_tile_ids() -> None:
    saved = saved_game(config(3, no_laws=True), bought_some)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await started(pilot, app)
        board = screen_text(app)
        assert "For sale:" in board and "seats:" in board
        assert not ID.search(board), board
        await pilot.press("t")  # the mats
        await pilot.pause()
        mats = screen_text(app)
        assert "The Keythedral mat" in mats and "→" in mats
        assert not ID.search(mats), mats
