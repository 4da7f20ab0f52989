"""Computer players in the app: seats chosen on the new-game screen or the command line, bot
moves played by themselves (no privacy screen for a bot), windows answered by the bots, undo
kept to a person's own moves, the seats kept in the saves, and a replay of every finished game."""

from __future__ import annotations

import random
import re
import threading
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from keythedral import engine
from keythedral.records import persistence, replay
from keythedral.tui.app import KeythedralApp, Start
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.screens.new_game import NewGameScreen
from keythedral.tui.screens.scores import ScoresScreen
from tests.support import pseudo_screen
from tests.support.driver import hand_over, settle, take
from tests.support.textshot import read, screen_text, words_in
from tests.support.tui_helpers import NAMES, choose, config, make_app, saved_game

SIZE = (100, 32)
PRIVATE = re.compile(r"(\w+)'s screen \(private\)")


async def play_as_people(
    pilot: Pilot[Any],
    app: KeythedralApp,
    stop: Any,
    seed: int = 1,
    procure: float = 0.5,
    played: list[Any] | None = None,
) -> dict[str, int]:
    """Play the people's decisions with a simple policy until ``stop(state)`` (the actions go
    in ``played``); hand-over screens are passed (and counted by the player they were for)."""
    session = app.session
    assert session is not None
    rng = random.Random(seed)
    handovers: dict[str, int] = {}
    await pilot.pause()  # the first route runs after the first frame
    for _ in range(3000):
        await settle(pilot, app)
        if stop(session.state) or session.over:
            break
        if isinstance(app.screen, HandoverScreen):
            screen = app.screen
            handovers[screen.player] = handovers.get(screen.player, 0) + 1
            assert not session.is_bot(screen.seat)
            screen.action_ready()  # as Enter does (pressing it is tested in test_app.py)
            await pilot.pause(0)
            continue
        text = screen_text(app)
        shown = PRIVATE.findall(text)
        assert all(not session.is_bot(NAMES.index(n)) for n in shown), shown  # never a bot's hand
        if app.keyboard is None:
            assert session.window_seats() and not any(
                session.is_bot(s) for s in session.window_seats()
            )
            app.mode.decline_all()
            continue
        assert not session.is_bot(app.keyboard)
        assert shown == [NAMES[app.keyboard]]
        action = choose(session.state, rng, procure=procure)
        if played is not None:
            played.append(action)
        app.play(action)
    return handovers


