"""The events of every kind and the sentences narration tells of them (names: Robin, Hilda,
Otto), in the third and the second person, and law plays and effects in words: the cases of
tests/words/test_narration.py, shared with the test that they are all looked up when told."""

from __future__ import annotations

from typing import Any

from keythedral import engine
from keythedral.engine import events as ev
from keythedral.engine.events import new

NAMES = ["Robin", "Hilda", "Otto"]


def law(card: str, seat: int = 2, **choices: Any) -> engine.PlayLaw:
    return engine.PlayLaw(seat=seat, card=card, **choices)


def took(play: engine.PlayLaw, **extra: Any) -> ev.LawTookEffect:
    fields: dict[str, Any] = {"called": None, "owner": None, "replacement": None, **extra}
    return new(ev.LawTookEffect, seat=play.seat, law=play, **fields)


SPENT = (1, 0, 2, 0, 0, 0, 0, 0)  # 1 wood + 2 food

#: One event of every kind and the sentence the log tells (names: Robin, Hilda, Otto).
THIRD: list[tuple[Any, str]] = [
    (new(ev.GameBegan, players=("Robin", "Hilda", "Otto")), "A game for 3 players begins: Robin, Hilda, Otto."),
    (new(ev.FieldLaid, seat=0, pos=(1, -2), field_type="farm"), "Robin lays a farm at (1,-2)."),
    (new(ev.CottagePlaced, seat=1, number=3, corner=(-3, 0)), "Hilda places cottage 3 at (-3,0)."),
    (new(ev.LayoutComplete, shown=("s1-02", "s1-05")), "The layout is complete. The stage 1 tiles turn face up: 1 wood + 1 stone, 1 wood + 1 food."),
    (new(ev.LayoutComplete, shown=()), "The layout is complete."),
    (new(ev.RoundBegan, round=2, start_player=1), "Round 2 begins; Hilda is the start player."),
    (new(ev.MarkerPlaced, seat=2, marker=1, number=4), "Otto puts work-order marker 1 on number 4."),
    (new(ev.MarkerFixed, by=1, marker=2, number=5), "Work-order marker 2 goes on number 5, as Hilda's Work order fixed."),
    (new(ev.WorkerSent, seat=0, number=2, house=True, field=(0, 1), field_type="lake"), "Robin sends a worker from house 2 to the lake at (0,1)."),
    (new(ev.WorkersIdle, seat=1, number=5, house=False, count=1), "Hilda's cottage 5 has no free field: 1 worker stays idle."),
    (new(ev.WorkersIdle, seat=1, number=5, house=True, count=2), "Hilda's house 5 has no free field: 2 workers stay idle."),
    (new(ev.Harvested, seat=2, got=(1, 2, 0, 0, 1, 0, 0, 0)), "Otto harvests 1 wood + 2 stone + 1 wine."),
    (new(ev.StoreRanOut, seat=0, colour="food", missed=2), "The store has run out of food: Robin misses 2 cubes."),
    (new(ev.StoreRanOut, seat=0, colour="food", missed=1), "The store has run out of food: Robin misses 1 cube."),
    (new(ev.ColoursToChoose, seat=1, count=2), "Hilda chooses the colour of 2 harvested cubes."),
    (new(ev.CubeTaken, seat=1, cube="wine"), "Hilda takes 1 wine."),
    (new(ev.Passed, seat=2), "Otto passes."),
    (new(ev.CraftBought, seat=0, craft="glass", paid=SPENT), "Robin buys 1 glass for 1 wood + 2 food."),
    (new(ev.Traded, seat=1, paid=SPENT, take="water"), "Hilda trades 1 wood + 2 food for 1 water."),
    (new(ev.FenceBuilt, seat=2, owner=0, number=4, house=False, field=(2, 0)), "Otto builds a fence between Robin's cottage 4 and the field at (2,0)."),
    (new(ev.CottageMustMove, seat=0, number=4, house=False), "Robin's cottage 4 is fenced off from every field and must move."),
    (new(ev.CottageStays, seat=0, number=4, house=True), "Robin's house 4 is fenced off but has nowhere to go; it stays."),
    (new(ev.FenceRemoved, seat=1, owner=2, corner=(2, 2), field=(3, 2)), "Hilda pays 2 wine to remove Otto's fence between corner (2,2) and the field at (3,2); it leaves the game."),
    (new(ev.Relocated, seat=0, number=4, house=False, corner=(3, -1)), "Robin moves Robin's cottage 4 to (3,-1)."),
    (new(ev.CottageConverted, seat=2, number=1), "Otto converts cottage 1 into a house."),
    (new(ev.LawProcured, seat=1, paid=(0, 0, 1, 0, 0, 0, 0, 0)), "Hilda pays 1 food to the law master for a law card and is done for this phase."),
    (new(ev.PurchaseDeclared, seat=0, tile="s2-03"), "Robin declares the purchase of the stage 2 tile (2 stone + 1 food): anyone to answer?"),
    (new(ev.PurchaseCalledOff, seat=0, tile="s2-03", reason="answered"), "Robin's purchase of the stage 2 tile (2 stone + 1 food) is answered: Robin may buy at the new terms or do something else."),
    (new(ev.PurchaseCalledOff, seat=0, tile="s2-03", reason="unpayable"), "Robin's purchase of the stage 2 tile (2 stone + 1 food) cannot be paid as declared any more: Robin may buy at the new terms or do something else."),
    (new(ev.BuildingBought, seat=1, tile="s1-02", stage=1, paid=SPENT), "Hilda buys a stage 1 tile for 1 wood + 2 food."),
    (new(ev.StageComplete, stage=1, shown=("s2-07", "s2-04")), "Stage 1 is complete: the stage 2 tiles turn face up (1 stone + 1 food + 1 water, 2 stone + 1 water)."),
    (new(ev.LawPlayed, seat=2, law=law("downgrade-house", target=1, number=1)), "Otto plays the law Downgrade house on Hilda's house 1."),
    (new(ev.LawPlayed, seat=0, law=law("start-order", seat=0, target=2)), "Robin plays the law Start order for Otto."),
    (new(ev.LawPlayed, seat=0, law=law("good-harvest", seat=0, field_type="farm")), "Robin plays the law Good harvest on the farms."),
    (new(ev.LawRepealed, seat=0, card="good-harvest"), "The law Good harvest is repealed: it has no effect. Both cards are discarded."),
    (took(law("poor-harvest", field_type="lake")), "Poor harvest takes effect: no lake produces anything this harvest."),
    (new(ev.LawCalledOff, seat=0, law=law("substitution", seat=0, tile="s2-03"), reason="tile"), "Substitution is called off: the stage 2 tile (2 stone + 1 food) is no longer for sale. The card goes back to Robin, who chooses again."),
    (new(ev.LawCalledOff, seat=0, law=law("substitution", seat=0, tile="s2-03", extra="stone"), reason="price"), "Substitution is called off: the laws under the stage 2 tile (2 stone + 1 food) changed its price. The card goes back to Robin, who chooses again."),
    (new(ev.LawCalledOff, seat=1, law=law("bargain", seat=1), reason="cubes"), "Bargain is called off: Hilda can no longer pay for it. The card goes back to Hilda, who chooses again."),
    (new(ev.LawCalledOff, seat=1, law=law("sale", seat=1, craft="glass"), reason="supply"), "Sale is called off: there is no glass left to take. The card goes back to Hilda, who chooses again."),
    (new(ev.LawCalledOff, seat=1, law=law("bargain", seat=1), reason="supply"), "Bargain is called off: the store has no resource cube left to take. The card goes back to Hilda, who chooses again."),
    (new(ev.LawCalledOff, seat=2, law=law("good-harvest", seat=2, field_type="farm"), reason="no_effect"), "Good harvest is called off: it would have no effect any more. The card goes back to Otto."),
    (new(ev.WorkersReturned), "Workers return home and the work-order markers come off the mat."),
    (new(ev.BiddingOpened, seat=0, holder=1), "Robin passes the start-player marker to Hilda. Bidding for the next start player opens."),
    (new(ev.BidMade, seat=2, amount=2), "Otto bids 2."),
    (new(ev.BidPassed, seat=0), "Robin passes."),
    (new(ev.BidMatched, seat=1, amount=2), "Hilda matches the bid of 2 and wins the bidding."),
    (new(ev.NobodyBid, holder=1), "Nobody bid: Hilda names the start player."),
    (new(ev.BiddingWon, seat=2, amount=3, holder=1), "Otto wins the bidding with 3 and pays Hilda."),
    (new(ev.BidPaid, seat=2, to_seat=1, paid=(0, 0, 0, 1, 0, 2, 0, 0)), "Otto hands 1 water + 2 iron to Hilda."),
    (new(ev.GameEnded, scores=(9, 12, 7), winners=(1,)), "The last seat is taken: the Keythedral is complete. Scores: Robin 9, Hilda 12, Otto 7. Hilda wins."),
    (new(ev.GameEnded, scores=(12, 12, 7), winners=(0, 1)), "The last seat is taken: the Keythedral is complete. Scores: Robin 12, Hilda 12, Otto 7. Robin and Hilda win."),
]  # fmt: skip


#: The learner (seat 0, "you") reads their own events in the second person.
SECOND: list[tuple[Any, str]] = [
    (new(ev.FieldLaid, seat=0, pos=(1, 0), field_type="farm"), "You lay a farm at (1,0)."),
    (new(ev.RoundBegan, round=3, start_player=0), "Round 3 begins; you are the start player."),
    (new(ev.MarkerFixed, by=0, marker=1, number=2), "Work-order marker 1 goes on number 2, as your Work order fixed."),
    (new(ev.WorkersIdle, seat=0, number=5, house=False, count=1), "Your cottage 5 has no free field: 1 worker stays idle."),
    (new(ev.StoreRanOut, seat=0, colour="wood", missed=3), "The store has run out of wood: you miss 3 cubes."),
    (new(ev.FenceBuilt, seat=2, owner=0, number=4, house=False, field=(2, 0)), "Otto builds a fence between your cottage 4 and the field at (2,0)."),
    (new(ev.FenceBuilt, seat=0, owner=2, number=4, house=True, field=(2, 0)), "You build a fence between Otto's house 4 and the field at (2,0)."),
    (new(ev.CottageMustMove, seat=0, number=4, house=False), "Your cottage 4 is fenced off from every field and must move."),
    (new(ev.Relocated, seat=0, number=4, house=False, corner=(3, -1)), "You move your cottage 4 to (3,-1)."),
    (new(ev.LawProcured, seat=0, paid=(0, 0, 1, 0, 0, 0, 0, 0)), "You pay 1 food to the law master for a law card and are done for this phase."),
    (new(ev.PurchaseCalledOff, seat=0, tile="s2-03", reason="answered"), "Your purchase of the stage 2 tile (2 stone + 1 food) is answered: you may buy at the new terms or do something else."),
    (new(ev.BiddingOpened, seat=2, holder=0), "Otto passes the start-player marker to you. Bidding for the next start player opens."),
    (new(ev.NobodyBid, holder=0), "Nobody bid: you name the start player."),
    (new(ev.BiddingWon, seat=2, amount=1, holder=0), "Otto wins the bidding with 1 and pays you."),
    (new(ev.BidMatched, seat=0, amount=1), "You match the bid of 1 and win the bidding."),
    (new(ev.LawPlayed, seat=1, law=law("start-order", seat=1, target=0)), "Hilda plays the law Start order for you."),
    (new(ev.LawPlayed, seat=0, law=law("upgrade-cottage", seat=0, number=2)), "You play the law Upgrade cottage on your cottage 2."),
    (took(law("unexpected-harvest", seat=0, field_type="woods")), "Unexpected harvest takes effect: you choose the colour of every cube from your woods workers this harvest."),
    (took(law("bargain", seat=0)), "Bargain takes effect: the trader takes 1 resource cube from you and gives 2 of your choice."),
    (new(ev.LawCalledOff, seat=0, law=law("sale", seat=0, craft="gold"), reason="cubes"), "Sale is called off: you can no longer pay for it. The card goes back to you, and you choose again."),
    (took(law("start-order", seat=1, target=0)), "Start order takes effect: you are now the start player."),
    (new(ev.GameEnded, scores=(12, 9, 7), winners=(0,)), "The last seat is taken: the Keythedral is complete. Scores: Robin 12, Hilda 9, Otto 7. You win."),
    (new(ev.GameEnded, scores=(12, 12, 7), winners=(0, 1)), "The last seat is taken: the Keythedral is complete. Scores: Robin 12, Hilda 12, Otto 7. You and Hilda win."),
    (new(ev.Harvested, seat=1, got=(0, 0, 0, 1, 0, 0, 0, 0)), "Hilda harvests 1 water."),  # not yours
]  # fmt: skip


