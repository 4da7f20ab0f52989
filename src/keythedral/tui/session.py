"""The game being played in the app: what the screens and the table read of it.

No Textual here.  :class:`GameSession` is what every kind of game answers (a hot-seat game,
the tutorial, a replay, a seat of a game hosted elsewhere: keythedral.tui.remote): what is
legal, whose decision it is, what a seat may see, whether a window (several seats at once) is
open.  What only a game held whole in this process can do (its full state, undo, what-if) is
the capability :attr:`GameSession.local`: the :class:`Session` itself, or None for a game whose
authority is elsewhere (it never raises instead).  What applies a person's action is the
capability :attr:`GameSession.authority` (keythedral.tui.authority): the engine here, the
tutorial's lessons, the host over the link, or None where nothing can be played (a replay,
:class:`ReplaySession`).

:class:`Session` is that local game: config, the actions so far and the states they led to.
Every move of the app goes through ``apply`` (engine.apply behind the fault guard,
keythedral.records.faults): an ``EngineFault`` leaves the session at its last good state, for the app
to report.
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from keythedral import engine
from keythedral.engine import Action, GameConfig, GameState, PlayerView
from keythedral.lang import _
from keythedral.records import faults
from keythedral.records.replay import GameSoFar
from keythedral.tui.authority import Authority, InProcess

if TYPE_CHECKING:
    from keythedral.records.replay import ReplayCursor

#: Decisions in which a seat's own hand is on screen and may be used (laws can be played at
#: every one of them, and cubes are counted): a new person at the keyboard needs the privacy
#: screen first.  In the layout nobody holds anything yet, so seats swap without it.
PUBLIC_PHASES = frozenset({"layout"})
#: Decisions made on the shared screen (their player's hand stays hidden until asked for):
#: phase 1's numbers and workers, where a fenced-off cottage moves to (the free corners
#: are on the board for all to see; the move costs nothing), and whom the winner of the
#: bidding names start player (said aloud at a table).
PUBLIC_DECISIONS = frozenset(
    {"choose_work_order", "place_worker", "relocate", "choose_start_player"}
)


HUMAN = "human"


class GameSession(Protocol):
    """What the screens, the presenter and the table read of a game, whoever holds it."""

    config: GameConfig
    #: The coach: phase 3's suggested line and its standing pass, and the hint key.
    coach: bool

    @property
    def local(self) -> Session | None:
        """The whole game, held in this process (its states, undo, what-if), or None where
        another authority holds it (a hosted game: only the server knows the state)."""
        ...

    @property
    def authority(self) -> Authority | None:
        """What applies a person's action to this game (keythedral.tui.authority), or None
        where nothing can be played (a replay)."""
        ...

    @property
    def moment(self) -> object: ...
    @property
    def at(self) -> int: ...
    @property
    def log_total(self) -> int: ...
    @property
    def public_seed(self) -> int | None: ...
    @property
    def over(self) -> bool: ...
    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits on now (several in a window)."""
        ...

    @property
    def round(self) -> int: ...
    @property
    def here(self) -> tuple[int, ...]:
        """The seats decided at this keyboard (its people, and the bots run here); the others
        decide elsewhere (the other seats of a hosted game)."""
        ...

    def holds_laws(self, seat: int) -> bool:
        """``seat`` holds a law card (public: the table sees how many each holds)."""
        ...

    def follows_own(self, seat: int) -> bool:
        """The last action was ``seat``'s own choice (not a window it let go by), as far as
        this session knows: nobody else moved since."""
        ...

    @property
    def humans(self) -> tuple[int, ...]: ...
    def bot_spec(self, seat: int) -> str | None: ...
    def is_bot(self, seat: int) -> bool: ...
    def seat_label(self, seat: int) -> str: ...
    def legal(self) -> list[Action]: ...
    def legal_for(self, seat: int | None) -> list[Action]: ...
    def view(self, seat: int | None) -> PlayerView: ...
    def why_illegal(self, action: Action) -> str | None: ...
    def window_seats(self) -> tuple[int, ...]: ...
    def asked_in_window(self) -> tuple[int, ...]: ...
    def can_decline(self, seat: int) -> Action | None: ...
    def needs_privacy(self) -> bool: ...
    def public_decision(self) -> bool: ...
    def may_pass(self, seat: int) -> Action | None: ...
    def undoable_by(self) -> int | None: ...


def bot_kind_name(spec: str) -> str:
    """A computer player's kind as players read it: a strength level in the language in use
    ("normaal"), any other bot by its id ("greedy")."""
    from keythedral.tui.screens.new_game import level_name  # the screens' words

    return level_name(spec.split(":")[0])


