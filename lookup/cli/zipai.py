"""``paibiao zipai {hu,ting,decompose,detail} HAND [--exposed MELD]... [--rules R] [--wang N] [--json]``."""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable
from typing import Any

from .. import zipai
from ..zipai.cards import NOTATIONS, card_name, format_cards, format_counts, hand_counts
from ..zipai.melds import Meld, parse_melds
from .command import AddArguments, Command, Query, Runner, game_command, print_json

GAME = "zipai"

_HAND_HELP = "cards: 一..十 壹..拾 (貳 參 叄 陸 too) or x1..x10 d1..d10, with or without spaces"


def _arguments(parser: argparse.ArgumentParser, query: Query) -> None:
    """The hand and output options every zipai query takes."""
    parser.add_argument("hand", nargs="+", metavar="HAND", help=_HAND_HELP)
    parser.add_argument("--notation", default="chinese", choices=NOTATIONS, help="output notation (default chinese)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _rules_and_wang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="paohuzi", choices=list(zipai.PRESETS),
                        help="rule set (default paohuzi: min_huxi 10; hengyang_shihuka: 一五十 groups too)")
    parser.add_argument("--wang", type=int, default=None, metavar="N",
                        help="王 (wildcards) the hand holds besides its cards, 0..4 (a room with 王: ting "
                             "also answers the draw of a 王)")


def _melds_and_rules(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--exposed", action="append", default=[], metavar="MELD",
                        help="an exposed meld, repeatable: 碰六 偎拾 跑三 提壹 吃一二三 (or peng:x6 ...)")
    _rules_and_wang(parser)
    parser.add_argument("--min-huxi", type=int, default=None, metavar="N",
                        help="override the rule set's winning threshold")
    parser.add_argument("--pair-without-quad", action="store_true",
                        help="allow the pair without a 提 or 跑 (the part's size alone decides)")


def _rules(args: argparse.Namespace) -> zipai.RuleSet:
    rules = zipai.get_rules(args.rules)
    if args.min_huxi is not None:
        rules = dataclasses.replace(rules, min_huxi=args.min_huxi)
    if args.pair_without_quad:
        rules = dataclasses.replace(rules, pair_with_quad=False)
    return rules


def _common(args: argparse.Namespace) -> tuple[list[int], list[Meld], zipai.RuleSet, dict[str, Any]]:
    counts = hand_counts(" ".join(args.hand))
    melds = parse_melds(args.exposed)
    rules = _rules(args)
    info = {"hand": format_counts(counts, args.notation), "exposed": [m.text(args.notation) for m in melds],
            "rules": rules.name, "min_huxi": rules.min_huxi, "pair_with_quad": rules.pair_with_quad,
            "yiwushi": rules.yiwushi}
    if args.wang is not None:
        info["wang"] = args.wang
    return counts, melds, rules, info


def _run_hu(args: argparse.Namespace) -> int:
    counts, melds, rules, info = _common(args)
    huxi = zipai.hu(counts, melds, rules, args.wang or 0)
    if args.json:
        print_json({**info, "hu": huxi is not None, "huxi": huxi})
    else:
        print("no hu" if huxi is None else f"hu {huxi}")
    return 0


def _run_ting(args: argparse.Namespace) -> int:
    counts, melds, rules, info = _common(args)
    waits = zipai.ting(counts, melds, rules, args.wang)
    if args.json:
        print_json({**info, "waits": [{"card": t, "name": _wait_name(t, args.notation), "huxi": h}
                                      for t, h in waits.items()]})
    else:
        print(" ".join(f"{_wait_name(t, args.notation)}:{h}" for t, h in waits.items()) or "not ready")
    return 0


def _wait_name(t: int, notation: str) -> str:
    """A card's name, or 王 (``wang``) for a drawn 王."""
    if t == zipai.WANG:
        return "王" if notation == "chinese" else "wang"
    return card_name(t, notation)


def _run_decompose(args: argparse.Namespace) -> int:
    counts = hand_counts(" ".join(args.hand))
    splits = zipai.decompositions(counts, args.rules, args.wang or 0)
    if args.json:
        print_json({"hand": format_counts(counts, args.notation),
                    "splits": [{"huxi": s.huxi, "groups": [list(g) for g in s.groups],
                                "names": [format_cards(g, args.notation) for g in s.groups],
                                "wang": list(s.wang)} for s in splits]})
    elif not splits:
        print("no split")
    else:
        sep = "  " if args.notation == "ascii" else " "
        for s in splits:
            read = f" [{_wait_name(zipai.WANG, args.notation)} {format_cards(s.wang, args.notation)}]" if s.wang else ""
            print(f"{s.huxi}: " + sep.join(format_cards(g, args.notation) for g in s.groups) + read)
    return 0


def _run_detail(args: argparse.Namespace) -> int:
    counts, melds, rules, info = _common(args)
    d = zipai.hu_detail(counts, melds, rules, args.wang or 0)
    if args.json:
        body: dict[str, Any] = {"hu": False}
        if d is not None:
            body = {"hu": True, "huxi": d.huxi, "wang": list(d.wang),
                    "units": [{"kind": u.kind, "cards": list(u.cards), "huxi": u.huxi, "wang": list(u.wang),
                               "exposed": u.exposed, "text": u.text(args.notation)} for u in d.units],
                    "red": d.red, "black": d.black, "big": d.big, "small": d.small}
        print_json({**info, **body})
    elif d is None:
        print("no hu")
    else:
        sep = "  " if args.notation == "ascii" else " "
        print(f"hu {d.huxi}: " + sep.join(f"{u.text(args.notation)}:{u.huxi}" for u in d.units))
        print(f"red {d.red} black {d.black} big {d.big} small {d.small}")
    return 0


RUNNERS: dict[Callable[..., Any], tuple[Runner, AddArguments]] = {
    zipai.hu: (_run_hu, _melds_and_rules),
    zipai.ting: (_run_ting, _melds_and_rules),
    zipai.decompositions: (_run_decompose, _rules_and_wang),
    zipai.hu_detail: (_run_detail, _melds_and_rules),
}
"""The runner and extra options of each subcommand that formats its own output, by query."""


def command() -> Command:
    """``paibiao zipai``: a subcommand per query of the zipai registry."""
    return game_command(GAME, GAME, "zipai (字牌, 跑胡子) queries", RUNNERS, _arguments)
