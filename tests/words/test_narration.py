"""Events in the state, words in narration: every kind of event told in the third and the second
person, law plays in words, states that hold no sentence, and saves that do not depend on the
words (a reworded sentence never refuses a save; saves from before events still load)."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import typing
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from keythedral import engine, lang
from keythedral.engine import events as ev
from keythedral.engine.catalogue import tile_words
from keythedral.engine.events import new
from keythedral.records import gamelog, persistence, replay
from keythedral.words import narration
from keythedral.words.narration import actor, law_words, narrate, narrate_all
from tests.support import SAVES
from tests.support.policy import choose
from tests.words.narration_cases import EFFECTS, NAMES, PLAYS, SECOND, SPENT, THIRD, law, took

GOLDEN = SAVES / "format1-keythedral-0.1.0.json"
EVENT = TypeAdapter(ev.Event)


def test_every_kind_of_event_is_in_the_union_and_has_words() -> None:
    union = typing.get_args(typing.get_args(ev.Event)[0])
    assert set(union) == set(ev.KINDS.values()) == set(narration.NARRATORS)
    assert {type(e) for e, _ in THIRD} | {ev.LawTookEffect} == set(union)


@pytest.mark.parametrize(("event", "said"), THIRD, ids=[e.type for e, _ in THIRD])
def test_each_event_is_told_as_the_log_tells_it(event: Any, said: str) -> None:
    assert narrate(event, NAMES) == said
    # Built without validation, an event equals the same event read back from its JSON.
    assert EVENT.validate_json(event.model_dump_json()) == event


@pytest.mark.parametrize(("event", "said"), SECOND, ids=[e.type for e, _ in SECOND])
def test_the_learners_own_events_are_told_in_the_second_person(event: Any, said: str) -> None:
    assert narrate(event, NAMES, you=0) == said


def test_a_seat_without_a_name_is_told_by_its_number() -> None:
    assert narrate(new(ev.Passed, seat=4), NAMES) == "Seat 5 passes."
    assert narrate(new(ev.BidPaid, seat=0, to_seat=4, paid=SPENT), NAMES).endswith("to seat 5.")
    # A name is written as its player wrote it, even at the start of a sentence.
    assert narrate(new(ev.Passed, seat=1), ["robin", "hilda"]) == "hilda passes."


def test_a_name_that_begins_with_a_bracket_is_written_as_it_is_in_the_pseudo_language(
    pseudo: None,
) -> None:
    """The pseudo-language's opening brackets before a sentence are not a name's own: "[b]ann"
    stays "[b]ann", never "[B]ann" (the tests' run in the pseudo-language reads the names)."""
    names = ["[b]ann", "[/]"]
    assert narrate(new(ev.Passed, seat=0), names) == lang.pseudo("{player} passes.").format(
        player="[b]ann"
    )
    # a sentence that begins with a word still begins with a capital
    assert narrate(new(ev.Passed, seat=4), names).startswith("[[Seat 5")


@pytest.mark.parametrize(("play", "words"), PLAYS, ids=[p.card for p, _ in PLAYS])
def test_a_law_play_is_told_in_words(play: engine.PlayLaw, words: str) -> None:
    assert law_words(play, narration.Teller(NAMES)) == words


@pytest.mark.parametrize(("event", "said"), EFFECTS, ids=[e.law.card for e, _ in EFFECTS])
def test_each_law_effect_is_told(event: ev.LawTookEffect, said: str) -> None:
    assert narrate(event, NAMES) == said


def test_the_actor_of_an_event() -> None:
    assert actor(new(ev.FieldLaid, seat=2, pos=(0, 0), field_type="farm")) == 2
    assert actor(new(ev.BidPaid, seat=1, to_seat=0, paid=SPENT)) == 1
    # What happens to a seat, or to the table, is nobody's act.
    assert actor(new(ev.CottageMustMove, seat=0, number=4, house=False)) is None
    assert actor(new(ev.LawRepealed, seat=0, card="sale")) is None
    assert actor(took(law("sale", craft="gold"))) is None
    assert actor(new(ev.NobodyBid, holder=1)) is None
    assert actor(new(ev.MarkerFixed, by=0, marker=1, number=3)) is None
    assert actor(new(ev.WorkersReturned)) is None
    assert actor(new(ev.RoundBegan, round=1, start_player=1)) is None


def test_events_are_built_from_keywords_only() -> None:
    with pytest.raises(TypeError, match="keyword"):
        new(ev.Passed, 1)  # type: ignore[misc]


# --- whole games ----------------------------------------------------------------------------------
def _games(count: int = 4) -> list[engine.GameState]:
    """Every state of a few policy games (laws on), each new event once."""
    finals = []
    for seed in range(count):
        cfg = engine.GameConfig(players=NAMES[: 2 + seed % 2], seed=40 + seed)
        state, rng = engine.new_game(cfg), random.Random(seed)
        while state.to_act:
            state = engine.apply(state, choose(state, engine.legal_actions(state), rng))
        finals.append(state)
    return finals


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []


ENGINE_PLACE = re.compile(r"\(-?\d+, -?\d+\)")  # "(1, -2)": the engine's tuple, not the map's


def test_the_log_of_whole_games_is_data_and_reads_as_sentences() -> None:
    games = _games()
    for final in games:
        names = final.config.players
        kinds = {e.type for e in final.log}
        assert {"game_ended", "round_began", "worker_sent"} <= kinds
        log = json.loads(final.model_dump_json())["log"]
        for item in log:
            # Data only: names, ids, field types and tags; never a sentence.
            for s in _strings(item):
                assert len(s.split()) <= 2 and len(s) <= 30, s
        text = json.dumps(log)
        for said in ("begins", "harvests", " plays the law ", "takes effect", "passes"):
            assert said not in text
        for seat in (None, 0, 1):
            for line in narrate_all(final.log, names, seat):
                assert line and line[0].isupper() and line.endswith((".", "?")), line
                assert not ENGINE_PLACE.search(line), line
                assert "target" not in line and "field_type" not in line and "None" not in line
                assert "{" not in line


def test_the_first_event_of_the_game_is_kept_as_data() -> None:
    state = engine.new_game(engine.GameConfig(players=NAMES, seed=3))
    assert state.log[0] == ev.GameBegan(players=tuple(NAMES))
    assert narrate(state.log[0], NAMES) == "A game for 3 players begins: Robin, Hilda, Otto."


# --- saves and the words ------------------------------------------------------------------------------
def _saved_text() -> tuple[str, engine.GameState]:
    cfg = engine.GameConfig(players=NAMES, seed=5)
    state, rng, actions = engine.new_game(cfg), random.Random(5), []
    while state.round < 2 or state.phase != "spend":
        action = choose(state, engine.legal_actions(state), rng)
        state = engine.apply(state, action)
        actions.append(action)
    return persistence.dumps(cfg, actions, state), state


def test_a_save_loads_after_a_sentence_is_reworded(monkeypatch: pytest.MonkeyPatch) -> None:
    text, state = _saved_text()
    assert "begins" not in text and "Round 1" not in text
    monkeypatch.setitem(
        narration.NARRATORS,
        ev.RoundBegan,
        lambda e, t: f"Here starts round {e.round}, led by {t.name(e.start_player)}.",
    )
    saved = persistence.loads(text)
    assert saved.state == state
    log = gamelog.log_text(saved.config, saved.actions)
    assert "Here starts round 2, led by" in log and "Round 2 begins" not in log


def test_a_save_whose_events_were_changed_is_refused() -> None:
    text, _ = _saved_text()
    data = json.loads(text)
    harvests = [e for e in data["state"]["log"] if e["type"] == "harvested"]
    assert harvests
    harvests[-1]["got"][0] += 1  # the log says another harvest than the actions give
    with pytest.raises(persistence.SaveError, match="was altered"):
        persistence.loads(json.dumps(data))
    data["state"]["log"][-1] = {"type": "no_such_event"}
    with pytest.raises(persistence.SaveError, match="cannot read"):
        persistence.loads(json.dumps(data))


def reworded(line: str) -> str:
    """A sentence of 0.1.0's log as it is told now: places as on the map, "(1,-2)", a
    fence's corner and field told apart (they may have the same numbers), and building tiles
    by their stage and cost, not their ids."""
    line = re.sub(r"\((-?\d+), (-?\d+)\)", r"(\1,\2)", line)
    line = re.sub(r"s\d-\d\d \(stage (\d)\)", r"a stage \1 tile", line)
    line = re.sub(
        r"(turn face up:? \(?)((?:s\d-\d\d(?:, )?)+)",
        lambda m: m[1] + narration.tiles_words(m[2].split(", ")),
        line,
    )
    line = re.sub(r"s\d-\d\d", lambda m: tile_words(m[0]), line)
    return re.sub(
        r"fence between (\(\S+\)) and (\(\S+\))",
        r"fence between corner \1 and the field at \2",
        line,
    )


def test_a_save_from_before_events_loads_and_its_log_is_told_again() -> None:
    """0.1.0 saved its log as sentences: the rest of the state is checked, and the replayed
    game's events take the sentences' place (told as before, places as on the map)."""
    data = json.loads(GOLDEN.read_text())
    assert all(isinstance(line, str) for line in data["state"]["log"])
    saved = persistence.load(GOLDEN)
    assert all(not isinstance(e, str) for e in saved.state.log)
    told = narrate_all(saved.state.log, saved.config.players)
    old = [reworded(line) for line in data["state"]["log"]]
    assert told == old
    # Its sentences are not checked (rewording them changes nothing) ...
    data["state"]["log"][-1] = "Dee harvests a great deal."
    assert persistence.loads(json.dumps(data)).state == saved.state
    # ... everything else still is.
    data["state"]["log_total"] += 1
    with pytest.raises(persistence.SaveError, match="rules changed"):
        persistence.loads(json.dumps(data))


def test_the_replay_log_and_the_gamelog_tell_the_same_events() -> None:
    saved = persistence.load(GOLDEN)
    rp = replay.record(saved.config, saved.actions)
    cur = replay.ReplayCursor(rp)
    told = list(narrate_all(cur.events(), saved.config.players))
    while not cur.at_end:
        cur.forward()
        told += narrate_all(cur.events(), saved.config.players)
    lines = gamelog.log_text(saved.config, saved.actions).splitlines()
    assert [x for x in lines[1:] if not x.startswith("== ")] == told


def test_the_gamelog_notes_events_the_state_no_longer_keeps() -> None:
    saved = persistence.load(GOLDEN)
    final = saved.state  # 190 events, 80 kept
    lines = list(gamelog.events([final]))
    assert lines[0] == "== Round 2 =="
    assert lines[1] == "(110 earlier events were not kept)"
    assert len(lines) == 2 + 80 + 1  # and the heading of round 3


def test_the_api_doc_lists_every_kind_of_event_with_its_fields() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "engine_api.md").read_text()
    rows = {}
    for line in doc.splitlines():
        if line.startswith("| `"):
            for tag in re.findall(r"`(\w+)`", line.split("|")[1]):
                rows[tag] = line.split("|")[2]
    assert set(ev.KINDS) <= set(rows)
    for tag, cls in ev.KINDS.items():
        for name in (f.name for f in dataclasses.fields(cls)):
            if name != "type":
                assert f"`{name}`" in rows[tag], (tag, name)