async def test_one_person_and_two_bots_the_bots_move_by_themselves_without_hand_over() -> None:
    cfg = config(4)
    app = make_app(cfg, seats=("human", "greedy", "random"), bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        # The layout by keys: Ann's choices only, the bots lay their own tiles and cottages.
        for _ in range(3):
            await settle(pilot, app)
            await take(pilot, app, session.legal_for(0)[0])
        handovers = await play_as_people(pilot, app, lambda s: s.round >= 2)
        assert handovers == {}  # one person: the keyboard never changes hands
        seats = {a.seat for a in session.actions}
        assert seats == {0, 1, 2}
        assert sum(a.seat == 1 for a in session.actions) > 20
        assert sum(a.seat == 2 for a in session.actions) > 20
        # Ann holds the keyboard at her decisions; her hand is the only one ever shown.
        text = screen_text(app)
        assert app.keyboard == 0 and PRIVATE.findall(text) == ["Ann"]
        # The bots' moves are told in the log, by name.
        from keythedral.words.narration import narrate_all

        told = [read(line) for line in narrate_all(session.state.log, session.config.players)]
        assert any(line.startswith(("Bob ", "Cy ")) for line in told)


async def test_a_bot_move_waits_its_pause_with_the_last_persons_hand_up_and_undo_stops_it() -> None:
    cfg = config(3, no_laws=True)
    app = make_app(cfg, seats=("human", "greedy", "human"), bot_pause=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        field = session.legal_for(0)[0]
        await take(pilot, app, field)  # Ann lays her field: her own, and it showed nothing
        await take(pilot, app, session.legal_for(0)[0])  # and her cottage: Bob's turn
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert session.state.to_act == (1,) and app.runner.thinking == 1
        text = screen_text(app)
        assert "Bob (greedy) is choosing" in text
        assert "to act: Bob (greedy)" in text  # the status bar says who plays the seat
        assert "Computer players move by themselves" in words_in(app, "DecisionPanel > #hint")
        assert not isinstance(app.screen, HandoverScreen)
        # Bob's move waits (30 s here): Ann has no choice to make meanwhile.
        assert app.keyboard is None and app.table.watcher == 0
        await pilot.press("1")
        assert len(session.actions) == 2 and session.state.to_act == (1,)
        # Bob lays his field tile (as at the end of his pause): a move that showed nothing new,
        # so Bob could take it back, but Ann cannot.
        bob = app.runner.bots[1].choose(session.view(1), session.legal())
        app.runner.play(app.runner.turn, 2, bob)
        await pilot.pause()
        assert session.actions[-1] == bob and session.undoable_by() == 1
        assert app.runner.thinking == 1  # his cottage comes next
        # His move is told in the info line and listed while the bots play on (read as words:
        # the list wraps its lines where their language has them).
        x, y = bob.pos
        for where in ("#info", "DecisionPanel"):
            told = words_in(app, where)
            assert told.count("Bob (greedy) lays a") == 1
            assert f"at ({x},{y})" in told  # written as the map writes places
        assert app.table.watcher == 0 and not app.mode.can_undo()
        await pilot.press("u")
        assert session.actions[-1] == bob and "Nothing to take back" in screen_text(app)
        # Make the pause short and let Bob go on.
        app.bot_pause = 0
        app.runner.cancel()
        app.route()
        await settle(pilot, app)
        assert [a.seat for a in session.actions] == [0, 0, 1, 1]
        assert "Bob (greedy) places cottage" in screen_text(app)
        assert not app.mode.can_undo()  # Bob moved last: nothing of Ann's to take back
        # In the layout (nothing private yet) Cy takes the keyboard at once.
        assert not isinstance(app.screen, HandoverScreen)
        assert app.keyboard == 2 and PRIVATE.findall(screen_text(app)) == ["Cy"]


async def test_two_people_and_a_bot_the_privacy_screen_comes_only_between_the_people() -> None:
    cfg = config(4, no_laws=True)
    saved = saved_game(cfg, lambda s: s.round >= 1)
    app = make_app(saved=saved, seats=("human", "greedy", "human"), bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        handovers = await play_as_people(pilot, app, lambda s: s.phase == "spend")
        assert set(handovers) == {"Ann", "Cy"} and handovers["Cy"] >= 2
        session = app.session
        assert session is not None
        assert {a.seat for a in session.actions[len(saved.actions) :]} == {0, 1, 2}


async def test_undo_in_the_pause_takes_back_the_persons_move_before_the_bot_answers() -> None:
    cfg = config(3, no_laws=True)
    saved = saved_game(cfg, lambda s: s.phase == "spend" and s.to_act == (0,))
    app = make_app(saved=saved, seats=("human", "greedy", "greedy"), bot_pause=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # The one person against bots: their hand is up at once, no privacy screen.
        assert not isinstance(app.screen, HandoverScreen)
        session = app.session
        assert session is not None and app.keyboard == 0
        await take(pilot, app, next(a for a in session.legal() if a.kind == "pass"))
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.runner.thinking == 1 and session.actions[-1].kind == "pass"
        assert app.mode.can_undo()  # Ann's pass, before Bob has answered
        await pilot.press("u")
        await pilot.pause()
        assert session.state == saved.state and app.keyboard == 0 and app.runner.thinking is None
        assert "Taken back: pass" in screen_text(app)
        # The dropped bot move does not come back.
        app.runner.chose(app.runner.turn - 1, len(saved.actions), session.legal()[0], 0.0)
        await pilot.pause()
        assert session.state == saved.state


async def test_bots_answer_the_law_windows_and_the_person_answers_without_a_shared_screen() -> None:
    cfg = config(5)

    def ann_can_answer(s: Any) -> bool:
        legal = engine.legal_actions(s)
        return len(s.to_act) > 1 and any(a.kind == "play_law" and a.seat == 0 for a in legal)

    saved = saved_game(cfg, ann_can_answer, procure=0.8)
    assert saved.state.to_act == (0, 1, 2)  # the bidding opens: a window for everyone
    app = make_app(saved=saved, seats=("human", "greedy", "random"), bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await settle(pilot, app)
        session = app.session
        assert session is not None
        # The bots have answered; Ann, the one person, is asked (resumed: behind the privacy
        # screen, once): no shared screen asking who answers.
        assert session.window_seats() == (0,)
        assert isinstance(app.screen, HandoverScreen)
        text = await hand_over(pilot, app)
        assert "Ann is asked: play a law card, or let it go by" in text
        text = screen_text(app)
        assert "let it go by" in text and PRIVATE.findall(text) == ["Ann"]
        assert "Press your seat number" not in text
        await take(pilot, app, session.can_decline(0))
        played: list[Any] = []
        handovers = await play_as_people(pilot, app, lambda s: s.round >= 6, 1, 0.6, played)
        assert handovers == {}
        new = session.actions[len(saved.actions) :]
        kinds = {a.kind for a in new if a.seat != 0}
        assert "decline" in kinds or "play_law" in kinds  # the bots answered windows
        # Windows in which Ann had no law card to play went by without asking her.
        asked = sum(a.kind == "decline" for a in played)
        assert sum(a.kind == "decline" and a.seat == 0 for a in new) > asked + 1


async def test_all_bots_play_to_the_end_and_the_replay_is_written(tmp_path: Path) -> None:
    cfg = config(5)
    seats = ("greedy", "random", "greedy")
    app = make_app(cfg, seats=seats, bot_pause=0, autosave=True)
    async with app.run_test(size=(160, 40)) as pilot:
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, ScoresScreen):
                break
        session = app.session
        assert session is not None and session.over
        assert isinstance(app.screen, ScoresScreen)
        path = app.files.replay_path
        assert path is not None and path.parent == persistence.replays_dir()
        text = screen_text(app)
        assert "Replay saved:" in text and path.name in text
        for seat, spec in enumerate(seats):  # each computer player is named in the table
            assert f"{NAMES[seat]} ({spec.split(':')[0]})" in text
        assert "Watch it again, step by step, with: keythedral replay" in text
    rp = replay.load(path)
    assert rp.seats == seats and rp.actions == tuple(session.actions)
    assert rp.result == replay.result_of(session.state)
    assert list(persistence.replays_dir().iterdir()) == [path]


async def test_bot_seats_are_saved_and_resume_plays_on_with_the_same_bots() -> None:
    cfg = config(6, no_laws=True)
    seats = ("greedy", "human", "random")
    app = make_app(cfg, seats=seats, bot_pause=0, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        session = app.session
        assert session is not None
        await play_as_people(pilot, app, lambda s: s.round >= 1)
        app.files.saver.flush()
        app.files.save_named("bots")
    saved = persistence.load(persistence.autosave_path())
    assert saved.seats == seats
    assert read(saved.describe()).startswith("Ann (greedy), Bob, Cy (random)")
    assert persistence.load(persistence.save_path("bots")).seats == seats
    # keythedral --resume: the same seats play on; Bob (the one person) gets the keyboard once.
    resumed = KeythedralApp(
        start=Start(load=persistence.autosave_path()), autosave=False, bot_pause=0
    )
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await resumed.workers.wait_for_complete()
        await settle(pilot, resumed)
        session = resumed.session
        assert session is not None and session.seats == seats
        assert set(resumed.runner.bots) == {0, 2}
        before = len(session.actions)
        handovers = await play_as_people(pilot, resumed, lambda s: s.round >= 2)
        assert set(handovers) <= {"Bob"} and sum(handovers.values()) <= 1
        assert {a.seat for a in session.actions[before:]} == {0, 1, 2}


async def test_new_game_screen_sets_each_seat_by_keys_and_fits_80x24() -> None:
    app = KeythedralApp(animations=False, autosave=False, seed=9, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        text = screen_text(app)
        assert text.count("person") >= 5  # a seat choice under every name, on screen
        # Bob's seat (Tab comes to it after the five names): Enter opens the list, down twice
        # is greedy.
        app.screen.query_one("#name-4").focus()
        await pilot.press("tab", "tab", "enter")
        assert app.screen.query_one("#kind-1").has_class("-expanded")  # the list is open
        listed = words_in(app, "#kind-1 SelectOverlay")  # (a long label takes two rows)
        for label in ("random bot", "greedy bot", "ismcts bot"):
            assert label in listed
        await pilot.press("down", "down", "enter")
        # The fourth seat, empty, gets a computer player: it gets a name too.
        app.screen.query_one("#kind-3").focus()
        await pilot.press("enter", "down", "enter")
        assert app.screen.query_one("#name-3").value == "Dee"  # type: ignore[attr-defined]
        assert app.screen.seats() == ("human", "greedy", "human", "random")  # type: ignore[attr-defined]
        await pilot.press("ctrl+n")
        await settle(pilot, app)
        assert isinstance(app.screen, (GameScreen, HandoverScreen))
        session = app.session
        assert session is not None
        assert session.config.players == ("Ann", "Bob", "Cy", "Dee")
        assert session.seats == ("human", "greedy", "human", "random")
        # The new-game screen offered from the game keeps the seats.
        app.action_new_game()
        await pilot.pause()
        assert app.screen.seats() == ("human", "greedy", "human", "random")  # type: ignore[attr-defined]


async def test_a_person_cannot_play_for_a_bot_seat() -> None:
    cfg = config(2, no_laws=True)
    app = make_app(cfg, seats=("greedy", "human", "human"), bot_pause=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None and session.state.to_act == (0,)
        assert app.keyboard is None and app.runner.thinking == 0
        assert not app.play(session.legal_for(0)[0])
        assert session.actions == []
        text = screen_text(app)
        assert PRIVATE.findall(text) == [] and "Shared screen" in text


async def test_ismcts_thinks_in_a_thread_and_a_stale_answer_is_dropped() -> None:
    cfg = config(7, no_laws=True)
    app = make_app(cfg, seats=("ismcts:iterations=30", "human", "ismcts"), bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        assert app.runner.bots[2].time == 1.0  # a plain ismcts seat searches a second at most
        assert app.runner.bots[0].time is None and app.runner.bots[0].iterations == 30
        # Ann (seat 0, a search bot) thinks in a worker, off the screen's thread.
        await settle(pilot, app)
        assert [a.seat for a in session.actions] == [0, 0] and app.keyboard == 1
        # Bob lays his field and cottage; Cy (ismcts) starts to think, and a new game begins
        # before she is done: her answer is dropped, not played into the new game.  Her search
        # is held until then, so that the test does not race a fast machine.
        release = threading.Event()
        cy = app.runner.bots[2]

        class Held:  # Cy, held (a stand-in: a compiled bot's methods cannot be replaced)
            name = cy.name

            def choose(self, view: Any, legal: Any) -> Any:
                release.wait(10)
                return cy.choose(view, legal)

        app.runner.bots[2] = Held()
        await take(pilot, app, session.legal_for(1)[0])
        await take(pilot, app, session.legal_for(1)[0])
        assert app.runner.thinking == 2 and app.workers
        await pilot.press("t")  # the screen answers keys meanwhile
        assert str(app.screen.query_one("ContentSwitcher").current) == "mats"
        app.start_game(config(8))
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.session is not session and app.session is not None
        assert app.session.actions == [] and app.runner.thinking is None and app.keyboard == 0


async def test_the_easy_and_normal_levels_move_at_once_like_greedy() -> None:
    """They are greedy underneath: no thread, no waiting (only hard searches)."""
    from tests.support.tui_helpers import config, make_app

    app = make_app(config(3), seats=("human", "easy", "normal"), bot_pause=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.runner.quick(1) and app.runner.quick(2)
        assert not app.runner.quick(0)


async def test_the_info_line_counts_the_bot_moves_it_cannot_show() -> None:
    """Several computer moves in a row: the info line keeps the last and says how many came
    before it (issue 27: it kept only the last, as if the others had not happened)."""
    app = make_app(config(4), seats=("human", "greedy", "random"), bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        session = app.session
        assert session is not None
        for _ in range(2):  # Ann's field and cottage: then Bob's and Cy's, four moves
            await take(pilot, app, session.legal_for(0)[0])
            await settle(pilot, app)
        assert session.actions[-1].seat != 0 and len(session.actions) >= 3
        text = " ".join(screen_text(app).split())
        assert "before it: g for the log)" in text
        await pilot.press("g")  # a key clears the note; the log holds every move
        await pilot.pause()
        assert "before it: g for" not in screen_text(app)


async def test_a_bot_move_is_told_under_its_label_in_the_pseudo_language(pseudo: None) -> None:
    """The info line names a computer player by its seat's label ("Bob (greedy) places ..."),
    wherever its name begins the sentence: past the pseudo-language's brackets too."""
    app = make_app(config(3, no_laws=True), seats=("human", "greedy", "human"), bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        session = app.session
        assert session is not None
        for _ in range(2):  # Ann's field and cottage: then Bob's
            await take(pilot, app, session.legal_for(0)[0])
            await settle(pilot, app)
        told = [pseudo_screen.plain(move) for move in app.runner.moves]
        assert told and all(move.startswith("Bob (greedy) ") for move in told)
