"""The lessons' texts: what each note says.  A note that always says the same is a string; one
that tells the game as the learner sees it is a function of the moment."""

from __future__ import annotations

from collections.abc import Callable

from keythedral.engine import PlayerView
from keythedral.engine.catalogue import laws as law_catalogue
from keythedral.engine.cubes import describe as cubes_text
from keythedral.engine.events import (
    CottageMustMove,
    Event,
    FenceBuilt,
    Harvested,
    LawPlayed,
    StoreRanOut,
)
from keythedral.tutorial.steps import LEARNER, Moment, field_types, home_of, open_fields
from keythedral.vocab import (
    COLOURS,
    FENCE_PRICE,
    FENCES_PER_PLAYER,
    FIELD_YIELD,
    HOUSE_PRICE,
    REMOVE_FENCE_PRICE,
)


def welcome(m: Moment) -> str:
    bots = " and ".join(p.name for p in m.view.players[1:])
    return (
        f"Welcome to Keythedral! You play {m.name} against {bots}, two computer players. "
        "Your workers bring in cubes from the fields; you pay cubes for building tiles, the "
        "seats of the Keythedral. The best seats win.\n\n"
        "Read each note, then do what it asks."
    )


#: The first notes (welcome, board, lay_field) each fit the lesson box at 80x24, so that the
#: first move comes after three Enters: more about the board comes when it is needed.
BOARD = (
    "Fields are octagons: Q quarry (stone), W woods (wood), L lake (water), F farm (food), "
    "V vineyard (wine). Cottages go in the corners between fields.\n\n"
    "To begin, everyone takes turns to lay out the land around the Keythedral (K): a field, "
    "then a cottage, five of each."
)


def lay_field(m: Moment) -> str:
    kind = m.view.next_field or "field"
    return (
        f"Your turn to lay a field. The top tile of the stack is a {kind}: it gives "
        f"{FIELD_YIELD.get(kind, '?')}. It goes next to a field on the board or beside a "
        "cottage: the places are marked + on the map.\n\n"
        "Lay fields where your own cottages can reach them, not where they feed your rivals."
    )


PLACE_COTTAGE = (
    "Now place a cottage in a corner: each round it sends a worker into one of the fields "
    "around it (up to four), and only into those.\n\n"
    "Tiles cost cubes of several colours, so a corner that touches varied fields brings in "
    "what you need. A corner at the edge, with one or two fields, often finds them taken.\n\n"
    "Your cottages are numbered 1 to 5: pick the corner, then the number (what numbers do "
    "comes next)."
)


COTTAGE_NUMBERS = (
    "Each round the numbers 1 to 5 are called one at a time, and every cottage with the "
    "number called sends out its worker. Neighbours with the same number compete for the "
    "fields they share: whoever places first picks. So put your cottages beside rival "
    "cottages of other numbers."
)


def stages(m: Moment) -> str:
    """(The tiles themselves are on the mat beside the note: not listed again.)"""
    return (
        "The layout is done. On the left is the Keythedral mat ({mats} shows the mats, {map} "
        "the map again). Its building tiles come in five stages: 4, 4, 4, 3 and 2 tiles in "
        "this game.\n\n"
        "Only tiles of the lowest stage left can be bought; when its last tile is bought, the "
        "next stage turns face up. A tile is a seat worth its stage: 1 point in stage 1, up "
        "to 5 in stage 5. The game ends when the last tile is bought."
    )


ROUNDS = (
    "A round has five phases (the top line says which is on):\n"
    "1. placing workers on the fields;\n"
    "2. harvest: each worker brings a cube;\n"
    "3. spending: one action a turn, round the table, until all pass;\n"
    "4. retrieving: the workers come home;\n"
    "5. bidding for the next start player.\n"
    "At any time {hint} shows the coach's suggestion, {walkthrough} every option with what "
    "it needs, {rules} the rules."
)


