"""Zipai with 王 (wildcards): hu, ting, decompositions and the batch forms against the oracle's
recursive search over every reading of the 王 (tests/support/oracles/zipai.py)."""

import numpy as np
import pytest

from lookup import jit, zipai
from lookup.errors import InvalidHandError
from lookup.zipai import WANG, RuleSet
from lookup.zipai.cards import counts_of
from tests.support import zipai_hands as hg
from tests.support.oracles import zipai as slow

ANY_HUXI = RuleSet("any", min_huxi=0, pair_with_quad=False)
RULES = [zipai.PRESETS["paohuzi"], zipai.PRESETS["hengyang_shihuka"], ANY_HUXI,
         RuleSet("any-pair-rule", min_huxi=0, pair_with_quad=True),
         RuleSet("any-yiwushi", min_huxi=0, pair_with_quad=False, yiwushi=True)]


def oracle_hu(counts, melds, rules, wang):
    return slow.hu(counts, melds, rules.min_huxi, rules.pair_with_quad, rules.yiwushi, wang)


def oracle_ting(counts, melds, rules, wang):
    return slow.ting_wang(counts, melds, rules.min_huxi, rules.pair_with_quad, rules.yiwushi, wang)


def wang_hands(rng, n, wang, max_part, short=0, yiwushi=False):
    """(counts, melds) with ``wang`` 王 besides: a winning hand with ``wang`` + ``short`` cards
    taken away (so the 王 often complete it), sometimes one card swapped; parts (王 counted)
    of a hu size, or of a ting size when ``short``, at most ``max_part`` cards."""
    out = []
    while len(out) < n:
        c = hg.hand(rng, part_groups=int(rng.integers(0, max_part // 3 + 1)), kan=int(rng.integers(0, 2)),
                    ti=int(rng.integers(0, 2)), noise=0.2, yiwushi=yiwushi)
        for _ in range(wang + short):
            if sum(c):
                c = hg.minus_one(rng, c)
        size = sum(x for x in c if x <= 2) + wang
        if size > max_part or size % 3 == (0 if short else 1):
            continue
        out.append((c, hg.random_melds(rng, c, int(rng.integers(0, 3)), yiwushi)))
    return out


@pytest.mark.exhaustive
@pytest.mark.parametrize("wang,n,max_part", [(1, 150, 21), (2, 60, 15), (3, 20, 9), (4, 10, 6)])
@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_hu_matches_every_reading(rng, rules, wang, n, max_part):
    hands = wang_hands(rng, n, wang, max_part, yiwushi=rules.yiwushi)
    got = [zipai.hu(c, m, rules, wang=wang) for c, m in hands]
    want = [oracle_hu(c, m, rules, wang) for c, m in hands]
    assert got == want
    assert any(w is not None for w in want)


def test_wang_sets_make_kan_and_ti():
    """A 王 read into three or four of a kind makes a 坎 / 提 (a quad for the pair rule)."""
    assert zipai.hu("三三叁 拾拾", rules=ANY_HUXI, wang=1) == 6  # 拾拾 + 王 = 坎 of 拾
    assert zipai.hu("三三叁 二七", rules=ANY_HUXI, wang=4) == 3 + 12  # 二七十 and four 王 a 提 of 拾
    assert zipai.hu("三三叁 拾拾拾 五五", rules=ANY_HUXI, wang=1) == 12  # the 坎 and a 王: a 提
    with pytest.raises(InvalidHandError, match="got 4"):  # sizes count the 王, before any reading
        zipai.hu("三三叁 拾拾拾", rules=ANY_HUXI, wang=1)
    # a 提 made with 王 needs the pair (pair_with_quad): 一二三 壹贰叁 五五 + 拾拾 + 2 王
    assert zipai.hu("一二三 壹贰叁 五五 拾拾", wang=2) == 3 + 6 + 12
    assert zipai.hu("一二三 壹贰叁 五五 拾拾", wang=2) == oracle_hu(counts_of("一二三 壹贰叁 五五 拾拾"), [],
                                                               zipai.PRESETS["paohuzi"], 2)


def test_wang_reads_a_fifth_copy():
    """The copy limit counts real cards: with 碰拾 exposed and 拾 in hand a 王 still reads as 拾."""
    hand = "一二三 壹贰叁 拾"
    assert zipai.hu(hand, ["碰拾"], ANY_HUXI, wang=2) == oracle_hu(counts_of(hand), [("peng", (19,) * 3)], ANY_HUXI, 2)
    assert zipai.hu("贰柒", rules=ANY_HUXI, wang=1) == 6


@pytest.mark.exhaustive
@pytest.mark.parametrize("wang,n,max_part", [(0, 60, 20), (1, 50, 17), (2, 15, 11), (3, 4, 5)])
@pytest.mark.parametrize("rules", RULES[:3], ids=lambda r: r.name)
def test_ting_matches_every_reading(rng, rules, wang, n, max_part):
    hands = wang_hands(rng, n, wang, max_part, short=1, yiwushi=rules.yiwushi)
    n_waits = 0
    for c, m in hands:
        got = zipai.ting(c, m, rules, wang=wang)
        assert got == oracle_ting(c, m, rules, wang), (c, m)
        n_waits += bool(got)
    assert n_waits


def test_ting_without_wang_differs_only_by_the_drawn_wang(rng):
    for c, m in wang_hands(rng, 40, 0, 20, short=1):
        with_wang = zipai.ting(c, m, wang=0)
        assert {t: h for t, h in with_wang.items() if t != WANG} == zipai.ting(c, m)
        if with_wang:
            assert with_wang.get(WANG) == max(with_wang.values())  # a drawn 王 is at least any card


@pytest.mark.exhaustive
def test_hu_batch_with_wang_matches_the_scalar_query(rng):
    hands = [(c, w) for w in range(5) for c, _ in wang_hands(rng, 300, w, 21)]
    counts = np.array([c for c, _ in hands], np.uint8)
    wangs = np.array([w for _, w in hands], np.int64)
    for rules in RULES[:3]:
        got = zipai.hu_batch(counts, rules, wang=wangs)
        assert got.dtype == np.int16 and got.shape == (len(hands),)
        want = [zipai.hu(c, rules=rules, wang=w) for c, w in hands]
        assert got.tolist() == [-1 if x is None else x for x in want]
        assert (got >= 0).any() and (got < 0).any()
    ones = np.array([c for c, w in hands if w == 1], np.uint8)
    assert np.array_equal(zipai.hu_batch(ones, wang=1), zipai.hu_batch(ones, wang=np.ones(len(ones), np.uint8)))
    zeros = np.array([c for c, w in hands if w == 0], np.uint8)
    assert np.array_equal(zipai.hu_batch(zeros, wang=np.zeros(len(zeros), np.int64)), zipai.hu_batch(zeros))


def test_ting_batch_with_wang_matches_the_scalar_query(rng):
    hands = [(c, w) for w in range(3) for c, _ in wang_hands(rng, 150, w, 20, short=1)]
    counts = np.array([c for c, _ in hands], np.uint8)
    wangs = np.array([w for _, w in hands])
    for rules in (zipai.PRESETS["paohuzi"], ANY_HUXI):
        got = zipai.ting_batch(counts, rules, wang=wangs)
        assert got.shape == (len(hands), 21) and got.dtype == np.int16
        for row, (c, w) in zip(got.tolist(), hands):
            assert {t: x for t, x in enumerate(row) if x >= 0} == zipai.ting(c, rules=rules, wang=w)
        assert (got[:, WANG] >= 0).any()


@pytest.mark.parametrize("wang", [1, 2])
def test_decompositions_list_every_reading(rng, wang):
    for _ in range(40):
        k = int(rng.integers(1, 5))
        c = hg.winning_part(rng, k, bool(rng.integers(2)))
        for _ in range(wang):
            c = hg.minus_one(rng, c)
        got = zipai.decompositions(c, wang=wang)
        want = {(split, cards) for read, cards in slow.readings(c, wang) if max(read) <= 2
                for split in slow.splits(read)}
        assert {(s.groups, s.wang) for s in got} == want and len(got) == len(want)
        assert all(s.huxi == slow.split_huxi(s.groups) and len(s.wang) == wang for s in got)
        assert [s.huxi for s in got] == sorted((s.huxi for s in got), reverse=True)


def test_wang_steps_report_sizes_and_copies():
    with pytest.raises(InvalidHandError, match="王 counted"):
        zipai.hu("一二三", wang=1)
    with pytest.raises(InvalidHandError, match="王 counted"):
        zipai.ting("一二", wang=1)
    with pytest.raises(InvalidHandError, match="5 copies"):
        zipai.hu("一一一一一", wang=1)
    for bad in (-1, 5, 1.0, True, "1"):
        with pytest.raises(InvalidHandError, match="wang"):
            zipai.hu("一二三", wang=bad)
    rows = np.array([counts_of("一二三 二七")] * 3, np.uint8)
    with pytest.raises(InvalidHandError, match="row 1: wang"):
        zipai.hu_batch(rows, wang=[1, 7, 1])
    with pytest.raises(InvalidHandError, match="shape"):
        zipai.hu_batch(rows, wang=[1, 1])
    with pytest.raises(InvalidHandError, match="row 2: hu needs .*王 counted"):
        zipai.hu_batch(rows, wang=[1, 1, 2])
    assert zipai.hu_batch(rows, rules=ANY_HUXI, wang=1).tolist() == [6, 6, 6]  # 一二三 二七十


def test_wang_kernels_follow_the_status_protocol():
    from lookup.zipai import kernels
    from lookup.zipai.encoding import VIEW
    from lookup.zipai.units import group_limit

    g = VIEW.get().plain
    rows = np.array([counts_of("一二三 二七")] * 3, np.uint8)
    out = np.empty(3, np.int16)
    wangs = np.array([1, 1, 2], np.uint8)
    assert kernels.hu_batch_wang(rows, wangs, g.hu, g.ting[0], (0, False, group_limit(False)), out) == (jit.ERR_SIZE, 2)
    wangs[2] = 1
    assert kernels.hu_batch_wang(rows, wangs, g.hu, g.ting[0], (0, False, group_limit(False)), out) == (jit.OK, 3)
    waits = np.empty((3, 21), np.int16)
    rules = (0, False, group_limit(False))
    assert kernels.ting_batch_wang(rows, wangs, g.hu, g.ting[0], rules, waits) == (jit.ERR_SIZE, 0)


def test_suffix_need_matches_the_readings_of_each_suffix(rng):
    """suffix_need against the reverse automaton walked over every reading of numbers n..9 with
    no 王 and with one 王 (every card option of every number): 0 when the part's own numbers are
    live, 1 when a one-王 reading is, else 2."""
    from lookup.zipai import wang as w
    from lookup.zipai import wang_search as ws
    from lookup.zipai.encoding import COUNT_VALUES, DEAD, N_NUMBERS, N_SYMBOLS, START, VIEW
    from lookup.zipai.hand import take_out_sets

    back = VIEW.get().plain.ting_view[0]

    def live(symbols, n):
        state = START
        for m in range(N_NUMBERS - 1, n - 1, -1):
            state = back[state * N_SYMBOLS + symbols[m]]
        return state != DEAD

    needs = []
    for c, _ in wang_hands(rng, 300, 2, 21):
        part = [0] * 20
        take_out_sets(c, [0] * 20, part)
        work = [0] * ws.WORK_SIZE
        kan, fixed = w.hand_masks(c, work)
        ws.card_choices(part, kan, fixed, 2, work)
        ws.number_pairs(2, work)
        ws.suffix_need(back, part, 2, work)
        held = [COUNT_VALUES * part[m] + part[m + N_NUMBERS] for m in range(N_NUMBERS)]
        for n in range(N_NUMBERS + 1):
            one = []
            for m in range(n, N_NUMBERS):
                for a in range(ws.N_OPTIONS):
                    for b in range(ws.N_OPTIONS):
                        options = [ws.card_option(o, part[t], work[ws.LIMIT + t], kan >> t & 1 == 1,
                                                 fixed >> t & 1 == 1, t // N_NUMBERS)
                                   for o, t in ((a, m), (b, m + N_NUMBERS))]
                        if min(x[0] for x in options) >= 0 and sum(x[1] for x in options) == 1:
                            one.append(held[:m] + [COUNT_VALUES * options[0][0] + options[1][0]] + held[m + 1:])
            want = 0 if live(held, n) else 1 if any(live(s, n) for s in one) else 2
            assert work[ws.NEED + n] == want, (c, n)
            needs.append(want)
    assert {0, 1, 2} <= set(needs)
