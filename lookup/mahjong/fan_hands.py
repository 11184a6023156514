"""The hand a Chinese Official scoring query takes, checked: its tile counts with the win
tile and the declared melds, what cannot be (a meld that is not one, a hand of the wrong size,
a fifth copy, flags that cannot hold together) and the facts of its tiles the readings use.
"""

from __future__ import annotations

import numpy as np

from ..jit import ERR_COPIES, ERR_SIZE, OK, jitable
from .encoding import HONOR_OFFSET, MAX_COPIES, MAX_MELDS, N_TILE_KINDS
from .fan_rules import rank_of
from .fans import ERR_FLAGS, ERR_MELD, MAX_FLOWERS, MELD_CHOW, MELD_CONCEALED_KONG, MELD_NONE, MELD_PONG, N_WINDS


@jitable
def declared_count(melds: np.ndarray) -> int:
    """How many melds a block of (kind, tile) rows declares (its rows of a kind other than
    none, which come first); -1 when a meld follows an empty row."""
    n = 0
    for i in range(melds.shape[0]):
        if melds[i, 0] != MELD_NONE:
            if n != i:
                return -1
            n += 1
    return n


@jitable
def count_tiles(hand, win_tile, melds, n_declared, counts, split) -> tuple[int, int, int, int]:
    """Fills ``counts`` (every tile: hand, win tile, declared melds) and ``split`` (the
    concealed tiles and the win tile); returns (status, exposed melds, kongs, copies of the
    win tile in the melds). Refuses a win tile outside 0..33 or a meld that is not one
    (ERR_MELD), a hand of other than 13 less 3 per meld tiles (ERR_SIZE)."""
    if not 0 <= win_tile < N_TILE_KINDS:
        return ERR_MELD, 0, 0, 0
    total = 0
    for t in range(N_TILE_KINDS):
        c = hand[t]
        counts[t] = c
        split[t] = c
        total += c
    if n_declared > MAX_MELDS or total != 3 * (MAX_MELDS - n_declared) + 1:
        return ERR_SIZE, 0, 0, 0
    counts[win_tile] += 1
    split[win_tile] += 1
    exposed = kongs = in_melds = 0
    for i in range(n_declared):
        kind, t = melds[i, 0], np.int64(melds[i, 1])
        if kind < MELD_CHOW or kind > MELD_CONCEALED_KONG or not 0 <= t < N_TILE_KINDS:
            return ERR_MELD, 0, 0, 0
        exposed += int(kind != MELD_CONCEALED_KONG)
        if kind == MELD_CHOW:
            if t >= HONOR_OFFSET or rank_of(t) > 6:
                return ERR_MELD, 0, 0, 0
            counts[t] += 1
            counts[t + 1] += 1
            counts[t + 2] += 1
            in_melds += int(t <= win_tile <= t + 2)
        else:
            size = 3 if kind == MELD_PONG else 4
            kongs += int(size == MAX_COPIES)
            counts[t] += size
            in_melds += size * int(t == win_tile)
    return OK, exposed, kongs, in_melds


@jitable
def hand_facts(hand, counts, split) -> tuple[int, int, int, int, int, bool, bool, bool]:
    """From the counts of :func:`count_tiles`: (status: ERR_COPIES on a fifth copy, the mask
    of the tiles held, tiles held four times, odd counts in the hand before the win, the mask
    of those tiles, the concealed tiles all in pairs, all single, some tile four times in hand)."""
    held = fours = n_odd = odd_mask = 0
    over = odd_split = many = four_in_hand = 0
    for t in range(N_TILE_KINDS):  # integer flags, no branch (random hands mispredict them)
        c = counts[t]
        s = split[t]
        h = np.int64(hand[t])
        over |= int(c > MAX_COPIES)
        held |= int(c > 0) << t
        fours += int(c == MAX_COPIES)
        odd_split |= s & 1
        many |= int(s > 1)
        n_odd += h & 1
        odd_mask |= (h & 1) << t
        four_in_hand |= int(h == MAX_COPIES)
    if over:
        return ERR_COPIES, 0, 0, 0, 0, False, False, False
    return OK, held, fours, n_odd, odd_mask, odd_split == 0, many == 0, four_in_hand != 0


@jitable
def flags_status(hand, win_tile, kongs, in_melds, situation) -> int:
    """OK, or ERR_FLAGS for flags that cannot hold together: 杠上开花 without a kong, 抢杠和 or
    和绝张 on a tile the hand holds, 抢杠和 on a tile of the melds, winds outside 0..3, flowers
    outside 0..8."""
    self_drawn, fourth_tile, kong, last_tile, seat_wind, round_wind, flowers = situation
    if kong and self_drawn and kongs == 0:
        return ERR_FLAGS
    if kong and not self_drawn and (hand[win_tile] or in_melds):
        return ERR_FLAGS
    if fourth_tile and hand[win_tile]:
        return ERR_FLAGS
    if not (0 <= seat_wind < N_WINDS and 0 <= round_wind < N_WINDS and 0 <= flowers <= MAX_FLOWERS):
        return ERR_FLAGS
    return OK
