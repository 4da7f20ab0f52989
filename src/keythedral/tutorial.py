"""The tutorial: a guided game against two computer players that teaches the rules as they come.

A newcomer plays seat 0 of a three-player game on a fixed seed against two greedy bots.  The
tutorial is a sequence of *steps*, worked out from the game as it stands:

- a **note** (``kind == "note"``) explains what is happening and points at it (``target``);
  the learner reads it and presses Enter (:meth:`Tutorial.acknowledge`).  Each note belongs to a
  lesson that is shown once, the first time its moment comes: the layout and why cottages want
  varied fields, the work-order markers and who places first, houses, the harvest and the store
  limit, each of the seven actions, fences and relocation, craftsmen and the trader, law cards
  and windows, the bidding, the stages of the Keythedral and the end.
- a **task** (``kind == "task"``) asks for a move: ``action`` is the move the tutorial wants
  (the coach's move: the greedy bot's choice, except that each of the seven actions is tried
  the first time it is open), ``do`` says it in words and ``why`` gives the reason.  While the
  tutorial is *guided* only that move is accepted; a wrong move is refused with the engine's
  reason in plain words, or with why the lesson wants the other move, plus a hint.  Once every
  part of a round has been seen the tutorial turns *free*: any legal move is accepted and the
  coach's move is only a hint.
- ``kind == "end"`` once the game is over and every lesson has been read.

Between the learner's moves the bots play (:meth:`Tutorial.auto_move`, one at a time so a front
end can show them, or :meth:`Tutorial.run`).  A reaction window in which the learner holds no
card that can be played is let go by automatically (the first one is explained).

Progress (every action so far, the lessons read, guided or free) is saved as a small JSON file
next to the game's saves (:func:`tutorial_path`) and resumed by replaying the actions.

Text may name keys of the app in braces (``{hint}``); :meth:`Step.render` fills them in from
:data:`KEYS` or the front end's own mapping.

No Textual here: the front end reads :meth:`Tutorial.step` and calls :meth:`Tutorial.attempt`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from keythedral import engine
from keythedral.bots.greedy import GreedyBot
from keythedral.bots.hints import explain
from keythedral.bots.knowledge import Ctx
from keythedral.engine import GameConfig, GameState, PlayerView
from keythedral.engine.board import corner_fields
from keythedral.engine.catalogue import laws as law_catalogue
from keythedral.engine.catalogue import tile_cost
from keythedral.engine.cubes import INDEX
from keythedral.engine.cubes import describe as cubes_text
from keythedral.engine.events import CottageMustMove, Event, Harvested, LawPlayed, StoreRanOut
from keythedral.narration import narrate
from keythedral.record import RecordError
from keythedral.safefile import Refused, brief, parse_json, read_limited
from keythedral.vocab import (
    COLOURS,
    CRAFT_PRICE,
    FENCE_PRICE,
    FENCES_PER_PLAYER,
    FIELD_YIELD,
    HOUSE_PRICE,
    KEYS,
    REMOVE_FENCE_PRICE,
    title,
)

LEARNER = 0
#: The fixed game: the seed, and the two computer players (the learner names seat 0).
SEED = 11
BOT_NAMES = ("Hilda", "Otto")
DEFAULT_NAME = "Robin"
FORMAT = "keythedral-tutorial"
VERSION = 1

#: Keys of the app named in the texts (a front end may pass its own).
#: The app's keys the texts name (a front end may pass its own): keythedral.vocab.KEYS.

#: The seven phase 3 actions, in the rulebook's order.
SEVEN = (
    "buy_building",
    "convert_cottage",
    "build_fence",
    "buy_craft",
    "trade",
    "procure_law",
    "pass",
)
#: The order in which the coach tries the actions the learner has not taken yet.
TRY_ORDER = ("buy_building", "convert_cottage", "trade", "buy_craft", "build_fence", "procure_law")

#: What the tutorial must teach (a test checks each is taught): topic -> lessons.
TOPICS: dict[str, tuple[str, ...]] = {
    "layout": ("board", "lay_field", "place_cottage"),
    "varied fields": ("place_cottage", "cottage_numbers"),
    "work-order markers": ("work_order", "places_first"),
    "houses": ("act_convert_cottage", "house_works"),
    "harvest and the store limit": ("harvest",),
    "the seven actions": tuple(f"act_{k}" for k in SEVEN),
    "fences and relocation": ("act_build_fence", "relocation"),
    "craftsmen and the trader": ("act_buy_craft", "act_trade"),
    "law cards and windows": ("law_hand", "window"),
    "bidding": ("bidding",),
    "the stages": ("stages", "stage_2", "stage_3", "stage_4", "stage_5"),
    "the end": ("end",),
}
#: Lessons after which the tutorial lets the learner choose freely.
GUIDED = (
    "work_order",
    "harvest",
    "spend",
    *(f"act_{k}" for k in SEVEN),
    "bidding",
    "retrieve",
)

#: The guided part waits this many rounds at most for a relocation to show.
GUIDED_ROUNDS = 4

TargetKind = Literal[
    "field", "corner", "edge", "tile", "mat", "hand", "choices", "status", "log", "none"
]


@dataclass(frozen=True)
class Target:
    """What to point at: a field or corner ``(x, y)``, an edge ``(corner, field)``, a building
    tile id, or a named element (``mat``: keythedral, markers, keytown, blacksmith, glassmaker,
    goldsmith, trader, lawmaster, store)."""

    kind: TargetKind
    where: Any = None


NOWHERE = Target("none")


@dataclass(frozen=True)
class Step:
    kind: Literal["note", "task", "wait", "end"]
    id: str
    title: str
    text: str
    target: Target = NOWHERE
    action: Any = None  # the move a task asks for (a hint only, in free play)
    do: str = ""  # the move in words
    why: str = ""  # the coach's reason for it
    free: bool = False  # any legal move is accepted
    rule: str | None = None  # the rules section behind it (docs/rules_en.md)

    def render(self, keys: dict[str, str] | None = None) -> str:
        """The text with the app's keys filled in."""
        return fill(self.text, keys)

    @property
    def press(self) -> str:
        """What to press, in words."""
        if self.kind == "note":
            return "Press {enter} to go on."
        if self.kind == "task" and self.free:
            return "Your move: choose any option ({hint}: the coach's suggestion)."
        if self.kind == "task":
            return "Choose it in the list, or pick it on the map where it is marked."
        return ""


