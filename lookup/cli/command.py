"""What a module of :mod:`lookup.cli` builds a command from: :class:`Command`, :class:`Query`,
:class:`UsageError`, and the JSON and standard-input helpers every command shares."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import PaibiaoError

Runner = Callable[[argparse.Namespace], int]
AddArguments = Callable[[argparse.ArgumentParser], None]


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    pass


@dataclass(frozen=True)
class Query:
    """A subcommand of a :class:`Command`: its name, what it answers, its runner and extra options."""

    name: str
    help: str
    run: Runner
    arguments: AddArguments = _no_arguments


@dataclass(frozen=True)
class Command:
    """A top-level command: its queries share ``arguments`` (the hand, rules, output options);
    a command without queries is answered by its own ``run``, with the options ``options`` adds."""

    name: str
    help: str
    queries: tuple[Query, ...] = ()
    arguments: Callable[[argparse.ArgumentParser, Query], None] | None = None
    run: Runner | None = None
    description: str | None = None
    options: AddArguments = _no_arguments
    metavar: str = "QUERY"
    """How the help names the choice among ``queries`` (``paibiao bulk GAME ...``)."""


class UsageError(PaibiaoError):
    """Bad command-line usage (reported like bad input); ``prog`` is the command it concerns."""

    def __init__(self, message: str, prog: str = "paibiao"):
        super().__init__(message)
        self.prog = prog


def print_json(value: Any) -> None:
    """Print ``value`` as one line of JSON: UTF-8 text, or ASCII escapes if stdout cannot encode it."""
    print(json.dumps(value, ensure_ascii=not _encodes_unicode(sys.stdout)))


def _encodes_unicode(stream: Any) -> bool:
    try:
        "\U0001f000♠十".encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def read_stdin() -> str:
    """All of standard input as text; a closed stdin or undecodable bytes are a :class:`UsageError`."""
    if sys.stdin is None:
        raise UsageError("standard input is closed; give the input on stdin (e.g. < input.txt)")
    try:
        return sys.stdin.read()
    except UnicodeDecodeError as exc:
        raise UsageError(f"standard input is not {exc.encoding} text: byte {exc.start} cannot be decoded") from None
