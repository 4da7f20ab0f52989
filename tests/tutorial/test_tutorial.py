"""The tutorial script, driven through the engine from start to end by taking the moves it asks
for: every topic is taught the first time it comes up, wrong moves get the reason, and
progress survives a save."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from keythedral import engine
from keythedral.tui.keys import LESSON_KEYS
from keythedral.tutorial import (
    LEARNER,
    LESSONS,
    SEVEN,
    TOPICS,
    Step,
    Tutorial,
    TutorialError,
    action_target,
    plain,
    tutorial_path,
)
from tests.support.helpers import failing_on


@dataclass
class Run:
    tutorial: Tutorial
    steps: list[tuple[Step, int]] = field(default_factory=list)  # (step, actions before it)


def drive(t: Tutorial, stop: Any = None, limit: int = 5000, look: Any = None) -> Run:
    """Do what every step asks: read notes, take the asked move, let the bots play (``look``
    sees each step first)."""
    run = Run(t)
    for _ in range(limit):
        if stop is not None and stop(t):
            break
        t.run()
        step = t.step()
        run.steps.append((step, len(t.actions)))
        if look is not None:
            look(t, step)
        if step.kind == "note":
            assert t.acknowledge()
        elif step.kind == "task":
            verdict = t.attempt(step.action)
            assert verdict.ok, verdict
        elif step.kind == "end":
            break
        else:  # pragma: no cover - run() leaves no wait behind
            raise AssertionError(f"stuck at {step}")
    return run


@cache
def full_run() -> Run:
    return drive(Tutorial())


def notes(run: Run) -> list[str]:
    return [s.id for s, _ in run.steps if s.kind == "note"]


def test_the_tutorial_plays_a_whole_game_to_the_end() -> None:
    run = full_run()
    t = run.tutorial
    assert t.over and t.state.phase == "game_over"
    assert run.steps[-1][0].kind == "end"
    assert notes(run)[-1] == "end"
    assert len(run.steps) < 400  # one sitting


def test_following_every_instruction_ends_at_least_level_with_the_bots() -> None:
    """The learner who does what every step asks (the coach's move, in free play too) scores at
    least the median of the two bots, and has been taught every topic on the way."""
    t = full_run().tutorial
    scores = t.view().scores
    assert scores is not None
    mine, bots = scores[LEARNER], sorted(s for i, s in enumerate(scores) if i != LEARNER)
    assert mine >= (bots[0] + bots[1]) / 2, scores
    taught = set(t.taught)
    assert all(x in taught for ids in TOPICS.values() for x in ids)
    assert set(SEVEN) <= t.tried() and "play_law" in t.tried()


def test_every_step_is_the_coachs_move_or_a_lesson_in_place_of_a_pass() -> None:
    """Each asked move is the greedy bot's (the coach's evaluation), except where greedy would
    pass: there a lesson may ask for an action the learner has not tried yet (a fence, a law
    card, a bid), paid with cubes left over, never with one just bought for a tile."""
    from keythedral.bots.greedy import GreedyBot
    from keythedral.engine.cubes import INDEX
    from keythedral.engine.events import CraftBought, RoundBegan, Traded

    t = Tutorial()
    greedy = GreedyBot(t.config.seed)
    lessons = []

    def look(t: Tutorial, step: Step) -> None:
        if step.kind != "task":
            return
        best = greedy.choose(t.view(), engine.legal_actions(t.state))
        if step.action != best:
            assert best.kind in ("pass", "pass_bid"), (step.do, best)
            assert step.action.kind in ("build_fence", "procure_law", "bid"), step.do
            assert step.action.kind not in t.tried(), step.do
            held = list(t.state.players[LEARNER].cubes)
            for e in reversed(t.state.log):
                if isinstance(e, RoundBegan):
                    break
                if isinstance(e, Traded | CraftBought) and e.seat == LEARNER:
                    held[INDEX[e.take if isinstance(e, Traded) else e.craft]] -= 1
            assert held[INDEX["wood"]] > 0 if step.action.kind == "build_fence" else sum(held) > 0
            lessons.append(step.action.kind)
        if any(a.kind == "buy_building" for a in t.legal()):
            assert step.action.kind in ("buy_building", "play_law"), step.do  # never a waste

    drive(t, look=look)
    assert t.over
    assert sorted(lessons) == ["build_fence", "procure_law"]  # the actions greedy never takes


def test_the_learners_fence_shows_where_relocation_comes_from() -> None:
    """No home is fenced in during the tutorial's game, so relocation is taught right after
    the learner's fence: what is left to the fenced home, and what happens when nothing is."""
    run = full_run()
    fence = next(
        i
        for i, (s, _) in enumerate(run.steps)
        if s.id.startswith("task") and s.action.kind == "build_fence"
    )
    after = run.steps[fence + 1][0]
    assert after.id == "relocation" and after.target.kind == "corner"
    assert after.text.startswith("You build a fence between ")
    assert "That leaves Hilda's cottage 2 only the " in after.text
    assert "moves at once" in after.text