@dataclass(frozen=True)
class Verdict:
    """The answer to a move: taken, or refused with the reason and a hint."""

    ok: bool
    reason: str = ""
    hint: str = ""


def fill(text: str, keys: dict[str, str] | None = None) -> str:
    table = {**KEYS, **(keys or {})}
    return re.sub(r"\{(\w+)\}", lambda m: table.get(m.group(1), m.group(0)), text)


def tutorial_config(name: str = DEFAULT_NAME, seed: int = SEED) -> GameConfig:
    others = [b if b != name else f"{b} (bot)" for b in BOT_NAMES]
    return GameConfig(players=[name, *others], seed=seed)


def tutorial_path(base: Path | None = None) -> Path:
    """Where tutorial progress is kept: next to the game's saves."""
    from keythedral import persistence

    return (base or persistence.data_dir()) / "tutorial.json"


# --- what a lesson sees ------------------------------------------------------------------
@dataclass
class Moment:
    """The game as the learner sees it now, for deciding which lesson is due."""

    state: GameState
    view: PlayerView
    legal: list[Any]  # the learner's own legal actions (empty when not to act)
    new_events: tuple[Event, ...]  # public events of the last action
    tutorial: Tutorial
    coach: Any = None  # the move the learner is about to be asked for
    why: str = ""  # and the reason for it

    @property
    def decision(self) -> str:
        return str(self.view.decision)

    @property
    def acts(self) -> bool:
        return bool(self.legal)

    @property
    def name(self) -> str:
        return self.view.players[LEARNER].name

    def kinds(self) -> set[str]:
        return {a.kind for a in self.legal}

    def told(self, event: Event) -> str:
        """An event as the learner reads it: their own in the second person."""
        return narrate(event, [p.name for p in self.view.players], you=LEARNER)

    def first(self, kind: type[Event]) -> Event | None:
        """The first of the last action's events of ``kind``."""
        return next((e for e in self.new_events if isinstance(e, kind)), None)


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    trigger: Callable[[Moment], bool]
    text: Callable[[Moment], str]
    target: Callable[[Moment], Target] = lambda m: NOWHERE
    rule: str | None = None


def _moved_home(m: Moment) -> Target:
    """The corner of the cottage that is being (or was just) fenced off."""
    if m.view.relocation:
        seat, number = m.view.relocation[0]
        home = _home(m.view, seat, number)
        if home is not None:
            return Target("corner", tuple(home.corner))
    if m.view.fences:
        return Target("corner", tuple(m.view.fences[-1].corner))
    return Target("choices")


def _coach_target(m: Moment) -> Target:
    """The place of the move the learner is about to be asked for (else the choices)."""
    return action_target(m.view, m.coach) if m.coach is not None else Target("choices")


# --- where things are ----------------------------------------------------------------------
def action_target(view: PlayerView, a: Any) -> Target:
    """Where an action points: a field, a corner, an edge, a tile, a mat space."""
    kind = a.kind
    if kind in ("place_field",):
        return Target("field", tuple(a.pos))
    if kind in ("place_cottage", "relocate_cottage"):
        return Target("corner", tuple(a.corner))
    if kind == "place_worker":
        return Target("field", tuple(a.field))
    if kind in ("build_fence", "remove_fence"):
        return Target("edge", (tuple(a.corner), tuple(a.field)))
    if kind == "convert_cottage":
        home = _home(view, a.seat, a.number)
        return Target("corner", tuple(home.corner)) if home is not None else NOWHERE
    if kind == "buy_building":
        return Target("tile", a.tile)
    if kind == "buy_craft":
        return Target(
            "mat", {"iron": "blacksmith", "glass": "glassmaker", "gold": "goldsmith"}[a.craft]
        )
    if kind == "trade":
        return Target("mat", "trader")
    if kind == "procure_law":
        return Target("mat", "lawmaster")
    if kind == "choose_work_order":
        return Target("mat", "markers")
    if kind in ("pay", "choose_cube"):
        return Target("hand")
    return Target("choices")


def _home(view: PlayerView, seat: int, number: int) -> Any:
    return next((c for c in view.cottages if c.seat == seat and c.number == number), None)


def _types(view: PlayerView) -> dict[tuple[int, int], str]:
    return {(f.pos[0], f.pos[1]): str(f.type) for f in view.fields}


def _pos(p: Sequence[int]) -> str:
    return f"({p[0]},{p[1]})"


# --- the lessons -------------------------------------------------------------------------
def _learner_decides(d: str) -> Callable[[Moment], bool]:
    return lambda m: m.acts and m.decision == d


def _coach_kind(kind: str) -> Callable[[Moment], bool]:
    """The learner is about to be asked for an action of ``kind`` (or, free, may take one)."""

    def trigger(m: Moment) -> bool:
        if not m.acts or m.decision != "spend":
            return False
        if m.coach is not None and m.coach.kind == kind:
            return True
        return m.tutorial.free and kind in m.kinds()

    return trigger


def _welcome(m: Moment) -> str:
    bots = " and ".join(p.name for p in m.view.players[1:])
    return (
        f"Welcome to Keythedral! You play {m.name} against {bots}, two computer players.\n\n"
        "The people of Keyland are building a great church, the Keythedral. Your workers bring "
        "in stone, wood, food, water and wine from the fields, and you spend those cubes on "
        "building tiles. Every tile is a seat of honour in the Keythedral; when the last tile "
        "is bought, the player whose seats are worth most wins.\n\n"
        "This tutorial plays a whole game with you. Read each note, then do what it asks. "
        "{hint} gives the coach's suggestion at any time, {walkthrough} shows every option "
        "with what it needs, {rules} opens the rules, {help} explains what is under the cursor."
    )


def _board(m: Moment) -> str:
    return (
        "The map shows the board. Fields are octagons, each with a letter: Q quarry (gives "
        "stone), W woods (wood), L lake (water), F farm (food), V vineyard (wine). Between four "
        "fields is a small square corner: cottages live in corners.\n\n"
        "The Keythedral tile (K) stands in the centre corner, with two quarries and two woods "
        "around it. The players now build the rest of the landscape: in turn, each lays the "
        "top field tile of a face-down stack, then one cottage. Everyone lays five fields and "
        "five cottages."
    )


