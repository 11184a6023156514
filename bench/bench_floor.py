"""The floor under the mahjong batch kernels: what reading the rows costs, and
what computing the four suit keys and reading four table entries costs, timed in the same run
and on the same rows as ``is_hu_batch``, ``ting_batch`` and ``shanten_batch``; each query as a
multiple of the keys + reads floor. Also zipai ``ting_batch`` per hand against ``hu_batch`` per
hand on the same kind of draws."""

from __future__ import annotations

import inspect

import numpy as np
from numba import njit

from tests.support import mahjong_hands as handgen

from .timing import best_rounds, fmt_time, table

SUIT_RANKS = 9
HONOR_RANKS = 7
N_SUITS = 3
POW5 = np.array([5 ** r for r in range(SUIT_RANKS)], np.int64)


@njit(nogil=True)
def read_floor(counts: np.ndarray) -> int:
    """Sum of every count of an (N, 34) uint8 array: reading each row once."""
    total = 0
    for i in range(counts.shape[0]):
        row_sum = 0
        for t in range(counts.shape[1]):
            row_sum += counts[i, t]
        total += row_sum
    return total


@njit(nogil=True)
def keys_reads_floor(counts: np.ndarray, pow5: np.ndarray, suit: np.ndarray, honor: np.ndarray) -> int:
    """Per row: the three suit keys and the honor key as independent products ``sum c[t]·5^r``
    (no Horner chain), then one uint32 read of each key's table entry; the entries are XORed so
    the reads cannot be dropped."""
    acc = 0
    for i in range(counts.shape[0]):
        c = counts[i]
        k0 = 0
        k1 = 0
        k2 = 0
        k3 = 0
        for r in range(SUIT_RANKS):
            k0 += c[r] * pow5[r]
            k1 += c[SUIT_RANKS + r] * pow5[r]
            k2 += c[2 * SUIT_RANKS + r] * pow5[r]
        for r in range(HONOR_RANKS):
            k3 += c[N_SUITS * SUIT_RANKS + r] * pow5[r]
        acc ^= suit[k0] ^ suit[k1] ^ suit[k2] ^ honor[k3]
    return acc


ROUNDS = 15
"""Rounds of the single-threaded rows (:func:`timing.best_rounds`): the floors and the query (or
zipai's hu and ting) taken in turn, so that a change of load between them does not move their
ratio; the best of each is kept. 15, not 5: with 5 rounds the keys + reads floor of the same
random rows came out anywhere from 7.6 to 12.6 ns between rows of one ``make bench`` run on this
shared VM (on 4536930), so a ratio moved with the load its few rounds met; with 15 the next run
had them within 7.5-8.7 ns. A row's rounds take milliseconds, so the ten more cost seconds."""


def _warm_rounds(runs, quick: bool) -> dict[str, float]:
    """The least wall seconds of each run of ``runs`` over :data:`ROUNDS` rounds (2 when quick),
    after one call of each (which compiles or loads its kernel)."""
    for run in runs.values():
        run()
    return {name: wall for name, (wall, _) in best_rounds(runs, 2 if quick else ROUNDS).items()}


def _random_rows(rng: np.random.Generator, n: int, n_tiles: int) -> np.ndarray:
    return np.array([handgen.random_hand(rng, n_tiles) for _ in range(n)], np.uint8)


def _server_rows(rng: np.random.Generator, n: int, n_tiles: int) -> np.ndarray:
    """Rows a game server asks about: a third winning (14 tiles) or waiting (13: a winning hand
    minus a tile), a third one tile off (one tile swapped), a third two tiles off."""
    rows = []
    for i in range(n):
        hand = handgen.winning_hand(rng)
        for _ in range(i % 3):
            hand = handgen.swap_one(rng, hand)
        if n_tiles == 13:
            hand = handgen.minus_one(rng, hand)
        rows.append(hand)
    return np.array(rows, np.uint8)


