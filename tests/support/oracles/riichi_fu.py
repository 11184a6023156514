"""Riichi fu, slow and literal: the test twin of the scorer's fu step.

:func:`fu` counts the fu of one reading of a winning hand won on one of its groups, from the
rules as the reference calculator (the ``mahjong`` package) applies them: 20 fu base (30 for a
closed hand won by ron, 25 for seven pairs, which count nothing else); 2 for an edge or closed
wait on a concealed chow, 2 for a pair wait; 2 for a pair of each valued tile it is (a dragon,
the seat wind, the round wind); per pon 2 (simples) or 4 (terminals and honors), doubled when
concealed, four times for a kong; a pon completed by a discarded win tile is open; 2 for tsumo
unless the hand has no fu yet (then only under ``fu_for_pinfu_tsumo``); 2 for an open hand with
no fu at all (``fu_for_open_pinfu``); the sum rounded up to 10. Nothing here imports the runtime.

A reading is a list of groups ``(kind, tile, declared, concealed)``, kind ``"chow"``, ``"pong"``,
``"kong"`` or ``"pair"`` (a chow named by its lowest tile).
"""

from __future__ import annotations

import math

VALUED_DRAGONS = (31, 32, 33)
WINDS = 27


def is_terminal_or_honor(t: int) -> bool:
    return t >= 27 or t % 9 in (0, 8)


def fu(groups: list[tuple[str, int, bool, bool]], win_tile: int, won_on: int, *, tsumo: bool, seat_wind: int,
       round_wind: int, fu_for_open_pinfu: bool = True, fu_for_pinfu_tsumo: bool = False) -> tuple[int, int, bool]:
    """(fu rounded, fu before rounding, pinfu) of the reading ``groups`` won on ``groups[won_on]``."""
    opened = any(declared and not concealed for _, _, declared, concealed in groups)
    points = 0
    kind_won, tile_won, _, _ = groups[won_on]
    if kind_won == "chow":
        low = tile_won
        if (low % 9 == 0 and win_tile == low + 2) or (low % 9 == 6 and win_tile == low):
            points += 2  # edge wait
        elif win_tile == low + 1:
            points += 2  # closed wait
    if kind_won == "pair":
        points += 2
    for i, (kind, t, declared, concealed) in enumerate(groups):
        if kind == "pair":
            valued = (t in VALUED_DRAGONS) + (t == WINDS + seat_wind) + (t == WINDS + round_wind)
            points += 2 * valued
        elif kind in ("pong", "kong"):
            shown = declared and not concealed
            if i == won_on and not tsumo:
                shown = True
            each = 4 if is_terminal_or_honor(t) else 2
            if not shown:
                each *= 2
            if kind == "kong":
                each *= 4
            points += each
    no_fu = points == 0
    if tsumo and (not no_fu or fu_for_pinfu_tsumo):
        points += 2
    elif opened and no_fu and fu_for_open_pinfu:
        points += 2
    points += 20 if opened or tsumo else 30
    pinfu = not opened and no_fu and not (tsumo and fu_for_pinfu_tsumo)
    return math.ceil(points / 10) * 10, points, pinfu
