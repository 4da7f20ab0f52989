"""The game screen's panel worked out without Textual (keythedral.tui.presenter): the prompt,
the lines of choices with their keys, the note under them, the map's targets."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass

import pytest

from keythedral import engine
from keythedral.bots.hints import Hint
from keythedral.tui.choices import THINKING, Choice
from keythedral.tui.kind import GameKind
from keythedral.tui.presenter import (
    Moment,
    actions_at,
    cursor_line,
    no_such_key,
    present,
    why_not,
    with_before,
)
from keythedral.tui.session import Session
from tests.support.pseudo_screen import plain
from tests.support.textshot import read
from tests.support.tui_helpers import config, play_until


def no_advice(seat: int) -> Hint | None:
    return None


def session_at(stop, seed: int = 3) -> Session:  # type: ignore[no-untyped-def]
    cfg = config(seed)
    _, actions = play_until(engine.new_game(cfg), stop, seed)
    return Session.replayed(cfg, actions)


def spend_turn(state: engine.GameState) -> bool:
    return state.phase == "spend" and len(state.to_act) == 1 and not state.windows


@dataclass
class Remote:
    """A session whose game is held elsewhere: everything a Session answers, but no ``local``."""

    game: Session

    def __getattr__(self, name: str) -> object:
        return getattr(self.game, name)

    @property
    def local(self) -> None:
        return None


@pytest.mark.parametrize(
    "module", ["presenter", "choices", "autoplay", "session", "authority", "kind"]
)
def test_the_presenter_and_the_rules_need_no_textual(module: str) -> None:
    """The game screen's lines, the rules of what plays itself and the session interface
    import neither Textual nor rich (tests/tui/test_table.py checks the table)."""
    code = (
        f"import sys, keythedral.tui.{module}; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_first_field_is_placed_from_the_map_or_the_list() -> None:
    session = Session.new(config())
    view = session.view(0)
    panel = present(session, view, Moment(0), no_advice)
    assert read(panel.prompt).startswith("Ann")
    assert "left in the stack" in read(panel.hint)
    assert panel.targets and all(kind == "field" for kind, _ in panel.targets)
    assert [c.action for c in panel.choices if c.action] != []
    assert all(c.key for c in panel.choices)
    assert not panel.plans  # no payment in the layout


def test_a_narrowed_list_says_how_to_go_back() -> None:
    session = Session.new(config())
    view = session.view(0)
    two = session.legal_for(0)[:2]
    panel = present(session, view, Moment(0, narrowed=two), no_advice)
    assert sorted(map(str, (c.action for c in panel.choices))) == sorted(map(str, two))
    assert read(panel.hint) == "Esc: back to every choice."


def test_nobody_at_the_keyboard_waits_or_watches_a_bot() -> None:
    session = Session.new(config(), seats=("human", "greedy", "human"))
    view = session.view(None)
    waiting = present(session, view, Moment(None), no_advice)
    assert (waiting.choices, read(waiting.hint)) == ([], "Waiting for the next player.")
    thinking = present(session, view, Moment(None, thinking=1, moves=["Ann: x"]), no_advice)
    assert read(thinking.prompt) == "Bob (greedy) is choosing…"
    # "Ann: x", the move, is the test's own
    assert plain(thinking.hint) == "Computer players move by themselves.\nAnn: x"


def test_a_phase_3_turn_opens_on_the_coach_and_ends_with_done_for_the_phase() -> None:
    session = session_at(spend_turn)
    seat = session.state.to_act[0]
    view = session.view(seat)
    legal = session.legal_for(seat)
    thinking = present(session, view, Moment(seat), no_advice)
    assert thinking.choices[0].command == THINKING  # plays nothing while the coach thinks
    assert thinking.choices[-1].command == "done" and thinking.choices[-1].key == "P"
    assert read(thinking.hint).startswith("For sale: ")
    passing = next(a for a in legal if a.kind == "pass")
    advised = present(session, view, Moment(seat), lambda s: Hint(passing, "nothing to buy"))
    assert advised.choices[0].command == "wait"  # the coach's pass, which stands
    plain = present(
        session,
        view,
        Moment(seat, rules=GameKind(suggests_payments=False, offers_done=False)),
        no_advice,
    )
    assert all(c.command not in ("done", THINKING) for c in plain.choices)
    assert not plain.plans and not any(c.command.startswith("paying:") for c in plain.choices)


def test_a_game_held_elsewhere_gets_no_line_that_needs_the_whole_state() -> None:
    session = session_at(spend_turn)
    seat = session.state.to_act[0]
    remote = Remote(session)
    panel = present(remote, session.view(seat), Moment(seat), no_advice)  # type: ignore[arg-type]
    assert not panel.plans
    assert all(c.command != THINKING for c in panel.choices)
    assert panel.choices[-1].command == "done"


def test_on_the_shared_screen_the_hand_is_the_last_line_and_laws_are_not_listed() -> None:
    session = session_at(lambda s: engine.decision(s) == "place_worker")
    seat = session.state.to_act[0]
    view = session.view(None)
    panel = present(session, view, Moment(seat, shared=True), no_advice)
    assert panel.choices[-1].command == "hand" and panel.choices[-1].key == "r"
    assert all(c.action is None or c.action.kind != "play_law" for c in panel.choices)


def test_the_scores_line_once_the_game_is_over() -> None:
    session = session_at(lambda s: False, seed=5)
    assert session.over
    panel = present(session, session.view(None), Moment(None), no_advice)
    assert read(panel.prompt) == "The game is over."
    assert [(c.command, c.key) for c in panel.choices] == [("scores", "1")]


def test_the_info_line_and_the_map() -> None:
    session = Session.new(config())
    view = session.view(0)
    cell = ("field", tuple(session.legal_for(0)[0].pos))
    acts = actions_at(session, 0, None, cell, False)  # type: ignore[arg-type]
    assert acts == [session.legal_for(0)[0]]
    assert actions_at(session, None, None, cell, False) == []  # type: ignore[arg-type]
    # "here" and "lay it" are the test's own words
    assert plain(cursor_line("here", view, True, acts, None)).startswith("here · Enter: ")
    assert cursor_line("here", view, True, [], None) == "here"
    line = Choice("lay it", key="1")
    assert plain(cursor_line("here", view, False, [], line)) == "Enter: lay it · here"
    assert read(no_such_key("x", [line])) == "No choice has the key x: the keys now are 1."
    assert read(no_such_key("x", [])) == "There is nothing to choose with a key now."
    assert with_before("Bob passes.", 0) == "Bob passes."
    assert plain(with_before("Bob passes.", 2)) == "Bob passes. (+2 before it: g for the log)"


def test_why_nothing_can_be_done_on_a_cell() -> None:
    session = Session.new(config())
    view = session.view(0)
    taken = {tuple(a.pos) for a in session.legal_for(0)}
    far = next((x, 40) for x in range(40) if (x, 40) not in taken)
    reason = why_not(session, 0, view, ("field", far), [("field", (0, 0))])
    assert reason and read(reason) != "Nothing to choose on the map now."
    nothing = "Nothing to choose on the map now."
    assert read(why_not(session, None, view, ("field", far), [])) == nothing
    assert read(why_not(None, 0, view, ("field", far), [])) == nothing
