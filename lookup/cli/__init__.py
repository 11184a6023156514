"""The ``paibiao`` command: a thin layer over the public Python API.

Every command is registered the same way: a module of this package defines ``COMMAND``, a
:class:`Command` whose :class:`Query` items become its subcommands (``paibiao mahjong
ting ...``), or whose own ``run`` answers it (``paibiao uva11210``). Each query names its
runner and the options it adds to the arguments its command gives every query.

Bad input gives a one-line error on stderr and exit status 2; missing or damaged tables
exit with status 1 and say how to build them. No traceback is shown for either.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import PaibiaoError, TableError

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
    """Bad command-line usage (reported like bad input)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, no usage dump; main() prints it
        raise UsageError(f"{self.prog}: {message}")


def commands() -> tuple[Command, ...]:
    """Every command of ``paibiao``, in the order its help lists them."""
    from . import bulk, mahjong, serve, sss, tables, uva, zipai

    return (mahjong.COMMAND, uva.COMMAND, sss.COMMAND, zipai.COMMAND, tables.COMMAND, serve.COMMAND,
            bulk.COMMAND)


def add_command(subparsers: Any, command: Command) -> None:
    """Register one command (and its queries) on the top-level subparsers."""
    parser = subparsers.add_parser(command.name, help=command.help,
                                   description=command.description or command.help)
    if command.run is not None:
        command.options(parser)
        parser.set_defaults(run=command.run)
        return
    queries = parser.add_subparsers(dest="query", metavar=command.metavar, parser_class=_Parser, required=True)
    for query in command.queries:
        q = queries.add_parser(query.name, help=query.help, description=query.help)
        if command.arguments is not None:
            command.arguments(q, query)
        query.arguments(q)
        q.set_defaults(run=query.run)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="paibiao", description="Lookup-table answers for mahjong, zipai and shisanshui.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser, required=True)
    for command in commands():
        add_command(subparsers, command)
    return parser


def print_json(value: Any) -> None:
    print(json.dumps(value, ensure_ascii=False))


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.run(args) or 0
    except TableError as exc:
        print(f"paibiao: error: {exc}", file=sys.stderr)
        return 1
    except PaibiaoError as exc:
        print(f"paibiao: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
