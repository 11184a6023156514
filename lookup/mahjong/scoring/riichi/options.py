"""The options of a riichi query: the rule options that change a score (:class:`Rules`) and
the names of the situation's flags and numbers (the order of a situation row's columns).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np

from ....errors import InvalidRulesError, quoted
from .hand import N_RULES, Kazoe, Rule

KAZOE = {"yakuman": Kazoe.YAKUMAN, "sanbaiman": Kazoe.SANBAIMAN, "unlimited": Kazoe.UNLIMITED}
"""The values of :class:`Rules`' ``kazoe``."""
FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou")
"""The situation's flags, in the columns' order."""
COUNTS = ("seat_wind", "round_wind", "honba", "kyoutaku")
"""The situation's numbers after the flags, in the columns' order."""
NO_INDICATOR = -1


@dataclass(frozen=True)
class Rules:
    """The rule options that change a score (the defaults are ``HandCalculator``'s): ``kuitan``
    open tanyao; ``aka`` red fives (one per numbered suit, a dora each); ``double_yakuman``
    13-wait kokushi, suuankou tanki, 9-wait chuuren and dai suushii count twice; ``kazoe``: 13
    han or more without a yakuman is a yakuman (``"yakuman"``), a sanbaiman (``"sanbaiman"``)
    or counts on (``"unlimited"``); ``kiriage`` 4 han 30 fu and 3 han 60 fu are mangan;
    ``fu_for_open_pinfu`` 2 fu for an open hand with none; ``fu_for_pinfu_tsumo`` 2 fu for
    tsumo on a hand with none (then no pinfu, as the reference calculator has it)."""

    kuitan: bool = False
    aka: bool = False
    double_yakuman: bool = True
    kazoe: str = "yakuman"
    kiriage: bool = False
    fu_for_open_pinfu: bool = True
    fu_for_pinfu_tsumo: bool = False
    row: np.ndarray = field(init=False, repr=False, compare=False)
    """The rules row of the kernels (:class:`.hand.Rule`)."""

    def __post_init__(self) -> None:
        for name in ("kuitan", "aka", "double_yakuman", "kiriage", "fu_for_open_pinfu", "fu_for_pinfu_tsumo"):
            if not isinstance(getattr(self, name), (bool, np.bool_)):
                raise InvalidRulesError(f"Rules.{name} must be a bool, got {quoted(getattr(self, name))}")
        if self.kazoe not in KAZOE:
            raise InvalidRulesError(f"Rules.kazoe must be one of {', '.join(KAZOE)}, got {quoted(self.kazoe)}")
        row = np.zeros(N_RULES, np.int64)
        row[Rule.KUITAN], row[Rule.AKA], row[Rule.DOUBLE_YAKUMAN] = self.kuitan, self.aka, self.double_yakuman
        row[Rule.KAZOE], row[Rule.KIRIAGE] = KAZOE[self.kazoe], self.kiriage
        row[Rule.FU_FOR_OPEN_PINFU], row[Rule.FU_FOR_PINFU_TSUMO] = self.fu_for_open_pinfu, self.fu_for_pinfu_tsumo
        row.flags.writeable = False
        object.__setattr__(self, "row", row)


DEFAULT_RULES = Rules()


def check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise InvalidRulesError(f"rules must be a riichi.Rules, got {quoted(rules)}")
    return rules




def rules_from_text(text: str) -> Rules:
    """The :class:`Rules` of a JSON object's text of its fields (``'{"aka": true}'``; ``""`` or
    ``"{}"`` the defaults), as a query string gives them."""
    try:
        fields = json.loads(text or "{}")
    except ValueError:
        fields = None
    if not isinstance(fields, dict) or not set(fields) <= set(Rules.__dataclass_fields__) - {"row"}:
        raise InvalidRulesError(f"rules must be a JSON object of Rules fields, got {quoted(text)}")
    return Rules(**fields)
