"""The app's words are looked up when they are shown (docs/i18n.md): under the pseudo-language
every message the app makes comes out bracketed, those kept as module constants (the keys'
labels, the map legend, the seat kinds...) included; a message without brackets escaped
translation.  (The words the app takes from ``keythedral.words`` are that package's: a line
made here around them is bracketed as a whole.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.text import Text

from keythedral import engine, lang
from keythedral.bots.hints import Hint
from keythedral.tui import choices, keymap, keys, presenter
from keythedral.tui.presenter import Moment, present
from keythedral.tui.session import Session
from tests.support.tui_helpers import config, play_until
from tests.words.pseudo import assert_translated, escaped

pytestmark = pytest.mark.usefixtures("pseudo")  # the pseudo-language (tests/conftest.py)


def bracketed(text: str | Text) -> bool:
    """The pseudo-language's mark: the whole line (each line of it) in brackets."""
    lines = [line for line in str(text).split("\n") if line.strip()]
    return bool(lines) and all(
        line.strip().startswith("[") and line.strip().endswith("]") for line in lines
    )


def unbracketed(texts: list[str]) -> list[str]:
    return [t for t in texts if not bracketed(t)]


def no_advice(seat: int) -> Hint | None:
    return None


def session_at(decision: str, seed: int = 3, **variants: Any) -> Session:
    cfg = config(seed, **variants)
    _, actions = play_until(
        engine.new_game(cfg), lambda s: engine.decision(s) == decision and not s.windows, seed
    )
    return Session.replayed(cfg, actions)


# --- the keys ------------------------------------------------------------------------------
def test_every_key_label_place_and_help_line_is_looked_up() -> None:
    said = [k.said() for k in keys.KEYS]
    said += [keys.place_said(p) for p in keys.PLACES]
    said += [text for _keys, text in keys.help_rows()]
    # The keys column's words ("mouse click"); key names stay as they are.
    said += [h.keys_said() for h in keys.HELP if h.written in ("arrows, hjkl, wasd", "mouse click")]
    assert unbracketed(said) == []
    # The README's table and keys.toml's ids stay English whatever the language.
    assert "| `u` | take back your own last action" in keys.markdown()


def test_the_keys_files_messages_are_looked_up() -> None:
    text = '[keys]\nundo = 3\n"map.left" = "left,!!"\nnothing = "x"\nhelp = "ctrl+q"\n'
    _, problems = keymap.parse_keymap(text, [r.id for r in keymap.app_rows()])
    assert len(problems) == 4
    bad_toml, _ = keymap.parse_keymap("[keys")
    rows = keymap.app_rows()
    _, clashes = keymap.check_conflicts({"undo": "m"}, rows)
    result = keymap.KeymapResult({}, tuple(f"p{i}" for i in range(12)), keymap.keys_path())
    notice = result.notice().split("\n")[-1]
    sample = [line[2:] for line in keymap.sample_file(rows[:1]).split("\n")[:2]]
    assert unbracketed([*problems, *bad_toml, *clashes, notice, *sample]) == []
    assert all(bracketed(r.description) for r in rows)


# --- the decision panel --------------------------------------------------------------------
def test_the_panels_prompts_notes_and_command_lines_are_looked_up() -> None:
    said: list[str] = []
    for decision in ("place_field", "bid", "spend", "pay"):
        session = session_at(decision)
        seat = session.state.to_act[0]
        view = session.view(seat)
        panel = present(session, view, Moment(seat), no_advice)
        said.append(panel.hint)
        said += [c.text for c in panel.choices if c.action is None]  # the app's own lines
        said.append(presenter.cursor_line("(0,0)", view, True, session.legal_for(seat)[:2], None))
        targets = [("field", (0, 0))]
        if decision == "bid":  # nothing of the bidding on the map: the app's own words
            said.append(presenter.why_not(session, seat, view, ("corner", (9, 9)), targets))
        said.append(presenter.no_such_key("x", panel.choices))
    session = session_at("spend")
    seat = session.state.to_act[0]
    view = session.view(seat)
    # Not at the keyboard: a computer player thinking, someone else's turn; the game over.
    said.append(present(session, view, Moment(None, thinking=seat), no_advice).prompt)
    said.append(present(session, view, Moment(None), no_advice).hint)
    said.append(presenter.with_before("A message.", 3))
    said.append(presenter.no_such_key("x", []))
    said.append(presenter.why_not(None, None, None, ("field", (0, 0)), []))
    said.append(presenter.prompt_for(view, seat, claimed=True))
    assert unbracketed(said) == []


def test_the_lists_own_lines_and_constants_are_looked_up() -> None:
    session = session_at("spend")
    seat = session.state.to_act[0]
    view = session.view(seat)
    legal = session.legal_for(seat)
    lines = [
        choices.done_choice().text,
        choices.wait_choice().text,
        choices.hand_choice("Ann", 1).text,
        choices.hand_choice("Ann", 0).text,
        choices.payment_choice([], coach=True).text,
        choices.payment_choice([], coach=False).text,
        choices.suggested_first([], {}, session.state, legal, view, None)[0].text,
        choices.suggested("a move"),
        *(choices.kind_group_text(kind) for kind in choices.KIND_GROUPS),
    ]
    assert unbracketed(lines) == []
    constants = [
        *(lang._(m) for m in choices.PAID_KINDS.values()),
        *(lang._(m) for m in presenter.GAIN_PURPOSES.values()),
        *(lang._(m) for m in keymap.RESERVED.values()),
    ]
    assert unbracketed(constants) == []


