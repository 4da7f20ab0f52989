"""Helpers for the app tests: a quick purposeful policy, seeded games, app factories."""

from __future__ import annotations

import random
from typing import Any

from keythedral import engine
from keythedral.engine import GameConfig, GameState
from keythedral.records.persistence import SavedGame
from keythedral.tui.app import KeythedralApp
from keythedral.vocab import COLOURS
from tests.support.notices import notices

NAMES = ("Ann", "Bob", "Cy")


def _surplus(hand: tuple[int, ...], cost: tuple[int, ...]) -> list[int]:
    return [max(0, h - c) for h, c in zip(hand, cost, strict=True)]


def choose(state: GameState, rng: random.Random, procure: float = 0.0) -> Any:
    """A simple player that heads for the buildings (public API only: view + legal list);
    with probability ``procure`` it takes a law card when it can, and never plays one."""
    legal = engine.legal_actions(state)
    declines = [a for a in legal if a.kind == "decline"]
    if declines:
        return declines[0]
    seat = state.to_act[0]
    view = engine.view(state, seat)
    assert view.me is not None
    hand = tuple(view.me.cubes)
    buyable = [t for t in view.tiles if t.buyable]
    target = min(
        (tuple(t.cost) for t in buyable),
        key=lambda c: sum(max(0, x - h) for x, h in zip(c, hand, strict=True)),
        default=(0,) * 8,
    )
    kinds = {a.kind for a in legal}
    if "pay" in kinds:
        spare = _surplus(hand, target)
        pays = [a for a in legal if a.kind == "pay"]
        best = [a for a in pays if spare[COLOURS.index(a.cube)] > 0]
        return (best or pays)[0]
    if "choose_cube" in kinds:
        short = [COLOURS[i] for i, (c, h) in enumerate(zip(target, hand, strict=True)) if c > h]
        picks = [a for a in legal if a.kind == "choose_cube" and a.cube in short]
        return (picks or [a for a in legal if a.kind == "choose_cube"])[0]
    if "pass" in kinds:  # phase 3
        laws = [a for a in legal if a.kind == "procure_law"]
        if laws and rng.random() < procure:
            return laws[0]
        buys = [a for a in legal if a.kind == "buy_building"]
        if buys:
            return buys[0]
        spare = sum(_surplus(hand, target))
        short = [COLOURS[i] for i, (c, h) in enumerate(zip(target, hand, strict=True)) if c > h]
        for a in legal:
            if (
                a.kind == "buy_craft"
                and a.craft in short
                and spare >= {"iron": 2, "glass": 3, "gold": 4}[a.craft]
            ):
                return a
        for a in legal:
            if a.kind == "trade" and a.take in short and spare >= 2:
                return a
        return next(a for a in legal if a.kind == "pass")
    if "pass_bid" in kinds:
        return next(a for a in legal if a.kind == "pass_bid")
    plain = [a for a in legal if a.kind != "play_law"]
    return rng.choice(plain or legal)


def play_until(
    state: GameState, stop: Any, seed: int = 0, limit: int = 20000, procure: float = 0.0
) -> tuple[GameState, list[Any]]:
    """Play with ``choose`` until ``stop(state)`` holds; returns the state and the actions."""
    rng = random.Random(seed)
    actions = []
    for _ in range(limit):
        if stop(state) or not state.to_act:
            break
        a = choose(state, rng, procure)
        state = engine.apply(state, a)
        actions.append(a)
    return state, actions


def config(seed: int = 3, **variants: Any) -> GameConfig:
    return GameConfig(players=list(NAMES), seed=seed, **variants)


def saved_game(cfg: GameConfig, stop: Any, seed: int = 0, procure: float = 0.0) -> SavedGame:
    state, actions = play_until(engine.new_game(cfg), stop, seed, procure=procure)
    return SavedGame(cfg, tuple(actions), state)


def steered_game(cfg: GameConfig, stop: Any, prefer: Any, seed: int = 0) -> SavedGame:
    """A game played by ``choose`` until ``stop(state)``, but taking the first of
    ``prefer(state, legal)`` whenever it offers any (a house, a fence...)."""
    state, rng, actions = engine.new_game(cfg), random.Random(seed), []
    while not stop(state):
        legal = engine.legal_actions(state)
        extra = prefer(state, legal)
        action = extra[0] if extra else choose(state, rng)
        state = engine.apply(state, action)
        actions.append(action)
    return SavedGame(cfg, tuple(actions), state)


