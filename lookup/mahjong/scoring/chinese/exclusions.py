"""The rules of exclusion of Chinese Official scoring, applied to the fans found in one
reading (:func:`counted_points`): 不重复 and 不拆移 from the fans each fan implies
(:data:`.fans.FANS`), 套算一次 and 不得相同 over the partitions of the four melds into the
groups counted fans join. A *fan mask* holds fans as bits of two int64 words (:func:`with_fan`).
"""

from __future__ import annotations

import numpy as np

from ....jit import jitable
from ...encoding import MAX_MELDS
from ...row import bit_count
from .fans import ALL, FAN_POINTS, FANS, N_FANS, WITHIN, Fan
from .scratch import Row


def _exclusion_matrix() -> np.ndarray:
    scope = np.zeros((N_FANS, N_FANS), np.int8)
    for rule in FANS:
        if sum(how > 0 for _, how in rule.implies) > 1:
            raise ValueError(f"{rule.name}: counted_points takes one scope by number per fan")
        for other, how in rule.implies:
            scope[rule.fan, other] = how
    return scope


EXCLUDED = _exclusion_matrix()
"""EXCLUDED[f, g]: the scope in which fan f, while counted, drops fan g (0: it does not)."""
WORD_FANS = (N_FANS + 1) // 2
"""Fans per word of a fan mask (two int64 words, each under 63 bits)."""
EXCLUDED_LOW = np.array([sum(1 << int(g) for g in np.flatnonzero(row == ALL) if g < WORD_FANS) for row in EXCLUDED],
                        np.int64)
EXCLUDED_HIGH = np.array([sum(1 << int(g - WORD_FANS) for g in np.flatnonzero(row == ALL) if g >= WORD_FANS)
                          for row in EXCLUDED], np.int64)
"""The fans each fan drops whole (scope ALL), as bits: of fans below WORD_FANS, of the rest."""
EXCLUDES_INSTANCES = ((EXCLUDED == WITHIN) | (EXCLUDED > 0)).any(axis=1)
"""The fans that drop instances of a fan (scope WITHIN or a number)."""

PAIR_FANS = (Fan.PURE_DOUBLE_CHOW, Fan.MIXED_DOUBLE_CHOW, Fan.SHORT_STRAIGHT, Fan.TWO_TERMINAL_CHOWS, Fan.DOUBLE_PUNG,
             Fan.TWO_DRAGON_PUNGS)
"""The fans of two melds, in the order 套算一次 prefers them when it must choose."""
PAIR_RANK = np.full(N_FANS, -1, np.int64)
PAIR_RANK[list(PAIR_FANS)] = np.arange(len(PAIR_FANS))
PAIR_KEY_BASE = 8
"""Base of the packed preference key of a choice of pair fans (a count per name, 0..6)."""
PAIR_WEIGHT = PAIR_KEY_BASE ** np.arange(len(PAIR_FANS) - 1, -1, -1, dtype=np.int64)
"""PAIR_WEIGHT[rank]: the digit of pair fan ``rank`` in the preference key."""


@jitable
def has_fan(low: int, high: int, fan: int) -> bool:
    """Whether fan mask (``low``, ``high``: bits of fans below WORD_FANS, then of the rest) holds ``fan``."""
    return (low >> fan) & 1 == 1 if fan < WORD_FANS else (high >> (fan - WORD_FANS)) & 1 == 1


@jitable
def with_fan(mask: tuple[int, int], fan: int) -> tuple[int, int]:
    """A fan mask (bits of fans below WORD_FANS, bits of the rest) with ``fan`` added."""
    low, high = mask
    if fan < WORD_FANS:
        return low | (1 << fan), high
    return low, high | (1 << (fan - WORD_FANS))


@jitable
def next_fan(low: int, high: int) -> tuple[int, int, int]:
    """(the lowest fan of a non-empty fan mask, the mask without it)."""
    if low:
        bit = low & -low
        return bit_count(bit - 1), low ^ bit, high
    bit = high & -high
    return WORD_FANS + bit_count(bit - 1), low, high ^ bit


