"""Narration: the engine's events (``keythedral.engine.events``) told as sentences.

The one place where what happened becomes words: the log panel, the hand-over's recent events,
the info line, ``keythedral log``, the replay viewer and the tutorial all narrate the state's
events through here.  Places read as the map writes them, "(1,-2)"; players are named by name
(never by seat number); law cards and their choices are told in words ("Poor harvest on the
lakes").  The state holds no sentence, so rewording one here never touches a saved game.

Third person by default ("Ann lays a farm at (1,0).").  With ``you`` set to a seat, that
seat's own events are told in the second person ("You lay a farm at (1,0).", "Bob builds a
fence between your cottage 4 and ..."): the tutorial speaks so to its learner.

    from keythedral import narration

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
from keythedral.engine.cubes import describe as cubes
from keythedral.engine.laws import SALE_DISCOUNT, card_name
from keythedral.vocab import CRAFT_PRICE, REMOVE_FENCE_PRICE, place

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


E = TypeVar("E")
Narrator = Callable[[Any, Teller], str]

#: How each kind of event is told, by its class.  (Tests may swap one: the words are never
#: part of a saved game.)
NARRATORS: dict[type, Narrator] = {}


def _tells(kind: type[E]) -> Callable[[Callable[[E, Teller], str]], Callable[[E, Teller], str]]:
    def register(fn: Callable[[E, Teller], str]) -> Callable[[E, Teller], str]:
        NARRATORS[kind] = fn
        return fn

    return register


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
    }
)


def actor(event: ev.Event) -> int | None:
    """The seat whose act the event records; None for what happens to a seat (a home fenced
    off, a law taking effect or repealed) or to the whole table (a round begins)."""
    if type(event) in HAPPENINGS:
        return None
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) else None


# --- the layout ------------------------------------------------------------------------------
@_tells(ev.GameBegan)
def _game_began(e: ev.GameBegan, t: Teller) -> str:
    return f"A game for {len(e.players)} players begins: {', '.join(e.players)}."


@_tells(ev.FieldLaid)
def _field_laid(e: ev.FieldLaid, t: Teller) -> str:
    return f"{t.does(e.seat, 'lays', 'lay')} a {e.field_type} at {place(e.pos)}."


@_tells(ev.CottagePlaced)
def _cottage_placed(e: ev.CottagePlaced, t: Teller) -> str:
    return f"{t.does(e.seat, 'places', 'place')} cottage {e.number} at {place(e.corner)}."


@_tells(ev.LayoutComplete)
def _layout_complete(e: ev.LayoutComplete, t: Teller) -> str:
    shown = f" The stage 1 tiles turn face up: {', '.join(e.shown)}." if e.shown else ""
    return f"The layout is complete.{shown}"


# --- phase 1 ---------------------------------------------------------------------------------
@_tells(ev.RoundBegan)
def _round_began(e: ev.RoundBegan, t: Teller) -> str:
    sp = e.start_player
    return f"Round {e.round} begins; {t.does(sp, 'is', 'are')} the start player."


@_tells(ev.MarkerPlaced)
def _marker_placed(e: ev.MarkerPlaced, t: Teller) -> str:
    return f"{t.does(e.seat, 'puts', 'put')} work-order marker {e.marker} on number {e.number}."


@_tells(ev.MarkerFixed)
def _marker_fixed(e: ev.MarkerFixed, t: Teller) -> str:
    return (
        f"Work-order marker {e.marker} goes on number {e.number}, as {t.whose(e.by)} Work "
        "order fixed."
    )


@_tells(ev.WorkerSent)
def _worker_sent(e: ev.WorkerSent, t: Teller) -> str:
    home = f"{'house' if e.house else 'cottage'} {e.number}"
    return (
        f"{t.does(e.seat, 'sends', 'send')} a worker from {home} to the {e.field_type} at "
        f"{place(e.field)}."
    )


@_tells(ev.WorkersIdle)
def _workers_idle(e: ev.WorkersIdle, t: Teller) -> str:
    idle = "worker stays" if e.count == 1 else "workers stay"
    return f"{t.home(e.seat, e.number, e.house)} has no free field: {e.count} {idle} idle."


# --- phase 2 ---------------------------------------------------------------------------------
@_tells(ev.Harvested)
def _harvested(e: ev.Harvested, t: Teller) -> str:
    return f"{t.does(e.seat, 'harvests', 'harvest')} {cubes(e.got)}."


@_tells(ev.StoreRanOut)
def _store_ran_out(e: ev.StoreRanOut, t: Teller) -> str:
    n = e.missed
    return (
        f"The store has run out of {e.colour}: {t.does(e.seat, 'misses', 'miss')} {n} "
        f"cube{'s' if n > 1 else ''}."
    )


@_tells(ev.ColoursToChoose)
def _colours_to_choose(e: ev.ColoursToChoose, t: Teller) -> str:
    return f"{t.does(e.seat, 'chooses', 'choose')} the colour of {e.count} harvested cubes."


@_tells(ev.CubeTaken)
def _cube_taken(e: ev.CubeTaken, t: Teller) -> str:
    return f"{t.does(e.seat, 'takes', 'take')} 1 {e.cube}."


# --- phase 3 ---------------------------------------------------------------------------------
@_tells(ev.Passed)
def _passed(e: ev.Passed, t: Teller) -> str:
    return f"{t.does(e.seat, 'passes', 'pass')}."


@_tells(ev.CraftBought)
def _craft_bought(e: ev.CraftBought, t: Teller) -> str:
    return f"{t.does(e.seat, 'buys', 'buy')} 1 {e.craft} for {cubes(e.paid)}."


@_tells(ev.Traded)
def _traded(e: ev.Traded, t: Teller) -> str:
    return f"{t.does(e.seat, 'trades', 'trade')} {cubes(e.paid)} for 1 {e.take}."


@_tells(ev.FenceBuilt)
def _fence_built(e: ev.FenceBuilt, t: Teller) -> str:
    return (
        f"{t.does(e.seat, 'builds', 'build')} a fence between "
        f"{t.home(e.owner, e.number, e.house)} and the field at {place(e.field)}."
    )


@_tells(ev.CottageMustMove)
def _cottage_must_move(e: ev.CottageMustMove, t: Teller) -> str:
    return f"{t.home(e.seat, e.number, e.house)} is fenced off from every field and must move."


@_tells(ev.CottageStays)
def _cottage_stays(e: ev.CottageStays, t: Teller) -> str:
    return f"{t.home(e.seat, e.number, e.house)} is fenced off but has nowhere to go; it stays."


@_tells(ev.FenceRemoved)
def _fence_removed(e: ev.FenceRemoved, t: Teller) -> str:
    return (
        f"{t.does(e.seat, 'pays', 'pay')} {REMOVE_FENCE_PRICE} to remove {t.whose(e.owner)} fence between "
        f"{place(e.corner)} and {place(e.field)}; it leaves the game."
    )


@_tells(ev.Relocated)
def _relocated(e: ev.Relocated, t: Teller) -> str:
    return (
        f"{t.does(e.seat, 'moves', 'move')} {t.home(e.seat, e.number, e.house)} to "
        f"{place(e.corner)}."
    )


@_tells(ev.CottageConverted)
def _cottage_converted(e: ev.CottageConverted, t: Teller) -> str:
    return f"{t.does(e.seat, 'converts', 'convert')} cottage {e.number} into a house."


@_tells(ev.LawProcured)
def _law_procured(e: ev.LawProcured, t: Teller) -> str:
    return (
        f"{t.does(e.seat, 'pays', 'pay')} {cubes(e.paid)} to the law master for a law card "
        f"and {t.verb(e.seat, 'is', 'are')} done for this phase."
    )


@_tells(ev.PurchaseDeclared)
def _purchase_declared(e: ev.PurchaseDeclared, t: Teller) -> str:
    return f"{t.does(e.seat, 'declares', 'declare')} the purchase of {e.tile}: anyone to answer?"


#: Why a declared purchase is off, as the sentence says it.
CALLED_OFF = {"answered": "is answered", "unpayable": "cannot be paid as declared any more"}


@_tells(ev.PurchaseCalledOff)
def _purchase_called_off(e: ev.PurchaseCalledOff, t: Teller) -> str:
    return (
        f"{t.whose(e.seat)} purchase of {e.tile} {CALLED_OFF[e.reason]}: {t.name(e.seat)} may "
        "buy at the new terms or do something else."
    )


@_tells(ev.BuildingBought)
def _building_bought(e: ev.BuildingBought, t: Teller) -> str:
    return f"{t.does(e.seat, 'buys', 'buy')} {e.tile} (stage {e.stage}) for {cubes(e.paid)}."


@_tells(ev.StageComplete)
def _stage_complete(e: ev.StageComplete, t: Teller) -> str:
    return (
        f"Stage {e.stage} is complete: the stage {e.stage + 1} tiles turn face up "
        f"({', '.join(e.shown)})."
    )


# --- law cards -------------------------------------------------------------------------------
def law_words(law: PlayLaw, t: Teller) -> str:
    """A played card and its choices in words: "Poor harvest on the lakes", "Downgrade house
    on Bob's house 1", "Start order for Cy"."""
    words = card_name(law.card)
    if law.tile is not None:
        words += f" to buy {law.tile}" if law.card == "substitution" else f" on {law.tile}"
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
        words += f" on the fence between {place(law.corner)} and {place(law.field)}"
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


