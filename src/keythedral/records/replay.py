"""Replays: a finished (or unfinished) game as its config, its seed and its actions.

The engine is deterministic (all randomness comes from the seed, see ``GameState.rng``), so a
replay needs nothing else: the states are rebuilt by applying the actions one by one.  A replay
file is trusted only when every action is legal where it stands and the result, if the file
states one, is the result the actions lead to.

File format (JSON, one object)::

    {"format": "keythedral-replay", "version": 1,
     "seed": 7,                                   # the same as config.seed
     "config": {"players": ["Ann", "Bob"], "seed": 7, ...},   # GameConfig fields
     "seats": ["human", "greedy"],                # optional: who played each seat
     "actions": [{"kind": "place_field", "seat": 0, "pos": [2, 0]}, ...],
     "result": {"scores": [9, 7], "winners": [0], "rounds": 8} | null,  # optional, checked
     "created": "2026-11-22T07:00:00+00:00"}      # optional

API for front ends (the TUI's ``keythedral replay FILE`` viewer)::

    from keythedral.records import replay

    rp = replay.load(path)                  # Replay, validated; ReplayError(message) if not
    cur = replay.ReplayCursor(rp)           # at the start (no action applied yet)
    cur.forward(); cur.back(); cur.goto(k); cur.to_end(); cur.to_start()
    cur.index, len(cur)                     # actions applied so far, actions in all
    cur.state                               # the GameState after ``index`` actions
    cur.states                              # every state, from the start to the end
    cur.view(seat)                          # that seat's PlayerView (None: spectator)
    cur.last_action                         # the action that led here (None at the start)
    cur.events()                            # the public events that action produced
    cur.at_start, cur.at_end

    # recording a game as it is played (the TUI, simulate):
    rp = replay.Replay(config=cfg, actions=tuple(actions), seats=("human", "greedy"))
    replay.save(rp.with_result(final_state), path)

"All seats" viewing is the omniscient ``cur.state`` (or every seat's ``cur.view(s)``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from keythedral import __version__
from keythedral.lang import N_, _, ngettext
from keythedral.lexicon import data_problem_said
from keythedral.records.record import RecordError, other_rules, replay_actions, write_atomic
from keythedral.safefile import Refused, brief, clip, parse_json, read_limited
from keythedral.words import terms

if TYPE_CHECKING:  # the engine loads when a replay is used, not when the CLI starts
    from keythedral.engine import Action, GameConfig, GameState, PlayerView
    from keythedral.engine.events import Event

FORMAT = "keythedral-replay"
VERSION = 1
MAX_SEAT = 200  # the longest "who played this seat" taken (a bot spec, see bots.MAX_SPEC)


class ReplayError(RecordError):
    """A replay that cannot be used; the message says why, for a person."""


@dataclass(frozen=True)
class Replay:
    """A game as config + actions (the seed is ``config.seed``)."""

    config: GameConfig
    actions: tuple[Action, ...]
    seats: tuple[str, ...] = ()
    result: dict[str, Any] | None = None
    created: str = ""
    release: str = __version__  # the Keythedral that recorded it ("" in files before 0.2.0)
    _states: list[GameState] | None = field(default=None, compare=False, repr=False)

    @property
    def seed(self) -> int:
        return self.config.seed

    def __len__(self) -> int:
        return len(self.actions)

    # --- replaying ---------------------------------------------------------------------
    def states(self) -> list[GameState]:
        """Every state from the start to the end (``len(self) + 1`` of them); ReplayError if an
        action is not legal where it stands or the stated result does not match."""
        if self._states is not None:
            return self._states
        try:
            _actions, out = replay_actions(
                self.config,
                self.actions,
                # I18N: a replay file, named where a message begins ("The replay is damaged: ...")
                source=_("The replay"),
                release=self.release,
                verb="recorded",
                keep_states=True,
            )
        except RecordError as exc:
            raise ReplayError(str(exc), action=exc.action, reason=exc.reason) from exc
        state = out[-1]
        if self.result is not None:
            got = result_of(state)
            want = {k: self.result.get(k) for k in got}
            if got != want:
                # I18N: {got} and {want} are results of a game ("an unfinished game in round 3")
                differ = _("the actions lead to {got}, but the replay says {want}.").format(
                    got=_describe(got), want=_describe(want)
                )
                raise ReplayError(differ + other_rules(self.release, "recorded"))
        object.__setattr__(self, "_states", out)
        return out

    def final(self) -> GameState:
        return self.states()[-1]

    def with_result(self, final: GameState | None = None) -> Replay:
        """The same replay stating the result its actions lead to (``final``: the last state,
        if the caller has it already)."""
        state = final if final is not None else self.final()
        return replace(self, result=result_of(state), _states=self._states)

    # --- JSON ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.config.seed,
            "config": self.config.model_dump(mode="json"),
            "seats": list(self.seats),
            "actions": [a.model_dump(mode="json", exclude_none=True) for a in self.actions],
            "result": json.loads(json.dumps(self.result)),
            "created": self.created or datetime.now(UTC).isoformat(timespec="seconds"),
            "game": self.release or __version__,
        }

    def to_json(self, indent: int | None = None) -> str:
        if indent is None:
            # one action per line: small files that still diff well
            d = self.to_dict()
            actions = d.pop("actions")
            head = json.dumps(d)[:-1]
            body = ",\n  ".join(json.dumps(a, separators=(",", ":")) for a in actions)
            return f'{head}, "actions": [\n  {body}\n]}}\n'
        return json.dumps(self.to_dict(), indent=indent) + "\n"

    @classmethod
    def from_dict(cls, data: Any, *, check: bool = True) -> Replay:
        """Build and (unless ``check=False``) validate a replay from parsed JSON."""
        from pydantic import ValidationError

        from keythedral import engine  # engine: after the first frame

        if not isinstance(data, dict):
            # I18N: why a file cannot be read as a replay (the messages of a replay's problems
            # start in lower case: they may follow a file's name and a colon)
            raise ReplayError(_("not a replay: the file does not hold a JSON object"))
        if data.get("format") != FORMAT:
            # I18N: {found} is the format tag the file holds, {wanted} a replay's
            not_one = _("not a replay: the format is {found}, not {wanted}")
            raise ReplayError(not_one.format(found=brief(data.get("format")), wanted=repr(FORMAT)))
        version = data.get("version")
        if version != VERSION:
            # I18N: {version} is the file's format version, {ours} the one this program reads
            unsupported = _("replay version {version} is not supported (this is {ours})")
            raise ReplayError(unsupported.format(version=brief(version), ours=VERSION))
        try:
            config = engine.GameConfig(**data.get("config", {}))
        except (engine.ConfigError, TypeError) as exc:
            # I18N: {problem} says which setting is wrong, in English
            invalid = _("the replay's game settings are not valid: {problem}")
            raise ReplayError(invalid.format(problem=exc)) from exc
        seed = data.get("seed", config.seed)
        if seed != config.seed:
            # I18N: {seed} and {config_seed} are two seeds (numbers) that should be the same
            differs = _("the replay's seed {seed} differs from its config's {config_seed}")
            raise ReplayError(differs.format(seed=brief(seed), config_seed=config.seed))
        raw = data.get("actions")
        if not isinstance(raw, list):
            raise ReplayError(_("the replay has no list of actions"))
        actions = []
        for i, item in enumerate(raw):
            try:
                actions.append(engine.parse_action(item))
            except ValidationError as exc:
                # I18N: {i} numbers an action of the replay, {problem} says what is wrong with
                # it ("seat: a value of the wrong kind")
                unknown = _("action {i} is not an action the game knows: {problem}")
                problem = data_problem_said(exc.errors()[0])
                raise ReplayError(unknown.format(i=i + 1, problem=problem)) from exc
        seats = data.get("seats") or ()
        if not isinstance(seats, list | tuple) or not all(
            isinstance(s, str) and len(s) <= MAX_SEAT for s in seats
        ):
            # I18N: {n} is the longest name allowed, in letters
            not_names = _("the replay's seats must be a list of names ({n} letters at most)")
            raise ReplayError(not_names.format(n=MAX_SEAT))
        if seats and len(seats) != config.n:
            # I18N: {seats} and {players} are two numbers that should be the same
            miscounted = _("the replay names {seats} seats for {players} players")
            raise ReplayError(miscounted.format(seats=len(seats), players=config.n))
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise ReplayError(_("the replay's result must be an object or null"))
        replay = cls(
            config=config,
            actions=tuple(actions),
            seats=tuple(seats),
            result=result,
            created=clip(str(data.get("created", "")), 40),
            release=data["game"][:30] if isinstance(data.get("game"), str) else "",
        )
        if check:
            replay.states()
        return replay

    @classmethod
    def from_json(cls, text: str | bytes, *, check: bool = True) -> Replay:
        try:
            data = parse_json(text)
        except Refused as exc:
            # I18N: {problem} says why ("it is a folder, not a regular file")
            unread = _("not a replay that can be read: {problem}")
            raise ReplayError(unread.format(problem=exc.say(_))) from exc
        except (ValueError, UnicodeDecodeError) as exc:  # ValueError: JSONDecodeError and more
            # I18N: {problem} is the JSON parser's reason, in English
            not_json = _("not a replay: the file is not JSON ({problem})")
            raise ReplayError(not_json.format(problem=clip(str(exc), 120))) from exc
        return cls.from_dict(data, check=check)


def result_of(state: GameState) -> dict[str, Any]:
    """The result part of a replay file for the state a game reached."""
    return {
        "scores": list(state.scores) if state.scores is not None else None,
        "winners": list(state.winners) if state.winners is not None else None,
        "rounds": state.round,
    }


def _describe(result: dict[str, Any]) -> str:
    if result.get("scores") is None:
        # I18N: the result of a game stopped in round {n}
        return _("an unfinished game in round {n}").format(n=result.get("rounds"))
    # I18N: the result of a game: {scores} lists the scores by seat ("[9, 12, 7]"), {winners}
    # the winning seats, numbered from 0 ("[1]"), {rounds} the number of rounds played
    return _("scores {scores} (winners {winners}, {rounds} rounds)").format(
        scores=result["scores"], winners=result["winners"], rounds=result.get("rounds")
    )


# --- files ----------------------------------------------------------------------------------
def save(replay: Replay, path: str | Path) -> Path:
    """Write ``replay`` to ``path`` atomically (a temporary file moved into place)."""
    path = Path(path)
    write_atomic(path, replay.to_json())
    return path


def load(path: str | Path, *, check: bool = True) -> Replay:
    """Read and validate a replay file; ReplayError with a clear message when it is unusable.
    Only a regular file of at most GAME_FILE_LIMIT bytes is read (safefile.read_limited)."""
    path = Path(path)
    try:
        text = read_limited(path)
    except Refused as exc:
        raise ReplayError(_cannot_read(path, exc.say(_))) from exc
    except OSError as exc:
        raise ReplayError(_cannot_read(path, exc.strerror or exc)) from exc
    try:
        return Replay.from_json(text, check=check)
    except ReplayError as exc:
        # I18N: a replay's problem, after its file: {path} is the file, {problem} what is wrong
        raise ReplayError(_("{path}: {problem}").format(path=path, problem=exc)) from exc


def _cannot_read(path: Path, problem: object) -> str:
    # I18N: {path} is a replay file, {problem} why it cannot be read
    return _("cannot read {path}: {problem}").format(path=path, problem=problem)


# --- stepping -------------------------------------------------------------------------------
class ReplayCursor:
    """A position in a replay that moves forwards and backwards (all states are kept)."""

    def __init__(self, replay: Replay, index: int = 0) -> None:
        self.replay = replay
        self._states = replay.states()
        self.index = 0
        self.goto(index)

    def __len__(self) -> int:
        return len(self.replay.actions)

    @property
    def state(self) -> GameState:
        return self._states[self.index]

    @property
    def states(self) -> list[GameState]:
        """Every state of the replay, from the start (index 0) to the end."""
        return self._states

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == len(self)

    @property
    def last_action(self) -> Action | None:
        return self.replay.actions[self.index - 1] if self.index else None

    def goto(self, index: int) -> GameState:
        """Move to the state after ``index`` actions (clamped to the replay)."""
        self.index = max(0, min(len(self), index))
        return self.state

    def forward(self, steps: int = 1) -> GameState:
        return self.goto(self.index + steps)

    def back(self, steps: int = 1) -> GameState:
        return self.goto(self.index - steps)

    def to_start(self) -> GameState:
        return self.goto(0)

    def to_end(self) -> GameState:
        return self.goto(len(self))

    def view(self, seat: int | None) -> PlayerView:
        from keythedral import engine  # engine: after the first frame

        return engine.view(self.state, seat)

    def events(self) -> tuple[Event, ...]:
        """The public events the last action produced (everything logged at the start); to
        tell them, see ``narration``."""
        now = self.state
        if self.index == 0:
            return now.log
        new = now.log_total - self._states[self.index - 1].log_total
        return now.log[len(now.log) - new :] if new else ()

    def round_starts(self) -> list[int]:
        """Indexes where a new round begins (for jumping round by round)."""
        return [
            i
            for i in range(1, len(self._states))
            if self._states[i].round != self._states[i - 1].round
        ]


def file_name(replay: Replay) -> str:
    """A file name for a replay: the players, the seed and a digest of the actions, so that the
    same game always gets the same name and different games never share one.  Only lowercase
    letters, digits and - (persistence.game_stem): a player's name never becomes a path."""
    import hashlib

    from keythedral.records.persistence import game_stem  # not before the first frame

    moves = "".join(a.model_dump_json() for a in replay.actions)
    digest = hashlib.blake2b(
        (replay.config.model_dump_json() + moves).encode(), digest_size=4
    ).hexdigest()
    return f"{game_stem(replay.config.players, replay.config.seed)}-{digest}.json"