#: A law play in words: the card's name and its choices, never a field's code name.
PLAYS: list[tuple[engine.PlayLaw, str]] = [
    (law("work-order", order=(3, 1, 5, 2, 4)), "Work order, calling the numbers 3, 1, 5, 2, 4"),
    (law("work-order"), "Work order"),
    (law("price-increase", tile="s2-03"), "Price increase on the stage 2 tile (2 stone + 1 food)"),
    (law("price-decrease", tile="s3-01"), "Price decrease on the stage 3 tile (1 wood + 1 food + 1 iron)"),
    (law("upgrade-cottage", number=2), "Upgrade cottage on Otto's cottage 2"),
    (law("substitution", tile="s2-03"), "Substitution to buy the stage 2 tile (2 stone + 1 food)"),
    (law("substitution", tile="s4-01", cube="gold", instead="iron"), "Substitution to buy the stage 4 tile (1 food + 1 iron + 1 glass), paying gold instead of iron"),
    (law("substitution", tile="s4-01", extra="wood", less="stone"), "Substitution to buy the stage 4 tile (1 food + 1 iron + 1 glass) (price with 1 more wood and 1 less stone)"),
    (law("cottage-number", number=4), "Cottage number on Otto's cottage 4"),
    (law("craft-bargain", craft="iron", cube="stone"), "Craft bargain, giving 1 stone for an iron"),
    (law("craft-bargain", craft="gold", cube="wine"), "Craft bargain, giving 1 wine for a gold"),
    (law("unexpected-harvest", field_type="quarry"), "Unexpected harvest on the quarries"),
    (law("broken-fences", target=0), "Broken fences for Robin"),
    (law("repeal-law"), "Repeal law"),
    (law("unsafe-fence", corner=(1, -1), field=(2, 0)), "Unsafe fence on the fence between corner (1,-1) and the field at (2,0)"),
    (law("house-moratorium"), "House moratorium"),
    (law("design-change", tile="s3-04"), "Design change on the stage 3 tile (2 wood + 1 iron)"),
    (law("double-production", field=(5, -3)), "Double production on the field at (5,-3)"),
    (law("bargain"), "Bargain"),
    (law("sale", craft="glass"), "Sale on glass"),
    (law("downgrade-house", target=1, number=1), "Downgrade house on Hilda's house 1"),
    (law("good-harvest", field_type="woods"), "Good harvest on the woods"),
    (law("poor-harvest", field_type="lake"), "Poor harvest on the lakes"),
    (law("start-order", target=1), "Start order for Hilda"),
]  # fmt: skip


