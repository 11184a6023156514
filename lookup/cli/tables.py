"""``paibiao tables {build,verify,info,path}``: build, check and describe the table files."""

from __future__ import annotations

import argparse
import datetime
import sys
from typing import Any

from .. import tables
from ..errors import TableError
from . import Command, Query, print_json


def _games(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"games (default: all of {', '.join(tables.GAMES)})")


def _selected(args: argparse.Namespace) -> list[str]:
    """The games named on the command line (all when none), each checked."""
    from . import UsageError

    for game in args.games:
        if game not in tables.GAMES:
            raise UsageError(f"unknown game {game[:40]!r}; choose from {', '.join(tables.GAMES)}")
    return list(args.games) or list(tables.GAMES)


def _build_arguments(parser: argparse.ArgumentParser) -> None:
    _games(parser)
    parser.add_argument("--if-needed", action="store_true",
                        help="only build files that are missing, stale or damaged")
    parser.add_argument("--no-warmup", action="store_true",
                        help="do not compile every query's kernels into the disk cache afterwards")


def _info_arguments(parser: argparse.ArgumentParser) -> None:
    _games(parser)
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _json_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _run_build(args: argparse.Namespace) -> int:
    from tablegen.__main__ import build_tables

    build_tables(_selected(args), None, args.if_needed, not args.no_warmup, echo=lambda msg: print(msg, flush=True))
    return 0


def _run_verify(args: argparse.Namespace) -> int:
    failed = 0
    for game in _selected(args):
        path = tables.table_path(game)
        try:
            ts = tables.check(path, game, full=True)
        except TableError as exc:
            print(f"paibiao: error: {game}: {exc}", file=sys.stderr)
            failed += 1
            continue
        size = sum(info.nbytes for info in ts.datasets.values())
        print(f"{game}: ok, {len(ts.datasets)} datasets, {size / 2**20:.1f} MiB hashed ({path})")
    return 1 if failed else 0


def table_info(game: str) -> dict[str, Any]:
    """What ``paibiao tables info --json`` prints for one game (the quick check runs first;
    a file that fails it gives ``{"game", "path", "error"}``)."""
    path = tables.table_path(game)
    try:
        ts = tables.check(path, game, full=False)
    except TableError as exc:
        return {"game": game, "path": str(path), "error": str(exc)}
    st = ts.stat
    assert st is not None
    return {
        "game": game,
        "path": str(path),
        "schema_version": ts.attrs["schema_version"],
        "generator_version": ts.attrs.get("generator_version"),
        "encoding": ts.attrs.get("encoding"),
        "file_bytes": st.st_size,
        "built": datetime.datetime.fromtimestamp(st.st_mtime).astimezone().isoformat(timespec="seconds"),
        "checked": "every byte hashed" if ts.verified == "full" else "metadata checked, bytes by an earlier full check",
        "source_sha256": ts.attrs.get("source_sha256"),
        tables.METADATA_ATTR: ts.attrs.get(tables.METADATA_ATTR),
        "datasets": [{"name": d.name, "shape": list(d.shape), "dtype": str(ts[d.name].dtype), "bytes": d.nbytes,
                      "sha256": d.sha256, "description": d.description} for d in ts.datasets.values()],
    }


def _run_info(args: argparse.Namespace) -> int:
    infos = [table_info(game) for game in _selected(args)]
    if args.json:
        print_json(infos if len(infos) != 1 else infos[0])
    else:
        for info in infos:
            print(f"{info['game']}: {info['path']}")
            if "error" in info:
                print(f"  error: {info['error']}")
                continue
            print(f"  schema {info['schema_version']}, generator {info['generator_version']}, "
                  f"encoding {info['encoding']}")
            print(f"  {info['file_bytes']:,} bytes, built {info['built']}, {info['checked']}")
            width = max(len(d["name"]) for d in info["datasets"])
            for d in info["datasets"]:
                shape = "×".join(str(n) for n in d["shape"])
                print(f"  {d['name']:<{width}}  {shape:>11} {d['dtype']:<7} {d['bytes']:>11,} B  sha256 {d['sha256']}")
    return 1 if any("error" in info for info in infos) else 0


def _run_path(args: argparse.Namespace) -> int:
    path, origin = tables.data_location()
    if args.json:
        print_json({"path": str(path), "from": origin, "build_command": tables.build_command()})
    else:
        print(path)
        where = f"${origin}" if origin == tables.DATA_ENV else origin
        print(f"({where}; `{tables.build_command()}` builds the tables here)")
    return 0


COMMAND = Command(
    name="tables",
    help="build, verify and describe the lookup tables",
    description="Build, verify and describe the lookup tables (one HDF5 file per game).",
    queries=(
        Query("build", "build the tables (then compile every query's kernels into the disk cache)",
              _run_build, _build_arguments),
        Query("verify", "hash every byte of the tables and check them; exit 1 naming what is damaged",
              _run_verify, _games),
        Query("info", "path, versions, encoding, sizes and sha256 of each table file", _run_info,
              _info_arguments),
        Query("path", "the directory the tables live in, and where that choice came from", _run_path,
              _json_arguments),
    ),
)
