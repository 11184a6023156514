"""Zipai (字牌, 跑胡子 family): hu, best huxi, splits and ting from the zipai tables (ZIPAI.md).

Modules, from notation to queries:

* :mod:`~lookup.zipai.cards`: card notation (一..十 壹..拾, x1..x10 d1..d10): parse and
  format cards and hands; the ``Hand`` type.
* :mod:`~lookup.zipai.melds`: exposed melds (碰 偎 跑 提 吃): ``Meld``, ``parse_meld(s)``,
  the huxi of every meld kind, and the melds folded for a hand's evaluation.
* :mod:`~lookup.zipai.rules`: ``RuleSet``, the named ``PRESETS`` and ``get_rules``.
* :mod:`~lookup.zipai.encoding`: the table contract shared with ``tablegen/zipai.py``: card
  and unit layout, keys, automaton and value layout, first moves, ``walk``, and ``VIEW``,
  the loaded tables.
* :mod:`~lookup.zipai.hand`: the per-hand steps, each written once and run as Python by the
  scalar queries and compiled by the kernels: take 坎/提 out, the pair rule and threshold,
  hu of a hand, each draw of ting.
* :mod:`~lookup.zipai.wang`: the per-hand steps with 王 (wildcards): the best reading of the
  王 (sets, then a search of the automaton), hu and ting with 王.
* :mod:`~lookup.zipai.kernels`: the Numba batch kernels (row loops over those steps).
* :mod:`~lookup.zipai.queries`: ``hu``, ``ting``, ``hu_batch``, ``ting_batch``.
* :mod:`~lookup.zipai.decompositions`: ``Split`` and ``decompositions``.
* :mod:`~lookup.zipai.detail`: ``hu_detail``, the best split and the card counts 名堂 are
  judged on (``Detail``, ``Unit``).

Importing the package loads no table and compiles nothing; the scalar queries never import
Numba.
"""

from .cards import (
    Hand,
    card_name,
    counts_of,
    format_cards,
    format_counts,
    hand_counts,
    parse_cards,
)
from .decompositions import Split, decompositions
from .detail import Detail, Unit, hu_detail
from .melds import Meld, parse_meld, parse_melds
from .queries import hu, hu_batch, ting, ting_batch
from .rules import PRESETS, RuleSet, get_rules
from .wang import MAX_WANG, WANG

__all__ = [
    "hu", "hu_batch", "ting", "ting_batch", "decompositions", "hu_detail", "Split", "Detail", "Unit", "Meld",
    "RuleSet", "PRESETS", "get_rules", "WANG", "MAX_WANG", "Hand", "card_name", "counts_of", "format_cards",
    "format_counts", "hand_counts", "parse_cards", "parse_meld", "parse_melds",
]