def marker_holder(view: PlayerView, number: int) -> int | None:
    if number not in view.work_order:
        return None
    k = view.work_order.index(number)
    return (view.start_player + k) % len(view.players)


def work_order(m: Moment) -> str:
    return (
        "Phase 1: five work-order markers lie on the Keythedral mat. In turn from the start "
        "player, each takes the next marker and calls a cottage number: every cottage with "
        "that number sends out its worker, the caller's first, then the others clockwise.\n\n"
        "You start this round, so you call first. Call a number whose fields rivals could take "
        "from you: you place first for it."
    )


PLACE_WORKER = (
    "Send out your worker: it goes into a free field that your cottage touches (marked + "
    "on the map). Only one worker fits in a field, of any player. Placing is compulsory: "
    "while a worker has a free field it must go out; with none it stays at home and "
    "brings nothing this round."
)


def places_first(m: Moment) -> str:
    p = m.view.placement
    number = p.number if p is not None else 0
    holder = marker_holder(m.view, number)
    who = m.view.players[holder].name if holder is not None else "Someone"
    return (
        f"{who} called number {number}, so {who} placed first for it and had the pick of the "
        "fields; the others follow clockwise. That is why the choice of numbers matters: call "
        "the number of the cottage whose fields are most in danger."
    )


HOUSE_WORKS = (
    "Your house sends out two workers, into two different fields it touches. A house "
    "gathers twice as much as a cottage for the rest of the game."
)


def harvest(m: Moment) -> str:
    mine = [e.got for e in m.view.log if isinstance(e, Harvested) and e.seat == LEARNER]
    got = cubes_text(mine[-1]) if mine else "nothing"
    store = ", ".join(f"{m.view.store[i]} {c}" for i, c in enumerate(COLOURS[:5]))
    return (
        "Phase 2, the harvest, happened by itself: each worker brought back a cube of its "
        f"field's colour. You got {got}. Your cubes are in your hand, which the others cannot "
        "see.\n\n"
        "The store is limited: 20 wood, 20 stone, 15 each of food, water and wine "
        f"(now: {store}). The harvest is paid from the start player clockwise: a colour that "
        "runs out gives no more. Cubes spent go back to the store."
    )


def _news(m: Moment, event: Event | None, otherwise: str, rule: str) -> str:
    """The event a lesson is about, told to the learner (``otherwise`` without one), then the
    rule at work."""
    line = m.told(event) if event is not None else otherwise
    return f"{line} {rule}"


def store_ran_out(m: Moment) -> str:
    return _news(
        m,
        m.first(StoreRanOut),
        "The store has run out of a colour.",
        "This is the store limit at work: nobody can take a colour the store does not have, "
        "and nothing is given back.",
    )


SPEND = (
    "Phase 3: spending. From the start player, round the table, each takes one of seven "
    "actions a turn:\n"
    "1. buy a building tile (this scores);\n"
    f"2. make a cottage a house ({HOUSE_PRICE});\n"
    f"3. build a fence ({FENCE_PRICE}) or remove one ({REMOVE_FENCE_PRICE});\n"
    "4. buy iron, glass or gold from a craftsman;\n"
    "5. trade any 2 cubes for 1 at the trader;\n"
    "6. take a law card (1 cube);\n"
    "7. pass.\n"
    "It ends when everyone has passed in a row. {walkthrough} lists every action with what it "
    "needs."
)


ACT_BUY = (
    "Buy a building: pay exactly the cubes printed on a face-up tile of the lowest stage, "
    "and keep the tile behind your screen. It is a seat in the Keythedral worth its stage "
    "(1 to 5 points). The cubes go back into the store."
)


ACT_CONVERT = (
    "Convert a cottage into a house: pay 1 stone and 1 wood and turn the cottage over. "
    "From the next phase 1 on it sends out two workers. Early in the game a house is "
    "one of the best things to buy: it pays for itself within two rounds."
)


