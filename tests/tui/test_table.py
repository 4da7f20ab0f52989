"""Who holds the keyboard at the hot-seat table (keythedral.tui.table), without Textual: every
decision of ``route``, ``claim`` and ``handed_over``, on a game whose answers are set by hand."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from keythedral import engine
from keythedral.tui.session import Session
from keythedral.tui.table import (
    KEEP,
    UNDO,
    BotMoves,
    Claim,
    Elsewhere,
    GameOver,
    HandOver,
    LetGoBy,
    PassesBy,
    SharedWindow,
    ShowHand,
    ShowPublic,
    Table,
    TakeBack,
    next_bot,
)


@dataclass
class Game:
    """What the table reads of a Session, set by hand: who is to act, the window's seats, the
    bots, the seats holding a law that could answer, whether the phase is private, and who
    may take back the last action."""

    to_act: tuple[int, ...] = (0,)
    window: tuple[int, ...] = ()
    bots: frozenset[int] = frozenset()
    laws: frozenset[int] = frozenset()
    private: bool = True
    public: bool = False  # a phase 1 decision, made on the shared screen
    undoer: int | None = None
    n: int = 3
    after: Game | None = None  # the game once the window goes by (None: over)
    cardless: frozenset[int] = frozenset()  # seats holding no law card at all (public)

    @property
    def config(self) -> Any:
        return SimpleNamespace(n=self.n)

    @property
    def here(self) -> tuple[int, ...]:
        return tuple(range(self.n))  # one keyboard for every seat

    @property
    def local(self) -> Game:
        return self  # a game held here: the table may ask it what-ifs

    def window_gone_by(self) -> Game:
        return self.after if self.after is not None else Game(to_act=(), n=self.n)

    @property
    def over(self) -> bool:
        return not self.to_act

    @property
    def state(self) -> Any:
        return SimpleNamespace(to_act=self.to_act)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n) if s not in self.bots)

    def window_seats(self) -> tuple[int, ...]:
        return self.window

    def asked_in_window(self) -> tuple[int, ...]:
        return tuple(s for s in self.window if s not in self.cardless)

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def legal_for(self, seat: int) -> list[Any]:
        kinds = ["decline", "play_law"] if seat in self.laws else ["decline"]
        return [SimpleNamespace(kind=k, seat=seat) for k in kinds]

    def needs_privacy(self) -> bool:
        return self.private

    def public_decision(self) -> bool:
        return self.public

    def undoable_by(self) -> int | None:
        return self.undoer


def table(
    keyboard: int | None = None, watcher: int | None = None, claimed: int | None = None
) -> Table:
    t = Table()
    t.keyboard, t.watcher, t.claimed = keyboard, watcher, claimed
    t.private = keyboard is not None  # a hand at the keyboard is open
    return t


def seats(t: Table) -> tuple[int | None, int | None, int | None]:
    return t.keyboard, t.watcher, t.claimed


# --- route: one seat decides -----------------------------------------------------------------
def test_the_same_person_carries_on_without_a_hand_over() -> None:
    t = table(keyboard=1, watcher=1)
    assert t.route(Game(to_act=(1,))) == ShowHand(1)
    assert seats(t) == (1, 1, None)


def test_the_person_whose_hand_stayed_up_while_a_bot_moved_takes_the_keyboard_back() -> None:
    t = table(watcher=0)
    assert t.route(Game(to_act=(0,))) == ShowHand(0)
    assert seats(t) == (0, 0, None)


def test_nothing_private_yet_the_next_person_takes_the_keyboard_at_once() -> None:
    t = table(keyboard=0, watcher=0)
    assert t.route(Game(to_act=(1,), private=False)) == ShowHand(1)
    assert seats(t) == (1, 1, None)


def test_another_person_gets_the_hand_over_and_the_last_may_take_back_their_action() -> None:
    t = table(keyboard=0, watcher=0)
    assert t.route(Game(to_act=(1,), undoer=0)) == HandOver(1, undo_by=0)
    assert seats(t) == (None, None, None)


def test_no_take_back_offered_when_the_last_action_is_not_the_last_persons_own() -> None:
    for undoer in (None, 2):
        t = table(keyboard=0, watcher=0)
        assert t.route(Game(to_act=(1,), undoer=undoer)) == HandOver(1, undo_by=None)
    t = table()  # nobody had the keyboard (a game just resumed)
    assert t.route(Game(to_act=(1,), undoer=1)) == HandOver(1, undo_by=None)


def test_a_claim_is_forgotten_once_the_window_has_closed() -> None:
    t = table(keyboard=2, watcher=2, claimed=2)
    assert t.route(Game(to_act=(2,))) == ShowHand(2)
    assert seats(t) == (2, 2, None)


# --- route: computer players and the end --------------------------------------------------------
def test_a_bots_move_keeps_the_last_persons_hand_up() -> None:
    t = table(keyboard=0, watcher=0, claimed=0)
    assert t.route(Game(to_act=(1,), bots=frozenset({1}))) == BotMoves(1)
    assert seats(t) == (None, 0, None)
    assert t.route(Game(to_act=(2,), bots=frozenset({1, 2}))) == BotMoves(2)
    assert seats(t) == (None, 0, None)  # the next bot: the same hand stays up


def test_in_a_window_the_bots_answer_first() -> None:
    game = Game(to_act=(0, 1, 2), window=(0, 1, 2), bots=frozenset({2}))
    t = table(keyboard=0, watcher=0)
    assert t.route(game) == BotMoves(2)
    assert seats(t) == (None, 0, None)


def test_game_over_nobody_holds_the_keyboard() -> None:
    t = table(keyboard=1, watcher=1, claimed=1)
    assert t.route(Game(to_act=())) == GameOver()
    assert seats(t) == (None, None, None)


# --- route: windows ---------------------------------------------------------------------------
def test_several_people_asked_the_shared_screen_with_nobodys_hand() -> None:
    t = table(keyboard=0, watcher=0)
    assert t.route(Game(to_act=(0, 1), window=(0, 1))) == SharedWindow((0, 1))
    assert seats(t) == (None, None, None)


def test_one_person_asked_not_at_the_keyboard_the_shared_screen_too() -> None:
    t = table(keyboard=0, watcher=0)
    assert t.route(Game(to_act=(1,), window=(1,), laws=frozenset({1}))) == SharedWindow((1,))
    assert seats(t) == (None, None, None)


def test_a_window_before_a_persons_private_turn_is_asked_on_their_privacy_screen() -> None:
    t = table(keyboard=0, watcher=0)
    game = Game(to_act=(0, 1), window=(0, 1), after=Game(to_act=(2,)))
    assert t.route(game) == HandOver(2, undo_by=None, window=(0, 1))
    assert seats(t) == (None, None, None)  # nobody's hand up, as at the shared window


def test_a_window_before_anything_else_keeps_the_shared_screen() -> None:
    window = {"to_act": (0, 1), "window": (0, 1)}
    for after in (
        Game(to_act=(2,), public=True),  # a phase 1 decision, on the shared screen
        Game(to_act=(2,), bots=frozenset({2})),  # a computer player's turn
        Game(to_act=(1, 2), window=(1, 2)),  # another window
        Game(to_act=(2,), private=False),  # the layout: no privacy screen
        Game(to_act=()),  # the end
    ):
        t = table(keyboard=0, watcher=0)
        assert t.route(Game(**window, bots=after.bots, after=after)) == SharedWindow((0, 1))
    # With strict privacy, phase 1's decisions come with a privacy screen too.
    t = Table(strict=True)
    game = Game(**window, after=Game(to_act=(2,), public=True))
    assert t.route(game) == HandOver(2, undo_by=None, window=(0, 1))


def test_a_claim_on_the_privacy_screen_hands_over_to_the_claimer() -> None:
    t = table()
    game = Game(to_act=(0, 1), window=(0, 1), laws=frozenset({1}))
    assert t.handed_over(game, Claim(1)) == HandOver(1, undo_by=None)
    assert t.claimed == 1
    assert t.handed_over(game, 1) == ShowHand(1)
    t = table()  # a seat that is not asked: the table routes again
    assert t.handed_over(game, Claim(2)) == SharedWindow((0, 1))


def test_only_the_person_at_the_keyboard_asked_answers_at_once() -> None:
    for keyboard, watcher in ((1, 1), (None, 1), (1, None)):
        t = table(keyboard=keyboard, watcher=watcher)
        assert t.route(Game(to_act=(1,), window=(1,), laws=frozenset({1}))) == ShowHand(1)
        assert seats(t) == (1, 1, 1)


def test_the_seat_that_claimed_the_window_answers_it() -> None:
    t = table(keyboard=1, watcher=1, claimed=1)
    assert t.route(Game(to_act=(0, 1), window=(0, 1))) == ShowHand(1)
    assert seats(t) == (1, 1, 1)
    t = table(claimed=1)  # claimed, the hand-over still on screen
    assert t.route(Game(to_act=(0, 1), window=(0, 1))) == ShowHand(None)


def test_a_claim_of_a_seat_no_longer_asked_is_dropped() -> None:
    t = table(claimed=2)
    assert t.route(Game(to_act=(0, 1), window=(0, 1))) == SharedWindow((0, 1))
    assert seats(t) == (None, None, None)


def test_the_one_person_against_bots_with_no_law_to_answer_is_not_asked() -> None:
    game = Game(to_act=(0,), window=(0,), bots=frozenset({1, 2}))
    t = table(watcher=0)
    assert t.route(game) == LetGoBy(0)
    assert seats(t) == (None, 0, None)


def test_the_one_person_against_bots_with_a_law_answers_without_the_shared_screen() -> None:
    game = Game(to_act=(0,), window=(0,), bots=frozenset({1, 2}), laws=frozenset({0}))
    t = table(watcher=0)
    assert t.route(game) == ShowHand(0)  # at the keyboard already
    assert seats(t) == (0, 0, 0)
    t = table()  # after a resume: nobody at the keyboard, but nobody to hide the hand from
    assert t.route(game) == HandOver(0, undo_by=None)
    assert seats(t) == (None, None, 0)


def test_a_window_in_which_no_person_left_holds_a_law_card_goes_by_unasked() -> None:
    game = Game(to_act=(0, 1), window=(0, 1), cardless=frozenset({0, 1}))
    t = table(keyboard=0, watcher=0)
    assert t.route(game) == LetGoBy(0)


def test_only_the_people_holding_a_law_card_are_offered_the_window() -> None:
    game = Game(to_act=(0, 1, 2), window=(0, 1, 2), cardless=frozenset({0}))
    assert table(keyboard=0, watcher=0).route(game) == SharedWindow((1, 2))
    game = Game(to_act=(0, 1, 2), window=(0, 1, 2), cardless=frozenset({0}), after=Game((2,)))
    assert table().route(game) == HandOver(2, undo_by=None, window=(1, 2))
    # The one card holder's hand is up: they answer at once, nobody else could.
    game = Game(to_act=(0, 1), window=(0, 1), cardless=frozenset({0}), laws=frozenset({1}))
    t = table(keyboard=1, watcher=1)
    assert t.route(game) == ShowHand(1)
    assert seats(t) == (1, 1, 1)


# --- claim --------------------------------------------------------------------------------------
def test_claiming_a_window_hands_the_keyboard_over() -> None:
    game = Game(to_act=(0, 1), window=(0, 1))
    t = table()
    assert t.claim(game, 1) == HandOver(1, undo_by=None)
    assert seats(t) == (None, None, 1)


def test_claiming_by_the_person_whose_hand_is_up_needs_no_hand_over() -> None:
    t = table(watcher=1)
    assert t.claim(Game(to_act=(0, 1), window=(0, 1)), 1) == ShowHand(1)
    assert seats(t) == (1, 1, 1)


def test_a_seat_not_asked_or_a_bot_cannot_claim() -> None:
    game = Game(to_act=(0, 1), window=(0, 1), bots=frozenset({1}))
    t = table(watcher=0)
    assert t.claim(game, 2) is None
    assert t.claim(game, 1) is None
    assert seats(t) == (None, 0, None)


# --- the hand-over screen closes ---------------------------------------------------------------
def test_the_player_at_the_hand_over_takes_the_keyboard() -> None:
    t = table()
    assert t.handed_over(Game(to_act=(1,)), 1) == ShowHand(1)
    assert seats(t) == (1, 1, None)


def test_a_take_back_at_the_next_persons_hand_over_hands_the_keyboard_back_first() -> None:
    t = table()
    game = Game(to_act=(1,), undoer=0)
    # Whoever pressed u may be the next person: nobody's hand until the last one answers.
    assert t.handed_over(game, UNDO) == HandOver(0, undo_by=None, takes_back=True)
    assert seats(t) == (None, None, None) and t.hand_up is None
    assert t.handed_over(game, 0) == TakeBack(0)  # Enter on their own privacy screen
    assert seats(t) == (0, 0, None) and t.taking_back is None


def test_a_take_back_kept_after_all_goes_on_with_the_hand_over() -> None:
    t = table()
    game = Game(to_act=(1,), undoer=0)
    t.handed_over(game, UNDO)
    assert t.handed_over(game, KEEP) == HandOver(1, undo_by=0)  # the take-back offered again
    assert seats(t) == (None, None, None) and t.taking_back is None
    assert t.handed_over(game, 1) == ShowHand(1)
    assert seats(t) == (1, 1, None)


def test_a_take_back_no_longer_possible_routes_again() -> None:
    t = table()
    game = Game(to_act=(1,), undoer=None)
    assert t.handed_over(game, UNDO) == HandOver(1, undo_by=None)


# --- the next bot, and a real session -------------------------------------------------------------
def test_next_bot() -> None:
    bots = frozenset({1, 2})
    assert next_bot(Game(to_act=(), bots=bots)) is None
    assert next_bot(Game(to_act=(1,), bots=bots)) == 1
    assert next_bot(Game(to_act=(0,), bots=bots)) is None
    game = Game(to_act=(0, 1, 2), window=(0, 1, 2), bots=bots)
    assert next_bot(game) == 1
    assert next_bot(Game(to_act=(0, 2), window=(0,), bots=bots)) is None


def test_a_real_session_the_layout_needs_no_hand_over_and_a_bot_lays_its_own_tile() -> None:
    cfg = engine.GameConfig(players=["Ann", "Bob", "Cy"], seed=3, no_laws=True)
    session = Session.new(cfg, ("human", "human", "greedy"))
    t = Table()
    assert t.route(session) == ShowHand(0)
    for _ in range(2):  # Ann's field and cottage
        action = session.legal_for(0)[0]
        session.push(action, engine.apply(session.state, action))
    assert t.route(session) == ShowHand(1)  # nothing private yet: Bob takes over at once
    for _ in range(2):
        action = session.legal_for(1)[0]
        session.push(action, engine.apply(session.state, action))
    assert t.route(session) == BotMoves(2)
    assert seats(t) == (None, 1, None)


def test_the_table_needs_no_textual() -> None:
    code = (
        "import sys, keythedral.tui.table; print(sorted(m for m in sys.modules if 'textual' in m))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- phase 1 on the shared screen ----------------------------------------------------------------
def test_a_public_decision_of_another_person_is_made_on_the_shared_screen() -> None:
    t = table(keyboard=0)
    decision = t.route(Game(to_act=(1,), public=True))
    assert decision == ShowPublic(1)
    assert (t.keyboard, t.hand_up, t.private) == (1, None, False)
    # the next public decision of another person: no hand-over either
    assert t.route(Game(to_act=(2,), public=True)) == ShowPublic(2)


def test_a_bot_moving_after_the_shared_screen_leaves_nobodys_hand_up() -> None:
    """Bob placed a worker on the shared screen, a bot moves, Bob places again: still on the
    shared screen (his hand was never up; it once came up here, in front of the table)."""
    people = {"public": True, "bots": frozenset({2})}
    t = table(keyboard=0)
    assert t.route(Game(to_act=(1,), **people)) == ShowPublic(1)
    assert t.route(Game(to_act=(2,), **people)) == BotMoves(2)
    assert t.hand_up is None
    assert t.route(Game(to_act=(1,), **people)) == ShowPublic(1)
    assert t.route(Game(to_act=(1,), bots=frozenset({2}))) == HandOver(1, undo_by=None)


def test_the_hand_key_opens_the_hand_behind_the_privacy_screen() -> None:
    t = table(keyboard=0)
    t.route(Game(to_act=(1,), public=True))
    assert t.open_hand(Game(to_act=(1,), public=True)) == HandOver(1, undo_by=None)
    assert t.handed_over(Game(to_act=(1,), public=True), 1) == ShowHand(1)
    assert (t.keyboard, t.hand_up, t.private) == (1, 1, True)
    assert t.open_hand(Game(to_act=(1,), public=True)) is None  # open already


def test_a_private_decision_after_the_shared_screen_hands_over_even_to_the_same_person() -> None:
    t = table(keyboard=0)
    t.route(Game(to_act=(1,), public=True))
    assert t.route(Game(to_act=(1,))) == HandOver(1, undo_by=None)  # the table is watching


def test_strict_privacy_hands_over_at_every_public_decision_too() -> None:
    t = table(keyboard=0)
    t.strict = True
    assert t.route(Game(to_act=(1,), public=True)) == HandOver(1, undo_by=None)


def test_the_one_person_against_bots_always_has_their_hand_up() -> None:
    t = table()
    assert t.route(Game(to_act=(1,), public=True, bots=frozenset({0, 2}))) == ShowHand(1)


# --- a keyboard of one seat of a hosted game (keythedral join) ---------------------------------
@dataclass
class Joined:
    """What the table reads of a joined seat's session (RemoteSession), set by hand: seat 0 is
    here, the others decide at their own screens or on the host."""

    to_act: tuple[int, ...] = (0,)
    sent: bool = False  # this seat's answer is on its way: nothing to choose meanwhile
    over: bool = False
    bots: frozenset[int] = frozenset({1})
    passing: bool = False  # a phase 3 turn: the pass is open
    round: int = 1
    at: int = 7
    local: None = None

    @property
    def config(self) -> Any:
        return SimpleNamespace(n=3)

    @property
    def here(self) -> tuple[int, ...]:
        return (0,)

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def legal_for(self, seat: int) -> list[Any]:
        if seat not in self.to_act or self.sent or self.over:
            return []
        return [SimpleNamespace(kind="pass" if self.passing else "place_worker", seat=seat)]

    def may_pass(self, seat: int) -> Any:
        legal = self.legal_for(seat)
        return legal[0] if self.passing and legal else None


def test_a_joined_seat_holds_its_keyboard_on_its_own_turns_its_hand_always_up() -> None:
    t = Table()
    assert t.route(Joined()) == ShowHand(0)  # type: ignore[arg-type]
    assert (t.keyboard, t.hand_up) == (0, 0)
    assert t.route(Joined(to_act=(1,))) == Elsewhere((1,))  # type: ignore[arg-type]  (a bot on the host)
    assert (t.keyboard, t.hand_up) == (None, 0)
    assert t.route(Joined(to_act=(2,))) == Elsewhere((2,))  # type: ignore[arg-type]  (another screen)
    assert t.route(Joined(sent=True)) == Elsewhere(())  # type: ignore[arg-type]  (its answer on its way)
    assert (t.keyboard, t.hand_up) == (None, 0)
    assert t.route(Joined(to_act=(0, 2))) == ShowHand(0)  # type: ignore[arg-type]  (a window: each screen)
    assert t.route(Joined(to_act=(), over=True)) == GameOver()  # type: ignore[arg-type]
    assert (t.keyboard, t.hand_up) == (None, 0)  # the scores come over this player's own board


def test_a_joined_seats_pass_for_the_phase_stands_until_the_next_round() -> None:
    t = Table()
    game = Joined(passing=True)
    t.stand(game, 0, until_change=False)  # type: ignore[arg-type]
    assert t.route(Joined(passing=True, at=9)) == PassesBy(0)  # type: ignore[arg-type]
    assert t.keyboard == 0
    assert t.route(Joined(passing=True, round=2, at=20)) == ShowHand(0)  # type: ignore[arg-type]
    assert 0 not in t.standing
