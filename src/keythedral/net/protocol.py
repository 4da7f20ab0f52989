"""The messages of network play: JSON objects with a version, a type, and bounded sizes.

Each message is one websocket text frame holding one JSON object::

    {"v": 1, "type": "...", ...}

Client to server (at most MAX_CLIENT_MESSAGE bytes, parsed by :func:`parse_client`):

``hello``   ``token`` (the seat's secret), optionally ``log_from`` (the first public event the
            client still lacks).  The first message of every connection.
``act``     ``action`` (an action as ``engine.parse_action`` reads it), optionally ``at`` (the
            number of actions of the game the client saw when it chose: a choice made on an
            older position is refused instead of played in a game that moved on).

Server to client (at most MAX_SERVER_MESSAGE bytes, parsed by :func:`parse_server`):

``welcome`` ``seat``, ``names``, ``seats`` ("human" or "bot" per seat) and ``config`` (the
            game's settings, without its seed).
``state``   ``at`` (actions played so far), ``view`` (``engine.view(state, seat)`` of the
            receiving seat, never another's), ``legal`` (that seat's own legal actions when it
            may act now, else empty), ``log_from`` and ``events`` (the public events from number
            ``log_from`` on; the view's ``log_total`` is one past the last).
``error``   ``code`` (one of ERROR_CODES) and ``reason`` (a sentence a player understands).

Parsing is strict: anything else (not JSON, nested too deep, too long, another version, an
unknown type or field, a value of the wrong type) raises :class:`ProtocolError`, whose ``code``
and ``reason`` make the error message the server answers with.  Nothing here does any I/O.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator

from keythedral import lang
from keythedral.lang import N_, _
from keythedral.lexicon import data_problem
from keythedral.safefile import Refused, brief, parse_json

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    from keythedral.engine import Action, GameConfig, PlayerView
    from keythedral.engine.events import Event

VERSION = 1
#: The most a client may send in one message (an action is well under 1 KiB).
MAX_CLIENT_MESSAGE = 64 * 1024
#: The most a server sends in one message (a view is about 10 KiB, with 80 events of log).
MAX_SERVER_MESSAGE = 1024 * 1024
#: A seat token: secrets.token_urlsafe(16) is 22 characters.
MAX_TOKEN = 64

ERROR_CODES = (
    "malformed",  # not a message of this protocol
    "too_big",  # longer than MAX_CLIENT_MESSAGE
    "version",  # another protocol version
    "hello_first",  # a message before hello, or a second hello
    "bad_token",  # no seat has this token
    "not_your_seat",  # an action of another seat
    "not_your_turn",  # this seat may not act now
    "stale",  # chosen on a position the game has left
    "illegal",  # engine.apply refused it
    "game_over",  # the game has ended
    "replaced",  # the same seat connected again elsewhere
    "too_slow",  # the client did not read its messages
    "too_many",  # the client sent more messages than its budget
    "server",  # the server could not do it (saving failed, shutting down)
    "engine_fault",  # the rules engine failed on the action (a bug): nothing changed
)
ErrorCode = Literal[
    "malformed",
    "too_big",
    "version",
    "hello_first",
    "bad_token",
    "not_your_seat",
    "not_your_turn",
    "stale",
    "illegal",
    "game_over",
    "replaced",
    "too_slow",
    "too_many",
    "server",
    "engine_fault",
]


class ProtocolError(Exception):
    """A message refused: ``code`` (ERROR_CODES) and why, kept as a message (``template``, marked
    with ``N_``, or a function of no arguments saying its own words) and its named ``params``
    until it is said: ``reason`` in the language in use
    (for whoever reads it here), ``english`` as the protocol sends it (``refused``), without
    switching the process's language.  A parameter that is a function of no arguments is words
    said when the reason is (a list of names, the engine's refusal)."""

    def __init__(
        self,
        code: ErrorCode,
        template: str | Callable[[], str],
        /,
        refusal: dict[str, Any] | None = None,
        **params: object,
    ) -> None:
        super().__init__(code)
        self.code: ErrorCode = code
        self.template = template
        self.params = params
        #: The engine's refusal, language-free (``IllegalAction.wire``): the joined player reads
        #: it in their own language; ``english`` is its English, for a client that cannot.
        self.refusal = refusal

    def said(self) -> str:
        """Why, in the language in use."""
        if callable(self.template):  # words of their own (the engine's refusal)
            return self.template()
        words = {k: v() if callable(v) else v for k, v in self.params.items()}
        return _(self.template).format(**words)

    @property
    def reason(self) -> str:
        """Why, in the language in use (a player of this process reads it)."""
        return self.said()

    @property
    def english(self) -> str:
        """Why, in English, as the protocol sends it: said through English translations of its
        own, the process's language untouched (a coach's thread may be writing a hint in it)."""
        return lang.in_language("en", self.said)

    def __str__(self) -> str:
        return self.said()


# --- client to server ------------------------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    token: str
    log_from: int | None = None


@dataclass(frozen=True)
class Act:
    action: Action
    at: int | None = None


def _object(text: str | bytes, limit: int) -> dict[str, Any]:
    """The JSON object of a message, with its version checked; ProtocolError otherwise."""
    size = len(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    if size > limit:
        # I18N: the refusal of a network message: {limit} and {size} are numbers of bytes
        too_big = N_("A message may hold at most {limit} bytes, not {size}.")
        raise ProtocolError("too_big", too_big, limit=limit, size=size)
    try:
        data = parse_json(text)
    except Refused as exc:
        # I18N: {problem} says why ("its lists or objects are nested too deeply to read")
        unread = N_("The message cannot be read: {problem}.")
        raise ProtocolError("malformed", unread, problem=partial(exc.say, _)) from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProtocolError("malformed", N_("The message is not JSON.")) from exc
    if not isinstance(data, dict):
        raise ProtocolError("malformed", N_("A message must be a JSON object."))
    version = data.get("v")
    if version != VERSION or isinstance(version, bool):
        # I18N: {ours} and {theirs} are versions of the network protocol (numbers)
        other = N_(
            "This server speaks version {ours} of the protocol, not {theirs}: use the same "
            "Keythedral release as the host."
        )
        raise ProtocolError("version", other, ours=VERSION, theirs=brief(version, 20))
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("malformed", N_("A message needs a type."))
    return data


def _no_type(kind: object) -> ProtocolError:
    # I18N: {type} is what a network message gave as its type
    return ProtocolError("malformed", N_("There is no message type {type}."), type=brief(kind, 30))


def _fields(data: dict[str, Any], required: set[str], optional: set[str]) -> None:
    keys = set(data) - {"v", "type"}
    missing = required - keys
    extra = keys - required - optional
    if missing:
        # I18N: {type} is the type of a network message ("hello"), {fields} the protocol's
        # names of the fields it lacks ("['token']")
        needs = N_("A {type} message needs {fields}.")
        raise ProtocolError("malformed", needs, type=data["type"], fields=str(sorted(missing)))
    if extra:
        names = ", ".join(brief(k, 30) for k in sorted(extra)[:5])
        # I18N: {type} is the type of a network message ("hello"), {fields} names of fields
        no_field = N_("A {type} message has no field {fields}.")
        raise ProtocolError("malformed", no_field, type=data["type"], fields=names)


def _count(value: object, what: str) -> int | None:
    """An optional count (a non-negative int below 2**31)."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**31:
        # I18N: {field} is the protocol's name of a field ("log_from"), {value} what it held
        not_count = N_("{field} must be a count, not {value}.")
        raise ProtocolError("malformed", not_count, field=what, value=brief(value, 20))
    return value


def parse_client(text: str | bytes) -> Hello | Act:
    """A message from a client, checked; ProtocolError saying what is wrong otherwise."""
    data = _object(text, MAX_CLIENT_MESSAGE)
    kind = data["type"]
    if kind == "hello":
        _fields(data, {"token"}, {"log_from"})
        token = data["token"]
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
            raise ProtocolError("bad_token", N_("That is not a seat token."))
        return Hello(token, _count(data.get("log_from"), "log_from"))
    if kind == "act":
        from pydantic import ValidationError

        _fields(data, {"action"}, {"at"})
        raw = data["action"]
        if not isinstance(raw, dict):
            raise ProtocolError("malformed", N_("An action must be a JSON object."))
        try:
            action = _strict_action(raw)
        except ValidationError as exc:
            where, problem = data_problem(exc.errors()[0])
            # I18N: {where} is the field of the action at fault ("field.0"), {problem} what is
            # wrong with it ("a value of the wrong kind")
            unknown = N_("That is not an action the game knows ({where}: {problem}).")
            raise ProtocolError(
                "malformed", unknown, where=where, problem=lambda: _(problem)
            ) from exc
        except (ValueError, TypeError, RecursionError) as exc:
            raise ProtocolError("malformed", N_("That is not an action the game knows.")) from exc
        return Act(action, _count(data.get("at"), "at"))
    raise _no_type(kind)


def _strict_action(raw: dict[str, Any]) -> Action:
    """An action read strictly, as JSON: ``"seat": "3"`` or ``3.0`` or ``true`` is not a seat
    number (a lax read would take each for 3 or 1)."""
    from keythedral.engine.actions import ACTION_ADAPTER  # engine: loaded on use only

    return ACTION_ADAPTER.validate_json(json.dumps(raw), strict=True)


def hello(token: str, log_from: int | None = None) -> str:
    message: dict[str, Any] = {"v": VERSION, "type": "hello", "token": token}
    if log_from is not None:
        message["log_from"] = log_from
    return json.dumps(message)


def act(action: Action, at: int | None = None) -> str:
    extra = "" if at is None else f', "at": {int(at)}'
    return f'{{"v": {VERSION}, "type": "act", "action": {action.model_dump_json()}{extra}}}'


# --- server to client ------------------------------------------------------------------------
@dataclass(frozen=True)
class Welcome:
    seat: int
    names: tuple[str, ...]
    seats: tuple[str, ...]  # "human" or "bot"
    config: GameConfig


@dataclass(frozen=True)
class StateUpdate:
    at: int
    view: PlayerView
    legal: tuple[Action, ...]
    log_from: int
    events: tuple[Event, ...]


@dataclass(frozen=True)
class ErrorMessage:
    code: str
    reason: str
    refusal: dict[str, Any] | None = None  # the engine's refusal, language-free


def welcome(seat: int, names: Sequence[str], seats: Sequence[str], config: GameConfig) -> str:
    """``config`` as players may know it: its seed is left out (it decides the hidden tiles)."""
    cfg = config.model_copy(update={"seed": 0}).model_dump_json()
    head = json.dumps(
        {"v": VERSION, "type": "welcome", "seat": seat, "names": list(names), "seats": list(seats)}
    )
    return f'{head[:-1]}, "config": {cfg}}}'


def state(at: int, view: PlayerView, legal: Sequence[Action], log_from: int) -> tuple[str, int]:
    """The ``state`` message of ``view`` (the receiving seat's own) with the public events
    from ``log_from`` on (as many as the view's log still holds); and the log cursor after."""
    return state_of(at, view.model_dump_json(), view, legal, log_from)


def public_part(view: PlayerView) -> str:
    """The JSON of a view without its ``seat`` and ``me``, for :func:`seat_view` (a server
    that tells several seats of one position dumps what they share once)."""
    return view.model_dump_json(exclude={"seat", "me"})


def seat_view(public: str, view: PlayerView) -> str:
    """The JSON of ``view`` made of ``public`` (:func:`public_part` of a view of the same
    position) and the seat's own ``seat`` and ``me``."""
    me = "null" if view.me is None else view.me.model_dump_json()
    seat = "null" if view.seat is None else str(int(view.seat))
    return f'{{"seat":{seat},"me":{me},{public[1:]}'


def state_of(
    at: int, view_json: str, view: PlayerView, legal: Sequence[Action], log_from: int
) -> tuple[str, int]:
    """:func:`state` with the view's JSON given."""
    total = view.log_total
    kept = view.log
    start = max(min(log_from, total), total - len(kept))
    events = kept[len(kept) - (total - start) :] if total > start else ()
    parts = ",".join(e.model_dump_json() for e in events)
    acts = ",".join(a.model_dump_json() for a in legal)
    text = (
        f'{{"v": {VERSION}, "type": "state", "at": {at}, "view": {view_json}, '
        f'"legal": [{acts}], "log_from": {start}, "events": [{parts}]}}'
    )
    return text, total


def refused(exc: ProtocolError) -> str:
    """The error message that refuses what ``exc`` refused: its reason in English (whatever the
    language in use) and the engine's refusal as data, if any."""
    return error(exc.code, exc.english, exc.refusal)


def error(code: ErrorCode, reason: str, refusal: dict[str, Any] | None = None) -> str:
    sent: dict[str, Any] = {"v": VERSION, "type": "error", "code": code, "reason": reason}
    if refusal is not None:
        sent["refusal"] = refusal
    return json.dumps(sent)


@cache
def _strings() -> TypeAdapter[tuple[str, ...]]:
    from pydantic import TypeAdapter

    return TypeAdapter(tuple[str, ...])


@cache
def _events() -> TypeAdapter[tuple[Event, ...]]:
    from pydantic import TypeAdapter

    from keythedral.engine.events import Event  # engine: loaded on use only

    return TypeAdapter(tuple[Event, ...])


#: How this module's server begins every state message (see :func:`state`).
_STATE_HEAD = f'{{"v": {VERSION}, "type": "state", '


@cache
def _state_message() -> TypeAdapter[StateUpdate]:
    """A state message read in one pass (pydantic's own JSON parser, with its nesting limit):
    a tenth of the time of json.loads and a validation of the parts."""
    from pydantic import ConfigDict, NonNegativeInt, TypeAdapter, create_model

    from keythedral.engine import Action, PlayerView  # engine: loaded on use only
    from keythedral.engine.events import Event  # engine: loaded on use only

    message = create_model(
        "StateMessage",
        __config__=ConfigDict(extra="forbid", frozen=True),
        v=(Literal[1], ...),
        type=(Literal["state"], ...),  # type: ignore[arg-type, maybe-unrecognized-str-typeform]
        at=(NonNegativeInt, ...),
        view=(PlayerView, ...),
        legal=(tuple[Action, ...], ...),
        log_from=(NonNegativeInt, ...),
        events=(tuple[Event, ...], ...),
    )

    def update(m: Any) -> StateUpdate:
        return StateUpdate(m.at, m.view, m.legal, m.log_from, m.events)

    return TypeAdapter(Annotated[message, AfterValidator(update)])  # type: ignore[arg-type]


def parse_server(text: str | bytes) -> Welcome | StateUpdate | ErrorMessage:
    """A message from the server, checked (a client trusts the server's game, not its bytes):
    ProtocolError otherwise."""
    from pydantic import ValidationError

    from keythedral import engine  # engine: loaded on use only

    head = _STATE_HEAD if isinstance(text, str) else _STATE_HEAD.encode()
    if text.startswith(head) and len(text) <= MAX_SERVER_MESSAGE:  # type: ignore[arg-type]
        try:
            return _state_message().validate_json(text)
        except ValidationError:
            pass  # read again below, to say what is wrong
    data = _object(text, MAX_SERVER_MESSAGE)
    kind = data["type"]
    try:
        if kind == "welcome":
            _fields(data, {"seat", "names", "seats", "config"}, set())
            names = _strings().validate_python(data["names"])
            seats = _strings().validate_python(data["seats"])
            seat = _count(data["seat"], "seat")
            if seat is None or seat >= len(names) or len(seats) != len(names):
                raise ProtocolError("malformed", N_("The welcome names no seat of the game."))
            return Welcome(seat, names, seats, engine.GameConfig.model_validate(data["config"]))
        if kind == "state":
            _fields(data, {"at", "view", "legal", "log_from", "events"}, set())
            at = _count(data["at"], "at")
            log_from = _count(data["log_from"], "log_from")
            assert at is not None and log_from is not None  # required fields
            if not isinstance(data["legal"], list) or not isinstance(data["events"], list):
                raise ProtocolError(
                    "malformed", N_("A state's legal actions and events are lists.")
                )
            return StateUpdate(
                at,
                engine.PlayerView.model_validate(data["view"]),
                tuple(engine.parse_action(a) for a in data["legal"]),
                log_from,
                _events().validate_python(data["events"]),
            )
        if kind == "error":
            _fields(data, {"code", "reason"}, {"refusal"})
            code, reason, refusal = data["code"], data["reason"], data.get("refusal")
            if not isinstance(code, str) or not isinstance(reason, str):
                raise ProtocolError("malformed", N_("An error has a code and a reason."))
            if not isinstance(refusal, dict):
                refusal = None  # (read with IllegalAction.from_wire, which trusts nothing)
            return ErrorMessage(code[:40], reason[:1000], refusal)
    except (ValidationError, ValueError, TypeError) as exc:
        # I18N: {type} is the type of a network message ("state")
        damaged = N_("The server sent a damaged {type} message.")
        raise ProtocolError("malformed", damaged, type=kind) from exc
    raise _no_type(kind)
