"""What the bots' shared knowledge keeps between calls gives the answers it would work out
afresh (the caches are for speed only)."""

from __future__ import annotations

from typing import Any

import pytest

from keythedral import engine
from keythedral.bots import knowledge, make_bot
from keythedral.bots.knowledge import Ctx, seen_hands

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def test_seen_hands_carried_from_view_to_view_is_the_fold_of_the_log(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """seen_hands goes on from the last log it read (events added, events that move no cube
    dropped from the front): over whole greedy games, with laws, each answer is the fold of
    the view's log from nothing, and most answers fold only the events added."""
    handled = [0]

    def counted(handle: Any) -> Any:
        def inner(e: Any, lows: Any) -> None:
            handled[0] += 1
            handle(e, lows)

        return inner

    monkeypatch.setattr(knowledge, "_SEEN", {t: counted(h) for t, h in knowledge._SEEN.items()})
    carried = afresh = 0
    for g in range(3):
        n = 3 + g % 2
        bots = [make_bot("greedy", 70 + g * 10 + s) for s in range(n)]
        state = engine.new_game(engine.GameConfig(players=NAMES[:n], seed=70 + g))
        while state.to_act:
            seat = state.to_act[0]
            view = engine.view(state, seat)
            handled[0] = 0
            got = seen_hands(view.log, view.log_total)  # from the last view's
            carried += handled[0]
            kept = knowledge._SEEN_LAST[0]
            knowledge._SEEN_LAST[0] = (None, None, None, 0)
            handled[0] = 0
            assert got == seen_hands(view.log)
            afresh += handled[0]
            knowledge._SEEN_LAST[0] = kept
            state = engine.apply(state, bots[seat].choose(view, engine.legal_actions(state)))
    assert carried < afresh / 3


def test_need_is_the_same_asked_again_or_afresh() -> None:
    """A seat's needs kept by the tuples they read match needs() worked out anew."""
    bots = [make_bot("greedy", s) for s in range(4)]
    state = engine.new_game(engine.GameConfig(players=NAMES, seed=5))
    while state.to_act:
        seat = state.to_act[0]
        for s in range(4):
            ctx = Ctx.from_state(state, s)
            assert ctx.need() == knowledge.needs(Ctx.from_state(state, s))
        view = engine.view(state, seat)
        state = engine.apply(state, bots[seat].choose(view, engine.legal_actions(state)))
