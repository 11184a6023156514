"""Zipai hu, ting and decompositions, scalar and batch, against the slow oracles; bad input."""

import subprocess
import sys

import numpy as np
import pytest

from lookup import zipai
from lookup.errors import InvalidHandError, InvalidMeldError, InvalidRulesError, InvalidTileError
from lookup.zipai import PRESETS, RuleSet, Split
from lookup.zipai.cards import counts_of, parse_cards
from tests.support import zipai_hands as hg
from tests.support.oracles import zipai as slow

ANY_HUXI = RuleSet("any", min_huxi=0, pair_with_quad=False)
RULES = list(PRESETS.values()) + [RuleSet("no-pair-rule", 10, pair_with_quad=False), ANY_HUXI]


YIWUSHI_ANY = RuleSet("yiwushi-any", min_huxi=0, pair_with_quad=False, yiwushi=True)
RULES = RULES + [YIWUSHI_ANY]


def oracle_hu(counts, melds, rules):
    return slow.hu(counts, melds, rules.min_huxi, rules.pair_with_quad, rules.yiwushi)


def oracle_ting(counts, melds, rules):
    return slow.ting(counts, melds, rules.min_huxi, rules.pair_with_quad, rules.yiwushi)


def hu_hands(rng, n, yiwushi=False):
    """Hands (with 坎/提 and exposed melds) whose part has 3k or 3k+2 cards; built of the
    yiwushi group set when asked."""
    out = []
    while len(out) < n:
        c = hg.hand(rng, kan=int(rng.integers(0, 3)), ti=int(rng.integers(0, 2)), yiwushi=yiwushi)
        part = sum(x for x in c if x <= 2)
        if part % 3 != 1 and part <= 21:
            out.append((c, hg.random_melds(rng, c, int(rng.integers(0, 4)), yiwushi)))
    return out


def ting_hands(rng, n, yiwushi=False):
    """Hands one card short of the hu_hands kind: parts of 3k+1 or 3k+2 cards."""
    out = []
    while len(out) < n:
        c = hg.hand(rng, kan=int(rng.integers(0, 3)), ti=int(rng.integers(0, 2)), noise=0.3, yiwushi=yiwushi)
        if sum(c):
            c = hg.minus_one(rng, c)
        part = sum(x for x in c if x <= 2)
        if part % 3 != 0 and part <= 20:
            out.append((c, hg.random_melds(rng, c, int(rng.integers(0, 4)), yiwushi)))
    return out


# --- the recursive splitter and the huxi table ------------------------------------------------

def test_erqishi_hand_splits_two_ways_and_scores_12():
    hand = "二 七 十 二 七 十 贰 柒 拾"
    splits = zipai.decompositions(hand)
    assert splits == [
        Split(12, ((1, 6, 9), (1, 6, 9), (11, 16, 19))),  # 二七十 二七十 贰柒拾: 3 + 3 + 6
        Split(0, ((1, 1, 11), (6, 6, 16), (9, 9, 19))),   # 二二贰 七七柒 十十拾
    ]
    assert {s.groups for s in splits} == slow.splits(counts_of(hand))
    assert zipai.hu(hand) == 12 and zipai.hu(hand, rules="hunan") is None
    assert zipai.hu(hand, rules="liuhuqiang") == 12


# 胡息 (docs/zipai.md): (small, big)
GROUP_HUXI = {"一二三": 3, "壹贰叁": 6, "二七十": 3, "贰柒拾": 6, "四五六": 0, "肆伍陆": 0,
              "八九十": 0, "捌玖拾": 0, "一一壹": 0, "壹壹一": 0}
MELD_HUXI = {"peng": (1, 3), "wei": (3, 6), "pao": (6, 9), "ti": (9, 12)}
HAND_SET_HUXI = {3: (3, 6), 4: (9, 12)}  # 坎, 提 in the hand


@pytest.mark.parametrize("group,huxi", GROUP_HUXI.items())
def test_group_huxi_in_hand_and_eaten(group, huxi):
    assert [s.huxi for s in zipai.decompositions(group)] == [huxi]
    base = next(b for b in ("五五伍", "九九玖") if not set(b) & set(group))  # worth 0, no shared card
    assert zipai.hu(base + group, rules=ANY_HUXI) == huxi
    assert zipai.hu(base, [("吃", group)], rules=ANY_HUXI) == huxi
    assert zipai.hu(base, ["chi:" + group], rules=ANY_HUXI) == huxi


@pytest.mark.parametrize("kind", MELD_HUXI)
@pytest.mark.parametrize("card", ["一", "拾"])
def test_exposed_meld_huxi(kind, card):
    want = MELD_HUXI[kind][card == "拾"]
    assert zipai.hu("三三叁", [(kind, card)], rules=ANY_HUXI) == want
    assert zipai.Meld(kind, (parse_cards(card)[0],) * (4 if kind in ("pao", "ti") else 3)).huxi == want


