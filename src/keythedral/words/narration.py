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

No Textual, no rich: plain strings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from keythedral.engine import events as ev
from keythedral.engine.actions import PlayLaw
from keythedral.engine.catalogue import buildings, tile_cost, tile_words
from keythedral.engine.cubes import describe as cubes
from keythedral.engine.laws import SALE_DISCOUNT, card_name
from keythedral.vocab import CRAFT_PRICE, REMOVE_FENCE_PRICE, fence_place, place

#: Field types in the plural, for law plays ("Poor harvest on the lakes").
FIELD_PLURALS = {
    "quarry": "quarries",
    "woods": "woods",
    "lake": "lakes",
    "farm": "farms",
    "vineyard": "vineyards",
}


class Teller:
    """Names seats for one narration: by name, or "you" for the ``you`` seat."""

    __slots__ = ("names", "you")

    def __init__(self, names: Sequence[str], you: int | None = None) -> None:
        self.names = names
        self.you = you

    def name(self, seat: int) -> str:
        """ "Ann", or "you"."""
        if seat == self.you:
            return "you"
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"

    def whose(self, seat: int) -> str:
        """ "Ann's", or "your"."""
        return "your" if seat == self.you else f"{self.name(seat)}'s"

    def does(self, seat: int, third: str, second: str) -> str:
        """ "Ann lays" / "you lay": the seat and a verb in its person."""
        return f"{self.name(seat)} {second if seat == self.you else third}"

    def verb(self, seat: int, third: str, second: str) -> str:
        """The verb alone, in the person of ``seat``."""
        return second if seat == self.you else third

    def home(self, seat: int, number: int, house: bool) -> str:
        """ "Ann's house 3" / "your cottage 2"."""
        return f"{self.whose(seat)} {'house' if house else 'cottage'} {number}"


T = TypeVar("T")
Narrator = Callable[[Any, Teller], str]


def narrate(event: ev.Event, names: Sequence[str], you: int | None = None) -> str:
    """One event as a sentence (or two), naming the seats by ``names``."""
    text = NARRATORS[type(event)](event, Teller(names, you))
    if text[:1].islower() and not any(name and text.startswith(name) for name in names):
        text = text[0].upper() + text[1:]  # "you ...", "seat 5 ..." (a name stays as it is)
    return text


def _you_first(text: str) -> str:
    """A sentence that starts with "you" or "your" starts with a capital."""
    return "Y" + text[1:] if text.startswith("you") else text


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
def _cubes(n: int) -> str:
    """ "1 cube", "2 cubes"."""
    return f"{n} cube{'s' if n > 1 else ''}"


def _given(choice: T | None) -> T:
    """A choice the card always comes with (the engine checked it when the card was played)."""
    assert choice is not None
    return choice


# --- building tiles --------------------------------------------------------------------------
def tiles_words(tiles: Iterable[str]) -> str:
    """Tiles turned face up, by their printed costs: "1 stone + 1 wood, 1 wood + 1 food"."""
    return ", ".join(cubes(tile_cost(t)) if t in buildings() else t for t in tiles)


# --- law cards -------------------------------------------------------------------------------
def law_words(law: PlayLaw, t: Teller) -> str:
    """A played card and its choices in words: "Poor harvest on the lakes", "Downgrade house
    on Bob's house 1", "Start order for Cy"."""
    words = card_name(law.card)
    if law.tile is not None:
        tile = tile_words(law.tile)
        words += f" to buy {tile}" if law.card == "substitution" else f" on {tile}"
    if law.extra is not None or law.less is not None:
        changes = [f"1 more {law.extra}"] if law.extra is not None else []
        changes += [f"1 less {law.less}"] if law.less is not None else []
        words += f" (price with {' and '.join(changes)})"
    if law.number is not None:
        if law.target is not None:  # another player's home: Downgrade house
            words += f" on {t.home(law.target, law.number, True)}"
        else:
            words += f" on {t.home(law.seat, law.number, False)}"
    elif law.target is not None:
        words += f" for {t.name(law.target)}"
    if law.field_type is not None:
        words += f" on the {FIELD_PLURALS.get(law.field_type, law.field_type)}"
    if law.corner is not None and law.field is not None:
        words += f" on the fence between {fence_place(law.corner, law.field)}"
    elif law.field is not None:
        words += f" on the field at {place(law.field)}"
    if law.craft is not None:
        if law.cube is not None:  # Craft bargain
            article = "an" if law.craft[0] in "aeiou" else "a"
            words += f", giving 1 {law.cube} for {article} {law.craft}"
        else:
            words += f" on {law.craft}"
    elif law.cube is not None and law.instead is not None:  # Substitution of a craft
        words += f", paying {law.cube} instead of {law.instead}"
    if law.order is not None:
        words += f", calling the numbers {', '.join(map(str, law.order))}"
    return words


