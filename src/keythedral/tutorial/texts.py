"""The lessons' texts: what each note says.  A note that always says the same is a tuple of
paragraphs, each marked with ``N_`` and looked up when the note is shown (:func:`paragraphs`);
one that tells the game as the learner sees it is a function of the moment.

Every message is one paragraph.  Key names in braces (``{hint}``) are left in the text for
:func:`~keythedral.tutorial.steps.fill` to write as the front end binds them; the other named
placeholders are filled here, with ``fill`` too, so that the keys' braces stay whole.
"""

from __future__ import annotations

from collections.abc import Callable

from keythedral.engine import PlayerView
from keythedral.engine.catalogue import card_name_words, card_text_words
from keythedral.engine.catalogue import laws as law_catalogue
from keythedral.engine.events import (
    CottageMustMove,
    Event,
    FenceBuilt,
    Harvested,
    LawPlayed,
    StoreRanOut,
)
from keythedral.lang import N_, _, ngettext
from keythedral.tutorial.steps import LEARNER, Moment, field_types, fill, home_of, open_fields
from keythedral.vocab import (
    COLOURS,
    FENCE_COST,
    FENCES_PER_PLAYER,
    FIELD_YIELD,
    REMOVE_FENCE_COST,
)
from keythedral.words.terms import (
    and_list,
    colour,
    comma_list,
    cost,
    field_name,
    house_price,
    the_field,
    whose,
)

#: A note's text as written in the code: its paragraphs, each a message marked with N_.
Paragraphs = tuple[str, ...]


def paragraphs(text: Paragraphs) -> str:
    """A note that always says the same, in the language in use: its paragraphs looked up."""
    return "\n\n".join(_(p) for p in text)


def welcome(m: Moment) -> str:
    bots = [p.name for p in m.view.players[1:]]
    return (
        # I18N: {name} is the learner's name; {bots}, the two computer players' names
        # ("Hilda and Otto").
        _(
            "Welcome to Keythedral! You play {name} against {bots}, two computer players. "
            "Your workers bring in cubes from the fields; you pay cubes for building tiles, the "
            "seats of the Keythedral. The best seats win."
        ).format(name=m.name, bots=and_list(bots))
        + "\n\n"
        + _("Read each note, then do what it asks.")
    )


#: The first notes (welcome, board, lay_field) each fit the lesson box at 80x24, so that the
#: first move comes after three Enters: more about the board comes when it is needed.
BOARD: Paragraphs = (
    # I18N: the letters Q, W, L, F, V and K are the map's: keep them as they are.
    N_(
        "Fields are octagons: Q quarry (stone), W woods (wood), L lake (water), F farm (food), "
        "V vineyard (wine). Cottages go in the corners between fields."
    ),
    N_(
        "To begin, everyone takes turns to lay out the land around the Keythedral (K): a field, "
        "then a cottage, five of each."
    ),
)


def lay_field(m: Moment) -> str:
    kind = m.view.next_field or "field"
    return (
        # I18N: {field} is the field type on top of the stack (quarry, woods, lake, farm,
        # vineyard), {cubes} what it gives ("stone"); "+" is the mark on the map.
        _(
            "Your turn to lay a field. The top tile of the stack is a {field}: it gives "
            "{cubes}. It goes next to a field on the board or beside a "
            "cottage: the places are marked + on the map."
        ).format(field=field_name(kind), cubes=colour(FIELD_YIELD.get(kind, "?")))
        + "\n\n"
        + _("Lay fields where your own cottages can reach them, not where they feed your rivals.")
    )


PLACE_COTTAGE: Paragraphs = (
    N_(
        "Now place a cottage in a corner: each round it sends a worker into one of the fields "
        "around it (up to four), and only into those."
    ),
    N_(
        "Tiles cost cubes of several colours, so a corner that touches varied fields brings in "
        "what you need. A corner at the edge, with one or two fields, often finds them taken."
    ),
    N_(
        "Your cottages are numbered 1 to 5: pick the corner, then the number (what numbers do "
        "comes next)."
    ),
)


