"""``paibiao mahjong {hu,ting} HAND [--rules R] [--notation N] [--json]``."""

from __future__ import annotations

from .. import mahjong
from ..rules import PRESETS
from ..tiles import NOTATIONS, format_counts, hand_counts, tile_name
from . import print_json


def add_parser(games) -> None:
    parser = games.add_parser("mahjong", help="mahjong queries: hu, ting")
    queries = parser.add_subparsers(dest="query", metavar="QUERY", required=True)
    for name, run, what in (("hu", _run_hu, "is this 3k+2 hand a winning hand"),
                            ("ting", _run_ting, "the waits of a 3k+1 hand")):
        q = queries.add_parser(name, help=what, description=what)
        q.add_argument("hand", nargs="+", metavar="HAND",
                       help="tiles in tenhou (123m44z), UVa (1W 4T DONG), Chinese or Unicode notation")
        q.add_argument("--rules", default="standard", choices=list(PRESETS), help="rule set (default standard)")
        q.add_argument("--notation", default="tenhou", choices=NOTATIONS, help="output notation (default tenhou)")
        q.add_argument("--json", action="store_true", help="machine-readable output")
        q.set_defaults(run=run)


def _hand(args) -> bytes:
    return hand_counts(" ".join(args.hand))


def _run_hu(args) -> int:
    counts = _hand(args)
    win = mahjong.is_hu(counts, args.rules)
    if args.json:
        print_json({"hand": format_counts(counts), "rules": args.rules, "hu": win})
    else:
        print("hu" if win else "no hu")
    return 0


def _run_ting(args) -> int:
    counts = _hand(args)
    waits = mahjong.ting(counts, args.rules)
    names = [tile_name(t, args.notation) for t in waits]
    if args.json:
        print_json({"hand": format_counts(counts), "rules": args.rules, "waits": names, "tiles": waits})
    else:
        print(" ".join(names) if names else "not ready")
    return 0