Effect = Callable[[ev.LawTookEffect, Teller], str]

#: What each card did, told after "<Card> takes effect: " (a card missing here is told by its
#: play's words).
EFFECTS: dict[str, Effect] = {
    "work-order": lambda e, t: (
        f"{t.does(e.seat, 'fixes', 'fix')} the order of the cottage numbers this round: "
        f"{', '.join(map(str, e.law.order or ()))}."
    ),
    "price-increase": lambda e, t: (
        f"{tile_words(_given(e.law.tile))} costs one cube more until it is bought."
    ),
    "price-decrease": lambda e, t: (
        f"{tile_words(_given(e.law.tile))} costs one cube less until it is bought."
    ),
    "upgrade-cottage": lambda e, t: (
        f"{t.whose(e.seat)} cottage {e.law.number} becomes a house for free."
    ),
    "cottage-number": lambda e, t: (
        f"{t.whose(e.seat)} number {e.law.number} also goes out as number {e.called}, and will "
        "stay home later this round."
    ),
    "craft-bargain": lambda e, t: (
        f"{t.does(e.seat, 'gives', 'give')} 1 {e.law.cube} for a used {e.law.craft} from the store."
    ),
    "unexpected-harvest": lambda e, t: (
        f"{t.does(e.seat, 'chooses', 'choose')} the colour of every cube from "
        f"{t.verb(e.seat, 'their', 'your')} {e.law.field_type} workers this harvest."
    ),
    "broken-fences": lambda e, t: (
        f"{t.whose(_given(e.law.target))} workers climb over fences this round."
    ),
    "unsafe-fence": lambda e, t: (
        f"{t.whose(_given(e.owner))} fence between "
        f"{fence_place(_given(e.law.corner), _given(e.law.field))} is dismantled and leaves the game."
    ),
    "house-moratorium": lambda e, t: f"nobody but {t.name(e.seat)} may build a house this round.",
    "design-change": lambda e, t: (
        f"{tile_words(_given(e.law.tile))} is replaced by {tile_words(_given(e.replacement))}."
    ),
    "double-production": lambda e, t: (
        f"{t.whose(e.seat)} worker at {place(_given(e.law.field))} produces double this harvest."
    ),
    "bargain": lambda e, t: (
        f"the trader takes 1 resource cube from {t.name(e.seat)} and gives 2 of "
        f"{t.verb(e.seat, 'their', 'your')} choice."
    ),
    "sale": lambda e, t: (
        f"{t.does(e.seat, 'buys', 'buy')} {e.law.craft} for "
        f"{_cubes(CRAFT_PRICE[_given(e.law.craft)] - SALE_DISCOUNT)}."
    ),
    "downgrade-house": lambda e, t: (
        f"{t.whose(_given(e.law.target))} house {e.law.number} is a cottage again."
    ),
    "good-harvest": lambda e, t: f"every {e.law.field_type} produces double this harvest.",
    "poor-harvest": lambda e, t: f"no {e.law.field_type} produces anything this harvest.",
    "start-order": lambda e, t: (
        f"{t.does(_given(e.law.target), 'is', 'are')} now the start player."
    ),
}


def _law_took_effect(e: ev.LawTookEffect, t: Teller) -> str:
    if e.law.card == "substitution":  # played as the purchase itself
        tile = tile_words(_given(e.law.tile))
        return f"{t.does(e.seat, 'buys', 'buy')} {tile} with a Substitution."
    effect = EFFECTS.get(e.law.card)
    said = effect(e, t) if effect is not None else f"{law_words(e.law, t)}."
    return f"{card_name(e.law.card)} takes effect: {said}"


