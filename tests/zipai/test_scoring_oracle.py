"""zipai.score against a brute-force twin (tests/zipai/scoring_twin.py) on seeded random
winning-shaped hands of every preset, with exposed melds, 王, flags and room options."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from lookup import zipai
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
