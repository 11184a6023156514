"""The Numba kernels of Chinese Official scoring (compiled on first use, cached on disk), in a
module of their own so that their cache does not move with the other mahjong kernels.

Each runs the per-hand step :func:`.scorer.score_hand`: over the rows of a batch
(:func:`fan_batch`), for one hand keeping the best reading (:func:`fan_one`), or for every
win tile of one hand (:func:`fan_waits`). ``melds`` rows are (kind, tile) in the input kinds
(:class:`..readings.MeldInput`), declared melds first; ``situation`` (rows of a batch, a
tuple for one hand) holds the fields of :class:`.hand.Situation` in order; ``wide`` and
``narrow`` the addresses of the tables (:mod:`..reading_tables`); ``work`` the scratch of
:data:`.scratch.WORK_SHAPE`. Batch kernels follow the status protocol of :mod:`lookup.jit`.
"""

import numpy as np

from ....addresses import row_at, unowned
from ....jit import OK, kernel_decorator
from ...encoding import N_TILE_KINDS
from ..reading_tables import meld_block, scoring_tables
from ..readings import ERR_MELD, declared_count
from .hand import situation_of
from .scorer import score_hand

kernel = kernel_decorator(__name__)


@kernel
def fan_batch(hands, win_tiles, melds, situation, wide, narrow, work, out):
    """out[i] = the fan total of row i, flowers included, or -1 when it does not win."""
    splits, hu = scoring_tables(wide, narrow)
    work = unowned(work)
    blocks, rows = unowned(melds), unowned(situation)
    for i in range(hands.shape[0]):
        block = blocks[i]
        n_declared = declared_count(block)
        if n_declared < 0:
            return ERR_MELD, i
        situation_row = situation_of(rows[i])
        status, points = score_hand(row_at(hands, i), np.int64(win_tiles[i]), block, n_declared, situation_row,
                                    splits, hu, work, False)
        if status != OK:
            return status, i
        out[i] = points + situation_row.flowers if points >= 0 else -1
    return OK, hands.shape[0]


@kernel
def fan_one(hand, win_tile, meld_bytes, n_declared, situation, wide, narrow, work):
    """(status, points without flowers or -1) of one hand (34 counts, its melds as 8 bytes);
    scratch row ``DETAIL`` receives the best reading (:class:`.scratch.Detail`)."""
    splits, hu = scoring_tables(wide, narrow)
    return score_hand(hand, win_tile, meld_block(meld_bytes), n_declared, situation_of(situation), splits, hu,
                      unowned(work), True)


@kernel
def fan_waits(hand, meld_bytes, n_declared, situation, wide, narrow, work, out):
    """out[w] = the points without flowers of the hand (13 - 3 per meld tiles) won on tile w,
    as :func:`fan_one` scores it under the same situation, or -1 where it does not win or
    where the step refuses w (a fifth copy; 和绝张 or 抢杠和 on a tile the hand holds, 抢杠和
    on a tile of the melds). Returns (OK, 34), or the status of tile 0 and 0 when every
    tile is refused (bad input, or flags that hold on no tile)."""
    splits, hu = scoring_tables(wide, narrow)
    melds, work, situation_row = meld_block(meld_bytes), unowned(work), situation_of(situation)
    first = OK
    refused = 0
    for w in range(N_TILE_KINDS):
        status, points = score_hand(hand, np.int64(w), melds, n_declared, situation_row, splits, hu, work, False)
        if status != OK:
            if refused == 0:
                first = status
            refused += 1
            points = -1
        out[w] = points
    if refused == N_TILE_KINDS:
        return first, 0
    return OK, N_TILE_KINDS
