"""The layers hold: the import-linter contracts of pyproject.toml ([tool.importlinter]) are kept,
and no import circle runs through our modules outside the engine (docs/architecture.md)."""

from __future__ import annotations

import os
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
