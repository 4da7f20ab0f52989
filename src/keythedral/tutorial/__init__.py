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
  (the coach's move: the greedy bot's choice; where greedy would pass, an action not tried yet
  that is useful with the cubes left over), ``do`` says it in words and ``why`` gives the
  reason, so that every step is a good move.  While the
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
the front end's mapping (the app's: ``tui.keys.LESSON_KEYS``).

No Textual here: the front end reads :meth:`Tutorial.step` and calls :meth:`Tutorial.attempt`.

The package: :mod:`.steps` (the fixed game, steps, targets, the moment a lesson sees),
:mod:`.texts` and :mod:`.lessons` (the lessons: their texts, triggers and targets),
:mod:`.coach` (the move the tutorial asks for) and :mod:`.driver` (the Tutorial class and its
progress file).
"""

from __future__ import annotations

from keythedral.tutorial.coach import Coach
from keythedral.tutorial.driver import (
    Tutorial,
    TutorialError,
    plain,
    progress_game,
    tutorial_config,
    tutorial_path,
)
from keythedral.tutorial.lessons import GUIDED, LESSON_IDS, LESSONS, TOPICS, Lesson
from keythedral.tutorial.steps import (
    BOT_NAMES,
    DEFAULT_NAME,
    FORMAT,
    LEARNER,
    NOWHERE,
    SEED,
    SEVEN,
    VERSION,
    Moment,
    Step,
    Target,
    Verdict,
    action_target,
    fill,
)

__all__ = [
    "BOT_NAMES",
    "DEFAULT_NAME",
    "FORMAT",
    "GUIDED",
    "LEARNER",
    "LESSONS",
    "LESSON_IDS",
    "NOWHERE",
    "SEED",
    "SEVEN",
    "TOPICS",
    "VERSION",
    "Coach",
    "Lesson",
    "Moment",
    "Step",
    "Target",
    "Tutorial",
    "TutorialError",
    "Verdict",
    "action_target",
    "fill",
    "plain",
    "progress_game",
    "tutorial_config",
    "tutorial_path",
]
