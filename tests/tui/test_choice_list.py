"""The list of choices answers keys and clicks as Textual's OptionList does (it was one): the
same highlight, the same scrolling and the same choice, for options of one and two lines."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.content import Content
from textual.widgets import OptionList

from keythedral.tui.widgets.decision import ChoiceList, ChoiceOption

LABELS = [[f"choice {i}"] + ([f"  more of {i}"] if i % 3 == 1 else []) for i in range(30)]
KEYS = [
    *["down"] * 3,
    "end",
    "down",  # from the last: the first
    "up",  # from the first: the last
    "home",
    *["pagedown"] * 4,
    "up",
    *["pageup"] * 2,
    "end",
    *["pageup"] * 5,
]


class Lists(App[None]):
    CSS = "OptionList, ChoiceList { height: 8; border: none; padding: 0; }"

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[tuple[str, int]] = []

    def compose(self) -> ComposeResult:
        yield OptionList(*["\n".join(lines) for lines in LABELS])
        yield ChoiceList()

    def on_mount(self) -> None:
        choices = self.query_one(ChoiceList)
        choices.set_options([ChoiceOption([Content(t) for t in lines]) for lines in LABELS])
        choices.highlighted = 0  # as OptionList starts

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.chosen.append(("OptionList", event.option_index))

    def on_choice_list_selected(self, event: ChoiceList.Selected) -> None:
        self.chosen.append(("ChoiceList", event.index))


async def walk(pilot: Any, widget: OptionList | ChoiceList) -> list[tuple[int | None, float]]:
    widget.focus()
    await pilot.pause()
    seen = []
    for key in KEYS:
        await pilot.press(key)
        await pilot.pause()
        seen.append((widget.highlighted, widget.scroll_y))
    await pilot.press("enter")
    await pilot.click(widget, offset=(2, 5))  # the line 5 rows down
    await pilot.pause()
    return seen


async def test_the_list_of_choices_answers_as_an_option_list() -> None:
    app = Lists()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        options, choices = app.query_one(OptionList), app.query_one(ChoiceList)
        expected = await walk(pilot, options)
        assert await walk(pilot, choices) == expected
        assert {h for h, _ in expected} >= {0, 29} and max(y for _, y in expected) > 0
        told = [index for _, index in app.chosen]
        assert [kind for kind, _ in app.chosen] == ["OptionList"] * 2 + ["ChoiceList"] * 2
        assert told[:2] == told[2:]
