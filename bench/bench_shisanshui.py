"""Shisanshui: 5-card ranks against eval7, phevaluator and treys; best arrangement against a
plain brute force with eval7; arrangements per hand; table generation and load; the 5-card key."""

from __future__ import annotations

import time
from collections import Counter
from itertools import chain, combinations
from math import comb

import numpy as np
from numba import njit

from lookup.jit import register_jitables
from lookup.shisanshui import encoding
from tests.support import shisanshui_hands as cardgen  # the seeded hand generators the tests use

from .timing import best_of, fmt_time, generation_seconds, load_seconds, per_call, table

register_jitables()  # _hash_batch compiles in the 5-card key of lookup.shisanshui.encoding

EVAL7_NAMES = [r + s for r in "23456789TJQKA" for s in "shcd"]  # our card index -> eval7 text


def _same_order(ours: np.ndarray, peer: np.ndarray, higher_is_stronger: bool) -> bool:
    """Whether two rankings of the same hands agree on every comparison."""
    peer = np.asarray(peer, np.int64) * (1 if higher_is_stronger else -1)
    order = np.argsort(ours, kind="stable")
    a, b = ours[order], peer[order]
    same = a[1:] == a[:-1]
    return bool(np.all((b[1:] == b[:-1])[same]) and np.all((b[1:] > b[:-1])[~same]))


# --- the brute force the best arrangement is compared with ------------------------------------

def _front_key(cards) -> tuple:
    """(category 0 high card / 1 pair / 3 trips, ranks by group size then rank)."""
    counts = Counter(c >> 2 for c in cards)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    category = {1: 0, 2: 1, 3: 3}[groups[0][1]]
    return category, tuple(r for r, _ in groups)


def _middle_key(cards, value: int) -> tuple:
    """A 5-card hand's key comparable with _front_key: eval7's category, then rank groups."""
    counts = Counter(c >> 2 for c in cards)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return value >> 24, tuple(r for r, _ in groups)


def brute_force_best(hand: list, evaluate, to_eval7) -> tuple:
    """The strongest legal split by trying all 72,072: (back value, middle value, front key, split).

    A-2-3-4-5 is the lowest straight here (eval7's order), so paibiao is run with the
    ``a5_lowest`` rules for the comparison; the search is the same for either order.
    """
    best = None
    for back in combinations(hand, 5):
        vb = evaluate([to_eval7[c] for c in back])
        rest = [c for c in hand if c not in back]
        for middle in combinations(rest, 5):
            vm = evaluate([to_eval7[c] for c in middle])
            if vm > vb:
                continue
            front = [c for c in rest if c not in middle]
            kf = _front_key(front)
            if kf[0] > vm >> 24 or (kf[0] == vm >> 24 and kf[1] > _middle_key(middle, vm)[1]):
                continue  # fouled: the front beats the middle
            key = (vb, vm, kf)
            if best is None or key > best[:3]:
                best = (vb, vm, kf, (front, list(middle), list(back)))
    return best


# --- key encodings ---------------------------------------------------------------------------------

@njit(nogil=True)
def _colex_batch(cards, binom, table, out):
    for i in range(cards.shape[0]):
        a = np.int64(cards[i, 0])
        b = np.int64(cards[i, 1])
        c = np.int64(cards[i, 2])
        d = np.int64(cards[i, 3])
        e = np.int64(cards[i, 4])
        # sorting network for 5
        a, b = min(a, b), max(a, b)
        d, e = min(d, e), max(d, e)
        c, e = min(c, e), max(c, e)
        c, d = min(c, d), max(c, d)
        b, e = min(b, e), max(b, e)
        a, d = min(a, d), max(a, d)
        a, c = min(a, c), max(a, c)
        b, d = min(b, d), max(b, d)
        b, c = min(b, c), max(b, c)
        out[i] = table[binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4] + binom[e, 5]]


@njit(nogil=True)
def _hash_batch(cards, fields, nonflush, flush, out):
    for i in range(cards.shape[0]):
        out[i] = encoding.rank5(fields, nonflush, flush, cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3],
                                cards[i, 4])


