"""The tutorial in the app: the game screen with a lesson panel, driven by
:class:`keythedral.tutorial.Tutorial`.

- :class:`TutorialMode` is the app's mode while a tutorial runs (a GameMode): the learner's
  moves go through :meth:`Tutorial.attempt` (a wrong one is refused with the reason and a hint),
  the bots' moves follow at once (listed under "Meanwhile" and in the log), and progress is
  saved after each step.
- :class:`TutorialScreen` is the game screen plus the lesson panel above the choices: a note
  to read (Enter or space pages on through a note taller than its box, then goes on), or a
  task saying what to do, which key does it, and why.  The hand is under the board, so that
  the side column is the lesson's and the choices': at 80x24 a task's words fit whole in
  English, French and Dutch (over the hand, the box had six rows for them, and a French or
  Dutch task wanted up to eleven; the board gives up the hand's rows and zooms to fit).  The
  panel takes what a few lines of the choices leave, so it never covers the choices; the hint
  key adds no pop-up note over them either.  The lesson's target is pointed at: the map
  cursor goes to a field or corner, a mat, the hand, the choices or the status line light
  up.  On the last board Enter shows the scores.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Static

from keythedral.lang import _, lower_first
from keythedral.tui.authority import Lessons, Played, Refused
from keythedral.tui.bindings import bindings
from keythedral.tui.choices import Choice
from keythedral.tui.keys import LESSON_KEYS, TUTORIAL
from keythedral.tui.kind import LESSON
from keythedral.tui.mode import GameMode
from keythedral.tui.screens.game import GameScreen, action_cell
from keythedral.tui.screens.lesson_box import TutorialPanel, meanwhile
from keythedral.tui.widgets.board import FieldMap
from keythedral.tui.widgets.decision import DecisionPanel
from keythedral.tui.widgets.panels import EventLog, HandPanel, work_order_label

__all__ = [
    "CHOICE_LINES",
    "CHOICE_LINES_UNDER_NOTE",
    "TutorialMode",
    "TutorialPanel",
    "TutorialScreen",
]

if TYPE_CHECKING:
    from pathlib import Path

    from keythedral.bots.hints import Hint
    from keythedral.engine import Action
    from keythedral.tui.app import KeythedralApp
    from keythedral.tui.session import Session
    from keythedral.tutorial import Step, Tutorial, Verdict

#: Mat elements and the widget that shows them.
MAT_WIDGETS = {
    "keythedral": "#keythedral-mat",
    "markers": "#keythedral-mat",
    "tile": "#keythedral-mat",
    "keytown": "#keytown-mat",
    "blacksmith": "#keytown-mat",
    "glassmaker": "#keytown-mat",
    "goldsmith": "#keytown-mat",
    "trader": "#keytown-mat",
    "lawmaster": "#keytown-mat",
    "store": "#keytown-mat",
}
#: The part of a mat a lesson points at, as the mat labels it (said in the mat's frame).
#: (The mat's own words: widgets/panels.py's messages.)
#: Each looked up when it is shown: the work order's label has a context (panels.py).
MAT_PARTS: dict[str, Callable[[], str]] = {
    "markers": work_order_label,
    "store": lambda: _("Store"),
    "trader": lambda: _("Trader"),
    "lawmaster": lambda: _("Law master"),
    "blacksmith": lambda: _("Craftsmen"),
    "glassmaker": lambda: _("Craftsmen"),
    "goldsmith": lambda: _("Craftsmen"),
}
LIT = "-lesson"
#: Lines of the list of choices that always show under a task (under a note, whose choices
#: wait until it is read, fewer), and the least height of the lesson box.
CHOICE_LINES = 3
CHOICE_LINES_UNDER_NOTE = 2
LESSON_LINES = 5


class TutorialScreen(GameScreen):
    """The game screen of the tutorial."""

    BINDINGS = bindings(TUTORIAL)
    HAND_UNDER_BOARD = True  # the side column is the lesson's and the choices'
    DEFAULT_CSS = """
    TutorialScreen .-lesson { background: $warning 25%; }
    TutorialScreen #decision.-behind-note { opacity: 60%; }
    TutorialScreen #hand.-lesson { border: round $warning; }
    TutorialScreen #keythedral-mat.-lesson, TutorialScreen #keytown-mat.-lesson {
        border: heavy $warning; border-title-align: left; border-title-style: bold; }
    """

    def __init__(self, mode: TutorialMode) -> None:
        super().__init__()
        self.mode = mode
        self.refusal: Verdict | None = None
        self._shown: tuple[int, int] | None = None
        self._narrowed: tuple[bool, bool] = (False, False)
        #: The task on show: its title, its text, and what the others did since.
        self._lesson: tuple[str, Text, list[str]] = ("", Text(), [])

    def on_mount(self) -> None:
        self.query_one("#side").mount(
            TutorialPanel(id="lesson", on_subtitle=self._show_cursor_info), before="#decision"
        )

    @on(events.Resize)
    def _refit(self) -> None:
        """Another terminal size: the lesson box is fitted again."""
        self.call_after_refresh(self._fit_lesson)

    @property
    def tutorial(self) -> Tutorial:
        return self.mode.tutorial

    # --- drawing ------------------------------------------------------------------------------
    def refresh_game(self) -> None:
        from keythedral.tutorial import LEARNER  # engine: loaded on use only

        self.query_one("#log", EventLog).you = LEARNER  # the log speaks to the learner as "you"
        super().refresh_game()
        if not self.query("#lesson"):
            self.call_after_refresh(self.refresh_game)
            return
        self.show_step()

    def show_step(self) -> None:
        from keythedral.tutorial import fill  # engine: loaded on use only

        t = self.tutorial
        step = t.step()
        panel = self.query_one(TutorialPanel)
        decision = self.query_one(DecisionPanel)
        key = (len(t.actions), len(t.taught))
        fresh = key != self._shown
        narrowed = (self.narrowed is not None, self.second)
        refocus = fresh or narrowed != self._narrowed
        self._shown, self._narrowed = key, narrowed
        if fresh:  # a new decision or lesson: what was said of the last one goes
            self.refusal = None
            self._note = None
            self._light(step)
        text = Text()
        decision.set_class(step.kind == "note", "-behind-note")
        # The choices' own hint waits while a note is up (the note has the room), and comes
        # back after it (the fit below may still let it give way to a long lesson).
        hint = decision.query_one("#hint", Static)
        hint.display = step.kind != "note" and bool(str(hint.content))
        # A note at another player's turn (the game waits for it) has no choices to show.
        decision.display = step.kind != "note" or bool(t.legal()) or t.over
        self.call_after_refresh(self._fit_lesson)
        if step.kind == "note":
            # No "press Enter" line: the box's frame and the info line say what Enter does.
            text.append(fill(step.text, LESSON_KEYS))
            panel.show(step.title, text, note=True)
            if fresh:
                panel.focus()
                self._show_cursor_info()  # what Enter does, not what was said of the last step
            return
        if step.kind == "task":
            if step.free:
                text.append(_("Your move: any choice below.") + " ", style="bold")
                # I18N: {move}: the coach's move (lower case); {why}: why (no full stop)
                would = _("The coach would {move}: {why}.")
                text.append(would.format(move=_lower(step.do), why=step.why))
                # (f, the coach plays on, is on the key bar; the note before free play says it)
            else:
                # What to do and the key first: in a short box the reason is what scrolls.
                # I18N: the lesson's task, in bold; the move to make follows
                text.append(_("Do this:") + " ", style="bold")
                text.append(step.do + ".")
                text.append("\n" + self.plan(step.action)[1], style="bold")
                # I18N: the lesson's task, in bold; the reason follows
                text.append("\n" + _("Why:") + " ", style="bold")
                text.append(step.why + ".")
        elif step.kind == "wait":
            text.append(_("The other players are moving…"), style="dim")
        else:
            text.append(_("The tutorial is complete.") + " ", style="bold")
            text.append(_("ctrl+p, New game starts a game of your own."))
        if self.refusal is not None:
            # I18N: in bold red, before why the move was refused
            text.append("\n\n" + _("Not that:") + " ", style="bold red")
            reason = fill(self.refusal.reason, LESSON_KEYS)
            text.append(reason, style="red")
            if step.kind == "task" and step.do and _lower(step.do) not in reason:
                # I18N: {move}: the lesson's move (lower case)
                asks = _("This lesson asks for: {move}.").format(move=_lower(step.do))
                text.append("\n" + asks)
        # What the others did since: as many of the latest as the box has room for
        # (_fit_lesson), never a line cut off; the log (g) has them all.
        self._lesson = (step.title, text, self.mode.recent if step.kind == "task" else [])
        panel.show(step.title, text, note=False)
        if refocus and step.kind == "task" and not step.free:
            self._focus_task(step)
        elif panel.has_focus:
            # Free play or the end after a note: the keyboard leaves the note for the choices
            # (Enter on the note would do nothing, and the info line would still say "go on").
            self._give_focus(decision.option_list)
        if fresh:
            self.refresh_bindings()  # f (the coach plays) comes and goes with free play
            self._show_cursor_info()

    def _fit_lesson(self) -> None:
        """The lesson panel takes what the choices leave in the side column: their prompt and
        a few of their lines always show under it, their hint if there is room.  A task's words
        are never cut: rather, the hint gives way, then a line of the list (which scrolls).
        The others' moves since follow, as many as fit, each whole; the hint gives way to them
        too where that shows more of them (it says less than the lesson does).

        The heights are measured from the widgets' text (the layout may not have caught up)."""
        if not self.is_mounted or not self.query("#lesson"):
            return
        decision = self.query_one(DecisionPanel)
        panel = self.query_one(TutorialPanel)
        text = panel.query_one("#lesson-text")
        if not panel.note:
            panel.show(*self._lesson[:2], note=False)  # the task's own words, to measure
        own = self._rows(text) + panel.gutter.height
        lines = sum(len(str(o.prompt).splitlines()) for o in decision.option_list.options)
        least = max(1, min(lines, CHOICE_LINES_UNDER_NOTE if panel.note else CHOICE_LINES))
        room = self.query_one("#side").content_size.height
        if decision.display:
            room -= self._rows(decision.query_one("#prompt")) + least
        hint = decision.query_one("#hint")
        if panel.note:
            if own > room - self._rows(hint):
                hint.display = False  # the choices' own hint ("For sale: ...") gives way
        else:
            if decision.display and own > room:
                room += min(own - room, least - min(least, CHOICE_LINES_UNDER_NOTE))
            inside = room - panel.gutter.height
            kept = self._fit_meanwhile(panel, inside - self._rows(hint))
            if hint.display and kept < len(self._lesson[2]):
                if self._fit_meanwhile(panel, inside) > kept:
                    hint.display = False  # gives way to the words, or more of the others' moves
                else:
                    self._fit_meanwhile(panel, inside - self._rows(hint))
        height = max(LESSON_LINES, room - self._rows(hint))
        if panel.styles.max_height is None or panel.styles.max_height.value != height:
            panel.styles.max_height = height
        # The line a task names ("Press 4") in sight, in the list as high as it is now.
        self.call_after_refresh(decision.option_list.scroll_to_highlight)

    def _fit_meanwhile(self, panel: TutorialPanel, rows: int) -> int:
        """Show the task with as many of the others' latest moves as fit in ``rows``; how many
        (0: only a word on them, -1: not that, -2: the task's own words do not fit)."""
        title, head, recent = self._lesson
        text_widget = panel.query_one("#lesson-text")
        if text_widget.content_size.width <= 0:  # not laid out yet: fitted on the next show
            panel.show(title, meanwhile(head, recent, len(recent)), note=False)
            return len(recent)
        for keep in range(len(recent), -2, -1):
            panel.show(title, meanwhile(head, recent, keep), note=False)
            if self._rows(text_widget) <= rows:
                return keep
        return -2

    def _rows(self, widget: Widget) -> int:
        """The rows ``widget`` takes for its text now, at its width."""
        if not widget.display:
            return 0
        width = widget.content_size.width
        return (
            widget.get_content_height(widget.content_size, self.size, width) + widget.gutter.height
        )

    def plan(self, action: Action) -> tuple[str, str]:
        """The next key that makes ``action`` here, and the words for it.

        A line of the list with its own key: that key.  A line that opens a group (a kind of
        action, a corner's choices): its key first.  A place on the map: the cursor goes
        there and the key is Enter.
        """
        decision = self.query_one(DecisionPanel)
        second = action_cell(action, self.second)
        for c in decision.choices:
            if c.action == action:
                if c.key and c.key != "↵":
                    # I18N: {key}: a key of the list
                    return c.key, _("Press {key}.").format(key=c.key)
                return "enter", _("Press Enter on the highlighted line.")
        for c in decision.choices:
            group = c.command == f"kind:{action.kind}" or (
                c.command == "cell" and c.cell is not None and c.cell == second
            )
            if group:
                if c.key and c.key != "↵":
                    # I18N: {key}: a key of the list
                    said = _("Press {key}; this box then names the next key.")
                    return c.key, said.format(key=c.key)
                return "enter", _("Press Enter on the highlighted line, then choose in the list.")
        if second is not None:
            corner = second[0] == "corner"
            if not self.second and action_cell(action, True) != second:
                if corner:
                    said = _(
                        "Press Enter: the cursor is on the corner marked on the map; then Enter "
                        "again on the field it borders."
                    )
                else:
                    said = _(
                        "Press Enter: the cursor is on the field marked on the map; then Enter "
                        "again on the field it borders."
                    )
            elif corner:
                said = _("Press Enter: the cursor is on the corner marked on the map.")
            else:
                said = _("Press Enter: the cursor is on the field marked on the map.")
            return "enter", said
        return "enter", _("Choose it in the list.")

    def _focus_task(self, step: Step) -> None:
        """Put the keyboard where the asked key works: the map cursor or the list's line."""
        decision = self.query_one(DecisionPanel)
        cell = action_cell(step.action, self.second)
        board = self.query_one(FieldMap)
        on_list = [
            i
            for i, c in enumerate(decision.choices)
            if c.action == step.action
            or c.command == f"kind:{step.action.kind}"
            or (c.command == "cell" and c.cell == cell)
        ]
        if on_list:
            choice = decision.choices[on_list[0]]
            decision.highlight(choice)
            self._give_focus(decision.option_list)
            self._follow(choice)
        elif cell is not None and cell in board.targets:
            self.query_one(ContentSwitcher).current = "map"
            board.set_cursor(cell, announce=False)
            self._give_focus(board)
            self._show_cursor_info()

    def _light(self, step: Step) -> None:
        """Point at the step's target: the cursor for a place on the map, a glow elsewhere."""
        for widget in self.query(f".{LIT}"):
            widget.remove_class(LIT)
            if widget.id in ("keythedral-mat", "keytown-mat"):
                widget.border_title = None
        self.query_one("#mats").styles.clear_rule("padding")
        self.query_one(HandPanel).display = True  # (back from under a note's mat: _frame_mat)
        target = step.target
        kind, where = target.kind, target.where
        switcher = self.query_one(ContentSwitcher)
        board = self.query_one(FieldMap)
        if kind in ("field", "corner", "edge"):
            cell = ("corner", tuple(where[0])) if kind == "edge" else (kind, tuple(where))
            switcher.current = "map"
            if step.kind == "note":
                board.set_cursor(cell, announce=False)
            return
        selector = {
            "hand": "#hand",
            "choices": "#decision",
            "status": "#status",
            "log": "#log",
        }.get(kind)
        part = ""
        if kind == "tile":
            selector, part = "#keythedral-mat", str(where)
        elif kind == "mat":
            selector = MAT_WIDGETS.get(str(where), "#keytown-mat")
            say = MAT_PARTS.get(str(where))
            part = say() if say is not None else ""
        if selector is None:
            return
        if selector.endswith("-mat"):
            # The whole mat is framed, and the frame names the part the lesson is about
            # (a frame shows without colour too).  The frame takes the place of the mats'
            # padding, so no line of the mat wraps differently.
            switcher.current = "mats"
            self.query_one("#mats").styles.padding = 0  # over the app's CSS
            mat = self.query_one(selector)
            if part:
                # I18N: on a mat's frame, pointing at a part of it ({part}: "Store")
                mat.border_title = _("look here: {part}").format(part=part)
            else:
                # I18N: on a mat's frame, pointing at it
                mat.border_title = _("look here")
            mat.add_class(LIT)
            self.call_after_refresh(self._frame_mat, mat, step.kind == "note")
            return
        elif selector == "#log":
            switcher.current = "log"
        self.query_one(selector).add_class(LIT)

    def _frame_mat(self, mat: Widget, note: bool) -> None:
        """The mat a lesson is about in sight.  A note's mat whole: where the hand under the
        board leaves it too few rows (a longer language's lines wrap), the hand gives way
        while the note is up (a task's stays: its cubes pay for the move).  The rows the mat
        takes are measured at the width it has beside the pane's scroll bar (the layout may
        not have caught up)."""
        pane = self.query_one("#mats").region
        width = pane.width - self.query_one("#mats").styles.scrollbar_size_vertical
        rows = mat.get_content_height(pane.size, self.size, width - mat.gutter.width)
        if note and rows + mat.gutter.height > pane.height:
            self.query_one(HandPanel).display = False
            self.call_after_refresh(mat.scroll_visible, animate=False)
            return
        mat.scroll_visible(animate=False)

    def _show_cursor_info(self) -> None:
        """While a note is up, Enter goes on (whatever the cursor is on)."""
        if self.mode.tutorial.step().kind == "note" and self._note is None:
            panel = self.query("#lesson")
            if panel and panel.first(TutorialPanel).unread:
                info = _("Enter or space: read on (the note goes on below)")
            else:
                info = _("Enter or space: go on (arrows scroll the note)")
            self.query_one("#info", Static).update(Text(info), layout=False)
            return
        super()._show_cursor_info()

    def refuse(self, verdict: Verdict) -> None:
        self.refusal = verdict
        self.say(verdict.reason, error=True)
        self.show_step()
        step = self.tutorial.step()
        if step.kind == "task" and not step.free:
            self._focus_task(step)  # back on the line the task names, in sight

    # --- keys ---------------------------------------------------------------------------------
    def choose(self, choice: Choice) -> None:
        """A line of the list while a note is up is answered as a move is ("read the note
        first: Enter goes on"), a line that opens a group or a corner too: opening it would
        take the keyboard to the list, where Enter chooses instead of going on."""
        if self.tutorial.step().kind == "note":
            self.refuse(self.tutorial.attempt(choice.action))
            return
        super().choose(choice)

    def action_go_on(self) -> None:
        """Enter or space on the lesson: read on, go on, or (the game over) show the scores."""
        step = self.tutorial.step()
        panel = self.query_one(TutorialPanel)
        if step.kind == "note" and panel.unread:
            panel.read_on()
        elif step.kind == "note":
            self.mode.go_on()
        elif step.kind == "end":
            self.kapp.mode.show_scores()
        else:
            self._give_focus(self.query_one(DecisionPanel).option_list)  # keys work on the choices

    def current_hint(self) -> Hint | None:
        """The lesson's move is the hint (where a lesson asks for another move than greedy's,
        the hint says the same as the lesson)."""
        from keythedral.bots.hints import Hint  # engine: loaded on use only

        m = self.tutorial.moment()
        return Hint(m.coach, m.why) if m.coach is not None else None

    def show_hint(self, text: str, move: str = "") -> None:
        """Only the info line: the lesson panel shows the whole of the coach's move already,
        and a note popping up would cover the list of choices.  The move without its reason
        (the lesson box has it), so that the one line is not cut off mid-sentence."""
        # I18N: the info line (one row): {move}: the coach's move
        self.say(_("Hint: {move}; the lesson box says why.").format(move=move or text))

    def action_forward(self) -> None:
        self.mode.forward()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "forward":
            return self.tutorial.free and self.tutorial.step().kind == "task"
        if action == "undo":
            return False
        return super().check_action(action, parameters)


