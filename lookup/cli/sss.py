"""``paibiao sss {rank,best,arrangements,special,settle,simulate} ...``: shisanshui (十三水) queries
and simulated matches between arrangement policies."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .. import shisanshui as sss
from ..errors import quoted
from ..shisanshui.cards import NOTATIONS, format_cards, parse_cards, sort_cards
from ..shisanshui.scoring import Declarations, check_deal_size
from .command import AddArguments, Command, Query, Runner, UsageError, game_command, no_options, print_json

GAME = "shisanshui"

ROWS = ("front", "middle", "back")


def _arguments(parser: argparse.ArgumentParser, query: Query) -> None:
    """The cards, rules and output options every shisanshui query takes (a query whose registry
    entry gives no hand help, ``simulate``, takes no cards)."""
    if query.hand is not None:
        parser.add_argument("cards", nargs="+", metavar="CARDS", help=query.hand or "cards")
    if query.rules is not None:
        parser.add_argument("--rules", default=query.rules, choices=list(sss.PRESETS),
                            help=f"rule set (default {query.rules})")
    if query.hand is not None:
        parser.add_argument("--notation", default="ascii", choices=NOTATIONS,
                            help="card output notation (default ascii)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _objective(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--objective", default="strongest", choices=sss.OBJECTIVES,
                        help="strongest: largest (back, middle, front); expected: most expected row points "
                             "against random rows; field: most expected points against the field")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4),
                        help="players at the table, for the field objective (default 4)")


def _limit(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--limit", type=int, default=None, metavar="N", help="list only the first N")


def _declarations(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--special", action="append", default=[], metavar="P=NAME",
                        help="player P (1-based) declares the special hand NAME (repeatable)")
    parser.add_argument("--auto-special", action="store_true",
                        help="every player whose 13 cards are a special hand declares the best one")


def _cards(args: argparse.Namespace) -> list[int]:
    return parse_cards(" ".join(args.cards))


def _row_json(cards: Iterable[int], notation: str) -> list[str]:
    return [format_cards([c], notation) for c in cards]


def _run_rank(args: argparse.Namespace) -> int:
    cards = _cards(args)
    rank = sss.rank(cards, args.rules)
    if args.json:
        print_json({"cards": _row_json(cards, args.notation), "rank": rank, "category": sss.category(rank),
                    "category_chinese": sss.category_chinese(rank), "rules": args.rules})
    else:
        print(f"{rank} {sss.category(rank)} {sss.category_chinese(rank)}")
    return 0


def _describe(arrangement: Sequence[Sequence[int]], args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    front, middle, back = arrangement
    ranks = sss.row_ranks(front, middle, back, rules=args.rules)
    points = sss.row_points(front, middle, back, rules=args.rules)
    return {row: {"cards": _row_json(cards, args.notation), "rank": r, "category": sss.category(r),
                  "category_chinese": sss.category_chinese(r), "points": p}
            for row, cards, r, p in zip(ROWS, arrangement, ranks, points)}


def _run_best(args: argparse.Namespace) -> int:
    hand = _cards(args)
    best = sss.best(hand, args.objective, args.rules, args.players)
    rows = _describe(best, args)
    expected = sss.expected_points(*best, rules=args.rules)
    if args.json:
        print_json({"hand": _row_json(sort_cards(hand), args.notation), "objective": args.objective,
                    "rules": args.rules, **rows, "expected_points": expected})
    else:
        for row in ROWS:
            r = rows[row]
            print(f"{row:<7} {' '.join(r['cards']):<15} {r['category']} {r['category_chinese']}")
    return 0


def _run_arrangements(args: argparse.Namespace) -> int:
    if args.limit is not None and args.limit < 0:
        raise UsageError("--limit must be >= 0", "paibiao sss arrangements")
    hand = _cards(args)
    found = sss.arrangements(hand, args.rules)
    shown = found if args.limit is None else found[:args.limit]
    if args.json:
        print_json({"hand": _row_json(sort_cards(hand), args.notation), "rules": args.rules, "count": len(found),
                    "arrangements": [[_row_json(row, args.notation) for row in a] for a in shown]})
    else:
        for a in shown:  # nothing at all for --limit 0
            print(" | ".join(format_cards(row, args.notation) for row in a))
    return 0


def _run_special(args: argparse.Namespace) -> int:
    hand = _cards(args)
    names = sss.specials(hand, args.rules)
    rules = sss.get_rules(args.rules)
    if args.json:
        print_json({"hand": _row_json(sort_cards(hand), args.notation), "rules": args.rules,
                    "special": names[0] if names else None,
                    "points": rules.points_of_special(names[0]) if names else 0, "all": names})
    else:
        print(f"{names[0]} {rules.points_of_special(names[0])}" if names else "none")
    return 0


def _declared(args: argparse.Namespace, n: int) -> Declarations:
    if args.auto_special:
        if args.special:
            raise UsageError("--auto-special and --special exclude each other", "paibiao sss settle")
        return "auto"
    if not args.special:
        return None
    declared: list[str | None] = [None] * n
    for item in args.special:
        player, _, name = item.partition("=")
        if player not in [str(p) for p in range(1, n + 1)] or not name:  # ASCII digits only, no int() of 10**5 digits
            raise UsageError(f"--special {quoted(item)}: write P=NAME with P in 1..{n}", "paibiao sss settle")
        declared[int(player) - 1] = name
    return declared


def _run_settle(args: argparse.Namespace) -> int:
    check_deal_size(len(args.cards))  # before any is parsed
    players = [sss.parse_arrangement(text) for text in args.cards]
    result = sss.settlement(players, _declared(args, len(players)), args.rules)
    if args.json:
        print_json({"rules": args.rules, "scores": result.scores, "pairs": result.pairs, "shot": result.shot,
                    "fouled": result.fouled, "specials": result.specials, "home_run": result.home_run,
                    "players": [{row: _row_json(cards, args.notation) for row, cards in zip(ROWS, p)}
                                for p in players]})
    else:
        for i, score in enumerate(result.scores):
            notes: list[str] = []
            declared = result.specials[i]
            if declared:
                notes.append(declared)
            if result.fouled[i]:
                notes.append("fouled 倒水")
            shot = [str(j + 1) for j in range(len(players)) if result.shot[i][j]]
            if shot:
                notes.append(f"shot {','.join(shot)} 打枪")
            if i in result.home_run:
                notes.append("home run 全垒打")
            print(f"player {i + 1}: {score:+d}" + (f"  ({'; '.join(notes)})" if notes else ""))
    return 0


def _simulate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--policy", action="append", required=True, metavar="NAME",
                        help="OBJECTIVE[:auto|never] for the next seat (repeatable; the last fills the other seats)")
    parser.add_argument("--players", type=int, default=4, help="players per deal, 2-4 (default 4)")
    parser.add_argument("--deals", type=int, default=10_000, help="duplicate deals (default 10,000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument("--scheduler", default=None, metavar="ADDR",
                        help="Dask scheduler address (default: a local cluster; 'inline': this process)")
    parser.add_argument("--workers", type=int, default=None, help="local cluster worker processes (default: cores)")
    parser.add_argument("--chunk", type=int, default=8192, help="deals per task (default 8,192)")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress bar on stderr (default: when stderr is a terminal)")


def _run_simulate(args: argparse.Namespace) -> int:
    import sys

    from ..shisanshui.simulation import simulate

    if args.deals < 1 or args.chunk < 1 or (args.workers is not None and args.workers < 1):
        raise UsageError("paibiao sss simulate: --deals, --chunk and --workers must be at least 1")
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    result = simulate(args.policy, args.players, args.deals, args.seed, args.rules, chunk=args.chunk,
                      scheduler=args.scheduler, workers=args.workers, progress=progress)
    if args.json:
        print_json(result.as_dict())
        return 0
    print(f"{result.players} players, {result.deals:,} duplicate deals (seed {result.seed}, rules {result.rules}): "
          f"{' / '.join(result.lineup)}")
    print(f"{'policy':<18} {'points per hand':>15}  {'95% interval':<20} {'plays':>12}")
    for r in result.results:
        low, high = r.interval
        print(f"{r.policy:<18} {r.mean:>+15.4f}  [{low:+.4f}, {high:+.4f}]  {r.plays:>12,}")
    return 0


RUNNERS: dict[Callable[..., Any], tuple[Runner, AddArguments]] = {
    sss.rank: (_run_rank, no_options),
    sss.best: (_run_best, _objective),
    sss.arrangements: (_run_arrangements, _limit),
    sss.special: (_run_special, no_options),
    sss.settle: (_run_settle, _declarations),
    sss.simulate: (_run_simulate, _simulate_arguments),
}
"""The runner and extra options of each subcommand that formats its own output, by query."""


def command() -> Command:
    """``paibiao sss``: a subcommand per query of the shisanshui registry."""
    return game_command(GAME, "sss", "shisanshui (十三水)", RUNNERS, _arguments, hand="cards",
                        description="Shisanshui (十三水) queries. Cards: AS KH TD 9C (10 for T) or ♠A ♥10.")