def _lay_field(m: Moment) -> str:
    kind = m.view.next_field or "field"
    return (
        f"Your turn to lay a field. The top tile of the stack is a {kind}: it gives "
        f"{FIELD_YIELD.get(kind, '?')}. It must go next to a field already on the board "
        "(left, right, above or below), or beside a cottage. The places it may go are marked "
        "+ on the map.\n\nLay fields where your own cottages can reach them, not where they "
        "feed your rivals."
    )


def _place_cottage(m: Moment) -> str:
    return (
        "Now place a cottage in a corner. A cottage sends a worker into one of the fields "
        "around its corner each round (up to four fields), and only into those.\n\n"
        "Why varied fields: the building tiles cost cubes of different colours (stone and "
        "wood early on, food, water and later wine and crafts), so a cottage that touches "
        "several kinds of field can bring in whatever you need. A corner on the edge touching "
        "one or two fields often finds them taken by someone else's worker.\n\n"
        "Your five cottages are numbered 1 to 5: you pick the corner first, then which number "
        "goes there (what the numbers do comes after this cottage)."
    )


def _cottage_numbers(m: Moment) -> str:
    return (
        "Cottages are numbered 1 to 5, and the numbers matter: each round the five numbers are "
        "called one at a time, and every cottage with the number called sends its worker out "
        "at once. Two neighbours with the same number compete for the fields they share, and "
        "whoever places first gets the pick. Put your cottages next to rival cottages of other "
        "numbers where you can."
    )


def _stages(m: Moment) -> str:
    tiles = ", ".join(f"{t.id} ({cubes_text(tuple(t.cost))})" for t in m.view.tiles)
    return (
        "The layout is done. Look at the Keythedral mat ({mats} shows the mats, {map} the map "
        "again). The building tiles come in five stages: 4, 4, 4, 3 and 2 tiles in this game. "
        f"The stage 1 tiles are face up now: {tiles}. The others stay face down until their "
        "stage opens.\n\n"
        "Only tiles of the lowest stage still on the mat can be bought. When its last tile is "
        "bought, the next stage turns face up. A seat is worth its stage: 1 point in stage 1 "
        "up to 5 in stage 5. The game ends the moment the last stage 5 tile is bought."
    )


def _round(m: Moment) -> str:
    return (
        "The game is played in rounds of five phases (the top line says which one is on):\n"
        "1. placing workers: the cottage numbers are called and workers go to the fields;\n"
        "2. harvest: every worker brings back one cube of its field's colour;\n"
        "3. spending: one action per turn, round the table, until everyone passes;\n"
        "4. retrieving: workers come home, new law cards are laid out;\n"
        "5. choosing the start player: a bidding for who starts the next round."
    )


def _marker_holder(view: PlayerView, number: int) -> int | None:
    if number not in view.work_order:
        return None
    k = view.work_order.index(number)
    return (view.start_player + k) % len(view.players)


def _work_order(m: Moment) -> str:
    n = len(m.view.players)
    return (
        "Phase 1: placing workers. On the Keythedral mat lie five work-order markers, 1st to "
        "5th. The start player takes the 1st and puts it on a cottage number. Every player "
        "with a cottage of that number sends its worker out: the player who chose the number "
        "first, then the others clockwise. Then the next player takes the 2nd marker and "
        "picks another number, and so on until all five numbers are called "
        f"(with {n} players the markers go round: first you, then the next player, ...).\n\n"
        "You are the start player this round, so you choose first. Call a number whose fields "
        "rivals could take from you: you will place first for it."
    )


def _place_worker(m: Moment) -> str:
    return (
        "Send out your worker: it goes into a free field that your cottage touches (marked + "
        "on the map). Only one worker fits in a field, of any player. Placing is compulsory: "
        "while a worker has a free field it must go out; with none it stays at home and "
        "brings nothing this round."
    )


def _places_first(m: Moment) -> str:
    p = m.view.placement
    number = p.number if p is not None else 0
    holder = _marker_holder(m.view, number)
    who = m.view.players[holder].name if holder is not None else "Someone"
    return (
        f"{who} called number {number}, so {who} placed first for it and had the pick of the "
        "fields; the others follow clockwise. That is why the choice of numbers matters: call "
        "the number of the cottage whose fields are most in danger."
    )


def _house_works(m: Moment) -> str:
    return (
        "Your house sends out two workers, into two different fields it touches. A house "
        "gathers twice as much as a cottage for the rest of the game."
    )


def _harvest(m: Moment) -> str:
    mine = [e.got for e in m.view.log if isinstance(e, Harvested) and e.seat == LEARNER]
    got = cubes_text(mine[-1]) if mine else "nothing"
    store = ", ".join(f"{m.view.store[i]} {c}" for i, c in enumerate(COLOURS[:5]))
    return (
        f"Phase 2, the harvest, happened by itself: every worker brought back one cube of its "
        f"field's colour. You got {got}. Your cubes are in your hand, hidden behind your "
        "screen: the other players cannot see them.\n\n"
        "All cubes come from the store, and the store is limited: 20 wood, 20 stone and 15 "
        f"each of food, water and wine in the whole game (now: {store}). The harvest is paid "
        "out from the start player clockwise; when a colour runs out, later players get none "
        "of it. Cubes spent go back into the store."
    )


def _store_ran_out(m: Moment) -> str:
    ran_out = m.first(StoreRanOut)
    line = m.told(ran_out) if ran_out is not None else "The store has run out of a colour."
    return (
        f"{line} This is the store limit at work: nobody can take a colour the store does not "
        "have, and nothing is given back."
    )


def _spend(m: Moment) -> str:
    return (
        "Phase 3: spending. In turn, from the start player, each player takes exactly one of "
        "seven actions; then the next player; round and round:\n"
        "1. buy a building tile (pay its cubes: this is how you score);\n"
        f"2. convert a cottage into a house ({HOUSE_PRICE}: two workers from now on);\n"
        f"3. build a fence ({FENCE_PRICE}) or remove one ({REMOVE_FENCE_PRICE});\n"
        "4. buy a craft cube (iron, glass, gold) from a craftsman;\n"
        "5. trade any 2 cubes for 1 resource at the trader;\n"
        "6. procure a law card from the law master (1 cube);\n"
        "7. pass.\n"
        "The phase ends when every player has passed, one after the other. In this lesson "
        "you will try each action the first time it is open to you. {walkthrough} lists them "
        "all with what they need."
    )