@pytest.mark.parametrize("copies", [3, 4])
@pytest.mark.parametrize("card", ["一", "拾"])
def test_kan_and_ti_in_the_hand(copies, card):
    want = HAND_SET_HUXI[copies][card == "拾"]
    assert zipai.hu("三三叁" + card * copies, rules=ANY_HUXI) == want
    # a 坎 may not be broken: 一一一二三 is not 一二三 + the pair 一一
    assert zipai.hu("一一一二三", rules=ANY_HUXI) is None


def test_a_pair_needs_a_ti_or_pao():
    part = "一二三 壹贰叁 二七十 五五"  # 3k+2 cards: groups and a pair, huxi 12
    assert zipai.hu(part) is None
    assert zipai.hu(part, ["跑拾"]) == 12 + 9
    assert zipai.hu(part + "捌捌捌捌") == 12 + 12  # a 提 in the hand
    assert zipai.hu(part, rules=RuleSet("x", 10, pair_with_quad=False)) == 12
    assert zipai.hu("一二三 壹贰叁 二七十", ["跑拾"]) is None  # with a 跑 the pair is required
    assert zipai.hu("一二三 壹贰叁 二七十", ["跑拾"], rules=RuleSet("x", 10, pair_with_quad=False)) == 21


def test_min_huxi_thresholds():
    hand = "一二三 二七十 四五六"  # 6 huxi
    assert zipai.hu(hand) is None and zipai.hu(hand, rules="liuhuqiang") == 6
    assert zipai.hu(hand, ["碰叁", "碰肆"]) == 12  # 6 + 3 + 3
    assert zipai.hu(hand, ["碰叁", "碰肆"], "hunan") is None
    assert zipai.hu(hand, ["碰叁", "偎肆"], "hunan") == 15  # 6 + 3 + 6


# --- against the oracles ------------------------------------------------------------------------

@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_hu_matches_the_oracle(rng, rules):
    hands = hu_hands(rng, 500, rules.yiwushi)
    got = [zipai.hu(c, m, rules) for c, m in hands]
    want = [oracle_hu(c, m, rules) for c, m in hands]
    assert got == want
    assert any(w is not None for w in want) and any(w is None for w in want)


def test_hu_batch_matches_the_scalar_query(rng):
    hands = [c for c, _ in hu_hands(rng, 2000) + hu_hands(rng, 2000, yiwushi=True)]
    counts = np.array(hands, np.uint8)
    for rules in RULES:
        got = zipai.hu_batch(counts, rules)
        assert got.dtype == np.int16 and got.shape == (len(hands),)
        want = [zipai.hu(h, rules=rules) for h in hands]
        assert got.tolist() == [-1 if w is None else w for w in want]
        assert (got >= 0).any() and (got < 0).any()
    assert np.array_equal(zipai.hu_batch(counts.astype(np.int64)), zipai.hu_batch(counts))
    assert zipai.hu_batch(np.zeros((0, 20), np.uint8)).shape == (0,)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_ting_matches_the_oracle(rng, rules):
    hands = ting_hands(rng, 250, rules.yiwushi)
    for c, m in hands:
        assert zipai.ting(c, m, rules) == oracle_ting(c, m, rules), (c, m)
    assert sum(bool(zipai.ting(c, m, rules)) for c, m in hands) > 10


def test_ting_batch_matches_the_scalar_query(rng):
    hands = [c for c, _ in ting_hands(rng, 1000) + ting_hands(rng, 500, yiwushi=True)]
    counts = np.array(hands, np.uint8)
    for rules in (PRESETS["paohuzi"], ANY_HUXI, PRESETS["hengyang_shihuka"]):
        got = zipai.ting_batch(counts, rules)
        assert got.shape == (len(hands), 20) and got.dtype == np.int16
        for row, h in zip(got.tolist(), hands):
            assert {t: x for t, x in enumerate(row) if x >= 0} == zipai.ting(h, rules=rules)
        assert (got >= 0).any()


def test_a_drawn_third_copy_scores_as_wei_or_stays_free(rng):
    """Both choices occur as the better one in a sample, and ting takes the better."""
    wei_better = free_better = 0
    for _ in range(3000):
        c = hg.winning_part(rng, int(rng.integers(1, 8)), False)
        pairs = [t for t in range(20) if c[t] == 2]
        others = [t for t in range(20) if c[t] == 1]
        if not pairs or not others:
            continue
        t = pairs[int(rng.integers(len(pairs)))]
        c[others[int(rng.integers(len(others)))]] -= 1  # the hand holds a pair of t and draws t
        drawn = list(c)
        drawn[t] = 3
        wei = list(drawn)
        wei[t] = 0
        as_wei = slow.total(wei, [("wei", (t, t, t))], 0, False)
        as_free = slow.total(drawn, [], 0, False, free=t)
        options = [x for x in (as_wei, as_free) if x is not None]
        assert zipai.ting(c, rules=ANY_HUXI).get(t) == (max(options) if options else None), c
        wei_better += as_wei is not None and (as_free is None or as_wei > as_free)
        free_better += as_free is not None and (as_wei is None or as_free > as_wei)
    assert wei_better and free_better


