"""Narration: the engine's events (``keythedral.engine.events``) told as sentences.

The one place where what happened becomes words: the log panel, the hand-over's recent events,
the info line, ``keythedral log``, the replay viewer and the tutorial all narrate the state's
events through here.  Places read as the map writes them, "(1,-2)"; players are named by name
(never by seat number); law cards and their choices are told in words ("Poor harvest on the
lakes").  The state holds no sentence, so rewording one here never touches a saved game.

Third person by default ("Ann lays a farm at (1,0).").  With ``you`` set to a seat, that
seat's own events are told in the second person ("You lay a farm at (1,0).", "Bob builds a
fence between your cottage 4 and ..."): the tutorial speaks so to its learner.

    from keythedral.words import narration

    narration.narrate(event, names)           # one sentence
    narration.narrate(event, names, you=0)    # seat 0 is "you"
    narration.actor(event)                    # the seat that did it, if any

Every sentence is one message per event kind and person, with named placeholders, looked up
when it is told (docs/i18n.md); the game's terms (cubes, fields, cards, tiles) come from
``keythedral.words.terms``.  No Textual, no rich: plain strings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from keythedral.engine import events as ev
from keythedral.engine.actions import PlayLaw
from keythedral.engine.laws import SALE_DISCOUNT
from keythedral.lang import _, ngettext, pgettext, upper_first
from keythedral.vocab import CRAFT_PRICE, REMOVE_FENCE_COST, place
from keythedral.words import terms

#: Field types in the plural, in English (kept for old callers: the words shown come from
#: ``terms.the_fields``, in the reader's language).
FIELD_PLURALS = {
    "quarry": "quarries",
    "woods": "woods",
    "lake": "lakes",
    "farm": "farms",
    "vineyard": "vineyards",
}


class Teller:
    """Names seats for one narration: by name, or "you" for the ``you`` seat, and picks a
    sentence's message by the person of the seat it is about."""

    __slots__ = ("names", "you")

    def __init__(self, names: Sequence[str], you: int | None = None) -> None:
        self.names = names
        self.you = you

    def name(self, seat: int) -> str:
        """ "Ann", or "you" (where a sentence names the player addressed as its object, or in a
        list: "pays you", "You and Hilda win")."""
        if seat == self.you:
            # I18N: the player addressed, named as the object of a sentence or in a list of
            # players ("Otto pays you.", "You and Hilda win.")
            return pgettext("the player addressed", "you")
        if 0 <= seat < len(self.names):
            return self.names[seat]
        # I18N: a player without a name, by their place at the table (1 to 5)
        return pgettext("a place at the table", "seat {n}").format(n=seat + 1)

    def say(self, seat: int, third: str, second: str, **parts: object) -> str:
        """The sentence about ``seat`` in its person: ``third`` (the seat as ``{player}``), or
        ``second`` for the "you" seat; both whole messages, already looked up."""
        if seat == self.you:
            return second.format(**parts)
        return third.format(player=self.name(seat), **parts)

    def home(self, seat: int, number: int, house: bool) -> str:
        """ "Ann's house 3" / "your cottage 2"."""
        if seat == self.you:
            # I18N: a home of the player addressed: {number} is its cottage number (1 to 5)
            mine = _("your house {number}") if house else _("your cottage {number}")
            return mine.format(number=number)
        # I18N: a player's home: {whose} is its owner ("Otto's", terms.whose: French "d'Otto"),
        # {number} its cottage number (1 to 5)
        theirs = _("{whose} house {number}") if house else _("{whose} cottage {number}")
        return theirs.format(whose=self.whose(seat), number=number)

    def whose(self, seat: int) -> str:
        """ "Otto's": the seat as the owner of something (``terms.whose``), for ``{whose}``."""
        return terms.whose(self.name(seat))

    def fence(self, seat: int, corner: terms.Pos, field: terms.Pos) -> str:
        """ "Otto's fence between corner (2,2) and the field at (3,2)" / "your fence ..."."""
        where = terms.fence_place(corner, field)
        # I18N: a player's fence: {whose} is its owner ("Otto's", French "d'Otto"), {fence}
        # where it stands, "corner (2,2) and the field at (3,2)"
        return self.say(
            seat,
            _("{whose} fence between {fence}"),
            _("your fence between {fence}"),
            fence=where,
            whose=self.whose(seat),
        )