class Seats(ABC):
    """The answers every session derives alike from ``bot_spec`` and ``legal``: who is a
    person, how a seat is named, a seat's own choices and its "let it go by"."""

    config: GameConfig

    @abstractmethod
    def bot_spec(self, seat: int) -> str | None:
        """The bot playing ``seat`` ("greedy", "ismcts:iterations=50"), None for a person."""

    @abstractmethod
    def legal(self) -> list[Action]:
        """Every legal action now (of the seats this session may see)."""

    def is_bot(self, seat: int) -> bool:
        return self.bot_spec(seat) is not None

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.config.n) if not self.is_bot(s))

    def seat_label(self, seat: int) -> str:
        """'Bob (greedy)' for a bot's seat, 'Ann' for a person's."""
        name = self.config.players[seat]
        spec = self.bot_spec(seat)
        # I18N: {player}: a player's name; {bot}: the computer player's kind (a strength level
        # as the new-game screen names it, or a bot's id: greedy)
        return _("{player} ({bot})").format(player=name, bot=bot_kind_name(spec)) if spec else name

    def legal_for(self, seat: int | None) -> list[Action]:
        return [a for a in self.legal() if a.seat == seat]

    def can_decline(self, seat: int) -> Action | None:
        return next((a for a in self.legal() if a.kind == "decline" and a.seat == seat), None)


class WholeState(Seats):
    """The answers read straight from the whole state of the game, where it is held (a game
    held here, a replay at its cursor; a hosted game's seat has only its own view)."""

    @property
    @abstractmethod
    def state(self) -> GameState:
        """The state now."""

    @property
    def moment(self) -> object:
        """What stands for the position now: the same object while the game is where it is
        (the state; a hosted game's last update), so that what was worked out for it (the
        coach's advice) is known again."""
        return self.state

    @property
    def over(self) -> bool:
        return not self.state.to_act

    @property
    def log_total(self) -> int:
        """The number of public events so far."""
        return self.state.log_total

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.state.to_act

    @property
    def round(self) -> int:
        return self.state.round

    def holds_laws(self, seat: int) -> bool:
        return bool(self.state.players[seat].laws)

    @property
    def public_seed(self) -> int | None:
        """The seed the status line shows (None where the players may not know it)."""
        return self.config.seed