def _act_buy(m: Moment) -> str:
    return (
        "Buy a building: pay exactly the cubes printed on a face-up tile of the lowest stage, "
        "and keep the tile behind your screen. It is a seat in the Keythedral worth its stage "
        "(1 to 5 points). The cubes go back into the store."
    )


def _act_convert(m: Moment) -> str:
    return (
        "Convert a cottage into a house: pay 1 stone and 1 wood and turn the cottage over. "
        "From the next phase 1 on it sends out two workers. Early in the game a house is "
        "one of the best things to buy: it pays for itself within two rounds."
    )


def _act_fence(m: Moment) -> str:
    return (
        "Build a fence: pay 1 wood and put a fence on the border between a cottage (anyone's) "
        "and one field it touches. That cottage's workers may no longer enter that field. "
        f"Each player has only {FENCES_PER_PLAYER} fences for the whole game. Removing any fence costs {REMOVE_FENCE_PRICE}; "
        "it then leaves the game.\n\n"
        "A cottage fenced off from every field it touches cannot work where it stands: its "
        "owner moves it at once to a free corner (the fences stay behind)."
    )


def _act_craft(m: Moment) -> str:
    return (
        "Buy from a craftsman (Keytown mat): iron from the blacksmith for any 2 cubes, glass "
        "from the glassmaker for any 3, gold from the goldsmith for any 4. You choose the "
        "cubes, one at a time. The tiles of stages 3 to 5 need these crafts, so they are worth "
        "buying ahead; a leftover craft is also worth 2, 3 or 4 at the end."
    )


def _act_trade(m: Moment) -> str:
    return (
        "Trade with the trader: give any 2 cubes and take 1 resource cube (wood, stone, food, "
        "water or wine) of your choice from the store. Expensive, but it turns cubes you do "
        "not need into the one you are missing."
    )


def _act_procure(m: Moment) -> str:
    return (
        "Procure a law: give any 1 cube to the law master and take one of the face-down law "
        "cards on the new-law spaces. Careful: after this you take no more actions in this "
        "phase 3 (you are skipped), so procure when you are done spending."
    )


def _act_pass(m: Moment) -> str:
    return (
        "Pass: do nothing this turn. Passing does not end your phase: if another player acts "
        "after you, your turn comes round again. The phase ends only when every player who "
        "has not procured a law has passed one after the other."
    )


def _pay(m: Moment) -> str:
    return (
        "Paying: where a price lets you choose the colours (craftsmen, trader, law master, "
        "bids), you give the cubes one at a time. Give the ones you need least; the coach's "
        "suggestion ({hint}) says which."
    )


def _relocation(m: Moment) -> str:
    moves = m.first(CottageMustMove)
    line = m.told(moves) if moves is not None else "A cottage must move."
    return (
        f"{line} A cottage or house fenced off from every field it touches moves at once, "
        "even in the middle of someone else's turn: its owner picks a free corner that touches "
        "a field it is not fenced off from. It keeps its number and side; the fences stay "
        "where they were. You can even fence off your own badly placed cottage to move it."
    )


def _law_hand(m: Moment) -> str:
    me = m.view.me
    card = me.laws[-1] if me is not None and me.laws else ""
    info = law_catalogue().get(card)
    about = f"Your card is {info.name}: {info.text}" if info is not None else ""
    return (
        "You hold a law card ({laws} reads it). Law cards are secret until played; each works "
        "once and bends one rule. Playing a card is never one of the seven actions: when its "
        "timing allows, you play it and still take your action.\n\n" + about
    )


def _window(m: Moment) -> str:
    return (
        "A window: at the start of phases 1, 2, 3 and 5, when a player declares a purchase and "
        "right after a law is played, the game pauses so that players holding law cards may "
        "answer. Each may play a fitting card or let the moment go by. Windows open whenever "
        "someone holds a card, so nobody learns who holds what from the pause. When you hold no "
        "card that fits, the tutorial lets the moment go by for you."
    )


def _law_play(m: Moment) -> str:
    cards = sorted({a.card for a in m.legal if a.kind == "play_law"})
    names = ", ".join(law_catalogue()[c].name for c in cards)
    return (
        f"You may play a law card now: {names}. {'{laws}'} shows the card's text. Play it "
        "when it helps you most; the coach plays it only when it clearly pays off."
    )


def _law_by_another(m: Moment) -> LawPlayed | None:
    """A law card another player played with the last action."""
    return next((e for e in m.new_events if isinstance(e, LawPlayed) and e.seat != LEARNER), None)


def _law_other(m: Moment) -> str:
    played = _law_by_another(m)
    line = m.told(played) if played is not None else "A law was played."
    return (
        f"{line} A played card and what it does are public. The only answer is Repeal law, "
        "which cancels it entirely."
    )


def _retrieve(m: Moment) -> str:
    return (
        "Phase 4, retrieving, happened by itself: the workers came home, the work-order "
        "markers came off the mat, and every empty new-law space got a new face-down card."
    )


def _bidding(m: Moment) -> str:
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


def _choose_start(m: Moment) -> str:
    return (
        "You name the next start player, yourself included. A common trick: name the player on "
        "your right. You then place second in phase 1, and you will be player B in the next "
        "bidding, able to match."
    )


def _stage(k: int) -> Callable[[Moment], str]:
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


def _last_tile(m: Moment) -> str:
    return (
        "Only one building tile is left. Whoever buys it ends the game at once: make sure the "
        "scores favour you when you do, or buy it before someone else can."
    )


def _end(m: Moment) -> str:
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


def _free(m: Moment) -> str:
    return (
        "You have now seen every part of a round. From here on you choose your own moves: any "
        "legal move is accepted. {hint} still shows the coach's suggestion with its reason, "
        "{walkthrough} every option with what it needs, and {forward} lets the coach play "
        "for you until the next new thing happens."
    )