T = TypeVar("T")
Narrator = Callable[[Any, Teller], str]


def narrate(event: ev.Event, names: Sequence[str], you: int | None = None) -> str:
    """One event as a sentence (or two), naming the seats by ``names``."""
    text = NARRATORS[type(event)](event, Teller(names, you))
    said = text.lstrip("[")  # the pseudo-language's brackets aside
    if said[:1].islower() and not any(begins_at(text, name) is not None for name in names if name):
        text = upper_first(text)  # "you ...", "seat 5 ..." (a name stays as it is)
    return text


def begins_at(text: str, words: str) -> int | None:
    """Where ``words`` (a name) begin the sentence ``text``: past the pseudo-language's opening
    brackets, a name's own bracket aside ("[[b]Ann passes.~~]" has "[b]Ann" at 1); None where
    the sentence begins otherwise."""
    brackets = len(text) - len(text.lstrip("["))
    return next((at for at in range(brackets + 1) if text[at:].startswith(words)), None)


def narrate_all(
    events: Iterable[ev.Event], names: Sequence[str], you: int | None = None
) -> list[str]:
    return [narrate(e, names, you) for e in events]


#: Kinds whose ``seat`` is the one something happens to, not the one who did it.
HAPPENINGS: frozenset[type] = frozenset(
    {
        ev.WorkersIdle,
        ev.CottageMustMove,
        ev.CottageStays,
        ev.PurchaseCalledOff,
        ev.LawRepealed,
        ev.LawTookEffect,
        ev.LawCalledOff,
    }
)


def actor(event: ev.Event) -> int | None:
    """The seat whose act the event records; None for what happens to a seat (a home fenced
    off, a law taking effect or repealed) or to the whole table (a round begins)."""
    if type(event) in HAPPENINGS:
        return None
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) else None


# --- small words -----------------------------------------------------------------------------
def _given(choice: T | None) -> T:
    """A choice the card always comes with (the engine checked it when the card was played)."""
    assert choice is not None
    return choice


# --- building tiles --------------------------------------------------------------------------
def tiles_words(tiles: Iterable[str]) -> str:
    """Tiles turned face up, by their printed costs: "1 stone + 1 wood, 1 wood + 1 food"."""
    return terms.tiles(tiles)


# --- law cards -------------------------------------------------------------------------------
def law_words(law: PlayLaw, t: Teller) -> str:
    """A played card and its choices in words: "Poor harvest on the lakes", "Downgrade house
    on Bob's house 1", "Start order for Cy".

    The first choice takes the card's name as ``{card}`` (a translation may quote it); a
    choice that follows wraps the words so far (``{play}``) in a whole message of its own."""
    card = terms.card(law.card)
    words = card
    # I18N: in the messages with {card} and a choice, {card} is a law card's name (it may be
    # quoted); in those with {play}, {play} is the card and its choices told so far
    # ("Substitution to buy the stage 4 tile (1 food + 1 iron + 1 glass)")
    if law.tile is not None:
        tile = terms.tile(law.tile)
        if law.card == "substitution":
            words = _("{card} to buy {tile}").format(card=card, tile=tile)
        else:
            words = _("{card} on {tile}").format(card=card, tile=tile)
    if law.extra is not None or law.less is not None:
        changes = []
        if law.extra is not None:
            # I18N: a change to a tile's price: {colour} is a cube colour ("1 more wood")
            changes.append(_("1 more {colour}").format(colour=terms.colour(law.extra)))
        if law.less is not None:
            # I18N: a change to a tile's price: {colour} is a cube colour ("1 less stone")
            changes.append(_("1 less {colour}").format(colour=terms.colour(law.less)))
        changed = terms.and_list(changes)
        words = _("{play} (price with {changes})").format(play=words, changes=changed)
    if law.number is not None:
        if law.target is not None:  # another player's home: Downgrade house
            home = t.home(law.target, law.number, True)
        else:
            home = t.home(law.seat, law.number, False)
        words = _("{card} on {home}").format(card=card, home=home)
    elif law.target is not None:
        words = _("{card} for {player}").format(card=card, player=t.name(law.target))
    if law.field_type is not None:
        fields = terms.the_fields(law.field_type)
        words = _("{card} on {fields}").format(card=card, fields=fields)
    if law.corner is not None and law.field is not None:
        fence = terms.fence_place(law.corner, law.field)
        words = _("{card} on the fence between {fence}").format(card=card, fence=fence)
    elif law.field is not None:
        words = _("{card} on the field at {place}").format(card=card, place=place(law.field))
    if law.craft is not None:
        if law.cube is not None:  # Craft bargain
            words = _("{card}, giving {cube} for {a_craft}").format(
                card=card,
                cube=terms.counted(law.cube, 1),
                a_craft=terms.craft_with_article(law.craft),
            )
        else:
            words = _("{card} on {craft}").format(card=card, craft=terms.colour(law.craft))
    elif law.cube is not None and law.instead is not None:  # Substitution of a craft
        words = _("{play}, paying {cube} instead of {instead}").format(
            play=words, cube=terms.colour(law.cube), instead=terms.colour(law.instead)
        )
    if law.order is not None:
        numbers = terms.comma_list([str(n) for n in law.order])
        words = _("{card}, calling the numbers {numbers}").format(card=card, numbers=numbers)
    return words


