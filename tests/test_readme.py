"""Every example in README.md runs, and prints what the README shows.

Fenced blocks by their info string:

- ``console``: lines ``$ COMMAND`` (a trailing ``\\`` continues it) are run by bash with the
  venv's ``paibiao`` first on PATH, and the lines up to the next command are its expected
  output (stdout and stderr); a line ``...`` stands for any number of lines.
- ``pycon``: a doctest (``>>>`` examples with their output; ``...`` elides, white space is
  normalised). Each block runs in a fresh namespace.
- ``sh``: only ``make`` commands, each a target of the Makefile (what CI itself runs).
- ``text``: not code.

Any other fenced block (``python`` among them) fails the test, so no example goes unchecked.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
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


BLOCKS = fenced_blocks(README.read_text())


def _ids(kind: str) -> list:
    return [pytest.param(code, id=f"README.md:{line}") for info, line, code in BLOCKS if info == kind]


def test_every_block_is_checked():
    unchecked = [f"line {line}: ```{info}" for info, line, _ in BLOCKS if info not in CHECKED]
    assert not unchecked, "README blocks no test runs (use console, pycon, sh or text): " + ", ".join(unchecked)
    assert any(info == "console" for info, _, _ in BLOCKS) and any(info == "pycon" for info, _, _ in BLOCKS)


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


@pytest.mark.parametrize("code", _ids("console"))
def test_console_examples(code, tmp_path):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    for command, expected in console_examples(code):
        done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=env, cwd=tmp_path,
                              timeout=300)
        got = done.stdout + done.stderr
        assert output_matches(expected, got), f"$ {command}\nexpected:\n" + "\n".join(expected) + f"\ngot:\n{got}"


@pytest.mark.parametrize("code", _ids("pycon"))
def test_python_examples(code):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(code, {}, "README.md", str(README), 0)
    assert test.examples, "a pycon block without >>> examples"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0, "".join(failures)


@pytest.mark.parametrize("code", _ids("sh"))
def test_setup_commands_are_make_targets(code):
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
