"""The driver: the Tutorial class (the game so far, the lessons read, the learner's moves and
the bots', the verdict on a move) and the progress file."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from keythedral import engine
from keythedral.bots.greedy import GreedyBot
from keythedral.engine import GameConfig, GameState, PlayerView
from keythedral.lang import N_, _, lower_first, upper_first
from keythedral.records import faults, persistence
from keythedral.records.record import RecordError
from keythedral.records.replay import GameSoFar
from keythedral.safefile import Refused, brief, parse_json, read_limited
from keythedral.tutorial.coach import Coach
from keythedral.tutorial.lessons import BY_ID, LESSONS, Lesson
from keythedral.tutorial.steps import (
    BOT_NAMES,
    DEFAULT_NAME,
    FORMAT,
    LEARNER,
    SEED,
    VERSION,
    Moment,
    Step,
    Verdict,
    action_target,
)
from keythedral.words.terms import decision_title
from keythedral.words.text import describe
from keythedral.words.walkthrough import KIND_RULES


def tutorial_config(name: str = DEFAULT_NAME, seed: int = SEED) -> GameConfig:
    others = [b if b != name else f"{b} (bot)" for b in BOT_NAMES]
    return GameConfig(players=[name, *others], seed=seed)


def tutorial_path(base: Path | None = None) -> Path:
    """Where tutorial progress is kept: next to the game's saves."""
    return (base or persistence.data_dir()) / "tutorial.json"


# --- the tutorial ------------------------------------------------------------------------
class TutorialError(RecordError):
    """Saved tutorial progress that cannot be used; the message says why."""


