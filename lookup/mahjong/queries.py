"""Mahjong queries answered from the per-suit tables (SPEC §2).

A *hand* is text in any notation of :mod:`lookup.tiles`, a sequence of 34 counts, or a
sequence of tile indices. Batch forms take a ``(N, 34)`` integer array of counts.

Hu and ting of a standard hand cost one table look-up per suit: the four suit vectors'
entries are combined (:mod:`lookup._mahjong_core`); seven pairs and thirteen orphans are
checked by their rules. Ting never lists a kind the hand already holds 4 of. ``jokers``
wildcards (0..8, each any tile, a fifth copy included) apply to standard hands and seven
pairs. Shanten and discard advice combine per-suit shanten entries in compiled kernels
(:mod:`lookup._mahjong_shanten`); decompositions combine per-suit split lists.
"""

from __future__ import annotations

import itertools
import operator
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from .. import tables
from ..arrays import uint8_rows
from ..errors import InvalidHandError
from . import hand as core
from .encoding import CLASS_PAIR, MAX_HAND_TILES, MAX_JOKERS, N_TILE_KINDS
from .rules import PRESETS, RuleSet, get_rules
from .tiles import hand_counts, tile_name

__all__ = [
    "is_hu", "ting", "ting_mask", "is_hu_batch", "ting_batch", "shanten", "shanten_batch",
    "decompositions", "Decomposition", "discard_advice", "Advice", "mask_to_tiles", "RuleSet",
]

GAME = "mahjong"

_entries = None  # (suit, honor) hu/ting entries: numpy arrays for batch, memoryviews for scalars
_jokers = None  # the same for the joker entries


def _suit_pair(dataset: str) -> tuple:
    """(suit array, honor array, their memoryviews) of ``suit/<dataset>`` and ``honor/<dataset>``.

    Memoryview indexing gives Python ints, which the scalar queries combine fastest.
    """
    t = tables.load(GAME, (f"suit/{dataset}", f"honor/{dataset}"))
    suit, honor = t[f"suit/{dataset}"], t[f"honor/{dataset}"]
    return suit, honor, memoryview(suit), memoryview(honor)


def _hu_ting_tables():
    global _entries
    if _entries is None:
        _entries = _suit_pair("hu_ting")
    return _entries


def _joker_tables():
    global _jokers
    if _jokers is None:
        _jokers = _suit_pair("jokers")
    return _jokers


_shanten = None  # (suit entries, honor entries, batch kernel, discard kernel), set on first use


def _shanten_state():
    global _shanten
    if _shanten is None:
        from . import shanten_kernels as kernels

        t = tables.load(GAME, ("suit/shanten", "honor/shanten"))
        _shanten = (t["suit/shanten"], t["honor/shanten"], kernels.shanten_batch, kernels.discard_advice)
    return _shanten


_BASE5_DIGITS = bytes.maketrans(b"\0\1\2\3\4", b"01234")
"""Maps each count byte 0..4 to its base-5 digit character."""


def _counts_and_keys(hand) -> tuple:
    """(counts, the four suit keys) of a hand whose counts are valid (size not checked).

    The base-5 keys are parsed by ``int(..., 5)`` from the counts' digit characters, which
    costs less than arithmetic in Python. A list of 34 counts takes a short path; a count
    over 4 then fails the parse and :func:`hand_counts` raises the precise error.
    """
    if hand.__class__ is list and len(hand) == N_TILE_KINDS:
        try:
            counts = bytes(hand)
            d = counts.translate(_BASE5_DIGITS)
            return counts, int(d[8::-1], 5), int(d[17:8:-1], 5), int(d[26:17:-1], 5), int(d[33:26:-1], 5)
        except (TypeError, ValueError):
            pass  # hand_counts below names the problem
    counts = hand_counts(hand)
    d = counts.translate(_BASE5_DIGITS)
    return counts, int(d[8::-1], 5), int(d[17:8:-1], 5), int(d[26:17:-1], 5), int(d[33:26:-1], 5)


def _sizes(remainder: int) -> str:
    return ", ".join(str(3 * k + remainder) for k in range(5))


