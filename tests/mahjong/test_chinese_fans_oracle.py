"""The Chinese Official (国标) fan oracle: against pymahjonggb on seeded random hands, its
exclusion rules one by one through ``apply_exclusions``, and classic hands with their totals.

pymahjonggb names the waits 独听・边张, 独听・嵌张, 独听・单钓 (the rules' 边张, 嵌张, 单钓将),
scores 明暗杠 (5) for one concealed and one exposed kong, lists 花牌 once with its count,
enforces no 8-fan minimum, and raises TypeError("ERROR_NOT_WIN") on a hand that does not win.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from tests.support import gb_hands as gen
from tests.support.gb_hands import CLASSIC, case_of, reference
from tests.support.oracles import chinese_fans as cf
from tests.support.oracles.chinese_fans import ALL, EXCLUDES, WITHIN, apply_exclusions

N_HANDS = 3000
N_CHANGED = 800


@pytest.fixture(scope="module")
def calculator():
    return pytest.importorskip("MahjongGB").MahjongFanCalculator


def oracle(case: gen.Case) -> tuple[int, Counter] | None:
    got = cf.score(case.hand, case.win_tile, case.melds, **case.kwargs())
    return None if got is None else (got.total, Counter(name for name, _ in got.fans))


@pytest.fixture(scope="module")
def sample(calculator):
    """(case, oracle, pymahjonggb) for seeded winning hands of every theme."""
    rng = np.random.default_rng(20261130)
    cases = [gen.random_case(rng) for _ in range(N_HANDS)]
    return [(case, oracle(case), reference(calculator, case)) for case in cases]


def test_random_hands_match_pymahjonggb(sample):
    bad = [(case, got, want) for case, got, want in sample if got != want]
    assert not bad, f"{len(bad)} of {len(sample)} hands differ; the first: {bad[0]}"


def test_every_fan_is_in_the_sample(sample):
    seen = Counter(name for _, got, _ in sample for name in got[1])
    missing = [name for name in cf.OFFICIAL_FANS + ["明暗杠"] if not seen[name]]
    assert len(cf.OFFICIAL_FANS) == 81 and not missing, missing
    assert {case.theme for case, _, _ in sample} == set(gen.THEMES) | set(gen.SPECIAL)


def test_changed_hands_win_or_not_alike(calculator):
    rng = np.random.default_rng(7)
    cases = [gen.losing_case(rng) for _ in range(N_CHANGED)]
    results = [(case, oracle(case), reference(calculator, case)) for case in cases]
    assert sum(got is None for _, got, _ in results) > N_CHANGED // 2  # mostly losing hands
    bad = [r for r in results if r[1] != r[2]]
    assert not bad, f"{len(bad)} differ; the first: {bad[0]}"


# --- hand-written hands --------------------------------------------------------------------

@pytest.mark.parametrize("name, hand, win, melds, flags, total, fans", CLASSIC, ids=[c[0] for c in CLASSIC])
def test_classic_hands(name, hand, win, melds, flags, total, fans):
    assert oracle(case_of(hand, win, melds, **flags)) == (total, Counter(fans))


@pytest.mark.parametrize("name, hand, win, melds, flags, total, fans", CLASSIC, ids=[c[0] for c in CLASSIC])
def test_classic_hands_in_pymahjonggb(calculator, name, hand, win, melds, flags, total, fans):
    assert reference(calculator, case_of(hand, win, melds, **flags)) == (total, Counter(fans))


def test_decompositions():
    pungs = cf.score(*astuple(case_of("111222333m789p5s", "5s")))
    assert pungs.decomposition.form == "standard" and "一色三节高" in dict(pungs.fans)
    assert sorted(m.kind for m in pungs.decomposition.melds) == ["chow", "pong", "pong", "pong"]
    seven = cf.score(*astuple(case_of("1122m3344p5566s7z", "7z")))
    assert seven.decomposition.form == "seven_pairs" and seven.decomposition.pair is None
    knitted = cf.score(*astuple(case_of("147m258p369s1235z", "6z")))
    assert knitted.decomposition.form == "honors_knitted"


def astuple(case: gen.Case):
    return case.hand, case.win_tile, case.melds


def test_flags_that_cannot_hold_are_dropped():
    assert "和绝张" not in dict(cf.score(*astuple(case_of("123m456p789s1122z", "1z")), fourth_tile=True).fans)
    held = case_of("67m234p234s11z", "5m", (("pong", "5m"),))  # the melds show the other three 5m
    assert "和绝张" in dict(cf.score(*astuple(held)).fans)
    assert "抢杠和" not in dict(cf.score(*astuple(case_of("123m456p789s1122z", "1z")), kong=True).fans)
    assert "杠上开花" not in dict(cf.score(*astuple(case_of("123m456p789s1122z", "1z")), kong=True,
                                       self_drawn=True).fans)


def test_no_minimum_and_flowers():
    """A hand under 8 fans still scores; each flower is one 花牌 of 1 point."""
    small = cf.score(*astuple(case_of("123m567p789s234p5s", "5s")), flowers=3)
    assert Counter(small.fans) == {("门前清", 2): 1, ("平和", 2): 1, ("连六", 1): 1, ("单钓将", 1): 1, ("花牌", 1): 3}
    assert small.total == 9 and not cf.reaches_minimum(small)
    chicken = case_of("45s11z", "3s", (("chow", "2m"), ("chow", "6p"), ("pong", "8s")))
    assert cf.reaches_minimum(cf.score(*astuple(chicken)))


def test_not_winning_and_bad_tiles():
    assert cf.score(*astuple(case_of("123m456p789s1123z", "7z"))) is None
    with pytest.raises(ValueError):
        cf.score(*astuple(case_of("123m456p789s112z", "1z")))  # 12 tiles
    with pytest.raises(ValueError):
        cf.score(*astuple(case_of("1111m456p789s112z", "1m")))  # a fifth 1m


def test_bad_tile_counts_raise_in_pymahjonggb(calculator):
    with pytest.raises(TypeError, match="ERROR_WRONG_TILES_COUNT"):
        calculator(**gen.to_pymahjonggb(case_of("123m456p789s112z", "1z")))


# --- the exclusion rules through apply_exclusions --------------------------------------------

ARITY = {name: 2 for name in cf.PAIR_FANS} | {name: 1 for name in ("箭刻", "幺九刻", "圈风刻", "门风刻")} | {
    name: 3 for name in ("清龙", "花龙", "三色三同顺", "三色三步高", "一色三同顺", "一色三步高", "三同刻",
                         "三色三节高", "一色三节高", "三风刻", "大三元", "小四喜")} | {
    name: 4 for name in ("大四喜", "一色四同顺", "一色四步高", "一色四节高")} | {"小三元": 2}
"""How many melds each meld-level fan is found on (the rest are fans of the whole hand)."""


def on(name: str, first: int = 0) -> cf.Fan:
    return (name, tuple(range(first, first + ARITY.get(name, 0))))


RULES = [(a, b, scope) for a, targets in EXCLUDES.items() for b, scope in targets.items()]


@pytest.mark.parametrize("excluder, target, scope", RULES, ids=[f"{a}-{b}" for a, b, _ in RULES])
def test_each_rule_of_exclusion(excluder, target, scope):
    if excluder in EXCLUDES.get(target, {}):  # each excludes the other: the first in table order counts
        first = min(excluder, target, key=cf.TABLE_ORDER.get)
        assert apply_exclusions([on(target, 10), on(excluder)]) == [on(first, 10 if first == target else 0)]
    elif scope == ALL:
        assert apply_exclusions([on(target, 10), on(excluder)]) == [on(excluder)]
    elif scope == WITHIN:
        assert apply_exclusions([on(excluder), on(target)]) == [on(excluder)]
        assert sorted(apply_exclusions([on(excluder), on(target, 10)])) == sorted([on(excluder), on(target, 10)])
    else:
        kept = apply_exclusions([on(excluder)] + [on(target, 10 + k) for k in range(scope + 1)])
        assert [name for name, _ in kept] == [excluder, target]


def test_excluded_fans_exclude_nothing():
    """四暗刻 drops 不求人, so 不求人 does not drop 自摸."""
    assert apply_exclusions([("不求人", ()), ("自摸", ()), ("四暗刻", ())]) == [("四暗刻", ()), ("自摸", ())]


def test_combined_once():
    """套算一次: the chow left out of 清龙 combines with one of its chows only."""
    found = [("清龙", (0, 1, 2)), ("一般高", (0, 3)), ("连六", (1, 3)), ("老少副", (2, 3))]
    assert apply_exclusions(found) == [("清龙", (0, 1, 2)), ("一般高", (0, 3))]
    pungs = [("一色三节高", (0, 1, 2)), ("双同刻", (1, 3)), ("双同刻", (2, 3))]
    assert [n for n, _ in apply_exclusions(pungs)] == ["一色三节高", "双同刻"]


def test_four_chows_three_pairs_at_most():
    """234567s 234567p: 连六 ×2 and 喜相逢 ×2 form a cycle; three count, 喜相逢 kept first."""
    found = [("连六", (0, 1)), ("连六", (2, 3)), ("喜相逢", (0, 2)), ("喜相逢", (1, 3))]
    assert Counter(n for n, _ in apply_exclusions(found)) == {"喜相逢": 2, "连六": 1}


def test_not_the_same_fan_twice_on_a_meld():
    """不得相同: 234s 234p 234p 567p counts 一般高, 喜相逢 and 连六 once each."""
    found = [("喜相逢", (0, 1)), ("喜相逢", (0, 2)), ("一般高", (1, 2)), ("连六", (1, 3)), ("连六", (2, 3))]
    assert Counter(n for n, _ in apply_exclusions(found)) == {"一般高": 1, "喜相逢": 1, "连六": 1}


def test_pung_of_a_wind_counts_once():
    """圈风刻 and 门风刻 on one pung drop its 幺九刻 once; 三风刻 drops its three."""
    found = [("圈风刻", (0,)), ("门风刻", (0,)), ("幺九刻", (0,)), ("幺九刻", (1,))]
    assert apply_exclusions(found) == [("圈风刻", (0,)), ("门风刻", (0,)), ("幺九刻", (1,))]
    winds = [("三风刻", (0, 1, 2))] + [("幺九刻", (k,)) for k in range(4)]
    assert apply_exclusions(winds) == [("三风刻", (0, 1, 2)), ("幺九刻", (3,))]


def test_chicken_hand_only_alone():
    assert apply_exclusions([("无番和", ()), ("花牌", ())]) == [("无番和", ()), ("花牌", ())]
    assert apply_exclusions([("无番和", ()), ("单钓将", ())]) == [("单钓将", ())]
