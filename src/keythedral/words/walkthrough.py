"""The walkthrough: what is happening now, and every option the player has, with reasons.

For ordinary games (the side panel of the app) and for the tutorial.  It reads only what the
seat may know (its ``PlayerView``) and its legal actions, so it can be shown to the player at
the keyboard.  Options that are not open now are listed too, with the reason::

    w = walkthrough(engine.view(state, seat), engine.legal_actions(state))
    w.heading   # "Round 2 · Phase 3: spending"
    w.phase     # what the phase is about
    w.now       # "Ann must take one phase 3 action."
    for o in w.options:
        o.label, o.available, o.detail, o.rule   # "Convert a cottage", False,
                                                  # "needs 1 stone and 1 wood (you have no stone)"
    print(w.text())

No Textual and no engine internals: the view, the legal list and the public catalogue.  The options
of each decision are built in :mod:`keythedral.words.walkthrough_options`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from keythedral.lang import _, ngettext, pgettext
from keythedral.vocab import (
    plural as plural,  # one definition for every layer (tests/test_vocab.py)
)
from keythedral.words import terms
from keythedral.words.walkthrough_options import (
    BUILDERS,
    Option,
    law_options,
    seat_name,
)
from keythedral.words.walkthrough_text import KIND_RULES as KIND_RULES  # read by the app
from keythedral.words.walkthrough_text import LAYOUT_TWO_PLAYERS, PHASE_TEXT
from keythedral.words.walkthrough_text import PHASE_RULES as PHASE_RULES

if TYPE_CHECKING:  # the engine loads behind the app's first frame: import it where used
    from keythedral.engine import PlayerView


@dataclass(frozen=True)
class Walkthrough:
    heading: str
    phase: str
    now: str
    options: tuple[Option, ...] = ()
    laws: tuple[Option, ...] = ()
    rule: str | None = None
    notes: tuple[str, ...] = field(default=())

    def text(self) -> str:
        lines = [self.heading, "", self.phase, "", self.now]
        if self.options:
            lines += ["", *(o.line() for o in self.options)]
        if self.laws:
            lines += ["", _("Your law cards:"), *(o.line() for o in self.laws)]
        if self.notes:
            lines += ["", *self.notes]
        return "\n".join(lines)

    def option(self, label: str) -> Option:
        """The option whose label starts with ``label`` (for tests and the tutorial)."""
        for o in self.options:
            if o.label.startswith(label):
                return o
        raise KeyError(label)


# --- the walkthrough -------------------------------------------------------------------------
def walkthrough(view: PlayerView, legal: Sequence[Any] = ()) -> Walkthrough:
    """Explain the moment for ``view.seat``: the phase, the decision and every option.

    ``legal`` may be the whole legal list; only the seat's own actions are used.
    """
    seat = view.seat
    mine = [a for a in legal if a.seat == seat] if seat is not None else []
    phase = view.phase
    heading = terms.phase(phase)
    if view.round:
        # I18N: the walkthrough's heading: {n} is the number of a round, {phase} a phase's name
        heading = pgettext("a round of the game", "Round {n} · {phase}").format(
            n=view.round, phase=heading
        )
    text = _(PHASE_TEXT[phase]) if phase in PHASE_TEXT else ""
    if phase == "layout" and len(view.players) == 2:
        text = _(LAYOUT_TWO_PLAYERS)
    rule = PHASE_RULES.get(phase)
    if phase == "game_over":
        return Walkthrough(heading, text, _result(view), rule=rule)
    if seat is None or seat not in view.to_act or not mine:
        waiting = terms.or_chain([seat_name(view, s) for s in view.to_act]) or _("nobody")
        # I18N: {players} is who the game waits for ("Ann or Bob"), {asks} what they must do
        now = _("Waiting for {players}: {asks}.").format(
            players=waiting, asks=terms.asks(view.decision)
        )
        return Walkthrough(heading, text, now, rule=rule, notes=_notes(view))
    me = view.me
    assert me is not None
    d = view.decision
    builder = BUILDERS.get(d)
    options = tuple(builder(view, mine)) if builder is not None else ()
    if d in ("window",):
        options = (*options, *law_options(view, mine, only_playable=True))
    # I18N: {player} is the player at the keyboard, {asks} what they must do
    now = _("{player}, you must {asks}.").format(player=seat_name(view, seat), asks=terms.asks(d))
    if d == "window" and view.windows:
        now = _window_now(view) + " " + now
    laws = tuple(law_options(view, mine)) if d != "window" and me.laws else ()
    return Walkthrough(heading, text, now, options, laws, rule, _notes(view))


def _result(view: PlayerView) -> str:
    if view.scores is None:
        return _("The game is over.")
    parts = [
        _("{player} {score}").format(player=p.name, score=s)
        for p, s in zip(view.players, view.scores, strict=False)
    ]
    winners = terms.and_list([seat_name(view, w) for w in view.winners or ()])
    # I18N: the end of the game: {scores} lists everyone's score ("Ann 9, Bob 12"), {winners}
    # the winners ("Bob", "Ann and Bob")
    return _("Scores: {scores}. Winner: {winners}.").format(
        scores=terms.comma_list(parts), winners=winners or _("nobody")
    )


def _notes(view: PlayerView) -> tuple[str, ...]:
    notes = []
    if view.phase not in ("layout", "game_over"):
        tiles = sum(view.face_down) + len(view.tiles)
        # I18N: {stage} is 1 to 5, {n} the building tiles left in the game
        for_sale = ngettext(
            "Stage {stage} of the Keythedral is for sale; {n} building tile left in the game.",
            "Stage {stage} of the Keythedral is for sale; {n} building tiles left in the game.",
            tiles,
        )
        notes.append(for_sale.format(stage=min(view.stage, 5), n=tiles))
    if view.phase == "spend":
        active = [p for p in view.players if not p.procured_law_this_round]
        # I18N: {n} players passed one after the other; {active} passes in a row end the phase
        passes = ngettext(
            "{n} pass in a row so far; the phase ends after {active} in a row.",
            "{n} passes in a row so far; the phase ends after {active} in a row.",
            view.passes,
        )
        notes.append(passes.format(n=view.passes, active=len(active)))
    return tuple(notes)


def _window_now(view: PlayerView) -> str:
    top = view.windows[-1]
    if top.kind == "purchase" and top.purchase is not None:
        # I18N: a building tile, where none is named
        tile = terms.tile(top.purchase.tile) if top.purchase.tile else _("a tile")
        return _("{player} declared the purchase of {tile}.").format(
            player=seat_name(view, top.purchase.seat), tile=tile
        )
    if top.kind == "law_played" and top.law is not None:
        # I18N: {card} is the law card played; {repeal} the name of the card Repeal law
        only = _("{player} played {card}: only {repeal} can answer it.")
        return only.format(
            player=seat_name(view, top.law.seat),
            card=terms.card(top.law.card),
            repeal=terms.card("repeal-law"),
        )
    # I18N: {phase} is a phase's name ("Phase 3: spending")
    return _("{phase} begins: laws for its start may be played.").format(
        phase=terms.phase(top.phase)
    )


def options_text(view: PlayerView, legal: Sequence[Any]) -> str:
    """The whole walkthrough as plain text (for the terminal and tests)."""
    return walkthrough(view, legal).text()
