"""Shisanshui rules: the special hands, the :class:`Rules` dataclass and its presets (docs/shisanshui.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeAlias

from ..errors import InvalidRulesError, quoted
from ..rules import Presets, int_field, validate_fields

SPECIALS = {
    # name: (default points, definition)
    "至尊清龙": (32, "A to K of one suit: all 13 ranks, one suit"),
    "一条龙": (30, "A to K: one card of each of the 13 ranks"),
    "十二皇族": (24, "all 13 cards J, Q, K or A"),
    "三同花顺": (20, "rows of one suit in sequence: two 5-card straight flushes and a 3-card one "
                 "(3 consecutive ranks of one suit, A-2-3 and Q-K-A included)"),
    "三分天下": (20, "three four-of-a-kinds (and one card)"),
    "全大": (10, "all 13 cards 8 to A"),
    "全小": (10, "all 13 cards 2 to 8"),
    "凑一色": (10, "all 13 cards red (♥ ♦) or all black (♠ ♣)"),
    "双怪冲三": (8, "two three-of-a-kinds, three pairs and one card (a four of a kind counts as two pairs)"),
    "四套三条": (6, "four three-of-a-kinds and one card (a four of a kind counts as three and the one card)"),
    "五对三条": (5, "five pairs and a three of a kind (a four of a kind counts as two pairs)"),
    "六对半": (4, "six pairs and one card (a four of a kind counts as two pairs, a three of a kind "
               "as a pair and the one card): exactly one rank with an odd count"),
    "三顺子": (4, "two 5-card straights and 3 cards in sequence (any suits; A-2-3 and Q-K-A count)"),
    "三同花": (3, "two 5-card flushes and 3 cards of one suit"),
}
"""The special hands (特殊牌型), highest default points first, with their exact definitions."""

SpecialPoints: TypeAlias = tuple[tuple[str, int], ...]
SpecialPointsLike: TypeAlias = SpecialPoints | Mapping[str, int]

DEFAULT_SPECIAL_POINTS: SpecialPoints = tuple((name, pts) for name, (pts, _) in SPECIALS.items())
"""(name, points) of every special hand at its default points."""

MAX_POINTS = 1000
MAX_MULTIPLIER = 100


@dataclass(frozen=True)
class Rules:
    """Scoring and ranking rules. Presets: ``PRESETS``; build others with ``dataclasses.replace``.

    Row points are what the winner of a row gets from the loser, read from the winner's row.
    ``special_points`` maps each special hand to its points (0..1000; a mapping or (name,
    points) pairs, stored as pairs); 0 (or leaving it out) disables it. Points are 0..1000,
    multipliers 1..100; ``home_run_min_players`` is 3..5 (5: never, a deal has 2-4 players).
    """

    name: str = "custom"
    a5_lowest: bool = False            # A-2-3-4-5 the lowest straight instead of the second highest
    row_win: int = int_field(1, 0, MAX_POINTS)                 # any row won
    front_trips: int = int_field(3, 0, MAX_POINTS)             # 三尖刀
    middle_full_house: int = int_field(3, 0, MAX_POINTS)
    middle_quads: int = int_field(8, 0, MAX_POINTS)
    middle_straight_flush: int = int_field(10, 0, MAX_POINTS)
    back_quads: int = int_field(4, 0, MAX_POINTS)
    back_straight_flush: int = int_field(5, 0, MAX_POINTS)
    shoot_multiplier: int = int_field(2, 1, MAX_MULTIPLIER)       # 打枪: winning all three rows against one opponent
    home_run_multiplier: int = int_field(2, 1, MAX_MULTIPLIER)    # 全垒打: shooting every opponent (3+ players)
    home_run_min_players: int = int_field(3, 3, 5)
    special_points: SpecialPointsLike = DEFAULT_SPECIAL_POINTS

    def __post_init__(self) -> None:
        validate_fields(self)
        points = self.special_points
        items = points.items() if isinstance(points, Mapping) else points
        try:
            pairs = tuple((name, value) for name, value in items)
        except (TypeError, ValueError):
            raise InvalidRulesError("rules field special_points maps special hand names to points") from None
        for i, (name, value) in enumerate(pairs):
            if not isinstance(name, str) or name not in SPECIALS:
                raise InvalidRulesError(f"rules field special_points: unknown special hand {quoted(name)}; "
                                        f"known: {' '.join(SPECIALS)}")
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_POINTS:
                raise InvalidRulesError(f"rules field special_points: {name} must be an integer "
                                        f"0..{MAX_POINTS}, got {quoted(value)}")
            if any(name == earlier for earlier, _ in pairs[:i]):
                raise InvalidRulesError(f"rules field special_points: {name} is given twice")
        object.__setattr__(self, "special_points", pairs)

    @property
    def multipliers(self) -> tuple[int, int, int]:
        """``(shoot_multiplier, home_run_multiplier, home_run_min_players)``, as the settlement of a
        deal takes them (:func:`lookup.shisanshui.deal.settle_deal`)."""
        return self.shoot_multiplier, self.home_run_multiplier, self.home_run_min_players

    def points_of_special(self, name: str) -> int:
        """Points of the special hand ``name`` under these rules (0: not scored)."""
        return dict(self.special_points).get(name, 0)


PRESETS: Presets[Rules] = Presets("shisanshui", Rules, [
    Rules("standard"),
    Rules("a5_lowest", a5_lowest=True),
    Rules("middle_fh2", middle_full_house=2),
])
"""``standard``: the table of docs/shisanshui.md. ``a5_lowest``: the same with A-2-3-4-5 the
lowest straight. ``middle_fh2``: the other common server table, a middle full house worth 2."""

get_rules = PRESETS.resolve
"""The rules a query runs under: a preset name or a :class:`Rules` (``PRESETS.resolve``)."""
