"""Mahjong: hu, ting, shanten, decompositions and discard advice from per-suit tables, under
rule variants and with jokers.

Modules, from the notation to the queries:

- :mod:`.tiles`: tile notation (tenhou, UVa 11210, Chinese, Unicode), :data:`~.tiles.Hand`.
- :mod:`.rules`: :class:`RuleSet`, the presets (``PRESETS``), ``get_rules``, the rule bits.
- :mod:`.encoding`: what the generator (``tablegen.mahjong``) and the runtime share: tile
  and suit layout, the base-5 suit keys, the packed entry layouts.
- :mod:`.row`: the per-row step (count words, row scan, status, keys).
- :mod:`.forms`: one module per winning form, each with its hu, waits, shanten and the
  tiles that lower it (jitable): :mod:`.forms.standard`, :mod:`.forms.seven_pairs`,
  :mod:`.forms.thirteen_orphans`, :mod:`.forms.knitted` and :mod:`.forms.knitted_rest`
  (全不靠, 七星不靠, 组合龙), :mod:`.forms.limits` (258 pair, 将将胡, 碰碰胡, 清一色,
  max suits, three-player); :mod:`.forms.costs`, the shanten arithmetic they share.
- :mod:`.wins`: hu and waits of every form together; :mod:`.lacking`: the shanten of every
  form together; :mod:`.lowering`: the tiles that lower it, for discard advice.
- :mod:`.kernels`: every Numba kernel but those of scoring (loops over rows or discards).
- :mod:`.inputs`: what every query does with its input and with a kernel's status.
- :mod:`.queries`: ``is_hu``, ``ting``, ``ting_mask``, ``mask_to_tiles``, ``is_hu_batch``,
  ``ting_batch``; :mod:`.shanten`: ``shanten``, ``shanten_batch``, ``discard_advice``,
  ``discard_batch``; :mod:`.decompositions`: ``decompositions``.
- :mod:`.scoring`: the readings of a winning hand (:mod:`.scoring.readings`); Chinese Official
  (国标) scoring, ``fan``, ``fan_waits``, ``fan_batch`` (:mod:`.scoring.chinese`); riichi scoring,
  ``riichi`` (:mod:`.scoring.riichi`) and its routes' ``riichi_score``, ``riichi_score_waits``,
  ``riichi_score_batch``.

The shanten's unit throughout is *lacking* (:mod:`.forms.costs`): shanten = lacking - jokers - 1.
Importing the package loads no table and compiles nothing.
"""

from typing import TYPE_CHECKING

from .. import lazy

if TYPE_CHECKING:  # the public names as mypy and IDEs see them
    from .decompositions import Decomposition, decompositions
    from .encoding import HONOR_OFFSET, MAX_JOKERS, MAX_MELDS, N_SUIT_RANKS, N_TILE_KINDS, SUIT_OFFSETS
    from .queries import is_hu, is_hu_batch, mask_to_tiles, ting, ting_batch, ting_mask
    from .registry import QUERIES
    from .rules import PRESETS, RuleSet, get_rules
    from .scoring import (
        FAN_NAMES,
        MAX_FLOWERS,
        MELD_DTYPE,
        MIN_FANS,
        N_WINDS,
        FanScore,
        fan,
        fan_batch,
        fan_waits,
        riichi,
    )
    from .scoring.riichi.routes import riichi_score, riichi_score_batch, riichi_score_waits
    from .shanten import Advice, DiscardFeatures, discard_advice, discard_batch, shanten, shanten_batch
    from .tiles import NOTATIONS, Hand, format_counts, format_tiles, hand_counts, parse_tiles, tile_name
else:  # the same names by defining submodule, each imported on first use
    __getattr__, __dir__ = lazy.exports(__name__, {
        "decompositions": ("Decomposition", "decompositions"),
        "queries": ("is_hu", "is_hu_batch", "mask_to_tiles", "ting", "ting_batch", "ting_mask"),
        "rules": ("PRESETS", "RuleSet", "get_rules"),
        "scoring": ("FanScore", "MELD_DTYPE", "fan", "fan_batch", "fan_waits", "FAN_NAMES", "MAX_FLOWERS", "MIN_FANS",
                    "N_WINDS", "riichi"),
        "scoring.riichi.routes": ("riichi_score", "riichi_score_batch", "riichi_score_waits"),
        "shanten": ("Advice", "DiscardFeatures", "discard_advice", "discard_batch", "shanten", "shanten_batch"),
        "tiles": ("NOTATIONS", "Hand", "format_counts", "format_tiles", "hand_counts", "parse_tiles", "tile_name"),
        "registry": ("QUERIES",),
        "encoding": ("HONOR_OFFSET", "MAX_JOKERS", "MAX_MELDS", "N_SUIT_RANKS", "N_TILE_KINDS", "SUIT_OFFSETS"),
    })

__all__ = [
    "is_hu", "ting", "ting_mask", "is_hu_batch", "ting_batch", "shanten", "shanten_batch",
    "decompositions", "Decomposition", "discard_advice", "Advice", "discard_batch", "DiscardFeatures",
    "mask_to_tiles", "fan", "fan_waits", "fan_batch", "FanScore", "riichi", "riichi_score",
    "riichi_score_waits", "riichi_score_batch",
    "RuleSet", "PRESETS", "get_rules",
    "Hand", "NOTATIONS", "parse_tiles", "hand_counts", "tile_name", "format_tiles", "format_counts",
    "QUERIES", "HONOR_OFFSET", "MAX_JOKERS", "MAX_MELDS", "N_SUIT_RANKS", "N_TILE_KINDS", "SUIT_OFFSETS",
    "FAN_NAMES", "MAX_FLOWERS", "MIN_FANS", "N_WINDS", "MELD_DTYPE",
]