@_tells(ev.LawPlayed)
def _law_played(e: ev.LawPlayed, t: Teller) -> str:
    return f"{t.does(e.seat, 'plays', 'play')} the law {law_words(e.law, t)}."


@_tells(ev.LawRepealed)
def _law_repealed(e: ev.LawRepealed, t: Teller) -> str:
    return f"The law {card_name(e.card)} is repealed: it has no effect. Both cards are discarded."


def _effect(e: ev.LawTookEffect, t: Teller) -> str:
    """What a law did, after "<Card> takes effect: "."""
    law, seat = e.law, e.seat
    card = law.card
    if card == "work-order":
        order = ", ".join(map(str, law.order or ()))
        return (
            f"{t.does(seat, 'fixes', 'fix')} the order of the cottage numbers this round: {order}."
        )
    if card in ("price-increase", "price-decrease"):
        word = "more" if card == "price-increase" else "less"
        return f"{law.tile} costs one cube {word} until it is bought."
    if card == "upgrade-cottage":
        return f"{t.whose(seat)} cottage {law.number} becomes a house for free."
    if card == "cottage-number":
        return (
            f"{t.whose(seat)} number {law.number} also goes out as number {e.called}, and will "
            "stay home later this round."
        )
    if card == "craft-bargain":
        return (
            f"{t.does(seat, 'gives', 'give')} 1 {law.cube} for a used {law.craft} from the store."
        )
    if card == "unexpected-harvest":
        return (
            f"{t.does(seat, 'chooses', 'choose')} the colour of every cube from "
            f"{t.verb(seat, 'their', 'your')} {law.field_type} workers this harvest."
        )
    if card == "broken-fences":
        assert law.target is not None
        return f"{t.whose(law.target)} workers climb over fences this round."
    if card == "unsafe-fence":
        assert law.corner is not None and law.field is not None and e.owner is not None
        return (
            f"{t.whose(e.owner)} fence between {place(law.corner)} and {place(law.field)} is "
            "dismantled and leaves the game."
        )
    if card == "house-moratorium":
        return f"nobody but {t.name(seat)} may build a house this round."
    if card == "design-change":
        return f"{law.tile} is replaced by {e.replacement}."
    if card == "double-production":
        assert law.field is not None
        return f"{t.whose(seat)} worker at {place(law.field)} produces double this harvest."
    if card == "bargain":
        return (
            f"the trader takes 1 resource cube from {t.name(seat)} and gives 2 of "
            f"{t.verb(seat, 'their', 'your')} choice."
        )
    if card == "sale":
        assert law.craft is not None
        price = CRAFT_PRICE[law.craft] - SALE_DISCOUNT
        return (
            f"{t.does(seat, 'buys', 'buy')} {law.craft} for {price} cube{'s' if price > 1 else ''}."
        )
    if card == "downgrade-house":
        assert law.target is not None
        return f"{t.whose(law.target)} house {law.number} is a cottage again."
    if card == "good-harvest":
        return f"every {law.field_type} produces double this harvest."
    if card == "poor-harvest":
        return f"no {law.field_type} produces anything this harvest."
    if card == "start-order":
        assert law.target is not None
        return f"{t.does(law.target, 'is', 'are')} now the start player."
    return f"{law_words(law, t)}."  # a card with no words of its own