COTTAGE_NUMBERS: Paragraphs = (
    N_(
        "Each round the numbers 1 to 5 are called one at a time, and every cottage with the "
        "number called sends out its worker. Neighbours with the same number compete for the "
        "fields they share: whoever places first picks. So put your cottages beside rival "
        "cottages of other numbers."
    ),
)


def stages(m: Moment) -> str:
    """(The tiles themselves are on the mat beside the note: not listed again.)"""
    return paragraphs(
        (
            # I18N: {mats} and {map} are keys of the app (as "m"): keep the braces.
            N_(
                "The layout is done. On the left is the Keythedral mat ({mats} shows the mats, "
                "{map} the map again). Its building tiles come in five stages: 4, 4, 4, 3 and 2 "
                "tiles in this game."
            ),
            N_(
                "Only tiles of the lowest stage left can be bought; when its last tile is bought, "
                "the next stage turns face up. A tile is a seat worth its stage: 1 point in stage "
                "1, up to 5 in stage 5. The game ends when the last tile is bought."
            ),
        )
    )


ROUNDS: Paragraphs = (
    # I18N: one paragraph, a list a line; {hint}, {walkthrough} and {rules} are keys of the
    # app: keep the braces.
    N_(
        "A round has five phases (the top line says which is on):\n"
        "1. placing workers on the fields;\n"
        "2. harvest: each worker brings a cube;\n"
        "3. spending: one action a turn, round the table, until all pass;\n"
        "4. retrieving: the workers come home;\n"
        "5. bidding for the next start player.\n"
        "At any time {hint} shows the coach's suggestion, {walkthrough} every option with what "
        "it needs, {rules} the rules."
    ),
)


def marker_holder(view: PlayerView, number: int) -> int | None:
    if number not in view.work_order:
        return None
    k = view.work_order.index(number)
    return (view.start_player + k) % len(view.players)


def work_order(m: Moment) -> str:
    return paragraphs(
        (
            N_(
                "Phase 1: five work-order markers lie on the Keythedral mat. In turn from the "
                "start player, each takes the next marker and calls a cottage number: every "
                "cottage with that number sends out its worker, the caller's first, then the "
                "others clockwise."
            ),
            N_(
                "You start this round, so you call first. Call a number whose fields rivals could "
                "take from you: you place first for it."
            ),
        )
    )


PLACE_WORKER: Paragraphs = (
    N_(
        "Send out your worker: it goes into a free field that your cottage touches (marked + "
        "on the map). Only one worker fits in a field, of any player. Placing is compulsory: "
        "while a worker has a free field it must go out; with none it stays at home and "
        "brings nothing this round."
    ),
)


def places_first(m: Moment) -> str:
    p = m.view.placement
    number = p.number if p is not None else 0
    holder = marker_holder(m.view, number)
    if holder is None:
        return _(
            "Number {number} was called, so the player who called it placed first for it and had "
            "the pick of the fields; the others follow clockwise. That is why the choice of "
            "numbers matters: call the number of the cottage whose fields are most in danger."
        ).format(number=number)
    # I18N: {player} is a player's name, {number} a cottage number (1 to 5).
    return _(
        "{player} called number {number}, so {player} placed first for it and had the pick of "
        "the fields; the others follow clockwise. That is why the choice of numbers matters: "
        "call the number of the cottage whose fields are most in danger."
    ).format(player=m.view.players[holder].name, number=number)


HOUSE_WORKS: Paragraphs = (
    N_(
        "Your house sends out two workers, into two different fields it touches. A house "
        "gathers twice as much as a cottage for the rest of the game."
    ),
)