def test_every_topic_is_taught() -> None:
    taught = set(full_run().tutorial.taught)
    missing = {topic: [x for x in ids if x not in taught] for topic, ids in TOPICS.items()}
    assert not any(missing.values()), missing


def test_every_phase_and_all_seven_actions_are_taught_and_tried() -> None:
    run = full_run()
    t = run.tutorial
    taught = notes(run)
    for lesson in ("lay_field", "work_order", "harvest", "spend", "retrieve", "bidding"):
        assert lesson in taught
    assert set(SEVEN) <= t.tried()
    assert {"place_field", "place_cottage", "choose_work_order", "place_worker"} <= t.tried()
    assert {"pass_bid", "pay", "choose_start_player"} <= t.tried()


def test_each_action_is_explained_just_before_it_is_first_asked_for() -> None:
    run = full_run()
    t = run.tutorial
    for kind in SEVEN:
        first_move = next(
            i for i, a in enumerate(t.actions) if a.seat == LEARNER and a.kind == kind
        )
        note_at = next(n for s, n in run.steps if s.id == f"act_{kind}")
        assert note_at <= first_move
        # nothing of the learner's happened between the lesson and the move
        between = [a for a in t.actions[note_at:first_move] if a.seat == LEARNER]
        assert not between, (kind, between)


def test_lessons_come_in_the_order_of_the_game() -> None:
    order = notes(full_run())
    assert order[:2] == ["welcome", "board"]
    before = [
        ("lay_field", "place_cottage"),
        ("place_cottage", "stages"),
        ("work_order", "harvest"),
        ("harvest", "spend"),
        ("spend", "act_pass"),
        ("retrieve", "bidding"),
        ("stage_2", "stage_3"),
        ("stage_4", "stage_5"),
        ("stage_5", "end"),
        ("act_build_fence", "relocation"),
        ("relocation", "free"),
    ]
    for a, b in before:
        assert order.index(a) < order.index(b), (a, b)


def test_every_step_says_what_to_do_and_where() -> None:
    for step, _ in full_run().steps:
        text = step.render(LESSON_KEYS)
        assert "{" not in text and "}" not in text, step.id
        assert step.press or step.kind == "end"
        if step.kind == "task":
            assert step.action is not None and step.do and step.why
            assert step.target.kind != "none"
        if step.kind == "note":
            assert text and step.title


def test_the_guided_part_ends_and_free_play_accepts_any_legal_move() -> None:
    t = Tutorial()
    drive(t, stop=lambda t: t.free)
    drive(t, stop=lambda t: t.step().kind == "task" and len(t.legal()) > 1)
    step = t.step()
    assert step.free
    others = [a for a in t.legal() if a != step.action]
    assert others
    assert t.attempt(others[0]).ok


def test_a_wrong_move_gets_the_engines_reason_and_a_hint() -> None:
    t = Tutorial()
    drive(t, stop=lambda t: t.step().kind == "task" and t.state.phase == "place_workers")
    step = t.step()
    assert step.action.kind == "choose_work_order"
    # an illegal move: a worker now, when a number must be called
    bad = engine.PlaceWorker(seat=LEARNER, number=1, field=(5, 5))
    verdict = t.attempt(bad)
    assert not verdict.ok
    assert verdict.reason.startswith("You must put the work-order marker on a cottage number")
    assert "Robin" not in verdict.reason
    assert verdict.hint.startswith("The tutorial asks for: call number")
    # a legal move, but not the one the lesson asks for
    other = next(a for a in t.legal() if a != step.action)
    verdict = t.attempt(other)
    assert not verdict.ok and verdict.reason.startswith("The rules allow that, but")
    assert verdict.reason.endswith(f"asks for: {step.do[0].lower()}{step.do[1:]}.")
    assert t.attempt(step.action).ok


