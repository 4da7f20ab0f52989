"""The tutorial's vocabulary: the fixed game, the steps the learner sees (a note to read, a move
to make), what a step points at, and the moment a lesson looks at."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from keythedral.engine import GameState, PlayerView
from keythedral.engine.board import corner_fields
from keythedral.engine.events import Event
from keythedral.lang import _
from keythedral.words.narration import narrate

LEARNER = 0
#: The fixed game: the seed, and the two computer players (the learner names seat 0).  The seed
#: is one whose game, the coach's moves followed, teaches every lesson (tests/tutorial/test_tutorial.py);
#: a change to the greedy bot, which is the coach and both players, may need another one.
SEED = 410
BOT_NAMES = ("Hilda", "Otto")
DEFAULT_NAME = "Robin"
FORMAT = "keythedral-tutorial"
VERSION = 1

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
    """What the learner sees now; its words are in the language in use when it was made."""

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

    def render(self, keys: Mapping[str, str]) -> str:
        """The text with the front end's keys filled in (``{hint}``: ``keys["hint"]``)."""
        return fill(self.text, keys)

    @property
    def press(self) -> str:
        """What to press, in words (in the language in use; keys in braces, for :meth:`render`'s
        ``fill``)."""
        if self.kind == "note":
            # I18N: {enter} is a key of the app (Enter): keep the braces.
            return _("Press {enter} to go on.")
        if self.kind == "task" and self.free:
            # I18N: {hint} is a key of the app (i): keep the braces.
            return _("Your move: choose any option ({hint}: the coach's suggestion).")
        if self.kind == "task":
            return _("Choose it in the list, or pick it on the map where it is marked.")
        return ""


@dataclass(frozen=True)
class Verdict:
    """The answer to a move: taken, or refused with the reason and a hint."""

    ok: bool
    reason: str = ""
    hint: str = ""


def fill(text: str, keys: Mapping[str, str]) -> str:
    """``text`` with the keys it names in braces (``{hint}``) written as the front end binds
    them (the app's: ``tui.keys.LESSON_KEYS``); a name it does not bind stays in its braces."""
    return re.sub(r"\{(\w+)\}", lambda m: keys.get(m.group(1), m.group(0)), text)


# --- what a lesson sees ------------------------------------------------------------------
class Progress(Protocol):
    """What a lesson asks of the tutorial (driver.Tutorial, which imports this module): whether
    it has turned free, the lessons taught, and the kinds of action the learner has tried."""

    @property
    def free(self) -> bool: ...
    @property
    def taught(self) -> list[str]: ...
    def tried(self) -> set[str]: ...


@dataclass
class Moment:
    """The game as the learner sees it now, for deciding which lesson is due."""

    state: GameState
    view: PlayerView
    legal: list[Any]  # the learner's own legal actions (empty when not to act)
    new_events: tuple[Event, ...]  # public events of the last action
    tutorial: Progress
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
        home = home_of(view, a.seat, a.number)
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


def home_of(view: PlayerView, seat: int, number: int) -> Any:
    return next((c for c in view.cottages if c.seat == seat and c.number == number), None)


def field_types(view: PlayerView) -> dict[tuple[int, int], str]:
    return {(f.pos[0], f.pos[1]): str(f.type) for f in view.fields}


def open_fields(view: PlayerView, corner: tuple[int, int]) -> list[tuple[int, int]]:
    """The fields a home at ``corner`` touches that no fence closes to it."""
    types = field_types(view)
    fenced = {tuple(f.field) for f in view.fences if tuple(f.corner) == corner}
    return [f for f in corner_fields(corner) if f in types and f not in fenced]
