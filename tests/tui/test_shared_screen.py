"""Phase 1 on the shared screen: a player's numbers and workers are chosen with the table
watching, their hand one key away behind the privacy screen; forced public moves play
themselves; --strict-privacy keeps a privacy screen before every decision."""

from __future__ import annotations

import re

import pytest

from keythedral import engine
from keythedral.records.persistence import SavedGame
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.words.text import law_name
from tests.support.driver import hand_over, panel
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import NAMES, config, make_app, saved_game

SIZE = (100, 32)
PRIVATE = re.compile(r"(\w+)'s screen \(private\)")


def at_phase_1(state: engine.GameState) -> bool:
    return engine.decision(state) in ("choose_work_order", "place_worker") and any(
        p.laws for p in state.players
    )


async def test_phase_1_is_played_on_the_shared_screen_with_the_hand_one_key_away() -> None:
    saved = saved_game(config(3), at_phase_1, procure=0.6)
    assert at_phase_1(saved.state)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        seat = session.state.to_act[0]
        assert not isinstance(app.screen, HandoverScreen)
        assert app.keyboard == seat and app.hand_up is None
        text = screen_text(app)
        assert PRIVATE.findall(text) == []  # nobody's hand on the shared screen
        for player in session.state.players:
            for card in player.laws:
                assert read(law_name(card)) not in text, card
        choices = panel(app).choices
        assert not any(c.action is not None and c.action.kind == "play_law" for c in choices)
        hand = choices[-1]
        assert hand.command == "hand" and hand.key == "r"
        keybar = text.splitlines()[-1]
        assert " r Hand " in keybar and "Laws" not in keybar  # the key bar says the same
        # r: the privacy screen for that player, then their own hand.
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == NAMES[seat]
        await hand_over(pilot, app)
        text = screen_text(app)
        assert PRIVATE.findall(text) == [NAMES[seat]]
        assert app.hand_up == seat
        keybar = text.splitlines()[-1]
        assert "Hand" not in keybar
        assert (" r Laws " in keybar) == bool(session.state.players[seat].laws)


async def test_the_table_watches_phase_1_without_a_privacy_screen() -> None:
    """Through a whole phase 1: no privacy screen, and no decision of a single choice waits
    for a key (with no law cards in play, forced moves play themselves)."""
    saved = saved_game(config(4, no_laws=True), lambda s: engine.decision(s) == "choose_work_order")
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        start_round = session.state.round
        while session.state.phase == "place_workers" and session.state.round == start_round:
            assert not isinstance(app.screen, HandoverScreen)
            plays = [c for c in panel(app).choices if c.command != "hand"]
            assert len(plays) > 1, [c.text for c in plays]  # one choice would have played itself
            await pilot.press("enter")
            await pilot.pause()
        assert session.state.phase != "place_workers" or session.state.round > start_round


async def test_strict_privacy_keeps_the_privacy_screen_in_phase_1() -> None:
    saved = saved_game(config(3), at_phase_1, procure=0.6)
    app = make_app(saved=saved, strict_privacy=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)


async def test_a_new_game_keeps_the_unfinished_one_as_a_save(_data_dir) -> None:
    """No game is ever lost: starting a new game over an unfinished autosave keeps that game as
    a named save, which the load dialog lists and which loads as it was."""
    from keythedral.records import persistence

    first = config(3)
    app = make_app(first, autosave=True)
    said: list[str] = []
    notify = app.notify

    def noting(message: str, **kw) -> None:
        said.append(read(kw.get("title", "")))
        notify(message, **kw)

    app.notify = noting  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        session = app.session
        assert session is not None and session.actions
        played = tuple(session.actions)
        app.start_game(config(4))
        await pilot.pause()
        app.files.saver.flush()
        kept = persistence.list_saves()
        assert len(kept) == 1 and kept[0].stem.startswith("unfinished-")
        old = persistence.load(kept[0])
        assert old.config == first and old.actions == played
        assert persistence.load(persistence.autosave_path()).config == config(4)
        await pilot.pause()
        assert "Unfinished game kept" in said


def fenced_off_by_another() -> SavedGame:
    """A game in phase 3 just after a fence cut another player's cottage off every field it
    touches: its owner must move it, in the middle of the fence builder's turn."""
    for seed in range(60):
        cfg = config(seed, no_laws=True)
        saved = saved_game(cfg, lambda s: engine.decision(s) == "spend", seed=seed)
        state = saved.state
        for action in engine.legal_actions(state):
            if action.kind != "build_fence":
                continue
            after = engine.apply(state, action)
            if engine.decision(after) == "relocate" and after.to_act[0] != action.seat:
                return SavedGame(cfg, (*saved.actions, action), after)
    raise AssertionError("no game in which a fence cuts off another player's cottage")


async def test_moving_a_fenced_off_cottage_is_done_on_the_shared_screen() -> None:
    """Where a fenced-off cottage goes decides nothing private (the free corners are on the
    board): its owner moves it with the table watching, the fence builder's hand put away,
    and the next spender gets the privacy screen as before."""
    saved = fenced_off_by_another()
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        owner = session.state.to_act[0]
        assert not isinstance(app.screen, HandoverScreen)
        assert app.keyboard == owner and app.hand_up is None
        assert PRIVATE.findall(screen_text(app)) == []  # nobody's hand, the builder's neither
        moves = [c for c in panel(app).choices if c.action is not None]
        assert moves and {c.action.kind for c in moves} == {"relocate_cottage"}
        await pilot.press("enter")
        await pilot.pause()
        assert engine.decision(session.state) == "spend"
        assert isinstance(app.screen, HandoverScreen)  # the next spend is private again


