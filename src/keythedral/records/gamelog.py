"""The public log of a game as plain text, for screen readers, ``grep`` and people.

The state keeps only its most recent events, so the whole log is rebuilt by replaying the
game's actions and collecting every event each one added, with a heading at each new round::

    Keythedral · Ann, Bob, Cy · seed 7
    == Layout ==
    Ann lays a farm at (1,0).
    ...
    == Round 1 ==
    Round 1 begins; Ann is the start player.
    Ann puts work-order marker 1 on number 2.

Only public events are logged by the engine (nothing from behind a player's screen), so the
text can be shown to anyone.  The engine logs events, not words: ``narration`` tells them.
``keythedral log [FILE]`` prints it; the app saves it too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from keythedral.lang import _, ngettext, pgettext
from keythedral.safetext import printable
from keythedral.words import terms

if TYPE_CHECKING:
    from keythedral.engine import GameConfig, GameState


def _heading(rnd: int) -> str:
    if rnd == 0:
        # I18N: a heading of `keythedral log`: the layout, before the first round
        return _("== Layout ==")
    # I18N: a heading of `keythedral log`: {n} is the number of a round of the game
    return pgettext("a round of the game", "== Round {n} ==").format(n=rnd)


def events(states: Iterable[GameState], you: int | None = None) -> Iterator[str]:
    """Every public event of a game, given its states in order, told as sentences (see
    ``narration``; ``you``: the seat told in the second person), with round headings.

    Events go under the round in which the action that caused them was taken, except that
    a new round's heading comes before the line that begins it."""
    from keythedral.engine.events import RoundBegan  # engine: loaded on use only
    from keythedral.words.narration import narrate  # engine: loaded on use only

    seen = 0
    heading = None
    rnd = 0
    for state in states:
        new = state.log_total - seen
        if new < 0:  # a state from before (an undo): start over from its log
            seen, new = 0, state.log_total
        fresh = state.log[-new:] if 0 < new <= len(state.log) else state.log if new else ()
        lost = new - len(state.log)
        if seen == 0:  # the first state (or one from before): its log began in this round
            rnd = state.round - sum(isinstance(e, RoundBegan) for e in fresh)
        names = state.config.players
        for i, event in enumerate(fresh):
            if isinstance(event, RoundBegan):
                rnd = event.round
            h = _heading(rnd)
            if h != heading:
                heading = h
                yield h
            if i == 0 and lost > 0:
                yield ngettext(
                    "({n} earlier event was not kept)", "({n} earlier events were not kept)", lost
                ).format(n=lost)
            yield narrate(event, names, you)
        seen = state.log_total
        rnd = state.round


def replayed(config: GameConfig, actions: Sequence[Any]) -> Iterator[GameState]:
    """The states of a game, from its config and actions (which must be legal)."""
    from keythedral import engine  # engine: loaded on use only

    state = engine.new_game(config)
    yield state
    for action in actions:
        state = engine.apply(state, action)
        yield state


def log_text(config: GameConfig, actions: Sequence[Any]) -> str:
    """The whole public log of the game, as plain text with a title line (no control
    characters: it goes to terminals and files)."""
    states = list(replayed(config, actions))
    # I18N: the title line of `keythedral log`: {players} lists the players' names, {seed}
    # is the game's seed (a number)
    title = _("Keythedral · {players} · seed {seed}")
    lines = [title.format(players=terms.comma_list(list(config.players)), seed=config.seed)]
    lines += events(states)
    final = states[-1]
    if not final.to_act and final.scores is not None:
        scores = terms.comma_list(
            [
                # I18N: a player's score at the end: {player} is their name, {score} their seats
                _("{player} {score}").format(player=name, score=score)
                for name, score in zip(config.players, final.scores, strict=True)
            ]
        )
        # I18N: the last heading of `keythedral log`, over the scores
        lines += [_("== The end =="), _("Scores: {scores}.").format(scores=scores)]
    return printable("\n".join(lines) + "\n")
