"""Who holds the keyboard at the hot-seat table, and what the app shows next (no Textual here).

After every change the app asks :meth:`Table.route` what comes next and carries out the answer,
a :data:`Decision`:

- :class:`ShowHand`: the same person carries on (or nothing private is at stake): their hand.
- :class:`ShowPublic`: a public decision (phase 1: the numbers and the workers): its player
  holds the keyboard on the shared screen, with the public board and their choices but not
  their hand; the hand is one key away (:meth:`Table.open_hand`), behind the privacy screen.
  With ``strict`` privacy every decision is a private one, as before.
- :class:`HandOver`: another person decides: first the opaque "pass the keyboard" screen, on
  which the last person may take back their own last action instead (``undo_by``).  Asked for
  there (:data:`UNDO`), the take-back is a hand-over of its own (``takes_back``): the keyboard
  goes back to that person behind a privacy screen, since whoever pressed the key may be the
  next player; their hand comes only once they answer it (:data:`KEEP`: the hand-over goes on).
- :class:`SharedWindow`: several seats may answer at once ("Anyone to answer?"): nobody's hand
  is shown until one of them claims the window (:meth:`Table.claim`).
- :class:`BotMoves`: a computer player decides; the last person's hand stays up meanwhile (the
  ``watcher``).  In a window the bots answer first, the people after them.
- :class:`PassesBy`: a person said at an earlier pass of this phase 3 that they pass on (done
  for the phase, or until a tile comes up for sale, a price changes or the map changes): the
  pass plays itself, said to the table, and the hand that was up stays up (as while a bot
  moves).
- :class:`LetGoBy`: the one person against bots has no law card that could answer a window,
  or no person left in it holds a law card at all (the counts are public): nobody is asked,
  the moment goes by.  Of the people in a window, only those holding a card are offered it.
- :class:`TakeBack`: the last person, handed the keyboard back, took back their action.
- :class:`Elsewhere`: at a keyboard of one seat of a game hosted elsewhere (``keythedral
  join``: the session's ``here`` is that seat alone), a seat decides at its own screen or on
  the host, or this seat's answer is on its way: its hand stays up, and the table waits.
  There the seat's own decisions are always :class:`ShowHand` (it is nobody else's screen),
  its passes that stand :class:`PassesBy`; nothing else comes.
- :class:`GameOver`: the scores.

The table only keeps who holds the keyboard; the session is the game itself (any
``GameSession``).  Whether the decision it names then plays itself is keythedral.tui.autoplay's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keythedral.records import faults

if TYPE_CHECKING:
    from keythedral.engine import GameState
    from keythedral.tui.session import GameSession

#: What the hand-over screen answers when the last person takes back their action instead.
UNDO = -1
#: What the take-back's privacy screen answers when nothing is taken back after all.
KEEP = -2


@dataclass(frozen=True)
class ShowHand:
    """Draw the board with ``seat``'s hand up (None while a hand-over is on its way)."""

    seat: int | None


@dataclass(frozen=True)
class ShowPublic:
    """``seat`` decides on the shared screen: the public board, their choices, no hand."""

    seat: int


@dataclass(frozen=True)
class HandOver:
    """The privacy screen for ``seat``; ``undo_by`` may take back their last action on it.
    ``window``: the seats of a shared window that is open first (see :meth:`Table.route`).
    ``takes_back``: the keyboard goes back to ``seat`` to take back their last action (asked
    for on the next person's screen), which is taken back once they answer it."""

    seat: int
    undo_by: int | None
    window: tuple[int, ...] = ()
    takes_back: bool = False


@dataclass(frozen=True)
class Claim:
    """The privacy screen's answer when ``seat`` answers the window asked on it."""

    seat: int


@dataclass(frozen=True)
class SharedWindow:
    """``seats`` may answer a window: the shared screen asks who does, with nobody's hand."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class BotMoves:
    """The computer player of ``seat`` makes the next move."""

    seat: int


@dataclass(frozen=True)
class LetGoBy:
    """``seat``'s window goes by at once: the one person with nothing to answer it with, or a
    seat holding no law card at all (nobody to hide that from)."""

    seat: int


@dataclass(frozen=True)
class PassesBy:
    """``seat``'s phase 3 turn passes by itself, as it said at its pass (``Table.stand``)."""

    seat: int