def _in_game(m: Moment) -> bool:
    return m.view.phase != "layout"


def _stage_open(k: int) -> Callable[[Moment], bool]:
    return lambda m: _in_game(m) and m.view.phase != "game_over" and m.view.stage >= k


def _places_first_trigger(m: Moment) -> bool:
    if not (m.acts and m.decision == "place_worker") or m.view.placement is None:
        return False
    holder = _marker_holder(m.view, m.view.placement.number)
    return holder is not None and holder != LEARNER


def _house_trigger(m: Moment) -> bool:
    p = m.view.placement
    return m.acts and m.decision == "place_worker" and p is not None and p.left == 2


def _own_lawed(m: Moment) -> bool:
    return m.view.me is not None and bool(m.view.me.laws)


def _window_trigger(m: Moment) -> bool:
    return any(LEARNER in w.seats for w in m.view.windows)


def _law_play_trigger(m: Moment) -> bool:
    return any(a.kind == "play_law" for a in m.legal)


def _learned_all_guided(m: Moment) -> bool:
    taught = m.tutorial.taught
    moved = "relocation" in taught or m.view.round >= GUIDED_ROUNDS
    return moved and all(x in taught for x in GUIDED)


LESSONS: tuple[Lesson, ...] = (
    Lesson("welcome", "Welcome", lambda m: True, _welcome, lambda m: Target("status"), "Overview"),
    Lesson(
        "board",
        "The board",
        lambda m: True,
        _board,
        lambda m: Target("corner", (0, 0)),
        "The board",
    ),
    Lesson(
        "lay_field",
        "Laying a field",
        _learner_decides("place_field"),
        _lay_field,
        _coach_target,
        "Laying fields and cottages",
    ),
    Lesson(
        "place_cottage",
        "Placing a cottage",
        _learner_decides("place_cottage"),
        _place_cottage,
        _coach_target,
        "Laying fields and cottages",
    ),
    Lesson(
        "cottage_numbers",
        "Cottage numbers",
        lambda m: (
            m.acts
            and m.decision == "place_cottage"
            and any(c.seat == LEARNER for c in m.view.cottages)
        ),
        _cottage_numbers,
        lambda m: Target("choices"),
        "Phase 1: placing workers",
    ),
    Lesson(
        "stages",
        "The Keythedral and its stages",
        _in_game,
        _stages,
        lambda m: Target("mat", "keythedral"),
        "Buy a building",
    ),
    Lesson("round", "A round", _in_game, _round, lambda m: Target("status"), "Round structure"),
    Lesson(
        "work_order",
        "Work-order markers",
        _learner_decides("choose_work_order"),
        _work_order,
        lambda m: Target("mat", "markers"),
        "Phase 1: placing workers",
    ),
    Lesson(
        "place_worker",
        "Placing workers",
        _learner_decides("place_worker"),
        _place_worker,
        _coach_target,
        "Phase 1: placing workers",
    ),
    Lesson(
        "places_first",
        "Who places first",
        _places_first_trigger,
        _places_first,
        lambda m: Target("mat", "markers"),
        "Phase 1: placing workers",
    ),
    Lesson(
        "house_works",
        "A house at work",
        _house_trigger,
        _house_works,
        lambda m: Target("choices"),
        "Convert a cottage into a house",
    ),
    Lesson(
        "store_limit",
        "The store ran out",
        lambda m: m.first(StoreRanOut) is not None,
        _store_ran_out,
        lambda m: Target("mat", "store"),
        "Phase 2: harvest",
    ),
    Lesson(
        "harvest",
        "The harvest and the store",
        lambda m: (
            _in_game(m)
            and m.view.phase in ("spend", "retrieve", "bidding", "game_over")
            and m.view.round >= 1
        ),
        _harvest,
        lambda m: Target("hand"),
        "Phase 2: harvest",
    ),
    Lesson(
        "relocation",
        "Relocation",
        lambda m: m.first(CottageMustMove) is not None or m.decision == "relocate",
        _relocation,
        _moved_home,
        "Relocating a fenced-off cottage",
    ),
    Lesson(
        "law_other",
        "A law is played",
        lambda m: _law_by_another(m) is not None,
        _law_other,
        lambda m: Target("log"),
        "Law cards",
    ),
    Lesson(
        "window",
        "Windows",
        _window_trigger,
        _window,
        lambda m: Target("choices"),
        "When laws can be played",
    ),
    Lesson(
        "law_hand",
        "Law cards",
        _own_lawed,
        _law_hand,
        lambda m: Target("hand"),
        "Law cards",
    ),
    Lesson(
        "law_play",
        "Playing a law",
        _law_play_trigger,
        _law_play,
        lambda m: Target("choices"),
        "When laws can be played",
    ),
    Lesson(
        "spend",
        "Phase 3: the seven actions",
        _learner_decides("spend"),
        _spend,
        lambda m: Target("choices"),
        "Phase 3: spending",
    ),
    Lesson(
        "act_buy_building",
        "Action 1: buy a building",
        _coach_kind("buy_building"),
        _act_buy,
        lambda m: Target("mat", "keythedral"),
        "Buy a building",
    ),
    Lesson(
        "act_convert_cottage",
        "Action 2: convert a cottage",
        _coach_kind("convert_cottage"),
        _act_convert,
        lambda m: action_target(m.view, m.coach) if m.coach is not None else NOWHERE,
        "Convert a cottage into a house",
    ),
    Lesson(
        "act_build_fence",
        "Action 3: fences",
        _coach_kind("build_fence"),
        _act_fence,
        lambda m: action_target(m.view, m.coach) if m.coach is not None else NOWHERE,
        "Build or remove a fence",
    ),
    Lesson(
        "act_buy_craft",
        "Action 4: the craftsmen",
        _coach_kind("buy_craft"),
        _act_craft,
        lambda m: Target("mat", "keytown"),
        "Buy from a craftsman",
    ),
    Lesson(
        "act_trade",
        "Action 5: the trader",
        _coach_kind("trade"),
        _act_trade,
        lambda m: Target("mat", "trader"),
        "Trade with the trader",
    ),
    Lesson(
        "act_procure_law",
        "Action 6: the law master",
        _coach_kind("procure_law"),
        _act_procure,
        lambda m: Target("mat", "lawmaster"),
        "Procure a law",
    ),
    Lesson(
        "act_pass",
        "Action 7: pass",
        _coach_kind("pass"),
        _act_pass,
        lambda m: Target("choices"),
        "Pass",
    ),
    Lesson(
        "pay",
        "Paying",
        _learner_decides("pay"),
        _pay,
        lambda m: Target("hand"),
        "Phase 3: spending",
    ),
    Lesson(
        "retrieve",
        "Phase 4: retrieving",
        lambda m: m.view.phase == "bidding",
        _retrieve,
        lambda m: Target("status"),
        "Phase 4: retrieving",
    ),
    Lesson(
        "bidding",
        "Phase 5: the bidding",
        lambda m: m.view.phase == "bidding" and m.view.bidding is not None and m.acts,
        _bidding,
        lambda m: Target("choices"),
        "Phase 5: choosing the start player",
    ),
    Lesson(
        "choose_start",
        "Naming the start player",
        _learner_decides("choose_start_player"),
        _choose_start,
        lambda m: Target("choices"),
        "Phase 5: choosing the start player",
    ),
    *(
        Lesson(
            f"stage_{k}",
            f"Stage {k}",
            _stage_open(k),
            _stage(k),
            lambda m: Target("mat", "keythedral"),
            "Buy a building",
        )
        for k in range(2, 6)
    ),
    Lesson(
        "last_tile",
        "The last tile",
        lambda m: (
            _in_game(m)
            and m.view.phase != "game_over"
            and sum(m.view.face_down) + len(m.view.tiles) == 1
        ),
        _last_tile,
        lambda m: Target("mat", "keythedral"),
        "End of the game and scoring",
    ),
    Lesson(
        "end",
        "The end",
        lambda m: m.view.phase == "game_over",
        _end,
        lambda m: Target("status"),
        "End of the game and scoring",
    ),
    Lesson(
        "free",
        "Your own moves",
        lambda m: _learned_all_guided(m) and m.acts,
        _free,
        lambda m: Target("choices"),
        None,
    ),
)
LESSON_IDS = tuple(x.id for x in LESSONS)
_BY_ID = {x.id: x for x in LESSONS}


