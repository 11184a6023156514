"""``python -m tablegen [--if-needed] [--out DIR] [GAME ...]``: build the table files."""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

from lookup import tables as runtime_tables

GENERATORS = {
    "mahjong": "tablegen.mahjong",
    "shisanshui": "tablegen.shisanshui",
    "zipai": "tablegen.zipai",
}


def _up_to_date(module, path: Path) -> bool:
    from .h5io import sources_sha256, stored_source_sha256

    if stored_source_sha256(path) != sources_sha256(module.SOURCES):
        return False
    try:
        runtime_tables.read_verified(path, module.GAME)
    except runtime_tables.TableError:
        return False
    return True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tablegen", description=__doc__)
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"games to build (default: all of {', '.join(GENERATORS)})")
    parser.add_argument("--out", type=Path, default=None,
                        help="output directory (default: $PAIBIAO_DATA or data/)")
    parser.add_argument("--if-needed", action="store_true",
                        help="only build files that are missing, stale or damaged")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GENERATORS]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; choose from {', '.join(GENERATORS)}")
    out = args.out or runtime_tables.data_dir()
    start = time.perf_counter()
    for game in args.games or GENERATORS:
        module = importlib.import_module(GENERATORS[game])
        path = out / f"{game}.h5"
        if args.if_needed and _up_to_date(module, path):
            print(f"{game}: {path} is up to date", flush=True)
            continue
        print(f"{game}: building {path}", flush=True)
        t0 = time.perf_counter()
        module.build(path, progress=lambda msg: print(msg, flush=True))
        print(f"{game}: done in {time.perf_counter() - t0:.1f} s", flush=True)
    print(f"tables ready in {out} ({time.perf_counter() - start:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