def _partitions() -> list[tuple[int, ...]]:
    """Every partition of the melds into groups, as group labels in order of first use."""
    found: list[tuple[int, ...]] = []

    def grow(labels: tuple[int, ...]) -> None:
        if len(labels) == MAX_MELDS:
            found.append(labels)
            return
        for label in range(max(labels) + 2):
            grow(labels + (label,))

    grow((0,))
    return found


def _joined() -> np.ndarray:
    """JOINED[p, where]: the partition after joining the groups of the melds of ``where`` in
    partition p, or -1 when two of those melds are in one group already."""
    partitions = _partitions()
    index = {labels: i for i, labels in enumerate(partitions)}
    joined = np.full((len(partitions), 1 << MAX_MELDS), -1, np.int64)
    for p, labels in enumerate(partitions):
        for where in range(1 << MAX_MELDS):
            groups = [labels[m] for m in range(MAX_MELDS) if (where >> m) & 1]
            if len(set(groups)) < len(groups):
                continue
            merged = [groups[0] if groups and label in groups else label for label in labels]
            order = {label: i for i, label in enumerate(dict.fromkeys(merged))}
            joined[p, where] = index[tuple(order[label] for label in merged)]
    return joined


JOINED = _joined()
"""Partitions of the melds into groups joined by counted fans (套算一次: melds combine once)."""
APART = _partitions().index(tuple(range(MAX_MELDS)))
"""The partition of melds not yet joined."""
MELD_COUNT = np.array([bin(where).count("1") for where in range(1 << MAX_MELDS)], np.int64)
EXCLUDERS_LOW = sum(1 << int(f) for f in np.flatnonzero(EXCLUDED.any(axis=1)) if f < WORD_FANS)
EXCLUDERS_HIGH = sum(1 << int(f - WORD_FANS) for f in np.flatnonzero(EXCLUDED.any(axis=1)) if f >= WORD_FANS)
"""The fans that exclude any, as a fan mask (bits of fans below WORD_FANS, then of the rest)."""


@jitable
def drop_instances(fan, where_of_fan, work, n) -> None:
    """Drops the instances fan ``fan``, found on melds ``where_of_fan``, excludes in scope
    WITHIN (those on its melds only) or by number (the first ones)."""
    found_fan, found_where, alive = work[Row.FAN], work[Row.WHERE], work[Row.ALIVE]
    taken = 0
    for j in range(n):
        scope = EXCLUDED[fan, found_fan[j]]
        if scope == WITHIN:
            where = found_where[j]
            if where != 0 and where & ~where_of_fan == 0:
                alive[j] = False
        elif scope > 0 and alive[j]:
            if taken < scope:
                alive[j] = False
            taken += 1


