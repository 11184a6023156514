"""``paibiao tables {build,verify,info,path}``: build, check and describe the table files."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

from .. import tables, warmup
from ..errors import TableError
from ..tables import table_info
from .command import Command, Query, print_json


def _games(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"games (default: all of {', '.join(tables.GAMES)})")


def _selected(args: argparse.Namespace) -> list[str]:
    """The games named on the command line (all when none), each checked."""
    from .command import UsageError

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
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes building tables and compiling kernels at once (default: one per core)")


def _info_arguments(parser: argparse.ArgumentParser) -> None:
    _games(parser)
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _json_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _run_build(args: argparse.Namespace) -> int:
    """Build the tables into the runtime's data directory, then (unless ``--no-warmup``) warm the
    runtime up: every query kind answered once, so its kernels are in the disk cache. With
    ``--jobs`` above 1, in that many processes: each game's warm-up parts
    (:func:`lookup.warmup.own_parts`, from the registries) start as soon as its table is built."""
    from .command import UsageError

    if args.jobs < 1:
        raise UsageError(f"--jobs must be 1 or more, not {args.jobs}")
    games = _selected(args)
    echo = lambda msg: print(msg, flush=True)
    t0 = time.perf_counter()
    if args.jobs == 1:
        for game in games:
            for line in _build_game(game, args.if_needed):
                echo(line)
        for game in games if not args.no_warmup else ():
            for part in range(warmup.part_count(game)):
                echo(_warm_part(game, part))
    else:
        _build_and_warm_in_processes(games, args.if_needed, not args.no_warmup, args.jobs, echo)
    echo(f"tables {'and warm-up ' * (not args.no_warmup)}done in {time.perf_counter() - t0:.1f} s"
         f"{'' if args.no_warmup else ': every query kind answered once, its kernels in the disk cache'}")
    return 0


def _build_game(game: str, if_needed: bool) -> list[str]:
    """Build ``game``'s table file (only when stale with ``if_needed``); the lines it reports."""
    from tablegen.build import build_tables

    lines: list[str] = []
    build_tables([game], None, if_needed, echo=lines.append)
    return lines[:-1]  # all but the total, which the caller reports


def _warm_part(game: str, part: int) -> str:
    """Warm up part ``part`` of ``game`` (:func:`lookup.warmup.warm_part`); the line it reports."""
    return warmup.warmed_line(*warmup.warm_part(game, part))


def _build_and_warm_in_processes(games: list[str], if_needed: bool, warm: bool, jobs: int,
                                 echo: Callable[[str], object]) -> None:
    """:func:`_run_build`'s steps on a pool of ``jobs`` fresh processes: the builds first (the
    slowest game first), each game's warm-up parts queued when its build ends."""
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
    from multiprocessing import get_context

    rank = {game: i for i, game in enumerate(SLOWEST_BUILDS_FIRST)}
    order = sorted(games, key=lambda game: rank.get(game, len(rank)))
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
        pending: dict[Future, str | None] = {pool.submit(_build_game, game, if_needed): game for game in order}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                built = pending.pop(future)
                try:
                    result = future.result()  # a build's or a warm-up's error is raised here
                except BaseException:
                    for other in pending:  # what has not started yet is dropped
                        other.cancel()
                    raise
                for line in result if isinstance(result, list) else [result]:
                    echo(line)
                if built is not None and warm:
                    for part in range(warmup.part_count(built)):
                        pending[pool.submit(_warm_part, built, part)] = None


SLOWEST_BUILDS_FIRST = ("zipai", "mahjong", "shisanshui")
"""The games in the order their builds take longest, started in that order when building in
parallel (a game not listed goes last)."""


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
