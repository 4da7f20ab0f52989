"""The suite's own layout: a folder of tests per package, support code in tests/support/, and no
module of the suite importing a test module (what two tests share belongs in support, where a
change to it is a change to every test that uses it, not to one test's file)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


def imported_test_modules(source: str, package: str = "tests") -> list[str]:
    """The test modules (``test_*``) that ``source``, a module of ``package``, imports: plain,
    from-imports and relative ones, at the top or inside functions."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        found += [n for n in names if n.rpartition(".")[2].startswith("test_")]
    return found


@pytest.mark.parametrize(
    ("source", "imported"),
    [
        ("from test_laws import give", ["test_laws"]),
        ("import tests.tui.test_app", ["tests.tui.test_app"]),
        ("from tests.engine.test_laws import give", ["tests.engine.test_laws"]),
        ("from .test_reach import mid_game", ["tests.tui.test_reach"]),
        ("from . import test_reach", ["tests.tui.test_reach"]),
        ("def f():\n    from test_bots_app import settle\n", ["test_bots_app"]),
        ("from tests.support.driver import settle", []),
        ("from keythedral import engine", []),
    ],
    ids=[
        "from",
        "import",
        "from-package",
        "relative",
        "relative-import",
        "in-a-function",
        "support",
        "the-game",
    ],
)
def test_the_check_finds_a_test_module_however_it_is_imported(
    source: str, imported: list[str]
) -> None:
    assert imported_test_modules(source, "tests.tui") == imported


def test_no_module_of_the_suite_imports_a_test_module() -> None:
    offenders = {}
    for path in sorted(TESTS.rglob("*.py")):
        package = ".".join(("tests", *path.parent.relative_to(TESTS).parts))
        if found := imported_test_modules(path.read_text(encoding="utf-8"), package):
            offenders[str(path.relative_to(TESTS.parent))] = found
    assert not offenders, offenders


def test_every_folder_of_tests_is_a_package() -> None:
    """Test modules are imported by their place (tests.engine.test_laws), so two folders may
    hold modules of the same name and support is imported as tests.support everywhere."""
    folders = {p.parent for p in TESTS.rglob("*.py")}
    assert not [str(f) for f in sorted(folders) if not (f / "__init__.py").exists()]


def english_only(source: str) -> list[str]:
    """The tests of a module that only an English run of the app's tests runs (marked
    ``@pytest.mark.english``; ``*`` for a module whose ``pytestmark`` marks them all)."""

    def english(node: ast.expr) -> bool:
        return ast.unparse(node).replace(" ", "").startswith("pytest.mark.english")

    marked = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            values = node.value.elts if isinstance(node.value, ast.List) else [node.value]
            marked += ["*"] * any(english(v) for v in values)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            marked += [node.name] * any(english(d) for d in node.decorator_list)
    return marked


def test_english_only_spots_a_marked_test_and_a_marked_module() -> None:
    source = (
        "import pytest\npytestmark = [pytest.mark.english]\n"
        "@pytest.mark.english  # why\nasync def test_a(): ...\ndef test_b(): ...\n"
    )
    assert english_only(source) == ["*", "test_a"]


#: The modules whose every test holds English layout (SVG snapshots of English screens).
ENGLISH_MODULES = {"test_snapshots.py"}
#: At most this many other tests of the app are left out of its pseudo-language run
#: (KEYTHEDRAL_TEST_LANG=pseudo, docs/i18n.md): each holds English widths or columns.
MOST_ENGLISH_ONLY = 16


def test_the_pseudo_language_run_leaves_out_few_tests() -> None:
    """A test that holds English layout says so (``@pytest.mark.english``) and is left out of
    the pseudo-language run: a few are; a growing list would hide what that run is for."""
    marked = {
        p.name: english_only(p.read_text()) for p in sorted((TESTS / "tui").glob("test_*.py"))
    }
    modules = {name for name, tests in marked.items() if "*" in tests}
    tests = [f"{name}::{t}" for name, found in marked.items() for t in found if t != "*"]
    assert modules <= ENGLISH_MODULES, modules
    assert len(tests) <= MOST_ENGLISH_ONLY, tests