Effect = Callable[[ev.LawTookEffect, Teller], str]


def _tile(tile: str | None) -> str:
    return terms.tile(_given(tile))


# I18N: the messages of EFFECTS say what a law card did; they follow "{card} takes effect: "
# and so start in lower case (a name stays as it is)
#: What each card did, told after "<Card> takes effect: " (a card missing here is told by its
#: play's words).
EFFECTS: dict[str, Effect] = {
    "work-order": lambda e, t: t.say(
        e.seat,
        _("{player} fixes the order of the cottage numbers this round: {numbers}."),
        _("you fix the order of the cottage numbers this round: {numbers}."),
        numbers=terms.comma_list([str(n) for n in e.law.order or ()]),
    ),
    "price-increase": lambda e, t: _("{tile} costs one cube more until it is bought.").format(
        tile=_tile(e.law.tile)
    ),
    "price-decrease": lambda e, t: _("{tile} costs one cube less until it is bought.").format(
        tile=_tile(e.law.tile)
    ),
    "upgrade-cottage": lambda e, t: _("{home} becomes a house for free.").format(
        home=t.home(e.seat, _given(e.law.number), False)
    ),
    # I18N: Cottage number: {whose} is the home's owner ("Otto's", French "d'Otto"), {number}
    # the home's own number, {called} the number called now
    "cottage-number": lambda e, t: t.say(
        e.seat,
        _(
            "{whose} home {number} sends its workers out now, with number {called}, and sends "
            "nobody when number {number} is called later this round."
        ),
        _(
            "your home {number} sends its workers out now, with number {called}, and sends "
            "nobody when number {number} is called later this round."
        ),
        number=e.law.number,
        called=e.called,
        whose=t.whose(e.seat),
    ),
    # I18N: {cube} is one cube ("1 stone"), {of_craft} a craft cube's colour as it follows "a
    # used" (terms.of_colour: French "de fer", "d'or")
    "craft-bargain": lambda e, t: t.say(
        e.seat,
        _("{player} gives {cube} for a used {of_craft} from the store."),
        _("you give {cube} for a used {of_craft} from the store."),
        cube=terms.counted(_given(e.law.cube), 1),
        of_craft=terms.of_colour(_given(e.law.craft)),
    ),
    # I18N: {workers} are the workers of a field type ("farm workers", terms.field_workers)
    "unexpected-harvest": lambda e, t: t.say(
        e.seat,
        _("{player} chooses the colour of every cube from their {workers} this harvest."),
        _("you choose the colour of every cube from your {workers} this harvest."),
        workers=terms.field_workers(_given(e.law.field_type)),
    ),
    # I18N: {whose}: the player as the owner of the workers ("Otto's", French "d'Otto")
    "broken-fences": lambda e, t: t.say(
        _given(e.law.target),
        _("{whose} workers climb over fences this round."),
        _("your workers climb over fences this round."),
        whose=t.whose(_given(e.law.target)),
    ),
    "unsafe-fence": lambda e, t: _("{fence} is dismantled and leaves the game.").format(
        fence=t.fence(_given(e.owner), _given(e.law.corner), _given(e.law.field))
    ),
    "house-moratorium": lambda e, t: _("nobody but {player} may build a house this round.").format(
        player=t.name(e.seat)
    ),
    "design-change": lambda e, t: _("{tile} is replaced by {replacement}.").format(
        tile=_tile(e.law.tile), replacement=_tile(e.replacement)
    ),
    # I18N: {whose} is the worker's owner ("Otto's", French "d'Otto"), {place} its field
    "double-production": lambda e, t: t.say(
        e.seat,
        _("{whose} worker at {place} produces double this harvest."),
        _("your worker at {place} produces double this harvest."),
        place=place(_given(e.law.field)),
        whose=t.whose(e.seat),
    ),
    "bargain": lambda e, t: t.say(
        e.seat,
        _("the trader takes 1 resource cube from {player} and gives 2 of their choice."),
        _("the trader takes 1 resource cube from you and gives 2 of your choice."),
    ),
    "sale": lambda e, t: t.say(
        e.seat,
        _("{player} buys {craft} for {cubes}."),
        _("you buy {craft} for {cubes}."),
        craft=terms.colour(_given(e.law.craft)),
        cubes=terms.cubes(CRAFT_PRICE[_given(e.law.craft)] - SALE_DISCOUNT),
    ),
    "downgrade-house": lambda e, t: _("{home} is a cottage again.").format(
        home=t.home(_given(e.law.target), _given(e.law.number), True)
    ),
    # I18N: {every_field} is "every farm" (terms.every_field)
    "good-harvest": lambda e, t: _("{every_field} produces double this harvest.").format(
        every_field=terms.every_field(_given(e.law.field_type))
    ),
    # I18N: {no_field} is "no farm" (terms.no_field)
    "poor-harvest": lambda e, t: _("{no_field} produces anything this harvest.").format(
        no_field=terms.no_field(_given(e.law.field_type))
    ),
    "start-order": lambda e, t: t.say(
        _given(e.law.target),
        _("{player} is now the start player."),
        _("you are now the start player."),
    ),
}


