"""Settlement of one deal of 2-4 players (SPEC §4): rows, fouls, shooting, home runs, specials."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from ..errors import InvalidHandError, quoted
from .cards import ArrangementLike, arrangement_cards, check_distinct, format_cards, sort_cards
from .points import points_tables
from .ranks import row_ranks
from .rules import SPECIALS, Rules, get_rules
from .special_hands import qualifies, special

MIN_PLAYERS, MAX_PLAYERS = 2, 4
"""A deal has 2 to 4 players."""


def check_players(n: int) -> None:
    """Refuse a deal of other than 2 to 4 players (InvalidHandError)."""
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise InvalidHandError(f"shisanshui is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, got {n:,}")


@dataclass(frozen=True)
class Settlement:
    """Result of :func:`settlement`.

    ``pairs[i][j]``: what player i wins from player j (``pairs[j][i] == -pairs[i][j]``);
    ``shot[i][j]``: i shot j (won every row, or j fouled and i did not);
    ``home_run``: players who shot every opponent (3+ players); ``scores[i] = sum(pairs[i])``.
    """

    scores: list[int]
    pairs: list[list[int]]
    shot: list[list[bool]]
    fouled: list[bool]
    specials: list[str | None]
    home_run: list[int]


Declarations: TypeAlias = str | Sequence[str | None] | None
"""``specials`` of :func:`settle`: None, ``"auto"``, or per player a special's name or None."""


def settlement(arrangements: Sequence[ArrangementLike], specials: Declarations = None,
               rules: str | Rules = "standard") -> Settlement:
    """Settle one deal of 2-4 players (SPEC §4); see :func:`settle`."""
    rules = get_rules(rules)
    if not isinstance(arrangements, Sequence) or isinstance(arrangements, str):
        raise InvalidHandError(f"arrangements is a sequence of one arrangement per player, "
                               f"not {type(arrangements).__name__}")
    check_players(len(arrangements))  # before any is parsed
    players = [arrangement_cards(a) for a in arrangements]
    n = len(players)
    check_distinct([c for p in players for row in p for c in row], "deal")
    declared = _declared(players, specials, rules)
    ranks = [row_ranks(f, m, b, rules) for f, m, b in players]
    fouled = [declared[i] is None and (r[0] > r[1] or r[1] > r[2]) for i, r in enumerate(ranks)]
    pts = points_tables(rules)
    won = [[pts[k][r[k]] for k in range(3)] for r in ranks]
    pairs: list[list[int]] = [[0] * n for _ in range(n)]
    shot = [[False] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            si, sj = declared[i], declared[j]
            if si or sj:
                pi = rules.points_of_special(si) if si else 0
                pj = rules.points_of_special(sj) if sj else 0
                result = pi - pj if not (si and sj) else (pi if pi > pj else -pj if pj > pi else 0)
            elif fouled[i] and fouled[j]:
                result = 0
            elif fouled[i] or fouled[j]:
                winner = j if fouled[i] else i
                result = sum(won[winner]) * rules.shoot_multiplier
                shot[winner][i + j - winner] = True
                result = result if winner == i else -result
            else:
                result, wins_i, wins_j = 0, 0, 0
                for k in range(3):
                    if ranks[i][k] > ranks[j][k]:
                        result += won[i][k]
                        wins_i += 1
                    elif ranks[i][k] < ranks[j][k]:
                        result -= won[j][k]
                        wins_j += 1
                if wins_i == 3 or wins_j == 3:
                    result *= rules.shoot_multiplier
                    shot[i][j] = wins_i == 3
                    shot[j][i] = wins_j == 3
            pairs[i][j], pairs[j][i] = result, -result
    home_run: list[int] = []
    if n >= max(3, rules.home_run_min_players):
        for i in range(n):
            if all(shot[i][j] for j in range(n) if j != i):
                home_run.append(i)
                for j in range(n):
                    if j != i:
                        pairs[i][j] *= rules.home_run_multiplier
                        pairs[j][i] = -pairs[i][j]
    scores = [sum(row) for row in pairs]
    assert sum(scores) == 0
    return Settlement(scores, pairs, shot, fouled, declared, home_run)


def _declared(players: list[tuple[list[int], list[int], list[int]]], specials: Declarations,
              rules: Rules) -> list[str | None]:
    n = len(players)
    if specials is None:
        return [None] * n
    if isinstance(specials, str):
        if specials != "auto":
            raise InvalidHandError(f"specials is None, \"auto\" or one name (or None) per player, "
                                   f"got {quoted(specials)}")
        return [special(f + m + b, rules) for f, m, b in players]
    if not isinstance(specials, Sequence):
        raise InvalidHandError(f"specials is None, \"auto\" or one name (or None) per player, "
                               f"not {type(specials).__name__}")
    names = list(specials)
    if len(names) != n:
        raise InvalidHandError(f"specials has {len(names)} entries for {n} players")
    out: list[str | None] = []
    for i, name in enumerate(names):
        if name is None or name == "":
            out.append(None)
            continue
        if not isinstance(name, str) or name not in SPECIALS:
            raise InvalidHandError(f"player {i + 1}: unknown special hand {quoted(name)}; "
                                   f"known: {' '.join(SPECIALS)}")
        if rules.points_of_special(name) <= 0:
            raise InvalidHandError(f"player {i + 1}: special hand {name} is not scored by rules {rules.name!r}")
        f, m, b = players[i]
        if name not in qualifies(f + m + b):
            raise InvalidHandError(f"player {i + 1}: the hand {format_cards(sort_cards(f + m + b))} is not {name}")
        out.append(name)
    return out


def settle(arrangements: Sequence[ArrangementLike], specials: Declarations = None,
           rules: str | Rules = "standard") -> list[int]:
    """Scores of 2-4 players' (front, middle, back) arrangements; they sum to zero.

    ``arrangements``: per player (front, middle, back) or ``"FRONT|MIDDLE|BACK"`` text.
    ``specials``: None, ``"auto"`` (every player declares the best special hand they hold), or
    a list with a special hand's name (declared) or None per player. Pairwise, per row the
    winner gets that row's points from its own row, a tie 0; winning all three rows shoots
    (打枪: the pair's result times ``shoot_multiplier``); a fouled hand loses every row to each
    non-fouled opponent, at that opponent's row points, and counts as shot; two fouled hands
    score 0. With 3+ players one who shoots every opponent scores a home run (全垒打): all of
    that player's pair results times ``home_run_multiplier`` again. A declared special takes
    its points from every opponent without rows; between two specials the one worth more takes
    its points and equal points tie.
    """
    return settlement(arrangements, specials, rules).scores

