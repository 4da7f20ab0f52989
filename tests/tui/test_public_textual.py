"""Only Textual's public API: no import of its private modules, no override of its private
methods, no read of its private attributes (issue 29), so that any Textual 8 release within
the required range runs the app and its tests."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

from textual.app import App
from textual.pilot import Pilot
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, Static

import keythedral.tui

ROOT = Path(__file__).resolve().parents[2]
#: A name under textual with a part that starts with an underscore (a private module).
PRIVATE_MODULE = re.compile(r"\btextual(?:\.[A-Za-z]\w*)*\._")


def sources() -> list[Path]:
    return [path for folder in ("src", "tests") for path in sorted((ROOT / folder).rglob("*.py"))]


def test_no_private_textual_module_is_named_in_src_or_tests() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sources()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if PRIVATE_MODULE.search(line)
    ]
    assert found == []


def private_textual_names() -> set[str]:
    """The underscored attributes of the Textual objects the app and its tests handle (an app,
    a screen, a widget, a list, a pilot): those of their classes and of fresh instances."""
    app: App[None] = App()
    objects = [app, Screen(), Widget(), Static(), OptionList(), Pilot(app)]
    names = {n for o in objects for c in inspect.getmro(type(o)) if is_textual(c) for n in vars(c)}
    names |= {n for o in objects for n in vars(o)}
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def private_reads(path: Path, private: set[str], root: Path = ROOT) -> list[str]:
    """Where ``path`` reads one of ``private`` as an attribute, unless the file sets or defines
    that name itself (one of our own attributes that happens to share a name)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = list(ast.walk(tree))
    own = {n.attr for n in nodes if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)}
    own |= {n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    own |= {n.name for n in nodes if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    return [
        f"{path.relative_to(root)}:{n.lineno} {n.attr}"
        for n in nodes
        if isinstance(n, ast.Attribute) and n.attr in private and n.attr not in own
    ]


def test_no_private_textual_attribute_is_read_in_src_or_tests() -> None:
    private = private_textual_names()
    assert {"_notifications", "_compositor", "_wait_for_screen"} <= private  # what it looks for
    assert [line for path in sources() for line in private_reads(path, private)] == []


def test_a_read_of_a_private_attribute_is_found(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "def f(app, panel):\n"
        "    panel._width = 1  # set here: our own\n"
        "    return app._notifications, app.notify, panel._width, app._size\n"
    )
    assert private_reads(probe, {"_notifications", "_width", "_size"}, tmp_path) == [
        "probe.py:3 _notifications",
        "probe.py:3 _size",
    ]


def tui_classes() -> list[type]:
    """Every class defined in keythedral.tui and its subpackages."""
    classes: list[type] = []
    (folder,) = keythedral.tui.__path__  # a namespace package: its modules found as files
    for path in sorted(Path(folder).rglob("*.py")):
        parts = path.relative_to(folder).with_suffix("").parts
        name = ".".join(["keythedral.tui", *parts[: -1 if parts[-1] == "__init__" else None]])
        module = importlib.import_module(name)
        classes += [
            c
            for _, c in inspect.getmembers(module, inspect.isclass)
            if c.__module__ == module.__name__
        ]
    return classes


def is_textual(cls: type) -> bool:
    return cls.__module__.split(".")[0] == "textual"


def made_by_textual(base: type) -> set[str]:
    """The names Textual itself puts on every subclass of ``base`` (its bindings, handlers,
    reactives, CSS names): those of an empty subclass."""
    probe = type("Probe", (base,), {"__module__": __name__})
    return set(vars(probe))


def private_overrides(cls: type) -> list[str]:
    """The underscored names that ``cls`` or one of our classes it inherits from defines and
    a Textual class above them defines too."""
    mro = inspect.getmro(cls)
    textual = [c for c in mro if is_textual(c)]
    if not textual:
        return []
    ours = [c for c in mro if c.__module__.startswith("keythedral")]
    automatic = made_by_textual(textual[0]) | {
        f"_default_{name}"  # what a reactive declared again (``Reactive`` is public) sets
        for c in ours
        for name, value in vars(c).items()
        if isinstance(value, Reactive)
    }
    return sorted(
        f"{cls.__qualname__}.{name} overrides {base.__qualname__}.{name} ({base.__module__})"
        for c in ours
        for name in vars(c)
        if name.startswith("_") and not name.startswith("__") and name not in automatic
        for base in textual
        if name in vars(base)
    )


def test_the_tui_overrides_no_private_textual_method() -> None:
    classes = tui_classes()
    assert any(c.__name__ == "ChoiceList" for c in classes)  # the walk finds the widgets
    assert [line for c in classes for line in private_overrides(c)] == []


def test_an_override_of_a_private_method_is_found() -> None:
    from textual.widget import Widget

    class Sized(Widget):
        def _size_updated(self, *args: object, **kwargs: object) -> bool:  # the kind meant
            return True

        def _own(self) -> None:  # a name of our own: not an override
            pass

    Sized.__module__ = "keythedral.tui.probe"
    assert private_overrides(Sized) == [
        "test_an_override_of_a_private_method_is_found.<locals>.Sized._size_updated"
        " overrides Widget._size_updated (textual.widget)"
    ]