def _encoding_rows(hands: np.ndarray) -> list:
    """The kept perfect hash against a colex index over all 2,598,960 hands (no validation in either)."""
    from lookup import shisanshui as sss
    from lookup.shisanshui.ranks import RANKS

    all5 = np.fromiter(chain.from_iterable(combinations(range(52), 5)), np.uint8, count=comb(52, 5) * 5)
    all5 = all5.reshape(-1, 5)
    binom = np.array([[comb(n, k) for k in range(6)] for n in range(53)], np.int64)
    colex = sum(binom[all5[:, k].astype(np.int64), k + 1] for k in range(5))  # rows are sorted
    colex_table = np.zeros(len(all5), np.uint16)
    colex_table[colex] = sss.rank5_batch(all5)
    t = RANKS.get()
    out_colex = np.empty(len(hands), np.uint16)
    out_hash = np.empty(len(hands), np.uint16)
    t_colex = best_of(lambda: _colex_batch(hands, binom, colex_table, out_colex)) / len(hands)
    t_hash = best_of(lambda: _hash_batch(hands, t.fields, t.nonflush[0], t.flush[0], out_hash)) / len(hands)
    assert np.array_equal(out_colex, out_hash)
    size = lambda *arrays: f"{sum(a.nbytes for a in arrays) / 2**20:.2f} MiB"
    return [
        ["perfect hash: rank-weight sum + flush rank mask (kept)", size(t.nonflush[0], t.flush[0]),
         fmt_time(t_hash), "1.0"],
        ["combinatorial (colex) index of the sorted 5 cards", size(colex_table), fmt_time(t_colex),
         f"{t_colex / t_hash:.2f}"],
    ]