def _law_took_effect(e: ev.LawTookEffect, t: Teller) -> str:
    if e.law.card == "substitution":  # played as the purchase itself
        return t.say(
            e.seat,
            _("{player} buys {tile} with a Substitution."),
            _("You buy {tile} with a Substitution."),
            tile=_tile(e.law.tile),
        )
    card = terms.card(e.law.card)
    effect = EFFECTS.get(e.law.card)
    if effect is None:
        # I18N: a law card takes effect: {card} is its name, {play} the card and its choices
        return _("{card} takes effect: {play}.").format(card=card, play=law_words(e.law, t))
    # I18N: a law card takes effect: {card} is its name, {effect} what it does (in lower case)
    return _("{card} takes effect: {effect}").format(card=card, effect=effect(e, t))


def _law_called_off(e: ev.LawCalledOff, t: Teller) -> str:
    law = e.law
    # I18N: a building tile, where a law card names none
    tile = terms.tile(law.tile) if law.tile is not None else _("the tile")
    # I18N: why a law card is called off, told after "{card} is called off: "
    if e.reason == "tile":
        why = _("{tile} is no longer for sale").format(tile=tile)
    elif e.reason == "price":
        why = _("the laws under {tile} changed its price").format(tile=tile)
    elif e.reason == "cubes":
        why = t.say(
            e.seat, _("{player} can no longer pay for it"), _("you can no longer pay for it")
        )
    elif e.reason == "supply" and law.craft is not None:
        # I18N: {of_craft} is a craft cube's colour after "no" (terms.of_colour: French "d'or")
        why = _("there is no {of_craft} left to take").format(of_craft=terms.of_colour(law.craft))
    elif e.reason == "supply":
        why = _("the store has no resource cube left to take")
    else:  # "no_effect"
        why = _("it would have no effect any more")
    card = terms.card(law.card)
    # I18N: a law card is called off: {card} is its name, {why} the reason; the card goes back
    # to its player ({player}), who may choose another action
    if law.card in ("substitution", "sale", "bargain"):  # played as the holder's action
        said = t.say(
            e.seat,
            _("{card} is called off: {why}. The card goes back to {player}, who chooses again."),
            _("{card} is called off: {why}. The card goes back to you, and you choose again."),
            card=card,
            why=why,
        )
    else:
        said = t.say(
            e.seat,
            _("{card} is called off: {why}. The card goes back to {player}."),
            _("{card} is called off: {why}. The card goes back to you."),
            card=card,
            why=why,
        )
    return said


