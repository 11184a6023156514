"""hu_detail: the best split of a winning zipai hand and the card counts 名堂 are judged on,
against the oracle's search over every reading of the 王 and every split."""

from collections import Counter

import pytest

from lookup import zipai
from lookup.errors import InvalidHandError
from lookup.zipai import Detail, RuleSet, Unit
from tests.support import zipai_hands as hg
from tests.support.oracles import zipai as slow

ANY_HUXI = RuleSet("any", min_huxi=0, pair_with_quad=False)
RULES = [zipai.PRESETS["paohuzi"], ANY_HUXI, RuleSet("any-yiwushi", 0, False, yiwushi=True)]
SET_SIZE = {"kan": 3, "ti": 4}


def detail_hands(rng, n, wang, yiwushi):
    """(counts, melds) of hu size with ``wang`` 王 besides: winning hands with ``wang`` cards
    taken away, sometimes one card swapped."""
    out = []
    while len(out) < n:
        c = hg.hand(rng, part_groups=int(rng.integers(1, 6)), kan=int(rng.integers(0, 2)), ti=int(rng.integers(0, 2)),
                    noise=0.2, yiwushi=yiwushi)
        for _ in range(wang):
            c = hg.minus_one(rng, c)
        if (sum(x for x in c if x <= 2) + wang) % 3 != 1:
            out.append((c, hg.random_melds(rng, c, int(rng.integers(0, 3)), yiwushi)))
    return out


def check_detail(d: Detail, counts, melds, rules, wang):
    """d against the oracle: its huxi and reading are a best one, most red first; its units are a
    split of the hand as read (groups and pair of the checked part, 坎/提, melds) that scores it."""
    best = slow.best_reading(counts, melds, rules.min_huxi, rules.pair_with_quad, rules.yiwushi, wang)
    if best is None:
        assert d is None
        return False
    huxi, red_wang, readings = best
    assert d.huxi == huxi and d.wang in readings and len(d.wang) == wang
    held = Counter(t for t, x in enumerate(counts) for _ in range(x)) + Counter(d.wang)
    hand_units = [u for u in d.units if not u.exposed]
    assert Counter(t for u in hand_units for t in u.cards) == held
    assert [(u.kind, u.cards) for u in d.units if u.exposed] == [(k, tuple(sorted(c))) for k, c in melds]
    assert sum(u.huxi for u in d.units) == huxi
    assert sorted(t for u in d.units for t in u.wang) == sorted(d.wang)
    groups = slow.groups_of(rules.yiwushi)
    part = []
    for u in hand_units:
        assert Counter(u.wang) <= Counter(u.cards)
        if u.kind in SET_SIZE:
            assert len(set(u.cards)) == 1 and len(u.cards) == SET_SIZE[u.kind] == held[u.cards[0]]
            assert u.huxi == slow.meld_huxi(u.kind, u.cards[0])
        else:
            assert u.cards in groups and u.huxi == groups[u.cards] or u.kind == "pair" and u.huxi == 0
            part.append(u.cards)
    # among the splits of the chosen reading's part that score best, the first in sorted order
    read = [held[t] if held[t] <= 2 else 0 for t in range(20)]
    splits = sorted(s for s in slow.splits(read, rules.yiwushi))
    best_part = max(slow.split_huxi(s) for s in splits)
    assert tuple(sorted(part)) == next(s for s in splits if slow.split_huxi(s) == best_part)
    every = [t for u in d.units for t in u.cards]
    assert d.red == sum(t in slow.RED for t in every)
    real_red = sum(x for t, x in enumerate(counts) if t in slow.RED) + sum(t in slow.RED for _, c in melds for t in c)
    assert d.red == real_red + red_wang  # the most 王 read as red cards among the best readings
    assert d.black == len(every) - d.red and d.big == sum(t >= 10 for t in every) and d.small == len(every) - d.big
    return True


@pytest.mark.parametrize("wang,n", [(0, 150), (1, 80), (2, 25)])
@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_detail_matches_the_oracle(rng, rules, wang, n):
    hands = detail_hands(rng, n, wang, rules.yiwushi)
    wins = sum(check_detail(zipai.hu_detail(c, m, rules, wang), c, m, rules, wang) for c, m in hands)
    assert wins > n // 10


def test_detail_example():
    d = zipai.hu_detail("一二三 壹贰叁 二七 五五 拾拾拾拾", ["碰陆"], wang=1)
    assert d == Detail(27, (Unit("sequence", (0, 1, 2), 3), Unit("erqishi", (1, 6, 9), 3, (9,)),
                            Unit("pair", (4, 4), 0), Unit("sequence", (10, 11, 12), 6),
                            Unit("ti", (19, 19, 19, 19), 12), Unit("peng", (15, 15, 15), 3, (), True)),
                       red=9, black=9, big=10, small=8, wang=(9,))
    assert [u.text() for u in d.units] == ["一二三", "二七十[王十]", "将五五", "壹贰叁", "提拾拾拾拾", "碰陆陆陆"]
    assert d.units[1].text("ascii") == "erqishi:x2x7x10[wang:x10]"
    assert zipai.hu_detail("一二三 壹贰叁 二七 五五", wang=1) is None  # a pair without a 提/跑
    d = zipai.hu_detail("一五十 壹伍拾 二七十", rules="hengyang_shihuka")
    assert [(u.kind, u.huxi) for u in d.units] == [("yiwushi", 3), ("erqishi", 3), ("yiwushi", 6)]
    assert (d.huxi, d.red, d.big) == (12, 5, 3)  # 十, 拾 and 二七十


def test_ties_go_to_the_most_red_cards():
    d = zipai.hu_detail("三四 壹贰叁", rules=ANY_HUXI, wang=1)  # 二三四 or 三四五: 6 either way
    assert d.huxi == 6 and d.wang == (1,) and d.red == 2  # 二 and 贰
    d = zipai.hu_detail("四五 壹贰叁", rules=ANY_HUXI, wang=1)  # 三四五 or 四五六: no red either way
    assert d.huxi == 6 and d.wang in ((2,), (5,)) and d.red == 1
    d = zipai.hu_detail("十十 壹贰叁", rules=ANY_HUXI, wang=1)  # a 坎 of 十 (3) beats 十十拾 (0)
    assert d.huxi == 9 and d.wang == (9,) and d.units[1] == Unit("kan", (9, 9, 9), 3, (9,))


def test_detail_errors():
    with pytest.raises(InvalidHandError, match="3k or 3k\\+2"):
        zipai.hu_detail("一二三四")
    with pytest.raises(InvalidHandError, match="wang"):
        zipai.hu_detail("一二三", wang=9)