# --- the coach ---------------------------------------------------------------------------
def _fence_score(view: PlayerView, a: Any) -> tuple[float, ...]:
    """How good a fence is for the lesson: one that closes a rival's home in (so it must move)
    first, then one on a rival home with only two fields (a second fence will close it in),
    then one keeping a rival out of a field the learner's homes touch."""
    corner, fld = tuple(a.corner), tuple(a.field)
    home = next((c for c in view.cottages if tuple(c.corner) == corner), None)
    if home is None:
        return (-1.0,)
    open_left = _open_fields(view, corner)
    rival = home.seat != LEARNER
    mine = {f for c in view.cottages if c.seat == LEARNER for f in corner_fields(c.corner)}
    return (
        float(rival and len(open_left) == 1),
        float(rival and len(open_left) == 2),
        float(rival and fld in mine),
        float(rival),
        -len(open_left),
    )


def _open_fields(view: PlayerView, corner: tuple[int, int]) -> list[tuple[int, int]]:
    """The fields a home at ``corner`` touches that no fence closes to it."""
    types = _types(view)
    fenced = {tuple(f.field) for f in view.fences if tuple(f.corner) == corner}
    return [f for f in corner_fields(corner) if f in types and f not in fenced]


def _closing_fence(view: PlayerView, acts: list[Any]) -> Any:
    """A fence that closes a rival's home in, if one is open."""
    best = max(acts, key=lambda a: _fence_score(view, a), default=None)
    return best if best is not None and _fence_score(view, best)[0] else None


class Coach:
    """The moves the tutorial asks for: greedy's, but each action tried once when it opens.

    :meth:`move` returns the action and the reason to give for it.
    """

    def __init__(self, seed: int = 0) -> None:
        self.bot = GreedyBot(seed)

    def move(
        self, view: PlayerView, legal: Sequence[Any], tried: set[str], relocated: bool = True
    ) -> tuple[Any, str]:
        mine = [a for a in legal if a.seat == view.seat]
        d = view.decision
        if d == "spend":
            for kind in TRY_ORDER:
                if kind in tried:
                    continue
                acts = [a for a in mine if a.kind == kind]
                if not acts:
                    continue
                if kind == "procure_law" and _keep_for_bid(view, tried):
                    continue
                return self._try(view, kind, acts)
            fences = [a for a in mine if a.kind == "build_fence"]
            if fences and "build_fence" in tried and not relocated:
                closing = _closing_fence(view, fences)
                if closing is not None:
                    home = _home_at(view, closing.corner)
                    return closing, (
                        f"it is the last field {_whose(view, home)} may use: fenced off from "
                        "every field, it must move away"
                    )
            if "pass" not in tried:
                return next(a for a in mine if a.kind == "pass"), (
                    "nothing else is worth doing now: see what passing does"
                )
        if d == "bid" and "bid" not in tried:
            bids = [a for a in mine if a.kind == "bid"]
            if bids:
                return min(bids, key=lambda a: a.amount), (
                    "try a small bid: the winner names the start player, who calls the first "
                    "number and spends first"
                )
        action = self.bot.choose(view, mine)
        return action, explain(view, action, mine)

    def _try(self, view: PlayerView, kind: str, acts: list[Any]) -> tuple[Any, str]:
        """The move that tries ``kind`` for the first time, and why this one."""
        me = view.me
        assert me is not None
        if kind == "build_fence":
            a = max(acts, key=lambda a: _fence_score(view, a))
            home = _home_at(view, a.corner)
            n = len(_open_fields(view, tuple(a.corner)))
            if home is not None and home.seat != LEARNER and n <= 2:
                return a, (
                    f"{_whose(view, home)} touches only {n} fields; fence it off from all of "
                    "them and it must move away, leaving the fields to you"
                )
            return a, "it keeps a rival's workers out of a field your homes touch"
        if kind == "buy_craft":
            a = min(acts, key=lambda a: CRAFT_PRICE[a.craft])
            return a, f"the tiles of stage 3 need iron; {a.craft} is the cheapest craft"
        if kind == "trade":
            target = _cheapest_tile(view)
            if target is not None:
                for a in acts:
                    i = INDEX[a.take]
                    if tile_cost(target)[i] > me.cubes[i]:
                        return a, f"{target} needs {a.take}, and you have none to spare"
            need = Ctx.from_view(view).need()
            a = max(acts, key=lambda a: need[INDEX[a.take]] - me.cubes[INDEX[a.take]])
            return a, f"{a.take} is the resource your coming purchases are shortest of"
        if kind == "procure_law":
            return acts[0], "you have a cube to spare: see what a law card can do"
        a = self.bot.choose(view, acts) if len(acts) > 1 else acts[0]
        return a, explain(view, a, acts)


