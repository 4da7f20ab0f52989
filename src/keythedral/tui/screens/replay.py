"""The replay viewer: a finished (or unfinished) game, action by action, from any seat's view.

``keythedral replay FILE`` opens it.  The board, the mats and the public log are the game
screen's widgets, drawn at the cursor's position; the side column shows the hand of the seat
whose viewpoint is chosen (its private screen), every hand at once ("all"), or none ("public").
It is a review tool: there is no privacy screen.  The game it shows is a
:class:`~keythedral.tui.session.ReplaySession` at the cursor's position, read through the same
interface as the game screen's (``GameSession``: views, seats and their labels); nothing can be
played in it (it has no authority).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import ContentSwitcher, Static

from keythedral.lang import _, pgettext, upper_first
from keythedral.records import gamelog
from keythedral.tui.bindings import bindings
from keythedral.tui.keys import REPLAY
from keythedral.tui.screens.base import BaseScreen
from keythedral.tui.screens.game import action_cell, board_panes
from keythedral.tui.widgets.board import FieldMap
from keythedral.tui.widgets.keybar import KeyBar
from keythedral.tui.widgets.panels import HandPanel, KeythedralMat, KeytownMat, StatusBar
from keythedral.words import terms
from keythedral.words.text import (
    cubes_text,
    decision_prompt,
    describe,
    law_name,
    seat_tokens,
    seats_text,
    worth_text,
)

if TYPE_CHECKING:
    from keythedral.engine import PlayerView
    from keythedral.records.replay import ReplayCursor

#: The viewpoints besides a seat's own: everything, or only what is public.
ALL, PUBLIC = "all", "public"
LOG_LINES = 300  # the public log shows this many lines up to the cursor


def log_marks(states: list[Any]) -> tuple[list[str], list[int]]:
    """Every line of the public log (with round headings), and for each state index ``k`` the
    number of lines logged up to and including state ``k`` (``ends[k + 1]``)."""
    lines: list[str] = []
    ends: list[int] = []

    def feed() -> Any:
        for state in states:
            ends.append(len(lines))
            yield state

    for line in gamelog.events(feed()):
        lines.append(line)
    ends.append(len(lines))
    return lines, ends


class ReplayScreen(BaseScreen):
    """Steps through a replay; the footer lists the keys."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    AUTO_FOCUS = ""
    BINDINGS = bindings(REPLAY)
    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; background: $background; }
    ReplayScreen #replay-log { height: 1fr; padding: 0 1; }
    ReplayScreen #replay-side { width: 38; height: 1fr; border-left: vkey $panel-lighten-1; }
    ReplayScreen.-wide #replay-side { width: 48; }
    ReplayScreen #replay-hands { height: auto; max-height: 60%; }
    ReplayScreen #replay-step { height: 1fr; padding: 0 1; }
    ReplayScreen #all-hands { border: round $secondary; border-title-align: left; padding: 0 1; }
    """

    def __init__(self, cursor: ReplayCursor, title: str = "") -> None:
        super().__init__()
        from keythedral.tui.session import ReplaySession  # engine: loaded on use only

        self.cursor = cursor
        #: The game at the cursor, as every screen reads a game (nothing can be played in it).
        self.game = ReplaySession.of(cursor)
        self.title_text = title
        self.config = self.game.config
        self.tokens = seat_tokens(self.config.players)
        self.viewpoint: int | str = ALL
        self.lines, self.ends = log_marks(cursor.states)
        self.rounds = cursor.round_starts()

    # --- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with ContentSwitcher(initial="map", id="left"):
                yield from board_panes()
                with VerticalScroll(id="replay-log"):
                    yield Static(id="replay-log-text")
            with Vertical(id="replay-side"):
                with VerticalScroll(id="replay-hands"):
                    yield HandPanel(id="hand")
                    yield Static(id="all-hands")
                with VerticalScroll(id="replay-step"):
                    yield Static(id="replay-step-text")
        yield Static(id="info")
        yield KeyBar(compact=True)
        yield self.compose_too_small()

    def on_mount(self) -> None:
        board = self.query_one(FieldMap)
        board.can_focus = False  # the arrow keys step through the game, not the map cursor
        self.show_position()

    def relanguage(self) -> None:
        """The app's language changed: the position drawn again in it."""
        self.query_one(HandPanel).relanguage()
        self.show_position()
        self.query_one(FieldMap).refresh()  # its legend line

    # --- drawing ------------------------------------------------------------------------------
    def viewpoint_text(self) -> str:
        if self.viewpoint == ALL:
            # I18N: the replay's viewpoint, on its info line
            return _("all hands shown")
        if self.viewpoint == PUBLIC:
            return _("public view (no hand)")
        assert isinstance(self.viewpoint, int)
        # I18N: the replay's viewpoint: {whose}: a player, as an owner ("Ann's", French "d'Ann")
        name = self.config.players[self.viewpoint]
        return _("{whose} view (private)").format(whose=terms.whose(name))

    def show_position(self) -> None:
        cur, game = self.cursor, self.game
        seat = self.viewpoint if isinstance(self.viewpoint, int) else None
        view = game.view(seat)
        self.query_one(StatusBar).show(view, game.to_act, game.public_seed, self.tokens)
        self.query_one(KeythedralMat).show(view)
        self.query_one(KeytownMat).show(view, self.tokens)
        board = self.query_one(FieldMap)
        board.show(view, self.tokens)
        last = cur.last_action
        cell = action_cell(last) if last is not None else None
        if cell is not None:
            board.set_cursor(cell, announce=False)
        hand = self.query_one(HandPanel)
        hands = self.query_one("#all-hands", Static)
        if self.viewpoint == ALL:
            hand.display = False
            hands.display = True
            hands.border_title = _("Every hand (all seats)")
            hands.update(self.all_hands())
        else:
            hand.display = True
            hands.display = False
            hand.show(
                view if seat is not None else None, self.tokens, _("Public view: no hand shown.")
            )
        self.query_one("#replay-step-text", Static).update(self.step_text(view))
        self.query_one("#replay-log-text", Static).update(self.log_text())
        self.call_after_refresh(self._log_to_end)
        if game.round == 0:
            # I18N: the part of the game before the first round, when the landscape is laid
            rnd = pgettext("the game's opening", "layout")
        else:
            rnd = pgettext("a round of the game", "round {n}").format(n=game.round)
        said = {
            "title": self.title_text,
            "n": cur.index,
            "count": len(cur),
            "round": rnd,
            "view": self.viewpoint_text(),
        }
        if self.title_text:
            # I18N: the replay's info line: {title}: the replay file's name; {n} of {count}:
            # the action shown; {round}: "round 3"; {view}: whose view it is
            line = _("{title} · action {n} of {count} · {round} · {view}").format(**said)
        else:
            line = _("action {n} of {count} · {round} · {view}").format(**said)
        self.query_one("#info", Static).update(Text(line), layout=False)
        self.refresh_bindings()

    def _log_to_end(self) -> None:
        self.query_one("#replay-log", VerticalScroll).scroll_end(animate=False)

    def all_hands(self) -> Text:
        """Every seat's cubes, laws and seats, from each seat's own view."""
        text = Text()
        edition = self.config.edition
        for seat in range(self.config.n):
            me = self.game.view(seat).me
            if me is None:  # pragma: no cover - a seat's own view always has its hand
                continue
            if seat:
                text.append("\n")
            text.append(self.game.seat_label(seat), style="bold")
            # I18N: no cube held (French "aucun": le cube)
            no_cube = _("none")
            # I18N: a hand in the replay: {cubes}: the cubes held; {worth}: what they are worth
            cubes = _("cubes: {cubes} ({worth})").format(
                cubes=cubes_text(me.cubes, no_cube), worth=worth_text(me.cubes, edition)
            )
            # I18N: a hand in the replay: {laws}: the law cards held, comma-separated
            laws = _("laws: {laws}").format(
                laws=", ".join(law_name(c) for c in me.laws) or pgettext("no law", "none")
            )
            # I18N: a hand in the replay: {seats}: the building tiles bought
            seats = _("seats: {seats}").format(seats=seats_text(me.buildings, edition))
            text.append(f"\n {cubes}\n {laws}\n {seats}")
        return text

    def step_text(self, view: PlayerView) -> Text:
        """What the last action was and did, and what comes next."""
        cur = self.cursor
        text = Text()
        last = cur.last_action
        from keythedral.words.narration import narrate  # engine: loaded on use only

        events = [narrate(e, self.config.players) for e in cur.events()]
        if last is None:
            text.append(_("The start of the game."), style="bold")
            for line in events[-3:]:
                text.append("\n" + line)
        else:
            # I18N: {n}: the action's number in the game; {player}: who played it
            said = _("Action {n} · {player}").format(
                n=cur.index, player=self.game.seat_label(last.seat)
            )
            text.append(said, style="bold")
            if events:  # what it did, as the public log tells it
                for line in events[-8:]:
                    text.append("\n" + line)
            else:  # a step the log tells later (a payment): as the viewpoint saw it
                from keythedral import engine  # engine: loaded on use only

                who = self.viewpoint if isinstance(self.viewpoint, int) else None
                before = engine.view(cur.states[cur.index - 1], who)
                line = describe(last, before)
                text.append("\n" + upper_first(line))
        text.append("\n\n")
        if self.game.over:
            text.append(_("The game is over."), style="bold")
            if view.scores is not None:
                scores = ", ".join(
                    # I18N: a player's score: {player}: the name; {score}: the points
                    _("{player} {score}").format(player=n, score=s)
                    for n, s in zip(self.config.players, view.scores, strict=True)
                )
                # I18N: {scores}: every player's score, comma-separated ("Ann 12, Bob 9")
                text.append("\n" + _("Scores: {scores}.").format(scores=scores))
        else:
            phase = terms.phase(view.phase)
            # I18N: {phase}: the phase's name; the question asked follows
            text.append(_("Next ({phase}): ").format(phase=phase), style="bold")
            # I18N: {question}: what is asked next
            text.append(_("{question}.").format(question=decision_prompt(view, self.game.to_act)))
        text.append(
            "\n\n"
            + _(
                "Keys: 1-5 a seat's view, 0 the public view, a every hand (v: the next one); "
                "m map, t mats, g log; q quits."
            ),
            style="dim",
        )
        return text

    def log_text(self) -> Text:
        """The public log up to the cursor; the last action's lines in bold."""
        k = self.cursor.index
        end = self.ends[k + 1]
        start_last = self.ends[k] if k else end
        first = max(0, end - LOG_LINES)
        text = Text()
        for i in range(first, end):
            line = self.lines[i]
            style = "bold" if i >= start_last else ("bold dim" if line.startswith("==") else "")
            text.append(("\n" if i > first else "") + line, style=style)
        return text

    # --- keys ---------------------------------------------------------------------------------
    def action_step(self, steps: int) -> None:
        self.cursor.forward(steps) if steps > 0 else self.cursor.back(-steps)
        self.show_position()

    def action_round(self, direction: int) -> None:
        """To the start of the next round, or of this one (of the one before, when at it)."""
        index = self.cursor.index
        if direction > 0:
            target = next((i for i in self.rounds if i > index), len(self.cursor))
        else:
            target = next((i for i in reversed(self.rounds) if i < index), 0)
        self.cursor.goto(target)
        self.show_position()

    def action_jump(self, where: str) -> None:
        self.cursor.to_start() if where == "start" else self.cursor.to_end()
        self.show_position()

    def action_viewpoint(self) -> None:
        """All hands -> each seat's own view in turn -> the public view -> all hands."""
        order: list[int | str] = [ALL, *range(self.config.n), PUBLIC]
        self.viewpoint = order[(order.index(self.viewpoint) + 1) % len(order)]
        self.show_position()

    def action_set_viewpoint(self, which: str) -> None:
        if which in (ALL, PUBLIC):
            self.viewpoint = which
        elif int(which) < self.config.n:
            self.viewpoint = int(which)
        else:
            # I18N: {n}: a seat's number
            said = _("There is no seat {n} in this game.").format(n=int(which) + 1)
            self.notify(said, severity="warning")
            return
        self.show_position()

    def action_show(self, which: str) -> None:
        self.query_one(ContentSwitcher).current = which
        if which == "replay-log":
            self.call_after_refresh(self._log_to_end)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        cur = self.cursor
        backwards = (action in ("step", "round") and parameters and parameters[0] == -1) or (
            action == "jump" and parameters == ("start",)
        )
        forwards = (action in ("step", "round") and parameters and parameters[0] == 1) or (
            action == "jump" and parameters == ("end",)
        )
        if backwards:
            return None if cur.at_start else True  # shown dimmed at the start
        if forwards:
            return None if cur.at_end else True
        return True
