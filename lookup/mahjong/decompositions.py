"""Every way a winning hand splits: standard splits from the per-suit split lists, then the
special forms.

The split lists stay in the mapped table file: :class:`SplitLists` finds a suit vector's
splits by binary search over the sorted ``split_keys`` and decodes only those, per call, so
no process holds a decoded copy of every key.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .. import tables
from .encoding import (
    CLASS_PAIR,
    KNITTED_SETS,
    MASK_258,
    MAX_HAND_TILES,
    N_HONOR_KINDS,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    NO_MELD,
    ORPHANS,
    RANKS_258,
    SUIT_OFFSETS,
    suit_key,
)
from .forms.knitted import knitted_fits
from .forms.limits import suits_held
from .forms.seven_pairs import seven_pairs_hu
from .forms.standard import size_and_class
from .forms.thirteen_orphans import thirteen_orphans_hu
from .inputs import check_hand, counts_and_keys, resolve_rules
from .queries import GAME, HU_TING
from .row import HU, held_masks
from .rules import RuleSet
from .tiles import Hand

Meld = tuple[str, int]
"""("chow" | "pong", lowest tile index)."""
Split = tuple[int | None, tuple[Meld, ...]]
"""One split of a suit vector: (pair rank or None, melds as (kind, rank))."""


@dataclass(frozen=True)
class Decomposition:
    """One way a winning hand splits.

    form: "standard", "seven_pairs", "thirteen_orphans", "all_258" (将将胡),
    "knitted_honors" (全不靠), "greater_knitted_honors" (七星不靠) or "knitted_straight" (组合龙).
    pair: the pair's tile index (None for seven pairs, 将将胡 and 全不靠). melds: sorted
    ("chow" | "pong", lowest tile index) tuples (the melds besides the knitted set for
    组合龙). pairs: the tiles of the seven pairs (a kind twice when four of a kind counts as
    two). knitted: the 9 tiles of the knitted set of 组合龙 and 全不靠 (sorted).
    """

    form: str
    pair: int | None
    melds: tuple[Meld, ...] = ()
    pairs: tuple[int, ...] = ()
    knitted: tuple[int, ...] = ()


class SplitLists:
    """The split lists of one suit kind, read from the mapped CSR arrays on demand."""

    def __init__(self, keys: np.ndarray, start: np.ndarray, splits: np.ndarray, n_ranks: int):
        self.keys = keys.data  # a memoryview: bisect reads Python ints from it
        self.start = start
        self.splits = splits
        self.n_ranks = n_ranks

    def __call__(self, key: int) -> list[Split]:
        """The splits of the suit vector of ``key`` (one of the keys that split)."""
        i = bisect.bisect_left(self.keys, key)
        if i == len(self.keys) or self.keys[i] != key:
            raise KeyError(key)
        n = self.n_ranks
        rows = self.splits[int(self.start[i]):int(self.start[i + 1])].tolist()
        return [(None if pair == NO_MELD else pair,
                 tuple(("pong", c) if c < n else ("chow", c - n) for c in codes if c != NO_MELD))
                for pair, *codes in rows]


def _split_lists(t: tables.TableSet) -> tuple[SplitLists, SplitLists]:
    return tuple(SplitLists(t[f"{kind}/split_keys"], t[f"{kind}/split_start"], t[f"{kind}/splits"], n_ranks)
                 for kind, n_ranks in (("suit", N_SUIT_RANKS), ("honor", N_HONOR_KINDS)))  # type: ignore[return-value]


SPLITS = tables.TableView(GAME, _split_lists)
"""The split lists of the numbered suits and of the honors."""

_NOTHING: list[Split] = [(None, ())]
"""The one split of an empty suit."""


def standard_splits(keys: tuple[int, int, int, int] | list[int]) -> list[tuple[int, tuple[Meld, ...]]]:
    """Every (pair tile, sorted melds) of a hand whose suit keys are ``keys`` and that splits."""
    suit_splits, honor_splits = SPLITS.value or SPLITS.get()
    per_suit = [(suit_splits if s < 3 else honor_splits)(key) if key else _NOTHING for s, key in enumerate(keys)]
    out = []
    for choice in itertools.product(*per_suit):
        pair = -1
        melds: list[Meld] = []
        for offset, (p, ms) in zip(SUIT_OFFSETS, choice):
            if p is not None:
                pair = offset + p
            melds += [(kind, offset + rank) for kind, rank in ms]
        out.append((pair, tuple(sorted(melds, key=lambda m: (m[1], m[0])))))
    out.sort(key=lambda d: (d[0], [(m[1], m[0]) for m in d[1]]))
    return out


def _allowed(pair: int, melds: tuple[Meld, ...], one_suit: bool, rules: RuleSet) -> bool:
    """Whether a standard split wins under the 258 pair and its waivers."""
    return (not rules.pair_258 or pair < SUIT_OFFSETS[3] and pair % N_SUIT_RANKS in RANKS_258
            or rules.pongs_waive_258 and all(kind == "pong" for kind, _ in melds)
            or rules.one_suit_waives_258 and one_suit)


def seven_pairs_reading(counts: Sequence[int]) -> Decomposition:
    """The 七对 decomposition of 14 counts in pairs (a kind held four times is two pairs)."""
    return Decomposition("seven_pairs", None, (), tuple(t for t in range(N_TILE_KINDS) for _ in range(counts[t] // 2)))


def thirteen_orphans_reading(counts: Sequence[int]) -> Decomposition:
    """The 十三幺 decomposition of 14 counts: the orphan held twice is the pair."""
    pair = next(t for t in ORPHANS if counts[t] == 2)
    return Decomposition("thirteen_orphans", pair, (), (pair,))


def knitted_honors_reading(counts: Sequence[int], knitted: Sequence[int]) -> Decomposition:
    """The 全不靠 decomposition of 14 single counts within knitted set ``knitted``; 七星不靠 when
    it holds every honor."""
    greater = all(counts[SUIT_OFFSETS[3]:])
    form = "greater_knitted_honors" if greater else "knitted_honors"
    return Decomposition(form, None, knitted=tuple(sorted(knitted)))


def decompositions(hand: Hand, rules: str | RuleSet = "standard") -> list[Decomposition]:
    """Every distinct way a 3k+2 hand wins under ``rules``: standard splits (each multiset of
    melds once, sorted by pair then melds), then seven pairs, thirteen orphans, 将将胡,
    全不靠, 组合龙 (each 组合龙 split of the rest). [] when it does not win."""
    rules = resolve_rules(rules)
    counts, k0, k1, k2, k3 = counts_and_keys(hand)
    keys = (k0, k1, k2, k3)
    _, suit, honor, _ = HU_TING.value or HU_TING.get()
    n, classes = size_and_class((suit[keys[0]], suit[keys[1]], suit[keys[2]], honor[keys[3]]))
    check_hand(counts, n, rules, HU, "decompositions")
    if suits_held(keys) > rules.max_suits:
        return []
    out: list[Decomposition] = []
    if classes == CLASS_PAIR:
        one_suit = not keys[3] and suits_held(keys) == 1
        out += [Decomposition("standard", pair, melds) for pair, melds in standard_splits(keys)
                if _allowed(pair, melds, one_suit, rules)]
    if n == MAX_HAND_TILES:
        if rules.seven_pairs and seven_pairs_hu(counts, rules.quad_as_two_pairs, 0):
            out.append(seven_pairs_reading(counts))
        if rules.thirteen_orphans and thirteen_orphans_hu(counts, 0):
            out.append(thirteen_orphans_reading(counts))
        if rules.all_258 and not any(counts[t] for t in range(N_TILE_KINDS) if not (MASK_258 >> t) & 1):
            out.append(Decomposition("all_258", None))
        if rules.knitted_honors and max(counts) == 1:
            held = held_masks(counts)
            for i, knitted in enumerate(KNITTED_SETS):
                if knitted_fits(held, i):
                    out.append(knitted_honors_reading(counts, knitted))
    if rules.knitted_straight and n in (MAX_HAND_TILES, MAX_HAND_TILES - 3):
        for knitted in KNITTED_SETS:
            if all(counts[t] for t in knitted):
                rest = list(counts)
                for t in knitted:
                    rest[t] -= 1
                rest_keys = [suit_key(rest[o:o + size]) for o, size in zip(SUIT_OFFSETS, (9, 9, 9, 7))]
                _, rest_suit, rest_honor, _ = HU_TING.value or HU_TING.get()
                entries = (rest_suit[rest_keys[0]], rest_suit[rest_keys[1]], rest_suit[rest_keys[2]],
                           rest_honor[rest_keys[3]])
                if size_and_class(entries)[1] == CLASS_PAIR:
                    out += [Decomposition("knitted_straight", pair, melds, knitted=tuple(sorted(knitted)))
                            for pair, melds in standard_splits(rest_keys)]
    return out