class GameSoFar:
    """A game as it is played: the actions so far and every state they led to, the new game's
    first.  The app's session and the tutorial are kinds of it; ``record`` makes either a
    replay."""

    states: list[GameState]
    actions: list[Action]

    @property
    def state(self) -> GameState:
        """The state now."""
        return self.states[-1]

    @property
    def over(self) -> bool:
        return not self.state.to_act

    def push(self, action: Action, state: GameState) -> None:
        """``action`` was taken, and led to ``state``."""
        self.actions.append(action)
        self.states.append(state)


def record(
    config: GameConfig,
    actions: Sequence[Action],
    seats: Sequence[str] = (),
    final: GameState | None = None,
) -> Replay:
    """A replay of a game played from ``config`` (with its result when ``final`` is given)."""

    rp = Replay(config=config, actions=tuple(actions), seats=tuple(seats))
    if final is not None:
        rp = replace(rp, result=result_of(final))
    return rp


def describe(replay: Replay) -> str:
    """A short account of a replay: who played what, the variants, the length, the result."""
    cfg = replay.config
    final = replay.final()
    names = terms.comma_list(
        [
            # I18N: a player of a replay and who played the seat ("Ann (greedy)"): {who} is a
            # computer player's name or "human"
            _("{player} ({who})").format(player=n, who=who) if who and who != n else n
            for n, who in zip(cfg.players, replay.seats or ("",) * cfg.n, strict=True)
        ]
    )
    variants = [_(EDITIONS[cfg.edition]) if cfg.edition in EDITIONS else cfg.edition + " scoring"]
    variants += [
        _(v)
        for v, on in zip(VARIANTS, (cfg.no_laws, cfg.open_buildings, cfg.long_game), strict=True)
        if on
    ]
    if cfg.reaction_windows != "always":
        # I18N: the setting of the reaction windows ("never", "purchases", ...), as it is given
        # on the command line
        variants.append(_("windows {setting}").format(setting=cfg.reaction_windows))
    lines = [
        # I18N: a line of `keythedral replay --describe`: {names} lists the players
        ngettext("{n} player: {names}", "{n} players: {names}", cfg.n).format(n=cfg.n, names=names),
        # I18N: {seed} is the game's seed (a number), {variants} lists its variants
        _("seed {seed}; {variants}").format(seed=cfg.seed, variants=terms.comma_list(variants)),
        # I18N: {actions} is "12 actions", {rounds} "3 rounds"
        _("{actions}, {rounds}").format(
            actions=ngettext("{n} actions", "{n} actions", len(replay)).format(n=len(replay)),
            rounds=ngettext("{n} rounds", "{n} rounds", final.round).format(n=final.round),
        ),
    ]
    if final.scores is not None and final.winners is not None:
        table = terms.comma_list(
            [
                _("{player} {score}").format(player=cfg.players[s], score=final.scores[s])
                for s in range(cfg.n)
            ]
        )
        won = terms.and_list([cfg.players[s] for s in final.winners])
        if len(final.winners) > 1:
            # I18N: the result of a replay: {scores} lists the scores ("Ann 9, Bob 12"),
            # {players} the winners
            lines.append(_("result: {scores}; {players} win").format(scores=table, players=won))
        else:
            lines.append(_("result: {scores}; {player} wins").format(scores=table, player=won))
    else:
        lines.append(_("result: the game is unfinished"))
    return "\n".join(lines)


#: The editions' scoring, as a replay's account names it.
EDITIONS = {
    # I18N: the scoring of the game's first edition (seat values 1 to 5)
    "classic": N_("classic scoring"),
    # I18N: the scoring of the game's second edition (seat values 4 to 12)
    "second": N_("second scoring"),
}
#: The variants a game may be played with, in the order of GameConfig's switches (no_laws,
#: open_buildings, long_game).
VARIANTS = (N_("no laws"), N_("open buildings"), N_("long game"))
