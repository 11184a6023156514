"""What a module of :mod:`lookup.cli` builds a command from: :class:`Command`, :class:`Query`
(a game's from its query registry, :func:`game_queries`), :class:`UsageError`, and the JSON and
standard-input helpers every command shares."""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import registry as query_registry
from ..errors import PaibiaoError
from ..registry import Registry

Runner = Callable[[argparse.Namespace], int]
AddArguments = Callable[[argparse.ArgumentParser], None]


def no_options(parser: argparse.ArgumentParser) -> None:
    """Adds nothing: the extra options of a query that takes only its command's."""


@dataclass(frozen=True)
class Query:
    """A subcommand of a :class:`Command`: its name, what it answers, its runner and extra
    options; the ``--rules`` default (None: no ``--rules``) and the help of the hand operand
    ("": the command's; None: no hand), as the query's registry declares them."""

    name: str
    help: str
    run: Runner
    arguments: AddArguments = no_options
    rules: str | None = "standard"
    hand: str | None = ""


def game_queries(declared: Registry, runners: Mapping[Callable[..., Any], tuple[Runner, AddArguments]],
                 hand: str = "hand") -> tuple[Query, ...]:
    """The subcommands of a game's command: one per query its registry gives a
    :class:`~lookup.registry.CommandLine`, in the registry's order. ``runners``: by public
    function, the runner and extra options of a subcommand that formats its own output; any
    other is answered by :func:`plain_runner` (its hand from the operand ``hand``)."""
    queries = []
    for query in declared.commands():
        line = query.command
        assert line is not None
        run, arguments = runners.get(query.function) or (plain_runner(query.function, line.text, hand), no_options)
        queries.append(Query(line.name, line.help, run, arguments, line.rules, line.hand))
    return tuple(queries)


def game_command(game: str, name: str, label: str, runners: Mapping[Callable[..., Any], tuple[Runner, AddArguments]],
                 arguments: Callable[[argparse.ArgumentParser, Query], None], hand: str = "hand",
                 description: str | None = None) -> Command:
    """The command ``paibiao NAME`` of ``game``: :func:`game_queries` of its registry, its help
    ``label`` followed by the subcommands' names."""
    queries = game_queries(query_registry.of(game), runners, hand)
    return Command(name, f"{label}: {', '.join(q.name for q in queries)}", queries, arguments, description=description)


def plain_runner(function: Callable[..., Any], text: Callable[[Any], str], hand: str = "hand") -> Runner:
    """A runner that calls ``function(HAND, rules=--rules)`` (rules when it takes them) and
    prints ``text(answer)``, or with ``--json`` the answer as JSON (``{"result": answer}``)."""
    takes_rules = "rules" in inspect.signature(function).parameters

    def run(args: argparse.Namespace) -> int:
        options = {"rules": args.rules} if takes_rules and getattr(args, "rules", None) is not None else {}
        answer = function(" ".join(getattr(args, hand)), **options)
        if getattr(args, "json", False):
            print_json({"result": answer})
        else:
            print(text(answer))
        return 0

    return run


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
    options: AddArguments = no_options
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