# --- the few sentences that take more than a line --------------------------------------------
def _game_ended(e: ev.GameEnded, t: Teller) -> str:
    plain = Teller(t.names)  # the table of scores names everyone
    table = terms.comma_list(
        # I18N: a player's score at the end: {player} is their name, {score} their seats
        [
            _("{player} {score}").format(player=plain.name(s), score=score)
            for s, score in enumerate(e.scores)
        ]
    )
    if len(e.winners) == 1:
        # I18N: the end of the game: {scores} lists every player's score ("Robin 9, Hilda 12")
        return t.say(
            e.winners[0],
            _(
                "The last seat is taken: the Keythedral is complete. Scores: {scores}. {player} wins."
            ),
            _("The last seat is taken: the Keythedral is complete. Scores: {scores}. You win."),
            scores=table,
        )
    names = terms.and_list([t.name(s) for s in e.winners])
    if t.you in e.winners:
        names = upper_first(names) if e.winners[0] == t.you else names
        # I18N: the end of the game, with several winners, the player addressed among them:
        # {players} lists them ("You and Hilda")
        message = pgettext(
            "several winners, you among them",
            "The last seat is taken: the Keythedral is complete. Scores: {scores}. {players} win.",
        )
    else:
        # I18N: the end of the game, with several winners: {players} lists them
        message = _(
            "The last seat is taken: the Keythedral is complete. Scores: {scores}. {players} win."
        )
    return message.format(scores=table, players=names)


def _called_off_purchase(e: ev.PurchaseCalledOff, t: Teller) -> str:
    tile = terms.tile(e.tile)
    if e.reason == "answered":
        # I18N: a player declared the purchase of a building tile ({tile}) and another
        # answered it with a law card
        return t.say(
            e.seat,
            _(
                "{player}'s purchase of {tile} is answered: {player} may buy at the new terms "
                "or do something else."
            ),
            _(
                "Your purchase of {tile} is answered: you may buy at the new terms or do "
                "something else."
            ),
            tile=tile,
        )
    # I18N: a player declared the purchase of a building tile ({tile}) and a law card changed
    # its price
    return t.say(
        e.seat,
        _(
            "{player}'s purchase of {tile} cannot be paid as declared any more: {player} may buy "
            "at the new terms or do something else."
        ),
        _(
            "Your purchase of {tile} cannot be paid as declared any more: you may buy at the new "
            "terms or do something else."
        ),
        tile=tile,
    )


def _law_played(e: ev.LawPlayed, t: Teller) -> str:
    card = terms.card(e.law.card)
    law = law_words(e.law, t)
    if law == card:  # a card played without a choice
        # I18N: {card} is a law card's name (it may be quoted)
        return t.say(
            e.seat, _("{player} plays the law {card}."), _("You play the law {card}."), card=card
        )
    # I18N: {law} is a law card's name and its choices ("Good harvest on the farms"), made by
    # the messages with {card} (where the name may be quoted)
    return t.say(e.seat, _("{player} plays the law {law}."), _("You play the law {law}."), law=law)


def _layout_complete(e: ev.LayoutComplete, t: Teller) -> str:
    if not e.shown:
        return _("The layout is complete.")
    # I18N: {tiles} lists the costs of the building tiles turned up ("1 wood + 1 stone, 1 food")
    return _("The layout is complete. The stage 1 tiles turn face up: {tiles}.").format(
        tiles=terms.tiles(e.shown)
    )