def _law_called_off(e: ev.LawCalledOff, t: Teller) -> str:
    law = e.law
    tile = tile_words(law.tile) if law.tile is not None else "the tile"
    why = {
        "tile": f"{tile} is no longer for sale",
        "price": f"the laws under {tile} changed its price",
        "cubes": f"{t.does(e.seat, 'can', 'can')} no longer pay for it",
        "supply": (
            f"there is no {law.craft} left to take"
            if law.craft is not None
            else "the store has no resource cube left to take"
        ),
        "no_effect": "it would have no effect any more",
    }[e.reason]
    again = ""
    if law.card in ("substitution", "sale", "bargain"):  # played as the holder's action
        again = ", and you choose again" if e.seat == t.you else ", who chooses again"
    return f"{card_name(law.card)} is called off: {why}. The card goes back to {t.name(e.seat)}{again}."


# --- the few sentences that take more than a line --------------------------------------------
def _game_ended(e: ev.GameEnded, t: Teller) -> str:
    plain = Teller(t.names)  # the table of scores names everyone
    table = ", ".join(f"{plain.name(s)} {score}" for s, score in enumerate(e.scores))
    names = " and ".join(t.name(s) for s in e.winners)
    single = len(e.winners) == 1
    verb = t.verb(e.winners[0], "wins", "win") if single else "win"
    return (
        f"The last seat is taken: the Keythedral is complete. Scores: {table}. "
        f"{_you_first(names)} {verb}."
    )


#: Why a declared purchase is off, as the sentence says it.
CALLED_OFF = {"answered": "is answered", "unpayable": "cannot be paid as declared any more"}