@pytest.mark.parametrize("meld,card,upgrade", [("碰", 19, (3, 9)), ("偎", 19, (6, 12)),
                                                ("碰", 0, (1, 6)), ("偎", 0, (3, 9))])
def test_a_draw_upgrades_an_exposed_meld(meld, card, upgrade):
    """碰 + the fourth card = 跑, 偎 + the fourth card = 提: a quad, so the pair may stay."""
    part = "二三四 贰叁肆 二七十 五五" if card == 0 else "一二三 贰叁肆 二七十 五五"
    base = zipai.decompositions(part)[0].huxi
    exposed = [meld + ("拾" if card == 19 else "一")]
    got = zipai.ting(part, exposed, ANY_HUXI)
    assert got[card] == base + upgrade[1]
    assert got == oracle_ting(counts_of(part), [(("peng" if meld == "碰" else "wei"), (card,) * 3)], ANY_HUXI)


def test_a_draw_completes_a_kan_into_a_ti():
    hand = "一二三 贰叁肆 二七十 五五 捌捌捌"  # 坎 of 捌 in the hand
    got = zipai.ting(hand, rules=ANY_HUXI)
    assert got[17] == zipai.decompositions("一二三 贰叁肆 二七十 五五")[0].huxi + 12
    assert got == oracle_ting(counts_of(hand), [], ANY_HUXI)


def test_decompositions_match_the_oracle(rng):
    n_split = 0
    for _ in range(600):
        k = int(rng.integers(0, 8))
        c = hg.winning_part(rng, k, bool(rng.integers(2)) and k <= 6)
        if rng.random() < 0.3 and sum(c):
            c = hg.swap_one(rng, c)
        splits = zipai.decompositions(c)
        want = slow.splits(c)
        assert {s.groups for s in splits} == want and len(splits) == len(want)  # each split once
        assert [s.huxi for s in splits] == sorted((s.huxi for s in splits), reverse=True)
        for s in splits:
            assert s.huxi == slow.split_huxi(s.groups)
            assert all(list(g) == sorted(g) and len(g) in (2, 3) for g in s.groups)
            assert sum(len(g) == 2 for g in s.groups) == (sum(c) % 3 == 2)
        n_split += len(splits) > 1
    assert n_split > 10


def test_hand_forms():
    text = "二七十二七十贰柒拾"
    counts = counts_of(text)
    assert zipai.hu(counts) == zipai.hu(tuple(counts)) == zipai.hu(np.array(counts)) == zipai.hu(text)
    assert zipai.hu("x2 x7 x10 x2x7x10 d2 d7 d10") == 12
    assert zipai.hu("二七十 二七十 貳柒拾") == 12  # 貳: the traditional 贰
    assert zipai.ting("二七十 二七十 貳柒") == {19: 12}


# --- bad input -----------------------------------------------------------------------------------

