"""Mahjong rule sets: which winning forms count, and the tiles in play.

Presets: ``standard`` (standard hands only, as UVa 11210), ``riichi`` (standard, seven
pairs of distinct kinds, thirteen orphans: agrees with the ``mahjong`` and ``xiangting``
packages), ``chinese`` (Chinese Official: standard, seven pairs where four of a kind counts
as two pairs, thirteen orphans, 全不靠 and 组合龙), ``sichuan`` (no honor tiles; standard and
seven pairs with four of a kind as two pairs; 缺一门: at most two suits), ``changsha`` (no
honor tiles; the 258 pair with its waivers, 将将胡, seven pairs), ``sanma`` (three-player
riichi: riichi without the tiles 2m-8m). Build your own with ``RuleSet(name=..., ...)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InvalidRulesError
from ..rules import Presets, int_field, validate_fields

# Bits of RuleSet.bits: the rules as the kernels take them (one int64 argument).
SEVEN_PAIRS = 1 << 0
QUADS = 1 << 1            # quad_as_two_pairs
ORPHANS = 1 << 2          # thirteen_orphans
HONORS = 1 << 3
KNITTED_HONORS = 1 << 4
KNITTED_STRAIGHT = 1 << 5
PAIR_258 = 1 << 6
PONGS_WAIVE_258 = 1 << 7
ONE_SUIT_WAIVES_258 = 1 << 8
ALL_258 = 1 << 9
THREE_PLAYER = 1 << 10
MAX_SUITS_SHIFT = 11      # max_suits (1..3) in two bits from here
VARIANTS = (KNITTED_HONORS | KNITTED_STRAIGHT | PAIR_258 | ALL_258 | THREE_PLAYER
            | (3 << MAX_SUITS_SHIFT))
"""The bits whose forms or limits the plain paths (standard, seven pairs, thirteen orphans)
do not know; rules with any of them (max_suits below 3 included) take the variant paths."""
MAX_SUITS_3 = 3 << MAX_SUITS_SHIFT


@dataclass(frozen=True)
class RuleSet:
    """A mahjong rule set.

    seven_pairs: 14 tiles as 7 pairs win. quad_as_two_pairs: four of a kind counts as two
    of those pairs (else the 7 pairs must be of distinct kinds). thirteen_orphans: one of
    each terminal and honor plus a duplicate of one wins. honors: honor tiles are in the
    game (a hand holding one is refused when False). knitted_honors: 全不靠 (七星不靠
    included) wins; knitted_straight: 组合龙 wins. pair_258: a standard hand wins only with a
    pair of rank 2, 5 or 8 of a numbered suit (二五八将); pongs_waive_258 and
    one_suit_waives_258 waive that for a hand whose melds can all be pongs (碰碰胡) or whose
    tiles are all of one numbered suit (清一色); all_258: 14 tiles all of rank 2, 5 or 8 win
    in any arrangement (将将胡). max_suits: a hand holding tiles of more numbered suits does
    not win (缺一门: 2). three_player: the tiles 2m-8m are not in the game (三麻). Fields are
    checked by type (:func:`lookup.rules.validate_fields`) and for consistency.
    """

    name: str = "custom"
    seven_pairs: bool = False
    quad_as_two_pairs: bool = False
    thirteen_orphans: bool = False
    honors: bool = True
    knitted_honors: bool = False
    knitted_straight: bool = False
    pair_258: bool = False
    pongs_waive_258: bool = False
    one_suit_waives_258: bool = False
    all_258: bool = False
    max_suits: int = int_field(3, 1, 3)
    three_player: bool = False
    bits: int = field(default=0, init=False, repr=False, compare=False)
    """Derived: the rule bits above, as the kernels take them."""
    plain: bool = field(default=True, init=False, repr=False, compare=False)
    """Derived: only standard hands, seven pairs and thirteen orphans (the plain paths)."""
    knitted: bool = field(default=False, init=False, repr=False, compare=False)
    """Derived: the plain forms and 全不靠 and/or 组合龙, nothing else (the knitted shanten kernel)."""

    def __post_init__(self) -> None:
        validate_fields(self)
        needs = (("quad_as_two_pairs", "seven_pairs", self.seven_pairs),
                 ("thirteen_orphans", "honor tiles", self.honors),
                 ("knitted_honors", "honor tiles", self.honors),
                 ("pongs_waive_258", "pair_258", self.pair_258),
                 ("one_suit_waives_258", "pair_258", self.pair_258))
        for name, what, present in needs:
            if getattr(self, name) and not present:
                raise InvalidRulesError(f"{name} needs {what}")
        for name in ("thirteen_orphans", "knitted_honors", "knitted_straight"):
            if getattr(self, name) and self.max_suits < 3:
                raise InvalidRulesError(f"{name} needs all three suits (max_suits 3)")
            if getattr(self, name) and name != "thirteen_orphans" and self.three_player:
                raise InvalidRulesError(f"{name} needs the tiles 2m-8m (not three_player)")
        if self.pair_258 and self.three_player:
            raise InvalidRulesError("pair_258 and three_player do not combine")
        if self.pongs_waive_258 and self.max_suits < 3:
            raise InvalidRulesError("pongs_waive_258 needs max_suits 3")
        bits = (SEVEN_PAIRS * self.seven_pairs | QUADS * self.quad_as_two_pairs | ORPHANS * self.thirteen_orphans
                | HONORS * self.honors | KNITTED_HONORS * self.knitted_honors
                | KNITTED_STRAIGHT * self.knitted_straight | PAIR_258 * self.pair_258
                | PONGS_WAIVE_258 * self.pongs_waive_258 | ONE_SUIT_WAIVES_258 * self.one_suit_waives_258
                | ALL_258 * self.all_258 | THREE_PLAYER * self.three_player | self.max_suits << MAX_SUITS_SHIFT)
        object.__setattr__(self, "bits", bits)
        object.__setattr__(self, "plain", (bits & VARIANTS) == MAX_SUITS_3)
        knitted = KNITTED_HONORS | KNITTED_STRAIGHT
        object.__setattr__(self, "knitted", bits & knitted != 0 and (bits & VARIANTS & ~knitted) == MAX_SUITS_3)



PRESETS: Presets[RuleSet] = Presets("mahjong", RuleSet, [
    RuleSet("standard"),
    RuleSet("riichi", seven_pairs=True, thirteen_orphans=True),
    RuleSet("chinese", seven_pairs=True, quad_as_two_pairs=True, thirteen_orphans=True, knitted_honors=True,
            knitted_straight=True),
    RuleSet("sichuan", seven_pairs=True, quad_as_two_pairs=True, honors=False, max_suits=2),
    RuleSet("changsha", seven_pairs=True, quad_as_two_pairs=True, honors=False, pair_258=True,
            pongs_waive_258=True, one_suit_waives_258=True, all_258=True),
    RuleSet("sanma", seven_pairs=True, thirteen_orphans=True, three_player=True),
])
"""The named rule sets (a read-only mapping name -> RuleSet)."""

get_rules = PRESETS.resolve
"""A RuleSet from a preset name or a RuleSet (an unknown name raises InvalidRulesError)."""