def harvest(m: Moment) -> str:
    mine = [e.got for e in m.view.log if isinstance(e, Harvested) and e.seat == LEARNER]
    if mine:
        # I18N: {cubes} are the cubes the learner's workers brought in ("1 wood, 1 stone").
        got = _(
            "Phase 2, the harvest, happened by itself: each worker brought back a cube of its "
            "field's colour. You got {cubes}. Your cubes are in your hand, which the others "
            "cannot see."
        ).format(cubes=cost(mine[-1]))
    else:
        got = _(
            "Phase 2, the harvest, happened by itself: each worker brought back a cube of its "
            "field's colour. You got nothing. Your cubes are in your hand, which the others "
            "cannot see."
        )
    store = dict(zip(COLOURS[:5], m.view.store, strict=False))
    # I18N: {wood}, {stone}, {food}, {water} and {wine}: how many cubes of each the store holds.
    limit = _(
        "The store is limited: 20 wood, 20 stone, 15 each of food, water and wine "
        "(now: {wood} wood, {stone} stone, {food} food, {water} water, {wine} wine). The "
        "harvest is paid from the start player clockwise: a colour that runs out gives no "
        "more. Cubes spent go back to the store."
    ).format(**store)
    return got + "\n\n" + limit


def _news(m: Moment, event: Event | None, otherwise: str, rule: str) -> str:
    """The event a lesson is about, told to the learner (``otherwise`` without one), then the
    rule at work (``otherwise`` and ``rule``: messages marked with N_, looked up here)."""
    line = m.told(event) if event is not None else _(otherwise)
    return f"{line} {_(rule)}"


def store_ran_out(m: Moment) -> str:
    return _news(
        m,
        m.first(StoreRanOut),
        N_("The store has run out of a colour."),
        N_(
            "This is the store limit at work: nobody can take a colour the store does not have, "
            "and nothing is given back."
        ),
    )


def spend(m: Moment) -> str:
    # I18N: one paragraph, a list a line.  {house}, {fence} and {remove} are prices
    # ("1 stone + 1 wood", "1 wood", "2 wine"); {walkthrough} is a key of the app: keep it.
    text = _(
        "Phase 3: spending. From the start player, round the table, each takes one of seven "
        "actions a turn:\n"
        "1. buy a building tile (this scores);\n"
        "2. make a cottage a house ({house});\n"
        "3. build a fence ({fence}) or remove one ({remove});\n"
        "4. buy iron, glass or gold from a craftsman;\n"
        "5. trade any 2 cubes for 1 at the trader;\n"
        "6. take a law card (1 cube);\n"
        "7. pass.\n"
        "It ends when everyone has passed in a row. {walkthrough} lists every action with what "
        "it needs."
    )
    prices = {"house": house_price(), "fence": cost(FENCE_COST), "remove": cost(REMOVE_FENCE_COST)}
    return fill(text, prices)


ACT_BUY: Paragraphs = (
    N_(
        "Buy a building: pay exactly the cubes printed on a face-up tile of the lowest stage, "
        "and keep the tile behind your screen. It is a seat in the Keythedral worth its stage "
        "(1 to 5 points). The cubes go back into the store."
    ),
)


ACT_CONVERT: Paragraphs = (
    N_(
        "Convert a cottage into a house: pay 1 stone and 1 wood and turn the cottage over. "
        "From the next phase 1 on it sends out two workers. Early in the game a house is "
        "one of the best things to buy: it pays for itself within two rounds."
    ),
)


def act_fence(m: Moment) -> str:
    # I18N: {n} is how many fences each player has (3); {remove} the price of removing one
    # ("2 wine").
    first = ngettext(
        "Build a fence: pay 1 wood and put a fence on the border between a cottage (anyone's) "
        "and one field it touches. That cottage's workers may no longer enter that field. "
        "Each player has only {n} fence for the whole game. Removing any fence costs "
        "{remove}; it then leaves the game.",
        "Build a fence: pay 1 wood and put a fence on the border between a cottage (anyone's) "
        "and one field it touches. That cottage's workers may no longer enter that field. "
        "Each player has only {n} fences for the whole game. Removing any fence costs "
        "{remove}; it then leaves the game.",
        FENCES_PER_PLAYER,
    ).format(n=FENCES_PER_PLAYER, remove=cost(REMOVE_FENCE_COST))
    second = _(
        "A cottage fenced off from every field it touches cannot work where it stands: its "
        "owner moves it at once to a free corner (the fences stay behind)."
    )
    return first + "\n\n" + second


