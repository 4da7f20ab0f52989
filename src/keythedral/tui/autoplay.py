"""Which decisions play themselves, for every kind of game (no Textual here).

The table (keythedral.tui.table) says who decides next; these two rules say whether that
decision needs them at all.  The hot-seat mode (keythedral.tui.mode) and a joined seat's
(keythedral.tui.remote) ask the same rules; what each does with the answer (says it, plays it
here, sends it to the host) is theirs.  The other decisions that need nobody are the table's:
a pass that stands (``PassesBy``) and a window nobody can answer (``LetGoBy``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from keythedral.engine import Action
    from keythedral.tui.session import GameSession


def lone_choice(session: GameSession, seat: int, *, on: bool) -> Action | None:
    """The one choice of ``seat`` (law cards aside), when it holds no law card: it plays
    itself (how many cards each holds is public, so this tells nobody anything).  ``on``: the
    players' auto-play setting (off: forced moves wait for a key)."""
    if not on:
        return None
    choices = [a for a in session.legal_for(seat) if a.kind != "play_law"]
    if len(choices) != 1 or session.holds_laws(seat):
        return None
    return choices[0]


def own_step(session: GameSession, seat: int, hand_up: int | None, *, on: bool) -> Action | None:
    """The one legal action of ``seat`` right after its own action (the only way to pay for
    what it just chose), its hand up: nobody else is at the keyboard and nobody moved in
    between, so it plays itself and shows nobody anything.  Not in a window (asked as its
    policy says), not for a computer player, not with auto-play off (``on``)."""
    if not on or session.is_bot(seat) or hand_up != seat:
        return None
    if not session.follows_own(seat) or session.window_seats():
        return None
    legal = session.legal_for(seat)
    return legal[0] if len(legal) == 1 else None
