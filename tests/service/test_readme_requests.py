"""docs/service.md shows its HTTP requests as ``text`` blocks of ``$ COMMAND`` lines and their
output (tests/test_readme.py runs no server); this test runs every one of them against a
``paibiao serve`` on a free port (``localhost:8000`` in a command becomes its address) and
checks the output shown, as tests/test_readme.py does for console blocks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.test_readme import DOCS, console_examples, fenced_blocks, output_matches

ADDRESS = "localhost:8000"


SERVICE_PAGE = DOCS / "service.md"


def examples() -> list[tuple[str, list[str]]]:
    out = []
    for info, _, code in fenced_blocks(SERVICE_PAGE.read_text()):
        if info == "text" and code.startswith("$ "):
            out.extend(console_examples(code))
    return out


def test_the_page_shows_a_request_of_every_kind():
    commands = " ".join(command for command, _ in examples())
    for route in ("/healthz", "/v1/tables", "/openapi.json", "/v1/noop", "/v1/mahjong/", "/v1/shisanshui/",
                  "/v1/zipai/", "_batch", '"hands"'):
        assert route in commands, route


def test_every_request_on_the_page_answers_what_it_shows(service, tmp_path):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    address = f"{service.host}:{service.port}"
    for command, expected in examples():
        assert ADDRESS in command or not command.startswith("curl"), command
        done = subprocess.run(["bash", "-c", command.replace(ADDRESS, address)], capture_output=True, text=True,
                              env=env, cwd=tmp_path, timeout=120)
        got = done.stdout + done.stderr
        assert output_matches(expected, got), f"$ {command}\nexpected:\n" + "\n".join(expected) + f"\ngot:\n{got}"
