"""A/B of a mahjong or zipai batch query in one process: the working tree's kernels against a git
revision's, on the same rows, run in turn.

Why: on a shared VM the same kernel's time drifts by tens of percent between processes
minutes apart, so two ``make bench`` runs (or two runs of a script) cannot tell a 10% change
from noise. Here both versions run alternately in one process, and each keeps its best time.

How: ``git archive REV lookup`` is unpacked into a temporary directory and imported as the
package ``lookup_base`` (the package imports itself only relatively). Both read the working
tree's tables (``PAIBIAO_DATA`` is set to them), or with ``--base-data DIR`` the revision
reads those in DIR (built by its own generator, when the change is to the tables). The
answers of the two versions must be equal before anything is timed. Times are ns per row,
with each one's multiple of the keys + reads floor of ``bench_floor`` timed in the same rounds.

Usage::

    python -m bench.ab [--rev HEAD] [--base-data DIR] [--rows 100000] [--reps 30] [--jokers J] [--forms] QUERY PRESET...

QUERY is ``is_hu_batch``, ``ting_batch`` (13-tile rows), ``shanten_batch`` or ``discard_batch``
(its three arrays compared as one); rows are the
random rows of ``bench_floor`` (14 tiles, 13 for ting, less one per joker), or with ``--forms``
each preset's own rows (as the variants bench draws them). Or QUERY is
``zipai.hu_batch`` / ``zipai.ting_batch`` (presets default to paohuzi; ``--jokers`` does not
apply) on the draws of the zipai row of ``bench_floor``, ns per hand beside the working
tree's ``zipai.hu_batch`` on the hu draws (the reference a ting_batch target is set against). Or
QUERY is ``fan_batch`` (no preset) on the seeded winning hands of ``bench_scoring``, ns per
hand. A developer's tool: ``make bench`` stays the source of every figure quoted.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import numpy as np

from lookup.mahjong.encoding import MAX_HAND_TILES

from .bench_floor import (
    POW5,
    _hu_ting_entries,
    _random_rows,
    keys_reads_floor,
    ting_one_walk_share,
    zipai_rows,
)
from .timing import ROOT as REPO
from .timing import best_times

QUERIES = {"is_hu_batch": MAX_HAND_TILES, "ting_batch": MAX_HAND_TILES - 1, "shanten_batch": MAX_HAND_TILES,
           "discard_batch": MAX_HAND_TILES}
"""Each query, with the tiles of its rows, jokers included (ting asks of a hand a tile short)."""
BASE_PACKAGE = "lookup_base"


def import_revision(rev: str, into: Path, game: str = "mahjong") -> ModuleType:
    """The ``game`` subpackage of the ``lookup`` package of git revision ``rev``, unpacked under
    ``into`` (unless an earlier call did, whose compiled kernels stay cached there) and imported
    as :data:`BASE_PACKAGE`."""
    if not (into / BASE_PACKAGE).exists():
        archive = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", rev, "lookup"],
                                 check=True, capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(into, filter="data")
        (into / "lookup").rename(into / BASE_PACKAGE)
    sys.path.insert(0, str(into))
    return importlib.import_module(f"{BASE_PACKAGE}.{game}")


def compare(query: str, preset: str, ours: Callable, theirs: Callable, rev: str, rows: np.ndarray, jokers: int,
            entries: tuple[np.ndarray, np.ndarray], reps: int, base_data: Path | None = None) -> str | None:
    """One line: the floor's (``entries``: the hu/ting entries it reads), ``rev``'s (reading the
    tables in ``base_data`` when given) and the working tree's ns per row for ``preset``; None
    when the two versions' answers differ."""
    with data_dir(base_data):  # (each version loads its tables on its first call)
        base_answers = theirs(rows, preset, jokers=jokers)
    if not np.array_equal(ours(rows, preset, jokers=jokers), base_answers):
        return None
    suit, honor = entries
    best = best_times({"floor": lambda: keys_reads_floor(rows, POW5, suit, honor),
                       rev: lambda: theirs(rows, preset, jokers=jokers),
                       "work": lambda: ours(rows, preset, jokers=jokers)}, reps)
    ns = {name: seconds / len(rows) * 1e9 for name, seconds in best.items()}
    return (f"{query} {preset} (ns per row, x keys + reads floor): floor {ns['floor']:.1f}  "
            f"{rev} {ns[rev]:.1f} (x{best[rev] / best['floor']:.2f})  "
            f"work {ns['work']:.1f} (x{best['work'] / best['floor']:.2f})  work / {rev} {best['work'] / best[rev]:.3f}")


ZIPAI_QUERIES = ("zipai.hu_batch", "zipai.ting_batch")
SCORING_QUERY = "fan_batch"


def compare_scoring(rev: str, rows: int, reps: int, into: Path) -> str | None:
    """One line: ``rev``'s and the working tree's ns per hand of ``fan_batch`` on ``rows`` of
    ``bench_scoring``'s hands; None when the two versions' answers differ."""
    from lookup import mahjong as work

    from .bench_scoring import _hands, batch_inputs

    base = import_revision(rev, into)
    hands, wins, melds, flags = batch_inputs(_hands(rows))
    if not np.array_equal(work.fan_batch(hands, wins, melds, **flags), base.fan_batch(hands, wins, melds, **flags)):
        return None
    best = best_times({rev: lambda: base.fan_batch(hands, wins, melds, **flags),
                       "work": lambda: work.fan_batch(hands, wins, melds, **flags)}, reps)
    ns = {run: best[run] / rows * 1e9 for run in (rev, "work")}
    return (f"{SCORING_QUERY} (ns per hand, {rows:,} hands): {rev} {ns[rev]:.1f}  work {ns['work']:.1f}  "
            f"work / {rev} {best['work'] / best[rev]:.3f}")


