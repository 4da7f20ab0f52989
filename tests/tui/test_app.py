"""Pilot tests: short flows through the app's keys, with assertions on the rendered text."""

from __future__ import annotations

import gc
import random
import re
from pathlib import Path
from typing import Any

import pytest

from keythedral import engine, lang
from keythedral.engine import GameConfig, GameState
from keythedral.lang import LANGUAGES
from keythedral.records import persistence
from keythedral.records.autosave import AutoSaver
from keythedral.records.persistence import SavedGame
from keythedral.tui.app import KeythedralApp
from keythedral.tui.screens.drawn import DrawnLawScreen
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.screens.new_game import NewGameScreen
from keythedral.tui.screens.scores import ScoresScreen
from keythedral.tui.session import Session
from keythedral.tui.widgets.board import FieldMap
from keythedral.tui.widgets.decision import DecisionPanel
from keythedral.words.text import law_name
from tests.support.driver import hand_over, panel, press_choice, started, take
from tests.support.notices import notices
from tests.support.pseudo_screen import plain
from tests.support.textshot import drawn_text, read, rows_in, screen_text, words_in
from tests.support.tui_helpers import NAMES, choose, config, make_app, saved_game, steered_game

SIZE = (100, 32)
RAW_PLACE = re.compile(r"\(-?\d+, -?\d+\)")  # the engine's "(1, -2)"; people read "(1,-2)"
HAND_GRID = re.compile(r"wood \d+ +stone \d+ +food \d+")  # the private cube panel


def private_titles(text: str) -> list[str]:
    return [name for name in NAMES if f"{name}'s screen (private)" in text]


def assert_only_own_secrets(app: KeythedralApp, text: str) -> None:
    """The one private panel on screen is the keyboard seat's; no other hand's laws show."""
    session = app.session
    assert session is not None
    seat = app.keyboard
    if seat is None:
        assert private_titles(text) == []
        return
    assert private_titles(text) == [NAMES[seat]]
    assert len(HAND_GRID.findall(text)) == 1  # exactly one cube panel: the keyboard seat's
    mine = set(session.state.players[seat].laws)
    public = set(getattr(session.state, "law_discard", ()))
    for other, player in enumerate(session.state.players):
        if other != seat:
            for card in set(player.laws) - mine - public:
                assert read(law_name(card)) not in text, (NAMES[seat], card)


async def test_new_game_screen_starts_the_configured_game() -> None:
    app = KeythedralApp(animations=False, autosave=False, seed=42)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        text = screen_text(app)
        assert "Seed:" in text and "42" in text
        app.screen.query_one("#name-2").value = ""  # type: ignore[attr-defined]
        app.screen.query_one("#no_laws").value = True  # type: ignore[attr-defined]
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.session is not None
        cfg = app.session.config
        assert cfg.players == ("Ann", "Bob") and cfg.seed == 42 and cfg.no_laws
        assert "Ann must lay the next field tile" in words_in(app, "#decision #prompt")


