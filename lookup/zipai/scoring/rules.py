"""Zipai scoring presets and their room options: :class:`ScoringRules`.

A preset names a regional way of paying a win (docs/zipai-scoring.md): ``changde`` 常德跑胡子
全名堂, ``hengyang_shihuka`` 衡阳十胡卡, ``yongzhou`` 永州扯胡子 (with 王), ``anhua`` 安化跑胡子
and ``shaoyang_bopi`` 邵阳剥皮. Each has its own room options with defaults; an option a preset
does not have, or a value out of its domain, raises :class:`~lookup.errors.InvalidRulesError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
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
            return value
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

SCORING_PRESETS: Mapping[str, str] = MappingProxyType({
    "changde": "常德跑胡子", "hengyang_shihuka": "衡阳十胡卡", "yongzhou": "永州扯胡子", "anhua": "安化跑胡子",
    "shaoyang_bopi": "邵阳剥皮"})
"""Each scoring preset's name -> the game it scores, as its region calls it."""

MIN_HUXI = MappingProxyType({"changde": 15, "hengyang_shihuka": 10, "yongzhou": 15, "anhua": 15,
                             "shaoyang_bopi": 10})
"""The huxi a win needs under each preset (永州: its ``qihu`` option)."""

WANG_PRESETS = frozenset({"yongzhou"})
"""The presets whose rooms play with 王."""
XING_PRESETS = frozenset({"yongzhou", "hengyang_shihuka"})
"""The presets that count a 醒 card."""


@dataclass(frozen=True, init=False, repr=False)
class ScoringRules:
    """A scoring preset with its room options: ``ScoringRules("changde", hanghangxi=True)``.

    ``preset``: one of :data:`PRESET_OPTIONS`; ``room_options``: that preset's options by name
    (the rest keep their defaults). Each option is a field (None for the options the preset
    does not have); ``options`` maps the preset's own options to their values. ``ruleset`` is
    the :class:`lookup.zipai.RuleSet` the splits run under (its threshold, whether 一五十 is a
    group). As a JSON object: ``{"preset": "changde", "hanghangxi": true}``.
    """

    preset: str
    difen: int | None = None
    """常德: 底 1..6 added to 囤; 衡阳十胡卡: 底分 1/2/3 (2: 囤 + 1, 3: 囤 × 2); 安化: a score multiplier 1/2/3."""
    cap: int | None = None
    """常德 (10/20/100/200/500) and 永州 (300/600): the most a score pays; None: no cap."""
    hanghangxi: bool | None = None
    """常德: 行行息 (7 units each with huxi, no pair) is 8 番."""
    jia_hanghangxi: bool | None = None
    """常德: 假行行息 (6 units each with huxi, and the pair) is 4 番."""
    siqihong: bool | None = None
    """常德: 四七红 (exactly 4 or 7 red cards) is 3 番."""
    yiwushi: bool | None = None
    """衡阳十胡卡: 一五十 and 壹伍拾 are groups (3 / 6 huxi); on by default."""
    shuangxing: bool | None = None
    """衡阳十胡卡, 永州: 双醒, the 醒数 counted twice."""
    qihu: int | None = None
    """永州: the huxi a win needs, 15 or 21."""
    anfan_xianhu: bool | None = None
    """永州: 按番限胡, a win with n 王 needs 2^n 番."""
    hongzhuan: bool | None = None
    """永州: 红转朱黑, 13–15 red is 红转点 ×3, 16+ 红转黑 ×4."""
    yixi_yitun: bool | None = None
    """安化: 一息一囤, each huxi over 15 is a 囤 (else each 3)."""
    zimo_tun: bool | None = None
    """安化: 自摸加一囤; on by default."""
    zimo_fan: bool | None = None
    """安化: 自摸加番, 番 × 2 on 自摸."""
    hupai_jia: int | None = None
    """安化: 胡牌加N, N added to the score before 爬坡."""
    papo_cap: int | None = None
    """安化: the most 爬坡 multiplies by (2/4/8/16/32); None: no cap."""
    tiandihu: bool | None = None
    """邵阳剥皮: 天胡 and 地胡 add 10; on by default."""
    hongheidian: bool | None = None
    """邵阳剥皮: 红黑点, the red/black 名堂 of the hand value; on by default."""

    def __init__(self, preset: str, **room_options: Any):
        if not isinstance(preset, str) or preset not in PRESET_OPTIONS:
            raise InvalidRulesError(f"unknown zipai scoring preset {quoted(preset)}; presets are "
                                    f"{', '.join(PRESET_OPTIONS)}")
        known = PRESET_OPTIONS[preset]
        values: dict[str, OptionValue] = {name: option.default for name, option in known.items()}
        for name, value in room_options.items():
            if name not in known:
                if value is None and name in _FIELDS:
                    continue  # a field the preset lacks, left unset
                raise InvalidRulesError(f"{preset} has no room option {quoted(name)}; its options are "
                                        f"{', '.join(known)}")
            values[name] = known[name].check(preset, name, value)
        object.__setattr__(self, "preset", preset)
        for name in _FIELDS:
            object.__setattr__(self, name, values.get(name))

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The preset's room options and their values."""
        return MappingProxyType({name: getattr(self, name) for name in PRESET_OPTIONS[self.preset]})

    @property
    def ruleset(self) -> RuleSet:
        """The rule set the splits run under: the preset's threshold and group set."""
        key = (self.preset, self.min_huxi, bool(self.yiwushi))
        if key not in _RULESETS:
            _RULESETS[key] = RuleSet(f"scoring:{self.preset}", self.min_huxi, yiwushi=bool(self.yiwushi))
        return _RULESETS[key]

    @property
    def min_huxi(self) -> int:
        """The huxi a win needs."""
        return int(self.qihu) if self.preset == "yongzhou" and self.qihu else MIN_HUXI[self.preset]

    @property
    def has_wang(self) -> bool:
        """Whether the preset's rooms play with 王."""
        return self.preset in WANG_PRESETS

    def __repr__(self) -> str:
        changed = {n: v for n, v in self.options.items() if v != PRESET_OPTIONS[self.preset][n].default}
        extra = "".join(f", {n}={v!r}" for n, v in changed.items())
        return f"ScoringRules({self.preset!r}{extra})"


_FIELDS = tuple(f.name for f in fields(ScoringRules) if f.name != "preset")
if set(SCORING_PRESETS) != set(PRESET_OPTIONS):
    raise AssertionError("every scoring preset has its name")
_RULESETS: dict[tuple[str, int, bool], RuleSet] = {}
if set(_FIELDS) != {name for options in PRESET_OPTIONS.values() for name in options}:
    raise AssertionError("ScoringRules's fields are the room options of the presets")


def scoring_rules(rules: str | ScoringRules) -> ScoringRules:
    """``rules`` as a :class:`ScoringRules`: a preset name takes its default options; a mapping
    (``{"preset": "changde", "cap": 20}``, the JSON form) gives the preset and its options."""
    if isinstance(rules, ScoringRules):
        return rules
    if isinstance(rules, str):
        return _DEFAULTS.get(rules) or ScoringRules(rules)
    if isinstance(rules, Mapping) and "preset" in rules:
        options = dict(rules)
        return ScoringRules(options.pop("preset"), **options)
    raise InvalidRulesError(f"scoring rules are a preset name or a ScoringRules, got {quoted(rules)}")


_DEFAULTS = {name: ScoringRules(name) for name in PRESET_OPTIONS}