class Tutorial(GameSoFar):
    """A guided game: the state, the lessons read, and the moves to come."""

    def __init__(self, name: str = DEFAULT_NAME, seed: int = SEED) -> None:
        self.config = tutorial_config(name, seed)
        self.states: list[GameState] = [engine.new_game(self.config)]
        self.actions: list[Any] = []
        #: What was said of engine faults met on the computer players' moves (for the screen).
        self.faults: list[str] = []
        self.taught: list[str] = []
        self.coach = Coach(seed)
        self._bots = {s: GreedyBot(seed + s) for s in range(1, self.config.n)}
        self._moment: tuple[int, int, Moment] | None = None

    # --- the game -------------------------------------------------------------------------
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

    def push(self, action: Any, state: GameState) -> None:
        super().push(action, state)
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
            m.coach, m.why = self.coach.move(view, legal, self.tried())
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
                lesson.heading(),
                lesson.says(m),
                lesson.target(m),
                rule=lesson.rule,
            )
        if self.over:
            return Step("end", "done", _("The end"), _("The tutorial is complete."), rule=None)
        if m.coach is None:
            # I18N: a title: the learner waits for the other players.
            return Step("wait", "wait", _("Wait"), _("The other players are moving."))
        return self._task(m)

    def _task(self, m: Moment) -> Step:
        a = m.coach
        do = describe(a, m.view)
        do = upper_first(do)
        why = m.why
        if self.free:
            # I18N: {move} is a move in words ("Buy Q1"), {why} the coach's reason for it.
            text = _("Your move. The coach would: {move}, because {why}.").format(move=do, why=why)
            return Step(
                "task",
                f"free:{len(self.actions)}",
                _("Your move"),
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
            decision_title(str(m.view.decision)),
            # I18N: {move} is a move in words ("Buy Q1"), {why} the coach's reason for it.
            _("Do this: {move}.\nWhy: {why}.").format(move=do, why=why),
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
            return Verdict(
                False, _("Read the note first: Enter goes on."), _("Press {enter} to go on.")
            )
        if step.kind != "task":
            return Verdict(False, _("It is not your move now."), _("Wait for the other players."))
        hint = _hint_for(step)
        try:
            state = faults.apply(self.state, action)
        except engine.IllegalAction as exc:
            return Verdict(False, plain(str(exc), self.name), hint)
        except faults.EngineFault as fault:  # a bug: the lesson stays where it was
            return Verdict(False, self._fault_words(fault), _("Choose another move."))
        if not step.free and action != step.action:
            return Verdict(False, _not_now(step), hint)
        self.push(action, state)
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
        try:
            after = faults.apply(state, action)
        except faults.EngineFault as fault:  # a bug: the game goes on with another move
            self.faults.append(self._fault_words(fault))
            instead = faults.fallback(state, [a for a in legal if a.seat == action.seat], {action})
            if instead is None:
                return None
            action, after = instead
        self.push(action, after)
        return action

    def _fault_words(self, fault: faults.EngineFault) -> str:
        """Write the record of ``fault`` for a bug report; what to tell the learner."""
        _path, kept = faults.keep(
            faults.report_record(fault, self.config, self.actions, where="tutorial")
        )
        # I18N: {report} says where the bug report was written.
        return _(
            "Something went wrong in the game's rules engine with that move; the lesson is "
            "as it was before it. {report}"
        ).format(report=kept)

    def run(self, limit: int = 10_000) -> list[Any]:
        """Make every automatic move up to the learner's next step."""
        done = []
        for _turn in range(limit):
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
        for _turn in range(limit):
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
            # I18N: {problem} says why the file cannot be read.
            raise TutorialError(
                _("The saved tutorial cannot be read: {problem}.").format(problem=exc.say(_))
            ) from exc
        except (ValueError, UnicodeDecodeError) as exc:
            raise TutorialError(_("The saved tutorial is not readable JSON.")) from exc
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise TutorialError(_("That file is not saved tutorial progress."))
        if data.get("version") != VERSION:
            # I18N: {version} is the version the file names (a number, or what it holds).
            raise TutorialError(
                _("The saved tutorial is version {version}.").format(
                    version=brief(data.get("version"))
                )
            )
        try:
            t = cls(str(data["name"]), int(data["seed"]))
            for raw in data["actions"]:
                action = engine.parse_action(raw)
                t.push(action, engine.apply(t.state, action))
        except (KeyError, TypeError, ValueError, engine.KeythedralError) as exc:
            # I18N: {problem} is the engine's reason, in English.
            raise TutorialError(
                _("The saved tutorial cannot be replayed: {problem}").format(problem=exc)
            ) from exc
        taught = data.get("taught", [])
        t.taught = (
            [x for x in taught if isinstance(x, str) and x in BY_ID]
            if isinstance(taught, list)
            else []
        )
        return t

    def save(self, path: Path | None = None) -> Path:
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
            # I18N: {path} is a file's path, {problem} why it cannot be read.
            raise TutorialError(
                _("The saved tutorial at {path} cannot be read: {problem}.").format(
                    path=path, problem=exc.say(_)
                )
            ) from exc
        except OSError as exc:
            raise TutorialError(
                _("There is no saved tutorial at {path}.").format(path=path)
            ) from exc
        return cls.from_json(text)

    @classmethod
    def resume_or_start(cls, name: str = DEFAULT_NAME, path: Path | None = None) -> Tutorial:
        """The saved tutorial if there is a usable one, else a new one."""
        try:
            return cls.load(path)
        except TutorialError:
            return cls(name)


def progress_game(path: Path) -> tuple[GameConfig, list[Any]]:
    """The settings and actions of the tutorial's progress file at ``path`` (TutorialError):
    how ``records.loader.load`` reads this kind of record, which the records cannot import."""
    t = Tutorial.load(path)
    return t.config, list(t.actions)


def _rule_of(a: Any) -> str | None:
    return KIND_RULES.get(a.kind)


#: The hint with a refused move, by what the move the tutorial asks for points at.
#: {move} is that move in words ("buy Q1", "cottage 1 at (-1,0)").
_HINTS = {
    "field": N_("The tutorial asks for: {move} (it is marked on the map)."),
    "corner": N_("The tutorial asks for: {move} (its corner is marked on the map)."),
    "edge": N_(
        "The tutorial asks for: {move} (pick the cottage's corner on the map, then the field)."
    ),
}
_HINT_ELSEWHERE = N_("The tutorial asks for: {move} (it is in the list of choices).")


def _hint_for(step: Step) -> str:
    hint = _HINTS.get(step.target.kind, _HINT_ELSEWHERE)
    return _(hint).format(move=lower_first(step.do))


def _not_now(step: Step) -> str:
    """(The lesson's reason is on screen with the move it asks for: not said again here, where
    it made the answer too long for a small lesson box.  "asks for:", as a move's words may
    name a thing, "cottage 1 at (-1,0)", not say a deed.)"""
    # I18N: {move} is the move the lesson asks for, in words ("buy Q1").
    return _("The rules allow that, but this lesson asks for: {move}.").format(
        move=lower_first(step.do)
    )


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
    return upper_first(text)  # "you must …" at its start (after the pseudo's brackets too)