def _check_hand(counts: bytes, n: int, rules: RuleSet, remainder: int, query: str, jokers: int = 0) -> None:
    """Refuse a hand of the wrong size (jokers included) or with honors where there are none."""
    if (n + jokers) % 3 != remainder or n + jokers > MAX_HAND_TILES - 2 + remainder:
        got = f"{n} tile{'s' * (n != 1)} and {jokers} joker{'s' * (jokers != 1)}" if jokers else str(n)
        raise InvalidHandError(f"{query} needs a hand of {_sizes(remainder)} tiles"
                               f"{' (jokers included)' if jokers else ''}, got {got}")
    _check_honors(counts, rules)


def _check_honors(counts: bytes, rules: RuleSet) -> None:
    if not rules.honors and counts[27:].strip(b"\0"):
        tile = next(t for t in range(27, N_TILE_KINDS) if counts[t])
        raise InvalidHandError(f"rule set {rules.name!r} has no honor tiles, hand holds {tile_name(tile)}")


def _check_jokers(jokers) -> int:
    if jokers.__class__ is not int:
        if isinstance(jokers, bool) or not isinstance(jokers, (int, np.integer)):
            raise InvalidHandError(f"jokers must be an integer 0..{MAX_JOKERS}, got {jokers!r}")
        jokers = int(jokers)
    if not 0 <= jokers <= MAX_JOKERS:
        raise InvalidHandError(f"jokers must be 0..{MAX_JOKERS}, got {jokers}")
    return jokers


_orphan_counts = operator.itemgetter(*core.ORPHANS)
_new_tuple = tuple.__new__  # builds a NamedTuple without its Python-level __new__


def _rules(rules) -> RuleSet:
    preset = PRESETS.get(rules) if rules.__class__ is str else None
    return preset or get_rules(rules)


# --- hu and ting ---------------------------------------------------------------------------

def is_hu(hand, rules="standard", jokers: int = 0) -> bool:
    """Whether a 3k+2 hand (k = 0..4, jokers included) is a winning hand under ``rules``."""
    rules = _rules(rules)
    counts, k0, k1, k2, k3 = _counts_and_keys(hand)
    _, _, suit, honor = _entries or _hu_ting_tables()
    n, classes = core.size_and_class(suit[k0], suit[k1], suit[k2], honor[k3])
    if jokers:
        jokers = _check_jokers(jokers)
        _check_hand(counts, n, rules, 2, "hu", jokers)
        _, _, suit_j, honor_j = _jokers or _joker_tables()
        if core.joker_hu(suit_j[k0], suit_j[k1], suit_j[k2], honor_j[k3], jokers):
            return True
        return bool(rules.seven_pairs and n + jokers == MAX_HAND_TILES
                    and core.seven_pairs_hu(counts, rules.quad_as_two_pairs, jokers))
    if n % 3 != 2 or n > MAX_HAND_TILES or not rules.honors:
        _check_hand(counts, n, rules, 2, "hu")
    if classes == CLASS_PAIR:
        return True
    if n != MAX_HAND_TILES:
        return False
    # 14 tiles: the special forms read off the count histogram (bytes.count runs at C speed)
    if rules.seven_pairs and not counts.count(1) and not counts.count(3):
        if rules.quad_as_two_pairs or counts.count(2) == 7:  # all even: 7 pairs of some kind
            return True
    return bool(rules.thirteen_orphans and counts.count(1) == 12 and 0 not in _orphan_counts(counts))