async def test_strict_privacy_hands_over_for_a_fenced_off_cottage() -> None:
    app = make_app(saved=fenced_off_by_another(), strict_privacy=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)


async def test_a_note_does_not_outlive_the_hand_over() -> None:
    """The info line's last message was for the moment before the keyboard passed."""
    saved = saved_game(config(3), lambda s: engine.decision(s) == "spend")
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        await hand_over(pilot, app)
        screen = app.game_screen
        assert screen is not None
        screen.say("Ann: worker to the farm (the only choice).", public=True)
        session = app.session
        assert session is not None
        app.mode.hand_over(session, (session.state.to_act[0] + 1) % 3, None)
        await pilot.pause()
        await hand_over(pilot, app)
        assert "(the only choice)" not in screen_text(app)


async def test_the_last_forced_worker_of_phase_1_is_not_said_to_the_first_spender() -> None:
    """Phase 1 ends with a worker that had one field to go to: said on the shared screen if
    anyone is there to read it, never carried behind the privacy screen into phase 3."""
    for seed in range(8):
        saved = saved_game(
            config(seed, no_laws=True), lambda s: engine.decision(s) == "choose_work_order"
        )
        app = make_app(saved=saved, strict_privacy=False)
        forced = False
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            session = app.session
            assert session is not None
            while session.state.phase == "place_workers":
                before = len(session.actions)
                await pilot.press("enter")
                await pilot.pause()
                forced = forced or len(session.actions) > before + 1
            if not forced:
                continue
            assert isinstance(app.screen, HandoverScreen)
            await hand_over(pilot, app)
            assert "(the only choice)" not in screen_text(app)
            return
    raise AssertionError("no phase 1 with a forced worker")


async def test_a_privacy_screen_replaced_by_another_leaves_the_new_one_known() -> None:
    """The replaced screen's answer (None) comes after the new one is up: it must not make the
    mode forget the privacy screen now on show."""
    saved = saved_game(config(3), lambda s: engine.decision(s) == "spend")
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None and isinstance(app.screen, HandoverScreen)
        seat = session.state.to_act[0]
        app.mode.hand_over(session, seat, None)  # replaces the one on show
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert app.mode.handing_over


def nobody_bid(state: engine.GameState) -> bool:
    """B's last word in the bidding, nobody having bid: it may only pass, whatever it holds."""
    b = state.bidding
    return (
        engine.decision(state) == "bid"
        and b is not None
        and b.order[0] == b.holder
        and b.high == 0
        and not state.players[b.holder].laws
    )


async def test_when_nobody_has_bid_the_holders_pass_plays_itself_on_the_shared_screen() -> None:
    """A privacy screen would hide nothing: with no bid to match, B's only choice is to pass
    whatever its cubes. It plays itself, said on the info line, and B names the start player
    with the table watching."""
    saved = saved_game(config(3, no_laws=True), nobody_bid)
    assert nobody_bid(saved.state)
    holder = saved.state.bidding.holder
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        taken = session.actions[len(saved.actions)]
        assert taken.kind == "pass_bid" and taken.seat == holder
        assert not isinstance(app.screen, HandoverScreen)
        assert engine.decision(session.state) == "choose_start_player"
        text = screen_text(app)
        assert f"{NAMES[holder]}: pass (no bid) (the only choice)." in text
        assert PRIVATE.findall(text) == []
    # With strict privacy the holder still gets the privacy screen and the key.
    app = make_app(saved=saved, strict_privacy=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert app.session is not None and len(app.session.actions) == len(saved.actions)


async def test_the_hand_line_says_what_the_hand_is_for() -> None:
    """How many law cards each holds is public: a player holding none is offered a look at
    their cubes, one holding a card the card."""
    for holds in (False, True):

        def deciding(s: engine.GameState, holds: bool = holds) -> bool:
            if not at_phase_1(s) or bool(s.players[s.to_act[0]].laws) != holds:
                return False
            return len([a for a in engine.legal_actions(s) if a.kind != "play_law"]) > 1

        saved = saved_game(config(3), deciding, procure=0.6)
        assert deciding(saved.state)
        app = make_app(saved=saved, strict_privacy=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            hand = panel(app).choices[-1]
            assert hand.command == "hand"
            why = "play a law card" if holds else "look at your cubes"
            assert read(hand.text).endswith(f"'s hand: {why} (the others look away first)")


@pytest.mark.parametrize(
    "seats",
    [("human", "human", "greedy"), ("greedy", "human", "human"), ("human", "greedy", "human")],
)
async def test_with_a_computer_player_a_hand_never_shows_without_its_privacy_screen(
    seats: tuple[str, ...],
) -> None:
    """Two whole rounds: a person's hand is on screen only after their own privacy screen,
    with no shared screen since (once, after a bot's move in phase 1, the next person's hand
    came up in front of the table)."""
    from tests.support.driver import settle

    saved = saved_game(config(3), at_phase_1, procure=0.6)
    app = make_app(saved=saved, seats=seats, strict_privacy=False, bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        assert session is not None
        handed: str | None = None  # the person the last privacy screen went to
        shared_seen = 0
        phases: set[str] = set()
        for _ in range(400):
            await settle(pilot, app)
            if session.over or session.state.round > saved.state.round + 1:
                break
            phases.add(session.state.phase)
            if isinstance(app.screen, HandoverScreen):
                handed = app.screen.player
                await pilot.press("enter")
                continue
            text = screen_text(app)
            if "Shared screen" in text:
                handed, shared_seen = None, shared_seen + 1
            assert PRIVATE.findall(text) in ([], [handed]), (handed, text)
            await pilot.press("enter")
        assert shared_seen >= 5 and session.state.round > saved.state.round + 1
        assert {"place_workers", "spend", "bidding"} <= phases
