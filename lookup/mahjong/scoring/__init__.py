"""Scoring of winning mahjong hands: the readings every scoring system builds on
(:mod:`.readings`, and :mod:`.reading_tables`, the tables their kernels read) and one package
per rule set, :mod:`.chinese` for Chinese Official (国标), :mod:`.riichi` for Japanese riichi.

The public names are those of the Chinese Official queries (:mod:`.chinese.query`): ``fan``,
``fan_waits``, ``fan_batch``, ``FanScore`` and the input's codes and limits, and the package
``riichi`` (its queries compile nothing until called).
"""

from . import riichi
from .chinese.fans import FAN_NAMES, MAX_FLOWERS, MIN_FANS, N_WINDS
from .chinese.query import FLAGS, MELD_DTYPE, MELD_KINDS, SITUATION, FanScore, fan, fan_batch, fan_waits, one_tile

__all__ = ["FAN_NAMES", "FLAGS", "MAX_FLOWERS", "MELD_DTYPE", "MELD_KINDS", "MIN_FANS", "N_WINDS", "SITUATION",
           "FanScore", "fan", "fan_batch", "fan_waits", "one_tile", "riichi"]