def _home_at(view: PlayerView, corner: Sequence[int]) -> Any:
    return next((c for c in view.cottages if tuple(c.corner) == tuple(corner)), None)


def _whose(view: PlayerView, home: Any) -> str:
    if home is None:
        return "that cottage"
    kind = "house" if home.house else "cottage"
    if home.seat == LEARNER:
        return f"your {kind} {home.number}"
    return f"{view.players[home.seat].name}'s {kind} {home.number}"


def _cheapest_tile(view: PlayerView) -> str | None:
    me = view.me
    if me is None:
        return None
    best = None
    best_key: tuple[int, str] = (99, "")
    for t in view.tiles:
        if not t.buyable:
            continue
        short = sum(max(0, c - h) for c, h in zip(t.cost, me.cubes, strict=True))
        if (short, t.id) < best_key:
            best, best_key = t.id, (short, t.id)
    return best


def _keep_for_bid(view: PlayerView, tried: set[str]) -> bool:
    """Before the first bidding, keep a cube back so the bidding lesson can bid it."""
    me = view.me
    return "bid" not in tried and me is not None and sum(me.cubes) <= 1


# --- the tutorial ------------------------------------------------------------------------
class TutorialError(RecordError):
    """Saved tutorial progress that cannot be used; the message says why."""


class Tutorial:
    """A guided game: the state, the lessons read, and the moves to come."""

    def __init__(self, name: str = DEFAULT_NAME, seed: int = SEED) -> None:
        self.config = tutorial_config(name, seed)
        self.states: list[GameState] = [engine.new_game(self.config)]
        self.actions: list[Any] = []
        self.taught: list[str] = []
        self.coach = Coach(seed)
        self._bots = {s: GreedyBot(seed + s) for s in range(1, self.config.n)}
        self._moment: tuple[int, int, Moment] | None = None

    # --- the game -------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.states[-1]

    @property
    def over(self) -> bool:
        return not self.state.to_act

    @property
    def name(self) -> str:
        return self.config.players[LEARNER]

    @property
    def free(self) -> bool:
        return "free" in self.taught

    def view(self) -> PlayerView:
        return engine.view(self.state, LEARNER)

    def legal(self) -> list[Any]:
        """The learner's own legal actions now (empty when it is not the learner's move)."""
        if LEARNER not in self.state.to_act:
            return []
        return [a for a in engine.legal_actions(self.state) if a.seat == LEARNER]

    def tried(self) -> set[str]:
        """Action kinds the learner has taken so far."""
        return {a.kind for a in self.actions if a.seat == LEARNER}

    def _push(self, action: Any, state: GameState) -> None:
        self.actions.append(action)
        self.states.append(state)
        self._moment = None

    # --- the moment -----------------------------------------------------------------------
    def moment(self) -> Moment:
        key = (len(self.states), len(self.taught))
        if self._moment is not None and self._moment[:2] == key:
            return self._moment[2]
        state = self.state
        view = engine.view(state, LEARNER)
        legal = self.legal()
        if len(self.states) > 1:
            k = state.log_total - self.states[-2].log_total
            new_events = state.log[-k:] if k > 0 else ()
        else:
            new_events = ()
        m = Moment(state, view, legal, new_events, self)
        if legal and not self._auto_decline(legal):
            m.coach, m.why = self.coach.move(view, legal, self.tried(), "relocation" in self.taught)
        self._moment = (*key, m)
        return m

    def due(self) -> Lesson | None:
        """The first lesson not read yet whose moment has come."""
        m = self.moment()
        for lesson in LESSONS:
            if lesson.id not in self.taught and lesson.trigger(m):
                return lesson
        return None

    # --- steps ----------------------------------------------------------------------------
    def step(self) -> Step:
        """What the learner sees now."""
        m = self.moment()
        lesson = self.due()
        if lesson is not None:
            return Step(
                "note",
                lesson.id,
                lesson.title,
                lesson.text(m),
                lesson.target(m),
                rule=lesson.rule,
            )
        if self.over:
            return Step("end", "done", "The end", "The tutorial is complete.", rule=None)
        if m.coach is None:
            return Step("wait", "wait", "Wait", "The other players are moving.")
        return self._task(m)

    def _task(self, m: Moment) -> Step:
        from keythedral.tui.text import describe

        a = m.coach
        do = describe(a, m.view)
        do = do[0].upper() + do[1:]
        why = m.why
        if self.free:
            text = f"Your move. The coach would: {do}, because {why}."
            return Step(
                "task",
                f"free:{len(self.actions)}",
                "Your move",
                text,
                action_target(m.view, a),
                action=a,
                do=do,
                why=why,
                free=True,
                rule=_rule_of(a),
            )
        return Step(
            "task",
            f"task:{len(self.actions)}",
            title(str(m.view.decision)),
            f"Do this: {do}.\nWhy: {why}.",
            action_target(m.view, a),
            action=a,
            do=do,
            why=why,
            rule=_rule_of(a),
        )

    def acknowledge(self) -> bool:
        """The learner has read the note on screen (Enter).  False when no note was up."""
        lesson = self.due()
        if lesson is None:
            return False
        self.taught.append(lesson.id)
        self._moment = None
        return True

    # --- moves ----------------------------------------------------------------------------
    def attempt(self, action: Any) -> Verdict:
        """The learner tries ``action``: taken if the step allows it, else refused with why."""
        step = self.step()
        if step.kind == "note":
            return Verdict(False, "Read the note first.", "Press {enter} to go on.")
        if step.kind != "task":
            return Verdict(False, "It is not your move now.", "Wait for the other players.")
        hint = _hint_for(step)
        try:
            state = engine.apply(self.state, action)
        except engine.IllegalAction as exc:
            return Verdict(False, plain(str(exc), self.name), hint)
        if not step.free and action != step.action:
            return Verdict(False, _not_now(step), hint)
        self._push(action, state)
        return Verdict(True)

    def _auto_decline(self, legal: list[Any]) -> Any:
        """A window in which the learner can only let the moment go by."""
        if all(a.kind == "decline" for a in legal):
            return legal[0]
        return None

    def auto_move(self) -> Any | None:
        """Make the next move that is not the learner's to make (a bot's, or letting a window
        go by); None when the learner must act, a note is due, or the game is over."""
        if self.over or self.due() is not None:
            return None
        state = self.state
        legal = engine.legal_actions(state)
        mine = [a for a in legal if a.seat == LEARNER]
        if mine:
            auto = self._auto_decline(mine)
            if auto is None:
                return None
            action = auto
        else:
            seat = state.to_act[0]
            action = self._bots[seat].choose(engine.view(state, seat), legal)
        self._push(action, engine.apply(state, action))
        return action

    def run(self, limit: int = 10_000) -> list[Any]:
        """Make every automatic move up to the learner's next step."""
        done = []
        for _ in range(limit):
            a = self.auto_move()
            if a is None:
                break
            done.append(a)
        return done

    def coach_move(self) -> bool:
        """Take the coach's move for the learner (fast-forward, and tests)."""
        step = self.step()
        if step.kind != "task":
            return False
        return self.attempt(step.action).ok

    def forward(self, limit: int = 10_000) -> int:
        """Let the coach play for the learner until a note is due or the game ends."""
        moves = 0
        for _ in range(limit):
            moves += len(self.run())
            step = self.step()
            if step.kind != "task":
                break
            if not self.coach_move():  # pragma: no cover - the coach only plays legal moves
                break
            moves += 1
        return moves

    # --- saving ---------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "name": self.name,
                "seed": self.config.seed,
                "taught": self.taught,
                "actions": [a.model_dump(mode="json") for a in self.actions],
            }
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Tutorial:
        try:
            data = parse_json(text)
        except Refused as exc:
            raise TutorialError(f"The saved tutorial cannot be read: {exc}.") from exc
        except (ValueError, UnicodeDecodeError) as exc:
            raise TutorialError("The saved tutorial is not readable JSON.") from exc
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise TutorialError("That file is not saved tutorial progress.")
        if data.get("version") != VERSION:
            raise TutorialError(f"The saved tutorial is version {brief(data.get('version'))}.")
        try:
            t = cls(str(data["name"]), int(data["seed"]))
            for raw in data["actions"]:
                action = engine.parse_action(raw)
                t._push(action, engine.apply(t.state, action))
        except (KeyError, TypeError, ValueError, engine.KeythedralError) as exc:
            raise TutorialError(f"The saved tutorial cannot be replayed: {exc}") from exc
        taught = data.get("taught", [])
        t.taught = (
            [x for x in taught if isinstance(x, str) and x in _BY_ID]
            if isinstance(taught, list)
            else []
        )
        return t

    def save(self, path: Path | None = None) -> Path:
        from keythedral import persistence

        path = path or tutorial_path()
        persistence.write_atomic(path, self.to_json())
        return path

    @classmethod
    def load(cls, path: Path | None = None) -> Tutorial:
        """The saved progress (only a regular file, of at most GAME_FILE_LIMIT bytes, is read:
        safefile.read_limited); TutorialError saying why it cannot be used."""
        path = path or tutorial_path()
        try:
            text = read_limited(path)
        except Refused as exc:
            raise TutorialError(f"The saved tutorial at {path} cannot be read: {exc}.") from exc
        except OSError as exc:
            raise TutorialError(f"There is no saved tutorial at {path}.") from exc
        return cls.from_json(text)

    @classmethod
    def resume_or_start(cls, name: str = DEFAULT_NAME, path: Path | None = None) -> Tutorial:
        """The saved tutorial if there is a usable one, else a new one."""
        try:
            return cls.load(path)
        except TutorialError:
            return cls(name)