#: What each card did, after "<Card> takes effect: ".
EFFECTS: list[tuple[ev.LawTookEffect, str]] = [
    (took(law("work-order", order=(3, 1, 5, 2, 4))), "Work order takes effect: Otto fixes the order of the cottage numbers this round: 3, 1, 5, 2, 4."),
    (took(law("price-increase", tile="s2-03")), "Price increase takes effect: the stage 2 tile (2 stone + 1 food) costs one cube more until it is bought."),
    (took(law("price-decrease", tile="s2-03")), "Price decrease takes effect: the stage 2 tile (2 stone + 1 food) costs one cube less until it is bought."),
    (took(law("upgrade-cottage", number=2)), "Upgrade cottage takes effect: Otto's cottage 2 becomes a house for free."),
    (took(law("substitution", tile="s2-03")), "Otto buys the stage 2 tile (2 stone + 1 food) with a Substitution."),
    (took(law("cottage-number", number=4), called=2), "Cottage number takes effect: Otto's home 4 sends its workers out now, with number 2, and sends nobody when number 4 is called later this round."),
    (took(law("craft-bargain", craft="iron", cube="stone")), "Craft bargain takes effect: Otto gives 1 stone for a used iron from the store."),
    (took(law("unexpected-harvest", field_type="farm")), "Unexpected harvest takes effect: Otto chooses the colour of every cube from their farm workers this harvest."),
    (took(law("broken-fences", target=0)), "Broken fences takes effect: Robin's workers climb over fences this round."),
    (took(law("unsafe-fence", corner=(1, -1), field=(2, 0)), owner=1), "Unsafe fence takes effect: Hilda's fence between corner (1,-1) and the field at (2,0) is dismantled and leaves the game."),
    (took(law("house-moratorium")), "House moratorium takes effect: nobody but Otto may build a house this round."),
    (took(law("design-change", tile="s3-04"), replacement="s3-07"), "Design change takes effect: the stage 3 tile (2 wood + 1 iron) is replaced by the stage 3 tile (1 wood + 1 water + 1 wine)."),
    (took(law("double-production", field=(5, -3))), "Double production takes effect: Otto's worker at (5,-3) produces double this harvest."),
    (took(law("bargain")), "Bargain takes effect: the trader takes 1 resource cube from Otto and gives 2 of their choice."),
    (took(law("sale", craft="glass")), "Sale takes effect: Otto buys glass for 1 cube."),
    (took(law("sale", craft="gold")), "Sale takes effect: Otto buys gold for 2 cubes."),
    (took(law("downgrade-house", target=1, number=1)), "Downgrade house takes effect: Hilda's house 1 is a cottage again."),
    (took(law("good-harvest", field_type="vineyard")), "Good harvest takes effect: every vineyard produces double this harvest."),
    (took(law("poor-harvest", field_type="lake")), "Poor harvest takes effect: no lake produces anything this harvest."),
    (took(law("start-order", target=1)), "Start order takes effect: Hilda is now the start player."),
    (took(law("repeal-law")), "Repeal law takes effect: Repeal law."),  # never happens: a fallback
]  # fmt: skip
