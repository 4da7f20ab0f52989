"""What the bots' shared knowledge keeps between calls gives the answers it would work out
afresh (the caches are for speed only)."""

from __future__ import annotations

from collections.abc import Iterator
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
    for _state, _seat, view in greedy_moments(70):
        handled[0] = 0
        got = seen_hands(view.log, view.log_total)  # from the last view's
        carried += handled[0]
        kept = knowledge._SEEN_LAST[0]
        knowledge._SEEN_LAST[0] = (None, None, None, 0)
        handled[0] = 0
        assert got == seen_hands(view.log)
        afresh += handled[0]
        knowledge._SEEN_LAST[0] = kept
    assert carried < afresh / 3


def greedy_moments(seed: int) -> Iterator[tuple[engine.GameState, int, engine.PlayerView]]:
    """(state, seat to act, its view) at every step of three greedy games, of three and four
    players (the game goes on by the greedy bot's choice after each)."""
    for g in range(3):
        n = 3 + g % 2
        bots = [make_bot("greedy", seed + g * 10 + s) for s in range(n)]
        state = engine.new_game(engine.GameConfig(players=NAMES[:n], seed=seed + g))
        while state.to_act:
            seat = state.to_act[0]
            view = engine.view(state, seat)
            yield state, seat, view
            state = engine.apply(state, bots[seat].choose(view, engine.legal_actions(state)))


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


def _fresh(src: Any, seat: int) -> Ctx:
    """A new Ctx (nothing worked out yet) of a view or a state."""
    return Ctx.from_state(src, seat) if isinstance(src, engine.GameState) else Ctx.from_view(src)


def test_the_aim_asks_the_rivals_of_the_target_alone_as_racing_would_answer() -> None:
    """aim_tile checks only whether the target is raced before it lists every raced tile: the
    same aim as from the full list, from views (the cubes the table saw) and whole states, and
    the full list is still there for a caller that asks it after the aim."""
    raced_targets = 0
    for state, seat, view in greedy_moments(80):
        if engine.decision(state) != "spend":
            continue
        for src in (view, state):
            raced = knowledge.racing(_fresh(src, seat))
            ctx = _fresh(src, seat)
            target = ctx.target()
            want = target
            if target is not None and target in raced:
                raced_targets += 1
                free = [t for t in ctx.buyable if t not in raced]
                want = min(
                    free,
                    key=lambda t: (knowledge.tile_shortfall(ctx.cubes, t), t),
                    default=target,
                )
            assert ctx.aim() == want
            assert knowledge.racing(ctx) == raced
    assert raced_targets  # the slow way was met too


def test_own_homes_kept_between_calls_are_the_seats_homes_in_order() -> None:
    """own_homes answers from the last cottages tuple it grouped, and groups a new one afresh:
    each seat's homes in the tuple's order, at every step of greedy games (homes placed,
    converted, moved)."""
    for state, _seat, _view in greedy_moments(90):
        for seat in range(len(state.players)):
            want = tuple(c for c in state.cottages if c.seat == seat)
            assert knowledge.own_homes(state.cottages, seat) == want