ACT_FENCE = (
    "Build a fence: pay 1 wood and put a fence on the border between a cottage (anyone's) "
    "and one field it touches. That cottage's workers may no longer enter that field. "
    f"Each player has only {FENCES_PER_PLAYER} fences for the whole game. Removing any fence costs {REMOVE_FENCE_PRICE}; "
    "it then leaves the game.\n\n"
    "A cottage fenced off from every field it touches cannot work where it stands: its "
    "owner moves it at once to a free corner (the fences stay behind)."
)


ACT_CRAFT = (
    "Buy from a craftsman (Keytown mat): iron from the blacksmith for any 2 cubes, glass "
    "from the glassmaker for any 3, gold from the goldsmith for any 4. You choose the "
    "cubes, one at a time. The tiles of stages 3 to 5 need these crafts, so they are worth "
    "buying ahead; a leftover craft is also worth 2, 3 or 4 at the end."
)


ACT_TRADE = (
    "Trade with the trader: give any 2 cubes and take 1 resource cube (wood, stone, food, "
    "water or wine) of your choice from the store. Expensive, but it turns cubes you do "
    "not need into the one you are missing."
)


ACT_PROCURE = (
    "Procure a law: give any 1 cube to the law master and take one of the face-down law "
    "cards on the new-law spaces. Careful: after this you take no more actions in this "
    "phase 3 (you are skipped), so procure when you are done spending."
)


ACT_PASS = (
    "Pass: do nothing this turn. Passing does not end your phase: if another player acts "
    "after you, your turn comes round again. The phase ends only when every player who "
    "has not procured a law has passed one after the other."
)


PAY = (
    "Paying: where a price lets you choose the colours (craftsmen, trader, law master, "
    "bids), you give the cubes one at a time. Give the ones you need least; the coach's "
    "suggestion ({hint}) says which."
)


def relocation(m: Moment) -> str:
    moves = m.first(CottageMustMove)
    rule = (
        "A cottage or house fenced off from every field it touches moves at once, even in the "
        "middle of someone else's turn: its owner picks a free corner that touches a field it "
        "is not fenced off from. It keeps its number and side; the fences stay where they "
        "were. You can even fence off your own badly placed cottage to move it."
    )
    fenced = m.first(FenceBuilt)
    if moves is None and isinstance(fenced, FenceBuilt):
        home = home_of(m.view, fenced.owner, fenced.number)
        left = open_fields(m.view, tuple(home.corner)) if home is not None else []
        types = field_types(m.view)
        fields = " and ".join(f"the {types[f]} at ({f[0]},{f[1]})" for f in left) or "no field"
        whose = "your" if fenced.owner == LEARNER else f"{m.view.players[fenced.owner].name}'s"
        kind = "house" if fenced.house else "cottage"
        those = "that one" if len(left) == 1 else "those"
        return (
            f"{m.told(fenced)} That leaves {whose} {kind} {fenced.number} only {fields} to "
            f"work. Fenced off from {those} too, it could not work where it stands.\n\n" + rule
        )
    return _news(m, moves, "A cottage must move.", rule)


def law_hand(m: Moment) -> str:
    me = m.view.me
    card = me.laws[-1] if me is not None and me.laws else ""
    info = law_catalogue().get(card)
    about = f"Your card is {info.name}: {info.text}" if info is not None else ""
    return (
        "You hold a law card ({laws} reads it). Law cards are secret until played; each works "
        "once and bends one rule. Playing a card is never one of the seven actions: when its "
        "timing allows, you play it and still take your action.\n\n" + about
    )


WINDOW = (
    "A window: at the start of phases 1, 2, 3 and 5, when a player declares a purchase and "
    "right after a law is played, the game pauses so that players holding law cards may "
    "answer. Each may play a fitting card or let the moment go by. Windows open whenever "
    "someone holds a card, so nobody learns who holds what from the pause. When you hold no "
    "card that fits, the tutorial lets the moment go by for you."
)