async def test_new_game_screen_explains_a_bad_setup() -> None:
    app = KeythedralApp(animations=False, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for i in range(1, 5):
            app.screen.query_one(f"#name-{i}").value = ""  # type: ignore[attr-defined]
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "Cannot start: Keythedral needs 2 to 5 players" in screen_text(app)


async def test_layout_by_map_and_keys() -> None:
    app = make_app(config())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        board = app.screen.query_one(FieldMap)
        assert board.targets and board.cursor in board.targets
        # A cell that is not a target: the engine's reason is shown, nothing happens.
        board.set_cursor(("field", (5, 5)))
        await pilot.press("enter")
        assert session.actions == []
        assert "would not touch the board" in screen_text(app)
        # n jumps to a target, Enter lays the field there.
        await pilot.press("n", "enter")
        assert [a.kind for a in session.actions] == ["place_field"]
        # The cottage: Enter on a corner narrows the list to the numbers, 3 picks number 3.
        await pilot.press("enter")
        assert "cottage 3 at" in screen_text(app)
        await pilot.press("3")
        assert session.actions[-1].kind == "place_cottage" and session.actions[-1].number == 3
        # No privacy screen during the layout (nobody holds anything): Bob lays at once.
        assert isinstance(app.screen, GameScreen) and app.keyboard == 1
        assert "Bob must lay the next field tile" in words_in(app, "#decision #prompt")
        # The cursor keys move on the map (hjkl as well as arrows).
        start = board.cursor
        await pilot.press("l")
        assert board.cursor[1][0] == start[1][0] + 1


async def test_privacy_screen_at_every_hand_over() -> None:
    """A whole round through the app: every hand-over shows the opaque screen first, and no
    screen ever shows a hand other than the keyboard seat's."""
    cfg = config(4)
    saved = saved_game(cfg, lambda s: s.round >= 2 and s.phase == "place_workers", procure=0.6)
    assert any(p.laws for p in saved.state.players)
    app = make_app(saved=saved)
    rng = random.Random(1)
    handovers = recent_lines = drawn = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        while session.state.round < 3 and session.state.to_act:
            if isinstance(app.screen, HandoverScreen):
                target = app.screen.player
                recent_lines += len(app.screen.recent)
                text = await hand_over(pilot, app)
                handovers += 1
                assert f"Pass the keyboard to {target}" in text
                # Its recent events read as the log panel's: places as on the map, players
                # by name (not the engine's "(1, 0)" and "(target 2)").
                assert not RAW_PLACE.search(text) and "(target " not in text, text
                assert private_titles(text) == []
                assert "laws:" not in text and not HAND_GRID.search(text)
                assert app.keyboard == NAMES.index(target)
                assert_only_own_secrets(app, screen_text(app))
                continue
            text = screen_text(app)
            if isinstance(app.screen, DrawnLawScreen):  # a law just drawn, for its drawer only
                assert app.screen.card in session.state.players[app.keyboard or 0].laws
                assert f"{NAMES[app.keyboard or 0]}, you drew" in text
                drawn += 1
                await pilot.press("enter")
                await pilot.pause()
                continue
            assert_only_own_secrets(app, text)
            if app.keyboard is None:
                assert session.window_seats()
                assert "Anyone" in text and "Press your seat number, or Enter" in text
                app.mode.decline_all()
                await pilot.pause()
                continue
            before = app.keyboard
            app.play(choose(session.state, rng, procure=0.6))
            await pilot.pause()
            seat_next = session.state.to_act[0] if len(session.state.to_act) == 1 else None
            if seat_next is not None and seat_next != before and not session.window_seats():
                assert isinstance(app.screen, HandoverScreen | DrawnLawScreen)
    assert handovers >= 10 and recent_lines >= 10 and drawn >= 1


async def test_a_round_by_keys_placement_harvest_spending_bidding() -> None:
    cfg = config(3, no_laws=True)
    saved = saved_game(cfg, lambda s: s.round >= 1)
    app = make_app(saved=saved)
    rng = random.Random(2)
    kinds: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        cubes_before = sum(sum(p.cubes) for p in session.state.players)
        while session.state.round < 2:
            if isinstance(app.screen, HandoverScreen):
                await hand_over(pilot, app)
                continue
            action = choose(session.state, rng)
            if action.kind == "pass_bid" and "bid" not in kinds:
                action = next((a for a in session.legal() if a.kind == "bid"), action)
            kinds.add(action.kind)
            await take(pilot, app, action)
        assert {
            "choose_work_order",
            "place_worker",
            "pass",
            "pass_bid",
            "choose_start_player",
        } <= kinds
        assert kinds & {"buy_building", "trade", "buy_craft", "convert_cottage"}
        assert sum(sum(p.cubes) for p in session.state.players) > cubes_before  # the harvest
        assert "Round 2" in screen_text(app) or isinstance(app.screen, HandoverScreen)


def window_then(cfg: GameConfig, decisions: set[str]) -> SavedGame:
    """A game at a window of several seats after which, once it goes by, comes one of
    ``decisions``."""

    def stop(state: GameState) -> bool:
        if len(state.to_act) < 2:
            return False
        after = Session(config=cfg, states=[state]).window_gone_by().state
        return len(after.to_act) == 1 and engine.decision(after) in decisions

    return saved_game(cfg, stop, procure=0.6)


async def at_window(pilot: Any, app: KeythedralApp) -> tuple[Session, tuple[int, ...]]:
    """The game, started at a window, and the seats asked."""
    await pilot.pause()
    assert app.session is not None
    return app.session, app.session.window_seats()


async def test_window_prompt_on_the_shared_screen() -> None:
    """A window before a decision of the shared screen (phase 1) is asked on the shared
    screen."""
    saved = window_then(config(4), {"choose_work_order", "place_worker"})
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session, seats = await at_window(pilot, app)
        text = screen_text(app)
        # a phase starts: nothing was played, so nothing is "answered"
        assert "Anyone to play a law card?" in text
        assert "answers" not in text
        assert f"{NAMES[seats[0]]} plays a law card" in text
        assert "Press your seat number, or Enter" in text
        assert "Shared screen" in text and private_titles(text) == []
        # A seat number hands the keyboard to that seat behind the privacy screen.
        await pilot.press(str(seats[0] + 1))
        assert isinstance(app.screen, HandoverScreen)
        await hand_over(pilot, app)
        assert app.keyboard == seats[0]
        text = screen_text(app)
        assert private_titles(text) == [NAMES[seats[0]]]
        assert "let it go by" in text
        if session.state.players[seats[0]].laws:
            await pilot.press("r")
            await pilot.pause()
            assert f"{NAMES[seats[0]]}'s law cards (private)" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
        # Esc is harmless; the seat lets it go by, and the rest are asked on the shared screen.
        await take(pilot, app, session.can_decline(seats[0]))
        if session.window_seats():
            assert app.keyboard is None
            await pilot.press("enter")
        assert not session.window_seats() or set(session.window_seats()) != set(seats)


async def test_a_window_before_a_private_turn_is_asked_on_its_privacy_screen() -> None:
    """One screen and one key for "nobody plays a law" and "pass the keyboard": Enter lets
    the moment go by and the next person takes the keyboard; a seat number answers it."""
    saved = window_then(config(4), {"spend", "bid", "pay"})
    for claim in (False, True):
        app = make_app(saved=saved, strict_privacy=False)
        async with app.run_test(size=SIZE) as pilot:
            session, seats = await at_window(pilot, app)
            assert len(seats) > 1 and isinstance(app.screen, HandoverScreen)
            after = session.window_gone_by().state.to_act[0]
            text = screen_text(app)
            assert f"Pass the keyboard to {NAMES[after]}" in text
            assert "First, law cards:" in text and "Enter goes on without one." in text
            words = " ".join(text.split())
            keys = [f"{s + 1} for {NAMES[s]}" for s in seats]
            assert f"To play one, press {', '.join(keys[:-1])} or {keys[-1]}." in words
            assert private_titles(text) == []
            if claim:
                await pilot.press(str(seats[-1] + 1))
                text = await hand_over(pilot, app)
                assert f"Pass the keyboard to {NAMES[seats[-1]]}" in text
                assert "is asked: play a law card" in text
                assert app.keyboard == seats[-1] and session.window_seats() == seats
                assert "let it go by" in screen_text(app)
                continue
            n = len(session.actions)
            await hand_over(pilot, app)
            declines = session.actions[n:]
            assert {a.kind for a in declines} == {"decline"}
            assert {a.seat for a in declines} == set(seats)
            assert app.keyboard == after and not session.window_seats()
            assert private_titles(screen_text(app)) == [NAMES[after]]


async def test_a_window_on_the_privacy_screen_fits_80x24() -> None:
    """The window's question takes three rows: the events since the player's last turn make
    room for it (the box's foot on screen, no scroll bar)."""
    app = make_app(saved=window_then(config(4), {"spend", "bid", "pay"}), strict_privacy=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        said = " ".join(text.split())  # the box alone on the screen: its words, however wrapped
        assert "First, law cards:" in said and "╰" in text and "▆" not in text


@pytest.mark.parametrize("code", [*LANGUAGES, lang.PSEUDO])
@pytest.mark.parametrize("size", [(80, 24), (100, 40)], ids=["80x24", "100x40"])
async def test_the_privacy_screen_shows_the_latest_events_its_rows_leave_room_for(
    code: str, size: tuple[int, int]
) -> None:
    """The events since the player's last turn are cut by the rows the other lines leave, not
    by a count: in any language (the pseudo-language's 40% more wraps every event over two
    rows) the box's foot is on screen, no scroll bar, the latest event whole at the foot of the
    box, "…" first where some are left out; a taller screen shows them all."""
    lang.use(code)
    app = make_app(saved=window_then(config(4), {"spend", "bid", "pay"}), strict_privacy=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandoverScreen)
        box = screen.query_one("#handover-recent")
        text = drawn_text(app)
        assert "╰" in text and not set("▁▂▃▄▅▆▇█") & set(text), text
        assert box.region.bottom < size[1] - 1, text  # over the key bar
        shown = str(box.content).splitlines()[1:]  # under "Since your last turn:"
        given = [e for e in screen.recent if e != "…"]
        assert shown[-1] == given[-1]
        inside = " ".join(plain(" ".join(rows_in(app, box.content_region))).split())
        assert " ".join(plain(given[-1]).split()) in inside, text  # whole, however it wraps
        if size == (100, 40):
            assert shown == list(screen.recent), text  # all it was given (the latest eight)
        elif len(shown) < len(screen.recent):
            assert shown[0] == "…", text
        await pilot.press("x")  # "press Enter (not x)": a longer line, the events fitted again
        await pilot.pause()
        text = drawn_text(app)
        said = plain(lang._("Enter (not {key})").format(key="x"))
        assert said in " ".join(plain(text).split()), text
        assert "╰" in text and not set("▁▂▃▄▅▆▇█") & set(text), text


async def test_the_privacy_screen_fits_its_events_again_when_the_terminal_shrinks() -> None:
    app = make_app(saved=window_then(config(4), {"spend", "bid", "pay"}), strict_privacy=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#handover-recent")
        every = str(box.content)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        text = drawn_text(app)
        assert "╰" in text and not set("▁▂▃▄▅▆▇█") & set(text), text
        assert len(str(box.content)) < len(every)


async def test_undo_takes_back_own_payment_steps_only() -> None:
    cfg = config(3, no_laws=True)
    saved = saved_game(cfg, lambda s: s.phase == "spend" and sum(s.players[s.to_act[0]].cubes) >= 3)
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await hand_over(pilot, app)
        session = app.session
        assert session is not None
        assert not app.mode.can_undo()
        await pilot.press("u")
        assert "Nothing to take back" in screen_text(app)
        trade = next(a for a in session.legal() if a.kind == "trade")
        await take(pilot, app, trade)
        assert "Still to pay to the trader, for 1" in screen_text(app)
        assert app.mode.can_undo()
        await pilot.press("u")
        assert session.state == saved.state
        assert f"Taken back: trade any 2 cubes for 1 {trade.take}." in screen_text(app)


async def test_keys_that_do_nothing_say_why() -> None:
    app = make_app(config())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        n = len(panel(app).choices)
        await pilot.press("escape", "u")
        assert app.session is not None and app.session.actions == []
        await pilot.press("p")
        assert "No choice has the key p" in screen_text(app)
        assert len(panel(app).choices) == n


async def test_too_small_terminal_says_so() -> None:
    app = make_app(config())
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert "The terminal is too small: 70x20" in screen_text(app)
    app = make_app(config())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "too small" not in screen_text(app)


def game_with_fences_and_houses() -> SavedGame:
    """A seeded game in phase 1 of a later round, with fences, houses and workers out."""

    def stop(state: engine.GameState) -> bool:
        return state.round >= 3 and state.phase == "place_workers" and len(state.workers) >= 3

    def prefer(state: engine.GameState, legal: list[Any]) -> list[Any]:
        return [
            a
            for a in legal
            if (a.kind == "build_fence" and len(state.fences) < 2)
            or (a.kind == "convert_cottage" and not any(c.house for c in state.cottages))
        ]

    return steered_game(config(3, no_laws=True), stop, prefer, seed=3)


async def test_every_distinction_is_in_the_plain_text() -> None:
    """Without colour the map still tells field types, owners, houses, fences and targets."""
    saved = game_with_fences_and_houses()
    app = make_app(saved=saved)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await hand_over(pilot, app)
        text = screen_text(app)
        for mark in ("│Q", "│W", "●", "⌂", "▲", "█", "[K]", "+"):
            assert mark in text, mark
        assert ("▶" in text and "◀" in text) or ("▷" in text and "◁" in text)


async def test_scores_screen_reveals_every_hand() -> None:
    saved = saved_game(config(5), lambda s: False)
    assert not saved.state.to_act
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        text = screen_text(app)
        view = engine.view(saved.state, None)
        assert "wins" in text or "win!" in text
        for name, score in zip(NAMES, view.scores or (), strict=True):
            assert name in text and str(score) in text
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_autosave_after_every_action_and_resume(_data_dir: Path) -> None:
    app = make_app(config(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        app.files.saver.flush()
        saved = persistence.load(persistence.autosave_path())
        assert app.session is not None
        assert saved.actions == tuple(app.session.actions) and saved.state == app.session.state
    app = make_app(saved=persistence.load(persistence.autosave_path()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.session is not None and len(app.session.actions) == 1
        assert "Ann must place a cottage" in screen_text(app)


async def test_save_and_load_named_games_and_refuse_a_broken_one(_data_dir: Path) -> None:
    app = make_app(config(), autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.screen.query_one("#save-name").value = "friday"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        path = persistence.save_path("friday")
        assert path.exists()
        broken = persistence.save_path("broken")
        broken.write_text('{"format": "keythedral-save", "version": 1}')
        good = path.read_bytes()
        assert not app.files.load_path(broken)
        await pilot.pause()
        shown = [n.message for n in notices(app)]
        assert any("broken.json has no valid game settings" in m for m in shown), shown
        assert app.files.load_path(path)
        await pilot.pause()
        assert app.session is not None and len(app.session.actions) == 1
        assert path.read_bytes() == good


async def test_command_palette_offers_the_game_commands() -> None:
    app = make_app(config())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        entries = {read(c.title): read(c.help) for c in app.get_system_commands(app.screen)}
        assert {"New game", "Save game", "Load game", "Rules", "Help", "Colours"} <= set(entries)
        # Textual's own entries in a player's words (issue 27: "Maximize the focused widget",
        # "Quit the application as soon as possible")
        assert entries["Quit"] == "Leave the program (a game in play is kept)"
        words = " ".join([*entries, *entries.values()])
        for jargon in ("widget", "application", "as soon as possible", "Theme"):
            assert jargon not in words
        await pilot.press("question_mark")  # the rule of what is under the cursor
        await pilot.pause()
        await pilot.pause()
        assert "Laying fields and cottages" in screen_text(app)
        await pilot.press("k")  # from there: every key
        await pilot.pause()
        await pilot.pause()
        assert "Keys" in screen_text(app) and "what it does" in screen_text(app)
        await pilot.press("escape")
        app.action_rules()
        await pilot.pause()
        assert "Keythedral" in screen_text(app)


async def test_command_line_start_loads_the_engine_behind_the_first_frame() -> None:
    from keythedral.tui.app import Start

    app = KeythedralApp(start=Start(players=("Ann", "Bob"), seed=9), autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.session is not None and app.session.config.seed == 9
        assert "Ann must lay the next field tile" in words_in(app, "#decision #prompt")


async def test_the_collector_is_back_on_once_the_game_is_set_up() -> None:
    """``keythedral play`` starts with the cyclic collector off (a quicker first frame); the
    app turns it back on when the game is set up."""
    from keythedral.tui.app import Start

    gc.disable()
    try:
        app = KeythedralApp(start=Start(players=("Ann", "Bob"), seed=9), autosave=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.session is not None
            assert gc.isenabled()
    finally:
        gc.enable()


async def test_the_collector_is_back_on_soon_even_with_no_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On the new-game screen no game is set up: the collector comes back on after a while
    anyway, never to stay off for the whole run."""
    import keythedral.tui.app as app_module

    monkeypatch.setattr(app_module, "SETTLE_AFTER", 0.05)
    gc.disable()
    try:
        app = KeythedralApp(autosave=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await pilot.pause(0.2)
            assert gc.isenabled()
    finally:
        gc.enable()


async def test_a_bad_command_line_game_is_explained_on_the_new_game_screen() -> None:
    from keythedral.tui.app import Start

    app = KeythedralApp(start=Start(players=("Solo",)), autosave=False)
    notices(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert any("2 to 5 players" in n.message for n in notices(app))


@pytest.mark.parametrize("journal", [False, True])
async def test_new_game_screen_offers_to_resume_an_unfinished_autosave(
    journal: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``journal``: the app that played was killed before its background folded the actions
    into the snapshot; they are in the autosave's journal only."""
    cfg = config()
    state, acts = engine.new_game(cfg), []
    if journal:
        saver = AutoSaver(persistence.autosave_path())
        saver.submit(cfg, acts, state)
        monkeypatch.setattr(AutoSaver, "_queue", lambda self, job: None)  # never folded
    for _ in range(3):
        acts.append(engine.legal_actions(state)[0])
        state = engine.apply(state, acts[-1])
        if journal:
            saver.submit(cfg, acts, state)
    if journal:
        assert '"actions": []' in persistence.autosave_path().read_text()
    else:
        persistence.save(persistence.autosave_path(), cfg, acts, state)
    app = KeythedralApp(animations=False, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        note = read(str(app.screen.query_one("#resume-note").render()))  # at the form's foot
        assert "Autosave: Ann, Bob, Cy · layout" in note
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.session is not None and app.session.actions == acts
        assert app.session.state == state


def game_at_a_relocation() -> SavedGame:
    """A seeded game whose next decision is moving a fenced-off cottage."""
    cfg = config(0, no_laws=True)
    state, rng, actions = engine.new_game(cfg), random.Random(0), []
    while engine.view(state, None).decision != "relocate":
        legal = engine.legal_actions(state)
        fences = [a for a in legal if a.kind == "build_fence"]
        action = fences[0] if fences and rng.random() < 0.7 else choose(state, rng)
        state = engine.apply(state, action)
        actions.append(action)
    return SavedGame(cfg, tuple(actions), state)


async def test_relocation_is_picked_on_the_map() -> None:
    saved = game_at_a_relocation()
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await hand_over(pilot, app)
        session = app.session
        assert session is not None
        assert "must move the fenced-off cottage" in words_in(app, "#decision #prompt")
        board = app.screen.query_one(FieldMap)
        assert board.targets and all(kind == "corner" for kind, _ in board.targets)
        assert app.focused is board and board.cursor in board.targets
        await pilot.press("enter")
        assert session.actions[-1].kind == "relocate_cottage"


async def test_a_mouse_click_on_a_marked_field_lays_the_tile() -> None:
    app = make_app(config())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen.query_one(FieldMap)
        target = sorted(board.targets)[0]
        col, row = board.field_origin(target[1])
        pad_x, pad_y = board._padding()
        x = col + 3 + pad_x - int(board.scroll_x)
        y = row + 1 + pad_y - int(board.scroll_y)
        await pilot.click(FieldMap, offset=(x, y))
        await pilot.pause()
        assert app.session is not None
        assert [a.kind for a in app.session.actions] == ["place_field"]
        assert tuple(app.session.actions[0].pos) == target[1]


async def test_a_choice_from_a_list_already_replaced_does_nothing() -> None:
    """Keys typed quickly: an Enter on a line of the old list whose message arrives after a
    choice key has moved the game on must not act on the new decision (it once opened an
    empty 'kind' list where the payment's choices should have been)."""
    cfg = config(3, no_laws=True)
    saved = saved_game(cfg, lambda s: s.phase == "spend" and sum(s.players[s.to_act[0]].cubes) >= 3)
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await hand_over(pilot, app)
        session = app.session
        assert session is not None
        old = next(c for c in panel(app).choices if c.command.startswith("kind:"))
        old_chosen = DecisionPanel.Chosen(old)  # stamped now, before the move below
        trade = next(a for a in session.legal() if a.kind == "trade")
        await take(pilot, app, trade)
        before = list(panel(app).choices)
        assert before[0].command == "pay-suggested"  # the coach's cubes in one key, then...
        assert all(c.action is not None and c.action.kind == "pay" for c in before[1:])
        panel(app).post_message(old_chosen)
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None and screen.narrowed is None
        assert panel(app).choices == before
        assert "Esc: back to every choice" not in screen_text(app)


async def test_the_hint_key_shows_the_whole_reason() -> None:
    """The info line is one row and cut the reason short at 80 columns: the whole hint is also
    shown, wrapped, above the list of choices."""
    from keythedral.bots.hints import hint

    app = make_app(config())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None and app.keyboard is not None
        expected = hint(session.view(app.keyboard), session.legal())
        await pilot.press("i")
        await pilot.pause()
        note = read(str(app.screen.query_one("#decision #hint").render()))
        assert note.replace("\n", " ").endswith(f"Why: {read(expected.reason)}.")
        assert "Hint: " in screen_text(app)


async def test_a_hint_goes_before_the_keyboard_passes() -> None:
    """A hint speaks of its player's cubes and laws: the note must not stay up on the privacy
    screen, nor for the next player."""
    cfg = config(3)
    saved = saved_game(cfg, lambda s: s.round >= 1 and s.phase == "place_workers")
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await hand_over(pilot, app)
        session = app.session
        assert session is not None
        seat = app.keyboard
        await pilot.press("i")
        await pilot.pause()
        assert "Why:" in screen_text(app)
        while session.state.to_act == (seat,):
            await take(pilot, app, session.legal_for(seat)[0])
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert not notices(app)
        assert "Why:" not in screen_text(app)


async def test_the_log_shows_the_newest_events_wrapped_in_its_panel() -> None:
    cfg = config(3)
    saved = saved_game(cfg, lambda s: s.round >= 2 and s.phase == "spend")
    app = make_app(saved=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await hand_over(pilot, app)
        await pilot.press("g")
        await pilot.pause()
        session = app.session
        assert session is not None
        view = session.view(None)
        from keythedral.words.narration import narrate

        names = [p.name for p in view.players]
        newest = read(narrate(view.log[-1], names))
        # The newest event is on screen (scrolled to the end), maybe wrapped over lines.
        shown = rows_in(app, app.screen.query_one("#log").scrollable_content_region)
        assert " ".join(newest.split()) in " ".join(" ".join(shown).split())


async def test_the_new_game_screen_fits_80_columns() -> None:
    """Every option's label shows whole at 80x24 (the second law-window choice was cut)."""
    app = KeythedralApp(autosave=False, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        text = screen_text(app)
        for label in (
            "always (hides who holds what)",
            "if a card can answer",
            "second edition 2004",
        ):
            assert label in text


async def test_after_a_hint_the_folded_list_opens_on_the_hinted_variant() -> None:
    """The hint names one variant of a folded kind (trade for food): Enter opens the kind's
    list with that variant highlighted, so a second Enter takes the hint."""
    from keythedral.bots.hints import hint

    cfg = config(3)

    def hinted_trade_not_first(s: engine.GameState) -> bool:
        if s.phase != "spend" or len(s.to_act) != 1 or s.payment is not None:
            return False
        legal = engine.legal_actions(s)
        h = hint(engine.view(s, s.to_act[0]), legal)
        same = [a for a in legal if a.kind == h.action.kind]
        return h.action.kind == "trade" and len(same) > 1 and same[0] != h.action

    saved = saved_game(cfg, hinted_trade_not_first, seed=3)
    assert hinted_trade_not_first(saved.state)
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await hand_over(pilot, app)
        session = app.session
        assert session is not None and app.keyboard is not None
        expected = hint(session.view(app.keyboard), session.legal()).action
        await pilot.press("i")
        lines = panel(app).choices
        assert lines[0].action == expected  # the hint names the coach's line, first
        panel(app).option_list.focus()
        panel(app).option_list.highlighted = next(
            i for i, c in enumerate(lines) if c.command == "kind:trade"
        )
        await pilot.press("enter")  # the folded 'trade' line instead
        await pilot.pause()
        choices, ol = panel(app).choices, panel(app).option_list
        assert ol.highlighted is not None and choices[ol.highlighted].action == expected
        before = len(session.actions)
        await pilot.press("enter")
        assert session.actions[before] == expected  # and the coach's cubes with it


async def test_a_note_for_one_player_is_gone_when_the_next_takes_the_keyboard() -> None:
    """A note (a law card's text when its line is highlighted) is one player's: a move made
    without a key (a mouse click) must not leave it on the info line for the next player."""
    cfg = config(3)
    saved = saved_game(cfg, lambda s: s.round >= 1 and s.phase == "place_workers")
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await hand_over(pilot, app)
        session = app.session
        screen = app.game_screen
        assert session is not None and screen is not None
        seat = app.keyboard
        screen.say("Secret law text of the player at the keyboard")
        while session.state.to_act == (seat,):
            app.play(session.legal_for(seat)[0])  # as a click would, with no key
            await pilot.pause()
        await hand_over(pilot, app)
        assert app.keyboard != seat
        assert "Secret law text" not in screen_text(app)


async def test_the_walkthrough_shows_only_the_hint_of_the_player_at_the_keyboard() -> None:
    """The walkthrough shows the hint of the player at the keyboard as 'X. Why: reason.', and
    never a hint left behind by another seat (it tells of that seat's hand)."""
    from keythedral.bots.hints import Hint

    cfg = config(4)
    saved = saved_game(cfg, lambda s: len(s.to_act) > 1, procure=0.6)
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        first, other = session.window_seats()[:2]
        await pilot.press(str(first + 1))
        await hand_over(pilot, app)
        screen = app.game_screen
        assert screen is not None and app.keyboard == first
        # The other seat's hint, left behind (as if it had asked for it at the keyboard).
        screen.assist.hint_shown = Hint(session.can_decline(other), "a secret of the other seat")
        await pilot.press("e")
        await pilot.pause()
        assert "a secret of the other seat" not in screen_text(app)
        # This seat's own hint shows there, with its reason.
        await pilot.press("i")
        await pilot.pause()
        assert "Why:" in screen.query_one("#walkthrough-text").render().plain


def fences_open(kind: str, low: int, high: int) -> SavedGame:
    """A game at a spending turn in which between ``low`` and ``high`` fences, beside two
    homes or more, could be built or removed (``kind``), among more than a long list's worth
    of choices (so that they are grouped under one line).  Fences are built when they can be,
    up to four."""
    cfg = config(3, no_laws=True)
    state, rng, actions = engine.new_game(cfg), random.Random(5), []
    while state.to_act:
        legal = engine.legal_actions(state)
        fences = [a for a in legal if a.kind == kind]
        corners = {tuple(a.corner) for a in fences}
        if low <= len(fences) <= high and len(corners) > 1 and len(legal) > 9:
            return SavedGame(cfg, tuple(actions), state)
        build = [a for a in legal if a.kind == "build_fence" and len(state.fences) < 4]
        action = build[0] if build else choose(state, rng)
        state = engine.apply(state, action)
        actions.append(action)
    raise AssertionError("no such turn")


async def test_a_kinds_short_list_has_a_line_per_action_and_a_long_one_a_line_per_home() -> None:
    """Opening 'remove a fence' or 'build a fence': with a few fences, each is a line (one
    key, not a home and then its field); with many, a line per home keeps the list short."""
    for kind, low, high, grouped in (("remove_fence", 2, 9, False), ("build_fence", 10, 99, True)):
        app = make_app(saved=fences_open(kind, low, high), strict_privacy=False)
        async with app.run_test(size=SIZE) as pilot:
            await started(pilot, app)
            group = next(c for c in panel(app).choices if c.command == f"kind:{kind}")
            await press_choice(pilot, app, group)
            await pilot.pause()
            lines = panel(app).choices
            assert any(c.command == "cell" for c in lines) == grouped
            if not grouped:
                assert all(c.action is not None and c.action.kind == kind for c in lines)
