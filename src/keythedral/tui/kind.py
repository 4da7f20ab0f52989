"""What a kind of game does, declared once (no Textual here).

A hot-seat game and the tutorial are played on the same screens by the same mode
(keythedral.tui.mode.GameMode); what tells them apart is one plain value, :class:`GameKind`,
given to the mode when it is made and read by whoever needs it: the mode (what plays itself,
the coach's line worked out ahead), the presenter (the lines a list offers) and the files
(the autosave).  A joined seat plays a hot-seat game's kind: what it cannot do (undo, the
autosave) is the session's capability (``GameSession.local``) or its app's setting.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameKind:
    """What this kind of game does (a hot-seat game does all of it)."""

    #: The game is kept in the autosave, and as a replay once it is over.
    autosaves: bool = True
    #: A payment opens on the coach's cubes, all in one key (the tutorial asks for each cube),
    #: and the coach's line is worked out while the privacy screen is up.
    suggests_payments: bool = True
    #: A private decision with one choice that follows the same person's own action (paying
    #: the only way a purchase can be paid) plays itself (the tutorial asks for each step).
    plays_own_forced: bool = True
    #: Phase 3 offers "pass now and at every later turn this phase" (the tutorial does not).
    offers_done: bool = True


#: A game of people and computer players at one keyboard (and a seat of a hosted game).
HOT_SEAT = GameKind()
#: The tutorial: every step is the learner's to take, its progress kept in its own file.
LESSON = GameKind(
    autosaves=False, suggests_payments=False, plays_own_forced=False, offers_done=False
)
