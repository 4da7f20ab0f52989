"""sample_state(view, seed): a full GameState consistent with what one seat can see.

For search bots (information-set Monte Carlo): everything the view shows is kept exactly; what it
hides is drawn at random among the possibilities: the other players' cubes (from the cubes
nobody visible holds), their law cards and buildings (as many as each is known to hold), the law
deck and the cards on the new-law spaces, the face-down and unused building tiles, the order of
the field stack, and the RNG.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import PlayLaw
from .board import stack_tiles
from .catalogue import IN_PLAY, IN_PLAY_LONG, laws, tiles_of_stage
from .cubes import TOTAL
from .data import field_names
from .state import GameState, Payment, PlayerState
from .view import PaymentView, PlayerView


def _shared(record: type[Any], shown: type[Any]) -> tuple[str, ...]:
    """The fields of ``record`` that its view ``shown`` has too (same names, same values)."""
    return tuple(f for f in field_names(record) if f in field_names(shown))


#: What a view shows of the state as it is, copied back into the sampled state.  The players,
#: the payment, the law deck and the new-law spaces it shows only in part: they are rebuilt below.
_STATE_AS_SEEN = tuple(
    f
    for f in _shared(GameState, PlayerView)
    if f not in ("players", "payment", "law_deck", "law_spaces")
)
#: A payment's view shows all of it but what was paid so far (none of a sampled payment's cubes).
_PAYMENT_AS_SEEN = _shared(Payment, PaymentView)


def _as_seen(view: object, names: tuple[str, ...]) -> dict[str, Any]:
    return {f: getattr(view, f) for f in names}


def _deal(rng: random.Random, pool: list[str], counts: dict[int, int]) -> dict[int, list[str]]:
    rng.shuffle(pool)
    out: dict[int, list[str]] = {}
    for seat, k in counts.items():
        out[seat], pool[:] = pool[:k], pool[k:]
    return out


def _take(hands: dict[int, list[int]], seat: int, colours: range, rng: random.Random) -> bool:
    """Move one cube of one of ``colours`` from another hidden hand to ``seat``'s."""
    donors = [(s, c) for s, h in hands.items() if s != seat for c in colours if h[c] > 0]
    if not donors:
        return False
    s, c = rng.choice(donors)
    hands[s][c] -= 1
    hands[seat][c] += 1
    return True


def _honour_commitments(view: PlayerView, hands: dict[int, list[int]], rng: random.Random) -> None:
    """Another player who owes a price, or bid, really holds the cubes: shift cubes to them."""
    pay = view.payment
    if pay is not None and pay.seat in hands:
        hand = hands[pay.seat]
        for c, n in enumerate(pay.need):
            while hand[c] < n and _take(hands, pay.seat, range(c, c + 1), rng):
                pass
        spare_res = sum(hand[:5]) - sum(pay.need[:5])
        while spare_res < pay.any_resource and _take(hands, pay.seat, range(5), rng):
            spare_res += 1
        spare = sum(hand) - sum(pay.need)
        while spare < pay.any_resource + pay.any_cube and _take(hands, pay.seat, range(8), rng):
            spare += 1
    b = view.bidding
    if b is not None and b.winner is None and b.high_seat in hands:
        hand = hands[b.high_seat]
        while sum(hand) < b.high and _take(hands, b.high_seat, range(8), rng):
            pass


def sample_state(view: PlayerView, seed: int) -> GameState:
    """A state the seat of ``view`` cannot tell apart from the real one, hidden parts at random."""
    if view.seat is None or view.me is None:
        raise ValueError("sample_state needs a seat's view (a spectator holds no hand)")
    rng = random.Random(seed)
    me = view.me
    n = len(view.players)
    others = [s for s in range(n) if s != view.seat]

    # Cubes: those in no visible place belong to the other players, split at random.
    hidden = [
        t - st - (view.craftsmen[i - 5] if i >= 5 else 0) - m
        for i, (t, st, m) in enumerate(zip(TOTAL, view.store, me.cubes, strict=True))
    ]
    hands = {s: [0] * 8 for s in others}
    for colour, count in enumerate(hidden):
        for _ in range(count):
            hands[rng.choice(others)][colour] += 1
    _honour_commitments(view, hands, rng)

    # Law cards: every card not seen anywhere is in a hand, on a space or in the deck.
    seen = list(me.laws) + list(view.law_discard)
    seen += [{1: "price-increase", -1: "price-decrease"}[d] for _, d in view.price_mods]
    seen += [w.law.card for w in view.windows if w.law is not None]
    seen += [w.purchase.card for w in view.windows if isinstance(w.purchase, PlayLaw)]
    unseen = [c for c in sorted(laws()) if c not in seen] if not view.config.no_laws else []
    law_hands = _deal(rng, unseen, {s: view.players[s].laws_held for s in others})
    spaces: list[str | None] = []
    for filled in view.law_spaces:
        spaces.append(unseen.pop() if filled and unseen else None)
    deck = unseen[: view.law_deck]

    # Building tiles, stage by stage: face-down ones on the mat, the rest bought or unused.
    in_play = IN_PLAY_LONG if view.config.long_game else IN_PLAY
    face_up = {t.id for t in view.tiles}
    mat: list[tuple[str, ...]] = []
    unused: list[tuple[str, ...]] = []
    bought_pool: list[str] = []
    for stage in range(1, 6):
        up = tuple(t.id for t in view.tiles if t.stage == stage)
        pool = [t for t in tiles_of_stage(stage) if t not in face_up and t not in me.buildings]
        rng.shuffle(pool)
        down = view.face_down[stage - 1]
        remaining = len(up) + down
        mine = sum(1 for t in me.buildings if t.startswith(f"s{stage}-"))
        taken = max(0, in_play[stage - 1] - remaining - mine)
        mat.append(up + tuple(pool[:down]))
        bought_pool += pool[down : down + taken]
        unused.append(tuple(sorted(pool[down + taken :])))
    tiles = _deal(rng, bought_pool, {s: view.players[s].buildings_held for s in others})

    # The field stack: every field tile of the game not yet on the board.
    left = stack_tiles(n)
    for f in view.fields[len(view.fields) - (n * 5 - view.fields_in_stack) :]:
        left.remove(f.type)
    rng.shuffle(left)
    if view.next_field is not None:
        left.remove(view.next_field)
        left.insert(0, view.next_field)

    players = []
    for s, pub in enumerate(view.players):
        if s == view.seat:
            cubes, held, built = me.cubes, me.laws, me.buildings
        else:
            cubes, held, built = tuple(hands[s]), tuple(law_hands[s]), tuple(tiles[s])
        players.append(
            PlayerState(
                name=pub.name,
                cubes=cubes,
                laws=held,
                buildings=built,
                fences_built=3 - pub.fences_left,
                procured=pub.procured_law_this_round,
            )
        )
    pay = view.payment
    return GameState(
        **_as_seen(view, _STATE_AS_SEEN),
        rng=rng.getrandbits(64),
        players=tuple(players),
        field_stack=tuple(left),
        payment=Payment(**_as_seen(pay, _PAYMENT_AS_SEEN)) if pay is not None else None,
        mat=tuple(mat),
        unused=tuple(unused),
        law_deck=tuple(deck),
        law_spaces=tuple(spaces),
    )
