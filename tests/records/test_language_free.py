"""Saves and replays hold no words (issue 31): a game played and saved under one language
loads and plays on identically under another, and nothing in its files is a message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from keythedral import engine, lang
from keythedral.bots import make_bot
from keythedral.bots.hints import hint
from keythedral.records import gamelog, persistence, replay
from keythedral.words.narration import narrate
from tests.support.tui_helpers import config

#: The end of every message in the pseudo-language.
PSEUDO_END = "~]"


def play_on(state: Any, actions: list[Any], moves: int) -> Any:
    """``moves`` more actions by greedy bots (and every word the app would make of them)."""
    bots = [make_bot("greedy", seat) for seat in range(len(state.players))]
    names = [p.name for p in state.players]
    for _ in range(moves):
        if not state.to_act:
            break
        seat = state.to_act[0]
        view, legal = engine.view(state, seat), engine.legal_actions(state)
        hint(view, legal)  # the coach's words, made as a player would see them
        actions.append(bots[seat].choose(view, legal))
        state = engine.apply(state, actions[-1])
        for event in engine.view(state, None).log[-3:]:
            narrate(event, names)
    return state


def test_a_game_saved_under_the_pseudo_language_plays_on_in_english_identically(
    tmp_path: Path,
) -> None:
    cfg = config(3)
    lang.use(lang.PSEUDO)
    actions: list[Any] = []
    state = play_on(engine.new_game(cfg), actions, 60)
    path = tmp_path / "game.json"
    persistence.save(path, cfg, actions, state, seats=("human", "greedy", "greedy"))
    kept = replay.save(
        replay.record(cfg, actions, ("human", "greedy", "greedy")), tmp_path / "r.json"
    )
    for written in (path, kept):
        assert PSEUDO_END not in written.read_text(encoding="utf-8")

    lang.use("en")
    saved = persistence.load(path)
    assert engine.summary(saved.state) == engine.summary(state)
    assert replay.load(kept).actions == persistence.load(path).actions
    # played on from the save in English, and from the start in English: the same game
    english: list[Any] = []
    again = play_on(engine.new_game(cfg), english, 60)
    assert english == actions and engine.summary(again) == engine.summary(state)
    on_save, on_english = list(saved.actions), list(english)
    assert engine.summary(play_on(saved.state, on_save, 80)) == engine.summary(
        play_on(again, on_english, 80)
    )
    assert on_save == on_english
    assert PSEUDO_END not in gamelog.log_text(cfg, on_save)  # told in the reader's language
