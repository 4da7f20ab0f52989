"""A hosted game: the one authority over a networked game, without any network.

It holds the game (config, actions, state), who plays each seat (a person, by a secret token,
or a bot spec), and its files.  ``play`` is the only way the game changes: it checks that the
seat may act and that ``engine.apply`` takes the action, else raises ``ProtocolError`` and the
game is untouched.  When the engine fails on an action (anything but IllegalAction: a bug,
keythedral.records.faults), the seat is refused with ``engine_fault``, naming the fault but not its
traceback, the game stays at its last good state, and a record for a bug report is written on
the host's side (``report``: ``<data folder>/bug-reports``, and said on the host's console).  ``save`` writes the change with the hot-seat autosave (``AutoSaver``: a
journal line written per action, made durable just behind, a snapshot folded in the background
every FOLD_EVERY), so that ``HostedGame.resume`` continues the game after a crash, with the
same tokens.

The folder of a hosted game (``<data folder>/host`` unless told otherwise), mode 0700::

    game.json       the snapshot: an ordinary save (persistence), seats included
    game.journal    the actions since the snapshot (autosave)
    seats.json      the seat tokens, and the address the game was last hosted on (its
                    players' reconnect loops look for it there); like every file here,
                    mode 0600 (mkstemp)
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from keythedral import engine
from keythedral.bots import check_spec, seat_bot
from keythedral.lang import N_, _
from keythedral.net.protocol import Act, ProtocolError
from keythedral.records import faults, persistence
from keythedral.records.autosave import AutoSaver
from keythedral.records.record import RecordError, read_data, write_atomic
from keythedral.words import terms

if TYPE_CHECKING:
    from keythedral.bots import Bot
    from keythedral.engine import Action, GameConfig, GameState

log = logging.getLogger("keythedral.net")

HUMAN = persistence.HUMAN
SAVE = "game.json"
SEATS = "seats.json"
FORMAT = "keythedral-host"
VERSION = 1


#: Actions between two snapshots of a hosted game (each action's journal line is written at
#: once; a snapshot rewrites the whole game, which a server of many games cannot do per move).
FOLD_EVERY = 40


class HostSaver(AutoSaver):
    """The hot-seat autosave, folding its journal into a snapshot every FOLD_EVERY actions (and
    at the end) instead of after each: the snapshot was most of a server's work per move."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self._unfolded = 0
        self._last: Any = None  # the newest snapshot not queued yet

    def _queue(self, job: Any) -> None:
        self._unfolded += 1
        self._last = job
        if self._unfolded >= FOLD_EVERY or job.state.game_over:
            self.fold_now()

    def fold_now(self) -> None:
        """Queue the newest snapshot (the background thread writes it)."""
        if self._last is not None:
            job, self._last, self._unfolded = self._last, None, 0
            super()._queue(job)

    def close(self, timeout: float = 10.0) -> None:
        self.fold_now()
        super().close(timeout)


class HostError(Exception):
    """A hosted game that cannot be started or resumed; the message says why, for a person."""


def default_folder() -> Path:
    return persistence.data_dir() / "host"


def new_token() -> str:
    return secrets.token_urlsafe(16)


