"""``paibiao mahjong {hu,ting,shanten,decompose,discard} HAND [--rules R] [--jokers N] [--json]``
(``discard`` also takes ``--visible TILES``)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable

from .. import mahjong
from ..mahjong.rules import PRESETS
from ..mahjong.tiles import NOTATIONS, format_counts, format_tiles, hand_counts, tile_name
from .command import Command, Query, print_json


def _arguments(parser: argparse.ArgumentParser, query: Query) -> None:
    """The hand, rules and output options every mahjong query takes."""
    parser.add_argument("hand", nargs="+", metavar="HAND",
                        help="tiles in tenhou (123m44z), UVa (1W 4T DONG), Chinese or Unicode notation")
    rules = DEFAULT_RULES.get(query.name, "standard")
    parser.add_argument("--rules", default=rules, choices=list(PRESETS), help=f"rule set (default {rules})")
    parser.add_argument("--notation", default="tenhou", choices=NOTATIONS, help="output notation (default tenhou)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _jokers(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jokers", type=int, default=0, metavar="N", help="wildcards beside the hand (0..8)")


def _discard_options(parser: argparse.ArgumentParser) -> None:
    _jokers(parser)
    parser.add_argument("--visible", metavar="TILES",
                        help="tiles seen outside the hand (discards, melds, indicators), in any notation: "
                             "they count as seen in the waits' copies")


def _hand(args: argparse.Namespace) -> bytes:
    return hand_counts(" ".join(args.hand))


def _names(tiles: Iterable[int], notation: str) -> list[str]:
    return [tile_name(t, notation) for t in tiles]


def _run_hu(args: argparse.Namespace) -> int:
    counts = _hand(args)
    win = mahjong.is_hu(counts, args.rules, jokers=args.jokers)
    if args.json:
        print_json({"hand": format_counts(counts), "rules": args.rules, "jokers": args.jokers, "hu": win})
    else:
        print("hu" if win else "no hu")
    return 0


def _run_ting(args: argparse.Namespace) -> int:
    counts = _hand(args)
    waits = mahjong.ting(counts, args.rules, jokers=args.jokers)
    names = _names(waits, args.notation)
    if args.json:
        print_json({"hand": format_counts(counts), "rules": args.rules, "jokers": args.jokers,
                    "waits": names, "tiles": waits})
    else:
        print(" ".join(names) if names else "not ready")
    return 0


def _run_shanten(args: argparse.Namespace) -> int:
    counts = _hand(args)
    value = mahjong.shanten(counts, args.rules, jokers=args.jokers)
    if args.json:
        print_json({"hand": format_counts(counts), "rules": args.rules, "jokers": args.jokers, "shanten": value})
    else:
        print(value)
    return 0


def _meld_tiles(kind: str, low: int) -> list[int]:
    return [low] * 3 if kind == "pong" else [low, low + 1, low + 2]


def _run_decompose(args: argparse.Namespace) -> int:
    counts = _hand(args)
    found = mahjong.decompositions(counts, args.rules)

    def text(tiles: Iterable[int]) -> str:
        return format_tiles(tiles, args.notation)

    if args.json:
        print_json({"hand": format_counts(counts), "rules": args.rules, "decompositions": [
            {"form": d.form, "pair": None if d.pair is None else tile_name(d.pair, args.notation),
             "melds": [{"kind": kind, "tiles": text(_meld_tiles(kind, low))} for kind, low in d.melds],
             "pairs": _names(d.pairs, args.notation), "knitted": _names(d.knitted, args.notation)} for d in found]})
        return 0
    if not found:
        print("no hu")
    for d in found:
        if d.form == "seven_pairs":
            groups = [text([t, t]) for t in d.pairs]
        elif d.pair is None:  # 将将胡, 全不靠: the tiles as held
            groups = [text([t for t in range(34) for _ in range(counts[t])])]
        elif d.form == "thirteen_orphans":
            groups = [text([d.pair, d.pair]), "+", text([t for t in range(34) if counts[t] == 1])]
        else:  # standard, 组合龙 (its knitted set first)
            groups = [text([d.pair, d.pair]), "+"] + ([text(d.knitted)] if d.knitted else []) + \
                [text(_meld_tiles(kind, low)) for kind, low in d.melds]
        print(f"{d.form.replace('_', ' ')}: {' '.join(groups)}")
    return 0


def _run_discard(args: argparse.Namespace) -> int:
    counts = _hand(args)
    visible = hand_counts(args.visible) if args.visible is not None else None
    advice = mahjong.discard_advice(counts, args.rules, jokers=args.jokers, visible=visible)
    if args.json:
        seen = {"visible": format_counts(visible)} if visible is not None else {}
        print_json({"hand": format_counts(counts), "rules": args.rules, "jokers": args.jokers, **seen, "advice": [
            {"discard": tile_name(a.discard, args.notation), "shanten": a.shanten,
             "waits": _names(a.waits, args.notation), "count": a.count} for a in advice]})
        return 0
    for a in advice:
        waits = " ".join(_names(a.waits, args.notation)) or "-"
        print(f"{tile_name(a.discard, args.notation)}\tshanten {a.shanten}\twaits {waits} ({a.count})")
    return 0


DEFAULT_RULES = {"shanten": "riichi", "discard": "riichi"}
"""Queries whose --rules default is not ``standard``."""

COMMAND = Command("mahjong", "mahjong queries: hu, ting, shanten, decompose, discard", (
    Query("hu", "is this 3k+2 hand a winning hand", _run_hu, _jokers),
    Query("ting", "the waits of a 3k+1 hand", _run_ting, _jokers),
    Query("shanten", "tiles from tenpai (-1 complete, 0 tenpai)", _run_shanten, _jokers),
    Query("decompose", "every way a 3k+2 hand wins", _run_decompose),
    Query("discard", "every discard of a 3k+2 hand, best first", _run_discard, _discard_options),
), _arguments)
