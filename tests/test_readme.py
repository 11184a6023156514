"""Every example in README.md and docs/*.md runs, and prints what the page shows; every
relative link in them leads to a file (and a heading) of the repository.

Fenced blocks by their info string:

- ``console``: lines ``$ COMMAND`` (a trailing ``\\`` continues it) are run by bash with the
  venv's ``paibiao`` first on PATH, and the lines up to the next command are its expected
  output (stdout and stderr); a line ``...`` stands for any number of lines.
- ``pycon``: a doctest (``>>>`` examples with their output; ``...`` elides, white space is
  normalised). Each block runs in a fresh namespace.
- ``sh``: only ``make`` commands, each a target of the Makefile (what CI itself runs).
- ``text``: not code here. The HTTP requests of docs/service.md are ``text`` blocks of ``$``
  lines, which tests/service/test_readme_requests.py runs against a live service.

Any other fenced block (``python`` among them) fails the test, so no example goes unchecked.
Test ids name the page and the line of the block's first code line (``docs/mahjong.md:61``).
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import run

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
CHECKED = ("console", "pycon", "sh", "text")


def fenced_blocks(text: str) -> list[tuple[str, int, str]]:
    """(info string, line number of the first code line, code) of each fenced block."""
    blocks = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        match = re.match(r"^```(\S*)\s*$", lines[i])
        if match:
            start = i + 1
            end = start
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            blocks.append((match.group(1), start + 1, "\n".join(lines[start:end]) + "\n"))
            i = end
        i += 1
    return blocks


def page_name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


BLOCKS = [(page_name(page), info, line, code) for page in PAGES for info, line, code in fenced_blocks(page.read_text())]


def _ids(kind: str) -> list:
    """The blocks of one kind; a block running ``paibiao bulk`` (it starts a Dask cluster) is
    marked ``cluster``."""
    return [pytest.param(code, where, id=f"{where}:{line}", marks=[pytest.mark.cluster] * ("paibiao bulk " in code))
            for where, info, line, code in BLOCKS if info == kind]


def test_every_block_is_checked():
    unchecked = [f"{where}:{line}: ```{info}" for where, info, line, _ in BLOCKS if info not in CHECKED]
    assert not unchecked, "blocks no test runs (use console, pycon, sh or text): " + ", ".join(unchecked)
    assert len(PAGES) > 1, "no page under docs/"
    for page in ("README.md", *(page_name(p) for p in PAGES if p.name in ("mahjong.md", "shisanshui.md", "zipai.md"))):
        kinds = {info for where, info, _, _ in BLOCKS if where == page}
        assert {"console", "pycon"} <= kinds, f"{page} shows no command-line or no Python example"


def heading_anchor(heading: str) -> str:
    """The anchor a Markdown renderer (GitHub's) gives a heading: lower case, punctuation
    dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", page.read_text(), flags=re.M | re.S)
    return {heading_anchor(m.group(1)) for m in re.finditer(r"^#+ (.*)$", text, flags=re.M)}


def links(page: Path) -> list[str]:
    text = re.sub(r"^```.*?^```", "", page.read_text(), flags=re.M | re.S)
    return re.findall(r"\]\(([^)\s]+)\)", text)


@pytest.mark.parametrize("page", PAGES, ids=page_name)
def test_relative_links_lead_somewhere(page: Path):
    broken = []
    for link in links(page):
        if re.match(r"[a-z]+:", link):
            continue  # an absolute URL
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists() or ROOT not in target.parents:
            broken.append(link)
        elif anchor and target.suffix == ".md" and anchor not in anchors(target):
            broken.append(link)
    assert not broken, f"{page_name(page)}: links to nothing: " + ", ".join(broken)


def console_examples(code: str) -> list[tuple[str, list[str]]]:
    """(command, expected output lines) of each ``$`` command of a console block."""
    examples: list[tuple[str, list[str]]] = []
    lines = code.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        assert line.startswith("$ "), f"console block line {line!r} is neither a command nor its output"
        command = line[2:]
        while command.endswith("\\"):
            i += 1
            command = command[:-1] + lines[i].strip()
        i += 1
        output = []
        while i < len(lines) and not lines[i].startswith("$ "):
            output.append(lines[i])
            i += 1
        examples.append((command, output))
    return examples


def output_matches(expected: list[str], got: str) -> bool:
    pattern = "".join(r"(?:.*\n)*?" if line == "..." else re.escape(line) + r"\n" for line in expected)
    return re.fullmatch(pattern, got) is not None


IN_PROCESS = re.compile(r"paibiao (?!bulk|serve)[^|<>;&$`()*?~'\"\\]*")
"""A ``paibiao`` command with plain arguments, no shell syntax, neither ``bulk`` (it starts a
Dask cluster) nor ``serve``: the examples of docs/ run it in this process, through the
command's main function; README.md's and every other command go through bash and the
installed entry point."""


@pytest.mark.parametrize(("code", "where"), _ids("console"))
def test_console_examples(code, where, tmp_path, capsys, monkeypatch):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.chdir(tmp_path)
    for command, expected in console_examples(code):
        if where.startswith("docs/") and IN_PROCESS.fullmatch(command):
            _, out, err = run(capsys, *command.split()[1:])
            got = out + err
        else:
            done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=env, cwd=tmp_path,
                                  timeout=300)
            got = done.stdout + done.stderr
        assert output_matches(expected, got), f"$ {command}\nexpected:\n" + "\n".join(expected) + f"\ngot:\n{got}"


@pytest.mark.parametrize(("code", "where"), _ids("pycon"))
def test_python_examples(code, where):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(code, {}, where, str(ROOT / where), 0)
    assert test.examples, "a pycon block without >>> examples"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0, "".join(failures)


@pytest.mark.parametrize(("code", "where"), _ids("sh"))
def test_setup_commands_are_make_targets(code, where):
    targets = set(re.findall(r"^([a-z][a-z-]*):", (ROOT / "Makefile").read_text(), flags=re.M))
    for line in code.splitlines():
        command = line.split("#")[0].split()
        if command:
            assert command[0] == "make" and all(t in targets for t in command[1:]), line


def test_the_checks_catch_a_wrong_output():
    """The matcher is not vacuous: a changed line, a missing line or an extra line fails."""
    assert output_matches(["a", "...", "z"], "a\nb\nc\nz\n")
    assert not output_matches(["a", "b"], "a\nc\n")
    assert not output_matches(["a", "b"], "a\n")
    assert not output_matches(["a"], "a\nb\n")


def test_the_link_check_catches_a_broken_link():
    assert heading_anchor("Scoring (`Rules`, preset `a5_lowest`)") == "scoring-rules-preset-a5_lowest"
    assert heading_anchor("王 (wildcards)") == "王-wildcards"
    assert "tables.md#where-the-tables-live" in links(DOCS / "bulk.md")
    assert "where-the-tables-live" in anchors(DOCS / "tables.md") and "nowhere" not in anchors(DOCS / "tables.md")