def _minus_one_each(rng: np.random.Generator, rows: np.ndarray) -> np.ndarray:
    """Each row with one of its tiles (chosen at random) taken out."""
    return np.array([handgen.minus_one(rng, row) for row in rows.tolist()], np.uint8)


def _takes_jokers(fn) -> bool:
    return "jokers" in inspect.signature(fn).parameters


def _hu_ting_entries() -> tuple[np.ndarray, np.ndarray]:
    """The hu/ting entries of the numbered suits and of the honors (what the floor reads)."""
    from lookup import tables

    tableset = tables.load("mahjong")
    return tableset["suit/hu_ting"], tableset["honor/hu_ting"]


def _mahjong_rows(quick: bool) -> tuple[list[list[str]], str]:
    from lookup import mahjong

    suit, honor = _hu_ting_entries()
    n = 50_000 if quick else 400_000
    rng = np.random.default_rng(2015)
    rows_by_kind = {
        ("random", 14): _random_rows(rng, n, 14), ("random", 13): _random_rows(rng, n, 13),
        ("server-like", 14): _server_rows(rng, n, 14), ("server-like", 13): _server_rows(rng, n, 13),
    }
    queries = [("is_hu_batch", mahjong.is_hu_batch, 14, "≤ 2×"),
               ("ting_batch", mahjong.ting_batch, 13, "≤ 3×"),
               ("shanten_batch", mahjong.shanten_batch, 14, "≤ 5×")]
    out = []
    for kind in ("random", "server-like"):
        for name, fn, n_tiles, target in queries:
            rows = rows_by_kind[(kind, n_tiles)]
            variants = [("riichi", 0, rows), ("standard", 0, rows), ("chinese", 0, rows)]
            if _takes_jokers(fn):  # one joker in place of one of the row's tiles
                variants.append(("standard", 1, _minus_one_each(rng, rows)))
            for rules, jokers, hands in variants:
                extra = {"jokers": jokers} if jokers else {}
                best = _warm_rounds({"read": lambda hands=hands: read_floor(hands),
                                     "floor": lambda hands=hands: keys_reads_floor(hands, POW5, suit, honor),
                                     "query": lambda fn=fn, hands=hands, rules=rules, extra=extra:
                                     fn(hands, rules, **extra)}, quick)
                t_read, t_floor, t = best["read"] / n, best["floor"] / n, best["query"] / n
                label = f"{name} ({rules}{', 1 joker' if jokers else ''})"
                status = target if kind == "random" and not jokers else "—"
                out.append([kind, label, fmt_time(t_read), fmt_time(t_floor), fmt_time(t),
                            f"**{t / t_floor:.1f}×**", status])
    note = (f"{n:,} rows per kind, uint8 (N, 34), seed 2015: random draws of 14 (or 13) tiles "
            "from the 136-tile wall, and server-like rows (a third winning or waiting, a third "
            "one tile off, a third two off). Targets apply single-threaded on random "
            "rows.")
    return out, note