def zipai_draws(query: str, rows: int) -> tuple[str, np.ndarray, np.ndarray]:
    """(the zipai query's function name, the hu draws of ``bench_floor.zipai_rows``, the draws
    ``query`` answers: those, or for ting the same draws a card short), seeded as the bench."""
    hu_rows, ting_rows = zipai_rows(np.random.default_rng(2015), rows)
    name = query.split(".")[1]
    return name, hu_rows, hu_rows if name == "hu_batch" else ting_rows


@contextmanager
def data_dir(path: Path | None) -> Iterator[None]:
    """``PAIBIAO_DATA`` set to ``path`` inside (unchanged when None): a package loads its tables
    on first use and keeps them."""
    before = os.environ["PAIBIAO_DATA"]
    if path is not None:
        os.environ["PAIBIAO_DATA"] = str(path)
    try:
        yield
    finally:
        os.environ["PAIBIAO_DATA"] = before


def compare_zipai(query: str, preset: str, rev: str, rows: int, reps: int, into: Path,
                  base_data: Path | None = None) -> str | None:
    """One line: the working tree's ``zipai.hu_batch`` on the hu draws (the reference), then
    ``rev``'s (reading the tables in ``base_data`` when given) and the working tree's ns per
    hand of ``query`` on its draws; None when the two versions' answers differ."""
    from lookup import zipai as work

    base = import_revision(rev, into, "zipai")
    name, hu_rows, hands = zipai_draws(query, rows)
    ours, theirs = getattr(work, name), getattr(base, name)
    with data_dir(base_data):
        base_answers = theirs(hands, preset)
    if not np.array_equal(ours(hands, preset), base_answers):
        return None
    best = best_times({"hu": lambda: work.hu_batch(hu_rows, preset), rev: lambda: theirs(hands, preset),
                       "work": lambda: ours(hands, preset)}, reps)
    hu = best["hu"] / len(hu_rows)
    ns = {run: best[run] / len(hands) * 1e9 for run in (rev, "work")}
    refused = ""
    if name == "ting_batch":
        refused = f"  (work answers {ting_one_walk_share(hands, preset):.1%} with one walk or none)"
    return (f"{query} {preset} (ns per hand, x work hu_batch {hu * 1e9:.1f}): "
            f"{rev} {ns[rev]:.1f} (x{ns[rev] / 1e9 / hu:.2f})  work {ns['work']:.1f} (x{ns['work'] / 1e9 / hu:.2f})  "
            f"work / {rev} {best['work'] / best[rev]:.3f}{refused}")


def preset_rows(preset: str, n: int, n_tiles: int) -> np.ndarray:
    """``n`` seeded rows of ``n_tiles`` tiles of ``preset``'s game: its winning forms, hands one
    or two tiles from them and random hands (the rows of the variants bench)."""
    from lookup.mahjong.rules import PRESETS
    from tests.support import mahjong_hands as handgen

    return np.array(handgen.form_hands(np.random.default_rng(2028), n, n_tiles, PRESETS[preset]), np.uint8)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("query", choices=sorted(QUERIES) + list(ZIPAI_QUERIES) + [SCORING_QUERY])
    parser.add_argument("presets", nargs="*", metavar="PRESET")
    parser.add_argument("--rev", default="HEAD", help="the git revision to compare against (default HEAD)")
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--reps", type=int, default=30)
    parser.add_argument("--base-data", type=Path, default=None,
                        help="zipai: the tables the revision reads (default: the working tree's)")
    parser.add_argument("--jokers", type=int, default=0, help="jokers in every row (default 0)")
    parser.add_argument("--forms", action="store_true",
                        help="mahjong: each preset's own rows (the variants bench's `form_hands`), not random ones")
    args = parser.parse_args(argv)

    from lookup import mahjong as work
    from lookup import tables

    os.environ["PAIBIAO_DATA"] = str(tables.data_dir())
    if args.query in ZIPAI_QUERIES:
        with tempfile.TemporaryDirectory() as tmp:
            for preset in args.presets or ["paohuzi"]:
                line = compare_zipai(args.query, preset, args.rev, args.rows, args.reps, Path(tmp), args.base_data)
                if line is None:
                    print(f"{args.query} {preset}: the working tree's answers differ from {args.rev}'s",
                          file=sys.stderr)
                    return 1
                print(line, flush=True)
        return 0
    if args.query == SCORING_QUERY:
        with tempfile.TemporaryDirectory() as tmp:
            line = compare_scoring(args.rev, args.rows, args.reps, Path(tmp))
        if line is None:
            print(f"{args.query}: the working tree's answers differ from {args.rev}'s", file=sys.stderr)
            return 1
        print(line, flush=True)
        return 0
    if not args.presets:
        parser.error("a mahjong query needs at least one preset")
    rows = _random_rows(np.random.default_rng(2015), args.rows, QUERIES[args.query] - args.jokers)
    entries = _hu_ting_entries()
    with tempfile.TemporaryDirectory() as tmp:
        base = import_revision(args.rev, Path(tmp))
        for preset in args.presets:
            if args.forms:
                rows = preset_rows(preset, args.rows, QUERIES[args.query] - args.jokers)
            line = compare(args.query, preset, getattr(work, args.query), getattr(base, args.query), args.rev, rows,
                           args.jokers, entries, args.reps, args.base_data)
            if line is None:
                print(f"{args.query} {preset}: the working tree's answers differ from {args.rev}'s", file=sys.stderr)
                return 1
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
