"""The lessons: what each teaches, when its moment comes (its trigger), its text and what it
points at.  :data:`LESSONS` is in the order they are looked at; the first not read whose
trigger holds is the note on screen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from keythedral.engine.events import CottageMustMove, FenceBuilt, StoreRanOut
from keythedral.lang import N_, _
from keythedral.tutorial import texts
from keythedral.tutorial.steps import (
    LEARNER,
    NOWHERE,
    SEVEN,
    Moment,
    Target,
    action_target,
    home_of,
)

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
    "relocation",
    "bidding",
    "retrieve",
)


@dataclass(frozen=True)
class Lesson:
    id: str
    #: The note's title: a message marked with N_ (looked up by :meth:`heading`), with the
    #: lesson's ``number`` as ``{n}`` if it has one.
    title: str
    trigger: Callable[[Moment], bool]
    #: What the note says: the same words every time (its paragraphs, marked with N_), or
    #: worked out from the moment.
    text: texts.Paragraphs | Callable[[Moment], str]
    target: Callable[[Moment], Target] = lambda m: NOWHERE
    #: The rules section behind it (a heading of docs/rules_en.md: a name, not a message).
    rule: str | None = None
    number: int | None = None

    def heading(self) -> str:
        """The title, in the language in use."""
        return _(self.title).format(n=self.number)

    def says(self, m: Moment) -> str:
        """What the note says now, in the language in use."""
        return texts.paragraphs(self.text) if isinstance(self.text, tuple) else self.text(m)


def _moved_home(m: Moment) -> Target:
    """The corner of the cottage that is being (or was just) fenced off."""
    if m.view.relocation:
        seat, number = m.view.relocation[0]
        home = home_of(m.view, seat, number)
        if home is not None:
            return Target("corner", tuple(home.corner))
    if m.view.fences:
        return Target("corner", tuple(m.view.fences[-1].corner))
    return Target("choices")


def _coach_target(m: Moment) -> Target:
    """The place of the move the learner is about to be asked for (else the choices)."""
    return action_target(m.view, m.coach) if m.coach is not None else Target("choices")


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


def _in_game(m: Moment) -> bool:
    return m.view.phase != "layout"


def _stage_open(k: int) -> Callable[[Moment], bool]:
    return lambda m: _in_game(m) and m.view.phase != "game_over" and m.view.stage >= k


def _places_first_trigger(m: Moment) -> bool:
    if not (m.acts and m.decision == "place_worker") or m.view.placement is None:
        return False
    holder = texts.marker_holder(m.view, m.view.placement.number)
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


def _relocation_trigger(m: Moment) -> bool:
    """A home must move, or the learner has just built a fence (what a fence can lead to)."""
    if m.first(CottageMustMove) is not None or m.decision == "relocate":
        return True
    fenced = m.first(FenceBuilt)
    return isinstance(fenced, FenceBuilt) and fenced.seat == LEARNER


def _learned_all_guided(m: Moment) -> bool:
    taught = m.tutorial.taught
    return all(x in taught for x in GUIDED) and set(SEVEN) <= m.tutorial.tried()


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "welcome",
        N_("Welcome"),
        lambda m: True,
        texts.welcome,
        lambda m: Target("status"),
        "Overview",
    ),
    Lesson(
        "board",
        N_("The board"),
        lambda m: True,
        texts.BOARD,
        lambda m: Target("corner", (0, 0)),
        "The board",
    ),
    Lesson(
        "lay_field",
        N_("Laying a field"),
        _learner_decides("place_field"),
        texts.lay_field,
        _coach_target,
        "Laying fields and cottages",
    ),
    Lesson(
        "place_cottage",
        N_("Placing a cottage"),
        _learner_decides("place_cottage"),
        texts.PLACE_COTTAGE,
        _coach_target,
        "Laying fields and cottages",
    ),
    Lesson(
        "cottage_numbers",
        N_("Cottage numbers"),
        lambda m: (
            m.acts
            and m.decision == "place_cottage"
            and any(c.seat == LEARNER for c in m.view.cottages)
        ),
        texts.COTTAGE_NUMBERS,
        lambda m: Target("choices"),
        "Phase 1: placing workers",
    ),
    Lesson(
        "stages",
        N_("The Keythedral and its stages"),
        _in_game,
        texts.stages,
        lambda m: Target("mat", "keythedral"),
        "Buy a building",
    ),
    Lesson(
        "round",
        N_("A round"),
        _in_game,
        texts.ROUNDS,
        lambda m: Target("status"),
        "Round structure",
    ),
    Lesson(
        "work_order",
        N_("Work-order markers"),
        _learner_decides("choose_work_order"),
        texts.work_order,
        lambda m: Target("mat", "markers"),
        "Phase 1: placing workers",
    ),
    Lesson(
        "place_worker",
        N_("Placing workers"),
        _learner_decides("place_worker"),
        texts.PLACE_WORKER,
        _coach_target,
        "Phase 1: placing workers",
    ),
    Lesson(
        "places_first",
        N_("Who places first"),
        _places_first_trigger,
        texts.places_first,
        lambda m: Target("mat", "markers"),
        "Phase 1: placing workers",
    ),
    Lesson(
        "house_works",
        N_("A house at work"),
        _house_trigger,
        texts.HOUSE_WORKS,
        lambda m: Target("choices"),
        "Convert a cottage into a house",
    ),
    Lesson(
        "store_limit",
        N_("The store ran out"),
        lambda m: m.first(StoreRanOut) is not None,
        texts.store_ran_out,
        lambda m: Target("mat", "store"),
        "Phase 2: harvest",
    ),
    Lesson(
        "harvest",
        N_("The harvest and the store"),
        lambda m: (
            _in_game(m)
            and m.view.phase in ("spend", "retrieve", "bidding", "game_over")
            and m.view.round >= 1
        ),
        texts.harvest,
        lambda m: Target("hand"),
        "Phase 2: harvest",
    ),
    Lesson(
        "relocation",
        N_("Relocation"),
        _relocation_trigger,
        texts.relocation,
        _moved_home,
        "Relocating a fenced-off cottage",
    ),
    Lesson(
        "law_other",
        N_("A law is played"),
        lambda m: texts.law_by_another(m) is not None,
        texts.law_other,
        lambda m: Target("log"),
        "Law cards",
    ),
    Lesson(
        "window",
        N_("Windows"),
        _window_trigger,
        texts.WINDOW,
        lambda m: Target("choices"),
        "When laws can be played",
    ),
    Lesson(
        "law_hand",
        N_("Law cards"),
        _own_lawed,
        texts.law_hand,
        lambda m: Target("hand"),
        "Law cards",
    ),
    Lesson(
        "law_play",
        N_("Playing a law"),
        _law_play_trigger,
        texts.law_play,
        lambda m: Target("choices"),
        "When laws can be played",
    ),
    Lesson(
        "spend",
        N_("Phase 3: the seven actions"),
        _learner_decides("spend"),
        texts.spend,
        lambda m: Target("choices"),
        "Phase 3: spending",
    ),
    Lesson(
        "act_buy_building",
        N_("Action 1: buy a building"),
        _coach_kind("buy_building"),
        texts.ACT_BUY,
        lambda m: Target("mat", "keythedral"),
        "Buy a building",
    ),
    Lesson(
        "act_convert_cottage",
        N_("Action 2: convert a cottage"),
        _coach_kind("convert_cottage"),
        texts.ACT_CONVERT,
        lambda m: action_target(m.view, m.coach) if m.coach is not None else NOWHERE,
        "Convert a cottage into a house",
    ),
    Lesson(
        "act_build_fence",
        N_("Action 3: fences"),
        _coach_kind("build_fence"),
        texts.act_fence,
        lambda m: action_target(m.view, m.coach) if m.coach is not None else NOWHERE,
        "Build or remove a fence",
    ),
    Lesson(
        "act_buy_craft",
        N_("Action 4: the craftsmen"),
        _coach_kind("buy_craft"),
        texts.ACT_CRAFT,
        lambda m: Target("mat", "keytown"),
        "Buy from a craftsman",
    ),
    Lesson(
        "act_trade",
        N_("Action 5: the trader"),
        _coach_kind("trade"),
        texts.ACT_TRADE,
        lambda m: Target("mat", "trader"),
        "Trade with the trader",
    ),
    Lesson(
        "act_procure_law",
        N_("Action 6: the law master"),
        _coach_kind("procure_law"),
        texts.ACT_PROCURE,
        lambda m: Target("mat", "lawmaster"),
        "Procure a law",
    ),
    Lesson(
        "act_pass",
        N_("Action 7: pass"),
        _coach_kind("pass"),
        texts.ACT_PASS,
        lambda m: Target("choices"),
        "Pass",
    ),
    Lesson(
        "pay",
        N_("Paying"),
        _learner_decides("pay"),
        texts.PAY,
        lambda m: Target("hand"),
        "Phase 3: spending",
    ),
    Lesson(
        "retrieve",
        N_("Phase 4: retrieving"),
        lambda m: m.view.phase == "bidding",
        texts.RETRIEVE,
        lambda m: Target("status"),
        "Phase 4: retrieving",
    ),
    Lesson(
        "bidding",
        N_("Phase 5: the bidding"),
        lambda m: m.view.phase == "bidding" and m.view.bidding is not None and m.acts,
        texts.bidding,
        lambda m: Target("choices"),
        "Phase 5: choosing the start player",
    ),
    Lesson(
        "choose_start",
        N_("Naming the start player"),
        _learner_decides("choose_start_player"),
        texts.CHOOSE_START,
        lambda m: Target("choices"),
        "Phase 5: choosing the start player",
    ),
    *(
        Lesson(
            f"stage_{k}",
            # I18N: a lesson's title: {n} is a stage of the Keythedral (2 to 5).
            N_("Stage {n}"),
            _stage_open(k),
            texts.stage(k),
            lambda m: Target("mat", "keythedral"),
            "Buy a building",
            number=k,
        )
        for k in range(2, 6)
    ),
    Lesson(
        "last_tile",
        N_("The last tile"),
        lambda m: (
            _in_game(m)
            and m.view.phase != "game_over"
            and sum(m.view.face_down) + len(m.view.tiles) == 1
        ),
        texts.LAST_TILE,
        lambda m: Target("mat", "keythedral"),
        "End of the game and scoring",
    ),
    Lesson(
        "end",
        N_("The end"),
        lambda m: m.view.phase == "game_over",
        texts.end,
        lambda m: Target("status"),
        "End of the game and scoring",
    ),
    Lesson(
        "free",
        N_("Your own moves"),
        lambda m: _learned_all_guided(m) and m.acts and m.decision != "pay",
        texts.FREE,
        lambda m: Target("choices"),
        None,
    ),
)
LESSON_IDS = tuple(x.id for x in LESSONS)
BY_ID = {x.id: x for x in LESSONS}
