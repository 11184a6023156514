"""``paibiao zipai {hu,ting,decompose,detail} HAND [--exposed MELD]... [--rules R] [--wang N] [--json]``, and
``paibiao zipai {score,score-waits} HAND [--exposed MELD]... [--rules PRESET] [--option NAME[=VALUE]]...
[--win-card CARD] [--self-drawn] [--xing CARD] ...`` under a regional scoring preset."""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable
from typing import Any

from .. import zipai
from ..errors import InvalidArgumentError
from ..zipai.cards import NOTATIONS, card_name, format_cards, format_counts, hand_counts
from ..zipai.melds import Meld, parse_melds
from ..zipai.scoring.rules import PRESET_OPTIONS, OptionValue
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


def _scoring(parser: argparse.ArgumentParser, waits: bool) -> None:
    parser.add_argument("--exposed", action="append", default=[], metavar="MELD",
                        help="an exposed meld, repeatable: 碰六 偎拾 跑三 提壹 吃一二三 (or peng:x6 ...)")
    parser.add_argument("--rules", default="changde", choices=list(PRESET_OPTIONS),
                        help="scoring preset (default changde); docs/zipai-scoring.md")
    parser.add_argument("--option", action="append", default=[], metavar="NAME[=VALUE]",
                        help="a room option of the preset, repeatable: hanghangxi, cap=20, qihu=21, "
                             "zimo_tun=false (a bare NAME is on)")
    parser.add_argument("--wang", type=int, default=0, metavar="N", help="王 held besides those written 王 (yongzhou)")
    if not waits:
        parser.add_argument("--win-card", default=None, metavar="CARD",
                            help="the card that won (七, x7, or 王); without it the hand is read as written")
    for flag, text in (("self-drawn", "自摸: won on own draw"), ("discard", "点炮: won on a discard"),
                       ("tianhu", "天胡"), ("dihu", "地胡"), ("haidi", "海底: the last wall card"),
                       ("shuahou", "耍猴: the hand held one card")):
        parser.add_argument(f"--{flag}", action="store_true", help=text)
    if not waits:
        parser.add_argument("--santi-wukan", action="store_true", help="安化 三提五坎 claimed at the deal")
    parser.add_argument("--huangfan", type=int, default=0, metavar="N",
                        help="drawn games in a row before this one (黄番, 安化 爬坡)")
    parser.add_argument("--xing", default=None, metavar="CARD", help="the 醒 card (王 for a turned 王)")
    parser.add_argument("--xing-count", type=int, default=None, metavar="N", help="a given 醒数")


def _option_value(text: str) -> OptionValue:
    low = text.strip().lower()
    if low in ("true", "on", "yes"):
        return True
    if low in ("false", "off", "no"):
        return False
    if low == "none":
        return None
    try:
        return int(low)
    except ValueError:
        raise InvalidArgumentError(f"--option value {text[:40]!r}: true, false, none or an integer") from None


def _score_call(args: argparse.Namespace) -> tuple[dict[str, Any], dict[str, Any]]:
    """The keyword arguments of a scoring call from the options, and the echo of the inputs."""
    options = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        options[name.strip()] = _option_value(value) if sep else True
    rules = zipai.ScoringRules(args.rules, **options)
    flags = {name: getattr(args, name) for name in ("self_drawn", "discard", "tianhu", "dihu", "haidi", "shuahou",
                                                    "huangfan", "xing", "xing_count")}
    if hasattr(args, "win_card"):
        flags.update(win_card=args.win_card, santi_wukan=args.santi_wukan)
    call = {"exposed": parse_melds(args.exposed), "rules": rules, "wang": args.wang, **flags}
    info = {"hand": " ".join(args.hand), "exposed": [m.text(args.notation) for m in call["exposed"]],
            "rules": rules.preset, "options": dict(rules.options)}
    return call, info


def _result_json(r: Any, notation: str) -> dict[str, Any]:
    return {"score": r.score, "huxi": r.huxi, "tun": r.tun, "fan": r.fan, "mingtang": list(r.mingtang),
            "xing": r.xing, "wang_as": list(r.wang_as),
            "units": [{"kind": u.kind, "cards": list(u.cards), "huxi": u.huxi, "wang": list(u.wang),
                       "exposed": u.exposed, "text": u.text(notation)} for u in r.units]}


def _result_line(r: Any) -> str:
    parts = [f"score {r.score}", f"huxi {r.huxi}"]
    if r.tun is not None:
        parts.append(f"囤 {r.tun}")
    if r.fan is not None:
        parts.append(f"番 {r.fan}")
    if r.xing:
        parts.append(f"醒 {r.xing}")
    return ", ".join(parts) + (f": {' '.join(r.mingtang)}" if r.mingtang else "")


def _run_score(args: argparse.Namespace) -> int:
    call, info = _score_call(args)
    r = zipai.score(" ".join(args.hand), **call)
    if args.json:
        print_json({**info, "hu": r is not None, **({} if r is None else _result_json(r, args.notation))})
    elif r is None:
        print("no hu")
    else:
        sep = "  " if args.notation == "ascii" else " "
        print(_result_line(r))
        print(sep.join(f"{u.text(args.notation)}:{u.huxi}" for u in r.units))
    return 0


def _run_score_waits(args: argparse.Namespace) -> int:
    call, info = _score_call(args)
    waits = zipai.score_waits(" ".join(args.hand), **call)
    if args.json:
        listed = [{"card": t, "name": _wait_name(t, args.notation), **_result_json(r, args.notation)}
                  for t, r in waits.items()]
        print_json({**info, "waits": listed})
    elif not waits:
        print("not ready")
    else:
        for t, r in waits.items():
            print(f"{_wait_name(t, args.notation)}: {_result_line(r)}")
    return 0


RUNNERS: dict[Callable[..., Any], tuple[Runner, AddArguments]] = {
    zipai.hu: (_run_hu, _melds_and_rules),
    zipai.ting: (_run_ting, _melds_and_rules),
    zipai.decompositions: (_run_decompose, _rules_and_wang),
    zipai.hu_detail: (_run_detail, _melds_and_rules),
    zipai.score: (_run_score, lambda parser: _scoring(parser, False)),
    zipai.score_waits: (_run_score_waits, lambda parser: _scoring(parser, True)),
}
"""The runner and extra options of each subcommand that formats its own output, by query."""


def command() -> Command:
    """``paibiao zipai``: a subcommand per query of the zipai registry."""
    return game_command(GAME, GAME, "zipai (字牌, 跑胡子) queries", RUNNERS, _arguments)
