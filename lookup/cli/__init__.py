"""The ``paibiao`` command: a thin layer over the public Python API.

Every command is registered the same way: a module of this package defines a :class:`Command`
(``COMMAND``, or for a game ``command()``, built from the game's query registry) whose
:class:`Query` items become its subcommands (``paibiao mahjong ting ...``), or whose own
``run`` answers it (``paibiao uva11210``). Each query names its
runner and the options it adds to the arguments its command gives every query.

Bad input gives a one-line error on stderr and exit status 2; missing or damaged tables
exit with status 1 and say how to build them. No traceback is shown for either. The
standard streams are handled here, once for every command (:func:`main`): a closed stdin
or stdout (``<&-``, ``>&-``) or output that cannot be written is a one-line error with
status 2 (the answer was not delivered: never a silent status 0); a reader that goes away
(``paibiao ... | head -0``, a broken pipe) ends the command quietly with status 141, as a
process killed by SIGPIPE shows in a shell; characters the output encoding cannot encode
(``PYTHONIOENCODING=ascii``) are written as backslash escapes, and ``--json`` output is
then pure ASCII JSON (non-ASCII characters as JSON escapes).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from ..errors import PaibiaoError, TableError
from .command import Command, Query, UsageError, print_json, read_stdin

__all__ = ["Command", "Query", "UsageError", "build_parser", "commands", "main", "print_json", "read_stdin"]

EXIT_OK, EXIT_TABLES, EXIT_INPUT, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 0, 1, 2, 130, 141
"""Exit statuses: answered; a table problem; bad input, usage or standard streams; Ctrl-C
(128 + SIGINT); the reader of stdout went away (128 + SIGPIPE)."""

MAX_MESSAGE_CHARS = 400
"""An error line is cut to this many characters (a huge argument never floods stderr)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, no usage dump; main() prints it
        raise UsageError(message, self.prog)


def commands() -> tuple[Command, ...]:
    """Every command of ``paibiao``, in the order its help lists them."""
    from . import bulk, mahjong, serve, sss, tables, uva, zipai

    return (mahjong.command(), uva.COMMAND, sss.command(), zipai.command(), tables.COMMAND, serve.COMMAND,
            bulk.COMMAND)


def _literal(help_text: str) -> str:
    """``help_text`` as argparse prints it literally (it %-formats help strings: ``95%`` would fail)."""
    return help_text.replace("%", "%%")


def add_command(subparsers: Any, command: Command) -> None:
    """Register one command (and its queries) on the top-level subparsers."""
    parser = subparsers.add_parser(command.name, help=_literal(command.help),
                                   description=command.description or command.help)
    if command.run is not None:
        command.options(parser)
        parser.set_defaults(run=command.run)
        return
    queries = parser.add_subparsers(dest="query", metavar=command.metavar, parser_class=_Parser, required=True)
    for query in command.queries:
        q = queries.add_parser(query.name, help=_literal(query.help), description=query.help)
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


def _error(prog: str, message: object) -> None:
    """One line ``PROG: error: MESSAGE`` on stderr (cut to MAX_MESSAGE_CHARS), if stderr is open."""
    if sys.stderr is None:
        return
    line = f"{prog}: error: {message}".replace("\n", " ")
    if len(line) > MAX_MESSAGE_CHARS:
        line = line[:MAX_MESSAGE_CHARS] + "…"
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass  # nowhere left to report it; the exit status still says it


def _tolerant_output() -> None:
    """Write characters the stream's encoding lacks as backslash escapes instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass  # a closed or detached stream: reported when it is written


def _discard_stdout() -> None:
    """Point stdout's file descriptor at /dev/null, so the final flush finds no broken pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ``paibiao`` command; returns its exit status (see :data:`EXIT_OK` and the module doc)."""
    _tolerant_output()
    try:
        if sys.stdout is None:
            raise UsageError("standard output is closed; the answer could not be written "
                             "(redirect it, e.g. >/dev/null, to discard it)")
        args = build_parser().parse_args(argv)
        status = args.run(args) or EXIT_OK
        sys.stdout.flush()  # a write error surfaces here, not after main returned
        return status
    except TableError as exc:
        _error("paibiao", exc)
        return EXIT_TABLES
    except UsageError as exc:
        _error(exc.prog, exc)
        return EXIT_INPUT
    except PaibiaoError as exc:
        _error("paibiao", exc)
        return EXIT_INPUT
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _discard_stdout()
        return EXIT_BROKEN_PIPE
    except OSError as exc:
        if exc.filename is not None:
            raise  # not stdout: a file the command opened
        _error("paibiao", f"cannot write the output: {exc.strerror or exc}")
        return EXIT_INPUT