#: How each kind of event is told, by its class: a sentence over the event ``e``, whose seats
#: the teller ``t`` names.  (Tests may swap one: the words are never part of a saved game.)
NARRATORS: dict[type, Narrator] = {
    # --- the layout
    ev.GameBegan: lambda e, t: (
        f"A game for {len(e.players)} players begins: {', '.join(e.players)}."
    ),
    ev.FieldLaid: lambda e, t: (
        f"{t.does(e.seat, 'lays', 'lay')} a {e.field_type} at {place(e.pos)}."
    ),
    ev.CottagePlaced: lambda e, t: (
        f"{t.does(e.seat, 'places', 'place')} cottage {e.number} at {place(e.corner)}."
    ),
    ev.LayoutComplete: lambda e, t: (
        "The layout is complete."
        + (f" The stage 1 tiles turn face up: {tiles_words(e.shown)}." if e.shown else "")
    ),
    # --- phase 1
    ev.RoundBegan: lambda e, t: (
        f"Round {e.round} begins; {t.does(e.start_player, 'is', 'are')} the start player."
    ),
    ev.MarkerPlaced: lambda e, t: (
        f"{t.does(e.seat, 'puts', 'put')} work-order marker {e.marker} on number {e.number}."
    ),
    ev.MarkerFixed: lambda e, t: (
        f"Work-order marker {e.marker} goes on number {e.number}, as {t.whose(e.by)} Work "
        "order fixed."
    ),
    ev.WorkerSent: lambda e, t: (
        f"{t.does(e.seat, 'sends', 'send')} a worker from "
        f"{'house' if e.house else 'cottage'} {e.number} to the {e.field_type} at "
        f"{place(e.field)}."
    ),
    ev.WorkersIdle: lambda e, t: (
        f"{t.home(e.seat, e.number, e.house)} has no free field: {e.count} "
        f"{'worker stays' if e.count == 1 else 'workers stay'} idle."
    ),
    # --- phase 2
    ev.Harvested: lambda e, t: f"{t.does(e.seat, 'harvests', 'harvest')} {cubes(e.got)}.",
    ev.StoreRanOut: lambda e, t: (
        f"The store has run out of {e.colour}: {t.does(e.seat, 'misses', 'miss')} "
        f"{_cubes(e.missed)}."
    ),
    ev.ColoursToChoose: lambda e, t: (
        f"{t.does(e.seat, 'chooses', 'choose')} the colour of {e.count} harvested cubes."
    ),
    ev.CubeTaken: lambda e, t: f"{t.does(e.seat, 'takes', 'take')} 1 {e.cube}.",
    # --- phase 3
    ev.Passed: lambda e, t: f"{t.does(e.seat, 'passes', 'pass')}.",
    ev.CraftBought: lambda e, t: (
        f"{t.does(e.seat, 'buys', 'buy')} 1 {e.craft} for {cubes(e.paid)}."
    ),
    ev.Traded: lambda e, t: f"{t.does(e.seat, 'trades', 'trade')} {cubes(e.paid)} for 1 {e.take}.",
    ev.FenceBuilt: lambda e, t: (
        f"{t.does(e.seat, 'builds', 'build')} a fence between "
        f"{t.home(e.owner, e.number, e.house)} and the field at {place(e.field)}."
    ),
    ev.CottageMustMove: lambda e, t: (
        f"{t.home(e.seat, e.number, e.house)} is fenced off from every field and must move."
    ),
    ev.CottageStays: lambda e, t: (
        f"{t.home(e.seat, e.number, e.house)} is fenced off but has nowhere to go; it stays."
    ),
    ev.FenceRemoved: lambda e, t: (
        f"{t.does(e.seat, 'pays', 'pay')} {REMOVE_FENCE_PRICE} to remove {t.whose(e.owner)} "
        f"fence between {fence_place(e.corner, e.field)}; it leaves the game."
    ),
    ev.Relocated: lambda e, t: (
        f"{t.does(e.seat, 'moves', 'move')} {t.home(e.seat, e.number, e.house)} to "
        f"{place(e.corner)}."
    ),
    ev.CottageConverted: lambda e, t: (
        f"{t.does(e.seat, 'converts', 'convert')} cottage {e.number} into a house."
    ),
    ev.LawProcured: lambda e, t: (
        f"{t.does(e.seat, 'pays', 'pay')} {cubes(e.paid)} to the law master for a law card "
        f"and {t.verb(e.seat, 'is', 'are')} done for this phase."
    ),
    ev.PurchaseDeclared: lambda e, t: (
        f"{t.does(e.seat, 'declares', 'declare')} the purchase of {tile_words(e.tile)}: "
        "anyone to answer?"
    ),
    ev.PurchaseCalledOff: lambda e, t: (
        f"{t.whose(e.seat)} purchase of {tile_words(e.tile)} {CALLED_OFF[e.reason]}: "
        f"{t.name(e.seat)} may "
        "buy at the new terms or do something else."
    ),
    ev.BuildingBought: lambda e, t: (
        f"{t.does(e.seat, 'buys', 'buy')} a stage {e.stage} tile for {cubes(e.paid)}."
    ),
    ev.StageComplete: lambda e, t: (
        f"Stage {e.stage} is complete: the stage {e.stage + 1} tiles turn face up "
        f"({tiles_words(e.shown)})."
    ),
    # --- law cards
    ev.LawPlayed: lambda e, t: f"{t.does(e.seat, 'plays', 'play')} the law {law_words(e.law, t)}.",
    ev.LawRepealed: lambda e, t: (
        f"The law {card_name(e.card)} is repealed: it has no effect. Both cards are discarded."
    ),
    ev.LawTookEffect: _law_took_effect,
    ev.LawCalledOff: _law_called_off,
    # --- phases 4 and 5, the end
    ev.WorkersReturned: lambda e, t: (
        "Workers return home and the work-order markers come off the mat."
    ),
    ev.BiddingOpened: lambda e, t: (
        f"{t.does(e.seat, 'passes', 'pass')} the start-player marker to {t.name(e.holder)}. "
        "Bidding for the next start player opens."
    ),
    ev.BidMade: lambda e, t: f"{t.does(e.seat, 'bids', 'bid')} {e.amount}.",
    ev.BidPassed: lambda e, t: f"{t.does(e.seat, 'passes', 'pass')}.",
    ev.BidMatched: lambda e, t: (
        f"{t.does(e.seat, 'matches', 'match')} the bid of {e.amount} and "
        f"{t.verb(e.seat, 'wins', 'win')} the bidding."
    ),
    ev.NobodyBid: lambda e, t: f"Nobody bid: {t.does(e.holder, 'names', 'name')} the start player.",
    ev.BiddingWon: lambda e, t: (
        f"{t.does(e.seat, 'wins', 'win')} the bidding with {e.amount} and "
        f"{t.verb(e.seat, 'pays', 'pay')} {t.name(e.holder)}."
    ),
    ev.BidPaid: lambda e, t: (
        f"{t.does(e.seat, 'hands', 'hand')} {cubes(e.paid)} to {t.name(e.to_seat)}."
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
