"""Mahjong rule sets (SPEC §2): which winning forms count, and the tiles in play.

Presets: ``standard`` (standard hands only, as UVa 11210), ``riichi`` (standard, seven
pairs of distinct kinds, thirteen orphans: agrees with the ``mahjong`` and ``xiangting``
packages), ``chinese`` (standard, seven pairs where four of a kind counts as two pairs,
thirteen orphans), ``sichuan`` (no honor tiles in the game; standard and seven pairs with
four of a kind as two pairs). Build your own with ``RuleSet(name=..., ...)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidRulesError
from ..rules import Presets, validate_fields


@dataclass(frozen=True)
class RuleSet:
    """A mahjong rule set.

    seven_pairs: 14 tiles as 7 pairs win. quad_as_two_pairs: four of a kind counts as two
    of those pairs (else the 7 pairs must be of distinct kinds). thirteen_orphans: one of
    each terminal and honor plus a duplicate of one wins. honors: honor tiles are in the
    game (a hand holding one is refused when False). Fields are checked by type
    (:func:`lookup.rules.validate_fields`) and for consistency.
    """

    name: str = "custom"
    seven_pairs: bool = False
    quad_as_two_pairs: bool = False
    thirteen_orphans: bool = False
    honors: bool = True

    def __post_init__(self) -> None:
        validate_fields(self)
        if self.quad_as_two_pairs and not self.seven_pairs:
            raise InvalidRulesError("quad_as_two_pairs needs seven_pairs")
        if self.thirteen_orphans and not self.honors:
            raise InvalidRulesError("thirteen_orphans needs honor tiles")


PRESETS: Presets[RuleSet] = Presets("mahjong", RuleSet, [
    RuleSet("standard"),
    RuleSet("riichi", seven_pairs=True, thirteen_orphans=True),
    RuleSet("chinese", seven_pairs=True, quad_as_two_pairs=True, thirteen_orphans=True),
    RuleSet("sichuan", seven_pairs=True, quad_as_two_pairs=True, honors=False),
])
"""The named rule sets (a read-only mapping name -> RuleSet)."""

get_rules = PRESETS.resolve
"""A RuleSet from a preset name or a RuleSet (an unknown name raises InvalidRulesError)."""

