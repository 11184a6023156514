"""The Numba kernels of riichi scoring (compiled on first use, cached on disk), in a module of
their own so that their cache does not move with the other mahjong kernels.

Each runs the per-hand step :func:`.scorer.score_hand`: over the rows of a batch
(:func:`score_batch`), for one hand (:func:`score_one`; read from its text,
:func:`score_text`), or for every win tile of one hand (:func:`score_waits`). ``melds`` rows
are (kind, tile) in the input kinds (:class:`..readings.MeldInput`), declared melds first;
``situation`` holds the columns of :class:`.hand.Col` (rows of a batch, one row for one hand),
``rules`` the items of :class:`.hand.Rule`; ``wide`` and ``narrow`` the addresses of the tables
(:mod:`..reading_tables`); ``work`` the scratch of :data:`.scratch.WORK_SHAPE`.
Batch kernels follow the status protocol of :mod:`lookup.jit`.
"""

import numpy as np

from ....addresses import row_at, unowned
from ....jit import OK, kernel_decorator
from ...encoding import MAX_MELDS, N_TILE_KINDS
from ..reading_tables import meld_block, scoring_tables
from ..readings import ERR_MELD, declared_count
from .scorer import score_hand
from .scratch import Detail, Row
from .text import NOT_READ, read_situation, read_text, write_out

kernel = kernel_decorator(__name__)


@kernel
def score_batch(hands, win_tiles, melds, situation, rules, wide, narrow, work, out):
    """out[i] = row i's han (-1 no win, 0 no yaku), fu, main, additional and total (every item
    but han 0 where han < 1)."""
    splits, _ = scoring_tables(wide, narrow)
    work = unowned(work)
    blocks, rows = unowned(melds), unowned(situation)
    detail = work[Row.DETAIL]
    for i in range(hands.shape[0]):
        block = blocks[i]
        n_declared = declared_count(block)
        if n_declared < 0:
            return ERR_MELD, i
        status, h = score_hand(row_at(hands, i), np.int64(win_tiles[i]), block, n_declared, rows[i], rules, splits,
                               work)
        if status != OK:
            return status, i
        out[i, 0] = h
        positive = h > 0
        out[i, 1] = detail[Detail.FU] * positive
        out[i, 2] = detail[Detail.MAIN] * positive
        out[i, 3] = detail[Detail.ADDITIONAL] * positive
        out[i, 4] = detail[Detail.TOTAL] * positive
    return OK, hands.shape[0]


@kernel
def score_one(hand, win_tile, meld_bytes, n_declared, situation, rules, wide, narrow, work):
    """(status, han) of one hand (34 counts, its melds as 8 bytes); the detail row of ``work``
    receives the best reading (:class:`.scratch.Detail`), the out row its result
    (:func:`.text.write_out`)."""
    splits, _ = scoring_tables(wide, narrow)
    melds, work = meld_block(meld_bytes), unowned(work)
    status, h = score_hand(hand, win_tile, melds, n_declared, situation, rules, splits, work)
    if status == OK and h >= 0:
        write_out(work, hand, win_tile, melds, n_declared, rules)
    return status, h


@kernel
def score_text(text, situation_bytes, win_tile, rules, wide, narrow, work):
    """:func:`score_one` of a hand and its melds given as text and its situation as bytes
    (:mod:`.text`); status :data:`.text.NOT_READ` for input it does not read."""
    splits, _ = scoring_tables(wide, narrow)
    melds, work = np.zeros((MAX_MELDS, 2), np.int8), unowned(work)
    situation = work[Row.SITUATION]
    if not read_situation(situation_bytes, situation):
        return NOT_READ, -1
    status, n_declared = read_text(text, win_tile, situation, melds, work)
    if status != OK:
        return status, -1
    hand = work[Row.HAND]
    status, h = score_hand(hand, win_tile, melds, n_declared, situation, rules, splits, work)
    if status == OK and h >= 0:
        write_out(work, hand, win_tile, melds, n_declared, rules)
    return status, h


@kernel
def score_waits(hand, meld_bytes, n_declared, situation, rules, wide, narrow, work, out):
    """out[w] = the han of the hand (13 - 3 per meld tiles) won on tile w, as :func:`score_one`
    scores it, or -1 where it does not win or where the step refuses w (a fifth copy; chankan
    on a tile the hand or its melds hold). Returns (OK, 34), or the status of tile 0 and 0 when
    every tile is refused (bad input, or a situation that holds on no tile)."""
    splits, _ = scoring_tables(wide, narrow)
    melds, work = meld_block(meld_bytes), unowned(work)
    first = OK
    refused = 0
    for w in range(N_TILE_KINDS):
        status, h = score_hand(hand, np.int64(w), melds, n_declared, situation, rules, splits, work)
        if status != OK:
            if refused == 0:
                first = status
            refused += 1
            h = -1
        out[w] = h
    if refused == N_TILE_KINDS:
        return first, 0
    return OK, N_TILE_KINDS
