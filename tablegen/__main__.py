"""``python -m tablegen [--if-needed] [--out DIR] [GAME ...]``: build the table files.

Runs :func:`tablegen.build.build_tables`, which writes the files only; ``make tables`` then
runs ``python -m lookup.warmup`` to compile the runtime's kernels into the disk cache.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from lookup.errors import TableError

from .build import GENERATORS, build_tables


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tablegen", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"games to build (default: all of {', '.join(GENERATORS)})")
    parser.add_argument("--out", type=Path, default=None,
                        help="output directory (default: the runtime's data directory)")
    parser.add_argument("--if-needed", action="store_true",
                        help="only build files that are missing, stale or damaged")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GENERATORS]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; choose from {', '.join(GENERATORS)}")
    try:
        build_tables(args.games, args.out, args.if_needed, echo=lambda msg: print(msg, flush=True))
    except TableError as exc:
        print(f"python -m tablegen: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