def law_play(m: Moment) -> str:
    cards = sorted({a.card for a in m.legal if a.kind == "play_law"})
    names = ", ".join(law_catalogue()[c].name for c in cards)
    return (
        f"You may play a law card now: {names}. {'{laws}'} shows the card's text. Play it "
        "when it helps you most; the coach plays it only when it clearly pays off."
    )


def law_by_another(m: Moment) -> LawPlayed | None:
    """A law card another player played with the last action."""
    return next((e for e in m.new_events if isinstance(e, LawPlayed) and e.seat != LEARNER), None)


def law_other(m: Moment) -> str:
    return _news(
        m,
        law_by_another(m),
        "A law was played.",
        "A played card and what it does are public. The only answer is Repeal law, which "
        "cancels it entirely.",
    )


RETRIEVE = (
    "Phase 4, retrieving, happened by itself: the workers came home, the work-order "
    "markers came off the mat, and every empty new-law space got a new face-down card."
)


def bidding(m: Moment) -> str:
    b = m.view.bidding
    a_name = m.view.players[m.view.start_player].name
    b_name = m.view.players[b.holder].name if b is not None else "the next player"
    return (
        f"Phase 5: choosing the start player. {a_name}, the start player (player A), has handed "
        f"the marker to the left, to {b_name} (player B). Now everyone but B, starting left of "
        "B, bids once or passes: a bid is a number of cubes, more than the highest so far, and "
        "no more than you hold. B speaks last and can only match the highest bid, which wins.\n\n"
        "The winner pays the bid (to B; or B pays the player matched) and names any player as "
        "the next start player. If nobody bids, B names the start player for free. Going "
        "first means choosing the first number and buying first."
    )


CHOOSE_START = (
    "You name the next start player, yourself included. A common trick: name the player on "
    "your right. You then place second in phase 1, and you will be player B in the next "
    "bidding, able to match."
)


def stage(k: int) -> Callable[[Moment], str]:
    needs = {
        2: "Stage 2 tiles are worth 2 points each and still want stone and wood, with food and "
        "water.",
        3: "Stage 3 tiles are worth 3 and need wine and iron from the blacksmith: buy crafts "
        "ahead of time.",
        4: "Stage 4 tiles are worth 4 and need glass from the glassmaker.",
        5: "Stage 5 is the last: its tiles are worth 5 and need gold from the goldsmith. The "
        "game ends the moment the last of them is bought, even in the middle of the phase.",
    }

    def text(m: Moment) -> str:
        tiles = ", ".join(f"{t.id} ({cubes_text(tuple(t.cost))})" for t in m.view.tiles)
        return (
            f"Stage {k - 1} is sold out, so the stage {k} tiles turned face up: {tiles}. {needs[k]}"
        )

    return text


LAST_TILE = (
    "Only one building tile is left. Whoever buys it ends the game at once: make sure the "
    "scores favour you when you do, or buy it before someone else can."
)


def end(m: Moment) -> str:
    v = m.view
    scores = v.scores or ()
    parts = ", ".join(f"{p.name} {s}" for p, s in zip(v.players, scores, strict=False))
    winners = " and ".join(v.players[w].name for w in v.winners or ())
    you = LEARNER in (v.winners or ())
    verdict = "You won!" if you else f"{winners} won this time."
    return (
        f"The last tile is bought: the game is over. Seats: {parts}. {verdict}\n\n"
        "Every seat counts its stage (1 to 5). On a tie, the leftover cubes decide: gold 4, "
        "glass 3, iron 2, each resource 1 (in the second-edition rules they add to the score). "
        "You have seen every rule of the game: start a game of your own from the start screen."
    )


FREE = (
    "You have now seen every part of a round. From here on you choose your own moves: any "
    "legal move is accepted. {hint} still shows the coach's suggestion with its reason, "
    "{walkthrough} every option with what it needs, and {forward} lets the coach play "
    "for you until the next new thing happens."
)
