"""Help at the table, for the game screen: the hint key, the walkthrough panel, the rulebook
and context help (``?`` on a field, a corner, a choice, a law card or a mat).

A mixin, so that the game screen keeps its own file: the screen provides ``kapp`` (the app and
its session), ``view``, ``say`` and the widgets with the ids used below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widgets import ContentSwitcher

from keythedral.tui.widgets.walkthrough import WalkthroughPanel

if TYPE_CHECKING:
    from keythedral.bots.hints import Hint
    from keythedral.engine import PlayerView

#: The ids of the help bindings (rebindable like the others).
HELP_KEYS = {"hint": "i", "walkthrough": "e", "rules": "b", "help": "question_mark"}


def field_rule(view: PlayerView, pos: tuple[int, int]) -> tuple[str, str, str | None]:
    """(where, rules section, extra markdown) for a field of the map."""
    from keythedral.safetext import markdown_literal
    from keythedral.vocab import FIELD_YIELD

    ftype = next((str(f.type) for f in view.fields if tuple(f.pos) == tuple(pos)), None)
    where = f"({pos[0]},{pos[1]})"
    if ftype is None:
        return f"{where}: no field here yet", "Laying fields and cottages", None
    colour = FIELD_YIELD[ftype]
    worker = next((w for w in view.workers if tuple(w.field) == tuple(pos)), None)
    who = ""
    if worker is not None:  # the name in Markdown: shown as it is written
        who = f"; {markdown_literal(view.players[worker.seat].name)}'s worker is on it"
    text = (  # the card's first line names the field already: no heading of its own
        f"A {ftype} gives **{colour}**: at the harvest, a worker "
        f"on it brings one {colour} cube from the store{who}. Only one worker fits in a field, "
        "and only homes whose corner touches it may send one.\n\n"
    )
    from keythedral import rules

    return (
        f"The {ftype} at {where}",
        "Phase 1: placing workers",
        text + rules.section("Phase 1: placing workers"),
    )


def corner_rule(view: PlayerView, pos: tuple[int, int]) -> tuple[str, str]:
    """(where, rules section) for a corner of the map."""
    where = f"corner ({pos[0]},{pos[1]})"
    if view.keythedral is not None and tuple(view.keythedral) == tuple(pos):
        return f"{where}: the Keythedral tile", "The board"
    home = next((c for c in view.cottages if tuple(c.corner) == tuple(pos)), None)
    fenced = any(tuple(f.corner) == tuple(pos) for f in view.fences)
    if home is None:
        if view.phase == "layout":
            return f"{where}: empty", "Laying fields and cottages"
        return f"{where}: empty", "Relocating a fenced-off cottage"
    owner = view.players[home.seat].name
    kind = "house" if home.house else "cottage"
    if fenced:
        return f"{where}: {owner}'s {kind} {home.number}, fenced", "Build or remove a fence"
    if home.house:
        return f"{where}: {owner}'s house {home.number}", "Convert a cottage into a house"
    return f"{where}: {owner}'s cottage {home.number}", "Phase 1: placing workers"


def law_section(card_id: str) -> str:
    """The rules section of a law card (its own, in the glossary of the rules)."""
    from keythedral.engine.catalogue import laws

    card = laws().get(card_id)
    return f"{card.number}. {card.name}" if card is not None else "Law cards"


def action_rule(action: Any) -> str | None:
    """The rules section behind an action (a law card's own section for a play)."""
    from keythedral.walkthrough import KIND_RULES

    if action.kind == "play_law":
        return law_section(action.card)
    return KIND_RULES.get(action.kind)


class AssistMixin:
    """The game screen's help keys (see the module docstring)."""

    hint_shown: Hint | None = None

    # --- the hint ---------------------------------------------------------------------------
    def current_hint(self) -> Hint | None:
        """Greedy's suggestion for the seat at the keyboard, or None when it has no decision."""
        app = self.kapp  # type: ignore[attr-defined]
        session, seat = app.session, app.keyboard
        if session is None or seat is None or session.over or not session.legal_for(seat):
            return None
        from keythedral.bots.hints import hint

        return hint(session.view(seat), session.legal())

    def action_hint(self) -> None:
        from keythedral.tui.screens.game import action_cell
        from keythedral.tui.text import describe
        from keythedral.tui.widgets.board import FieldMap
        from keythedral.tui.widgets.decision import DecisionPanel

        h = self.current_hint()
        if h is None:
            self.say("No decision of yours to give a hint for now.")  # type: ignore[attr-defined]
            return
        self.hint_shown = h
        view = self.kapp.session.view(self.kapp.keyboard)  # type: ignore[attr-defined]
        what = describe(h.action, view)
        panel = self.query_one(DecisionPanel)  # type: ignore[attr-defined]
        for i, c in enumerate(panel.choices):
            if c.action == h.action or c.command == f"kind:{h.action.kind}":
                panel.option_list.highlighted = i
                break
        else:
            cell = action_cell(h.action)
            board = self.query_one(FieldMap)  # type: ignore[attr-defined]
            if cell is not None and cell in board.targets:
                board.set_cursor(cell, announce=False)
        self._refresh_walkthrough()
        text = f"{what}. Why: {h.reason}."
        self.say(f"Hint: {text}")  # type: ignore[attr-defined]
        self.show_hint(text)

    def show_hint(self, text: str) -> None:
        """The info line is one row: the whole hint, wrapped, in a note that fades by itself."""
        self.notify(text, title="Hint", timeout=12)  # type: ignore[attr-defined]

    # --- the walkthrough --------------------------------------------------------------------
    def action_walkthrough(self) -> None:
        """Show the walkthrough in place of the map (and back)."""
        switcher = self.query_one("#left", ContentSwitcher)  # type: ignore[attr-defined]
        if switcher.current == "walkthrough":
            self.action_show("map")  # type: ignore[attr-defined]
            return
        switcher.current = "walkthrough"
        self._refresh_walkthrough()

    def _refresh_walkthrough(self) -> None:
        found = self.query("#walkthrough")  # type: ignore[attr-defined]
        switcher = self.query_one("#left", ContentSwitcher)  # type: ignore[attr-defined]
        if not found or switcher.current != "walkthrough":
            return
        app = self.kapp  # type: ignore[attr-defined]
        session = app.session
        if session is None:
            return
        seat = app.keyboard
        legal = session.legal() if seat is not None else []
        h = self.hint_shown
        reason = ""
        if h is not None and h.action.seat == seat and h.action in legal:  # this player's hint
            from keythedral.tui.text import describe

            reason = f"{describe(h.action, session.view(seat))}. Why: {h.reason}"
        found.first(WalkthroughPanel).show(session.view(seat), legal, reason)

    # --- the rules --------------------------------------------------------------------------
    def action_rules(self) -> None:
        """The rulebook, open at the rules of the decision at hand."""
        from keythedral.walkthrough import PHASE_RULES

        view = self.view  # type: ignore[attr-defined]
        section = PHASE_RULES.get(str(view.phase)) if view is not None else None
        self.kapp.action_rules(section)  # type: ignore[attr-defined]

    def context_rule(self) -> tuple[str, str, str | None]:
        """(where, section, markdown or None) for what is under the cursor or highlighted."""
        from keythedral.tui.widgets.board import FieldMap
        from keythedral.tui.widgets.decision import DecisionPanel
        from keythedral.walkthrough import KIND_RULES, PHASE_RULES

        view = self.view  # type: ignore[attr-defined]
        switcher = self.query_one("#left", ContentSwitcher)  # type: ignore[attr-defined]
        panel = self.query_one(DecisionPanel)  # type: ignore[attr-defined]
        focused = self.focused  # type: ignore[attr-defined]
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
        if view is None:
            return "The rules", "Overview", None
        current = switcher.current
        if current == "mats":
            return "The Keythedral and Keytown mats", "Components", None
        if current == "log":
            return "The game so far", "Round structure", None
        if current == "walkthrough":
            phase = str(view.phase)
            return "This phase", PHASE_RULES.get(phase, "Round structure"), None
        kind, pos = self.query_one(FieldMap).cursor  # type: ignore[attr-defined]
        if kind == "field":
            return field_rule(view, pos)
        where, section = corner_rule(view, pos)
        return where, section, None

    def action_help(self) -> None:
        """Context help: the rule of what is under the cursor (k there shows every key)."""
        from keythedral.tui.screens.rules import RuleCard

        where, section, markdown = self.context_rule()
        self.app.push_screen(  # type: ignore[attr-defined]
            RuleCard(where, section, markdown), callback=self._rule_card_closed
        )

    def _rule_card_closed(self, result: str | None) -> None:
        from keythedral.tui.screens.rules import RULE_CARD_KEYS

        if result == RULE_CARD_KEYS:
            self.kapp.action_help()  # type: ignore[attr-defined]
        elif result:
            self.kapp.action_rules(result)  # type: ignore[attr-defined]