def _worker_sent(e: ev.WorkerSent, t: Teller) -> str:
    # I18N: a worker goes out: {number} is its home's cottage number, {field} a field with its
    # definite article ("the lake"), {place} where the field is, "(0,1)"
    if e.house:
        third = _("{player} sends a worker from house {number} to {field} at {place}.")
        second = _("You send a worker from house {number} to {field} at {place}.")
    else:
        third = _("{player} sends a worker from cottage {number} to {field} at {place}.")
        second = _("You send a worker from cottage {number} to {field} at {place}.")
    return t.say(
        e.seat,
        third,
        second,
        number=e.number,
        field=terms.the_field(e.field_type),
        place=place(e.field),
    )


#: How each kind of event is told, by its class: a sentence over the event ``e``, whose seats
#: the teller ``t`` names.  (Tests may swap one: the words are never part of a saved game.)
#: A second-person message starts with a capital: it starts the sentence.
NARRATORS: dict[type, Narrator] = {
    # --- the layout
    ev.GameBegan: lambda e, t: ngettext(
        # I18N: {players} lists the players' names ("Robin, Hilda, Otto")
        "A game for {n} player begins: {players}.",
        "A game for {n} players begins: {players}.",
        len(e.players),
    ).format(n=len(e.players), players=terms.comma_list(list(e.players))),
    ev.FieldLaid: lambda e, t: t.say(
        e.seat,
        # I18N: {field} is a field type with its indefinite article ("a farm"), {place} "(1,0)"
        _("{player} lays {field} at {place}."),
        _("You lay {field} at {place}."),
        field=terms.a_field(e.field_type),
        place=place(e.pos),
    ),
    ev.CottagePlaced: lambda e, t: t.say(
        e.seat,
        _("{player} places cottage {number} at {place}."),
        _("You place cottage {number} at {place}."),
        number=e.number,
        place=place(e.corner),
    ),
    ev.LayoutComplete: _layout_complete,
    # --- phase 1
    ev.RoundBegan: lambda e, t: t.say(
        e.start_player,
        # I18N: {round} is the number of a round of the game
        _("Round {round} begins; {player} is the start player."),
        _("Round {round} begins; you are the start player."),
        round=e.round,
    ),
    ev.MarkerPlaced: lambda e, t: t.say(
        e.seat,
        # I18N: {marker} is a work-order marker's number (1 to 5), {number} a cottage number
        _("{player} puts work-order marker {marker} on number {number}."),
        _("You put work-order marker {marker} on number {number}."),
        marker=e.marker,
        number=e.number,
    ),
    ev.MarkerFixed: lambda e, t: t.say(
        e.by,
        # I18N: the law card Work order fixed where the markers go: {card} is its name
        _("Work-order marker {marker} goes on number {number}, as {player}'s {card} fixed."),
        _("Work-order marker {marker} goes on number {number}, as your {card} fixed."),
        marker=e.marker,
        number=e.number,
        card=terms.card("work-order"),
    ),
    ev.WorkerSent: _worker_sent,
    ev.WorkersIdle: lambda e, t: ngettext(
        # I18N: {home} is a player's home ("Hilda's cottage 5", "your house 2")
        "{home} has no free field: {n} worker stays idle.",
        "{home} has no free field: {n} workers stay idle.",
        e.count,
    ).format(home=t.home(e.seat, e.number, e.house), n=e.count),
    # --- phase 2
    ev.Harvested: lambda e, t: t.say(
        e.seat,
        # I18N: {cubes} are the cubes harvested ("1 wood + 2 stone")
        _("{player} harvests {cubes}."),
        _("You harvest {cubes}."),
        cubes=terms.cost(e.got),
    ),
    ev.StoreRanOut: lambda e, t: t.say(
        e.seat,
        # I18N: {of_colour} is a cube colour after "out of" (terms.of_colour: French "de vin",
        # "d'eau"), {cubes} a number of cubes ("2 cubes")
        _("The store has run out of {of_colour}: {player} misses {cubes}."),
        _("The store has run out of {of_colour}: you miss {cubes}."),
        of_colour=terms.of_colour(e.colour),
        cubes=terms.cubes(e.missed),
    ),
    ev.ColoursToChoose: lambda e, t: t.say(
        e.seat,
        ngettext(
            "{player} chooses the colour of {n} harvested cubes.",
            "{player} chooses the colour of {n} harvested cubes.",
            e.count,
        ),
        ngettext(
            "You choose the colour of {n} harvested cubes.",
            "You choose the colour of {n} harvested cubes.",
            e.count,
        ),
        n=e.count,
    ),
    ev.CubeTaken: lambda e, t: t.say(
        e.seat,
        # I18N: {cube} is one cube ("1 wine")
        _("{player} takes {cube}."),
        _("You take {cube}."),
        cube=terms.counted(e.cube, 1),
    ),
    # --- phase 3
    ev.Passed: lambda e, t: t.say(e.seat, _("{player} passes."), _("You pass.")),
    ev.CraftBought: lambda e, t: t.say(
        e.seat,
        # I18N: {craft} is one craft cube ("1 glass"), {cost} the cubes paid ("1 wood + 2 food")
        _("{player} buys {craft} for {cost}."),
        _("You buy {craft} for {cost}."),
        craft=terms.counted(e.craft, 1),
        cost=terms.cost(e.paid),
    ),
    ev.Traded: lambda e, t: t.say(
        e.seat,
        # I18N: {cost} the cubes paid ("1 wood + 2 food"), {cube} the one taken ("1 water")
        _("{player} trades {cost} for {cube}."),
        _("You trade {cost} for {cube}."),
        cost=terms.cost(e.paid),
        cube=terms.counted(e.take, 1),
    ),
    ev.FenceBuilt: lambda e, t: t.say(
        e.seat,
        # I18N: {home} is a player's home ("Robin's cottage 4"), {place} a field's place "(2,0)"
        _("{player} builds a fence between {home} and the field at {place}."),
        _("You build a fence between {home} and the field at {place}."),
        home=t.home(e.owner, e.number, e.house),
        place=place(e.field),
    ),
    # I18N: {home} is a player's home ("Hilda's cottage 5", "your house 2"): one message for a
    # cottage, one for a house (the words may agree with it)
    ev.CottageMustMove: lambda e, t: (
        pgettext("a house", "{home} is fenced off from every field and must move.")
        if e.house
        else pgettext("a cottage", "{home} is fenced off from every field and must move.")
    ).format(home=t.home(e.seat, e.number, e.house)),
    ev.CottageStays: lambda e, t: (
        pgettext("a house", "{home} is fenced off but has nowhere to go; it stays.")
        if e.house
        else pgettext("a cottage", "{home} is fenced off but has nowhere to go; it stays.")
    ).format(home=t.home(e.seat, e.number, e.house)),
    ev.FenceRemoved: lambda e, t: t.say(
        e.seat,
        # I18N: {price} is the price of removing a fence ("2 wine"), {fence} a player's fence
        # and where it stands ("Otto's fence between corner (2,2) and the field at (3,2)")
        _("{player} pays {price} to remove {fence}; it leaves the game."),
        _("You pay {price} to remove {fence}; it leaves the game."),
        price=terms.cost(REMOVE_FENCE_COST),
        fence=t.fence(e.owner, e.corner, e.field),
    ),
    ev.Relocated: lambda e, t: t.say(
        e.seat,
        # I18N: {home} is the player's own home ("your cottage 4"), {place} a corner "(3,-1)"
        _("{player} moves {home} to {place}."),
        _("You move {home} to {place}."),
        home=t.home(e.seat, e.number, e.house),
        place=place(e.corner),
    ),
    ev.CottageConverted: lambda e, t: t.say(
        e.seat,
        _("{player} converts cottage {number} into a house."),
        _("You convert cottage {number} into a house."),
        number=e.number,
    ),
    ev.LawProcured: lambda e, t: t.say(
        e.seat,
        _("{player} pays {cost} to the law master for a law card and is done for this phase."),
        _("You pay {cost} to the law master for a law card and are done for this phase."),
        cost=terms.cost(e.paid),
    ),
    ev.PurchaseDeclared: lambda e, t: t.say(
        e.seat,
        # I18N: {tile} is a building tile ("the stage 2 tile (2 stone + 1 food)"); the others
        # may answer with a law card
        _("{player} declares the purchase of {tile}: anyone to answer?"),
        _("You declare the purchase of {tile}: anyone to answer?"),
        tile=terms.tile(e.tile),
    ),
    ev.PurchaseCalledOff: _called_off_purchase,
    ev.BuildingBought: lambda e, t: t.say(
        e.seat,
        _("{player} buys a stage {stage} tile for {cost}."),
        _("You buy a stage {stage} tile for {cost}."),
        stage=e.stage,
        cost=terms.cost(e.paid),
    ),
    ev.StageComplete: lambda e, t: _(
        # I18N: {tiles} lists the costs of the tiles turned up ("1 stone + 1 food, 2 stone")
        "Stage {stage} is complete: the stage {next} tiles turn face up ({tiles})."
    ).format(stage=e.stage, next=e.stage + 1, tiles=terms.tiles(e.shown)),
    # --- law cards
    ev.LawPlayed: _law_played,
    ev.LawRepealed: lambda e, t: _(
        "The law {card} is repealed: it has no effect. Both cards are discarded."
    ).format(card=terms.card(e.card)),
    ev.LawTookEffect: _law_took_effect,
    ev.LawCalledOff: _law_called_off,
    # --- phases 4 and 5, the end
    ev.WorkersReturned: lambda e, t: _(
        "Workers return home and the work-order markers come off the mat."
    ),
    ev.BiddingOpened: lambda e, t: t.say(
        e.seat,
        # I18N: {holder} is the player who receives the marker (a name)
        _(
            "{player} passes the start-player marker to {holder}. Bidding for the next start "
            "player opens."
        )
        if e.holder != t.you
        # I18N: the player addressed receives the marker
        else _(
            "{player} passes the start-player marker to you. Bidding for the next start player "
            "opens."
        ),
        _("You pass the start-player marker to {holder}. Bidding for the next start player opens."),
        holder=t.name(e.holder),
    ),
    ev.BidMade: lambda e, t: t.say(
        e.seat,
        # I18N: {amount} is a bid, in cubes
        _("{player} bids {amount}."),
        _("You bid {amount}."),
        amount=e.amount,
    ),
    ev.BidPassed: lambda e, t: t.say(e.seat, _("{player} passes."), _("You pass.")),
    ev.BidMatched: lambda e, t: t.say(
        e.seat,
        _("{player} matches the bid of {amount} and wins the bidding."),
        _("You match the bid of {amount} and win the bidding."),
        amount=e.amount,
    ),
    ev.NobodyBid: lambda e, t: t.say(
        e.holder,
        _("Nobody bid: {player} names the start player."),
        _("Nobody bid: you name the start player."),
    ),
    ev.BiddingWon: lambda e, t: t.say(
        e.seat,
        # I18N: {holder} is the player paid (a name)
        _("{player} wins the bidding with {amount} and pays {holder}.")
        if e.holder != t.you
        # I18N: the player addressed is paid
        else _("{player} wins the bidding with {amount} and pays you."),
        _("You win the bidding with {amount} and pay {holder}."),
        amount=e.amount,
        holder=t.name(e.holder),
    ),
    ev.BidPaid: lambda e, t: t.say(
        e.seat,
        # I18N: {cost} the cubes paid, {to} the player paid (a name)
        _("{player} hands {cost} to {to}.")
        if e.to_seat != t.you
        # I18N: {cost} the cubes paid to the player addressed
        else _("{player} hands {cost} to you."),
        _("You hand {cost} to {to}."),
        cost=terms.cost(e.paid),
        to=t.name(e.to_seat),
    ),
    ev.GameEnded: _game_ended,
}


__all__ = [
    "FIELD_PLURALS",
    "NARRATORS",
    "Teller",
    "actor",
    "law_words",
    "narrate",
    "narrate_all",
    "place",
]