def first_bidder_with_colours(state: GameState) -> bool:
    """The first to bid (not the holder, who speaks last), with cubes of two colours or more."""
    if engine.decision(state) != "bid" or state.bidding is None or state.bidding.high_seat:
        return False
    seat = state.to_act[0]
    held = state.players[seat].cubes
    return seat != state.bidding.holder and sum(1 for n in held if n) > 1 and sum(held) >= 2


def at_coach_pass() -> SavedGame:
    """A game of three at a phase 3 turn on which the coach would pass (its standing pass
    opens the list), laws out of the way."""
    from keythedral.bots.hints import hint

    def stop(state: GameState) -> bool:
        if engine.decision(state) != "spend":
            return False
        seat = state.to_act[0]
        return hint(engine.view(state, seat), engine.legal_actions(state)).action.kind == "pass"

    return saved_game(config(3, no_laws=True), stop)


def make_app(
    cfg: GameConfig | None = None, saved: SavedGame | None = None, **kw: Any
) -> KeythedralApp:
    """The app for a test.  ``strict_privacy`` by default: most tests were written for a
    privacy screen before every decision (tests/tui/test_shared_screen.py plays the default,
    phase 1 on the shared screen)."""
    kw.setdefault("autosave", False)
    kw.setdefault("strict_privacy", True)
    app = KeythedralApp(cfg, saved=saved, animations=False, **kw)
    notices(app)  # what it notifies is recorded from the start
    return app


def greedy_game(seed: int = 8, seats: tuple[str, ...] = ("human", "greedy", "greedy")) -> Any:
    """A whole game of three greedy bots, as a replay; (the replay, the final state)."""
    from keythedral.bots import make_bot
    from keythedral.records import replay

    cfg = GameConfig(players=list(NAMES), seed=seed)
    players = [make_bot("greedy", s) for s in range(3)]
    state, actions = engine.new_game(cfg), []
    while state.to_act:
        seat = state.to_act[0]
        actions.append(players[seat].choose(engine.view(state, seat), engine.legal_actions(state)))
        state = engine.apply(state, actions[-1])
    return replay.record(cfg, actions, seats, final=state), state


FIVE = ("Ann", "Bob", "Cy", "Dee", "Eve")


def laid_out(seed: int) -> SavedGame:
    """A five-player game just after the layout (29 fields), laid out by ``choose``."""
    cfg = GameConfig(players=list(FIVE), seed=seed)
    return saved_game(cfg, lambda s: s.phase != "layout", seed)


def busy_game(seed: int = 1) -> SavedGame:
    """A five-player game in round 3, three workers placed, with houses and fences on the
    board: its players build a fence or a house whenever they may."""
    cfg = GameConfig(players=list(FIVE), seed=seed)
    state, rng, actions = engine.new_game(cfg), random.Random(seed), []
    while not (state.round == 3 and state.phase == "place_workers" and len(state.workers) >= 3):
        legal = engine.legal_actions(state)
        build = [a for a in legal if a.kind in ("build_fence", "convert_cottage")]
        action = build[0] if build else choose(state, rng)
        state = engine.apply(state, action)
        actions.append(action)
    return SavedGame(cfg, tuple(actions), state)


def mid_game(at_round: int = 3, phase: str = "place_workers", workers: int = 4) -> SavedGame:
    """A game of three without laws at ``at_round``'s ``phase`` with ``workers`` or more workers
    on the board; it opens on a privacy screen (``driver.past_handover`` passes it).  By default
    round 3's phase 1 with four workers out, the game of the snapshots."""
    return saved_game(
        config(3, no_laws=True),
        lambda s: s.round == at_round and s.phase == phase and len(s.workers) >= workers,
    )


def spending(*, later: bool = False) -> SavedGame:
    """A game of three without laws at its first phase 3 turn, or (``later``) at a phase 3 turn
    from round 2 on, before anyone has passed."""
    if later:
        return saved_game(
            config(3, no_laws=True),
            lambda s: s.round >= 2 and s.phase == "spend" and s.passes == 0,
        )
    return saved_game(config(3, no_laws=True), lambda s: engine.decision(s) == "spend")


def ann_spends(state: GameState) -> bool:
    """Ann's phase 3 action, round 2 on, nobody passed yet: her list opens on the coach's
    suggested move, and her pass only hands the keyboard to Bob."""
    return state.phase == "spend" and state.round >= 2 and not state.passes and state.to_act == (0,)
