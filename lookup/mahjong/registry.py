"""The mahjong queries, each declared once (:class:`lookup.registry.Registry`): the public
function, its batch twin, how it is batched, its warm-up calls, its HTTP row and subcommand."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..registry import Batching, CommandLine, Query, Registry, RowPart, Warmup
from .decompositions import decompositions
from .encoding import MAX_MELDS, N_TILE_KINDS
from .inputs import hand_row
from .queries import is_hu, is_hu_batch, mask_to_tiles, ting, ting_batch, ting_mask
from .scoring import MELD_DTYPE, fan, fan_batch, fan_waits
from .scoring.riichi.hand import MAX_INDICATORS
from .scoring.riichi.routes import SITUATION_COLUMNS, Situation, riichi_score, riichi_score_batch, riichi_score_waits
from .shanten import discard_advice, discard_batch, shanten, shanten_batch
from .tiles import format_counts, hand_counts

__all__ = ["HAND_ROW", "QUERIES", "RIICHI_ROW", "SCORING_ROW"]

HAND_ROW = (RowPart("counts", (N_TILE_KINDS,)),)
"""A batch route's row: the hand's 34 tile counts."""

SCORING_ROW = (RowPart("hands", (N_TILE_KINDS,)), RowPart("win_tiles"),
               RowPart("melds", (MAX_MELDS, 2), np.dtype(MELD_DTYPE).name))
"""``fan_batch``'s row: the concealed counts, the win tile and the (kind, tile) melds side by side."""

RIICHI_ROW = (*SCORING_ROW, RowPart("aka"), RowPart("dora", (MAX_INDICATORS,), "int8"),
              RowPart("ura_dora", (MAX_INDICATORS,), "int8"), RowPart("situations", (len(SITUATION_COLUMNS),)))
"""``riichi_score_batch``'s row: ``fan_batch``'s, then the red fives, the dora and ura dora
indicators (-1 for none) and the situation (flags, winds, honba, riichi sticks)."""

DISCARD_PART, SCORING_PART, SHANTEN_PART, RIICHI_PART = 0, 1, 2, 3
"""Warm-up parts of their own: the kernel of any rules with the discard kernels (the batch
reuses the advice's steps), the Chinese Official scoring kernels and the riichi scoring kernels
(each a kernel module of its own), and the plain and knitted shanten kernels; hu and ting are
the rest."""


def _rows(hand: str, n: int = 4) -> np.ndarray:
    """A writable uint8 (n, 34) batch repeating one hand's counts."""
    return np.array([list(hand_counts(hand))] * n, np.uint8)


def _stack(rows: list[Any]) -> np.ndarray:
    """Rows from :func:`.inputs.hand_row` (bytes) as one writable uint8 array."""
    if all(row.__class__ is bytes or row.__class__ is bytearray for row in rows):
        return np.frombuffer(bytearray(b"".join(rows)), np.uint8).reshape(len(rows), len(rows[0]))
    return np.array([list(row) for row in rows], np.uint8)


def _tiles(masks: np.ndarray) -> list[list[int]]:
    return [mask_to_tiles(m) for m in masks.tolist()]


_WIN, _WAIT = _rows("11123456789999m"), _rows("1112345678999m")
_SHORT = _rows("112345678999m")  # 12 tiles: 13 with one joker
_AS_IS = Batching(hand_row, _stack, np.ndarray.tolist)  # a count over 4 fails the batch, then its own call

QUERIES = Registry("mahjong", (
    Query(is_hu, is_hu_batch, _AS_IS, (
        Warmup("is_hu", lambda: is_hu("11123456789999m")),
        Warmup("is_hu riichi", lambda: is_hu("1122m3344p5566s77z", rules="riichi")),
        Warmup("is_hu jokers", lambda: is_hu("1111m", jokers=1)),
        Warmup("is_hu_batch", lambda: is_hu_batch(_WIN)),
        Warmup("is_hu_batch jokers", lambda: is_hu_batch(_WAIT, jokers=np.ones(len(_WAIT), np.int64))),
    ), row=HAND_ROW, command=CommandLine("hu", "is this 3k+2 hand a winning hand")),
    Query(ting, ting_batch, Batching(hand_row, _stack, _tiles), (
        Warmup("ting", lambda: ting("1112345678999m")),
        Warmup("ting jokers", lambda: ting("112345678999m", jokers=1)),
        Warmup("ting_batch", lambda: ting_batch(_WAIT)),
        Warmup("ting_batch jokers", lambda: ting_batch(_SHORT, jokers=1)),
    ), row=HAND_ROW, command=CommandLine("ting", "the waits of a 3k+1 hand")),
    Query(ting_mask, ting_batch, _AS_IS, (
        Warmup("ting_mask", lambda: ting_mask("1122m3344p5566s7z", rules="riichi")),
    )),
    Query(shanten, shanten_batch, _AS_IS, (
        Warmup("shanten", lambda: shanten("123m456p789s1234z"), SHANTEN_PART),
        Warmup("shanten_batch", lambda: shanten_batch(_WIN), SHANTEN_PART),
        # the kernels of the other rule sets: the knitted rules' own, and the one of any rules
        Warmup("shanten_batch chinese", lambda: shanten_batch(_WIN, rules="chinese"), SHANTEN_PART),
        Warmup("shanten_batch jokers", lambda: shanten_batch(_SHORT, jokers=1), DISCARD_PART),
    ), row=HAND_ROW, command=CommandLine("shanten", "tiles from tenpai (-1 complete, 0 tenpai)", "riichi")),
    Query(decompositions, warmups=(Warmup("decompositions", lambda: decompositions("111222333m789p55s")),),
          command=CommandLine("decompose", "every way a 3k+2 hand wins")),
    Query(discard_advice, discard_batch, warmups=(
        Warmup("discard_advice", lambda: discard_advice("123m456p789s111z2z4z"), DISCARD_PART),
        Warmup("discard_batch", lambda: discard_batch(_WIN), DISCARD_PART),
    ), command=CommandLine("discard", "every discard of a 3k+2 hand, best first", "riichi")),
    Query(fan, fan_batch, warmups=(
        Warmup("fan", lambda: fan("1112345678999m", "5m"), SCORING_PART),
        Warmup("fan_batch", lambda: fan_batch(_WAIT, np.full(len(_WAIT), 4)), SCORING_PART),
    ), row=SCORING_ROW, command=CommandLine("fan", "the Chinese Official (国标) fans of a hand and its winning tile",
                                            rules=None)),
    Query(fan_waits, warmups=(Warmup("fan_waits", lambda: fan_waits("1112345678999m"), SCORING_PART),)),
    Query(riichi_score, riichi_score_batch, warmups=(
        Warmup("riichi_score", lambda: riichi_score("1112345678999m", "5m", situation=Situation(riichi=True)),
               RIICHI_PART),
        Warmup("riichi_score_batch", lambda: riichi_score_batch(_WAIT, np.full(len(_WAIT), 4)), RIICHI_PART),
    ), row=RIICHI_ROW, command=CommandLine("score", "the riichi yaku, han, fu and points of a hand and its winning "
                                                    "tile (--rules riichi)", rules="riichi")),
    Query(riichi_score_waits, warmups=(
        Warmup("riichi_score_waits", lambda: riichi_score_waits("1112345678999m"), RIICHI_PART),)),
    Query(hand_counts),
    Query(format_counts),
))
"""Every mahjong query."""
