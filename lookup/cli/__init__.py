"""The ``paibiao`` command: a thin layer over the public Python API.

Bad input gives a one-line error on stderr and exit status 2; missing or damaged tables
exit with status 1 and say to run ``make tables``. No traceback is shown for either.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import PaibiaoError, TableError


class UsageError(PaibiaoError):
    """Bad command-line usage (reported like bad input)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, no usage dump; main() prints it
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    from . import mahjong, sss, uva, zipai

    parser = _Parser(prog="paibiao", description="Lookup-table answers for mahjong, zipai and shisanshui.")
    games = parser.add_subparsers(dest="game", metavar="COMMAND", parser_class=_Parser, required=True)
    mahjong.add_parser(games)
    uva.add_parser(games)
    sss.add_parser(games)
    zipai.add_parser(games)
    return parser


def print_json(value) -> None:
    print(json.dumps(value, ensure_ascii=False))


def main(argv=None) -> int:
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
