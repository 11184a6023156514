"""Every way a winning hand splits: standard splits from the per-suit split lists, then the
special forms (SPEC §2)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from .. import tables
from .encoding import (
    CLASS_PAIR,
    MAX_HAND_TILES,
    N_HONOR_KINDS,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    NO_MELD,
    ORPHANS,
    SUIT_OFFSETS,
)
from .hand import HU, seven_pairs_hu, size_and_class, thirteen_orphans_hu
from .inputs import check_hand, counts_and_keys, resolve_rules
from .queries import GAME, HU_TING
from .rules import RuleSet
from .tiles import Hand

Meld = tuple[str, int]
"""("chow" | "pong", lowest tile index)."""
Split = tuple[int | None, tuple[Meld, ...]]
"""One split of a suit vector: (pair rank or None, melds as (kind, rank))."""


@dataclass(frozen=True)
class Decomposition:
    """One way a winning hand splits.

    form: "standard", "seven_pairs" or "thirteen_orphans". pair: the pair's tile index
    (None for seven pairs). melds: sorted ("chow" | "pong", lowest tile index) tuples.
    pairs: the tiles of the seven pairs (a kind twice when four of a kind counts as two).
    """

    form: str
    pair: int | None
    melds: tuple[Meld, ...] = ()
    pairs: tuple[int, ...] = ()


def _split_lists(t: tables.TableSet) -> tuple[dict[int, tuple[Split, ...]], dict[int, tuple[Split, ...]]]:
    """Per suit kind (numbered, honor): {key: the splits of that suit vector}."""
    out = []
    for kind, n_ranks in (("suit", N_SUIT_RANKS), ("honor", N_HONOR_KINDS)):
        keys = t[f"{kind}/split_keys"].tolist()
        start = t[f"{kind}/split_start"].tolist()
        rows = t[f"{kind}/splits"].tolist()
        decoded: list[Split] = [
            (None if pair == NO_MELD else pair,
             tuple(("pong", c) if c < n_ranks else ("chow", c - n_ranks) for c in codes if c != NO_MELD))
            for pair, *codes in rows]
        out.append({key: tuple(decoded[start[i]:start[i + 1]]) for i, key in enumerate(keys)})
    return out[0], out[1]


SPLITS = tables.TableView(GAME, _split_lists)
"""The split lists of the numbered suits and of the honors, decoded once."""

_NOTHING: tuple[Split, ...] = ((None, ()),)
"""The one split of an empty suit."""


def decompositions(hand: Hand, rules: str | RuleSet = "standard") -> list[Decomposition]:
    """Every distinct way a 3k+2 hand wins under ``rules``: standard splits (each multiset of
    melds once, sorted by pair then melds), then seven pairs, then thirteen orphans. [] when it
    does not win."""
    rules = resolve_rules(rules)
    counts, *keys = counts_and_keys(hand)
    _, _, suit, honor = HU_TING.value or HU_TING.get()
    n, classes = size_and_class(suit[keys[0]], suit[keys[1]], suit[keys[2]], honor[keys[3]])
    check_hand(counts, n, rules, HU, "decompositions")
    out: list[Decomposition] = []
    if classes == CLASS_PAIR:
        suit_splits, honor_splits = SPLITS.value or SPLITS.get()
        per_suit = [(suit_splits if s < 3 else honor_splits)[key] if key else _NOTHING for s, key in enumerate(keys)]
        for choice in itertools.product(*per_suit):
            pair = None
            melds: list[Meld] = []
            for offset, (p, ms) in zip(SUIT_OFFSETS, choice):
                if p is not None:
                    pair = offset + p
                melds += [(kind, offset + rank) for kind, rank in ms]
            out.append(Decomposition("standard", pair, tuple(sorted(melds, key=lambda m: (m[1], m[0])))))
        out.sort(key=lambda d: (d.pair, [(m[1], m[0]) for m in d.melds]))
    if n == MAX_HAND_TILES:
        if rules.seven_pairs and seven_pairs_hu(counts, rules.quad_as_two_pairs, 0):
            pairs = tuple(t for t in range(N_TILE_KINDS) for _ in range(counts[t] // 2))
            out.append(Decomposition("seven_pairs", None, (), pairs))
        if rules.thirteen_orphans and thirteen_orphans_hu(counts):
            pair = next(t for t in ORPHANS if counts[t] == 2)
            out.append(Decomposition("thirteen_orphans", pair, (), (pair,)))
    return out