@jitable
def counted_points(work, n, whole, hogs) -> tuple[int, tuple[int, int]]:
    """Applies the rules of exclusion to the fans found: ``n`` of melds (work rows ``FAN``,
    ``WHERE``; row ``ALIVE`` receives whether each counts) and those of the whole hand (fan
    mask ``whole``; 四归一 ``hogs`` times). Returns (the points counted, flowers aside; the fans
    of the whole hand counted).

    1. 不重复/不拆移: in table order, each fan still counted drops what :data:`EXCLUDED` says.
    2. 套算一次: a fan of three or four melds counts once per group of melds it joins (in table
       order); of the fans of two melds, the choice that joins the most melds not yet joined,
       no meld twice in fans of one name (不得相同), then the most names, then
       :data:`PAIR_FANS` order.
    3. 无番和 only when nothing else counts.
    """
    found_fan, found_where, alive, chosen = work[Row.FAN], work[Row.WHERE], work[Row.ALIVE], work[Row.CHOSEN]
    present_low, present_high = whole
    for i in range(n):
        alive[i] = True
        present_low, present_high = with_fan((present_low, present_high), found_fan[i])
    killed_low = killed_high = 0
    excluders_low, excluders_high = present_low & EXCLUDERS_LOW, present_high & EXCLUDERS_HIGH
    while excluders_low or excluders_high:  # in table order
        fan, excluders_low, excluders_high = next_fan(excluders_low, excluders_high)
        if has_fan(killed_low, killed_high, fan):
            continue
        killed_low |= EXCLUDED_LOW[fan]
        killed_high |= EXCLUDED_HIGH[fan]
        if EXCLUDES_INSTANCES[fan]:  # scopes WITHIN and by number act on instances
            sources = 0
            for i in range(n):
                if found_fan[i] == fan:
                    drop_instances(fan, found_where[i], work, n)
                    sources += 1
            if sources == 0:  # a fan of the whole hand
                drop_instances(fan, 0, work, n)
    n_sets = 0
    for i in range(n):
        if has_fan(killed_low, killed_high, found_fan[i]):
            alive[i] = False
        elif alive[i] and MELD_COUNT[found_where[i]] >= 3:
            j = n_sets  # kept in table order (stable)
            while j > 0 and found_fan[chosen[j - 1]] > found_fan[i]:
                chosen[j] = chosen[j - 1]
                j -= 1
            chosen[j] = i
            n_sets += 1
    partition = APART
    for k in range(n_sets):
        joined = JOINED[partition, found_where[chosen[k]]]
        if joined < 0:
            alive[chosen[k]] = False
        else:
            partition = joined
    n_pairs = 0
    for i in range(n):
        if alive[i] and PAIR_RANK[found_fan[i]] >= 0:
            chosen[n_pairs] = i
            n_pairs += 1
    if n_pairs:
        best_key = -1
        best_choice = 0
        for choice in range((1 << n_pairs) - 1, -1, -1):  # every pair fan first: it is best when it fits
            joined = partition
            per_name = 0  # 4 bits of melds per pair fan
            counts = 0  # a count per pair fan, PAIR_FANS order from the top digit
            names = 0  # a bit per pair fan counted
            for b in range(n_pairs):
                if (choice >> b) & 1:
                    i = chosen[b]
                    name = PAIR_RANK[found_fan[i]]
                    where = found_where[i]
                    joined = JOINED[joined, where]
                    if joined < 0 or (per_name >> (MAX_MELDS * name)) & where:
                        joined = -1
                        break
                    per_name |= where << (MAX_MELDS * name)
                    counts += PAIR_WEIGHT[name]
                    names |= 1 << name
            if joined >= 0:
                if choice == (1 << n_pairs) - 1:
                    best_choice = choice
                    break
                key = (bit_count(choice) * PAIR_KEY_BASE + bit_count(names)) * PAIR_KEY_BASE ** len(PAIR_FANS) + counts
                if key > best_key:
                    best_key = key
                    best_choice = choice
        for b in range(n_pairs):
            alive[chosen[b]] = (best_choice >> b) & 1 == 1
    points = 0
    for i in range(n):
        if alive[i]:
            points += FAN_POINTS[found_fan[i]]
    kept_low, kept_high = whole[0] & ~killed_low, whole[1] & ~killed_high
    others = points > 0
    low, high = kept_low, kept_high
    while low or high:
        fan, low, high = next_fan(low, high)
        if fan != Fan.CHICKEN_HAND:
            points += (hogs if fan == Fan.TILE_HOG else 1) * FAN_POINTS[fan]
            others = True
    if has_fan(kept_low, kept_high, Fan.CHICKEN_HAND):
        if others:
            chicken_low, chicken_high = with_fan((0, 0), Fan.CHICKEN_HAND)
            kept_low, kept_high = kept_low & ~chicken_low, kept_high & ~chicken_high
        else:
            points += FAN_POINTS[Fan.CHICKEN_HAND]
    return points, (kept_low, kept_high)