def _lower(text: str) -> str:
    return lower_first(text)


class TutorialMode(GameMode):
    """What the app does differently while the tutorial runs: one learner holds the keyboard,
    whose moves are checked against the lesson; nothing is taken back; the tutorial keeps its
    own progress file, never the game's autosave."""

    def __init__(
        self,
        app: KeythedralApp,
        tutorial: Tutorial,
        *,
        path: Path | None = None,
    ) -> None:
        super().__init__(app, LESSON)
        self.tutorial = tutorial
        self.path = path
        self.recent: list[str] = []  # what the others did since the learner's last step

    @property
    def screen(self) -> TutorialScreen | None:
        for screen in self.app.screen_stack:
            if isinstance(screen, TutorialScreen):
                return screen
        return None

    def session(self) -> Session:
        """A session sharing the tutorial's lists of states and actions, whose moves the
        lessons take or refuse (``authority.Lessons``)."""
        from keythedral.tui.session import Session  # engine: loaded on use only

        t = self.tutorial
        return Session(config=t.config, states=t.states, actions=t.actions, referee=Lessons(t))

    # --- the app's hooks ----------------------------------------------------------------------
    def play(self, action: Action) -> bool:
        """Hand the learner's move to the lessons (the session's authority): a refusal is
        shown with its reason and hint, a move taken is saved."""
        self.recent = []
        session = self.app.game
        authority = session.authority if session is not None else None
        if authority is None:
            return False
        outcome = authority.submit(action)
        screen = self.screen
        if not isinstance(outcome, Played):
            if screen is not None and isinstance(outcome, Refused) and outcome.verdict is not None:
                screen.refuse(outcome.verdict)
            return False
        self.save()
        self.route()
        return True

    def can_undo(self) -> bool:
        return False  # a lesson's move stays made

    def route(self, only_lesson: bool = False) -> None:
        """The learner always holds the keyboard; the bots' moves are made at once (they show
        in the lesson panel and the log).  ``only_lesson``: nothing was played, so unless the
        bots move, only the lesson panel changes."""
        from keythedral.tutorial import LEARNER  # engine: loaded on use only
        from keythedral.words.narration import actor, narrate  # engine: loaded on use only

        self.table.give(LEARNER)  # one learner: their hand is always up
        self.table.claimed = None
        t = self.tutorial
        before = t.state.log_total
        moved = bool(t.run())
        while t.faults:  # a computer player's move the engine failed on: another was played
            self.app.notify(t.faults.pop(0), severity="error", timeout=30)
        if moved:
            new = t.state.log_total - before
            events = t.state.log[-new:] if new > 0 else ()
            names = t.state.config.players
            # What the others did (the learner's own moves are not news to them).
            self.recent = [narrate(e, names, LEARNER) for e in events if actor(e) != LEARNER]
            self.save()
        screen = self.screen
        if screen is None or not screen.is_mounted:
            return
        if moved or not only_lesson:
            screen.refresh_game()
        else:
            screen.show_step()  # the game did not change: only the lesson panel

    def save(self) -> None:
        from keythedral.tutorial import TutorialError  # engine: loaded on use only

        try:
            self.tutorial.save(self.path)
        except (OSError, TutorialError) as exc:  # pragma: no cover - a full disk
            # I18N: {error}: what went wrong (the system's words)
            said = _("Tutorial progress not saved: {error}").format(error=exc)
            self.app.notify(said, severity="warning")

    # --- the learner's keys -------------------------------------------------------------------
    def go_on(self) -> None:
        """Enter on a note: the next step."""
        if self.tutorial.acknowledge():
            self.recent = []
            self.save()
            self.route(only_lesson=True)
            if self.tutorial.over and self.tutorial.step().kind == "end":
                self.show_scores()

    def forward(self) -> None:
        t = self.tutorial
        if t.free and t.step().kind == "task":
            t.forward()
            self.save()
            self.route()