@dataclass(frozen=True)
class Standing:
    """A pass that stands for later turns: where it is in the game's actions, its round, and
    the tiles and map it waits on (None: the whole phase)."""

    at: int
    round: int
    board: tuple[Any, ...] | None


def board_key(state: GameState) -> tuple[Any, ...]:
    """What a standing pass waits on: the tiles for sale (the lowest stage's still in play),
    each with the price laws under it, and the map (fields, where the homes stand, fences).
    Another player's cottage turned into a house opens nothing new on one's own turn, so it
    does not count.  All of it public, so a pass made on it tells nobody anything."""
    stage = state.stage
    for_sale = state.mat[stage - 1] if stage <= len(state.mat) else ()
    prices = state.price_mods
    offer = frozenset((t, tuple(sorted(d for u, d in prices if u == t))) for t in for_sale)
    homes = tuple((c.seat, c.number, c.corner) for c in state.cottages)
    return (offer, state.fields, homes, state.fences)


def opens_nothing(then: tuple[Any, ...], now: tuple[Any, ...]) -> bool:
    """From ``then`` to ``now`` (two ``board_key``), nothing came up that the passer could not
    have had at the pass: no tile came up for sale, nor at a new price (a tile bought by
    another only takes a choice away), and the map is as it was."""
    return bool(now[0] <= then[0]) and now[1:] == then[1:]


@dataclass(frozen=True)
class TakeBack:
    """``seat`` takes back their last action (handed the keyboard back); then route again."""

    seat: int


