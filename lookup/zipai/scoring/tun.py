"""囤 of each scoring preset, from the huxi of a win (邵阳剥皮 has none)."""

from __future__ import annotations

from .rules import ScoringRules
from .situation import Situation

HENGYANG_LOW = {10: 3, 11: 1, 12: 2, 13: 2, 14: 2}
"""衡阳十胡卡's 囤 below 15 huxi: 10 huxi (卡) is worth 3, more than 11 to 14."""


def hengyang_table(huxi: int) -> int:
    """衡阳十胡卡's 囤 table T(h): 10 → 3, 11 → 1, 12–14 → 2, then 3 + ⌊(h − 15)/3⌋ from 15."""
    return HENGYANG_LOW[huxi] if huxi < 15 else 3 + (huxi - 15) // 3


def tun(rules: ScoringRules, huxi: int, s: Situation, xing: int) -> int:
    """The 囤 of a win of ``huxi`` (at least the preset's threshold) under ``rules``.

    常德: 底 + ⌊(h − 15)/3⌋, + 1 on 自摸. 衡阳十胡卡: T(h), then 底分 (2: + 1, 3: × 2), then + 醒数
    ``xing``. 永州: ⌊(h − 起胡)/3⌋ + 2 (its 醒数 is added in the score). 安化: 1 + ⌊(h − 15)/k⌋,
    k 3 (1 with ``yixi_yitun``), + 1 on 自摸 with ``zimo_tun`` (not on 天胡).
    """
    preset = rules.preset
    if preset == "changde":
        return int(rules.difen or 0) + (huxi - 15) // 3 + s.self_drawn
    if preset == "hengyang_shihuka":
        t = hengyang_table(huxi)
        t = t + 1 if rules.difen == 2 else t * 2 if rules.difen == 3 else t
        return t + xing
    if preset == "yongzhou":
        return (huxi - rules.min_huxi) // 3 + 2
    if preset == "anhua":
        k = 1 if rules.yixi_yitun else 3
        return 1 + (huxi - 15) // k + (bool(rules.zimo_tun) and s.self_drawn and not s.tianhu)
    raise AssertionError(f"{preset} has no 囤")
