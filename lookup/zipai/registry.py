"""The zipai queries, each declared once (:class:`lookup.registry.Registry`): the public
function, its batch twin, how it is batched, its warm-up calls, its HTTP row and subcommand."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..registry import Batching, CommandLine, Query, Registry, RowPart, Warmup
from .cards import format_counts, hand_counts
from .encoding import N_CARDS
from .melds import parse_melds
from .queries import hu, hu_batch, ting, ting_batch
from .scoring.rows import MAX_EXPOSED
from .scoring.score import score, score_batch, score_waits
from .splits import decompositions, hu_detail

__all__ = ["HAND_ROW", "QUERIES", "SCORE_ROW"]

HAND_ROW = (RowPart("counts", (N_CARDS,)),)
"""A batch route's row: the hand's 20 card counts."""

SCORE_ROW = (RowPart("counts", (N_CARDS,)), RowPart("exposed", (MAX_EXPOSED, 4), "int8"),
             RowPart("win_card", (), "int8"), RowPart("wang"), RowPart("xing", (), "int8"))
"""``score_batch``'s row, 51 bytes: the 20 counts with the winning card, 7 exposed melds as
int8 (kind, card, card, card), the winning card and the 醒 card as int8 (a card index,
``WANG`` for a 王, -1 none) and the 王 held (uint8); the flags are one value for every row."""


def _rows(hand: str, n: int = 4) -> np.ndarray:
    """A writable uint8 (n, 20) batch repeating one hand's counts."""
    return np.array([list(hand_counts(hand))] * n, np.uint8)


def _stack(rows: list[Any]) -> np.ndarray:
    return np.array(rows, np.uint8)


def _without_exposed(options: dict[str, Any]) -> dict[str, Any] | None:
    """The batch twin's options of a call without exposed melds (the batch forms take none)."""
    exposed = options["exposed"]
    if exposed.__class__ not in (tuple, list) or len(exposed):
        return None
    return {name: value for name, value in options.items() if name != "exposed"}


def _huxi(answers: np.ndarray) -> list[int | None]:
    return [None if v < 0 else v for v in answers.tolist()]


def _waits(answers: np.ndarray) -> list[dict[int, int]]:
    return [{t: h for t, h in enumerate(row) if h >= 0} for row in answers.tolist()]


_WIN, _WAIT = _rows("二七十二七十贰柒拾"), _rows("二七十二七十贰柒 四五六 壹贰叁")
_SCORE = _rows("贰柒拾 贰柒拾 二七十 一二三 四五六 叁肆伍 八九")
"""A winning hand with one 王 (21 cards): score_batch's warm-up rows."""

QUERIES = Registry("zipai", (
    Query(hu, hu_batch, Batching(hand_counts, _stack, _huxi, _without_exposed), (
        Warmup("hu", lambda: hu("二七十二七十贰柒拾")),
        Warmup("hu exposed", lambda: hu("一二三 壹贰叁 二七十 五五", ["跑拾"])),
        Warmup("hu_batch", lambda: hu_batch(_WIN)),
        Warmup("hu_batch wang", lambda: hu_batch(_rows("二七十二七十贰柒"), wang=1)),
    ), row=HAND_ROW, command=CommandLine("hu", "does this hand win, with its best total huxi (胡息)", "paohuzi")),
    Query(ting, ting_batch, Batching(hand_counts, _stack, _waits, _without_exposed), (
        Warmup("ting", lambda: ting("一二三 贰叁肆 二七十 五五", ["碰拾"])),
        Warmup("ting_batch", lambda: ting_batch(_WAIT)),
        Warmup("ting_batch wang", lambda: ting_batch(_rows("二七十二七十贰"), wang=1)),
    ), row=HAND_ROW, command=CommandLine("ting", "the cards whose draw makes the hand win, with the best huxi of each",
                                         "paohuzi")),
    Query(decompositions, warmups=(Warmup("decompositions", lambda: decompositions("二七十二七十贰柒拾")),),
          command=CommandLine("decompose", "every split of a hand part without triples, best huxi first", "paohuzi")),
    Query(hu_detail, route=False, command=CommandLine(
        "detail", "the best split of a winning hand and the card counts its 名堂 are judged on", "paohuzi")),
    Query(score, score_batch, warmups=(
        Warmup("score", lambda: score("贰柒拾 贰柒拾 二七十 一二三 四五六 叁肆伍 八九十", rules="changde")),
        Warmup("score_batch", lambda: score_batch(_SCORE, rules="yongzhou", wang=1, self_drawn=True)),
    ), row=SCORE_ROW, command=CommandLine(
        "score", "the score of a win under a regional scoring preset: 名堂, 囤, 番", "changde")),
    Query(score_waits, command=CommandLine(
        "score-waits", "the score of each card whose draw wins, under a regional scoring preset", "changde")),
    Query(hand_counts),
    Query(format_counts),
    Query(parse_melds),
))
"""Every zipai query."""
