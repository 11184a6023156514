"""zipai.score against a brute-force twin (tests/zipai/scoring_twin.py) on seeded random
winning-shaped hands of every preset, with exposed melds, 王, flags and room options."""

from __future__ import annotations

import random
import re
from collections import Counter

import numpy as np
import pytest

from lookup import zipai
from lookup.errors import InvalidMeldError
from lookup.zipai.scoring.mingtang import NAMES
from lookup.zipai.scoring.rules import PRESET_OPTIONS

from .scoring_twin import WANG, random_hand, twin_best

PRESETS = tuple(PRESET_OPTIONS)


def _options(rng: random.Random, preset: str) -> dict:
    out = {}
    for name, option in PRESET_OPTIONS[preset].items():
        if rng.random() < 0.5:
            continue
        if option.values is bool:
            out[name] = rng.random() < 0.5
        elif option.span:
            lo, hi = option.values
            out[name] = rng.randint(lo, min(hi, 6))
        else:
            out[name] = rng.choice(option.values)
    return out


def _flags(rng: random.Random, preset: str, win: int, wang: int) -> dict:
    how = rng.choice(("self", "self", "discard", "turned"))
    if wang and rng.random() < 0.85:
        how = "self"
    if win == WANG:
        how = "self"
    flags = {"self_drawn": how == "self", "discard": how == "discard"}
    special = rng.choice((None, None, "tianhu", "dihu", "haidi", "shuahou"))
    if special == "tianhu" and how == "discard" or special == "haidi" and how == "discard":
        special = None
    if special:
        flags[special] = True
    flags["huangfan"] = rng.choice((0, 0, 1, 2))
    if preset in ("yongzhou", "hengyang_shihuka"):
        pick = rng.random()
        if pick < 0.4:
            flags["xing"] = rng.randrange(20) if preset != "yongzhou" or rng.random() < 0.8 else WANG
        elif pick < 0.55:
            flags["xing_count"] = rng.randint(0, 4)
    return flags


def _check(preset: str, rng: random.Random, seen: Counter, max_wang: int = 2) -> bool:
    drawn = random_hand(rng, preset, max_wang=max_wang if preset == "yongzhou" else 0)
    if drawn is None:
        return False
    counts, wang, melds, win = drawn
    options = _options(rng, preset)
    flags = _flags(rng, preset, win, wang)
    if preset == "hengyang_shihuka" and options.get("yiwushi") is False and any(
            k == "chi" and sorted(c) in ([0, 4, 9], [10, 14, 19]) for k, c in melds):
        options["yiwushi"] = True
    named = win if rng.random() < 0.85 else None
    if named is None and wang:
        named = win
    expect = twin_best(preset, options, counts, wang, melds, named if named is not None else -1, flags)
    rules = zipai.ScoringRules(preset, **options)
    got = zipai.score(counts, melds, rules=rules, win_card=named, wang=wang, **flags)
    where = f"{preset} {options} {counts} wang={wang} {melds} win={named} {flags}"
    if not expect:
        assert got is None, where
        return True
    assert got is not None, where
    key = (got.score, got.huxi, got.tun, got.fan, frozenset(got.mingtang))
    assert key in expect, f"{where}: {key} not in {expect}"
    assert sum(u.huxi for u in got.units) == got.huxi
    assert len(got.wang_as) == wang
    seen.update(got.mingtang)
    return True


@pytest.mark.parametrize("preset", PRESETS)
def test_random_hands_match_the_twin(preset):
    rng = random.Random(f"scoring-{preset}")
    seen: Counter = Counter()
    checked = 0
    while checked < 150:
        checked += _check(preset, rng, seen)
    assert seen, preset


@pytest.mark.exhaustive
@pytest.mark.parametrize("preset", PRESETS)
def test_many_random_hands_reach_every_mingtang(preset):
    rng = random.Random(f"scoring-many-{preset}")
    seen: Counter = Counter()
    checked = 0
    while checked < 1500:
        checked += _check(preset, rng, seen, max_wang=3)
    rare = {"团圆", "耍猴", "三提五坎", "王炸王", "王闯王", "王炸", "行行息", "假行行息", "四七红", "红转黑", "红转点",
            "点胡", "一点红", "一点朱"}  # each also in a hand of tests/zipai/test_scoring.py
    missing = set(NAMES[preset]) - set(seen) - rare
    assert not missing, f"{preset}: never scored {missing}; seen {dict(seen)}"


# --- score_batch's kernel against score, row by row ---------------------------------------------

