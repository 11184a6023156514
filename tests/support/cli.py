"""The ``paibiao`` command run in this process, as the command-line tests call it."""

from __future__ import annotations

import io
import sys

from lookup.cli import main


def run(capsys, *argv: object, stdin: str | None = None) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``paibiao ARGV`` (each argument passed through ``str``),
    reading ``stdin`` as its standard input when given."""
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        code = main([str(a) for a in argv])
    finally:
        sys.stdin = saved
    out, err = capsys.readouterr()
    return code, out, err