def ting_mask(hand, rules="standard", jokers: int = 0) -> int:
    """Waits of a 3k+1 hand (jokers included) as a bit mask over the 34 tile indices."""
    rules = _rules(rules)
    counts, k0, k1, k2, k3 = _counts_and_keys(hand)
    _, _, suit, honor = _entries or _hu_ting_tables()
    e0, e1, e2, e3 = suit[k0], suit[k1], suit[k2], honor[k3]
    n = core.size_and_class(e0, e1, e2, e3)[0]
    if jokers:
        jokers = _check_jokers(jokers)
        _check_hand(counts, n, rules, 1, "ting", jokers)
        _, _, suit_j, honor_j = _jokers or _joker_tables()
        opens = [sum(1 << r for r in range(size) if counts[offset + r] < 4)
                 for offset, size in ((0, 9), (9, 9), (18, 9), (27, 7))]
        mask = core.joker_waits(suit_j[k0], suit_j[k1], suit_j[k2], honor_j[k3], *opens, jokers)
        if rules.seven_pairs and n + jokers == MAX_HAND_TILES - 1:
            mask |= core.seven_pairs_waits(counts, rules.quad_as_two_pairs, jokers)
        return mask
    if n % 3 != 1 or n > MAX_HAND_TILES - 1 or not rules.honors:
        _check_hand(counts, n, rules, 1, "ting")
    mask = core.standard_waits(e0, e1, e2, e3)
    if n == MAX_HAND_TILES - 1:
        if rules.seven_pairs and counts.count(1) + counts.count(3) == 1:
            mask |= core.seven_pairs_waits(counts, rules.quad_as_two_pairs, 0)
        if rules.thirteen_orphans and counts.count(1) >= 11:
            mask |= core.thirteen_orphans_waits(counts)
    return mask


def ting(hand, rules="standard", jokers: int = 0) -> list[int]:
    """Waits of a 3k+1 hand (k = 0..4): sorted tile indices t such that hand + t wins."""
    return mask_to_tiles(ting_mask(hand, rules, jokers))


def mask_to_tiles(mask: int) -> list[int]:
    """Tile indices of the set bits of a 34-bit wait mask."""
    return list(_mask_tuple(int(mask)))


# --- batch forms -----------------------------------------------------------------------------

def batch_counts(counts) -> np.ndarray:
    """Validate the shape and dtype of a batch of hands; returns a C-contiguous uint8 (N, 34) array."""
    return uint8_rows(counts, N_TILE_KINDS, "counts", 255,
                      lambda row, _: InvalidHandError(f"row {row}: tile counts must be 0..4"))


def _batch_jokers(jokers, n_rows: int):
    """None when no row has jokers, else a uint8 array of N joker counts (validated)."""
    if np.ndim(jokers) == 0:
        count = _check_jokers(jokers.item() if isinstance(jokers, np.ndarray) else jokers)
        return np.full(n_rows, count, np.uint8) if count else None
    array = np.asarray(jokers)
    if array.shape != (n_rows,) or not np.issubdtype(array.dtype, np.integer):
        raise InvalidHandError(f"jokers must be an int or an integer array of shape ({n_rows},), "
                               f"got shape {array.shape} dtype {array.dtype}")
    bad = np.flatnonzero((array < 0) | (array > MAX_JOKERS))
    if bad.size:
        raise InvalidHandError(f"row {bad[0]}: jokers must be 0..{MAX_JOKERS}, got {array[bad[0]]}")
    return array.astype(np.uint8) if array.any() else None


def _raise_batch_error(code: int, row: int, counts: np.ndarray, rules: RuleSet, sizes: str,
                       jokers=None) -> None:
    from .kernels import ERR_COPIES, ERR_HONORS, ERR_SIZE

    if code == ERR_COPIES:
        tile = int(np.argmax(counts[row]))
        raise InvalidHandError(f"row {row}: holds {counts[row, tile]} copies of {tile_name(tile)}; "
                               "a tile has 4 copies")
    if code == ERR_SIZE:
        got = f"{int(counts[row].sum())}"
        if jokers is not None:
            got += f" tiles and {int(jokers[row])} jokers"
        raise InvalidHandError(f"row {row}: needs {sizes} tiles, got {got}")
    if code == ERR_HONORS:
        raise InvalidHandError(f"row {row}: rule set {rules.name!r} has no honor tiles")
    raise AssertionError(f"unknown batch error code {code}")


def _rule_flags(rules: RuleSet) -> tuple:
    return (rules.seven_pairs, rules.quad_as_two_pairs, rules.thirteen_orphans, rules.honors)


def _run_batch(counts, rules, jokers, out_dtype, plain_kernel, joker_kernel, remainder):
    rules = get_rules(rules)
    counts = batch_counts(counts)
    jokers = _batch_jokers(jokers, counts.shape[0])
    out = np.empty(counts.shape[0], out_dtype)
    if jokers is None:
        suit, honor, _, _ = _hu_ting_tables()
        code, row = plain_kernel(counts, suit, honor, *_rule_flags(rules), out)
    else:
        suit, honor, _, _ = _joker_tables()
        code, row = joker_kernel(counts, jokers, suit, honor, *_rule_flags(rules), out)
    if code:
        _raise_batch_error(code, row, counts, rules, _sizes(remainder), jokers)
    return out


