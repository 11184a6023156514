"""Mahjong: hu, ting, shanten, decompositions and discard advice from per-suit tables (SPEC §2,
issue 11: the rule variants and jokers in shanten).

Modules, from the notation to the queries:

- :mod:`.tiles`: tile notation (tenhou, UVa 11210, Chinese, Unicode): parsing, formatting,
  :data:`~.tiles.Hand` (every form a hand may take) and :func:`~.tiles.hand_counts`.
- :mod:`.rules`: :class:`RuleSet`, the presets (``PRESETS``) and ``get_rules``; the rule bits
  the kernels take.
- :mod:`.encoding`: the contract the generator (``tablegen.mahjong``) and the runtime share:
  tile and suit layout, the base-5 suit keys, the packed entry layouts, the orphan set.
- :mod:`.hand`: per-hand hu and ting steps (jitable: plain Python for one hand, compiled
  into the kernels): hand sizes, the row scan, standard, joker and special forms.
- :mod:`.variants`: per-hand hu and ting steps of the rule variants (jitable): 全不靠,
  七星不靠, 组合龙, the 258 pair and its waivers, 将将胡, 缺一门, the tiles in the game.
- :mod:`.kernels`: the hu and ting batch kernels (loops over rows).
- :mod:`.shanten_hand`: per-hand shanten steps (jitable): per-suit costs and their min-plus
  merges, the plain words that count them instead, the special forms, the tiles that lower
  the shanten.
- :mod:`.shanten_budget`: the standard form's shanten under any rules: suits limited
  (缺一门), jokers over 4 copies, the tiles that lower it (jitable).
- :mod:`.shanten_forms`: every form's shanten under any rule set, and the tiles that lower
  the least (jitable).
- :mod:`.shanten_knitted`: 组合龙's shanten and the tiles that lower it (jitable).
- :mod:`.shanten_kernels`: the shanten batch and discard-advice kernels.
- :mod:`.inputs`: what every query does with its input: rules, counts and keys, checks,
  batch arrays, kernel statuses as typed errors.
- :mod:`.queries`: ``is_hu``, ``ting``, ``ting_mask``, ``mask_to_tiles``, ``is_hu_batch``,
  ``ting_batch``.
- :mod:`.shanten`: ``shanten``, ``shanten_batch``, ``discard_advice``, ``Advice``.
- :mod:`.decompositions`: ``decompositions``, ``Decomposition`` (the split lists read on
  demand from the mapped table file).

Importing the package loads no table and compiles nothing.
"""

from .decompositions import Decomposition, decompositions
from .queries import is_hu, is_hu_batch, mask_to_tiles, ting, ting_batch, ting_mask
from .rules import PRESETS, RuleSet, get_rules
from .shanten import Advice, discard_advice, shanten, shanten_batch
from .tiles import NOTATIONS, Hand, format_counts, format_tiles, hand_counts, parse_tiles, tile_name

__all__ = [
    "is_hu", "ting", "ting_mask", "is_hu_batch", "ting_batch", "shanten", "shanten_batch",
    "decompositions", "Decomposition", "discard_advice", "Advice", "mask_to_tiles",
    "RuleSet", "PRESETS", "get_rules",
    "Hand", "NOTATIONS", "parse_tiles", "hand_counts", "tile_name", "format_tiles", "format_counts",
]