def zipai_rows(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """(hu rows, ting rows), uint8 (N, 20): ``n`` draws of ``bench_zipai.hands``, and the same
    draws with one card taken out (ting asks of a hand one card short), kept where the part
    outside 坎/提 has a size ting takes."""
    from tests.support import zipai_hands as zh

    from .bench_zipai import hands

    hu_rows = np.array(hands(rng, n), np.uint8)
    ting_rows = np.array([zh.minus_one(rng, h) for h in hu_rows.tolist()], np.uint8)
    sizes = ting_rows.astype(np.int64).sum(axis=1)
    return hu_rows, ting_rows[(sizes % 3 != 0) & (sizes <= 20)]


def ting_one_walk_share(ting_rows: np.ndarray, rules: str = "paohuzi") -> float:
    """The share of ``ting_rows`` (uint8 (N, 20), no exposed melds) that ``ting_batch`` answers
    with at most one walk of the ting automaton of the rules' group set: the pair rule leaves
    no draw a chance, or the walk refuses the part (counts over 2 taken out as 坎/提), or the
    most huxi it labels the part with, with the 坎/提's, stays under the threshold. Numpy, one
    table read per number for all rows at once."""
    from lookup.zipai import encoding, get_rules, units

    r = get_rules(rules)
    g = encoding.VIEW.get().of(r.yiwushi)
    rows = ting_rows.astype(np.int64)
    part = np.where(rows <= encoding.MAX_PART_COPIES, rows, 0)
    size = part.sum(axis=1)
    quads = (rows == encoding.MAX_COPIES).sum(axis=1)
    case = np.arange(encoding.N_CARDS) // encoding.N_NUMBERS
    huxi = ((rows == encoding.MAX_COPIES - 1) * np.array(list(units.KAN_HUXI))[case]
            + (rows == encoding.MAX_COPIES) * np.array(list(units.TI_HUXI))[case]).sum(axis=1)
    pair_after = (size + 1) % encoding.GROUP_SIZE == encoding.PAIR_SIZE  # a joining card, 偎 or free copy
    changed_ok = ~np.bool_(r.pair_with_quad) | (pair_after == (quads > 0))
    unchanged_ok = (size % encoding.GROUP_SIZE == encoding.PAIR_SIZE) & (size <= encoding.MAX_PART)
    _, _, ting, ting_final = g.ting
    state = np.full(len(part), encoding.START, np.int64)
    for n in range(encoding.N_NUMBERS):
        symbol = encoding.COUNT_VALUES * part[:, n] + part[:, n + encoding.N_NUMBERS]
        state = ting[state * encoding.N_SYMBOLS + symbol]
    best = ting_final - state
    answered = (~changed_ok & ~unchanged_ok) | (state == encoding.DEAD) | (huxi + best < r.min_huxi)
    return float(np.mean(answered))


def _zipai_rows(quick: bool) -> tuple[list[list[str]], float]:
    from lookup import zipai

    hu_rows, ting_rows = zipai_rows(np.random.default_rng(2015), 20_000 if quick else 200_000)
    best = _warm_rounds({"hu": lambda: zipai.hu_batch(hu_rows), "ting": lambda: zipai.ting_batch(ting_rows)}, quick)
    t_hu, t_ting = best["hu"] / len(hu_rows), best["ting"] / len(ting_rows)
    return [["zipai ting_batch vs hu_batch, per hand", fmt_time(t_hu), fmt_time(t_ting),
             f"**{t_ting / t_hu:.1f}×**", "≤ 3×"]], ting_one_walk_share(ting_rows)


def _per_chunk(floor):
    """A floor kernel (rows -> one int) as a batch query for ``lookup.parallel.in_threads``:
    one answer per chunk."""
    return lambda rows: np.array([floor(rows)])


PARALLEL_ROUNDS = 15
"""Rounds of the two-thread runs (:func:`timing.best_rounds`): one call and the threaded one
taken in turn, so both see the same load; the best of each is kept. 15, as :data:`ROUNDS`: with
5, even the floor kernels (which share nothing between threads) gave 1.43x and 1.75x on two
threads in one run, the second core taken by other tenants in every round."""


def _parallel_rows(quick: bool) -> list[list[str]]:
    """The batch queries on 10M rows (random draws tiled), one call against
    ``lookup.parallel.in_threads`` with 2 threads; first the two floor kernels the same way, on
    the 14-tile rows (what the machine's second core gives a loop that only reads the rows, or
    only computes the keys and reads the entries, in this run)."""
    from lookup import mahjong, parallel

    suit, honor = _hu_ting_entries()
    rng = np.random.default_rng(2016)
    n_distinct, n = (20_000, 1_000_000) if quick else (200_000, 10_000_000)
    rows_by_size = {n_tiles: np.tile(_random_rows(rng, n_distinct, n_tiles), (n // n_distinct, 1))
                    for n_tiles in (14, 13)}
    floor = "(the machine)"
    riichi = {"rules": "riichi"}
    runs = (("read floor", _per_chunk(read_floor), 14, {}, floor),
            ("keys + reads floor", _per_chunk(lambda rows: keys_reads_floor(rows, POW5, suit, honor)), 14, {}, floor),
            ("is_hu_batch (riichi)", mahjong.is_hu_batch, 14, riichi, "≥ 1.8×"),
            ("ting_batch (riichi)", mahjong.ting_batch, 13, riichi, "≥ 1.8×"),
            ("shanten_batch (riichi)", mahjong.shanten_batch, 14, riichi, "≥ 1.8×"))
    out = []
    for name, fn, n_tiles, kwargs, target in runs:
        rows = rows_by_size[n_tiles]
        if kwargs:  # a query: the threaded answers are the plain call's
            assert np.array_equal(parallel.in_threads(fn, rows, threads=2, **kwargs), fn(rows, **kwargs))
        best = best_rounds({"one": lambda fn=fn, rows=rows, kwargs=kwargs: fn(rows, **kwargs),
                            "two": lambda fn=fn, rows=rows, kwargs=kwargs: parallel.in_threads(
                                fn, rows, threads=2, **kwargs)},
                           2 if quick else PARALLEL_ROUNDS)
        (t_one, cpu_one), (t_two, cpu_two) = best["one"], best["two"]
        out.append([name, f"{n:,}", fmt_time(t_one / n), fmt_time(t_two / n), f"**{t_one / t_two:.2f}×**",
                    f"{cpu_two / cpu_one:.2f}", target])
    return out


def run(quick: bool) -> str:
    from lookup import parallel

    mahjong_rows, note = _mahjong_rows(quick)
    zipai_table, refused = _zipai_rows(quick)
    return "\n".join([
        "## Floor of the batch kernels\n",
        "Each query against two floor kernels timed on the same rows in the same run "
        "(`bench/bench_floor.py`): reading each row and summing its 34 counts, and the four "
        "base-5 suit keys as independent products plus four uint32 table reads. The ratio is the "
        f"query's time over the keys + reads floor. Best of {ROUNDS} rounds, the two floors and the "
        "query taken in turn (zipai: hu and ting), so that a change of load on the machine moves "
        "them together.\n",
        note + "\n",
        table(mahjong_rows, ["rows", "query", "read floor", "keys + reads floor", "query",
                             "× floor", "target"]),
        table(zipai_table, ["zipai", "hu_batch", "ting_batch", "ratio", "target"]),
        f"Zipai (`paohuzi`): `ting_batch` answers {refused:.1%} of the ting draws with one walk of "
        "the ting automaton or none (`bench_floor.ting_one_walk_share`): the pair rule leaves no draw a "
        "chance, or the automaton refuses the part, or the most huxi it labels the part with stays "
        "under the threshold.\n",
        "### Two threads\n",
        "`lookup.parallel.in_threads(query, rows, threads=2)`: the rows in "
        f"{2 * parallel.CHUNKS_PER_THREAD} chunks (`parallel.CHUNKS_PER_THREAD` a thread), each taken by the next "
        "free thread, answered "
        "at once by the GIL-free kernels, against one call, per row. The two floor kernels, "
        "split the same way, show what a second core gives in this run: a query cannot scale "
        f"much past them. Best of {PARALLEL_ROUNDS} rounds, one call and the threaded one taken in "
        "turn. *CPU 2 / 1*: the process's CPU time (both threads summed) of the threaded run over "
        "the single call's, on the same rows. Near 1.00, each thread ran as fast as one alone, "
        "and a speed-up under 2× is time the threads waited for a core; above 1, the same rows "
        "took more CPU time (the threads slowed each other, or the VM charged them time it "
        "took).\n",
        table(_parallel_rows(quick), ["query", "rows", "1 thread", "2 threads", "speed-up", "CPU 2 / 1",
                                      "target"]),
    ])
