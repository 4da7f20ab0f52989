"""The engine is pure rules: importing it must not pull in the terminal UI stack.

Bots, the CLI's ``simulate`` and the property tests import the engine thousands of times over;
Textual and Rich cost a lot to import and would tie the rules to a terminal (ARCHITECTURE.md).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import keythedral.engine

FORBIDDEN = ("textual", "rich")
ENGINE_DIR = Path(keythedral.engine.__file__).parent


def test_importing_the_engine_loads_neither_textual_nor_rich() -> None:
    code = (
        "import json, sys\n"
        "import keythedral.engine\n"
        "from keythedral import engine\n"
        "s = engine.new_game(engine.GameConfig(players=['A', 'B', 'C'], seed=1))\n"
        "engine.view(engine.apply(s, engine.legal_actions(s)[0]), 0)\n"
        "print(json.dumps(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert loaded == [], f"importing keythedral.engine loaded {loaded}"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and getattr(node.func, "id", getattr(node.func, "attr", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add(node.args[0].value)
    return names


def test_engine_modules_do_not_import_textual_or_rich() -> None:
    modules = sorted(ENGINE_DIR.rglob("*.py"))
    assert len(modules) > 5, f"found only {modules} under {ENGINE_DIR}"
    offenders = {
        str(path.relative_to(ENGINE_DIR)): sorted(
            name for name in _imports(path) if name.split(".")[0] in FORBIDDEN
        )
        for path in modules
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert offenders == {}, f"engine modules importing UI libraries: {offenders}"


def test_engine_modules_do_not_import_the_ui_layers() -> None:
    """Nor the packages above it (tui, cli): the dependency points one way only."""
    above = (
        "keythedral.tui",
        "keythedral.cli",
        "keythedral.bots",
        "keythedral.records.persistence",
        "keythedral.net",
    )
    offenders = {}
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        bad = sorted(n for n in _imports(path) if n.startswith(above))
        text = path.read_text(encoding="utf-8")
        bad += [
            f"relative {m}" for m in ("..tui", "..cli", "..bots", "..net") if f"from {m}" in text
        ]
        if bad:
            offenders[str(path.relative_to(ENGINE_DIR))] = bad
    assert offenders == {}, f"engine modules importing upper layers: {offenders}"


#: The leaf modules every layer shares: they import nothing of ours (the engine uses them).
LEAVES = ("vocab", "safetext", "safefile", "folders", "lang")


def test_the_engine_imports_of_ours_only_its_own_modules_and_the_leaves() -> None:
    allowed = (
        "keythedral.engine",
        "keythedral.lexicon",
        *(f"keythedral.{leaf}" for leaf in LEAVES),
    )
    offenders = {}
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        bad = sorted(
            n for n in _imports(path) if n.startswith("keythedral") and not n.startswith(allowed)
        )
        if bad:
            offenders[str(path.relative_to(ENGINE_DIR))] = bad
    assert offenders == {}, f"engine modules importing other layers: {offenders}"


def test_the_leaves_import_nothing_of_ours() -> None:
    root = ENGINE_DIR.parent
    for leaf in LEAVES:
        ours = sorted(n for n in _imports(root / f"{leaf}.py") if n.startswith("keythedral"))
        assert ours == [], (leaf, ours)


def test_the_lexicon_imports_of_ours_only_the_language() -> None:
    """keythedral.lexicon, the game's words as messages, is a leaf on lang alone."""
    ours = sorted(
        n for n in _imports(ENGINE_DIR.parent / "lexicon.py") if n.startswith("keythedral")
    )
    assert ours == ["keythedral.lang"]


def test_the_narration_loads_no_terminal_library() -> None:
    code = (
        "import json, sys\n"
        "import keythedral.words.narration, keythedral.vocab\n"
        "print(json.dumps(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []
