"""What a Chinese Official scoring query knows of a hand beyond its tiles: the situation of the
win (:class:`Situation`), the flags that cannot hold together (:func:`flags_status`), and the
facts of the hand every reading is scored with (:class:`HandFacts`).
"""

from __future__ import annotations

from typing import NamedTuple

from ....jit import OK, jitable
from .fans import MAX_FLOWERS, N_WINDS

ERR_FLAGS = 17
"""Status of flags that cannot hold together."""


class Situation(NamedTuple):
    """The situation of a win: how it was won, the winds and the flowers (the columns of a
    situation row, in this order)."""

    self_drawn: bool
    """自摸."""
    fourth_tile: bool
    """和绝张: the win tile's other three copies are in sight."""
    kong: bool
    """杠上开花 when self-drawn, 抢杠和 when not."""
    last_tile: bool
    """妙手回春 when self-drawn, 海底捞月 when not."""
    seat_wind: int
    round_wind: int
    flowers: int


class HandFacts(NamedTuple):
    """The facts of a hand every reading of it is scored with."""

    held: int
    """The mask of the tiles held, melds and win tile included."""
    fours: int
    """Tiles held four times."""
    win_held: bool
    """The hand before the win held the win tile."""
    win_tile: int
    exposed: int
    """Melds declared exposed (all but concealed kongs)."""
    single_wait: bool
    """The hand before the win waited on one tile."""
    nine_gates: bool
    """The hand before the win is 九莲宝灯's 1112345678999 of a suit."""
    situation: Situation
    """The situation, 和绝张 set too when the declared melds show three copies of the win tile."""


@jitable
def situation_of(row) -> Situation:
    """The :class:`Situation` of a situation row or tuple (flags as 0/1 or bools)."""
    return Situation(row[0] != 0, row[1] != 0, row[2] != 0, row[3] != 0, row[4], row[5], row[6])


@jitable
def flags_status(hand, win_tile, kongs, in_melds, situation) -> int:
    """OK, or ERR_FLAGS for flags that cannot hold together: 杠上开花 without a kong, 抢杠和 or
    和绝张 on a tile the hand holds, 抢杠和 on a tile of the melds, winds outside 0..3, flowers
    outside 0..8."""
    if situation.kong and situation.self_drawn and kongs == 0:
        return ERR_FLAGS
    if situation.kong and not situation.self_drawn and (hand[win_tile] or in_melds):
        return ERR_FLAGS
    if situation.fourth_tile and hand[win_tile]:
        return ERR_FLAGS
    if not (0 <= situation.seat_wind < N_WINDS and 0 <= situation.round_wind < N_WINDS
            and 0 <= situation.flowers <= MAX_FLOWERS):
        return ERR_FLAGS
    return OK


@jitable
def scored_situation(situation, in_melds) -> Situation:
    """The situation the fans are scored under: 和绝张 also when the declared melds hold three
    copies of the win tile."""
    return Situation(situation.self_drawn, situation.fourth_tile or in_melds == 3, situation.kong,
                     situation.last_tile, situation.seat_wind, situation.round_wind, situation.flowers)
