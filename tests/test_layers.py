"""The layers hold: the import-linter contracts of pyproject.toml ([tool.importlinter]) are kept,
no import circle runs through our modules outside the engine, and each import of ours inside a
function says why it is there (docs/architecture.md)."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]

#: Circles known and left for now, each with why (the set of modules it runs through).
KNOWN_CIRCLES: dict[frozenset[str], str] = {}


def test_the_import_contracts_are_kept() -> None:
    """``lint-imports`` on this tree (not on whichever keythedral is installed): every import
    counts, in a function or under TYPE_CHECKING too; its report says which broke, and where."""
    code = (
        "import sys\n"
        "from importlinter.cli import lint_imports\n"
        f"sys.exit(lint_imports(config_filename={str(ROOT / 'pyproject.toml')!r}, "
        "no_cache=True, no_logo=True))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), *_python_path()])}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout and " kept" in run.stdout, run.stdout


def test_a_bot_importing_an_engine_internal_breaks_a_contract(tmp_path: Path) -> None:
    """The bots' contract bites: a copy of the tree in which a bot imports the engine's state
    module (as the playouts once did) is refused, naming the import."""
    shutil.copytree(ROOT / "src" / "keythedral", tmp_path / "keythedral")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    bot = tmp_path / "keythedral" / "bots" / "random_bot.py"
    bot.write_text(
        bot.read_text(encoding="utf-8") + "from keythedral.engine.state import replace\n",
        encoding="utf-8",
    )
    code = (
        "import sys\n"
        "from importlinter.cli import lint_imports\n"
        "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *_python_path()])}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert run.returncode != 0, run.stdout
    assert "The bots use the engine's public modules only BROKEN" in run.stdout, run.stdout
    assert "keythedral.bots.random_bot -> keythedral.engine.state" in run.stdout, run.stdout


def _python_path() -> list[str]:
    return [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]


def circles(imports: Mapping[str, Iterable[str]]) -> list[frozenset[str]]:
    """The import circles of a graph (module -> the modules it imports): each strongly
    connected set of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(imports):
        if root in index:
            continue
        work = [(root, iter(sorted(imports.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(imports.get(target, ())))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                members = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.add(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(frozenset(members))
    return found


def test_circles_are_found() -> None:
    graph = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": [], "e": ["e", "d"], "f": ["g"]}
    assert circles(graph) == [frozenset({"a", "b", "c"})]


def test_no_import_circle_outside_the_engine() -> None:
    """Imports inside functions count (they hid the circles once); imports under TYPE_CHECKING
    do not (they never run: a screen may name the app's type)."""
    graph = grimp.build_graph("keythedral", cache_dir=None, exclude_type_checking_imports=True)
    imports = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
    found = [c for c in circles(imports) if not all(m.startswith("keythedral.engine.") for m in c)]
    new = [sorted(c) for c in found if c not in KNOWN_CIRCLES]
    assert new == [], f"import circles: {new}"


def unexplained_function_imports(source: str) -> list[int]:
    """The lines of imports of our own modules inside a function with no comment saying why:
    none on the import's own lines, nor on the line above it or above the run of imports it
    belongs to."""
    lines = source.splitlines()
    found = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        imports = [n for n in ast.walk(fn) if isinstance(n, ast.Import | ast.ImportFrom)]
        ends = {n.end_lineno: n.lineno for n in imports if n.end_lineno is not None}
        for node in imports:
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
            ours = (isinstance(node, ast.ImportFrom) and node.level > 0) or any(
                n == "keythedral" or n.startswith("keythedral.") for n in names
            )
            if not ours or any("#" in line for line in lines[node.lineno - 1 : node.end_lineno]):
                continue
            above = node.lineno - 1  # 1-based number of the line above
            while above in ends:  # the run of imports this one closes
                above = ends[above] - 1
            while above > 0 and not lines[above - 1].strip():
                above -= 1
            if not (above > 0 and lines[above - 1].strip().startswith("#")):
                found.append(node.lineno)
    return sorted(set(found))


def test_an_unexplained_import_inside_a_function_is_found() -> None:
    source = (
        "def f():\n"
        "    from keythedral.engine import apply  # engine: after the first frame\n"
        "    # not before the first frame\n"
        "    from keythedral.tui import a\n"
        "    from keythedral.tui import b\n"
        "    import json\n"
        "    x = 1\n"
        "    from keythedral.words import c\n"
        "    return a\n"
        "def g():\n"
        "    from . import d\n"
    )
    assert unexplained_function_imports(source) == [8, 11]


def test_every_import_of_ours_inside_a_function_says_why() -> None:
    """Imports inside functions only where they save start-up time (or untie what cannot be
    untied otherwise), each with a comment saying which (docs/architecture.md)."""
    unexplained = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "src" / "keythedral").rglob("*.py"))
        for line in unexplained_function_imports(path.read_text(encoding="utf-8"))
    ]
    assert unexplained == []