def test_a_move_on_a_taken_field_is_refused_in_plain_words() -> None:
    t = Tutorial()
    drive(
        t,
        stop=lambda t: (
            t.step().kind == "task"
            and t.step().action.kind == "place_worker"
            and bool(t.state.workers)
        ),
    )
    taken = t.state.workers[0].field
    verdict = t.attempt(
        engine.PlaceWorker(seat=LEARNER, number=t.step().action.number, field=taken)
    )
    assert not verdict.ok
    x, y = taken
    assert f"({x},{y})" in verdict.reason
    assert "Robin" not in verdict.reason


def test_notes_must_be_read_before_moving() -> None:
    t = Tutorial()
    assert t.step().kind == "note"
    verdict = t.attempt(engine.legal_actions(t.state)[0])
    assert not verdict.ok and "note" in verdict.reason


def test_progress_is_saved_and_resumed(tmp_path: Path) -> None:
    t = Tutorial()
    drive(t, stop=lambda t: t.state.round == 2)
    path = t.save(tmp_path / "tutorial.json")
    resumed = Tutorial.load(path)
    assert resumed.state == t.state and resumed.taught == t.taught
    assert resumed.step() == t.step()
    run = drive(resumed)
    assert resumed.over and "end" in notes(run)


def test_broken_progress_is_refused_and_a_new_tutorial_starts(tmp_path: Path) -> None:
    path = tmp_path / "tutorial.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(TutorialError):
        Tutorial.load(path)
    path.write_text(
        '{"format": "keythedral-tutorial", "version": 1, "name": "Robin", '
        '"seed": 11, "actions": [{"kind": "pass", "seat": 0}], "taught": []}'
    )
    with pytest.raises(TutorialError, match="cannot be replayed"):
        Tutorial.load(path)
    fresh = Tutorial.resume_or_start(path=path)
    assert fresh.actions == [] and fresh.taught == []
    with pytest.raises(TutorialError):
        Tutorial.load(tmp_path / "missing.json")


def test_progress_lives_next_to_the_saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(tmp_path))
    assert tutorial_path() == tmp_path / "tutorial.json"
    t = Tutorial()
    t.acknowledge()
    assert t.save() == tmp_path / "tutorial.json"
    assert Tutorial.resume_or_start().taught == ["welcome"]


def test_forward_lets_the_coach_play_until_the_next_lesson() -> None:
    t = Tutorial()
    drive(t, stop=lambda t: t.free)
    before = len(t.actions)
    t.forward()
    assert len(t.actions) > before
    assert t.step().kind in ("note", "end")


def test_notes_never_show_the_bots_secret_cards() -> None:
    from keythedral.engine.catalogue import laws

    names = {c: laws()[c].name for c in laws()}

    def look(t: Tutorial, step: Step) -> None:
        if step.kind == "note":
            public = set(t.state.law_discard) | set(t.state.players[LEARNER].laws)
            for seat in range(1, 3):
                for card in set(t.state.players[seat].laws) - public:
                    assert names[card] not in step.render(LESSON_KEYS), (step.id, card)

    assert drive(Tutorial(), look=look).tutorial.over


def test_action_targets() -> None:
    view = engine.view(Tutorial().state, LEARNER)
    assert action_target(view, engine.PlaceField(seat=0, pos=(2, 0))).where == (2, 0)
    assert action_target(view, engine.Trade(seat=0, take="wood")).where == "trader"
    assert action_target(view, engine.BuyCraft(seat=0, craft="gold")).where == "goldsmith"
    fence = action_target(view, engine.BuildFence(seat=0, corner=(1, 1), field=(2, 1)))
    assert fence.kind == "edge" and fence.where == ((1, 1), (2, 1))


def test_plain_words() -> None:
    assert (
        plain("Robin has no wood to build a fence.", "Robin")
        == "You have no wood to build a fence."
    )
    assert plain("It is not Robin's turn: waiting for Hilda.", "Robin") == (
        "It is not your turn: waiting for Hilda."
    )
    assert plain("Robin cannot pay for s1-02: Robin is short of 1 stone.", "Robin") == (
        "You cannot pay for s1-02: you are short of 1 stone."
    )
    assert plain("There is already a field at (2, -1).", "Robin") == (
        "There is already a field at (2,-1)."
    )


def test_every_lesson_is_reachable_and_named_once() -> None:
    ids = [x.id for x in LESSONS]
    assert len(ids) == len(set(ids))
    optional = {"store_limit", "law_other", "law_play", "last_tile"}
    assert set(ids) - set(full_run().tutorial.taught) <= optional


def test_the_tutorial_command(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from keythedral import cli
    from keythedral.tui import app as app_module

    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(tmp_path))
    opened: list[Any] = []
    monkeypatch.setattr(
        app_module.KeythedralApp, "run", lambda self, **kw: opened.append(self._start)
    )
    t = Tutorial()
    t.acknowledge()
    t.save()
    assert cli.main(["tutorial"]) == 0
    assert opened[-1].tutorial and Tutorial.load().taught == ["welcome"]  # resumed, not reset
    assert cli.main(["tutorial", "--restart", "--name", "Ann"]) == 0
    fresh = Tutorial.load()
    assert fresh.taught == [] and fresh.name == "Ann"
    assert cli.main(["tutorial", "--name", " "]) == 2


# --- events, told to the learner ---------------------------------------------------------------
def _lesson(lesson_id: str) -> Any:
    return next(x for x in LESSONS if x.id == lesson_id)


def test_lessons_react_to_the_events_of_the_last_move_by_their_type() -> None:
    """The store ran out, a cottage must move, another player played a law: each lesson
    comes from the event itself, and tells it to the learner ("you") in the second person."""
    from dataclasses import replace

    from keythedral.engine.events import CottageMustMove, LawPlayed, StoreRanOut, new

    moment = Tutorial().moment()
    names = [p.name for p in moment.view.players]
    assert moment.new_events == ()
    for lesson in ("store_limit", "relocation", "law_other"):
        assert not _lesson(lesson).trigger(moment)

    def told(lesson: str, *events: Any) -> str:
        at = replace(moment, new_events=events)
        assert _lesson(lesson).trigger(at)
        return str(_lesson(lesson).text(at))

    said = told("store_limit", new(StoreRanOut, seat=0, colour="food", missed=2))
    assert said.startswith("The store has run out of food: you miss 2 cubes. This is the store")
    said = told("store_limit", new(StoreRanOut, seat=1, colour="wine", missed=1))
    assert said.startswith(f"The store has run out of wine: {names[1]} misses 1 cube.")
    said = told("relocation", new(CottageMustMove, seat=0, number=3, house=False))
    assert said.startswith("Your cottage 3 is fenced off from every field and must move.")
    played = engine.PlayLaw(seat=2, card="start-order", target=0)
    said = told("law_other", new(LawPlayed, seat=2, law=played))
    assert said.startswith(f"{names[2]} plays the law Start order for you. A played card")
    mine = engine.PlayLaw(seat=0, card="start-order", target=1)
    by_me = replace(moment, new_events=(new(LawPlayed, seat=0, law=mine),))
    assert not _lesson("law_other").trigger(by_me)  # the learner's own card is no news


def test_the_harvest_lesson_says_what_the_learner_brought_in() -> None:
    from keythedral.engine.cubes import describe
    from keythedral.engine.events import Harvested

    t = Tutorial()
    drive(t, stop=lambda t: "harvest" in t.taught or t.step().id == "harvest")
    step = t.step()
    assert step.id == "harvest"
    got = [e.got for e in t.state.log if isinstance(e, Harvested) and e.seat == LEARNER]
    assert got and f"You got {describe(got[-1])}." in step.text


def test_an_engine_fault_on_the_learners_move_keeps_the_lesson_and_names_a_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(tmp_path))
    t = Tutorial("Robin", 3)
    run = drive(t, stop=lambda t: t.step().kind == "task")
    step = t.step()
    assert step.kind == "task", run.steps[-1]
    before = (len(t.actions), t.state)
    failing_on(monkeypatch, step.action)
    verdict = t.attempt(step.action)
    assert not verdict.ok and "rules engine" in verdict.reason
    report = next((tmp_path / "bug-reports").glob("*.json"))
    assert str(report) in verdict.reason
    assert (len(t.actions), t.state) == before  # the lesson is where it was
    monkeypatch.undo()
    assert t.attempt(step.action).ok  # and goes on


def test_an_engine_fault_on_a_bots_move_in_the_tutorial_plays_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(tmp_path))
    t = Tutorial("Robin", 3)
    drive(t, stop=lambda t: t.state.to_act and t.state.to_act[0] != LEARNER and not t.due())
    seat = t.state.to_act[0]
    legal = engine.legal_actions(t.state)
    chosen = t._bots[seat].choose(engine.view(t.state, seat), legal)
    failing_on(monkeypatch, chosen)
    done = t.auto_move()
    assert done is not None and done != chosen and done.seat == seat
    assert t.faults and "rules engine" in t.faults[0]
    assert next((tmp_path / "bug-reports").glob("*.json")).exists()