def test_the_prices_inside_the_lists_lines_are_looked_up_too() -> None:
    """The lines standing for several name a price ("build a fence (1 wood) ..."): the price
    is in the reader's language too, not only the sentence around it."""
    untranslated = re.compile(r"(?<![\[\d])\d+ (wood|stone|wine)\b")  # looked up: "[1 wood~~]"
    for kind in choices.KIND_GROUPS:
        assert not untranslated.search(choices.kind_group_text(kind)), kind


# --- the screens' words --------------------------------------------------------------------
def test_the_screens_words_and_constants_are_looked_up() -> None:
    from keythedral.tui.screens import base, drawn, game, help, new_game, rules, tutorial
    from keythedral.tui.screens.assist import corner_rule, field_rule
    from keythedral.tui.screens.lesson_box import meanwhile
    from keythedral.tui.widgets import map_looks, panels
    from keythedral.tui.widgets.chart import chart_text, history

    session = session_at("spend")
    view = session.view(None)
    said: list[str | Text] = [
        base.too_small_text(60, 20),
        lang._(drawn.CONTINUE),
        drawn.drawn_text("Ann", next(iter(engine_laws()))).split("\n")[0],
        game.zoom_name("compact"),
        new_game.level_name("easy"),
        new_game.resume_note("Ann, Bob: round 2"),
        lang._(help.GAME_IN_SHORT),
        *(lang._(meaning) for _mark, meaning in help.MAP_LEGEND),
        *(lang._(label) for label, _value in new_game.SEAT_KINDS),
        *(part() for part in tutorial.MAT_PARTS.values()),
        *(lang._(m) for legend in map_looks.LEGENDS.values() for _mark, m in legend),
        rules.glossary_markdown().split("\n")[0].removeprefix("# "),
        meanwhile(Text(""), ["a", "b", "c"], 1).plain.strip().split("\n")[0],
        meanwhile(Text(""), ["a", "b", "c"], 0).plain.strip(),
    ]
    field = tuple(view.fields[0].pos)
    said += [field_rule(view, field)[0], corner_rule(view, (0, 0))[0]]
    ended = session_at("spend", no_laws=True)
    said.append(panels.winners_text(ended.view(None)) or Text("[nobody]"))
    for width in (200, 20):  # bars, and strips
        chart = chart_text(history(session_at("bid", seed=5).states), width=width)
        # its titles (bold) and legends (dim); the bars are drawn, not said
        said += [t for t in chart.renderables if isinstance(t, Text) and t.style in ("bold", "dim")]
    said += list(chart_text(history([])).renderables)  # no round to chart
    assert unbracketed([str(s) for s in said]) == []


def test_a_levels_description_on_the_new_game_screen_is_looked_up_too() -> None:
    """The line under the seats said the level's name in the reader's language and what it
    is in English."""
    from keythedral.tui.screens.new_game import level_note

    for level in ("easy", "normal", "hard"):
        note = level_note(level)
        assert bracketed(note) and ": [" in note, note


def test_a_computer_players_level_beside_its_name_is_looked_up() -> None:
    """'Cy (normal)' in the status line, the info line and the scores: a level in the
    reader's language ('Cy (normaal)'), another bot by its id."""
    from keythedral.tui.session import bot_kind_name

    assert bracketed(bot_kind_name("normal")) and bracketed(bot_kind_name("hard:time=0.5"))
    assert bot_kind_name("greedy") == "greedy"


def test_the_walkthroughs_options_are_told_with_their_reasons_in_one_message() -> None:
    """An option and its reason are one message (French puts a space before the colon): the
    panel glued an English ': ' between them."""
    from keythedral.tui.widgets.walkthrough import walkthrough_text
    from keythedral.words.walkthrough import Walkthrough
    from keythedral.words.walkthrough_options import Option

    shown = walkthrough_text(Walkthrough("[h]", "[p]", "[n]", (Option("[a]", False, "[b]"),)))
    option = shown.plain.split("\n")[-1]
    assert option.startswith("✗ ") and escaped(option.removeprefix("✗ ")) == "", option


def test_the_work_order_markers_on_the_mat_are_named_in_the_readers_language() -> None:
    """'1st'...'5th' on the Keythedral mat were English under every language."""
    from keythedral.tui.widgets import panels

    assert unbracketed(list(panels.ordinals())) == []


def test_a_drawn_law_cards_text_and_timing_are_in_the_readers_language() -> None:
    """The card just drawn is shown whole in the language in use: its name, its text and when
    it may be played (the last two were shown in English)."""
    from keythedral.tui.screens import drawn

    for card in engine_laws():
        for line in drawn.drawn_text("[Ann]", card).split("\n"):
            if line:
                assert_translated(line)


def engine_laws() -> dict[str, Any]:
    from keythedral.engine.catalogue import laws

    return laws()


# --- the app --------------------------------------------------------------------------------
async def test_the_key_bar_and_the_command_palette_are_looked_up() -> None:
    from keythedral.tui.widgets.keybar import KeyBar
    from tests.support.tui_helpers import make_app, saved_game

    saved = saved_game(config(3, no_laws=True), lambda s: s.round == 2 and s.phase == "spend")
    app = make_app(saved=saved)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        items, palette, _ = app.screen.query_one(KeyBar).items()
        said = [item.description for item in items if item.description]
        assert said
        assert palette is not None
        said.append(palette.description)
        said += [c.title for c in app.get_system_commands(app.screen)]
        said += [c.help for c in app.get_system_commands(app.screen)]
        assert unbracketed(said) == []
        # ctrl+p: the palette's search line (Textual's own was English)
        from textual.command import CommandInput

        await pilot.press("ctrl+p")
        await pilot.pause()
        assert bracketed(str(app.screen.query_one(CommandInput).placeholder))