@dataclass
class Session(GameSoFar, WholeState):
    config: GameConfig
    states: list[GameState]
    actions: list[Action] = field(default_factory=list)
    #: Who plays each seat: "human", or a bot spec for ``bots.make_bot`` ("greedy",
    #: "ismcts:iterations=50"); empty means every seat is human.
    seats: tuple[str, ...] = ()
    #: The coach: phase 3's suggested line and its standing pass, and the hint key.  An app
    #: setting saved with the game (never a rule: the engine knows nothing of it).
    coach: bool = True
    #: Who applies a person's action when it is not the engine here alone (the tutorial's
    #: lessons, keythedral.tui.authority.Lessons); None: the engine (``InProcess``).
    referee: Authority | None = None
    _legal: tuple[int, list[Action]] | None = None
    _gone_by: tuple[GameState, Session] | None = None  # window_gone_by, for the state now

    @classmethod
    def new(cls, config: GameConfig, seats: Sequence[str] = (), coach: bool = True) -> Session:
        seats = norm_seats(config, seats)
        return cls(config=config, states=[engine.new_game(config)], seats=seats, coach=coach)

    @classmethod
    def replayed(
        cls,
        config: GameConfig,
        actions: Sequence[Action],
        seats: Sequence[str] = (),
        coach: bool = True,
    ) -> Session:
        session = cls.new(config, seats, coach)
        for a in actions:
            session.push(a, session.apply(a))
        return session

    @property
    def local(self) -> Session:
        """This game is held whole here: its states, undo and what-if (``GameSession``)."""
        return self

    @property
    def authority(self) -> Authority:
        """The engine here applies a person's action (or the referee, ``referee``)."""
        return self.referee if self.referee is not None else InProcess(self)

    # --- who plays each seat ----------------------------------------------------------------
    def bot_spec(self, seat: int) -> str | None:
        """The bot playing ``seat`` ("greedy", "ismcts:iterations=50"), None for a person."""
        spec = self.seats[seat] if seat < len(self.seats) else HUMAN
        return None if spec == HUMAN else spec

    # --- what the screens read (a remote session answers them from the server's messages) --
    @property
    def at(self) -> int:
        """The number of actions played so far."""
        return len(self.actions)

    @property
    def here(self) -> tuple[int, ...]:
        return tuple(range(self.config.n))  # one keyboard for every seat (bots run here)

    def follows_own(self, seat: int) -> bool:
        last = self.actions[-1] if self.actions else None
        return last is not None and last.seat == seat and last.kind != "decline"

    def apply(self, action: Action) -> GameState:
        """The state ``action`` leads to from the state now (not pushed): IllegalAction when
        the rules refuse it, EngineFault (keythedral.records.faults) when the engine fails on it;
        either way the session is untouched."""
        return faults.apply(self.state, action)

    def why_illegal(self, action: Action) -> str | None:
        """The engine's reason why ``action`` cannot be played now (None if it can)."""
        try:
            self.apply(action)
        except engine.IllegalAction as exc:
            return str(exc)
        except faults.EngineFault:
            return None  # not an action the engine can weigh: no reason to give
        return None

    def legal(self) -> list[Action]:
        """Every legal action now, computed once per state."""
        n = len(self.states)
        if self._legal is None or self._legal[0] != n:
            self._legal = (n, engine.legal_actions(self.state))
        return self._legal[1]

    def view(self, seat: int | None) -> PlayerView:
        return engine.view(self.state, seat)

    # --- windows: several seats may answer at once ----------------------------------------
    def window_seats(self) -> tuple[int, ...]:
        """Seats asked at once on the shared screen (empty when one seat simply decides).

        A window is open when more than one seat may act, or when every seat asked may let the
        moment go by (``decline``).  Being asked reveals nothing, so it is shown to everyone.
        """
        to_act = self.state.to_act
        if len(to_act) > 1:
            return to_act
        if to_act and any(a.kind == "decline" for a in self.legal()):
            return to_act
        return ()

    def asked_in_window(self) -> tuple[int, ...]:
        """The seats of ``window_seats`` offered the moment: those holding a law card (the
        table sees how many each holds, so leaving out the others tells nobody anything)."""
        seats = self.window_seats()
        return tuple(s for s in seats if self.state.players[s].laws) if seats else ()

    def let_window_go_by(self) -> list[Action]:
        """Every seat asked in the open window lets the moment go by (a window that opens
        right after it too, up to one decline a seat): the declines played, in order.  An
        EngineFault on one of them is raised with the declines before it played."""
        declined: list[Action] = []
        while True:
            seats = [s for s in self.window_seats() if s not in {d.seat for d in declined}]
            decline = next((d for s in seats if (d := self.can_decline(s)) is not None), None)
            if decline is None:
                return declined
            self.push(decline, self.apply(decline))
            declined.append(decline)

    def window_gone_by(self) -> Session:
        """The game as it would be once the open window goes by (this session unchanged;
        worked out once a state: the table asks it, then the privacy screen's words)."""
        if self._gone_by is None or self._gone_by[0] is not self.state:
            what_if = self.what_if()
            with contextlib.suppress(faults.EngineFault):  # told when it is played for real
                what_if.let_window_go_by()
            self._gone_by = (self.state, what_if)
        return self._gone_by[1]

    def what_if(self, *actions: Action) -> Session:
        """The game as it would be after ``actions`` (this session unchanged): EngineFault or
        IllegalAction if one of them cannot be played."""
        copy = replace(
            self, states=list(self.states), actions=list(self.actions), _legal=None, _gone_by=None
        )
        for action in actions:
            copy.push(action, copy.apply(action))
        return copy

    # --- the person who should hold the keyboard ------------------------------------------
    def needs_privacy(self) -> bool:
        return self.state.phase not in PUBLIC_PHASES

    def public_decision(self) -> bool:
        """A decision the table may watch being made: phase 1's numbers and workers, and moving
        a fenced-off cottage, decide nothing private (the hand is not needed for them; a law
        card is played through the hand key, offered to every player alike).  So is the
        bidding's last word when nobody has bid: B may only pass, whatever it holds."""
        decided = engine.decision(self.state)
        if decided in PUBLIC_DECISIONS:
            return True
        b = self.state.bidding
        return decided == "bid" and b is not None and b.high == 0 and b.order[0] == b.holder

    def may_pass(self, seat: int) -> Action | None:
        """The phase 3 pass open to ``seat`` now, if there is one."""
        if self.state.phase != "spend":
            return None
        return next((a for a in self.legal_for(seat) if a.kind == "pass"), None)

    # --- undo -------------------------------------------------------------------------------
    def undoable_by(self) -> int | None:
        """The seat that may take back the last action, or None.

        Only a seat's own action that revealed nothing new to it may be taken back: not one
        that drew a law card, showed a new field tile or building tiles, drew at random, ended
        a phase or round, ended the game, or opened a window to the other players.
        """
        if not self.actions or self.over:
            return None
        seat = self.actions[-1].seat
        before, after = self.states[-2], self.states[-1]
        return seat if reveals_nothing(before, after, seat) else None

    def undo(self) -> Action:
        self.states.pop()
        return self.actions.pop()