@_tells(ev.LawTookEffect)
def _law_took_effect(e: ev.LawTookEffect, t: Teller) -> str:
    if e.law.card == "substitution":  # played as the purchase itself
        return f"{t.does(e.seat, 'buys', 'buy')} {e.law.tile} with a Substitution."
    return f"{card_name(e.law.card)} takes effect: {_effect(e, t)}"


# --- phases 4 and 5, the end -------------------------------------------------------------------
@_tells(ev.WorkersReturned)
def _workers_returned(e: ev.WorkersReturned, t: Teller) -> str:
    return "Workers return home and the work-order markers come off the mat."


@_tells(ev.BiddingOpened)
def _bidding_opened(e: ev.BiddingOpened, t: Teller) -> str:
    return (
        f"{t.does(e.seat, 'passes', 'pass')} the start-player marker to {t.name(e.holder)}. "
        "Bidding for the next start player opens."
    )


@_tells(ev.BidMade)
def _bid_made(e: ev.BidMade, t: Teller) -> str:
    return f"{t.does(e.seat, 'bids', 'bid')} {e.amount}."


@_tells(ev.BidPassed)
def _bid_passed(e: ev.BidPassed, t: Teller) -> str:
    return f"{t.does(e.seat, 'passes', 'pass')}."


@_tells(ev.BidMatched)
def _bid_matched(e: ev.BidMatched, t: Teller) -> str:
    return (
        f"{t.does(e.seat, 'matches', 'match')} the bid of {e.amount} and "
        f"{t.verb(e.seat, 'wins', 'win')} the bidding."
    )


@_tells(ev.NobodyBid)
def _nobody_bid(e: ev.NobodyBid, t: Teller) -> str:
    return f"Nobody bid: {t.does(e.holder, 'names', 'name')} the start player."


@_tells(ev.BiddingWon)
def _bidding_won(e: ev.BiddingWon, t: Teller) -> str:
    return (
        f"{t.does(e.seat, 'wins', 'win')} the bidding with {e.amount} and "
        f"{t.verb(e.seat, 'pays', 'pay')} {t.name(e.holder)}."
    )


@_tells(ev.BidPaid)
def _bid_paid(e: ev.BidPaid, t: Teller) -> str:
    return f"{t.does(e.seat, 'hands', 'hand')} {cubes(e.paid)} to {t.name(e.to_seat)}."


@_tells(ev.GameEnded)
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
