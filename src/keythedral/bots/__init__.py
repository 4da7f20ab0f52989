"""Computer players.  Every bot is ``choose(view, legal) -> Action``.

Usage (the TUI, ``keythedral simulate`` and tests all go through this)::

    from keythedral import bots, engine

    bot = bots.make_bot("greedy", seed=7)            # or "random", "ismcts"
    bot = bots.make_bot("ismcts:time=0.5", seed=7)   # options after the name, ':'-separated
    bot = bots.make_bot("ismcts", seed=7, iterations=200)

    seat = state.to_act[0]
    action = bot.choose(engine.view(state, seat), engine.legal_actions(state))
    state = engine.apply(state, action)

- ``view`` must be the view of the seat the bot plays (``view.seat``); ``legal`` may be the
  whole legal list: in a reaction window it holds every answering seat's actions, and the bot
  returns one of its own seat's.  Asking a bot for a seat with no legal action raises
  ``NoActionError``.
- A bot only ever returns an element of ``legal``.  It reads nothing but its arguments, so it
  cannot see other seats' secrets.
- Bots are deterministic: the same view and the same seed give the same action (``ismcts`` with
  a ``time`` budget excepted: its iteration count depends on the machine).
- ``choose`` may take a while: ``greedy`` and ``random`` well under a millisecond, ``ismcts``
  its budget (by default 300 iterations, about a second).  An interactive front end should
  call it off the UI thread (for Textual: a thread worker) and show a short pause and a log
  line for every bot move.
- One bot object per seat (``ismcts`` keeps search statistics in ``last`` / ``total``).

Registered bots: ``random`` (uniform), ``greedy`` (a readable heuristic, see
:mod:`.greedy`), ``ismcts`` (information-set Monte Carlo tree search, see :mod:`.ismcts`;
options ``iterations``, ``time``, ``c``, ``width``, ``depth``, ``epsilon``), ``coach`` (every
suggestion of the coach, see :mod:`.coach`; options ``iterations``, ``time``).

Strength levels (:mod:`.levels`) are names for a bot and its settings, taken wherever a bot's
name is: ``easy`` (greedy with slips), ``normal`` (greedy), ``hard`` (ismcts, a second a
move); options after a level replace its own (``hard:iterations=50``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Bot, NoActionError, own_actions
from .coach import CoachBot
from .greedy import GreedyBot
from .ismcts import IsmctsBot
from .levels import LEVELS
from .random_bot import RandomBot

#: name -> class; each takes ``seed`` first and its options as keywords.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": IsmctsBot,
    "coach": CoachBot,
}

#: What each bot is, in a few words (for menus and ``--help``).
DESCRIPTIONS: dict[str, str] = {
    "random": "picks any legal action at random",
    "greedy": "a quick heuristic: builds, houses, crafts ahead",
    "ismcts": "searches (Monte Carlo) over what it cannot see",
    "coach": "plays every move the coach would suggest to a person",
    **{name: level.description for name, level in LEVELS.items()},
}


class BotSpecError(ValueError):
    """A bot name or option that does not exist; the message says what is available."""


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:time=0.25:c=0.5"`` -> ``("ismcts", {"time": 0.25, "c": 0.5})``; a level's
    name is kept as it is (``"hard:time=2"`` -> ``("hard", {"time": 2})``)."""
    name, *parts = spec.strip().split(":")
    name = name.strip().lower()
    if name not in BOTS and name not in LEVELS:
        raise BotSpecError(f"no bot called {name!r}: choose from {', '.join([*BOTS, *LEVELS])}")
    options: dict[str, Any] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise BotSpecError(f"bot option {part!r} in {spec!r} must look like key=value")
        options[key.strip()] = _value(value.strip())
    return name, options


def make_bot(spec: str, seed: int = 0, **options: Any) -> Bot:
    """A bot from its name or level (or a ``name:key=value`` spec), a seed and options."""
    name, parsed = parse_spec(spec)
    parsed.update(options)
    try:
        if name in LEVELS:
            return LEVELS[name].bot(seed, **parsed)
        return BOTS[name](seed, **parsed)
    except TypeError as exc:
        raise BotSpecError(f"bad options for {name}: {exc}") from exc
    except ValueError as exc:
        raise BotSpecError(f"bad options for {name}: {exc}") from exc


#: Seconds a plain "ismcts" seat of a game searches at most, a move, so that people do not
#: wait long on a slow machine (its options, when given, are kept as they are).
SEAT_ISMCTS_TIME = 1.0


def seat_bot(spec: str, game_seed: int, seat: int) -> Bot:
    """The bot for ``seat`` of a game being played (the app's or a hosted one), seeded from
    the game: a resumed game plays on with the same bots."""
    extra = {"time": SEAT_ISMCTS_TIME} if spec.strip().lower() == "ismcts" else {}
    return make_bot(spec, seed=game_seed * 7 + seat, **extra)


#: The longest bot spec taken ("ismcts:time=0.5:c=0.3:width=6" is 29 characters).
MAX_SPEC = 200


def check_spec(spec: str) -> None:
    """Refuse (BotSpecError) a seat's spec that could not play: an unknown bot, an option it
    does not take or a value out of its range (``ismcts:time=100000``).  The one check for
    every way a seat is named: the command line's ``--bots`` and the seats of a save."""
    if len(spec) > MAX_SPEC:
        raise BotSpecError(f"a computer player's name and options take at most {MAX_SPEC} letters")
    make_bot(spec)


def bot_names() -> list[str]:
    return list(BOTS)


def level_names() -> list[str]:
    """The strength levels, from the weakest."""
    return list(LEVELS)


__all__ = [
    "BOTS",
    "DESCRIPTIONS",
    "LEVELS",
    "Bot",
    "BotSpecError",
    "GreedyBot",
    "IsmctsBot",
    "NoActionError",
    "RandomBot",
    "bot_names",
    "check_spec",
    "level_names",
    "make_bot",
    "own_actions",
    "parse_spec",
    "seat_bot",
]
