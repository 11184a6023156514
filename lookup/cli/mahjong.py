"""``paibiao mahjong {hu,ting,shanten,decompose,discard} HAND [--rules R] [--jokers N] [--json]``
(``discard`` also takes ``--visible TILES``), ``paibiao mahjong fan HAND WIN [--meld KIND:TILE]...
[flags]``: the Chinese Official (国标) fans of a winning hand, and ``paibiao mahjong score HAND WIN
--rules riichi [--meld KIND:TILES]... [--tsumo] [--riichi] [--dora TILE ...] ...``: its riichi
yaku, han, fu and points."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from typing import Any

from .. import mahjong
from ..mahjong.rules import PRESETS
from ..mahjong.scoring import one_tile
from ..mahjong.tiles import NOTATIONS, format_counts, format_tiles, hand_counts, tile_name
from .command import AddArguments, Command, Query, Runner, UsageError, game_command, no_options, print_json

GAME = "mahjong"


def _arguments(parser: argparse.ArgumentParser, query: Query) -> None:
    """The hand, rules and output options every mahjong query takes."""
    parser.add_argument("hand", nargs="+", metavar="HAND",
                        help="tiles in tenhou (123m44z), UVa (1W 4T DONG), Chinese or Unicode notation")
    if query.rules is not None:
        parser.add_argument("--rules", default=query.rules, choices=list(PRESETS),
                            help=f"rule set (default {query.rules})")
    parser.add_argument("--notation", default="tenhou", choices=NOTATIONS, help="output notation (default tenhou)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _jokers(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jokers", type=int, default=0, metavar="N", help="wildcards beside the hand (0..8)")


def _discard_options(parser: argparse.ArgumentParser) -> None:
    _jokers(parser)
    parser.add_argument("--visible", metavar="TILES",
                        help="tiles seen outside the hand (discards, melds, indicators), in any notation: "
                             "they count as seen in the waits' copies")


WINDS = ("E", "S", "W", "N")
"""The seat and round winds by index, as ``--seat-wind`` and ``--round-wind`` take them."""

WIND_NAMES = {**{w: i for i, w in enumerate(WINDS)}, **{w: i for i, w in enumerate("东南西北")},
              **{w: i for i, w in enumerate("東南西北")}, **{str(i): i for i in range(4)}}
"""What a wind option takes: E S W N, 东 南 西 北 (東), or the index."""

MELD_NAMES = {"吃": "chow", "碰": "pong", "杠": "kong", "明杠": "kong", "暗杠": "concealed_kong"}
"""Chinese names ``--meld`` takes besides chow, pong, kong and concealed_kong."""


def _wind(text: str) -> int:
    """A wind option's index 0..3 (E S W N, 东 南 西 北 or the index)."""
    wind = WIND_NAMES.get(text.strip().upper())
    if wind is None:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a wind: E, S, W, N (东 南 西 北) or 0..3")
    return wind


def _meld(text: str) -> tuple[str, str]:
    """A ``--meld KIND:TILE`` as (kind, tile text); the tile and kind are checked by the query."""
    kind, colon, tile = text.partition(":")
    if not colon or not kind.strip() or not tile.strip():
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not KIND:TILE (e.g. pong:5z, chow:1m, concealed_kong:9p)")
    kind = kind.strip()
    return MELD_NAMES.get(kind, kind.lower().replace("-", "_")), tile.strip()


def _win_options(parser: argparse.ArgumentParser, win_help: str, meld: tuple[str, str], flags: dict[str, str],
                 seat_help: str) -> None:
    """The arguments every scoring command takes: the winning tile, ``--meld``, the boolean
    flags of the win (``flags``: name -> help) and the winds; ``meld`` is --meld's (metavar, help)."""
    parser.add_argument("win", metavar="WIN", help=win_help)
    parser.add_argument("--meld", action="append", default=[], type=_meld, metavar=meld[0], help=meld[1])
    for flag, help_text in flags.items():
        parser.add_argument(f"--{flag.replace('_', '-')}", action="store_true", help=help_text)
    parser.add_argument("--seat-wind", type=_wind, default=0, metavar="WIND", help=seat_help)
    parser.add_argument("--round-wind", type=_wind, default=0, metavar="WIND", help="round wind (E)")


def _fan_options(parser: argparse.ArgumentParser) -> None:
    _win_options(parser, "the winning tile (after the hand), e.g. 5m",
                 ("KIND:TILE", "a meld declared before the win, repeatable: chow:1m (by its lowest tile), pong:5z, "
                  "kong:9p (exposed), concealed_kong:1s; the hand then holds 3 tiles fewer per meld"),
                 FAN_FLAGS, "seat wind: E S W N or 0..3 (E)")
    parser.add_argument("--flowers", type=int, default=0, metavar="N",
                        help=f"flowers (花牌), 0..{mahjong.MAX_FLOWERS}: 1 point each")


