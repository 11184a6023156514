"""Zipai scoring presets and their room options: :class:`ScoringRules`.

A preset names a regional way of paying a win (docs/zipai-scoring.md): ``changde`` 常德跑胡子
全名堂, ``hengyang_shihuka`` 衡阳十胡卡, ``yongzhou`` 永州扯胡子 (with 王), ``anhua`` 安化跑胡子
and ``shaoyang_bopi`` 邵阳剥皮. Each has its own room options with defaults; an option a preset
does not have, or a value out of its domain, raises :class:`~lookup.errors.InvalidRulesError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ...errors import InvalidRulesError, quoted
from ..rules import RuleSet

OptionValue = bool | int | None
"""A room option's value: a switch, a number, or None (no cap)."""


@dataclass(frozen=True)
class Option:
    """A room option: its default and the values it takes (``bool``: a switch; a tuple: those
    values; ``(lo, hi)`` with ``span``: the integers lo..hi)."""

    default: OptionValue
    values: tuple[OptionValue, ...] | type = bool
    span: bool = False

    def check(self, preset: str, name: str, value: object) -> OptionValue:
        """``value`` when the option takes it, else InvalidRulesError."""
        if self.values is bool:
            if isinstance(value, (bool, int)) and value in (0, 1):
                return bool(value)
            raise InvalidRulesError(f"{preset} room option {name} is a switch (True/False), got {quoted(value)}")
        assert isinstance(self.values, tuple)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidRulesError(f"{preset} room option {name} takes an integer, got {quoted(value)}")
        if self.span:
            lo, hi = self.values
            assert isinstance(lo, int) and isinstance(hi, int)
            if value is not None and lo <= value <= hi:
                return value
            raise InvalidRulesError(f"{preset} room option {name} takes {lo}..{hi}, got {quoted(value)}")
        if value in self.values:
            return value  # type: ignore[return-value]  # one of the listed values
        shown = ", ".join("none" if v is None else str(v) for v in self.values)
        raise InvalidRulesError(f"{preset} room option {name} takes one of {shown}, got {quoted(value)}")


_SWITCH_OFF, _SWITCH_ON = Option(False), Option(True)

PRESET_OPTIONS: Mapping[str, Mapping[str, Option]] = MappingProxyType({
    "changde": {"difen": Option(1, (1, 6), span=True), "cap": Option(None, (None, 10, 20, 100, 200, 500)),
                "hanghangxi": _SWITCH_OFF, "jia_hanghangxi": _SWITCH_OFF, "siqihong": _SWITCH_OFF},
    "hengyang_shihuka": {"yiwushi": _SWITCH_ON, "difen": Option(1, (1, 2, 3)), "shuangxing": _SWITCH_OFF},
    "yongzhou": {"qihu": Option(15, (15, 21)), "anfan_xianhu": _SWITCH_OFF, "hongzhuan": _SWITCH_OFF,
                 "shuangxing": _SWITCH_OFF, "cap": Option(None, (None, 300, 600))},
    "anhua": {"difen": Option(1, (1, 2, 3)), "yixi_yitun": _SWITCH_OFF, "zimo_tun": _SWITCH_ON,
              "zimo_fan": _SWITCH_OFF, "hupai_jia": Option(0, (0, 1000), span=True),
              "papo_cap": Option(None, (None, 2, 4, 8, 16, 32))},
    "shaoyang_bopi": {"tiandihu": _SWITCH_ON, "hongheidian": _SWITCH_ON},
})
"""The room options of each preset, with their defaults and domains."""

MIN_HUXI = MappingProxyType({"changde": 15, "hengyang_shihuka": 10, "yongzhou": 15, "anhua": 15,
                             "shaoyang_bopi": 10})
"""The huxi a win needs under each preset (永州: its ``qihu`` option)."""

WANG_PRESETS = frozenset({"yongzhou"})
"""The presets whose rooms play with 王."""
XING_PRESETS = frozenset({"yongzhou", "hengyang_shihuka"})
"""The presets that count a 醒 card."""


class ScoringRules:
    """A scoring preset with its room options: ``ScoringRules("changde", hanghangxi=True)``.

    ``preset``: one of :data:`PRESET_OPTIONS`; ``room_options``: that preset's options by name
    (the rest keep their defaults). ``options`` holds every option's value; each is also an
    attribute (``rules.difen``). ``ruleset`` is the :class:`lookup.zipai.RuleSet` the splits run
    under (its threshold and whether 一五十 is a group). Equal presets with equal options compare equal.
    """

    __slots__ = ("preset", "options", "ruleset")

    preset: str
    options: Mapping[str, OptionValue]
    ruleset: RuleSet

    def __init__(self, preset: str, **room_options: Any):
        if not isinstance(preset, str) or preset not in PRESET_OPTIONS:
            raise InvalidRulesError(f"unknown zipai scoring preset {quoted(preset)}; presets are "
                                    f"{', '.join(PRESET_OPTIONS)}")
        known = PRESET_OPTIONS[preset]
        values: dict[str, OptionValue] = {name: option.default for name, option in known.items()}
        for name, value in room_options.items():
            if name not in known:
                raise InvalidRulesError(f"{preset} has no room option {quoted(name)}; its options are "
                                        f"{', '.join(known)}")
            values[name] = known[name].check(preset, name, value)
        min_huxi = values["qihu"] if preset == "yongzhou" else MIN_HUXI[preset]
        assert isinstance(min_huxi, int)
        object.__setattr__(self, "preset", preset)
        object.__setattr__(self, "options", MappingProxyType(values))
        object.__setattr__(self, "ruleset", RuleSet(f"scoring:{preset}", min_huxi,
                                                     yiwushi=bool(values.get("yiwushi", False))))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ScoringRules is immutable")

    def __getattr__(self, name: str) -> OptionValue:
        try:
            return object.__getattribute__(self, "options")[name]  # type: ignore[no-any-return]
        except (KeyError, AttributeError):
            raise AttributeError(name) from None

    @property
    def min_huxi(self) -> int:
        """The huxi a win needs."""
        return self.ruleset.min_huxi

    @property
    def has_wang(self) -> bool:
        """Whether the preset's rooms play with 王."""
        return self.preset in WANG_PRESETS

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ScoringRules) and other.preset == self.preset
                and dict(other.options) == dict(self.options))

    def __hash__(self) -> int:
        return hash((self.preset, tuple(sorted(self.options.items()))))

    def __repr__(self) -> str:
        changed = {n: v for n, v in self.options.items() if v != PRESET_OPTIONS[self.preset][n].default}
        extra = "".join(f", {n}={v!r}" for n, v in changed.items())
        return f"ScoringRules({self.preset!r}{extra})"


def scoring_rules(rules: str | ScoringRules) -> ScoringRules:
    """``rules`` as a :class:`ScoringRules`: a preset name takes its default options."""
    if isinstance(rules, ScoringRules):
        return rules
    if isinstance(rules, str):
        return _DEFAULTS.get(rules) or ScoringRules(rules)
    raise InvalidRulesError(f"scoring rules are a preset name or a ScoringRules, got {quoted(rules)}")


_DEFAULTS = {name: ScoringRules(name) for name in PRESET_OPTIONS}
