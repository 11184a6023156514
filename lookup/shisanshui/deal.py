"""The settlement of one deal, written once (a :func:`~lookup.jit.jitable` helper): the scalar
:func:`~lookup.shisanshui.scoring.settlement` runs it as Python on lists, ``settle_batch``
compiles it into its kernel (:mod:`lookup.shisanshui.kernels`).

Sequences are flat: for P players, ``ranks[3 * i + k]`` and ``won[3 * i + k]`` are player i's
rank and row points in row k (front, middle, back); ``pairs[P * i + j]`` what player i wins
from player j; ``shot[P * i + j]`` 1 when i shot j.
"""

from __future__ import annotations

from typing import Any

from ..jit import jitable


@jitable
def settle_deal(n: int, ranks: Any, won: Any, declared: Any, multipliers: tuple[int, int, int],
                results: tuple[Any, Any, Any, Any]) -> None:
    """Settle a deal of ``n`` players (the rules: docs/shisanshui.md; see
    :func:`~lookup.shisanshui.scoring.settle`).

    ``declared[i]``: the points of player i's declared special hand, 0 when none (a declared
    special is worth at least 1); ``multipliers``: (shoot, home run, the fewest players for a
    home run). Writes ``results`` = (``pairs``, ``shot``, ``fouled``, ``home``): ``fouled[i]``
    1 when player i fouled, ``home[i]`` 1 for a home run, all zeroed first.
    """
    shoot, home_run, home_run_players = multipliers
    pairs, shot, fouled, home = results
    for i in range(n):
        home[i] = 0
        fouled[i] = 0
        if declared[i] == 0 and (ranks[3 * i] > ranks[3 * i + 1] or ranks[3 * i + 1] > ranks[3 * i + 2]):
            fouled[i] = 1
        for j in range(n):
            pairs[n * i + j] = 0
            shot[n * i + j] = 0
    for i in range(n):
        for j in range(i + 1, n):
            pi = declared[i]
            pj = declared[j]
            result = 0
            if pi > 0 or pj > 0:
                if pi > 0 and pj > 0:  # the special worth more takes its points; equal points tie
                    result = pi if pi > pj else (-pj if pj > pi else 0)
                else:
                    result = pi - pj
            elif fouled[i] and fouled[j]:
                result = 0
            elif fouled[i] or fouled[j]:  # the fouled hand loses every row at the winner's points
                winner = j if fouled[i] else i
                for k in range(3):
                    result += won[3 * winner + k]
                result *= shoot
                shot[n * winner + (i + j - winner)] = 1
                if winner != i:
                    result = -result
            else:
                wins_i = 0
                wins_j = 0
                for k in range(3):
                    if ranks[3 * i + k] > ranks[3 * j + k]:
                        result += won[3 * i + k]
                        wins_i += 1
                    elif ranks[3 * i + k] < ranks[3 * j + k]:
                        result -= won[3 * j + k]
                        wins_j += 1
                if wins_i == 3 or wins_j == 3:
                    result *= shoot
                    shot[n * i + j] = 1 if wins_i == 3 else 0
                    shot[n * j + i] = 1 if wins_j == 3 else 0
            pairs[n * i + j] = result
            pairs[n * j + i] = -result
    if n >= max(3, home_run_players):
        for i in range(n):
            every = 1
            for j in range(n):
                if j != i and shot[n * i + j] == 0:
                    every = 0
            if every:
                home[i] = 1
                for j in range(n):
                    if j != i:
                        pairs[n * i + j] *= home_run
                        pairs[n * j + i] = -pairs[n * i + j]