def is_hu_batch(counts, rules="standard", jokers=0) -> np.ndarray:
    """``is_hu`` of each row of an ``(N, 34)`` count array; bool array of shape (N,).

    ``jokers`` is one int for every row or an array of N. Every row is validated before any
    result is returned.
    """
    from .kernels import hu_batch, hu_batch_jokers

    return _run_batch(counts, rules, jokers, np.bool_, hu_batch, hu_batch_jokers, 2)


def ting_batch(counts, rules="standard", jokers=0) -> np.ndarray:
    """``ting`` of each row of an ``(N, 34)`` count array as uint64 masks (bit t: tile t waits)."""
    from .kernels import ting_batch as plain
    from .kernels import ting_batch_jokers

    return _run_batch(counts, rules, jokers, np.uint64, plain, ting_batch_jokers, 1)


# --- shanten ---------------------------------------------------------------------------------

def shanten_batch(counts, rules="riichi") -> np.ndarray:
    """Shanten of each row of an ``(N, 34)`` count array (3k+1 or 3k+2 tiles, k <= 4); int8 (N,).

    -1 is a complete hand, 0 tenpai. Under ``riichi`` it equals xiangting's
    ``calculate_replacement_number(...) - 1``: no target uses a fifth copy of a kind.
    """
    rules = get_rules(rules)
    counts = batch_counts(counts)
    suit, honor, kernel, _ = _shanten or _shanten_state()
    out = np.empty(counts.shape[0], np.int8)
    code, row = kernel(counts, suit, honor, *_rule_flags(rules), out)
    if code:
        from .shanten_kernels import ERR_SIZE

        if code == ERR_SIZE:
            raise InvalidHandError(f"row {row}: shanten needs 1..14 tiles, not a multiple of 3, "
                                   f"got {int(counts[row].sum())}")
        _raise_batch_error(code, row, counts, rules, "")
    return out


def shanten(hand, rules="riichi") -> int:
    """Shanten of a 3k+1 or 3k+2 hand: -1 complete, 0 tenpai, ... (see :func:`shanten_batch`)."""
    rules = _rules(rules)
    counts = hand_counts(hand)
    n = sum(counts)
    if n % 3 == 0 or n > MAX_HAND_TILES:
        raise InvalidHandError(f"shanten needs a hand of 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 tiles, got {n}")
    _check_honors(counts, rules)
    # a writable row, so the batch kernel's one compiled signature serves it
    row = np.frombuffer(bytearray(counts), np.uint8).reshape(1, N_TILE_KINDS)
    return int(shanten_batch(row, rules)[0])


# --- decompositions ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Decomposition:
    """One way a winning hand splits.

    form: "standard", "seven_pairs" or "thirteen_orphans". pair: the pair's tile index
    (None for seven pairs). melds: sorted ("chow" | "pong", lowest tile index) tuples.
    pairs: the tiles of the seven pairs (a kind twice when four of a kind counts as two).
    """

    form: str
    pair: int | None
    melds: tuple = ()
    pairs: tuple = ()


_split_lists = None


def _suit_splits():
    """Per suit kind: {key: tuple of (pair rank or None, ((kind, rank), ...))}, built once."""
    global _split_lists
    if _split_lists is None:
        t = tables.load(GAME)
        out = []
        for kind, n_ranks in (("suit", 9), ("honor", 7)):
            keys = t[f"{kind}/split_keys"].tolist()
            start = t[f"{kind}/split_start"].tolist()
            rows = t[f"{kind}/splits"].tolist()
            decoded = [(None if pair == 255 else pair,
                        tuple(("pong", c) if c < n_ranks else ("chow", c - n_ranks) for c in codes if c != 255))
                       for pair, *codes in rows]
            out.append({key: tuple(decoded[start[i]:start[i + 1]]) for i, key in enumerate(keys)})
        _split_lists = tuple(out)
    return _split_lists