MELD_CODES = {"peng": 1, "wei": 2, "pao": 3, "ti": 4, "chi": 5}
COLUMNS = ("self_drawn", "discard", "tianhu", "dihu", "haidi", "shuahou")


def _option_sets(preset: str, rng: random.Random) -> list[dict]:
    """The defaults, each room option at each of its values alone, every switch on, and random mixes."""
    sets: list[dict] = [{}]
    switches = {}
    for name, option in PRESET_OPTIONS[preset].items():
        if option.values is bool:
            sets.append({name: not option.default})
            switches[name] = True
        else:
            values = option.values if not option.span else (option.values[0], 3, 6)
            sets += [{name: v} for v in values if v != option.default]
    sets.append(switches)
    sets += [_options(rng, preset) for _ in range(3)]
    return sets


def _batch(preset: str, rng: random.Random, n: int) -> list[tuple]:
    """n random rows (counts, wang, melds, winning card or None, flags) of a preset."""
    rows = []
    while len(rows) < n:
        drawn = random_hand(rng, preset, max_wang=3 if preset == "yongzhou" else 0)
        if drawn is None:
            continue
        counts, wang, melds, win = drawn
        if preset == "hengyang_shihuka" and any(k == "chi" and sorted(c) in ([0, 4, 9], [10, 14, 19])
                                                for k, c in melds):
            continue  # a batch has one rules: no 一五十 eaten under yiwushi=False
        named = win if rng.random() < 0.85 or wang else None
        quads = [i for i, (kind, _) in enumerate(melds) if kind in ("pao", "ti")]
        if quads and rng.random() < 0.5:  # the winning card completes an exposed 碰 or 偎 into that quad
            i = rng.choice(quads)
            kind, cards = melds[i]
            melds = melds[:i] + [("peng" if kind == "pao" else "wei", cards[:3])] + melds[i + 1:]
            counts = list(counts)
            counts[cards[0]] += 1
            named = win = cards[0]
        rows.append((counts, wang, melds, named, _flags(rng, preset, win, wang)))
    return rows


def _score_batch(preset: str, options: dict, rows: list[tuple]) -> np.ndarray:
    exposed = np.zeros((len(rows), 7, 4), np.int8)
    for i, (_, _, melds, _, _) in enumerate(rows):
        for j, (kind, cards) in enumerate(melds):
            exposed[i, j, 0] = MELD_CODES[kind]
            if kind == "chi":
                exposed[i, j, 1:] = cards
            else:
                exposed[i, j, 1] = cards[0]
    column = {name: np.array([f.get(name, False) for *_, f in rows]) for name in COLUMNS}
    return zipai.score_batch(
        np.array([r[0] for r in rows], np.uint8), exposed, rules=zipai.ScoringRules(preset, **options),
        win_card=np.array([-1 if r[3] is None else r[3] for r in rows]), wang=np.array([r[1] for r in rows]),
        xing=np.array([r[4].get("xing", -1) for r in rows]), xing_count=np.array([r[4].get("xing_count", -1)
                                                                                  for r in rows]),
        huangfan=np.array([r[4]["huangfan"] for r in rows]), **column)


def _expected(preset: str, options: dict, row: tuple) -> tuple[int, int, int, int]:
    counts, wang, melds, named, flags = row
    r = zipai.score(counts, melds, rules=zipai.ScoringRules(preset, **options), win_card=named, wang=wang, **flags)
    if r is None:
        return (-1, -1, -1, -1)
    return (r.score, r.huxi, -1 if r.tun is None else r.tun, -1 if r.fan is None else r.fan)


def _python_rows(monkeypatch) -> list[int]:
    """The rows score_batch hands to its Python step, recorded as it runs."""
    from lookup.zipai.scoring import score as score_module

    called: list[int] = []
    step = score_module._python_row

    def record(i, *args):
        called.append(i)
        return step(i, *args)

    monkeypatch.setattr(score_module, "_python_row", record)
    return called


