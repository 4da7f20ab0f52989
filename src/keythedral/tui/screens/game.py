"""The game screen: the map (or the mats, or the log), the private hand and the decision panel.

The screen turns the session's legal actions into choices and map targets, and hands the
chosen action to the app (the only place that applies actions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Static

from keythedral.lang import _, pgettext
from keythedral.tui.bindings import bindings
from keythedral.tui.choices import THINKING, Choice
from keythedral.tui.choices import action_cell as action_cell  # read by the app, the replay
from keythedral.tui.keys import GAME
from keythedral.tui.presenter import (
    Moment,
    actions_at,
    cursor_line,
    edges_only,
    focus_on_map,
    no_such_key,
    orders_from,
    present,
    why_not,
    with_before,
)
from keythedral.tui.screens.assist import Assist
from keythedral.tui.screens.base import BaseScreen, key_clock
from keythedral.tui.widgets.board import Cell, FieldMap
from keythedral.tui.widgets.decision import DecisionPanel
from keythedral.tui.widgets.keybar import KeyBar
from keythedral.tui.widgets.map_looks import LEVELS
from keythedral.tui.widgets.panels import (
    RECENT_FROM_ROWS,
    SIDE_WIDTHS,
    EventLog,
    HandPanel,
    KeythedralMat,
    KeytownMat,
    RecentEvents,
    Snug,
    StatusBar,
    update_static,
)
from keythedral.tui.widgets.walkthrough import WalkthroughPanel
from keythedral.words.text import law_name, law_text

if TYPE_CHECKING:
    from keythedral.bots.hints import Hint
    from keythedral.engine import Action, PlayerView
    from keythedral.tui.app import KeythedralApp


def board_panes() -> ComposeResult:
    """The map and the two mats: the panes a board screen switches between (m, t)."""
    yield FieldMap(id="map")
    with VerticalScroll(id="mats"):
        yield KeythedralMat(id="keythedral-mat")
        yield KeytownMat(id="keytown-mat")


def zoom_name(level: str) -> str:
    """A zoom level of the map (``map_looks.LEVELS``' names are ids) as players read it."""
    names = {
        "compact": pgettext("a zoom level of the map", "compact"),
        "small": pgettext("a zoom level of the map", "small"),
        "normal": pgettext("a zoom level of the map", "normal"),
        "large": pgettext("a zoom level of the map", "large"),
        "largest": pgettext("a zoom level of the map", "largest"),
    }
    return names.get(level, level)


class GameScreen(BaseScreen):
    # The side column widens with the terminal; tall enough, on the two wider steps, the
    # recent events show under the choices (keythedral.tcss).
    HORIZONTAL_BREAKPOINTS = [(start, name) for start, _, name in SIDE_WIDTHS]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (RECENT_FROM_ROWS, "-tall")]
    BINDINGS = bindings(GAME)
    #: The private hand under the board (the map, the mats, the log) instead of over the
    #: choices: the tutorial's side column keeps its rows for the lesson box.
    HAND_UNDER_BOARD = False

    def __init__(self) -> None:
        super().__init__()
        self.narrowed: list[Action] | None = None  # choices left after picking a map cell
        self.by_kind = False  # the narrowed choices are one kind of action (not one cell)
        self.second = False  # the narrowed choices point at fields around a chosen corner
        self.view: PlayerView | None = None
        self.tokens: tuple[str, ...] = ()
        self._decision_key: tuple[int, int | None] | None = None
        self._note: Text | None = None  # a message shown until the next key
        self._note_for: int | None = None  # whose hand was up when it was said
        self._before = 0  # public messages in a row before the one shown (see ``say``)
        self._plans: dict[str, list[Action]] = {}  # the coach's cubes, by line (paid_choices)
        self._veiled = False  # the board is behind the privacy screen, to be drawn again
        self.assist = Assist(self)  # the hint, the walkthrough, the rules, context help

    @property
    def kapp(self) -> KeythedralApp:
        return cast("KeythedralApp", self.app)

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            if self.HAND_UNDER_BOARD:
                with Vertical(id="board-column"):
                    yield from self._compose_left()
                    yield HandPanel(id="hand")
            else:
                yield from self._compose_left()
            with Vertical(id="side"):
                if not self.HAND_UNDER_BOARD:
                    yield HandPanel(id="hand")
                yield DecisionPanel(id="decision")
                yield RecentEvents(id="recent")
        yield Snug(id="info")
        # Compact, and short words: every key of the game fits in 80 columns with ^p palette.
        yield KeyBar(compact=True)
        yield self.compose_too_small()

    def _compose_left(self) -> ComposeResult:
        """The panes the left column switches between: the map, the mats, the log and the
        walkthrough."""
        with ContentSwitcher(initial="map", id="left"):
            yield from board_panes()
            yield EventLog(id="log")
            yield WalkthroughPanel(id="walkthrough")

    # --- drawing the game -----------------------------------------------------------------------
    def on_mount(self) -> None:
        switcher = self.query_one("#left", ContentSwitcher)
        self.watch(switcher, "current", self._pane_shown, init=False)

    def _pane_shown(self, current: str | None) -> None:
        """The mats are drawn when they come on screen (t, or the tutorial), not at every move
        while the map is shown: ~2 ms of each decision."""
        if current == "mats" and self.view is not None:
            self._show_mats(self.view)

    def _show_mats(self, view: PlayerView) -> None:
        self.query_one(KeythedralMat).show(view)
        self.query_one(KeytownMat).show(view, self.tokens)

    def veil(self) -> None:
        """The privacy screen is about to cover the board: what only the last person may see
        (their hand, their choices, a note about them) goes at once; the board is drawn whole
        when it is shown again.  Redrawing it all now would be work nobody sees: Textual lays
        out and paints the screen under the privacy screen too, and the next person's screen
        would come up ~10 ms later."""
        self._veiled = True
        if self._note_for is not None:
            self._note = None  # it may tell of the last person's hand; a public one stays
        self.view = None
        self.query_one(HandPanel).show(None, self.tokens)
        self.query_one(DecisionPanel).show("", [])
        self.query_one("#info", Static).update(self._note or "", layout=False)

    def on_screen_resume(self) -> None:
        # The privacy screen's answer draws the board before the screen goes (the mode's
        # ``_handed_over``): still veiled here, nothing drew it (a bot's move, a new game).
        if self._veiled:
            self.refresh_game()

    def relanguage(self) -> None:
        """The app's language changed (``KeythedralApp.use_language``): everything is drawn
        again in it, the log told again, and nothing said in the old one is kept (a note
        goes).  Behind the privacy screen it is drawn when it is shown again."""
        self._note = None
        for log in self.query(EventLog):  # the log and the recent events
            log.relanguage()
        self.query_one(HandPanel).relanguage()
        self.query_one("#info", Static).update("")
        if not self._veiled:
            self.refresh_game()
        self.query_one(FieldMap).refresh()  # its legend line

    def refresh_game(self) -> None:
        """Redraw everything from the session and the seat at the keyboard."""
        handed = self._veiled  # the board comes back from behind the privacy screen
        self._veiled = False
        app = self.kapp
        session = app.session
        if session is None:
            return
        seat = app.keyboard
        # While a bot moves, the hand of the last person at the keyboard stays up.
        shown = app.hand_up
        if self._note is not None and self._note_for is not None and shown != self._note_for:
            self._note = None  # it may tell of the last person's hand (a law card's text)
        view = session.view(shown)
        self.view = view
        self.tokens = app.tokens
        key = (session.at, seat)
        new_decision = key != self._decision_key
        if new_decision or handed:
            # Keys pressed before it never answer it; nor, when the keyboard has just come to
            # someone (a hand-over, another's move), keys in its settle time.
            came = handed or self._decision_key is None or self._decision_key[1] != seat
            self.ask(app.settle if came else 0.0)
        if new_decision:
            self.narrowed, self.second = None, False
            self._decision_key = key
        window = session.asked_in_window()
        to_act = window or view.to_act  # in a window, the seats offered it
        labels = [session.seat_label(s) for s in range(len(view.players))]
        self.query_one(StatusBar).show(view, to_act, session.public_seed, self.tokens, labels)
        self.query_one(HandPanel).show(view if shown is not None else None, self.tokens)
        self.query_one("#log", EventLog).feed(view)
        if self.query_one("#left", ContentSwitcher).current == "mats":
            self._show_mats(view)  # else when they are shown (``_pane_shown``)
        panel = self.query_one(DecisionPanel)
        lines = present(session, view, self._moment(seat), lambda s: app.advice.get(session, s))
        self._plans = lines.plans
        panel.show(lines.prompt, lines.choices, lines.hint)
        self.query_one(FieldMap).show(view, self.tokens, lines.targets)
        if new_decision:  # the map or the list has the keyboard
            on_map = focus_on_map(lines.targets, panel.choices)
            self._give_focus(self.query_one(FieldMap) if on_map else panel.option_list)
        if panel.choices:  # the list's first line is highlighted afresh
            self._follow(panel.choices[0])
        else:
            self._show_cursor_info()
        self.refresh_bindings()
        self.assist.refresh_walkthrough()
        self._show_recent()

    def _show_recent(self) -> None:
        if self.view is not None:
            self.query_one(RecentEvents).follow(self.view)

    def on_resize(self, event: events.Resize) -> None:  # BaseScreen's runs too: Textual calls
        # the handler of each class
        self.call_after_refresh(self._show_recent)  # the recent events may come or go

    _focusing: Widget | None = None  # focused by the app, the Focus event not yet handled

    def _give_focus(self, widget: Widget) -> None:
        """``widget.focus()``, remembered until Textual moves the focus (after this handler),
        so that the info line says now what Enter will do there, in this frame."""
        self._focusing = widget if widget.focusable else None
        widget.focus()

    def _moment(self, seat: int | None) -> Moment:
        """What the panel depends on besides the game (``presenter.Moment``)."""
        app, runner = self.kapp, self.kapp.runner
        thinking = runner.thinking if seat is None else None
        return Moment(
            seat,
            thinking=thinking,
            moves=list(runner.moves) if thinking is not None else [],
            shared=self.shared,
            claimed=app.table.claimed is not None,
            narrowed=self.narrowed,
            by_kind=self.by_kind,
            second=self.second,
            rules=app.mode.kind,
        )

    # --- the cursor and the info line --------------------------------------------------------------
    def say(
        self, message: str, *, error: bool = False, public: bool = False, earlier: int = 0
    ) -> None:
        """A message in the info line, kept there until the next key.  Public messages in a
        row (the computer players' moves, passes that play themselves; ``earlier``: moves
        made before this one and not said) say how many came before the last, which the log
        shows: one line cannot hold them all."""
        in_a_row = public and not error and self._note is not None and self._note_for is None
        self._before = self._before + 1 + earlier if in_a_row else earlier
        message = with_before(message, self._before)
        self._note = Text(message, style="bold red" if error else "bold")
        # A note may tell of the hand on screen (a law card's text): it is that person's,
        # unless it is public (a computer player's move) or said with nobody's hand up.
        self._note_for = None if public else self.kapp.hand_up
        self.query_one("#info", Static).update(self._note, layout=False)

    def forget_note(self) -> None:
        """The keyboard passes on: the last message was for the moment that is over."""
        self._note = None

    def _show_cursor_info(self) -> None:
        """The info line: the cursor's cell, and what Enter does where the focus is (or will
        be, when the app has just given it: the line is right in the frame that moves it)."""
        board, panel = self.query_one(FieldMap), self.query_one(DecisionPanel)
        if self.view is None:
            return
        where = board.describe_cursor({p.seat: p.name for p in self.view.players})
        on_map = (self._focusing or self.focused) is board
        i = panel.option_list.highlighted
        line = panel.choices[i] if i is not None and 0 <= i < len(panel.choices) else None
        acts = self._actions_at(board.cursor) if on_map else []
        text = cursor_line(where, self.view, on_map, acts, line)
        if self._note is None:
            update_static(self.query_one("#info", Static), Text(text), layout=False)  # one line

    def _actions_at(self, cell: Cell) -> list[Action]:
        app = self.kapp
        return actions_at(app.session, app.keyboard, self.narrowed, cell, self.second)

    def on_field_map_cursor_moved(self, event: FieldMap.CursorMoved) -> None:
        self._cursor_moved(event.cell)

    def _cursor_moved(self, cell: Cell) -> None:
        """The info line and the list follow the cursor (in the same frame as the map)."""
        self._show_cursor_info()
        self.query_one(DecisionPanel).highlight_cell(cell)

    def _stale(self, event: Message) -> bool:
        """True for a pick or a choice made before the decision now on screen (said so): keys
        typed quickly can overtake the messages of earlier ones, and must not act on a new
        list."""
        if event.time >= self.asked_at:
            return False
        # I18N: in "{key} came as this screen appeared": a choice of the list made too soon
        self.too_soon(_("That choice"))
        return True

    def on_field_map_picked(self, event: FieldMap.Picked) -> None:
        if not self._stale(event):
            self.pick_cell(event.cell)

    def pick_cell(self, cell: Cell) -> None:
        acts = self._actions_at(cell)
        app = self.kapp
        if not acts:  # why not: the engine's reason, if it has one
            targets = list(self.query_one(FieldMap).targets)
            self.say(why_not(app.session, app.keyboard, self.view, cell, targets), error=True)
        elif len(acts) == 1:
            app.play(acts[0])
        else:  # several choices here: narrow the list (for an edge, point at its fields)
            self._narrow(acts, second=not self.second and edges_only(acts))

    def narrow_kind(self, kind: str) -> None:
        """Show the variants of one kind of action (which cottage, which colour)."""
        session, seat = self.kapp.session, self.kapp.keyboard
        if session is not None and seat is not None:
            self.narrow_to([a for a in session.legal_for(seat) if a.kind == kind])

    def narrow_to(self, narrowed: list[Action], by_kind: bool = True) -> None:
        """Show only these actions, one line each (``by_kind``: the variants of one kind,
        a purchase's line with its cubes, as in the whole list)."""
        if not narrowed:
            return  # nothing of that kind is open now
        self._narrow(narrowed, by_kind=by_kind)
        panel, hint = self.query_one(DecisionPanel), self.assist.hint_shown
        for c in panel.choices:
            if hint is not None and c.action == hint.action:
                panel.highlight(c)  # the variant the hint named
                self._follow(c)
                return

    def narrow_order(self, prefix: tuple[int, ...]) -> None:
        """Work order: the orders that start with ``prefix``; the last one left is played."""
        session, seat = self.kapp.session, self.kapp.keyboard
        if session is None or seat is None:
            return
        narrowed = orders_from(session.legal_for(seat), prefix)
        if len(narrowed) == 1:
            self.kapp.play(narrowed[0])
        elif narrowed:
            self._narrow(narrowed)

    def _narrow(self, acts: list[Action], *, by_kind: bool = False, second: bool = False) -> None:
        """Show only ``acts``: in the list, or, ``second``, around a chosen corner on the map."""
        self.narrowed, self.by_kind, self.second = acts, by_kind, second
        self.refresh_game()
        if not second:
            self._give_focus(self.query_one(DecisionPanel).option_list)
            self._show_cursor_info()

    # --- choosing from the list ----------------------------------------------------------------------
    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None:
        if self._stale(event) or event.choice not in self.query_one(DecisionPanel).choices:
            return  # chosen from a list that has since been replaced
        self.choose(event.choice)

    def choose(self, choice: Choice) -> None:
        mode, command = self.kapp.mode, choice.command
        if command.startswith("paying:"):  # an action, and the cubes it pays
            mode.paying(self._plans[command][0], self._plans[command][1:])
        elif command == "own-cubes":  # the same lines, the cubes chosen one by one
            self.narrow_to([plan[0] for plan in self._plans.values()], by_kind=False)
        elif choice.action is not None:
            self.kapp.play(choice.action)
        elif command == "nobody":
            mode.decline_all()
        elif command in ("scores", "hand"):
            mode.show_scores() if command == "scores" else mode.open_hand()
        elif command.startswith("seat:"):
            mode.claim(int(command[5:]))
        elif command == "cell" and choice.cell is not None:
            self.pick_cell(choice.cell)
        elif command.startswith("kind:"):
            self.narrow_kind(command[5:])
        elif command.startswith("order:"):
            self.narrow_order(tuple(int(n) for n in command[6:].split(",") if n))
        elif command in ("done", "wait"):
            mode.pass_for_phase(until_change=command == "wait")
        elif command == THINKING:
            self.say(_("The coach is still thinking it over: its move comes in a moment."))
        elif command == "pay-suggested":
            for action in list(self._plans[command]):  # a cube after another, as by keys
                if not self.kapp.play(action):
                    break

    def on_decision_panel_highlighted(self, event: DecisionPanel.Highlighted) -> None:
        if event.choice not in self.query_one(DecisionPanel).choices:
            return  # a highlight from a list that has since been replaced
        self._follow(event.choice)

    def _follow(self, choice: Choice) -> None:
        """The highlighted line shown around the list: the map's cursor on its cell, what Enter
        does on the info line (a law card: what the card does)."""
        action = choice.action
        if action is not None and action.kind == "play_law":
            # I18N: {law}: a law card's name; {text}: what it does
            self.say(
                _("{law}: {text}").format(law=law_name(action.card), text=law_text(action.card))
            )
            return
        cell = choice.cell
        board = self.query_one(FieldMap)
        if cell is not None and cell != board.cursor:
            board.set_cursor(cell, announce=False)
        self._show_cursor_info()

    def on_descendant_focus(self) -> None:
        self._focusing = None
        self._show_cursor_info()  # what Enter does depends on where the focus is

    # --- actions ------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.kapp.mode.can_undo()
        if action == "back":
            return self.narrowed is not None
        if action == "next_target":
            return bool(self.query_one(FieldMap).targets)
        if action == "assist" and parameters == ("hint",):
            return self.coach_on  # off: gone from the key bar (the key says why: ``on_key``)
        if action in ("laws", "hand"):  # the hand on the shared screen, else the law cards
            held, shared = bool(self.view and self.view.me and self.view.me.laws), self.shared
            return shared if action == "hand" else not shared and held
        return True

    @property
    def coach_on(self) -> bool:
        """The coach is on in this game (its suggested line and the hint key)."""
        session = self.kapp.session
        return session is None or session.coach

    @property
    def shared(self) -> bool:
        """A player decides on the shared screen: their hand is not up (phase 1)."""
        app = self.kapp
        return app.keyboard is not None and app.hand_up != app.keyboard

    asks = True  # keys typed ahead of a decision answer nothing (``BaseScreen.holds_back``)

    def too_soon(self, key: str) -> None:
        # I18N: {key}: the key pressed (or "A click", "That choice")
        said = _("{key} came as this screen appeared: not taken. Read it, then try again.")
        self.say(said.format(key=key))

    def on_key(self, event: events.Key) -> None:
        """A key clears the last message; keys whose binding is off say why they do nothing."""
        self._note = None
        if event.key == "u" and not self.kapp.mode.can_undo():
            event.stop()
            self.kapp.mode.undo()
        elif event.key == "n" and not self.query_one(FieldMap).targets:
            event.stop()
            self.say(_("No targets on the map for this choice: use the list on the right."))
        elif not self.coach_on and self._bound_to(event.key, "hint"):
            event.stop()
            self.say(
                _("No hints: the coach is off in this game (--coach on, or the new-game screen).")
            )

    def _bound_to(self, key: str, binding_id: str) -> bool:
        """``key`` is a key of this screen's binding ``binding_id`` (as keys.toml rebinds it)."""
        keys = self.kapp.rebound.get(binding_id) or next(
            (b.key for b in self.BINDINGS if isinstance(b, Binding) and b.id == binding_id), ""
        )
        return key in {k.strip() for k in keys.split(",")}

    def current_hint(self) -> Hint | None:
        """The hint key's suggestion: the coach's move (None: no decision, or not ready)."""
        return self.assist.coach_hint()

    def advice_ready(self, seat: int, hint: bool) -> None:
        """The coach's advice for ``seat``'s decision on show has come in: the list shows it
        (a key pressed before it was drawn answers nothing, and a settle time under way goes
        on), and the hint, if it was asked for meanwhile."""
        if self.kapp.keyboard != seat or self._veiled:
            return
        self.ask(max(0.0, self.settled_at - key_clock()))
        self.refresh_game()
        if hint:
            self.assist.hint()

    def show_hint(self, text: str, move: str = "") -> None:
        """The info line is one row: the whole hint goes above the list of choices, never over
        it (a pop-up note would cover the choices, and could outlive the decision into the next
        player's turn); the next decision's redraw clears it.  ``text``: the move and why;
        ``move``: the move alone."""
        # I18N: {hint}: the coach's suggestion
        self.query_one(DecisionPanel).note(_("Hint: {hint}").format(hint=text))

    def action_hand(self) -> None:
        self.kapp.mode.open_hand()  # behind the privacy screen

    def action_laws(self) -> None:
        view = self.view
        if view is not None and view.me is not None and view.me.laws:
            from keythedral.tui.screens.help import LawsScreen  # not before the first frame

            self.app.push_screen(LawsScreen(view.players[view.me.seat].name, view.me.laws))

    def action_assist(self, what: str) -> None:
        """The help keys: the hint, the walkthrough, the rules (``Assist``)."""
        {
            "hint": self.assist.hint,
            "walkthrough": self.assist.walkthrough,
            "rules": self.assist.rules,
        }[what]()

    def action_help(self) -> None:
        """The app's help key (one binding id for every screen), with this screen's help."""
        self.assist.help()

    def action_undo(self) -> None:
        self.kapp.mode.undo()

    def action_back(self) -> None:
        if self.narrowed is not None:
            self.narrowed, self.second = None, False
            self.refresh_game()

    def action_show(self, which: str) -> None:
        self.query_one(ContentSwitcher).current = which
        if which == "map":
            board = self.query_one(FieldMap)
            # Nothing to choose on the map (phase 3, a bid...): the keyboard stays with the
            # list, where Enter acts; the arrows still move the map's cursor.
            if board.targets:
                self._give_focus(board)
            else:
                self._give_focus(self.query_one(DecisionPanel).option_list)
            self._show_cursor_info()

    def action_move(self, dx: int, dy: int) -> None:
        """Moving the map cursor takes the keyboard to the map: Enter then acts there."""
        board = self._map_in_focus()
        self._cursor_moved(board.move(dx, dy))

    def _map_in_focus(self) -> FieldMap:
        """The map on screen (not the mats, the log or the walkthrough), with the keyboard."""
        switcher = self.query_one(ContentSwitcher)
        if switcher.current != "map":
            switcher.current = "map"
        board = self.query_one(FieldMap)
        if not board.has_focus:  # focus() repaints the whole map even when it has it
            self._give_focus(board)
        return board

    def action_corners(self) -> None:
        self._cursor_moved(self._map_in_focus().toggle_lattice())

    def action_zoom(self, step: int) -> None:
        """The map one zoom level larger or smaller, until the terminal is resized (then the
        largest level that fits is chosen again)."""
        self.query_one(ContentSwitcher).current = "map"
        board = self.query_one(FieldMap)
        if board.zoom(step):
            name, number = zoom_name(board.lv.name), board.level + 1
            # I18N: {name}: the zoom level's name; {number} of {count}: which level it is
            said = _("Map zoom: {name} ({number} of {count}).")
            self.say(said.format(name=name, number=number, count=len(LEVELS)))
        elif step > 0:
            self.say(_("The map is at its largest zoom already."))
        else:
            self.say(_("The map is at its smallest zoom already."))

    def action_next_target(self) -> None:
        self._cursor_moved(self._map_in_focus().next_target())

    def action_key(self, key: str) -> None:
        """A choice key: applied at once, so a second key press sees the new choices."""
        panel = self.query_one(DecisionPanel)
        choice = panel.choice_for(key)
        if choice is not None:
            self.choose(choice)
        else:
            self.say(no_such_key(key, panel.choices), error=True)
