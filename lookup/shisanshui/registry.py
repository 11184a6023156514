"""The shisanshui queries, each declared once (:class:`lookup.registry.Registry`): the public
function, its batch twin, how it is batched, its warm-up calls, its HTTP row and subcommand."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..registry import Batching, CommandLine, Query, Registry, RowPart, Warmup
from .arrange import Arrangement, arrangements, best, best_batch, is_foul
from .cards import format_cards, hand_cards, parse_arrangement, parse_cards
from .objectives import expected_points
from .ranks import category, category_chinese, rank, rank3, rank3_batch, rank5, rank5_batch, row_ranks
from .scoring import settle, settle_batch, settlement, special_codes
from .simulation import simulate
from .special_hands import special, specials
from .splits import N_HAND

__all__ = ["QUERIES"]

SAMPLE_HAND = "AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H"
SAMPLE_DEAL = ("AS AH AD|KS KH KD 2C 2D|QS QH QD QC 3C", "JS JH 4C|5C 6C 7C 9D TD|2S 3S 4S 6S 8S",
               "2H 3H 4H|5H 6H 7H 8H TC|9C TH JC JD KC")
THIRTEEN = "13 cards"


def _cards_row(n: int) -> tuple[RowPart, ...]:
    """A batch route's row of ``n`` cards (the rank functions are named by their row size)."""
    return (RowPart("cards", (n,)),)


def _stack(rows: list[Any]) -> np.ndarray:
    return np.array(rows, np.uint8)


def _arrangements(answers: np.ndarray) -> list[Arrangement]:
    return [Arrangement(r[:3], r[3:8], r[8:]) for r in answers.tolist()]


_HANDS = np.array([hand_cards(SAMPLE_HAND)] * 4, np.uint8)
_DEALS = np.array([[sum(parse_arrangement(a), []) for a in SAMPLE_DEAL]] * 2, np.uint8)

QUERIES = Registry("shisanshui", (
    Query(rank5, rank5_batch, Batching(lambda cards: hand_cards(cards, 5), _stack, np.ndarray.tolist), (
        Warmup("rank5", lambda: rank5("AS KS QS JS TS")),
        Warmup("rank5_batch", lambda: rank5_batch(_HANDS[:, :5])),
    ), row=_cards_row(5)),
    Query(rank3, rank3_batch, Batching(lambda cards: hand_cards(cards, 3), _stack, np.ndarray.tolist), (
        Warmup("rank3", lambda: rank3("AS AH AD")),
        Warmup("rank3_batch", lambda: rank3_batch(_HANDS[:, :3])),
    ), row=_cards_row(3)),
    Query(rank, warmups=(Warmup("rank", lambda: rank("KS KH KD 2C 3C")),),
          command=CommandLine("rank", "the rank of a 3-card or 5-card hand (one scale, higher is stronger)",
                              hand="3 or 5 cards")),
    Query(category),
    Query(category_chinese),
    Query(row_ranks),
    Query(is_foul),
    Query(best, best_batch, Batching(lambda cards: hand_cards(cards, 13), _stack, _arrangements), (
        Warmup("best strongest", lambda: best(SAMPLE_HAND)),
        Warmup("best expected", lambda: best(SAMPLE_HAND, objective="expected")),
        Warmup("best field", lambda: best(SAMPLE_HAND, objective="field")),
        Warmup("best_batch strongest", lambda: best_batch(_HANDS, objective="strongest")),
        Warmup("best_batch expected", lambda: best_batch(_HANDS, objective="expected")),
        Warmup("best_batch field", lambda: best_batch(_HANDS, objective="field", players=2)),
    ), row=(RowPart("hands", (N_HAND,)),),
        command=CommandLine("best", "the best legal arrangement of 13 cards", hand=THIRTEEN)),
    Query(expected_points),
    Query(arrangements, warmups=(Warmup("arrangements", lambda: arrangements(SAMPLE_HAND)),),
          command=CommandLine("arrangements", "every legal arrangement of 13 cards, strongest first", hand=THIRTEEN)),
    Query(special, special_codes, warmups=(
        Warmup("special", lambda: special("2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD AS")),
        Warmup("special_codes", lambda: special_codes(_HANDS)),
    ), command=CommandLine("special", "the special hand (特殊牌型) 13 cards are, if any", hand=THIRTEEN)),
    Query(specials),
    Query(settle, settle_batch, warmups=(
        Warmup("settle", lambda: settle(list(SAMPLE_DEAL))),
        Warmup("settle_batch", lambda: settle_batch(_DEALS)),
        Warmup("settle_batch auto", lambda: settle_batch(_DEALS, "auto")),
        Warmup("settle_batch declared", lambda: settle_batch(_DEALS, np.full(_DEALS.shape[:2], -1, np.int64))),
    ), command=CommandLine("settle", "settle a deal of 2-4 players", hand='one "FRONT|MIDDLE|BACK" per player')),
    Query(settlement),
    Query(simulate, route=False, command=CommandLine(
        "simulate", "duplicate deals between arrangement policies: mean points per hand, 95% intervals", hand=None)),
    Query(parse_cards),
    Query(format_cards),
))
"""Every shisanshui query."""
