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

import inspect
from collections.abc import Callable
from typing import Any

from keythedral.lang import _

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
    """A bot name or option that does not exist; the message says what is available, in the
    language in use (the bots' names and options are ids, the same in every language)."""


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
        # I18N: {name}: the bot name asked for, quoted; {names}: the names there are (ids, the
        # same in every language: random, greedy, ismcts, coach, easy, normal, hard)
        said = _("no bot called {name}: choose from {names}")
        raise BotSpecError(said.format(name=repr(name), names=", ".join([*BOTS, *LEVELS])))
    options: dict[str, Any] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            # I18N: {option}: what was given as a bot's option, quoted; {spec}: the bot's whole
            # spec ("ismcts:time"), quoted; "key=value" is what to type, as it is
            said = _("bot option {option} in {spec} must look like key=value")
            raise BotSpecError(said.format(option=repr(part), spec=repr(spec)))
        options[key.strip()] = _value(value.strip())
    return name, options


def make_bot(spec: str, seed: int = 0, **options: Any) -> Bot:
    """A bot from its name or level (or a ``name:key=value`` spec), a seed and options."""
    name, parsed = parse_spec(spec)
    parsed.update(options)
    make = LEVELS[name].make if name in LEVELS else BOTS[name]
    if (problem := _unknown_options(make, parsed)) is not None:
        raise _bad_options(name, problem)
    try:
        if name in LEVELS:
            return LEVELS[name].bot(seed, **parsed)
        return BOTS[name](seed, **parsed)
    except (TypeError, ValueError) as exc:  # a TypeError's detail is in Python's words
        raise _bad_options(name, str(exc)) from exc


def _bad_options(name: str, problem: str) -> BotSpecError:
    # I18N: {bot}: a bot's name (an id: ismcts); {problem}: what is wrong with its options
    return BotSpecError(_("bad options for {bot}: {problem}").format(bot=name, problem=problem))


def _unknown_options(make: Callable[..., Bot], options: dict[str, Any]) -> str | None:
    """What is wrong with ``options`` for the bot ``make`` makes when it has no option of one
    of their names, in words; None when it has each."""
    # every parameter after the seed (compiled by mypyc, a class's signature has the right
    # names but marks every parameter positional-only)
    taken = [p.name for p in list(inspect.signature(make).parameters.values())[1:]]
    unknown = sorted(set(options) - set(taken))
    if not unknown:
        return None
    if not taken:
        # I18N: a bot was given options it has none of; {options}: the ones given (ids)
        return _("it has no options (not {options})").format(options=", ".join(unknown))
    # I18N: a bot was given options it lacks; {options}: the ones given, {taken}: its options
    # (ids, as typed: iterations, time, c, ...)
    said = _("it has no option {options}: its options are {taken}")
    return said.format(options=", ".join(unknown), taken=", ".join(taken))


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
        # I18N: a bot's name and options are too long; {n}: how many letters at most
        said = _("a computer player's name and options take at most {n} letters")
        raise BotSpecError(said.format(n=MAX_SPEC))
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
