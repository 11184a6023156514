"""Zipai (字牌, 跑胡子 family) queries answered from the zipai tables (ZIPAI.md, SPEC §3).

A *hand* is card text (:mod:`lookup.zipai_cards`) or 20 counts; *exposed* melds (碰 偎 跑
提 and eaten groups) are given apart from it. Triples and quads in the hand are taken out
first as 坎 and 提 with their huxi; the rest, the *checked part*, must split into groups
(sequences, 二七十, mixed triples) plus one pair when it holds 3k+2 cards. Its best huxi is
one walk of the table's automaton (:mod:`lookup._zipai_core`).

    hu(hand, exposed=(), rules="paohuzi") -> int | None      best total huxi when the hand wins
    hu_batch(counts, rules="paohuzi") -> int16 (N,)           best total huxi or -1, per row
    ting(hand, exposed=(), rules="paohuzi") -> {card: huxi}   the draws that win, best huxi each
    ting_batch(counts, rules="paohuzi") -> int16 (N, 20)      per row and card, or -1
    decompositions(hand) -> list[Split]                       every split of a part, best first
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from .. import tables
from ..arrays import uint8_rows
from ..errors import InvalidHandError, InvalidRulesError
from . import hand as core
from .cards import Meld, card_name, hand_counts, parse_melds

__all__ = ["hu", "hu_batch", "ting", "ting_batch", "decompositions", "Split", "Meld", "RuleSet",
           "PRESETS", "get_rules"]

DATASETS = ("automaton", "values")


# --- rules ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class RuleSet:
    """A zipai rule set.

    min_huxi: a hand wins when its total huxi (hand groups, 坎/提 in the hand, exposed melds)
    reaches it. pair_with_quad: the pair is required exactly when the player has a 提 or 跑
    (in the hand or exposed), as in ZIPAI.md; when False the size of the checked part alone
    decides (3k+2 cards: groups and one pair; 3k: groups only), with or without a 提/跑.
    """

    name: str = "custom"
    min_huxi: int = 10
    pair_with_quad: bool = True

    def __post_init__(self):
        if isinstance(self.min_huxi, bool) or not isinstance(self.min_huxi, int) or not 0 <= self.min_huxi <= 1000:
            raise InvalidRulesError(f"min_huxi must be an integer 0..1000, got {self.min_huxi!r}")
        if not isinstance(self.pair_with_quad, bool):
            raise InvalidRulesError(f"pair_with_quad must be True or False, got {self.pair_with_quad!r}")


PRESETS = {
    "paohuzi": RuleSet("paohuzi", 10),       # the default; also 桂林字牌, 衡阳红黑, 耒阳提龙
    "guilin": RuleSet("guilin", 10),         # 桂林字牌
    "hengyang": RuleSet("hengyang", 10),     # 衡阳红黑
    "leiyang": RuleSet("leiyang", 10),       # 耒阳提龙
    "hunan": RuleSet("hunan", 15),           # classic Hunan 跑胡子
    "loudi": RuleSet("loudi", 15),           # 娄底放炮罚
    "liuhuqiang": RuleSet("liuhuqiang", 6),  # 六胡抢
}


def get_rules(rules) -> RuleSet:
    """A zipai RuleSet from a preset name or a RuleSet."""
    if isinstance(rules, RuleSet):
        return rules
    try:
        return PRESETS[rules]
    except (KeyError, TypeError):
        raise InvalidRulesError(
            f"unknown zipai rule set {rules!r}; presets are {', '.join(PRESETS)} (or pass a RuleSet)") from None


# --- tables ---------------------------------------------------------------------------------

_tables = None  # (trans, final, values): numpy arrays for batch kernels
_views = None   # the same as memoryviews, which index faster from Python


def _load():
    global _tables, _views
    if _tables is None:
        t = tables.load("zipai", DATASETS)
        trans, values = t["automaton"], t["values"]
        final = int(t.attrs["final_state"])
        _views = (memoryview(trans), final, memoryview(values))
        _tables = (trans, final, values)
    return _tables


def _table_views():
    if _views is None:
        _load()
    return _views


# --- exposed melds --------------------------------------------------------------------------

_NO_MELDS = (0, 0, (0,) * core.N_CARDS, 0, 0, [])


def _exposed(exposed):
    """(huxi, 跑/提 count, copies per card, 碰 mask, 偎 mask, melds) of the exposed melds."""
    if exposed == () or exposed == []:
        return _NO_MELDS
    melds = parse_melds(exposed)
    huxi = quads = peng = wei = 0
    used = [0] * core.N_CARDS
    for m in melds:
        huxi += m.huxi
        quads += m.kind in ("pao", "ti")
        for t in m.cards:
            used[t] += 1
        if m.kind == "peng":
            peng |= 1 << m.cards[0]
        elif m.kind == "wei":
            wei |= 1 << m.cards[0]
    for t in range(core.N_CARDS):
        if used[t] > core.MAX_COPIES:
            raise InvalidHandError(f"exposed melds hold {used[t]} copies of {card_name(t)}; a card has 4 copies")
    return huxi, quads, used, peng, wei, melds


def _copies_error(counts, used) -> InvalidHandError:
    t = next(t for t in range(core.N_CARDS) if counts[t] + used[t] > core.MAX_COPIES)
    return InvalidHandError(f"hand and exposed melds hold {counts[t] + used[t]} copies of {card_name(t)}; "
                            "a card has 4 copies")


def _part_size(counts) -> int:
    return sum(x for x in counts if x <= 2)


# --- queries --------------------------------------------------------------------------------

def hu(hand, exposed=(), rules="paohuzi") -> int | None:
    """Best total huxi when the hand wins under ``rules``, else None.

    ``hand``: card text or 20 counts, after the winning card joined it; its triples and quads
    are taken out as 坎 (3 small / 6 big huxi) and 提 (9 / 12) first. ``exposed``: the melds on
    the table (:func:`lookup.zipai_cards.parse_meld` forms). The rest of the hand must hold 3k
    or 3k+2 cards, at most 21 (InvalidHandError otherwise); it wins when it splits into groups
    (plus one pair when 3k+2 cards; see :class:`RuleSet` for when a pair is allowed) and the
    total huxi reaches ``rules.min_huxi``.
    """
    rules = get_rules(rules)
    counts = hand_counts(hand)
    huxi, quads, used, _, _, _ = _exposed(exposed)
    trans, final, values = _table_views()
    result = core.hu_counts(trans, final, values, counts, [0] * core.N_CARDS, huxi, quads, used,
                            rules.min_huxi, rules.pair_with_quad)
    if result == core.ERR_COPIES:
        raise _copies_error(counts, used)
    if result == core.ERR_SIZE:
        raise InvalidHandError(f"hu needs a hand whose cards outside 坎/提 number 3k or 3k+2, at most 21; "
                               f"got {_part_size(counts)}")
    return None if result < 0 else result


def ting(hand, exposed=(), rules="paohuzi") -> dict[int, int]:
    """The cards whose draw makes the hand win, each with its best total huxi (by card index).

    The cards outside 坎/提 must number 3k+1 or 3k+2, at most 20. A card of which the hand
    and the melds hold all 4 copies is never drawn. A drawn card that completes a 坎 scores a
    提, one that matches an exposed 碰 a 跑 and one that matches an exposed 偎 a 提; one that
    makes three of a kind in the hand scores as a 偎 (taken out) or stays a free card inside
    the groups, whichever is better.
    """
    rules = get_rules(rules)
    counts = hand_counts(hand)
    huxi, quads, used, peng, wei, _ = _exposed(exposed)
    trans, final, values = _table_views()
    out = [0] * core.N_CARDS
    code = core.ting_counts(trans, final, values, counts, [0] * core.N_CARDS, huxi, quads, used, peng, wei,
                            rules.min_huxi, rules.pair_with_quad, out)
    if code == core.ERR_COPIES:
        raise _copies_error(counts, used)
    if code == core.ERR_SIZE:
        raise InvalidHandError(f"ting needs a hand whose cards outside 坎/提 number 3k+1 or 3k+2, at most "
                               f"20; got {_part_size(counts)}")
    return {t: h for t, h in enumerate(out) if h >= 0}


class Split(NamedTuple):
    """One split of a checked part: its huxi and its groups (sorted card-index tuples; the pair a 2-tuple)."""

    huxi: int
    groups: tuple


def decompositions(hand) -> list[Split]:
    """Every distinct split of a hand part without triples (counts 0..2), best huxi first.

    The part must hold 3k or 3k+2 cards, at most 21 (a pair exactly when 3k+2). Splits are
    read off the table's split lists: each vector's first moves name the units on its lowest
    card that leave a winning vector, so the search never meets a dead end. Equal-huxi splits
    come in the order of their sorted groups. A part that does not split gives ``[]``.
    """
    counts = hand_counts(hand)
    for t, x in enumerate(counts):
        if x > 2:
            raise InvalidHandError(f"decompositions takes a hand part without triples; it holds {x} "
                                   f"copies of {card_name(t)} (take 坎 and 提 out first)")
    size = sum(counts)
    if size % 3 == 1 or size > core.MAX_PART:
        raise InvalidHandError(f"decompositions needs 3k or 3k+2 cards, at most 21; got {size}")
    trans, final, values = _table_views()
    walk = core.walk
    if walk(trans, final, counts) < 0:
        return []
    splits = []
    groups = []
    order = [n + big for n in range(core.N_NUMBERS) for big in (0, 10)]  # lowest card first

    def search(low_prev, move_min, huxi):
        low = next((t for t in order if counts[t]), -1)
        if low < 0:
            splits.append(Split(huxi, tuple(sorted(groups))))
            return
        moves = values[walk(trans, final, counts)] >> core.MOVES_SHIFT
        for m in range(move_min if low == low_prev else 0, core.N_MOVES):
            if moves >> m & 1:
                u = core.MOVE_UNITS[low][m]
                cards = tuple(t for t in core.UNIT_CARDS[u] if t >= 0)
                for t in cards:
                    counts[t] -= 1
                groups.append(cards)
                search(low, m, huxi + core.UNIT_HUXI[u])  # a second unit on this card: same or later move
                groups.pop()
                for t in cards:
                    counts[t] += 1

    search(-1, 0, 0)
    splits.sort(key=lambda s: (-s.huxi, s.groups))
    return splits


# --- batch ----------------------------------------------------------------------------------

def batch_counts(counts) -> np.ndarray:
    """Validate the shape and dtype of a batch of hands; a C-contiguous uint8 (N, 20) array."""
    return uint8_rows(counts, core.N_CARDS, "counts", 255,
                      lambda row, _: InvalidHandError(f"row {row}: card counts must be 0..4"))


def _raise_batch_error(code: int, row: int, counts: np.ndarray, query: str) -> None:
    if code == core.ERR_COPIES:
        t = int(np.argmax(counts[row]))
        raise InvalidHandError(f"row {row}: holds {counts[row, t]} copies of {card_name(t)}; a card has 4 copies")
    if code == core.ERR_SIZE:
        sizes = "3k or 3k+2, at most 21" if query == "hu" else "3k+1 or 3k+2, at most 20"
        raise InvalidHandError(f"row {row}: {query} needs {sizes} cards outside 坎/提, got "
                               f"{_part_size(counts[row].tolist())}")
    raise AssertionError(f"unknown batch error code {code}")


def hu_batch(counts, rules="paohuzi") -> np.ndarray:
    """``hu`` of each row of an (N, 20) count array (no exposed melds): int16 best huxi or -1.

    Every row is validated before any result is returned; an error names the first bad row.
    """
    from .kernels import hu_batch as kernel

    rules = get_rules(rules)
    counts = batch_counts(counts)
    trans, final, values = _load()
    out = np.empty(counts.shape[0], np.int16)
    code, row = kernel(counts, trans, final, values, rules.min_huxi, rules.pair_with_quad, out)
    if code:
        _raise_batch_error(code, row, counts, "hu")
    return out


def ting_batch(counts, rules="paohuzi") -> np.ndarray:
    """``ting`` of each row of an (N, 20) count array (no exposed melds): int16 (N, 20), -1 = no win."""
    from .kernels import ting_batch as kernel

    rules = get_rules(rules)
    counts = batch_counts(counts)
    trans, final, values = _load()
    out = np.empty((counts.shape[0], core.N_CARDS), np.int16)
    code, row = kernel(counts, trans, final, values, rules.min_huxi, rules.pair_with_quad, out)
    if code:
        _raise_batch_error(code, row, counts, "ting")
    return out