def run(quick: bool) -> str:
    import eval7
    import phevaluator
    from treys import Card as TreysCard
    from treys import Evaluator as TreysEvaluator

    from lookup import shisanshui as sss

    rng = np.random.default_rng(2026)
    n_batch = 200_000 if quick else 2_000_000
    n_calls = 5_000 if quick else 30_000
    n_brute = 1 if quick else 3
    n_best = 2_000 if quick else 20_000
    n_arr = 50 if quick else 300

    hands5 = cardgen.random_hands(rng, n_batch, 5)
    calls = hands5[:n_calls].tolist()
    e7 = [eval7.Card(name) for name in EVAL7_NAMES]
    e7_hands = [[e7[c] for c in h] for h in calls]
    treys_cards = [TreysCard.new(name) for name in EVAL7_NAMES]
    treys_hands = [([treys_cards[c] for c in h[:2]], [treys_cards[c] for c in h[2:]]) for h in calls]
    treys_eval = TreysEvaluator()

    # every peer must order the hands as paibiao does under standard poker order (A-2-3-4-5 lowest)
    ours = sss.rank5_batch(hands5[:n_calls], "a5_lowest")
    assert _same_order(ours, [eval7.evaluate(h) for h in e7_hands], True)
    assert _same_order(ours, [phevaluator.evaluate_cards(*h) for h in calls], False)
    assert _same_order(ours, [treys_eval.evaluate(*h) for h in treys_hands], False)
    assert sss.rank5_batch(hands5[:n_calls]).tolist() == [sss.rank5(h) for h in calls]

    t_batch = best_of(lambda: sss.rank5_batch(hands5)) / n_batch
    t_scalar = per_call(sss.rank5, calls)
    t_eval7 = per_call(eval7.evaluate, e7_hands)
    t_ph = per_call(lambda h: phevaluator.evaluate_cards(*h), calls)
    t_treys = per_call(lambda h: treys_eval.evaluate(*h), treys_hands)

    rank_rows = [
        ["rank5_batch, per hand", fmt_time(t_batch), "eval7 `evaluate`", fmt_time(t_eval7),
         f"**{t_eval7 / t_batch:.0f}×**", "≥ 20×"],
        ["rank5_batch, per hand", fmt_time(t_batch), "phevaluator `evaluate_cards`", fmt_time(t_ph),
         f"**{t_ph / t_batch:.0f}×**", "—"],
        ["rank5_batch, per hand", fmt_time(t_batch), "treys `Evaluator.evaluate`", fmt_time(t_treys),
         f"**{t_treys / t_batch:.0f}×**", "—"],
        ["rank5 scalar, list of 5 ints", fmt_time(t_scalar), "eval7 `evaluate`", fmt_time(t_eval7),
         f"**{t_eval7 / t_scalar:.2f}×**", "≥ 0.5× (within 2×)"],
    ]

    # best arrangement: paibiao against the plain brute force over all 72,072 splits
    hands13 = cardgen.random_hands(rng, n_best)
    brute_hands = hands13[:n_brute].tolist()
    brute = []
    t0 = time.perf_counter()
    for h in brute_hands:
        brute.append(brute_force_best(h, eval7.evaluate, e7))
    t_brute = (time.perf_counter() - t0) / n_brute
    for h, (vb, vm, kf, _) in zip(brute_hands, brute):
        got = sss.best(h, rules="a5_lowest")
        assert (eval7.evaluate([e7[c] for c in got.back]), eval7.evaluate([e7[c] for c in got.middle]),
                _front_key(got.front)) == (vb, vm, kf)
    sss.best_batch(hands13[:10])
    t_best = best_of(lambda: sss.best_batch(hands13)) / n_best
    n_exp = n_best // 10
    t_expected = best_of(lambda: sss.best_batch(hands13[:n_exp], "expected"), repeat=1) / n_exp
    arr_hands = hands13[:n_arr].tolist()
    counts = [len(sss.arrangements(h)) for h in arr_hands]
    t_arr = per_call(sss.arrangements, arr_hands)
    t_arr_array = per_call(sss.arrangements_array, arr_hands)
    t_best_scalar = per_call(sss.best, arr_hands)

    best_rows = [
        ["best_batch strongest, per hand", fmt_time(t_best), "brute force over 72,072 splits with eval7",
         fmt_time(t_brute), f"**{t_brute / t_best:.0f}×**", "≥ 1000×"],
        ["best (scalar) strongest, per hand", fmt_time(t_best_scalar), "brute force", fmt_time(t_brute),
         f"{t_brute / t_best_scalar:.0f}×", "—"],
        ["best_batch expected, per hand", fmt_time(t_expected), "brute force", fmt_time(t_brute),
         f"{t_brute / t_expected:.0f}×", "—"],
        ["best_batch expected, hands/s (one core)", f"**{1 / t_expected:,.0f}**", "best_batch strongest",
         f"{1 / t_best:,.0f}", f"{t_best / t_expected:.2f}×", "≥ 20,000 hands/s"],
    ]
    # settlement of 4-player deals: settle_batch against the scalar settle, deal for deal
    from lookup.shisanshui.simulation import deal_cards

    n_deals = 20_000 if quick else 200_000
    dealt = deal_cards(2026, 0, n_deals, 4)
    arranged = sss.best_batch(dealt.reshape(-1, 13)).reshape(dealt.shape)
    deals = [[(a[:3], a[3:8], a[8:]) for a in deal] for deal in arranged[:n_calls // 10].tolist()]
    assert sss.settle_batch(arranged[:len(deals)]).tolist() == [sss.settle(d) for d in deals]
    t_settle_batch = best_of(lambda: sss.settle_batch(arranged)) / n_deals
    t_settle = per_call(sss.settle, deals)
    settle_rows = [
        ["settle_batch, 4 players, per deal", fmt_time(t_settle_batch), "settle (scalar), per deal",
         fmt_time(t_settle), f"**{t_settle / t_settle_batch:.0f}×**", "—"],
        ["settle_batch, 4-player deals/s (one core)", f"**{1 / t_settle_batch:,.0f}**", "settle (scalar)",
         f"{1 / t_settle:,.0f}", "", "—"],
    ]
    arr_rows = [
        [f"arrangements (list of tuples), per hand; {np.mean(counts):,.0f} legal splits on average "
         f"(max {max(counts):,})", fmt_time(t_arr), "< 5 ms"],
        ["arrangements_array ((K, 13) uint8), per hand", fmt_time(t_arr_array), "—"],
    ]
    generation = generation_seconds("shisanshui")
    load = load_seconds("shisanshui")[1]
    once = [
        ["generate data/shisanshui.h5 (`python -m tablegen shisanshui`, fresh process, JIT included)",
         f"{generation:.1f} s", "< 30 s"],
        ["load + verify the shisanshui tables (sha256 of every dataset)", fmt_time(load), "—"],
    ]
    return "\n".join([
        "## Shisanshui: ranks and arrangements\n",
        f"5-card ranks: {n_batch:,} seeded random hands for the batch, the first {n_calls:,} for the "
        "per-call peers; every peer orders those hands exactly as paibiao does (A-2-3-4-5 lowest, the "
        "peers' order) before anything is timed.\n",
        table(rank_rows, ["paibiao", "time", "peer", "peer time", "ratio", "target"]),
        f"Best arrangement: {n_best:,} seeded 13-card hands for best_batch; the brute force (every "
        "back, every middle of the other 8, eval7 for both and a small Python rank for the front, "
        f"fouls skipped) on the first {n_brute}, with its answer checked equal to paibiao's.\n",
        table(best_rows, ["paibiao", "time", "peer", "peer time", "ratio", "target"]),
        f"Settlement: {n_deals:,} seeded 4-player deals arranged by `strongest` for settle_batch, the "
        f"first {len(deals):,} for the scalar settle (same scores, checked first).\n",
        table(settle_rows, ["paibiao", "time", "peer", "peer time", "ratio", "target"]),
        table(arr_rows, ["every legal arrangement of one hand", "time", "target"]),
        table(once, ["one-off", "time", "target"]),
        "### Key encoding of the 5-card table\n",
        "Ranks of the same random hands through either key, without input validation (the file "
        "records the winner in its `encoding` attribute).\n",
        table(_encoding_rows(hands5), ["encoding", "table size", "per hand", "relative time"]),
    ])
