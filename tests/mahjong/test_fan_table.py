"""The Chinese Official fan table: each fan declared once, its row at its enum value, its
detector step naming it, and the kernels reading :class:`Fan` members as ints."""

from __future__ import annotations

import importlib
import inspect
import re

import pytest

from lookup.mahjong import rules
from lookup.mahjong.scoring.chinese.exclusions import EXCLUDED, PAIR_FANS
from lookup.mahjong.scoring.chinese.fans import ALL, FAN_NAMES, FAN_POINTS, FANS, WITHIN, Fan, check_table

PACKAGE = "lookup.mahjong.scoring.chinese"


def test_each_row_sits_at_its_fan_and_carries_its_name_and_points():
    assert [rule.fan for rule in FANS] == list(Fan)
    for rule in FANS:
        assert int(rule.fan) == FANS.index(rule)
        assert FAN_NAMES[rule.fan] == rule.name and FAN_POINTS[rule.fan] == rule.points
    assert len(set(FAN_NAMES)) == len(FANS)


def test_a_reordered_table_is_refused():
    swapped = (FANS[1], FANS[0], *FANS[2:])
    with pytest.raises(ValueError, match="大三元"):
        check_table(swapped)
    with pytest.raises(ValueError):
        check_table(FANS[:-1])


def test_the_exclusions_come_from_the_rows():
    implied = {(rule.fan, other): how for rule in FANS for other, how in rule.implies}
    for (fan, other), how in implied.items():
        assert EXCLUDED[fan, other] == how
    assert (EXCLUDED != 0).sum() == len(implied)
    assert EXCLUDED[Fan.PURE_TRIPLE_CHOW, Fan.PURE_DOUBLE_CHOW] == WITHIN
    assert EXCLUDED[Fan.SEVEN_PAIRS, Fan.CONCEALED_HAND] == ALL
    assert all(isinstance(fan, Fan) for fan in PAIR_FANS)


@pytest.mark.parametrize("rule", FANS, ids=lambda rule: rule.fan.name)
def test_each_fan_is_found_by_the_step_its_row_names(rule):
    module, _, function = rule.detector.partition(".")
    source = inspect.getsource(getattr(importlib.import_module(f"{PACKAGE}.{module}"), function))
    assert re.search(rf"\b{rule.fan.name}\b", source), f"{rule.detector} does not name {rule.fan.name}"


@pytest.mark.parametrize("module", ["fans", "tiles", "exclusions", "detectors", "scorer", "query"])
def test_fans_are_named_through_the_enum_only(module):
    """A module-level name of the package never spells a fan: ``rules.SEVEN_PAIRS`` (a rule bit)
    and ``Fan.SEVEN_PAIRS`` (the fan) cannot be taken for each other."""
    names = {name for name in vars(importlib.import_module(f"{PACKAGE}.{module}")) if name.isupper()}
    assert not names & set(Fan.__members__)
    assert rules.SEVEN_PAIRS == 1 and "SEVEN_PAIRS" in Fan.__members__


def test_numba_reads_fan_members_as_int_constants():
    from numba import njit

    @njit
    def points_of_seven_pairs(points):
        return Fan.SEVEN_PAIRS * 1000 + points[Fan.SEVEN_PAIRS]

    assert points_of_seven_pairs(FAN_POINTS) == FANS.index(FANS[Fan.SEVEN_PAIRS]) * 1000 + 24
