"""Help at the table, for the game screen: the hint key, the walkthrough panel, the rulebook
and context help (``?`` on a field, a corner, a choice, a law card or a mat).

:class:`Assist` is held by the game screen it serves (``GameScreen.assist``), whose key actions
call it: it reads the screen's ``kapp`` (the app and its session), ``view``, ``say`` and the
widgets with the ids used below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import ContentSwitcher

from keythedral.lang import _
from keythedral.safetext import markdown_literal
from keythedral.tui.choices import action_cell
from keythedral.tui.widgets.board import FieldMap
from keythedral.tui.widgets.decision import DecisionPanel
from keythedral.tui.widgets.walkthrough import WalkthroughPanel
from keythedral.vocab import FIELD_YIELD
from keythedral.words import rules, terms
from keythedral.words.text import describe

if TYPE_CHECKING:
    from keythedral.bots.hints import Hint
    from keythedral.engine import Action, PlayerView
    from keythedral.tui.screens.game import GameScreen


def field_rule(view: PlayerView, pos: tuple[int, int]) -> tuple[str, str, str | None]:
    """(where, rules section, extra markdown) for a field of the map."""
    ftype = next((str(f.type) for f in view.fields if tuple(f.pos) == tuple(pos)), None)
    where = f"({pos[0]},{pos[1]})"
    if ftype is None:
        # I18N: {where}: a place on the map, "(3,2)"
        return (
            _("{where}: no field here yet").format(where=where),
            "Laying fields and cottages",
            None,
        )
    colour = FIELD_YIELD[ftype]
    worker = next((w for w in view.workers if tuple(w.field) == tuple(pos)), None)
    # the card's first line names the field already: no heading of its own
    if worker is not None:  # the name in Markdown: shown as it is written
        # I18N: Markdown. {field}: a field type; {colour}: the cube colour it yields; {player}:
        # a player's name
        text = _(
            "A {field} gives **{colour}**: at the harvest, a worker on it brings one {colour} "
            "cube from the store; {player}'s worker is on it. Only one worker fits in a field, "
            "and only homes whose corner touches it may send one."
        ).format(
            field=ftype, colour=colour, player=markdown_literal(view.players[worker.seat].name)
        )
    else:
        # I18N: Markdown. {field}: a field type; {colour}: the cube colour it yields
        text = _(
            "A {field} gives **{colour}**: at the harvest, a worker on it brings one {colour} "
            "cube from the store. Only one worker fits in a field, and only homes whose corner "
            "touches it may send one."
        ).format(field=ftype, colour=colour)
    text += "\n\n"

    return (
        # I18N: a rule card's title: {field}: a field type; {where}: a place on the map, "(3,2)"
        _("The {field} at {where}").format(field=ftype, where=where),
        "Phase 1: placing workers",
        text + rules.section("Phase 1: placing workers"),
    )


def corner_rule(view: PlayerView, pos: tuple[int, int]) -> tuple[str, str]:
    """(where, rules section) for a corner of the map."""
    # I18N: a corner of the map, by its coordinates
    where = _("corner ({x},{y})").format(x=pos[0], y=pos[1])
    if view.keythedral is not None and tuple(view.keythedral) == tuple(pos):
        # I18N: a rule card's title; {where}: a corner of the map
        return _("{where}: the Keythedral tile").format(where=where), "The board"
    home = next((c for c in view.cottages if tuple(c.corner) == tuple(pos)), None)
    fenced = any(tuple(f.corner) == tuple(pos) for f in view.fences)
    if home is None:
        # I18N: a rule card's title; {where}: a corner of the map
        empty = _("{where}: empty").format(where=where)
        if view.phase == "layout":
            return empty, "Laying fields and cottages"
        return empty, "Relocating a fenced-off cottage"
    # I18N: a rule card's title; {where}: a corner of the map; {whose}: the owner ("Ann's",
    # French "d'Ann"); {number}: the number on the home
    said = {
        "where": where,
        "whose": terms.whose(view.players[home.seat].name),
        "number": home.number,
    }
    if fenced and home.house:
        return _("{where}: {whose} house {number}, fenced").format(
            **said
        ), "Build or remove a fence"
    if fenced:
        return _("{where}: {whose} cottage {number}, fenced").format(
            **said
        ), "Build or remove a fence"
    if home.house:
        return _("{where}: {whose} house {number}").format(**said), "Convert a cottage into a house"
    return _("{where}: {whose} cottage {number}").format(**said), "Phase 1: placing workers"


def law_section(card_id: str) -> str:
    """The rules section of a law card (its own, in the glossary of the rules)."""
    from keythedral.engine.catalogue import laws  # engine: after the first frame

    card = laws().get(card_id)
    return f"{card.number}. {card.name}" if card is not None else "Law cards"


def action_rule(action: Action) -> str | None:
    """The rules section behind an action (a law card's own section for a play)."""
    from keythedral.words.walkthrough import KIND_RULES  # not before the first frame

    if action.kind == "play_law":
        return law_section(action.card)
    return KIND_RULES.get(action.kind)


class Assist:
    """The game screen's help keys (see the module docstring)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.hint_shown: Hint | None = None

    # --- the hint ---------------------------------------------------------------------------
    def coach_hint(self) -> Hint | None:
        """The coach's suggestion for the seat at the keyboard (``KeythedralApp.advice``), or
        None when it has no decision or the coach is still thinking (``thinking``)."""
        app = self.screen.kapp
        session, seat = app.session, app.keyboard
        if session is None or seat is None or session.over or not session.legal_for(seat):
            return None
        return app.advice.get(session, seat)

    def thinking(self) -> bool:
        """The coach is still working out the hint for the decision at hand: it is given when
        ready (``Advice.ready``)."""
        app = self.screen.kapp
        session, seat = app.session, app.keyboard
        if session is None or seat is None or session.over or not session.legal_for(seat):
            return False
        return app.advice.want_hint(session, seat)

    def hint(self) -> None:
        screen = self.screen
        h = self.screen.current_hint()  # the coach's, or the tutorial's lesson
        session = screen.kapp.session
        if h is None and self.thinking():
            screen.say(_("The coach is thinking it over: the hint comes in a moment."))
            return
        if h is None or session is None:
            screen.say(_("No decision of yours to give a hint for now."))
            return
        self.hint_shown = h
        view = session.view(screen.kapp.keyboard)
        what = describe(h.action, view)
        panel = screen.query_one(DecisionPanel)
        for i, c in enumerate(panel.choices):
            if c.action == h.action or c.command == f"kind:{h.action.kind}":
                panel.option_list.highlighted = i
                break
        else:
            cell = action_cell(h.action)
            board = screen.query_one(FieldMap)
            if cell is not None and cell in board.targets:
                board.set_cursor(cell, announce=False)
        self.refresh_walkthrough()
        # I18N: {action}: the move the coach suggests; {reason}: why (no full stop)
        text = _("{action}. Why: {reason}.").format(action=what, reason=h.reason)
        # I18N: {hint}: the coach's suggestion
        screen.say(_("Hint: {hint}").format(hint=text))
        screen.show_hint(text, what)  # the tutorial's screen shows it only in the info line

    # --- the walkthrough --------------------------------------------------------------------
    def walkthrough(self) -> None:
        """Show the walkthrough in place of the map (and back)."""
        switcher = self.screen.query_one("#left", ContentSwitcher)
        if switcher.current == "walkthrough":
            self.screen.action_show("map")
            return
        switcher.current = "walkthrough"
        self.refresh_walkthrough()

    def refresh_walkthrough(self) -> None:
        screen = self.screen
        if screen.query_one("#left", ContentSwitcher).current != "walkthrough":
            return
        found = screen.query("#walkthrough")
        if not found:
            return
        app = screen.kapp
        session = app.session
        if session is None:
            return
        seat = app.keyboard
        legal = session.legal() if seat is not None else []
        h = self.hint_shown
        reason = ""
        if h is not None and h.action.seat == seat and h.action in legal:  # this player's hint
            # I18N: {action}: the move the coach suggests; {reason}: why (no full stop)
            reason = _("{action}. Why: {reason}").format(
                action=describe(h.action, session.view(seat)), reason=h.reason
            )
        found.first(WalkthroughPanel).show(session.view(seat), legal, reason)

    # --- the rules --------------------------------------------------------------------------
    def rules(self) -> None:
        """The rulebook, open at the rules of the decision at hand."""
        from keythedral.words.walkthrough import PHASE_RULES  # not before the first frame

        view = self.screen.view
        section = PHASE_RULES.get(str(view.phase)) if view is not None else None
        self.screen.kapp.action_rules(section)

    def context_rule(self) -> tuple[str, str, str | None]:
        """(where, section, markdown or None) for what is under the cursor or highlighted."""
        # not before the first frame
        from keythedral.words.walkthrough import KIND_RULES, PHASE_RULES

        screen = self.screen
        view = screen.view
        switcher = screen.query_one("#left", ContentSwitcher)
        panel = screen.query_one(DecisionPanel)
        focused = screen.focused
        if focused is panel.option_list:
            i = panel.option_list.highlighted
            if i is not None and 0 <= i < len(panel.choices):
                choice = panel.choices[i]
                if choice.action is not None:
                    section = action_rule(choice.action)
                    if section is not None:
                        return choice.text, section, None
                if choice.command.startswith("kind:"):
                    kind = choice.command[5:]
                    return choice.text, KIND_RULES.get(kind, "Phase 3: spending"), None
        # (the second of each: the rulebook's section, an id, in English)
        if view is None:
            return _("The rules"), "Overview", None
        current = switcher.current
        if current == "mats":
            return _("The Keythedral and Keytown mats"), "Components", None
        if current == "log":
            return _("The game so far"), "Round structure", None
        if current == "walkthrough":
            phase = str(view.phase)
            return _("This phase"), PHASE_RULES.get(phase, "Round structure"), None
        kind, pos = screen.query_one(FieldMap).cursor
        if kind == "field":
            return field_rule(view, pos)
        where, section = corner_rule(view, pos)
        return where, section, None

    def help(self) -> None:
        """Context help: the rule of what is under the cursor (k there shows every key)."""
        from keythedral.tui.screens.rules import RuleCard  # not before the first frame

        where, section, markdown = self.context_rule()
        self.screen.app.push_screen(
            RuleCard(where, section, markdown), callback=self._rule_card_closed
        )

    def _rule_card_closed(self, result: str | None) -> None:
        from keythedral.tui.screens.rules import RULE_CARD_KEYS  # not before the first frame

        if result == RULE_CARD_KEYS:
            self.screen.kapp.action_help()
        elif result:
            self.screen.kapp.action_rules(result)