ACT_CRAFT: Paragraphs = (
    N_(
        "Buy from a craftsman (Keytown mat): iron from the blacksmith for any 2 cubes, glass "
        "from the glassmaker for any 3, gold from the goldsmith for any 4. You choose the "
        "cubes, one at a time. The tiles of stages 3 to 5 need these crafts, so they are worth "
        "buying ahead; a leftover craft is also worth 2, 3 or 4 at the end."
    ),
)


ACT_TRADE: Paragraphs = (
    N_(
        "Trade with the trader: give any 2 cubes and take 1 resource cube (wood, stone, food, "
        "water or wine) of your choice from the store. Expensive, but it turns cubes you do "
        "not need into the one you are missing."
    ),
)


ACT_PROCURE: Paragraphs = (
    N_(
        "Procure a law: give any 1 cube to the law master and take one of the face-down law "
        "cards on the new-law spaces. Careful: after this you take no more actions in this "
        "phase 3 (you are skipped), so procure when you are done spending."
    ),
)


ACT_PASS: Paragraphs = (
    N_(
        "Pass: do nothing this turn. Passing does not end your phase: if another player acts "
        "after you, your turn comes round again. The phase ends only when every player who "
        "has not procured a law has passed one after the other."
    ),
)


PAY: Paragraphs = (
    # I18N: {hint} is a key of the app: keep the braces.
    N_(
        "Paying: where a price lets you choose the colours (craftsmen, trader, law master, "
        "bids), you give the cubes one at a time. Give the ones you need least; the coach's "
        "suggestion ({hint}) says which."
    ),
)


def _leaves(yours: bool, house: bool, n: int) -> str:
    """What a fence leaves a home: ``n`` fields still to work (0: none), by whose home it is
    and what it is; {fields}: the fields left ("the woods at (1,0) and the lake at (0,1)"),
    {whose}: the owner ("Hilda's", French "d'Hilda"), {number}: the home's number."""
    if n == 0:
        if yours:
            if house:
                return _(
                    "That leaves your house {number} no field to work: it could not work "
                    "where it stands."
                )
            return _(
                "That leaves your cottage {number} no field to work: it could not work where "
                "it stands."
            )
        if house:
            return _(
                "That leaves {whose} house {number} no field to work: it could not work "
                "where it stands."
            )
        return _(
            "That leaves {whose} cottage {number} no field to work: it could not work where "
            "it stands."
        )
    if yours:
        if house:
            return ngettext(
                "That leaves your house {number} only {fields} to work. Fenced off from that "
                "one too, it could not work where it stands.",
                "That leaves your house {number} only {fields} to work. Fenced off from those "
                "too, it could not work where it stands.",
                n,
            )
        return ngettext(
            "That leaves your cottage {number} only {fields} to work. Fenced off from that one "
            "too, it could not work where it stands.",
            "That leaves your cottage {number} only {fields} to work. Fenced off from those "
            "too, it could not work where it stands.",
            n,
        )
    if house:
        return ngettext(
            "That leaves {whose} house {number} only {fields} to work. Fenced off from "
            "that one too, it could not work where it stands.",
            "That leaves {whose} house {number} only {fields} to work. Fenced off from "
            "those too, it could not work where it stands.",
            n,
        )
    return ngettext(
        "That leaves {whose} cottage {number} only {fields} to work. Fenced off from "
        "that one too, it could not work where it stands.",
        "That leaves {whose} cottage {number} only {fields} to work. Fenced off from "
        "those too, it could not work where it stands.",
        n,
    )


