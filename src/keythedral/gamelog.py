"""The public log of a game as plain text, for screen readers, ``grep`` and people.

The state keeps only its most recent events, so the whole log is rebuilt by replaying the
game's actions and collecting every event each one added, with a heading at each new round::

    Keythedral · Ann, Bob, Cy · seed 7
    == Layout ==
    Ann lays a farm at (1,0).
    ...
    == Round 1 ==
    Ann chooses work order 2.

Only public events are logged by the engine (nothing from behind a player's screen), so the
text can be shown to anyone.  ``keythedral log [FILE]`` prints it; the app saves it too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from keythedral.engine import GameConfig, GameState


ROUND_BEGINS = re.compile(r"^Round (\d+) begins")
LAW_TARGET = re.compile(r" plays the law (.+?) \(target (\d+)(?:, number (\d+))?")
POSITION = re.compile(r"\((-?\d+), (-?\d+)\)")  # "(1, -2)": a field or a corner


def readable(line: str, names: Sequence[str]) -> str:
    """An event as people say it: the engine names a law card's target by its seat number
    ("Downgrade house (target 1, number 1)"), a player reads "Downgrade house (Bob's number
    1)"; a place reads as on the map, "(1,-2)".  The engine's own text stays as it is: it is
    part of every saved state."""

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(2))
        who = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
        number = f"'s number {m.group(3)}" if m.group(3) else ""
        return f" plays the law {m.group(1)} ({who}{number}"

    # Places are written as the map and the lists of choices write them: "(1,-2)".
    return POSITION.sub(r"(\1,\2)", LAW_TARGET.sub(name, line))


def _heading(rnd: int) -> str:
    return "== Layout ==" if rnd == 0 else f"== Round {rnd} =="


def events(states: Iterable[GameState]) -> Iterator[str]:
    """Every public event of a game, given its states in order, with round headings.

    Events go under the round in which the action that caused them was taken, except that
    a new round's heading comes before the line that begins it."""
    seen = 0
    heading = None
    rnd = 0
    for state in states:
        new = state.log_total - seen
        if new < 0:  # a state from before (an undo): start over from its log
            seen, new = 0, state.log_total
        lines = state.log[-new:] if 0 < new <= len(state.log) else state.log if new else ()
        if new > len(state.log):
            lines = (f"({new - len(state.log)} earlier events were not kept)", *lines)
        for line in lines:
            begins = ROUND_BEGINS.match(line)
            if begins:
                rnd = int(begins.group(1))
            h = _heading(rnd)
            if h != heading:
                heading = h
                yield h
            yield line
        seen = state.log_total
        rnd = state.round


def replayed(config: GameConfig, actions: Sequence[Any]) -> Iterator[GameState]:
    """The states of a game, from its config and actions (which must be legal)."""
    from keythedral import engine

    state = engine.new_game(config)
    yield state
    for action in actions:
        state = engine.apply(state, action)
        yield state


def log_text(config: GameConfig, actions: Sequence[Any]) -> str:
    """The whole public log of the game, as plain text with a title line (no control
    characters: it goes to terminals and files)."""
    from keythedral.safetext import printable

    states = list(replayed(config, actions))
    lines = [f"Keythedral · {', '.join(config.players)} · seed {config.seed}"]
    lines += (readable(line, config.players) for line in events(states))
    final = states[-1]
    if not final.to_act and final.scores is not None:
        scores = ", ".join(
            f"{name} {score}" for name, score in zip(config.players, final.scores, strict=True)
        )
        lines += ["== The end ==", f"Scores: {scores}."]
    return printable("\n".join(lines) + "\n")