def _rule_of(a: Any) -> str | None:
    from keythedral.walkthrough import KIND_RULES

    return KIND_RULES.get(a.kind)


def _hint_for(step: Step) -> str:
    where = {
        "field": "it is marked on the map",
        "corner": "its corner is marked on the map",
        "edge": "pick the cottage's corner on the map, then the field",
    }.get(step.target.kind, "it is in the list of choices")
    return f"The tutorial asks you to {_lower(step.do)} ({where})."


def _not_now(step: Step) -> str:
    return f"The rules allow that, but this lesson asks you to {_lower(step.do)}: {step.why}."


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


_SECOND_PERSON = (
    ("has", "have"),
    ("is", "are"),
    ("needs", "need"),
    ("holds", "hold"),
    ("does", "do"),
    ("must", "must"),
    ("cannot", "cannot"),
    ("speaks", "speak"),
)


def plain(message: str, name: str) -> str:
    """An engine message in plain words for the learner: 'you' for their name, neat places."""
    text = re.sub(r"\((-?\d+), (-?\d+)\)", r"(\1,\2)", message)
    n = re.escape(name)
    text = re.sub(rf"\bnot {n}'s turn\b", "not your turn", text)
    for third, second in _SECOND_PERSON:
        text = re.sub(rf"(^|[.!?] ){n} {third}\b", rf"\1You {second}", text)
        text = re.sub(rf"\b{n} {third}\b", f"you {second}", text)
    text = re.sub(rf"(^|[.!?] ){n}'s\b", r"\1Your", text)
    text = re.sub(rf"\b{n}'s\b", "your", text)
    text = re.sub(rf"\bof {n}\b", "of yours", text)
    return text


__all__ = [
    "KEYS",
    "LESSONS",
    "SEED",
    "SEVEN",
    "TOPICS",
    "Coach",
    "Lesson",
    "Step",
    "Target",
    "Tutorial",
    "TutorialError",
    "Verdict",
    "action_target",
    "plain",
    "tutorial_config",
    "tutorial_path",
]