def relocation(m: Moment) -> str:
    moves = m.first(CottageMustMove)
    rule = N_(
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
        # I18N: one field a home still touches: {field} the field with its definite article
        # ("the woods"), {x},{y} its place.
        where = [
            _("{field} at ({x},{y})").format(field=the_field(types[f]), x=f[0], y=f[1])
            for f in left
        ]
        said = _leaves(fenced.owner == LEARNER, fenced.house, len(left)).format(
            fields=and_list(where),
            whose=whose(m.view.players[fenced.owner].name),
            number=fenced.number,
        )
        return f"{m.told(fenced)} {said}\n\n" + _(rule)
    return _news(m, moves, N_("A cottage must move."), rule)


def law_hand(m: Moment) -> str:
    me = m.view.me
    card = me.laws[-1] if me is not None and me.laws else ""
    info = law_catalogue().get(card)
    # I18N: {card} is the law card's name, {text} what it does.
    about = (
        _("Your card is {card}: {text}").format(
            card=card_name_words(card), text=card_text_words(card)
        )
        if info is not None
        else ""
    )
    return (
        # I18N: {laws} is a key of the app: keep the braces.
        _(
            "You hold a law card ({laws} reads it). Law cards are secret until played; each "
            "works once and bends one rule. Playing a card is never one of the seven actions: "
            "when its timing allows, you play it and still take your action."
        )
        + "\n\n"
        + about
    )


WINDOW: Paragraphs = (
    N_(
        "A window: at the start of phases 1, 2, 3 and 5, when a player declares a purchase and "
        "right after a law is played, the game pauses so that players holding law cards may "
        "answer. Each may play a fitting card or let the moment go by. Windows open whenever "
        "someone holds a card, so nobody learns who holds what from the pause. When you hold no "
        "card that fits, the tutorial lets the moment go by for you."
    ),
)


def law_play(m: Moment) -> str:
    cards = sorted({a.card for a in m.legal if a.kind == "play_law"})
    names = comma_list([law_catalogue()[c].name for c in cards])
    # I18N: {cards} are the names of the law cards that can be played; {laws} is a key of
    # the app: keep its braces.
    text = _(
        "You may play a law card now: {cards}. {laws} shows the card's text. Play it "
        "when it helps you most; the coach plays it only when it clearly pays off."
    )
    return fill(text, {"cards": names})


def law_by_another(m: Moment) -> LawPlayed | None:
    """A law card another player played with the last action."""
    return next((e for e in m.new_events if isinstance(e, LawPlayed) and e.seat != LEARNER), None)


def law_other(m: Moment) -> str:
    return _news(
        m,
        law_by_another(m),
        N_("A law was played."),
        # I18N: Repeal law is the name of a law card.
        N_(
            "A played card and what it does are public. The only answer is Repeal law, which "
            "cancels it entirely."
        ),
    )


RETRIEVE: Paragraphs = (
    N_(
        "Phase 4, retrieving, happened by itself: the workers came home, the work-order "
        "markers came off the mat, and every empty new-law space got a new face-down card."
    ),
)


def bidding(m: Moment) -> str:
    b = m.view.bidding
    a_name = m.view.players[m.view.start_player].name
    # I18N: who holds the start-player marker, in "... has handed the marker to the left, to
    # the next player (player B)", when the game does not say (the bidding is over).
    b_name = m.view.players[b.holder].name if b is not None else _("the next player")
    return paragraphs(
        (
            # I18N: {start} is the start player's name, {holder} the next player's (player B).
            N_(
                "Phase 5: choosing the start player. {start}, the start player (player A), has "
                "handed the marker to the left, to {holder} (player B). Now everyone but B, "
                "starting left of B, bids once or passes: a bid is a number of cubes, more than "
                "the highest so far, and no more than you hold. B speaks last and can only match "
                "the highest bid, which wins."
            ),
            N_(
                "The winner pays the bid (to B; or B pays the player matched) and names any player "
                "as the next start player. If nobody bids, B names the start player for free. "
                "Going first means choosing the first number and buying first."
            ),
        )
    ).format(start=a_name, holder=b_name)


CHOOSE_START: Paragraphs = (
    N_(
        "You name the next start player, yourself included. A common trick: name the player on "
        "your right. You then place second in phase 1, and you will be player B in the next "
        "bidding, able to match."
    ),
)

#: What the tiles of each stage need, said when the stage turns face up.
STAGE_NEEDS = {
    2: N_(
        "Stage 2 tiles are worth 2 points each and still want stone and wood, with food and water."
    ),
    3: N_(
        "Stage 3 tiles are worth 3 and need wine and iron from the blacksmith: buy crafts "
        "ahead of time."
    ),
    4: N_("Stage 4 tiles are worth 4 and need glass from the glassmaker."),
    5: N_(
        "Stage 5 is the last: its tiles are worth 5 and need gold from the goldsmith. The "
        "game ends the moment the last of them is bought, even in the middle of the phase."
    ),
}


def stage(k: int) -> Callable[[Moment], str]:
    def text(m: Moment) -> str:
        # I18N: one tile of a list: {tile} its id (Q1), {cost} its price ("2 stone, 1 wood").
        tiles = [
            _("{tile} ({cost})").format(tile=t.id, cost=cost(tuple(t.cost))) for t in m.view.tiles
        ]
        # I18N: {done} and {stage} are the numbers of the stage sold out and the next (1 to 5);
        # {tiles} its tiles with their prices; {needs} a sentence on what they need.
        return _(
            "Stage {done} is sold out, so the stage {stage} tiles turned face up: {tiles}. {needs}"
        ).format(done=k - 1, stage=k, tiles=comma_list(tiles), needs=_(STAGE_NEEDS[k]))

    return text


LAST_TILE: Paragraphs = (
    N_(
        "Only one building tile is left. Whoever buys it ends the game at once: make sure the "
        "scores favour you when you do, or buy it before someone else can."
    ),
)


def end(m: Moment) -> str:
    v = m.view
    scores = v.scores or ()
    # I18N: a player's name and score, in a list of them ("Robin 12, Hilda 10, Otto 9").
    parts = [
        _("{player} {score}").format(player=p.name, score=s)
        for p, s in zip(v.players, scores, strict=False)
    ]
    winners = [v.players[w].name for w in v.winners or ()]
    if LEARNER in (v.winners or ()):
        verdict = _("You won!")
    else:
        # I18N: {winners} are the winners' names ("Hilda and Otto"); {n} how many won.
        verdict = ngettext("{winners} won this time.", "{winners} won this time.", len(winners))
        verdict = verdict.format(winners=and_list(winners), n=len(winners))
    # I18N: {seats} is the list of the players' scores; {verdict} who won ("You won!").
    over = _("The last tile is bought: the game is over. Seats: {seats}. {verdict}").format(
        seats=comma_list(parts), verdict=verdict
    )
    return (
        over
        + "\n\n"
        + _(
            "Every seat counts its stage (1 to 5). On a tie, the leftover cubes decide: gold 4, "
            "glass 3, iron 2, each resource 1 (in the second-edition rules they add to the "
            "score). You have seen every rule of the game: start a game of your own from the "
            "start screen."
        )
    )


FREE: Paragraphs = (
    # I18N: {hint}, {walkthrough} and {forward} are keys of the app: keep the braces.
    N_(
        "You have now seen every part of a round. From here on you choose your own moves: any "
        "legal move is accepted. {hint} still shows the coach's suggestion with its reason, "
        "{walkthrough} every option with what it needs, and {forward} lets the coach play "
        "for you until the next new thing happens."
    ),
)