RIICHI_FLAGS = {"tsumo": "won on a self-drawn tile", "riichi": "riichi declared",
                "double_riichi": "double riichi declared", "ippatsu": "won within riichi's first go-around",
                "rinshan": "won on a kong's replacement tile", "chankan": "won by robbing a kong",
                "haitei": "won on the wall's last tile", "houtei": "won on the last discard",
                "tenhou": "the dealer's first draw wins", "chiihou": "a non-dealer's first draw wins"}
"""The boolean options of ``score`` (the riichi query's keyword arguments of the same names)."""


def _riichi_options(parser: argparse.ArgumentParser) -> None:
    _win_options(parser, "the winning tile (after the hand), e.g. 5m or 0p (a red five)",
                 ("KIND:TILES", "a meld declared before the win, repeatable: chow:406m, pong:550p, kong:9999p (open "
                                "or added), concealed_kong:1111s, or KIND:TILE with its lowest tile"),
                 RIICHI_FLAGS, "seat wind: E S W N or 0..3 (E, the dealer)")
    parser.add_argument("--dora", nargs="+", action="extend", default=[], metavar="TILE", help="dora indicators")
    parser.add_argument("--ura-dora", nargs="+", action="extend", default=[], metavar="TILE",
                        help="ura dora indicators (counted with riichi)")
    parser.add_argument("--honba", type=int, default=0, metavar="N", help="honba sticks (300 points each)")
    parser.add_argument("--kyoutaku", type=int, default=0, metavar="N", help="riichi sticks on the table (1000 each)")
    parser.add_argument("--aka", action="store_true", help="rules with red fives")
    parser.add_argument("--kuitan", action="store_true", help="rules with open tanyao")
    parser.add_argument("--kiriage", action="store_true", help="rules with kiriage mangan")
    parser.add_argument("--kazoe", default="yakuman", choices=["yakuman", "sanbaiman", "unlimited"],
                        help="13 han or more without a yakuman: a yakuman (default), a sanbaiman, or counted on")
    parser.add_argument("--single-yakuman", action="store_true", help="no double yakuman")


def _run_riichi(args: argparse.Namespace) -> int:
    if args.rules != "riichi":
        raise UsageError(f"score takes --rules riichi (Chinese Official scoring is `paibiao mahjong fan`), "
                         f"got {args.rules!r}")
    riichi = mahjong.riichi
    hand = " ".join(args.hand)
    rules = riichi.Rules(aka=args.aka, kuitan=args.kuitan, kiriage=args.kiriage, kazoe=args.kazoe,
                         double_yakuman=not args.single_yakuman)
    flags = {flag: getattr(args, flag) for flag in RIICHI_FLAGS}
    situation = riichi.Situation(**flags, seat_wind=args.seat_wind, round_wind=args.round_wind,
                                 dora=tuple(args.dora), ura_dora=tuple(args.ura_dora), honba=args.honba,
                                 kyoutaku=args.kyoutaku)
    score = mahjong.riichi_score(hand, args.win, args.meld, situation, rules)
    counts = hand_counts(hand)
    win = one_tile(args.win)
    if args.json:
        print_json({"hand": format_counts(counts), "win": tile_name(win, args.notation), **flags,
                    "hu": score is not None, "han": None if score is None else score.han,
                    "fu": None if score is None else score.fu,
                    "yaku": [] if score is None else [{"name": n, "han": h} for n, h in score.yaku],
                    "main": None if score is None else score.main,
                    "additional": None if score is None else score.additional,
                    "total": None if score is None else score.total,
                    "level": None if score is None else score.level,
                    "fu_details": [] if score is None else [{"reason": r, "fu": f} for r, f in score.fu_details],
                    "decomposition": None if score is None else _decomposition_json(score.decomposition,
                                                                                     args.notation)})
        return 0
    if score is None:
        print("no hu")
        return 0
    if score.han == 0:
        print("no yaku")
        return 0
    payment = (f"{score.main}" if not args.tsumo else
               f"{score.main} all" if args.seat_wind == 0 else f"{score.additional}/{score.main}")
    limit = f" {score.level}" if score.level else ""
    print(f"{score.han} han {score.fu} fu{limit}\t{payment}\ttotal {score.total}")
    for name, han in score.yaku:
        print(f"{name}\t{han}")
    held = bytes(n + (t == win) for t, n in enumerate(counts))
    print(_decomposition_text(score.decomposition, held, args.notation))
    return 0


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


def _decomposition_json(d: mahjong.Decomposition, notation: str) -> dict[str, Any]:
    """A decomposition as ``--json`` shows it: tiles by name, each meld with its tiles."""
    return {"form": d.form, "pair": None if d.pair is None else tile_name(d.pair, notation),
            "melds": [{"kind": kind, "tiles": format_tiles(_meld_tiles(kind, low), notation)} for kind, low in d.melds],
            "pairs": _names(d.pairs, notation), "knitted": _names(d.knitted, notation)}


