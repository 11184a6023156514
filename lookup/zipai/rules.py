"""Zipai rule sets: :class:`RuleSet`, the named presets and the resolver every query uses."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Presets, int_field, validate_fields


@dataclass(frozen=True)
class RuleSet:
    """A zipai rule set.

    min_huxi: a hand wins when its total huxi (hand groups, 坎/提 in the hand, exposed melds)
    reaches it (an integer 0..1000). pair_with_quad: the pair is required exactly when the
    player has a 提 or 跑 (in the hand or exposed), as docs/zipai.md says; when False the size of the
    checked part alone decides (3k+2 cards: groups and one pair; 3k: groups only), with or
    without a 提/跑. yiwushi: 一五十 and 壹伍拾 are groups too (3 huxi small, 6 big, in the hand
    and eaten), as in 衡阳十胡卡. Fields are checked when the rule set is built
    (:func:`lookup.rules.validate_fields`).
    """

    name: str = "custom"
    min_huxi: int = int_field(10, 0, 1000)
    pair_with_quad: bool = True
    yiwushi: bool = False

    def __post_init__(self) -> None:
        validate_fields(self)


PRESETS: Presets[RuleSet] = Presets("zipai", RuleSet, [
    RuleSet("paohuzi", 10),       # the default; also 桂林字牌, 衡阳红黑, 耒阳提龙
    RuleSet("guilin", 10),        # 桂林字牌
    RuleSet("hengyang", 10),      # 衡阳红黑
    RuleSet("leiyang", 10),       # 耒阳提龙
    RuleSet("hunan", 15),         # classic Hunan 跑胡子
    RuleSet("loudi", 15),         # 娄底放炮罚
    RuleSet("liuhuqiang", 6),     # 六胡抢
    RuleSet("hengyang_shihuka", 10, yiwushi=True),  # 衡阳十胡卡: 一五十 / 壹伍拾 are groups
])
"""The named zipai rule sets (a mapping from name to RuleSet)."""

get_rules = PRESETS.resolve
"""A zipai RuleSet from a preset name or a RuleSet (unknown names raise InvalidRulesError)."""