@dataclass
class HostedGame:
    config: GameConfig
    seats: tuple[str, ...]  # "human" or a bot spec, per seat
    tokens: tuple[str | None, ...]  # a person's seat token; None for a bot
    state: GameState
    actions: list[Action] = field(default_factory=list)
    folder: Path | None = None  # None: not saved (tests, the bench)
    saver: HostSaver | None = field(default=None, repr=False)
    bots: dict[int, Bot] = field(default_factory=dict, repr=False)
    address: tuple[str, int] | None = None  # where it was last hosted (host, port)

    # --- making one --------------------------------------------------------------------------
    @classmethod
    def new(
        cls, config: GameConfig, seats: Sequence[str] = (), folder: Path | None = None
    ) -> HostedGame:
        """A new game; ``seats`` (people and bots, seats left out are people) as ``--bots``.
        With a ``folder``, its tokens are written there at once, and the game saved."""
        kinds = tuple(seats) + (HUMAN,) * (config.n - len(seats))
        if len(kinds) != config.n:
            # I18N: {seats} and {players} are two numbers that should be the same
            miscounted = _("{seats} seats named for {players} players.")
            raise HostError(miscounted.format(seats=len(kinds), players=config.n))
        tokens = tuple(new_token() if k == HUMAN else None for k in kinds)
        if all(t is None for t in tokens):
            raise HostError(_("A hosted game needs at least one person: every seat is a bot."))
        game = cls(config, kinds, tokens, engine.new_game(config), folder=folder)
        game._seat_bots()
        if folder is not None:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            write_atomic(folder / SEATS, json.dumps(game._seats_record()))
            game.saver = HostSaver(folder / SAVE)
            game.save()
        return game

    @classmethod
    def resume(cls, folder: Path) -> HostedGame:
        """The game hosted in ``folder``, as its last saved action left it (HostError)."""
        try:
            saved = persistence.load(folder / SAVE, check_seat=check_spec)
            data = read_data(folder / SEATS, limit=64 * 1024, what="list of seat tokens")
        except RecordError as exc:
            # I18N: {folder} is where the hosted game is kept, {problem} what is wrong
            unresumed = _("The hosted game in {folder} cannot be resumed: {problem}")
            raise HostError(unresumed.format(folder=folder, problem=exc)) from exc
        kinds = saved.seats or (HUMAN,) * saved.config.n
        tokens = _tokens(data, kinds, saved.config)
        game = cls(
            saved.config,
            kinds,
            tokens,
            saved.state,
            list(saved.actions),
            folder=folder,
            saver=HostSaver(folder / SAVE),
        )
        game.address = _address(data)
        game._seat_bots()
        game.save()  # a new journal, from the game as it was read
        return game

    @staticmethod
    def unfinished(folder: Path) -> bool:
        """Whether ``folder`` holds a hosted game that has not ended (or cannot be read)."""
        if not (folder / SAVE).exists():
            return False
        try:
            return not persistence.load(folder / SAVE, check_seat=check_spec).state.game_over
        except RecordError:
            return True

    def _seats_record(self) -> dict[str, Any]:
        record = {
            "format": FORMAT,
            "version": VERSION,
            "players": list(self.config.players),
            "seed": self.config.seed,
            "tokens": list(self.tokens),
        }
        if self.address is not None:
            record["address"] = {"host": self.address[0], "port": self.address[1]}
        return record

    def remember(self, host: str, port: int) -> None:
        """Keep the address the game is hosted on (``resume`` gives it back), in its folder."""
        self.address = (host, port)
        if self.folder is not None:
            write_atomic(self.folder / SEATS, json.dumps(self._seats_record()))

    def _seat_bots(self) -> None:
        self.bots = {
            s: seat_bot(spec, self.config.seed, s)
            for s, spec in enumerate(self.seats)
            if spec != HUMAN
        }

    # --- who is who ----------------------------------------------------------------------------
    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (compared in constant time, with every seat's)."""
        given = token.encode("utf-8", "surrogatepass")
        found = None
        for seat, mine in enumerate(self.tokens):
            if mine is not None and secrets.compare_digest(given, mine.encode()) and found is None:
                found = seat
        return found

    @property
    def at(self) -> int:
        """How many actions have been played."""
        return len(self.actions)

    @property
    def over(self) -> bool:
        return not self.state.to_act

    def bot_to_act(self) -> int | None:
        """The first bot seat that may act now, if any."""
        return next((s for s in self.state.to_act if s in self.bots), None)

    # --- playing -------------------------------------------------------------------------------
    def check(self, seat: int, act: Act) -> GameState:
        """The state ``act`` by ``seat`` leads to; ProtocolError (nothing changes) when it may
        not be played.  Its reason stays a message until it is said: the server sends its
        English (``protocol.refused``) whatever the host's language, without switching it (the
        protocol holds no words of a language: each joined player reads the refusal in their
        own, by its code or the engine's refusal sent as data)."""
        if self.over:
            raise ProtocolError("game_over", N_("The game is over."))
        if act.action.seat != seat:
            raise ProtocolError("not_your_seat", N_("You can only play for your own seat."))
        if act.at is not None and act.at != self.at:
            raise ProtocolError(
                "stale", N_("The game moved on before your choice arrived: choose again.")
            )
        if seat not in self.state.to_act:
            names = [self.state.name(s) for s in self.state.to_act]
            # I18N: {players} lists the players the game waits for
            not_yet = N_("It is not your turn: waiting for {players}.")
            raise ProtocolError("not_your_turn", not_yet, players=lambda: terms.comma_list(names))
        try:
            return faults.apply(self.state, act.action)
        except engine.IllegalAction as exc:
            refusal = exc
            raise ProtocolError("illegal", lambda: str(refusal)[:500], exc.wire()) from exc
        except faults.EngineFault as fault:
            path = self.report(fault, f"host: {self.config.players[seat]}'s move (seat {seat})")
            raise _fault_error(fault.kind, self.saver is not None, path) from fault

    def report(self, fault: faults.EngineFault, where: str) -> Path | None:
        """Write the record of an engine fault for a bug report (keythedral.records.faults: the game
        up to its last good state) and say so on the host's console; the file, or None when
        it could not be written."""
        record = faults.report_record(fault, self.config, self.actions, self.seats, where)
        path, kept = faults.keep(record)
        log.error("The rules engine failed (%s: %s). %s", fault.kind, fault.error, kept)
        return path

    def commit(self, action: Action, state: GameState) -> None:
        """Record a checked action and the state it led to (then ``save``)."""
        self.actions.append(action)
        self.state = state

    def play(self, seat: int, act: Act) -> None:
        """check, commit and save, in one go (for callers with no event loop)."""
        self.commit(act.action, self.check(seat, act))
        self.save()

    def save(self) -> None:
        """Write the last action to the journal (blocking; the autosave makes it durable just
        behind, in a thread of its own)."""
        if self.saver is not None:
            self.saver.submit(self.config, self.actions, self.state, self.seats)

    def close(self) -> None:
        """Fold the journal into the snapshot (blocking)."""
        if self.saver is not None:
            self.saver.close()

    def legal_for(self, seat: int) -> list[Action]:
        """The actions ``seat`` may play now (none when it is not to act)."""
        if seat not in self.state.to_act:
            return []
        return [a for a in engine.legal_actions(self.state) if a.seat == seat]


def _address(data: Any) -> tuple[str, int] | None:
    """The address ``seats.json`` remembers, if it holds a good one (older ones hold none)."""
    found = data.get("address") if isinstance(data, dict) else None
    if isinstance(found, dict):
        host, port = found.get("host"), found.get("port")
        good_host = isinstance(host, str) and 0 < len(host) <= 255
        if good_host and type(port) is int and 0 < port < 65536:
            return str(host), port
    return None


def _fault_words(kind: str, saved: bool, path: Path | None) -> str:
    """What a joined player reads when the engine failed on their move, in the language in
    use (``_fault_error``'s reason)."""
    return _fault_error(kind, saved, path).reason


def _fault_error(kind: str, saved: bool, path: Path | None) -> ProtocolError:
    """The refusal of a move the engine failed on: the game stays as it was (saved on the
    host, when it saves), and the record kept for a bug report, if any."""
    # I18N: the rules engine failed on a player's move: {error} is the name of what it raised
    # ("KeyError"), {file} the name of the record kept for a bug report
    if saved and path is not None:
        words = N_(
            "Something went wrong in the game's rules engine with that move ({error}); the game "
            "stays as it was before it, saved on the host, which keeps a record for a bug report "
            "({file}). Choose another move."
        )
    elif saved:
        words = N_(
            "Something went wrong in the game's rules engine with that move ({error}); the game "
            "stays as it was before it, saved on the host. Choose another move."
        )
    elif path is not None:
        words = N_(
            "Something went wrong in the game's rules engine with that move ({error}); the game "
            "stays as it was before it, which keeps a record for a bug report ({file}). Choose "
            "another move."
        )
    else:
        words = N_(
            "Something went wrong in the game's rules engine with that move ({error}); the game "
            "stays as it was before it. Choose another move."
        )
    return ProtocolError(
        "engine_fault", words, error=kind, file=path.name if path is not None else ""
    )


def _tokens(data: Any, kinds: Sequence[str], config: GameConfig) -> tuple[str | None, ...]:
    """The tokens of ``seats.json``, checked against the save's game."""
    # I18N: why the list of a hosted game's seat tokens cannot be used
    problem = _("it is damaged")
    if isinstance(data, dict) and data.get("format") == FORMAT:
        tokens = data.get("tokens")
        if data.get("players") != list(config.players) or data.get("seed") != config.seed:
            # I18N: why the list of a hosted game's seat tokens cannot be used
            problem = _("it belongs to another game")
        elif isinstance(tokens, list) and len(tokens) == len(kinds):
            good = all(
                (isinstance(t, str) and 16 <= len(t) <= 64) if k == HUMAN else t is None
                for t, k in zip(tokens, kinds, strict=True)
            )
            if good:
                return tuple(tokens)
    # I18N: {file} is the name of the list's file ("seats.json"), {problem} why
    unusable = _("The list of seat tokens ({file}) cannot be used: {problem}.")
    raise HostError(unusable.format(file=SEATS, problem=problem))
