"""Zipai (字牌, 跑胡子 family): hu, best huxi, splits and ting from the zipai tables (docs/zipai.md).

Modules, from notation to queries:

* :mod:`~lookup.zipai.cards`: card notation (一..十 壹..拾, x1..x10 d1..d10): parse and
  format cards and hands; the ``Hand`` type.
* :mod:`~lookup.zipai.melds`: exposed melds (碰 偎 跑 提 吃): ``Meld``, ``parse_meld(s)``,
  the huxi of every meld kind, and the melds folded for a hand's evaluation.
* :mod:`~lookup.zipai.rules`: ``RuleSet``, the named ``PRESETS`` and ``get_rules``.
* :mod:`~lookup.zipai.encoding`: the table contract shared with ``tablegen/zipai.py``: card
  layout, keys, automata and value layout, the walks, and ``VIEW``, the loaded tables.
* :mod:`~lookup.zipai.units`: the units of a split (groups and pairs) and the huxi of sets.
* :mod:`~lookup.zipai.hand`: hu of one hand (坎/提 taken out, the pair rule, the threshold),
  the step the scalar query runs as Python and the kernels compile.
* :mod:`~lookup.zipai.waits`: ting of one hand, each draw placed every way it can be.
* :mod:`~lookup.zipai.wang`: hu and ting with 王 (wildcards): the best reading of the 王.
* :mod:`~lookup.zipai.kernels`: the Numba batch kernels (row loops over those steps).
* :mod:`~lookup.zipai.queries`: ``hu``, ``ting``, ``hu_batch``, ``ting_batch``.
* :mod:`~lookup.zipai.splits`: ``decompositions`` (every split, ``Split``) and ``hu_detail``
  (the best split and the card counts 名堂 are judged on: ``Detail``, ``Unit``).
* :mod:`~lookup.zipai.scoring`: regional scoring presets: ``SCORING_PRESETS``, ``ScoringRules``, ``score``,
  ``score_waits``, ``score_batch``, ``payments``, ``bopi_settle`` (docs/zipai-scoring.md).

Importing the package loads no table and compiles nothing; the scalar queries never import
Numba.
"""

from typing import TYPE_CHECKING

from .. import lazy

if TYPE_CHECKING:  # the public names as mypy and IDEs see them
    from .cards import Hand, card_name, counts_of, format_cards, format_counts, hand_counts, parse_cards
    from .encoding import N_CARDS, N_NUMBERS
    from .melds import Meld, parse_meld, parse_melds
    from .queries import hu, hu_batch, ting, ting_batch
    from .registry import QUERIES
    from .rules import PRESETS, RuleSet, get_rules
    from .scoring.rules import SCORING_PRESETS, ScoringRules
    from .scoring.score import ScoreResult, score, score_batch, score_waits
    from .scoring.settlement import bopi_settle, payments
    from .splits import Detail, Split, Unit, decompositions, hu_detail
    from .wang import MAX_WANG, WANG
else:  # the same names by defining submodule, each imported on first use
    __getattr__, __dir__ = lazy.exports(__name__, {
        "cards": ("Hand", "card_name", "counts_of", "format_cards", "format_counts", "hand_counts", "parse_cards"),
        "melds": ("Meld", "parse_meld", "parse_melds"),
        "queries": ("hu", "hu_batch", "ting", "ting_batch"),
        "rules": ("PRESETS", "RuleSet", "get_rules"),
        "splits": ("Detail", "Split", "Unit", "decompositions", "hu_detail"),
        "wang": ("MAX_WANG", "WANG"),
        "scoring.rules": ("SCORING_PRESETS", "ScoringRules"),
        "scoring.score": ("ScoreResult", "score", "score_batch", "score_waits"),
        "scoring.settlement": ("bopi_settle", "payments"),
        "registry": ("QUERIES",),
        "encoding": ("N_CARDS", "N_NUMBERS"),
    })

__all__ = [
    "hu", "hu_batch", "ting", "ting_batch", "decompositions", "hu_detail", "Split", "Detail", "Unit", "Meld",
    "RuleSet", "PRESETS", "get_rules", "WANG", "MAX_WANG", "Hand", "card_name", "counts_of", "format_cards",
    "format_counts", "hand_counts", "parse_cards", "parse_meld", "parse_melds",
    "QUERIES", "N_CARDS", "N_NUMBERS", "SCORING_PRESETS", "ScoringRules", "ScoreResult", "score", "score_waits",
    "score_batch", "payments", "bopi_settle",
]
