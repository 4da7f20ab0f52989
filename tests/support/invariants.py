"""Invariants of a Keythedral game, reusable by any test that plays games.

``check_invariants(state)`` checks what must hold in every reachable state (cubes, workers,
fences, cottages, fields, tiles, law cards, who acts).  ``check_legal``, ``check_mutations``
and ``check_view_secrets`` check one step's legal list, the rejection of near-miss actions and
the secrecy of every seat's view.  ``play_checked`` plays a whole game with the purposeful
random policy and runs all of them at every step.

Everything here is written over whatever action kinds the engine has (it walks the actions'
fields generically), so new kinds such as ``play_law`` or ``decline`` are covered as they land.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from keythedral import engine
from keythedral.engine.actions import ACTION_KINDS, parse_action
from keythedral.engine.board import KEYTHEDRAL_CORNER, corner_fields
from keythedral.engine.catalogue import buildings as tile_catalogue
from keythedral.engine.catalogue import laws as law_catalogue
from keythedral.engine.cubes import COLOURS, TOTAL
from keythedral.vocab import FIELD_TYPES
from keythedral.words.narration import narrate
from tests.support.helpers import TOTAL as EXPECTED_TOTAL  # the rules' counts, not the engine's
from tests.support.policy import choose

CUBES_IN_GAME = 115
assert sum(EXPECTED_TOTAL.values()) == CUBES_IN_GAME
assert tuple(EXPECTED_TOTAL[c] for c in COLOURS) == tuple(TOTAL)

WORKERS_PER_PLAYER = 10
FENCES_PER_PLAYER = 3
COTTAGES_PER_PLAYER = 5
LAW_CARDS = 20
BUILDING_TILES = 34


class InvariantError(AssertionError):
    pass


def _fail(msg: str) -> None:
    raise InvariantError(msg)


# --- the state ----------------------------------------------------------------------------


def check_invariants(state: engine.GameState) -> None:
    """Raise InvariantError when ``state`` breaks a rule that must hold at every step."""
    _check_cubes(state)
    _check_map(state)
    _check_workers(state)
    _check_fences(state)
    _check_tiles(state)
    _check_laws(state)
    _check_turn(state)
    _check_counts(state)
    _check_pending(state)


def _check_cubes(state: engine.GameState) -> None:
    store = tuple(state.store)
    craftsmen = tuple(state.craftsmen)
    if len(store) != 8:
        _fail(f"store has {len(store)} colours, not 8: {store}")
    if len(craftsmen) != 3:
        _fail(f"craftsmen hold {len(craftsmen)} colours, not 3: {craftsmen}")
    total = list(store)
    for k, n in enumerate(craftsmen):
        total[5 + k] += n
    where = {"store": store, "craftsmen": craftsmen}
    for seat, p in enumerate(state.players):
        hand = tuple(p.cubes)
        if len(hand) != 8:
            _fail(f"seat {seat}'s hand has {len(hand)} colours: {hand}")
        where[f"seat {seat}"] = hand
        for i, n in enumerate(hand):
            total[i] += n
    for name, counts in where.items():
        if any(n < 0 for n in counts):
            _fail(f"negative cube count in {name}: {counts}")
    for i, colour in enumerate(COLOURS):
        if total[i] != EXPECTED_TOTAL[colour]:
            _fail(
                f"{colour}: store+craftsmen+hands = {total[i]}, expected "
                f"{EXPECTED_TOTAL[colour]} ({where})"
            )
    if sum(total) != CUBES_IN_GAME:  # pragma: no cover - implied by the per-colour check
        _fail(f"{sum(total)} cubes in the game, not {CUBES_IN_GAME}")


def _laid(state: engine.GameState) -> set[tuple[int, int]]:
    return {tuple(f.pos) for f in state.fields}  # type: ignore[misc]


def _check_fields(state: engine.GameState) -> None:
    positions = [tuple(f.pos) for f in state.fields]
    if len(set(positions)) != len(positions):
        _fail(f"two fields on one position: {sorted(positions)}")
    if any(f.type not in FIELD_TYPES for f in state.fields):
        _fail(f"unknown field type in {state.fields}")
    n = state.config.n
    expected = 12 if n == 2 else 4 + 5 * n
    if len(state.fields) + len(state.field_stack) != expected:
        _fail(
            f"{len(state.fields)} fields laid + {len(state.field_stack)} in the stack, "
            f"expected {expected} for {n} players"
        )
    if state.phase != "layout" and state.field_stack:
        _fail(f"the field stack still holds {len(state.field_stack)} tiles after the layout")


#: Maps already found sound, by value: the fields and homes change on few steps of a game, and
#: the soak checks every state a law window could lead to.
_SOUND_MAPS: set[tuple[Any, ...]] = set()


def _check_map(state: engine.GameState) -> None:
    """The fields and the homes (checked once for each map met, by value)."""
    key = (
        state.fields,
        len(state.field_stack),
        state.cottages,
        state.keythedral,
        state.config.n,
        state.phase == "layout",
    )
    if key in _SOUND_MAPS:
        return
    _check_fields(state)
    _check_cottages(state)
    if len(_SOUND_MAPS) > 4096:
        _SOUND_MAPS.clear()
    _SOUND_MAPS.add(key)


def _check_cottages(state: engine.GameState) -> None:
    laid = _laid(state)
    corners = [tuple(c.corner) for c in state.cottages]
    if len(set(corners)) != len(corners):
        dup = [c for c, k in Counter(corners).items() if k > 1]
        _fail(f"two cottages on one corner: {dup}")
    keythedral = state.keythedral
    if state.config.n > 2 and tuple(keythedral or ()) != KEYTHEDRAL_CORNER:
        _fail(f"the Keythedral tile is at {keythedral}, expected {KEYTHEDRAL_CORNER}")
    if state.config.n == 2 and keythedral is not None:
        _fail("a two-player game has no Keythedral tile")
    for c in state.cottages:
        if keythedral is not None and tuple(c.corner) == tuple(keythedral):
            _fail(f"seat {c.seat}'s cottage {c.number} stands on the Keythedral corner")
        if not any(f in laid for f in corner_fields(tuple(c.corner))):  # type: ignore[arg-type]
            _fail(f"seat {c.seat}'s cottage {c.number} at {c.corner} touches no field")
        if not 0 <= c.seat < state.config.n or not 1 <= c.number <= COTTAGES_PER_PLAYER:
            _fail(f"impossible cottage {c}")
    for seat in range(state.config.n):
        numbers = [c.number for c in state.cottages if c.seat == seat]
        if len(set(numbers)) != len(numbers):
            _fail(f"seat {seat} has two cottages numbered alike: {sorted(numbers)}")
        if state.phase != "layout" and len(numbers) != COTTAGES_PER_PLAYER:
            _fail(f"seat {seat} has {len(numbers)} cottages after the layout, not 5")
        if len(numbers) > COTTAGES_PER_PLAYER:
            _fail(f"seat {seat} has {len(numbers)} cottages")


def _check_workers(state: engine.GameState) -> None:
    laid = _laid(state)
    fields = [tuple(w.field) for w in state.workers]
    if len(set(fields)) != len(fields):
        dup = [f for f, k in Counter(fields).items() if k > 1]
        _fail(f"more than one worker on a field: {dup}")
    for w in state.workers:
        if tuple(w.field) not in laid:
            _fail(f"seat {w.seat}'s worker stands on {w.field}, where no field is laid")
    per_seat = Counter(w.seat for w in state.workers)
    for seat, k in per_seat.items():
        if not 0 <= seat < state.config.n:
            _fail(f"a worker of the unknown seat {seat}")
        if k > WORKERS_PER_PLAYER:
            _fail(f"seat {seat} has {k} workers on the board (at most {WORKERS_PER_PLAYER})")
    per_home = Counter((w.seat, w.number) for w in state.workers)
    for (seat, number), k in per_home.items():
        if k > 2:
            _fail(f"{k} workers came from seat {seat}'s number {number} (a house sends two)")
    if state.phase in ("layout", "bidding") and state.workers:
        _fail(f"workers on the board during {state.phase}: {state.workers}")


def _check_fences(state: engine.GameState) -> None:
    laid = _laid(state)
    edges = [(tuple(f.corner), tuple(f.field)) for f in state.fences]
    if len(set(edges)) != len(edges):
        dup = [e for e, k in Counter(edges).items() if k > 1]
        _fail(f"two fences on one edge: {dup}")
    for f in state.fences:
        corner, fld = tuple(f.corner), tuple(f.field)
        if fld not in corner_fields(corner):  # type: ignore[arg-type]
            _fail(f"fence between {corner} and {fld}, which do not touch")
        if fld not in laid:
            _fail(f"fence between {corner} and {fld}, where no field is laid")
        if state.keythedral is not None and corner == tuple(state.keythedral):
            _fail(f"fence at the Keythedral corner {corner}")
    on_board = Counter(f.seat for f in state.fences)
    for seat, p in enumerate(state.players):
        if not 0 <= p.fences_built <= FENCES_PER_PLAYER:
            _fail(f"seat {seat} has built {p.fences_built} fences (at most {FENCES_PER_PLAYER})")
        if on_board[seat] > p.fences_built:
            _fail(
                f"seat {seat} has {on_board[seat]} fences on the board but built {p.fences_built}"
            )
    if any(not 0 <= s < state.config.n for s in on_board):
        _fail(f"fence of an unknown seat: {state.fences}")


def _check_tiles(state: engine.GameState) -> None:
    everywhere: list[str] = [t for stage in state.mat for t in stage]
    everywhere += [t for stage in state.unused for t in stage]
    for p in state.players:
        everywhere += list(p.buildings)
    dup = [t for t, k in Counter(everywhere).items() if k > 1]
    if dup:
        _fail(f"building tiles in two places at once: {dup}")
    catalogue = tile_catalogue()
    if set(everywhere) != set(catalogue):
        _fail(
            f"building tiles lost or invented: missing {sorted(set(catalogue) - set(everywhere))}, "
            f"unknown {sorted(set(everywhere) - set(catalogue))}"
        )
    for i, stage in enumerate(state.mat):
        for t in stage:
            if catalogue[t].stage != i + 1:
                _fail(f"tile {t} of stage {catalogue[t].stage} lies on stage {i + 1} of the mat")
    in_play = sum(len(s) for s in state.mat) + sum(len(p.buildings) for p in state.players)
    expected = 22 if state.config.long_game else 17
    if in_play != expected:
        _fail(f"{in_play} building tiles in play (mat + bought), expected {expected}")
    if state.phase == "game_over" and any(state.mat):
        _fail("the game is over with building tiles still on the mat")
    if state.phase != "game_over" and not any(state.mat):
        _fail("every building tile is bought but the game goes on")


def law_locations(state: engine.GameState) -> list[tuple[str, str]]:
    """(card, where) for every law card, in every place one may be: the deck, the new-law
    spaces, a hand, a window (a law waiting to take effect, or a Substitution purchase waiting
    to be paid), under a tile (a price law), the discard."""
    out = [(c, "deck") for c in state.law_deck]
    out += [(c, f"space {i}") for i, c in enumerate(state.law_spaces) if c is not None]
    for seat, p in enumerate(state.players):
        out += [(c, f"seat {seat}") for c in p.laws]
    for i, w in enumerate(state.windows):
        if w.law is not None:
            out.append((w.law.card, f"window {i}"))
        if w.purchase is not None and w.purchase.kind == "play_law":
            out.append((w.purchase.card, f"window {i} (a purchase)"))
    for tile, d in state.price_mods:
        out.append((PRICE_LAW[d], f"under {tile}"))
    out += [(c, "discard") for c in state.law_discard]
    return out


PRICE_LAW = {1: "price-increase", -1: "price-decrease"}


def _check_laws(state: engine.GameState) -> None:
    places = law_locations(state)
    cards = [c for c, _ in places]
    dup = {c: [w for cc, w in places if cc == c] for c, k in Counter(cards).items() if k > 1}
    if dup:
        _fail(f"law cards in two places at once: {dup}")
    unknown = set(cards) - set(law_catalogue())
    if unknown:
        _fail(f"unknown law cards {sorted(unknown)}")
    if state.config.no_laws:
        if cards:
            _fail(f"law cards in a game without laws: {places}")
        return
    if len(cards) != LAW_CARDS:
        missing = sorted(set(law_catalogue()) - set(cards))
        _fail(f"{len(cards)} law cards in their places, not {LAW_CARDS}: {missing} lost")
    for tile, d in state.price_mods:
        if tile not in face_up_tiles(state):
            _fail(f"a {PRICE_LAW[d]} lies under {tile}, which is not a tile for sale")
    if len(state.law_spaces) != state.config.law_spaces:
        _fail(f"{len(state.law_spaces)} new-law spaces, expected {state.config.law_spaces}")


def _check_counts(state: engine.GameState) -> None:
    """No count of anything below zero (cubes are checked with their totals)."""
    pay = state.payment
    if pay is not None:
        owed = (*pay.need, pay.any_resource, pay.any_cube)
        if min(owed) < 0 or min(pay.paid) < 0:
            _fail(f"a payment with a negative count: {pay}")
    p = state.placement
    if p is not None and p.left < 0:
        _fail(f"a home with {p.left} workers left to place")
    b = state.bidding
    if b is not None and b.high < 0:
        _fail(f"a high bid of {b.high}")
    gain = state.gain
    if gain is not None and gain.count < 0:
        _fail(f"a gain of {gain.count} cubes")
    if state.passes < 0 or state.round < 0:
        _fail(f"passes {state.passes}, round {state.round}")


def _check_pending(state: engine.GameState) -> None:
    """A started payment can always be finished; a pending gain can be taken from the store."""
    pay = state.payment
    if pay is not None:
        hand = tuple(state.players[pay.seat].cubes)
        need = tuple(getattr(pay, "need", (0,) * 8))
        any_resource = getattr(pay, "any_resource", 0)
        any_cube = getattr(pay, "any_cube", 0)
        if not any(need) and not any_resource and not any_cube:
            any_cube = pay.owed
        if pay.owed <= 0:
            _fail(f"a pending payment owes nothing: {pay}")
        short = [COLOURS[i] for i in range(8) if hand[i] < need[i]]
        spare_res = sum(hand[:5]) - sum(need[:5])
        spare_all = sum(hand) - sum(need) - any_resource
        if short or spare_res < any_resource or spare_all < any_cube:
            _fail(f"seat {pay.seat} cannot finish paying {pay} with {hand}")
        if state.to_act != (pay.seat,) and not getattr(state, "windows", ()):
            _fail(f"a payment of seat {pay.seat} is pending but to_act is {state.to_act}")
    for w in state.workers:
        if not any(c.seat == w.seat and c.number == w.number for c in state.cottages):
            _fail(f"a worker of seat {w.seat} came from no cottage number {w.number}")


def _check_turn(state: engine.GameState) -> None:
    to_act = tuple(state.to_act)
    over = state.phase == "game_over"
    if over != (not to_act):
        _fail(f"phase {state.phase} with to_act={to_act}")
    if len(set(to_act)) != len(to_act) or any(not 0 <= s < state.config.n for s in to_act):
        _fail(f"bad to_act {to_act}")
    if over:
        if state.scores is None or state.winners is None or not state.winners:
            _fail("game over without scores and winners")
    elif state.scores is not None or state.winners is not None:
        _fail("scores before the game is over")


# --- one step's legal list ----------------------------------------------------------------


def check_legal(state: engine.GameState, acts: Sequence[Any]) -> None:
    """The legal list: non-empty iff someone must act, only seats in to_act, no duplicates."""
    if state.to_act and not acts:
        _fail(f"no legal action while {state.to_act} must act (phase {state.phase})")
    if not state.to_act and acts:
        _fail(f"legal actions after the game ended: {acts[:5]}")
    to_act = set(state.to_act)
    for a in acts:
        if a.seat not in to_act:
            _fail(f"{a!r} is listed but seat {a.seat} is not in to_act={state.to_act}")
        if a.kind not in ACTION_KINDS:
            _fail(f"{a!r} has an unknown kind")
    keys = [_key(a) for a in acts]
    if len(set(keys)) != len(keys):
        dup = [k for k, n in Counter(keys).items() if n > 1]
        _fail(f"duplicate legal actions: {dup[:5]}")
    if state.windows and state.config.reaction_windows == "when_possible":
        # A seat stays in a when_possible window only while it has a card to play there.
        playing = {a.seat for a in acts if a.kind == "play_law"}
        idle = [s for s in state.to_act if s not in playing]
        if idle:
            _fail(f"seats {idle} are asked in a when_possible window with no card to play")


def _key(a: Any) -> str:
    return a.model_dump_json()


# --- near-miss actions --------------------------------------------------------------------

_COLOUR_FIELDS = {"cube", "craft", "take", "extra", "less", "instead"}
_ALL_TILES: tuple[str, ...] = ()
_ALL_LAWS: tuple[str, ...] = ()


def _ids() -> tuple[tuple[str, ...], tuple[str, ...]]:
    global _ALL_TILES, _ALL_LAWS
    if not _ALL_TILES:
        _ALL_TILES = tuple(sorted(tile_catalogue()))
        _ALL_LAWS = tuple(sorted(law_catalogue()))
    return _ALL_TILES, _ALL_LAWS


def mutations(action: Any, state: engine.GameState, rng: random.Random) -> Iterator[dict[str, Any]]:
    """Near misses of ``action`` as plain dicts: one field changed, or the kind changed."""
    tiles, laws = _ids()
    base = action.model_dump(mode="json")
    n = state.config.n
    for key, value in base.items():
        if key == "kind" or value is None:
            continue
        options: list[Any] = []
        if key == "seat":
            options = [(value + 1) % n, (value + rng.randrange(1, n)) % n, n, -1]
        elif isinstance(value, bool):
            options = [not value]
        elif isinstance(value, int):
            options = [value + 1, value - 1, rng.randrange(-1, 8)]
        elif isinstance(value, list) and len(value) == 2:  # a position
            x, y = value
            dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)])
            options = [[x + dx, y + dy], [y, x]]
        elif key in _COLOUR_FIELDS:
            options = [rng.choice([c for c in COLOURS if c != value]), "mud"]
        elif key == "tile":
            options = [rng.choice(tiles), "s9-99"]
        elif key == "card":
            options = [rng.choice(laws), "no-such-law"]
        elif key in ("field_type", "type"):
            options = [rng.choice([t for t in FIELD_TYPES if t != value])]
        elif isinstance(value, str):
            options = [value + "x"]
        for opt in options:
            if opt != value:
                yield {**base, key: opt}
    other = rng.choice([k for k in ACTION_KINDS if k != base["kind"]])
    yield {**base, "kind": other}
    yield {"kind": other, "seat": base["seat"]}


def check_rejects(
    state: engine.GameState,
    legal: set[str],
    candidate: dict[str, Any] | Any,
    *,
    compare_dump: str | None = None,
) -> bool:
    """Apply a candidate action: accepted iff it is in ``legal`` (keys of the legal list).

    Returns True when it was legal.  An illegal one must raise IllegalAction (nothing else) and
    leave the state unchanged.
    """
    if isinstance(candidate, dict):
        try:
            action = parse_action(candidate)
        except ValidationError:
            action = None
    else:
        action = candidate
    is_legal = action is not None and _key(action) in legal
    target: Any = candidate if action is None else action
    if is_legal:
        try:
            engine.apply(state, target)
        except Exception as exc:
            _fail(f"the legal action {target!r} raised {exc!r}")
        return True
    try:
        engine.apply(state, target)
    except engine.IllegalAction as exc:
        if not str(exc):
            _fail(f"IllegalAction without a reason for {target!r}")
    except Exception as exc:
        _fail(f"{target!r} (not legal) raised {type(exc).__name__}: {exc} instead of IllegalAction")
    else:
        _fail(
            f"{target!r} is not in the legal list (decision {engine.decision(state)}, "
            f"to_act {state.to_act}) but apply accepted it"
        )
    if compare_dump is not None and state.model_dump_json() != compare_dump:
        _fail(f"rejecting {target!r} changed the state")
    return False


def check_mutations(
    state: engine.GameState,
    acts: Sequence[Any],
    rng: random.Random,
    *,
    per_step: int = 3,
    stale: Sequence[Any] = (),
    compare_dump: str | None = None,
) -> None:
    """Near misses of a few legal actions (and a few stale actions from earlier steps)."""
    if not acts:
        return
    legal = {_key(a) for a in acts}
    candidates: list[Any] = []
    for _ in range(per_step):
        candidates.extend(mutations(acts[rng.randrange(len(acts))], state, rng))
    candidates = rng.sample(candidates, min(len(candidates), 4 * per_step))
    if stale:
        candidates += rng.sample(list(stale), min(len(stale), per_step))
    for i, cand in enumerate(candidates):
        check_rejects(state, legal, cand, compare_dump=compare_dump if i == 0 else None)


# --- secrets ------------------------------------------------------------------------------


@dataclass
class Public:
    """What has been public at some point of the game (so may lawfully appear in views):
    tiles once face up, law cards once played (play_checked adds those as they are played)."""

    tiles: set[str] = field(default_factory=set)
    laws: set[str] = field(default_factory=set)

    def update(self, state: engine.GameState) -> None:
        self.tiles.update(face_up_tiles(state))
        self.laws.update(getattr(state, "law_discard", ()))


def face_up_tiles(state: engine.GameState) -> tuple[str, ...]:
    """Tiles whose faces the table sees: all in play with open buildings (from the setup on),
    else the lowest stage still in play, once the layout is over (rules_en.md, Stage 1 opens)."""
    if state.config.open_buildings:
        return tuple(t for s in state.mat for t in s)
    if state.phase == "layout":
        return ()
    for s in state.mat:
        if s:
            return tuple(s)
    return ()


_LAW_NAMES: re.Pattern[str] | None = None
_LAW_BY_WORD: dict[str, str] = {}


def _laws_named(log: str) -> set[str]:
    """Law cards named (by id or by name) anywhere in the log text."""
    global _LAW_NAMES
    if _LAW_NAMES is None:
        words = []
        for card, law in law_catalogue().items():
            _LAW_BY_WORD[card] = card
            _LAW_BY_WORD[law.name] = card
            words += [re.escape(card), re.escape(law.name)]
        words.sort(key=len, reverse=True)
        _LAW_NAMES = re.compile(rf"(?<![\w-])(?:{'|'.join(words)})(?![\w-])")
    return {_LAW_BY_WORD[m] for m in _LAW_NAMES.findall(log)}


_LOG_CACHE: dict[tuple[Any, ...], set[str]] = {}


def _laws_in_log(log: tuple[Any, ...], names: list[str]) -> set[str]:
    """Law cards the log names, as told (narration) and as data (the events' JSON)."""
    named = _LOG_CACHE.get(log)
    if named is None:
        told = "\n".join(narrate(e, names) for e in log)
        data = "\n".join(e.model_dump_json() for e in log)
        # "work-order marker" is a board marker, not the Work order law card
        named = _laws_named(f"{told}\n{data}".replace("work-order marker", "marker"))
        if len(_LOG_CACHE) > 64:
            _LOG_CACHE.clear()
        _LOG_CACHE[log] = named
    return named


_TILE_ID = re.compile(r"s[1-5]-\d\d")
_QUOTED = re.compile(r'"([a-z][a-z-]*)"')


def check_view_secrets(
    state: engine.GameState, seat: int | None, public: Public | None = None
) -> None:
    """``view(state, seat)`` holds nothing that seat may not know."""
    v = engine.view(state, seat)
    text = v.model_dump_json()
    over = state.phase == "game_over"
    public = public or Public()
    who = "spectator" if seat is None else f"seat {seat}"

    # Hands: only the seat's own (everyone's once the game is over, under "final").
    me = getattr(v, "me", None)
    if seat is None:
        if me is not None:
            _fail("the spectator view has a hand")
    else:
        if me is None or me.seat != seat:
            _fail(f"view of seat {seat} shows the hand of {getattr(me, 'seat', None)}")
        if tuple(me.cubes) != tuple(state.players[seat].cubes):
            _fail(f"view of seat {seat} shows cubes {me.cubes}, not its own")
    rest = v.model_dump_json(exclude={"me", "final"})
    for key in ('"cubes"', '"laws"', '"buildings"'):
        if key in rest:
            _fail(f"{who}'s view shows a hand ({key}) outside its own: {rest[:300]}...")
    if getattr(v, "final", None) is not None and not over:
        _fail(f"{who}'s view reveals every hand before the end")

    # Law cards: the deck, the new-law spaces and other seats' hands.
    hidden_laws = set(state.law_deck) | {c for c in state.law_spaces if c is not None}
    if not over:
        for other, p in enumerate(state.players):
            if other != seat:
                hidden_laws.update(p.laws)
    hidden_laws -= public.laws
    leaked = set(_QUOTED.findall(text)) & hidden_laws
    if leaked:
        _fail(f"{who}'s view contains the hidden law cards {sorted(leaked)}")
    log = getattr(v, "log", ())
    leaked = _laws_in_log(log, [p.name for p in v.players]) & hidden_laws
    if leaked:
        _fail(f"{who}'s log names the hidden law cards {sorted(leaked)}")

    # Building tiles: face-down ones in play and the unused ones.
    hidden_tiles = {t for s in state.unused for t in s}
    hidden_tiles |= {t for s in state.mat for t in s} - set(face_up_tiles(state))
    hidden_tiles -= public.tiles
    leaked = set(_TILE_ID.findall(text)) & hidden_tiles
    if leaked:
        _fail(f"{who}'s view contains the face-down building tiles {sorted(leaked)}")

    # The field stack beyond its top tile (as a list in the JSON); the RNG; the seed.
    stack = list(state.field_stack)
    if len(stack) >= 2:
        compact = text.replace(" ", "")
        needles = [json.dumps(stack[:2], separators=(",", ":"))[:-1]]  # a list opening so
        needles += [",".join(f'"{t}"' for t in stack[i : i + 3]) for i in (0, 1)]
        for needle in needles:
            if needle.count('"') >= 4 and needle in compact:
                _fail(f"{who}'s view shows the order of the field stack: {needle}...")
    nxt = getattr(v, "next_field", None)
    if nxt not in (None, *stack[:1]):
        _fail(f"{who}'s view shows {nxt} as the next field")
    if len(str(state.rng)) >= 6 and str(state.rng) in text:
        _fail(f"{who}'s view contains the RNG state")
    seed = state.config.seed
    if abs(seed) >= 10**6 and str(seed) in text:
        _fail(f"{who}'s view contains the seed {seed}")


# --- a whole game -------------------------------------------------------------------------


@dataclass
class GameRecord:
    config: engine.GameConfig
    actions: list[Any]
    final: engine.GameState
    rounds: int
    kinds: Counter[str]


@dataclass
class Checks:
    """How much to check at each step (everything cheap runs at every step)."""

    sample_applies: int = 3  # extra legal actions applied per step besides the chosen one
    apply_every: bool = False  # apply every legal action at every step instead
    mutations: int = 2  # legal actions mutated per step
    views_every: int = 1  # check every seat's view every k steps
    round_trip_every: int = 50
    max_rounds: int = 40
    max_steps: int = 20_000


def play_checked(
    config: engine.GameConfig,
    rng: random.Random,
    checks: Checks | None = None,
    policy: Any = choose,
) -> GameRecord:
    """Play a game with ``policy`` (drawing from ``rng``), checking every invariant at every step.

    Failures raise InvariantError naming the config, the step and the actions that lead there.
    """
    checks = checks or Checks()
    state = engine.new_game(config)
    if engine.new_game(config) != state:
        _fail("new_game is not deterministic")
    actions: list[Any] = []
    kinds: Counter[str] = Counter()
    stale: list[Any] = []
    public = Public()
    step = 0
    try:
        while True:
            check_invariants(state)
            public.update(state)
            acts = engine.legal_actions(state)
            check_legal(state, acts)
            if step % checks.views_every == 0 or not acts:
                for seat in (*range(config.n), None):
                    check_view_secrets(state, seat, public)
            back = None
            if step % checks.round_trip_every == 0 or not acts:
                back = _check_round_trip(state)
                check_summary(state)
            if not acts:
                break
            dump = state.model_dump_json()
            tried = (
                acts
                if checks.apply_every
                else rng.sample(acts, min(len(acts), checks.sample_applies))
            )
            for a in tried:
                try:
                    engine.apply(state, a)
                except Exception as exc:
                    _fail(f"the legal action {a!r} raised {type(exc).__name__}: {exc}")
            check_mutations(
                state, acts, rng, per_step=checks.mutations, stale=stale, compare_dump=dump
            )
            action = policy(state, acts, rng)
            new = engine.apply(state, action)
            # saves hold actions as JSON: the JSON form parses back and acts the same
            as_json = action.model_dump(mode="json")
            if parse_action(action.model_dump_json()) != action:
                _fail(f"{action!r} does not survive its JSON round trip")
            if engine.apply(state, as_json) != new:
                _fail(f"{as_json} as a dict leads elsewhere than {action!r}")
            if back is not None and engine.apply(back, action) != new:
                _fail(f"{action!r} leads elsewhere from the state's JSON round trip")
            if state.model_dump_json() != dump:
                _fail(
                    f"the state changed while applying {action!r}, the sampled legal actions "
                    "or the rejected near misses: apply mutated its input"
                )
            actions.append(action)
            if action.kind == "play_law":
                # a played card is public even if it comes back (a called-off Substitution)
                public.laws.add(action.card)
            kinds[action.kind] += 1
            if len(stale) < 64:
                stale.append(action)
            else:
                stale[rng.randrange(64)] = action
            state = new
            step += 1
            if state.round > checks.max_rounds or step > checks.max_steps:
                _fail(
                    f"the game did not end within {checks.max_rounds} rounds / "
                    f"{checks.max_steps} steps (round {state.round}, step {step})"
                )
    except Exception as exc:
        raise InvariantError(
            f"{type(exc).__name__}: {exc}\n  config={config!r}\n  step={step} "
            f"phase={state.phase} round={state.round}\n  last actions="
            f"{[a.model_dump(exclude_defaults=True) for a in actions[-6:]]}"
        ) from exc
    check_final_scores(state)
    # Determinism: the same seed and the same actions replay to the same final state.
    replay = engine.new_game(config)
    for a in actions:
        replay = engine.apply(replay, a)
    if replay != state:
        _fail(f"replaying {len(actions)} actions from the seed gives a different final state")
    return GameRecord(config, actions, state, state.round, kinds)


SEAT_VALUES = {"classic": (1, 2, 3, 4, 5), "second": (4, 6, 8, 10, 12)}
CUBE_WORTH = (1, 1, 1, 1, 1, 2, 3, 4)  # resources 1, iron 2, glass 3, gold 4


def check_final_scores(state: engine.GameState) -> None:
    """Scores and winners recomputed from the rules (RULINGS.md, End and score)."""
    if state.phase != "game_over":
        return
    values = SEAT_VALUES[state.config.edition]
    stage = {t: tile.stage for t, tile in tile_catalogue().items()}
    seats = [sum(values[stage[t] - 1] for t in p.buildings) for p in state.players]
    worth = [sum(n * w for n, w in zip(p.cubes, CUBE_WORTH, strict=True)) for p in state.players]
    if state.config.edition == "second":
        scores = [a + b for a, b in zip(seats, worth, strict=True)]
        keys = [(x,) for x in scores]
    else:
        scores = seats
        keys = list(zip(seats, worth, strict=True))
    best = max(keys)
    winners = tuple(i for i, k in enumerate(keys) if k == best)
    if tuple(state.scores or ()) != tuple(scores) or tuple(state.winners or ()) != winners:
        _fail(
            f"final scores {state.scores} winners {state.winners}; the rules give {scores} "
            f"winners {winners} ({state.config.edition}, cube worth {worth})"
        )


def check_summary(state: engine.GameState) -> None:
    """summary() is JSON-able and tells the same truth as the state (API.md's schema)."""
    s = engine.summary(state)
    json.dumps(s)
    if s["phase"] != state.phase or s["to_act"] != list(state.to_act):
        _fail(f"summary says phase {s['phase']} to_act {s['to_act']}")
    for colour in COLOURS:
        total = s["store"][colour] + s["craftsmen"].get(colour, 0)
        total += sum(p["cubes"][colour] for p in s["players"])
        if total != EXPECTED_TOTAL[colour]:
            _fail(f"summary counts {total} {colour} cubes, not {EXPECTED_TOTAL[colour]}")
    for seat, p in enumerate(s["players"]):
        if p["cottages"] + p["houses"] != sum(1 for c in state.cottages if c.seat == seat):
            _fail(f"summary miscounts seat {seat}'s cottages and houses")
        if p["fences_left"] != FENCES_PER_PLAYER - state.players[seat].fences_built:
            _fail(f"summary says seat {seat} has {p['fences_left']} fences left")
        if p["workers_on_board"] != sum(1 for w in state.workers if w.seat == seat):
            _fail(f"summary miscounts seat {seat}'s workers")
        if p["laws_held"] != len(state.players[seat].laws):
            _fail(f"summary miscounts seat {seat}'s laws")
    if s["buildings_left"] != sum(len(t) for t in state.mat):
        _fail("summary miscounts the building tiles left")
    if (s["scores"] is None) != (state.phase != "game_over"):
        _fail("summary has scores before the end, or none at the end")


def _check_round_trip(state: engine.GameState) -> engine.GameState:
    back = engine.GameState.model_validate_json(state.model_dump_json())
    if back != state:
        _fail("GameState JSON round trip changed the state")
    return back


def replay(config: engine.GameConfig, actions: Iterable[Any]) -> engine.GameState:
    """The state after ``actions`` from the start of ``config`` (for reproductions)."""
    state = engine.new_game(config)
    for a in actions:
        state = engine.apply(state, a)
    return state