def decompositions(hand, rules="standard") -> list[Decomposition]:
    """Every distinct way a 3k+2 hand wins under ``rules``: standard splits (each multiset of
    melds once, sorted by pair then melds), then seven pairs, then thirteen orphans. [] when it
    does not win."""
    rules = _rules(rules)
    counts, *keys = _counts_and_keys(hand)
    _, _, suit, honor = _entries or _hu_ting_tables()
    entries = (suit[keys[0]], suit[keys[1]], suit[keys[2]], honor[keys[3]])
    n, classes = core.size_and_class(*entries)
    _check_hand(counts, n, rules, 2, "decompositions")
    out = []
    if classes == CLASS_PAIR:
        suit_splits, honor_splits = _suit_splits()
        per_suit = [suit_splits[keys[0]] if keys[0] else ((None, ()),),
                    suit_splits[keys[1]] if keys[1] else ((None, ()),),
                    suit_splits[keys[2]] if keys[2] else ((None, ()),),
                    honor_splits[keys[3]] if keys[3] else ((None, ()),)]
        for choice in itertools.product(*per_suit):
            pair = None
            melds = []
            for s, (p, ms) in enumerate(choice):
                if p is not None:
                    pair = 9 * s + p
                melds += [(kind, 9 * s + rank) for kind, rank in ms]
            out.append(Decomposition("standard", pair, tuple(sorted(melds, key=lambda m: (m[1], m[0])))))
        out.sort(key=lambda d: (d.pair, [(m[1], m[0]) for m in d.melds]))
    if n == MAX_HAND_TILES:
        if rules.seven_pairs and core.seven_pairs_hu(counts, rules.quad_as_two_pairs, 0):
            pairs = tuple(t for t in range(N_TILE_KINDS) for _ in range(counts[t] // 2))
            out.append(Decomposition("seven_pairs", None, (), pairs))
        if rules.thirteen_orphans and core.thirteen_orphans_hu(counts):
            pair = next(t for t in core.ORPHANS if counts[t] == 2)
            out.append(Decomposition("thirteen_orphans", pair, (), (pair,)))
    return out


# --- discard advice ----------------------------------------------------------------------------

class Advice(NamedTuple):
    """One discard of a 3k+2 hand: the shanten after it, and the tiles that would lower that
    shanten with their unseen copies (the held tiles, the discard included, count as seen).

    ``waits`` (sorted tile indices) is read from ``wait_mask`` (bit t: tile t) on access.
    """

    discard: int
    shanten: int
    count: int
    wait_mask: int

    @property
    def waits(self) -> tuple:
        return _mask_tuple(self.wait_mask)

    def __repr__(self) -> str:
        return (f"Advice(discard={self.discard}, shanten={self.shanten}, waits={self.waits}, "
                f"count={self.count})")


def discard_advice(hand, rules="riichi") -> list[Advice]:
    """Every distinct discard of a 3k+2 hand, best first: lower shanten, then more unseen
    copies of the waits, then lower tile index."""
    rules = _rules(rules)
    counts = hand_counts(hand)
    _check_hand(counts, sum(counts), rules, 2, "discard advice")
    suit, honor, _, kernel = _shanten or _shanten_state()
    out = np.empty(4 * MAX_HAND_TILES, np.int64)
    bits = rules.seven_pairs | rules.quad_as_two_pairs << 1 | rules.thirteen_orphans << 2 | rules.honors << 3
    n = kernel(np.frombuffer(counts, np.uint8), suit, honor, bits, out)
    rows = out[:4 * n].tolist()
    return [_new_tuple(Advice, rows[i:i + 4]) for i in range(0, 4 * n, 4)]


_SUIT_TILES = tuple(tuple(tuple(offset + r for r in range(9) if bits >> r & 1) for bits in range(512))
                    for offset in (0, 9, 18, 27))
"""_SUIT_TILES[s][bits]: the tile indices of suit s whose ranks are set in a 9-bit mask."""


def _mask_tuple(mask: int) -> tuple:
    """Sorted tile indices of a 34-bit mask, by four look-ups of per-suit tuples."""
    m, p, s, z = _SUIT_TILES
    return m[mask & 511] + p[mask >> 9 & 511] + s[mask >> 18 & 511] + z[mask >> 27]
