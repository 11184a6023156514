"""The shape rules of the code base: sizes of modules, functions and docstrings, and prose
that cites nothing outside the repository.

- a module of lookup/ or tablegen/ has at most ``MAX_MODULE_LINES`` lines;
- a function takes at most ``MAX_PARAMETERS`` parameters; at most ``MAX_WIDE_FUNCTIONS``
  functions take more, each with a comment line right above it that gives the reason;
- a function docstring has at most ``MAX_FUNCTION_DOC_LINES`` lines, a module docstring at most
  ``MAX_MODULE_DOC_LINES``;
- lookup/, tablegen/, README.md and docs/ name no issue, commit or outside document.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CODE_DIRS = ("lookup", "tablegen")
MAX_MODULE_LINES = 450
MAX_PARAMETERS = 10
MAX_WIDE_FUNCTIONS = 6
MAX_FUNCTION_DOC_LINES = 15
MAX_MODULE_DOC_LINES = 30
MAX_README_LINES = 250
MIN_TOPIC_DOCS = 5

# An outside document, an issue, or a commit hash: a run of 7 to 40 hex digits holding a letter
# and a digit, not part of a longer word or a 0x literal.
OUTSIDE_DOCUMENT = re.compile(r"\bSPEC\b|SPEC\.md|ZIPAI\.md|shared/seeds")
ISSUE = re.compile(r"\b[Ii]ssues? #?\d+|(?<![\w&/])#\d{1,4}\b")
HEX_RUN = re.compile(r"(?<![\w])[0-9a-f]{7,40}(?![\w])")
ZIPAI_CARDS = re.compile(r"(?:[xd](?:10|[1-9]))+")  # zipai cards in ASCII notation: d10d10d10


def code_files() -> list[Path]:
    return sorted(p for d in CODE_DIRS for p in (ROOT / d).rglob("*.py"))


def prose_files() -> list[Path]:
    return [*code_files(), ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def n_parameters(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    a = fn.args
    return (len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs) + (a.vararg is not None)
            + (a.kwarg is not None))


def doc_lines(node: ast.AST) -> int:
    doc = ast.get_docstring(node, clean=True)  # type: ignore[arg-type]
    return len(doc.splitlines()) if doc else 0


def hash_like(run: str) -> bool:
    return (any(c.isdigit() for c in run) and any(c.isalpha() for c in run)
            and not ZIPAI_CARDS.fullmatch(run))


@pytest.mark.parametrize("path", code_files(), ids=relative)
def test_module_size(path: Path) -> None:
    n = len(path.read_text().splitlines())
    assert n <= MAX_MODULE_LINES, f"{relative(path)} has {n} lines (at most {MAX_MODULE_LINES})"


@pytest.mark.parametrize("path", code_files(), ids=relative)
def test_docstring_lengths(path: Path) -> None:
    tree = ast.parse(path.read_text())
    long = [f"module docstring: {doc_lines(tree)} lines"] if doc_lines(tree) > MAX_MODULE_DOC_LINES else []
    long += [f"{fn.name} (line {fn.lineno}): {doc_lines(fn)} lines" for fn in functions(tree)
             if doc_lines(fn) > MAX_FUNCTION_DOC_LINES]
    assert not long, f"{relative(path)}: docstrings too long: " + "; ".join(long)


def wide_functions() -> list[tuple[str, int, bool]]:
    """(where, parameters, whether a comment line sits right above it) of each wide function."""
    wide = []
    for path in code_files():
        lines = path.read_text().splitlines()
        for fn in functions(ast.parse("\n".join(lines))):
            if n_parameters(fn) > MAX_PARAMETERS:
                first = min([fn.lineno, *(d.lineno for d in fn.decorator_list)])
                above = lines[first - 2].strip() if first >= 2 else ""
                wide.append((f"{relative(path)}:{fn.lineno} {fn.name}", n_parameters(fn), above.startswith("#")))
    return wide


def test_parameter_counts() -> None:
    wide = wide_functions()
    unexplained = [f"{where} ({n})" for where, n, explained in wide if not explained]
    assert not unexplained, "functions over the parameter limit with no reason given above: " + ", ".join(unexplained)
    assert len(wide) <= MAX_WIDE_FUNCTIONS, "too many wide functions: " + ", ".join(w for w, _, _ in wide)


@pytest.mark.parametrize("path", prose_files(), ids=relative)
def test_prose_cites_nothing_outside(path: Path) -> None:
    found = []
    for i, line in enumerate(path.read_text().splitlines(), 1):
        for pattern in (OUTSIDE_DOCUMENT, ISSUE):
            found += [f"line {i}: {m.group(0)!r}" for m in pattern.finditer(line)]
        found += [f"line {i}: {m.group(0)!r}" for m in HEX_RUN.finditer(line) if hash_like(m.group(0))]
    assert not found, f"{relative(path)} names an issue, a commit or an outside document: " + ", ".join(found)


def test_readme_is_short_and_topics_live_in_docs() -> None:
    n = len((ROOT / "README.md").read_text().splitlines())
    assert n <= MAX_README_LINES, f"README.md has {n} lines (at most {MAX_README_LINES})"
    topics = sorted((ROOT / "docs").glob("*.md"))
    assert len(topics) >= MIN_TOPIC_DOCS, f"docs/ holds {len(topics)} topic documents"


def test_checks_can_fail(tmp_path: Path) -> None:
    """The detectors flag what they are meant to flag."""
    assert OUTSIDE_DOCUMENT.search("see SPEC §4") and ISSUE.search("from issue 15") and ISSUE.search("(#12)")
    assert [m.group(0) for m in HEX_RUN.finditer("on ebc0480, 0x1f2e3d4c, deadbeefs")] == ["ebc0480"]
    assert hash_like("ebc0480") and not hash_like("d10d10d10") and not hash_like("1234567")
    fn = ast.parse("def f(a, b, *c, d=1, **e):\n    '''x\n\n    y'''\n").body[0]
    assert isinstance(fn, ast.FunctionDef) and n_parameters(fn) == 5 and doc_lines(fn) == 3


def import_cycles(graph: Any, package: str) -> list[list[str]]:
    """The strongly connected components of more than one module among ``package``'s modules
    (imports inside functions included): each holds an import cycle."""
    inside = sorted(m for m in graph.modules if m == package or m.startswith(package + "."))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.find_modules_directly_imported_by(v):
            if w not in inside:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in inside:
        if module not in index:
            visit(module)
    return cycles


def test_no_import_cycle_among_lookup_modules() -> None:
    """A package and its modules count too (import-linter's acyclic_siblings sees siblings only)."""
    import grimp

    graph = grimp.build_graph("lookup", cache_dir=None)
    assert not import_cycles(graph, "lookup"), import_cycles(graph, "lookup")
    graph.add_import(importer="lookup.tables", imported="lookup.cli")  # a cycle through the layers
    assert import_cycles(graph, "lookup")