def _compare(preset: str, monkeypatch, seed: str, rows_per_batch: int) -> int:
    """score_batch against score on random batches under every option set; the winning rows."""
    rng = random.Random(seed)
    called = _python_rows(monkeypatch)
    wins = 0
    for options in _option_sets(preset, rng):
        rows = _batch(preset, rng, rows_per_batch // 2 if preset == "yongzhou" else rows_per_batch)
        out = _score_batch(preset, options, rows)
        for i, row in enumerate(rows):
            got = tuple(int(out[i][f]) for f in ("score", "huxi", "tun", "fan"))
            assert got == _expected(preset, options, row), f"{preset} {options} row {i}: {row}"
            wins += got[0] >= 0
        if not (options.get("hanghangxi") or options.get("jia_hanghangxi")):
            assert not called, f"{preset} {options}: rows {called} left to the Python step"
        called.clear()
    return wins


@pytest.mark.parametrize("preset", PRESETS)
def test_score_batch_kernel_equals_score_row_by_row(preset, monkeypatch):
    assert _compare(preset, monkeypatch, f"score-batch-{preset}", 24) > 20


@pytest.mark.exhaustive
@pytest.mark.parametrize("preset", PRESETS)
def test_many_batches_equal_score_row_by_row(preset, monkeypatch):
    assert _compare(preset, monkeypatch, f"score-batch-many-{preset}", 240) > 200


def test_score_batch_kernel_reads_hengyang_ten_huxi_splits():
    """衡阳十胡卡 hands whose best split has 11 to 14 huxi and another 10, under each room option
    and situation: the kernel searches the splits as score does."""
    rows = []
    for hand, melds in (("二七八九十十贰贰", [("pao", (4,) * 4), ("peng", (10,) * 3), ("peng", (2,) * 3),
                                               ("chi", (15, 16, 17))]),
                        ("二七八九十十贰贰", [("pao", (4,) * 4), ("peng", (10,) * 3), ("wei", (2,) * 3),
                                               ("chi", (13, 14, 15))]),
                        ("一二三二七十贰贰", [("ti", (4,) * 4), ("peng", (10,) * 3), ("peng", (5,) * 3),
                                               ("chi", (15, 16, 17))])):
        counts = zipai.hand_counts(hand)
        for named in (None, *sorted({t for t in range(20) if counts[t]})):
            for flags in ({"discard": True}, {"self_drawn": True}, {"xing": 1}, {"xing_count": 2}):
                rows.append((counts, 0, melds, named, {"huangfan": 0, **flags}))
    rng = random.Random("hengyang-ka")
    ka = 0
    for options in _option_sets("hengyang_shihuka", rng):
        out = _score_batch("hengyang_shihuka", options, rows)
        for i, row in enumerate(rows):
            got = tuple(int(out[i][f]) for f in ("score", "huxi", "tun", "fan"))
            assert got == _expected("hengyang_shihuka", options, row), f"{options} row {i}: {row}"
            ka += got[1] == 10
    assert ka > 20


SPECIAL_HANDS = (("一二三 四五六 七八九 壹贰叁 贰柒拾 二王", [("pao", (17,) * 4)], "二"),
                 ("一二三 四五六 七八九 壹贰叁 贰柒拾 王王", [("pao", (17,) * 4)], "王"),
                 ("一二三 四五六 壹贰叁 肆伍陆 贰柒拾 九九 八王王王", [], "八"),
                 ("一二三 四五六 七八九 壹贰叁 肆伍陆 贰柒拾 王王王", [], "王"),
                 ("一二三 四五六 七八九 壹贰叁 肆伍陆 贰柒拾 二王王", [], "二"),
                 ("一二三 壹贰叁 贰柒拾 肆伍陆 五五 七八九 王王王王", [], "王"))
"""Hands whose best reading is a 王 special (王钓, 王钓王, 王炸, 王闯王, 王闯, 王炸王)."""


def test_score_batch_kernel_reads_the_wang_specials():
    rows = []
    for hand, melds, win in SPECIAL_HANDS:
        counts = zipai.hand_counts(hand.replace("王", ""))
        named = 20 if win == "王" else zipai.cards.parse_cards(win)[0]
        for xing in ({}, {"xing": 20}, {"xing": named % 20}, {"xing_count": 3}):
            rows.append((counts, hand.count("王"), melds, named, {"self_drawn": True, "huangfan": 0, **xing}))
    for options in ({}, {"anfan_xianhu": True}, {"hongzhuan": True, "cap": 300}, {"shuangxing": True}):
        out = _score_batch("yongzhou", options, rows)
        for i, row in enumerate(rows):
            got = tuple(int(out[i][f]) for f in ("score", "huxi", "tun", "fan"))
            assert got == _expected("yongzhou", options, row), f"{options} row {i}: {row}"


def test_score_batch_kernel_on_the_documented_conflicts():
    hand, melds = "二七八九十十贰贰", ["跑五", "碰壹", "碰三", "吃陆柒捌"]
    counts = np.array([zipai.hand_counts(hand)], np.uint8)
    exposed = np.array([[[3, 4, 0, 0], [1, 10, 0, 0], [1, 2, 0, 0], [5, 15, 16, 17]] + [[0] * 4] * 3], np.int8)
    out = zipai.score_batch(counts, exposed, rules="hengyang_shihuka", discard=True, win_card=7)
    assert out[["score", "huxi", "tun", "fan"]].tolist() == [(3, 10, 3, 1)]  # 10 huxi (3 囤) beat 13 (2 囤)
    assert zipai.hu(hand, melds, rules="hengyang_shihuka") == 13
    counts = np.array([zipai.hand_counts("二三四五六七八九")], np.uint8)
    exposed = np.array([[[2, 16, 0, 0], [5, 11, 16, 19], [5, 10, 11, 12], [5, 13, 14, 15]] + [[0] * 4] * 3], np.int8)
    out = zipai.score_batch(counts, exposed, rules="yongzhou", wang=1, self_drawn=True)
    assert out[["score", "huxi", "tun", "fan"]].tolist() == [(12, 18, 3, 4)]  # 王 read as 七 for 红胡


@pytest.mark.parametrize("preset", ["changde", "hengyang_shihuka", "anhua"])
def test_score_batch_kernel_errors_are_scores(preset):
    """Each row score refuses stops score_batch with score's error for that row."""
    good = zipai.hand_counts("贰柒拾 贰柒拾 二七十 一二三 四五六 叁肆伍 八九十")
    short = list(good)
    short[0] -= 1
    bad_rows = [
        (short, {}),  # 20 cards
        (good, {"win_card": 10}),  # 壹 is not in the hand
        (good, {"wang": 1}),  # 王 outside 永州
        (good, {"self_drawn": True, "discard": True}),
        (good, {"tianhu": True, "dihu": True}),
        (good, {"xing": 1}),
        (good, {"santi_wukan": True}),
        ([5] + good[1:], {}),
    ]
    for bad, flags in bad_rows:
        counts = np.array([good, bad, good], np.uint8)
        columns = {k: np.array([none, int(v), none]) for k, v in flags.items()
                   for none in [-1 if k in ("win_card", "xing", "xing_count") else 0]}
        try:
            zipai.score(bad, rules=preset, **flags)
        except ValueError as e:  # every error of score is one (typed, lookup.errors)
            with pytest.raises(type(e), match=f"^row 1: {re.escape(str(e))}$"):
                zipai.score_batch(counts, rules=preset, **columns)
        else:
            got = zipai.score_batch(counts, rules=preset, **columns)
            rest = {k: v for k, v in flags.items() if k != "win_card"}
            assert got["score"][1] == _expected(preset, {}, (bad, 0, [], flags.get("win_card"), rest))[0]
    exposed = np.zeros((3, 7, 4), np.int8)
    exposed[2, 0] = [5, 0, 4, 9]  # 吃一五十 without yiwushi
    counts = np.array([good] * 3, np.uint8)
    counts[2] = zipai.hand_counts("贰柒拾 贰柒拾 二七十 四五六 叁肆伍 八九十")
    rules = zipai.ScoringRules("hengyang_shihuka", yiwushi=False)
    with pytest.raises(InvalidMeldError, match="^row 2: bad meld 吃一五十"):
        zipai.score_batch(counts, exposed, rules=rules)


def test_split_huxis_are_those_of_part_splits():
    from lookup.zipai.encoding import VIEW
    from lookup.zipai.splits import SPLIT_WORK, part_splits, split_huxis
    from lookup.zipai.units import UNIT_CARDS, group_limit

    rng = random.Random("split-huxis")
    view = VIEW.get()
    found = 0
    for yiwushi in (False, True):
        g = view.of(yiwushi)
        for _ in range(1500):
            part = [0] * 20
            for u in rng.sample(range(group_limit(yiwushi)), rng.randint(1, 7)):
                cards = UNIT_CARDS[u]
                if all(part[t] + cards.count(t) <= 2 for t in cards):
                    for t in cards:
                        part[t] += 1
            pair = rng.randrange(20)
            if rng.random() < 0.5 and part[pair] == 0:
                part[pair] = 2
            want = 0
            for huxi, _ in part_splits(part, g):
                want |= 1 << huxi
            before = list(part)
            assert split_huxis(g.hu_view, part, [0] * SPLIT_WORK) == want, part
            assert part == before  # restored
            found += want.bit_count() > 1
    assert found > 10