@pytest.mark.parametrize("call,error,match", [
    (lambda: zipai.hu("一二三 x11"), InvalidTileError, "'x11'"),
    (lambda: zipai.hu("一二三 q"), InvalidTileError, "'q'"),
    (lambda: zipai.hu("一一一一一"), InvalidHandError, "5 copies of 一"),
    (lambda: zipai.hu("一二三四"), InvalidHandError, "3k or 3k\\+2"),
    (lambda: zipai.hu("一一二二三三四四五五六六七七八八九九十十壹壹贰贰"), InvalidHandError, "at most 21"),
    (lambda: zipai.hu("一一壹", ["碰一", "吃一二三"]), InvalidHandError, "6 copies of 一"),
    (lambda: zipai.hu("一一壹", ["碰一二"]), InvalidMeldError, "碰"),
    (lambda: zipai.hu("一一壹", ["吃一二四"]), InvalidMeldError, "一二四"),
    (lambda: zipai.hu("一一壹", ["跳一"]), InvalidMeldError, "跳一"),
    (lambda: zipai.hu("一一壹", [("gang", 3)]), InvalidMeldError, "gang"),
    (lambda: zipai.hu("一一壹", [("peng", 20)]), InvalidTileError, "20"),
    (lambda: zipai.hu(list(range(20)) + [0]), InvalidHandError, "counts_of"),
    (lambda: zipai.hu([1] * 19 + [-1]), InvalidHandError, "0..4"),
    (lambda: zipai.hu("一一壹", rules="mcr"), InvalidRulesError, "mcr"),
    (lambda: RuleSet("x", min_huxi=-1), InvalidRulesError, "min_huxi"),
    (lambda: zipai.ting("一二三"), InvalidHandError, "3k\\+1 or 3k\\+2"),
    (lambda: zipai.decompositions("一一一"), InvalidHandError, "without triples"),
    (lambda: zipai.decompositions("一二三四"), InvalidHandError, "3k or 3k\\+2"),
])
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_batch_errors_name_the_first_bad_row():
    good = counts_of("二七十二七十贰柒拾")
    rows = np.array([good] * 5, np.uint8)
    rows[3, 0] = 5
    rows[4, 0] = 9
    with pytest.raises(InvalidHandError, match="row 3: holds 5 copies of 一"):
        zipai.hu_batch(rows)
    rows = np.array([good] * 5, np.uint8)
    rows[1, 0] = 1  # 10 cards
    with pytest.raises(InvalidHandError, match="row 1: hu needs 3k or 3k\\+2"):
        zipai.hu_batch(rows)
    with pytest.raises(InvalidHandError, match="row 0: ting needs"):
        zipai.ting_batch(np.array([good], np.uint8))
    with pytest.raises(InvalidHandError, match="shape"):
        zipai.hu_batch(np.zeros((3, 19), np.uint8))
    with pytest.raises(InvalidHandError, match="dtype"):
        zipai.hu_batch(np.zeros((3, 20), np.float64))
    with pytest.raises(InvalidHandError, match="row 2"):
        zipai.hu_batch(np.array([good, good, [300] + good[1:]]))


def test_scalar_queries_do_not_import_numba():
    code = ("import sys; from lookup import zipai; "
            "assert zipai.hu('二七十二七十贰柒拾') == 12 and zipai.ting('二七十二七十贰柒') == {19: 12}; "
            "zipai.decompositions('一二三'); assert 'numba' not in sys.modules, 'numba imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


# --- 一五十 (yiwushi, 衡阳十胡卡) -----------------------------------------------------------------

@pytest.mark.parametrize("group,huxi", [("一五十", 3), ("壹伍拾", 6)])
def test_yiwushi_groups_in_hand_and_eaten(group, huxi):
    assert zipai.decompositions(group) == []  # not a group by default
    assert [s.huxi for s in zipai.decompositions(group, rules="hengyang_shihuka")] == [huxi]
    assert zipai.hu("三三叁" + group, rules=YIWUSHI_ANY) == huxi
    assert zipai.hu("三三叁" + group, rules=ANY_HUXI) is None
    assert zipai.hu("三三叁", [("吃", group)], rules=YIWUSHI_ANY) == huxi
    with pytest.raises(InvalidMeldError, match="yiwushi"):
        zipai.hu("三三叁", [("吃", group)], rules=ANY_HUXI)


def test_hengyang_shihuka_preset():
    hand = "一五十 壹伍拾 二七十"  # 3 + 6 + 3 = 12
    assert zipai.hu(hand) is None and zipai.hu(hand, rules="hengyang_shihuka") == 12
    assert zipai.ting("一五 壹伍拾 二七十", rules="hengyang_shihuka") == {9: 12}
    assert zipai.hu("一五十 二七十 四五六", rules="hengyang_shihuka") is None  # 6 < 10


def test_yiwushi_decompositions_match_the_oracle(rng):
    n_yiwushi = 0
    for _ in range(300):
        k = int(rng.integers(0, 8))
        c = hg.winning_part(rng, k, bool(rng.integers(2)) and k <= 6, yiwushi=True)
        splits = zipai.decompositions(c, rules="hengyang_shihuka")
        want = slow.splits(c, yiwushi=True)
        assert {s.groups for s in splits} == want and len(splits) == len(want)
        assert all(s.huxi == slow.split_huxi(s.groups) for s in splits)
        n_yiwushi += any((0, 4, 9) in s.groups or (10, 14, 19) in s.groups for s in splits)
    assert n_yiwushi > 30


@pytest.mark.parametrize("bad", [[2], [3], [2, 3], [4]])
def test_ting_batch_names_the_first_bad_row_of_either_in_a_pair(bad):
    """ting_batch takes rows two at a time (and a last odd one alone): the first bad row is
    named wherever it falls, and the rows before it are the ones answered alone."""
    good = counts_of("二七十二七十贰柒")
    rows = np.array([good] * 5, np.uint8)
    for i in bad:
        rows[i, 5] = 5
    with pytest.raises(InvalidHandError, match=f"row {bad[0]}: holds 5 copies of 六"):
        zipai.ting_batch(rows)
    rows[bad, 5] = 0
    assert np.array_equal(zipai.ting_batch(rows), np.array([zipai.ting_batch(rows[i:i + 1])[0] for i in range(5)]))