def _decomposition_text(d: mahjong.Decomposition, counts: bytes, notation: str) -> str:
    """One line of ``decompose``: the form, then the pair and the melds of a decomposition of ``counts``."""
    def text(tiles: Iterable[int]) -> str:
        return format_tiles(tiles, notation)

    if d.form == "seven_pairs":
        groups = [text([t, t]) for t in d.pairs]
    elif d.pair is None:  # 将将胡, 全不靠: the tiles as held
        groups = [text([t for t in range(len(counts)) for _ in range(counts[t])])]
    elif d.form == "thirteen_orphans":
        groups = [text([d.pair, d.pair]), "+", text([t for t in range(len(counts)) if counts[t] == 1])]
    else:  # standard, 组合龙 (its knitted set first)
        groups = [text([d.pair, d.pair]), "+"] + ([text(d.knitted)] if d.knitted else []) + \
            [text(_meld_tiles(kind, low)) for kind, low in d.melds]
    return f"{d.form.replace('_', ' ')}: {' '.join(groups)}"


def _run_decompose(args: argparse.Namespace) -> int:
    counts = _hand(args)
    found = mahjong.decompositions(counts, args.rules)
    if args.json:
        print_json({"hand": format_counts(counts), "rules": args.rules,
                    "decompositions": [_decomposition_json(d, args.notation) for d in found]})
        return 0
    if not found:
        print("no hu")
    for d in found:
        print(_decomposition_text(d, counts, args.notation))
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


def _run_fan(args: argparse.Namespace) -> int:
    counts = _hand(args)
    flags = {flag: getattr(args, flag) for flag in FAN_FLAGS}
    score = mahjong.fan(counts, args.win, args.meld, **flags, seat_wind=args.seat_wind,
                        round_wind=args.round_wind, flowers=args.flowers)
    win = one_tile(args.win)  # checked by fan above
    melds = [(kind, one_tile(tile)) for kind, tile in args.meld]
    held = bytes(n + (t == win) for t, n in enumerate(counts))  # the tiles the decomposition splits
    if args.json:
        print_json({"hand": format_counts(counts), "win": tile_name(win, args.notation),
                    "melds": [{"kind": kind, "tiles": format_tiles(_declared_tiles(kind, t), args.notation)}
                              for kind, t in melds],
                    **flags, "seat_wind": args.seat_wind, "round_wind": args.round_wind, "flowers": args.flowers,
                    "hu": score is not None, "total": None if score is None else score.total,
                    "fans": [] if score is None else [{"name": name, "points": points} for name, points in score.fans],
                    "decomposition": None if score is None else _decomposition_json(score.decomposition,
                                                                                     args.notation)})
        return 0
    if score is None:
        print("no hu")
        return 0
    print(f"total\t{score.total}")
    for name, times, points in _counted(score.fans):
        print(f"{name}{f' ×{times}' if times > 1 else ''}\t{points}")
    print(_decomposition_text(score.decomposition, held, args.notation))
    if melds:
        declared = (f"{kind.replace('_', ' ')} {format_tiles(_declared_tiles(kind, t), args.notation)}"
                    for kind, t in melds)
        print("declared: " + ", ".join(declared))
    return 0


def _declared_tiles(kind: str, tile: int) -> list[int]:
    return [tile] * 4 if kind in ("kong", "concealed_kong") else _meld_tiles(kind, tile)


def _counted(fans: Iterable[tuple[str, int]]) -> list[tuple[str, int, int]]:
    """(name, times, points) of each fan, in the order given, a fan counted n times on one line."""
    lines: dict[str, tuple[int, int]] = {}
    for name, points in fans:
        times, total = lines.get(name, (0, 0))
        lines[name] = (times + 1, total + points)
    return [(name, times, points) for name, (times, points) in lines.items()]


FAN_FLAGS = {"self_drawn": "won on a self-drawn tile (自摸)",
             "fourth_tile": "the win tile is the last of its kind in sight (和绝张)",
             "kong": "won on a kong's replacement tile (杠上开花) or by robbing a kong (抢杠和)",
             "last_tile": "won on the wall's last tile (妙手回春) or its last discard (海底捞月)"}
"""The boolean options of ``fan`` (the query's keyword arguments of the same names)."""

RUNNERS: dict[Callable[..., Any], tuple[Runner, AddArguments]] = {
    mahjong.is_hu: (_run_hu, _jokers),
    mahjong.ting: (_run_ting, _jokers),
    mahjong.shanten: (_run_shanten, _jokers),
    mahjong.decompositions: (_run_decompose, no_options),
    mahjong.discard_advice: (_run_discard, _discard_options),
    mahjong.fan: (_run_fan, _fan_options),
    mahjong.riichi_score: (_run_riichi, _riichi_options),
}
"""The runner and extra options of each subcommand that formats its own output, by query."""


def command() -> Command:
    """``paibiao mahjong``: a subcommand per query of the mahjong registry."""
    return game_command(GAME, GAME, "mahjong queries", RUNNERS, _arguments)