@dataclass(frozen=True)
class Elsewhere:
    """``seats`` decide away from this keyboard (a joined game's other screens or the host), or
    none does here yet (this seat's answer is on its way): its hand stays up meanwhile."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class GameOver:
    """The game is over: nobody holds the keyboard, the scores come up."""


Decision = (
    ShowHand
    | ShowPublic
    | HandOver
    | SharedWindow
    | BotMoves
    | PassesBy
    | LetGoBy
    | TakeBack
    | Elsewhere
    | GameOver
)


class Table:
    """Who holds the keyboard: ``keyboard`` (the seat deciding), ``private`` (whether its
    hand is on screen, behind the privacy screen, or it decides on the shared screen),
    ``watcher`` (the last person whose hand was up, which stays up while bots move) and
    ``claimed`` (the seat that claimed a window on the shared screen).  ``strict``: every
    decision is private (a hand-over at every change of player, as tables that want it)."""

    def __init__(self, *, strict: bool = False) -> None:
        self.keyboard: int | None = None
        self.watcher: int | None = None
        self.claimed: int | None = None
        self.private = False
        self.strict = strict
        #: The seats whose pass stands for their later phase 3 turns (see :meth:`stand`).
        self.standing: dict[int, Standing] = {}
        #: The person handed the keyboard back to take back their last action (the privacy
        #: screen of a ``HandOver(takes_back=True)`` is up for them).
        self.taking_back: int | None = None

    @property
    def hand_up(self) -> int | None:
        """The person whose hand is on screen: the one at the keyboard if their hand is open,
        or, while a bot moves, the last one whose hand was."""
        if self.keyboard is not None and self.private:
            return self.keyboard
        return self.watcher

    def clear(self) -> None:
        """Nobody at the keyboard (a new game, or the game is over)."""
        self.keyboard = self.watcher = self.claimed = None
        self.private = False
        self.standing = {}
        self.taking_back = None

    def give(self, seat: int) -> None:
        """``seat`` holds the keyboard, its hand on screen."""
        self.keyboard = self.watcher = seat
        self.private = True

    def _public(self, seat: int) -> ShowPublic:
        """``seat`` holds the keyboard on the shared screen: nobody's hand is up."""
        self.keyboard = seat
        self.watcher = None
        self.private = False
        return ShowPublic(seat)

    def open_hand(self, session: GameSession) -> Decision | None:
        """The player deciding on the shared screen asks for their hand (to play a law card):
        the privacy screen first.  None when no one decides on the shared screen."""
        seat = self.keyboard
        if seat is None or self.private or session.over:
            return None
        self.keyboard = None
        return HandOver(seat, undo_by=None)

    # --- passes that stand ------------------------------------------------------------------
    def stand(self, session: GameSession, seat: int, *, until_change: bool) -> None:
        """``seat`` is about to pass, and says its later turns of this phase 3 pass too: all of
        them (done for the phase), or until something comes up (``opens_nothing``)."""
        local = session.local  # what the pass waits on is the whole board's (a local game's)
        board = board_key(local.state) if until_change and local is not None else None
        self.standing[seat] = Standing(session.at, session.round, board)

    def forget_after(self, n: int) -> None:
        """The game's actions from ``n`` on were taken back: so were the passes among them."""
        self.standing = {s: p for s, p in self.standing.items() if p.at < n}

    def passes_by(self, session: GameSession, seat: int) -> bool:
        """``seat``'s turn now passes by itself: its pass of this phase 3 stands, and nothing it
        waits on has come up (once it has, the pass no longer stands: the seat is asked)."""
        standing = self.standing.get(seat)
        if standing is None or session.to_act != (seat,) or session.may_pass(seat) is None:
            return False
        if standing.round != session.round:  # (one taken back is gone: ``forget_after``)
            del self.standing[seat]
            return False
        local = session.local
        now = board_key(local.state) if local is not None else None
        if (
            standing.board is not None
            and now is not None
            and not opens_nothing(standing.board, now)
        ):
            del self.standing[seat]
            return False
        return True

    # --- after every change -----------------------------------------------------------------
    def route(self, session: GameSession) -> Decision:
        """Who holds the keyboard for the next decision (see the module docstring)."""
        if len(session.here) < session.config.n:
            return self._joined(session, session.here[0])
        if session.over:
            self.clear()
            return GameOver()
        bot = next_bot(session)  # in a window, the bots answer first; then the people are asked
        if bot is not None:
            if self.keyboard is not None:
                # That person's hand stays up while the bot moves; one who decided on the
                # shared screen had no hand up, and gets none (the table is watching).
                self.watcher = self.keyboard if self.private else None
            self.keyboard = None
            self.claimed = None
            return BotMoves(bot)
        window = session.window_seats()
        if window:
            asked = session.asked_in_window()
            if not asked:  # nobody left in it holds a law card
                return LetGoBy(window[0])
            return self._window(session, asked)
        self.claimed = None
        seat = session.to_act[0]
        if self.passes_by(session, seat):
            if self.keyboard is not None:  # that person's hand stays up, as while a bot moves
                self.watcher = self.keyboard if self.private else None
            self.keyboard = None
            return PassesBy(seat)
        if not session.needs_privacy():  # the layout: nobody holds anything yet
            self.give(seat)
            return ShowHand(seat)
        if seat == self.hand_up or session.humans == (seat,):
            self.give(seat)  # the same person carries on, or the only person: their hand up
            return ShowHand(seat)
        if not self.strict and session.public_decision():
            if seat == self.keyboard:
                return ShowPublic(seat)  # the same person carries on, on the shared screen
            return self._public(seat)
        previous = self.hand_up
        self.keyboard = None
        self.watcher = None
        undo_by = previous if previous is not None and session.undoable_by() == previous else None
        return HandOver(seat, undo_by)

    def _joined(self, session: GameSession, seat: int) -> Decision:
        """The keyboard of one seat of a game hosted elsewhere: its hand is always up (nobody
        else sees this screen), and it holds the keyboard whenever it has something to choose."""
        self.watcher, self.private, self.claimed = seat, True, None
        self.keyboard = None
        if session.over:
            return GameOver()
        if not session.legal_for(seat):  # another's turn, or this seat's answer on its way
            return Elsewhere(tuple(s for s in session.to_act if s != seat))
        self.keyboard = seat
        return PassesBy(seat) if self.passes_by(session, seat) else ShowHand(seat)

    def _window(self, session: GameSession, window: tuple[int, ...]) -> Decision:
        """A window in which only people are left to answer."""
        if self.claimed is not None and self.claimed in window:
            return ShowHand(self.hand_up)  # the seat that claimed it answers
        self.claimed = None
        only = window[0] if len(window) == 1 else None
        alone = only is not None and session.humans == (only,)
        if only is not None and alone and no_law_to_play(session, only):
            # The one person against bots, with no law card that could answer: the question
            # hides nothing from anybody, so it is let go by at once.
            return LetGoBy(only)
        if only is not None and only == self.hand_up:
            # Only the person whose hand is up is asked: they answer at once.
            self.claimed = self.keyboard = self.watcher = only
            return ShowHand(only)
        if only is not None and alone:
            # The only person in the game: nobody to keep the question from.
            return self._claim(only)
        self.keyboard = None  # the shared screen: nobody's hand
        self.watcher = None
        self.private = False
        after = self.after_window(session)
        if after is not None:
            # A person's private turn follows if nobody answers: the window is asked on
            # that person's privacy screen (Enter: nobody answers, and they take the
            # keyboard), one screen and one key instead of two.
            return HandOver(after, undo_by=None, window=window)
        return SharedWindow(window)

    def after_window(self, session: GameSession) -> int | None:
        """The person whose privacy screen comes up once the open window goes by, if one
        does (a table with nobody's hand up, as at the shared window), the passes that stand
        in between played by themselves (they show nothing of anyone's hand)."""
        from keythedral import engine  # engine: after the first frame

        local = session.local  # (a window is asked on the shared screen of a local game only)
        if local is None:
            return None
        table = Table(strict=self.strict)
        table.standing = dict(self.standing)
        what_if = local.window_gone_by()
        for _ in range(len(table.standing) + 1):  # each seat that stands passes once
            decision = table.route(what_if)
            if isinstance(decision, HandOver) and not decision.window:
                return decision.seat
            action = what_if.may_pass(decision.seat) if isinstance(decision, PassesBy) else None
            if action is None:
                return None
            try:
                what_if = what_if.what_if(action)
            except (engine.IllegalAction, faults.EngineFault):
                return None
        return None

    # --- the people's answers -----------------------------------------------------------------
    def claim(self, session: GameSession, seat: int) -> Decision | None:
        """A seat answers a window (its number on the shared screen): None if it may not."""
        if seat not in session.window_seats() or session.is_bot(seat):
            return None
        return self._claim(seat)

    def _claim(self, seat: int) -> Decision:
        self.claimed = seat
        if seat == self.hand_up:  # that person's hand is up already: no hand-over
            self.give(seat)
            return ShowHand(seat)
        self.keyboard = None
        self.watcher = None
        return HandOver(seat, undo_by=None)

    def handed_over(self, session: GameSession, result: int | Claim) -> Decision:
        """The hand-over screen closed: ``result`` is the seat that took the keyboard,
        :data:`UNDO` (the last person takes back their action instead), or a :class:`Claim`
        of the window asked on it.  UNDO hands the keyboard back to that person first (the
        key may have been pressed by the next one): their answer there takes the action
        back, or :data:`KEEP` goes on with the hand-over it interrupted."""
        taking_back, self.taking_back = self.taking_back, None
        if taking_back is not None:
            if result == taking_back and session.undoable_by() == taking_back:
                self.give(taking_back)
                return TakeBack(taking_back)
            # Nothing taken back: the hand-over goes on as it was, offering the take-back
            # again (the person's hand counted as up, as it was until that hand-over).
            self.keyboard, self.watcher = None, taking_back
            return self.route(session)
        if isinstance(result, Claim):
            return self.claim(session, result.seat) or self.route(session)
        if result == UNDO:
            actor = session.undoable_by()
            if actor is None:
                return self.route(session)
            self.keyboard = self.watcher = None  # nobody's hand until they answer
            self.taking_back = actor
            return HandOver(actor, undo_by=None, takes_back=True)
        self.give(result)
        return ShowHand(result)


def next_bot(session: GameSession) -> int | None:
    """The bot seat that moves now, if the next decision is a bot's."""
    if session.over:
        return None
    window = session.window_seats()
    if window:
        return next((s for s in window if session.is_bot(s)), None)
    seat = session.to_act[0]
    return seat if session.is_bot(seat) else None


def no_law_to_play(session: GameSession, seat: int) -> bool:
    """``seat`` may only let the moment go by (it holds no law card that answers it)."""
    return all(a.kind == "decline" for a in session.legal_for(seat))