@dataclass
class ReplaySession(WholeState):
    """A recorded game at the replay cursor's position (keythedral.records.replay): what the
    replay viewer reads, through the same interface as the game screen.  It is a review of a
    game already played: nothing can be played in it (no ``authority``, no legal action, no
    seat decided at this keyboard), and it is not ``local`` (no undo, no what-if); moving the
    cursor moves it."""

    config: GameConfig
    cursor: ReplayCursor
    coach: bool = False  # nobody is advised: every move is made already

    @classmethod
    def of(cls, cursor: ReplayCursor) -> ReplaySession:
        return cls(config=cursor.replay.config, cursor=cursor)

    @property
    def local(self) -> None:
        """A review, not a game held here to play on (``GameSession.local``)."""
        return None

    @property
    def authority(self) -> None:
        """Nothing can be played in a replay (``GameSession.authority``)."""
        return None

    @property
    def state(self) -> GameState:
        """The state at the cursor (the viewer shows every hand: it is a review tool)."""
        return self.cursor.state

    @property
    def at(self) -> int:
        return self.cursor.index

    @property
    def here(self) -> tuple[int, ...]:
        return ()  # nobody decides anything at this keyboard

    def follows_own(self, seat: int) -> bool:
        last = self.cursor.last_action
        return last is not None and last.seat == seat and last.kind != "decline"

    def bot_spec(self, seat: int) -> str | None:
        seats = self.cursor.replay.seats
        kind = seats[seat] if seat < len(seats) else HUMAN
        return None if kind in (HUMAN, "") else kind

    def seat_label(self, seat: int) -> str:
        """Who played the seat as the file says, a person's seat too ('Ann (human)'), when
        the file says it."""
        name = self.config.players[seat]
        seats = self.cursor.replay.seats
        kind = seats[seat] if seat < len(seats) else ""
        if kind and kind != name:
            return _("{player} ({bot})").format(player=name, bot=bot_kind_name(kind))
        return name

    def legal(self) -> list[Action]:
        return []  # nothing can be played in a replay

    def view(self, seat: int | None) -> PlayerView:
        return self.cursor.view(seat)

    def why_illegal(self, action: Action) -> str | None:
        return _("This is a replay: nothing can be played in it.")

    def window_seats(self) -> tuple[int, ...]:
        return ()  # nobody is asked anything: the answers are in the record

    def asked_in_window(self) -> tuple[int, ...]:
        return ()

    def needs_privacy(self) -> bool:
        return False  # a review tool: no privacy screen

    def public_decision(self) -> bool:
        return False

    def may_pass(self, seat: int) -> Action | None:
        return None

    def undoable_by(self) -> int | None:
        return None


def norm_seats(config: GameConfig, seats: Sequence[str]) -> tuple[str, ...]:
    """One entry per seat ("human" or a bot spec); () when every seat is human."""
    out = tuple(seats)[: config.n]
    out += (HUMAN,) * (config.n - len(out))
    return () if all(s == HUMAN for s in out) else out


def reveals_nothing(before: GameState, after: GameState, seat: int) -> bool:
    """True when going from ``before`` to ``after`` showed ``seat`` nothing it did not know."""
    if not after.to_act or len(after.to_act) > 1:
        return False
    if getattr(before, "rng", None) != getattr(after, "rng", None):
        return False  # something was drawn at random
    v0, v1 = engine.view(before, seat), engine.view(after, seat)
    if (v0.phase, v0.round) != (v1.phase, v1.round):
        return False
    if v1.decision == "window" or v1.windows:
        return False
    assert v0.me is not None and v1.me is not None
    if set(v1.me.laws) - set(v0.me.laws):
        return False  # a law card came into the hand
    if {t.id for t in v1.tiles} - {t.id for t in v0.tiles}:
        return False  # a stage turned face up, or a tile was replaced
    if v1.face_down != v0.face_down or v1.law_deck != v0.law_deck:
        return False
    if v1.next_field is not None and v1.next_field != v0.next_field:
        return False  # a new field tile is showing
    return not (v1.next_field is not None and v1.fields_in_stack != v0.fields_in_stack)
