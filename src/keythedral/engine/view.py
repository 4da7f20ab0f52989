"""view(state, seat): what one seat may know, as the physical table shows it.

Everyone sees the board, the mats, the store, the craftsmen, the face-up tiles, who must act and
the public log.  Only the seat itself sees its cubes, its law cards and the tiles it bought (the
player screens hide them).  Face-down tiles, the law deck, the cards on the new-law spaces, the
order of the field stack and the RNG are in no view.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from keythedral.vocab import FieldType

from .board import Cottage, Fence, Field, Pos, Worker
from .buildings import buyable, face_up
from .catalogue import seat_value, tile_cost
from .config import GameConfig
from .data import Data, built, fields_of, frozen, frozen_unslotted
from .decisions import Decision, decision
from .events import Event
from .fences import fences_left
from .state import (
    Bidding,
    Effects,
    Gain,
    GameState,
    Payment,
    PaymentPurpose,
    Phase,
    Placement,
    Window,
    construct,
)


@frozen
class _View(Data):
    pass


@frozen
class TileView(_View):
    id: str
    stage: int
    value: int
    cost: tuple[int, ...]
    buyable: bool


@frozen
class PublicPlayer(_View):
    seat: int
    name: str
    fences_left: int
    fences_on_board: int
    cottages: int
    houses: int
    procured_law_this_round: bool
    laws_held: int  # how many law cards (procuring and playing happen in the open)
    buildings_held: int  # how many tiles bought (which ones stay behind the screen)


@frozen
class Hand(_View):
    """A seat's own secrets (only ever in its own view; everyone's at the end of the game)."""

    seat: int
    cubes: tuple[int, ...]
    laws: tuple[str, ...]
    buildings: tuple[str, ...]


@frozen
class PaymentView(_View):
    seat: int
    owed: int
    purpose: PaymentPurpose
    target: str
    to_seat: int | None
    need: tuple[int, ...]  # cubes owed in given colours
    any_resource: int  # cubes owed in any resource colour
    any_cube: int  # cubes owed in any colour


@frozen_unslotted
class PlayerView(_View):
    seat: int | None
    config: GameConfig
    round: int
    phase: Phase
    decision: Decision
    start_player: int
    to_act: tuple[int, ...]
    turn: int
    players: tuple[PublicPlayer, ...]
    me: Hand | None
    store: tuple[int, ...]
    craftsmen: tuple[int, int, int]
    keythedral: Pos | None
    fields: tuple[Field, ...]
    cottages: tuple[Cottage, ...]
    fences: tuple[Fence, ...]
    workers: tuple[Worker, ...]
    layout_step: int
    window_done: str
    harvest_next: int
    next_field: FieldType | None  # the drawn field tile, while it is being laid
    fields_in_stack: int
    work_order: tuple[int, ...]
    placement: Placement | None
    passes: int
    payment: PaymentView | None
    relocation: tuple[tuple[int, int], ...]
    stage: int
    tiles: tuple[TileView, ...]  # face-up tiles
    face_down: tuple[int, ...]  # per stage: tiles in play still face down
    law_deck: int
    law_spaces: tuple[bool, ...]  # which new-law spaces hold a (face-down) card
    bidding: Bidding | None
    windows: tuple[Window, ...]  # open reaction windows, innermost last (all public)
    gain: Gain | None  # cubes someone is choosing from the store
    effects: Effects  # law effects lasting this round
    price_mods: tuple[tuple[str, int], ...]  # (tile, +1 | -1): price laws under tiles
    law_discard: tuple[str, ...]  # law cards played so far
    log: tuple[Event, ...]  # the most recent public events (see engine.events)
    log_total: int
    scores: tuple[int, ...] | None
    winners: tuple[int, ...] | None
    final: tuple[Hand, ...] | None  # every hand, revealed at the end of the game


def _tile_view(tile: str, edition: str, buyable: bool) -> TileView:
    """A face-up tile as the views show it."""
    return construct(
        TileView,
        id=tile,
        stage=int(tile[1]),
        value=seat_value(tile, edition),
        cost=tile_cost(tile),
        buyable=buyable,
    )


def _hand(state: GameState, seat: int) -> Hand:
    p = state.players[seat]
    last = _LAST_HANDS.get(seat)
    if last is not None and last[0] is p:  # the seat's cubes, cards and tiles are as they were
        return last[1]
    got = construct(Hand, seat=seat, cubes=p.cubes, laws=p.laws, buildings=p.buildings)
    _LAST_HANDS[seat] = (p, got)
    return got


#: Per seat: the last player record shown and its hand.  bench_caches: "_LAST_HANDS".
_LAST_HANDS: dict[int, tuple[object, Hand]] = {}


@lru_cache(maxsize=1024)  # bench_caches: "_spaces_shown"
def _spaces_shown(spaces: tuple[str | None, ...]) -> tuple[bool, ...]:
    return tuple([c is not None for c in spaces])


def _config(config: GameConfig) -> GameConfig:
    """The config as views show it (without the seed), kept while the game stays the same."""
    last = _LAST_CONFIG[0]
    if last[0] is config:
        known: GameConfig = last[1]
        return known
    got = config.model_copy(update={"seed": 0})
    _LAST_CONFIG[0] = (config, got)
    return got


#: The last (config, the views' config), swapped as one pair.  bench_caches: "_LAST_CONFIG".
_LAST_CONFIG: list[tuple[Any, Any]] = [(None, None)]


def _public_players(state: GameState) -> tuple[PublicPlayer, ...]:
    """Every seat's public side, kept by the identity of the tuples it reads; when they change
    (a seat's cubes change the players tuple, but none of what is shown here), each seat's
    entry is found by the values it shows."""
    players, fences, cottages = state.players, state.fences, state.cottages
    last = _LAST_PLAYERS[0]  # (players, fences, cottages, result), swapped as one tuple
    if last[0] is players and last[1] is fences and last[2] is cottages:
        known: tuple[PublicPlayer, ...] = last[3]
        return known
    on_board = _on_board(fences, cottages, len(players))
    out = []
    for s, p in enumerate(players):
        fences_on, cottages_, houses = on_board[s]
        laws, buildings = len(p.laws), len(p.buildings)
        key = (s, p.name, p.fences_built, fences_on, cottages_, houses, p.procured, laws, buildings)
        got: PublicPlayer | None = _PLAYERS.get(key)
        if got is None:
            if len(_PLAYERS) >= 4096:
                _PLAYERS.clear()
            got = _PLAYERS[key] = construct(
                PublicPlayer,
                seat=s,
                name=p.name,
                fences_left=fences_left(state, s),
                fences_on_board=fences_on,
                cottages=cottages_,
                houses=houses,
                procured_law_this_round=p.procured,
                laws_held=len(p.laws),
                buildings_held=len(p.buildings),
            )
        out.append(got)
    result = tuple(out)
    _LAST_PLAYERS[0] = (players, fences, cottages, result)
    return result


#: The last players' public sides: (players, fences, cottages, result).  bench_caches:
#: "_LAST_PLAYERS".
_LAST_PLAYERS: list[tuple[Any, ...]] = [((), (), (), ())]
#: Public sides by the values they show (immutable, so one object serves every view).
#: bench_caches: "_PLAYERS".
_PLAYERS: dict[tuple[Any, ...], PublicPlayer] = {}
#: The last (fences, cottages, n) and each seat's (fences on the board, cottages, houses).
#: bench_caches: "_LAST_ON_BOARD".
_LAST_ON_BOARD: list[tuple[Any, ...]] = [((), (), 0, ())]


def _on_board(
    fences: tuple[Fence, ...], cottages: tuple[Cottage, ...], n: int
) -> tuple[tuple[int, int, int], ...]:
    last = _LAST_ON_BOARD[0]
    if last[0] is fences and last[1] is cottages and last[2] == n:
        known: tuple[tuple[int, int, int], ...] = last[3]
        return known
    fences_on, homes, houses = [0] * n, [0] * n, [0] * n
    for f in fences:
        fences_on[f.seat] += 1
    for c in cottages:
        (houses if c.house else homes)[c.seat] += 1
    got = tuple(zip(fences_on, homes, houses, strict=True))
    _LAST_ON_BOARD[0] = (fences, cottages, n, got)
    return got


def _tiles(state: GameState) -> tuple[tuple[TileView, ...], tuple[int, ...], int]:
    """(the face-up tiles, the face-down count per stage, the stage), by the mat's identity."""
    mat, cfg, layout = state.mat, state.config, state.phase == "layout"
    last = _LAST_TILES[0]
    if last[0] is mat and last[1] is cfg and last[2] == layout:
        known: tuple[tuple[TileView, ...], tuple[int, ...], int] = last[3]
        return known
    up = face_up(state)
    buy = set(buyable(state))
    shown = set(up)
    edition = cfg.edition
    got = (
        tuple(_tile_view(t, edition, t in buy) for t in up),
        tuple(0 if any(t in shown for t in s) else len(s) for s in mat),
        state.stage,
    )
    _LAST_TILES[0] = (mat, cfg, layout, got)
    return got


#: The last (mat, config, in the layout, tiles answer), swapped as one tuple.  bench_caches:
#: "_LAST_TILES".
_LAST_TILES: list[tuple[Any, ...]] = [(None, None, False, None)]


#: What the state holds and no view shows at all (the rest is shown as it is, or worked out).
_UNSHOWN = ("rng", "field_stack", "mat", "unused")


def view(state: GameState, seat: int | None) -> PlayerView:
    """What ``seat`` may know (``None``: a spectator, public information only).

    The fields the view shows as the state holds them are taken in one copy of the state's
    fields; those it hides are dropped and those it shows in part are replaced.  The view ends
    with exactly its own fields (a field added to the state and not named here is refused)."""
    n = len(state.players)
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"no seat {seat} in a {n}-player game")
    d = decision(state)
    pay = state.payment
    tiles, face_down, stage = _tiles(state)
    values = fields_of(state)
    for name in _UNSHOWN:
        del values[name]
    # (one key at a time: cheaper than building keywords for update)
    values["seat"] = seat
    values["config"] = _config(state.config)
    values["decision"] = d
    values["players"] = _public_players(state)
    values["me"] = _hand(state, seat) if seat is not None else None
    values["next_field"] = state.field_stack[0] if d == "place_field" else None
    values["fields_in_stack"] = len(state.field_stack)
    values["payment"] = None if pay is None else _payment(pay)
    values["stage"] = stage
    values["tiles"] = tiles
    values["face_down"] = face_down
    values["law_deck"] = len(state.law_deck)
    values["law_spaces"] = _spaces_shown(state.law_spaces)
    values["final"] = tuple(_hand(state, s) for s in range(n)) if d == "game_over" else None
    return built(PlayerView, values)


def _payment(pay: Payment) -> PaymentView:
    return construct(
        PaymentView,
        seat=pay.seat,
        owed=pay.owed,
        purpose=pay.purpose,
        target=pay.target,
        to_seat=pay.to_seat,
        need=pay.need,
        any_resource=pay.any_resource,
        any_cube=pay.any_cube,
    )
