"""Shisanshui (十三水): ranks, arrangements, special hands and settlement (docs/shisanshui.md).

Cards are indices 0..51 (rank * 4 + suit) or text (``"AS KH TD"``). Importing this package
loads no table and compiles nothing: the tables load on the first query, the batch forms and
split searches compile their Numba kernels on first use (cached on disk).

Modules, from notation to answers:

- :mod:`~lookup.shisanshui.cards`: card notation; hands and arrangements ``"FRONT|MIDDLE|BACK"``.
- :mod:`~lookup.shisanshui.rules`: :class:`Rules`, ``PRESETS``, ``get_rules``, ``SPECIALS``.
- :mod:`~lookup.shisanshui.encoding`: the key encoding shared with ``tablegen/shisanshui.py``.
- :mod:`~lookup.shisanshui.ranks`: the rank tables and the rank queries, scalar and batch.
- :mod:`~lookup.shisanshui.splits`: the per-hand steps of the split search (jitable).
- :mod:`~lookup.shisanshui.kernels`: the compiled row loops and the one split search.
- :mod:`~lookup.shisanshui.objectives`: row points and what ``best`` maximises
  (``row_points``, ``expected_points``, ``OBJECTIVES``); :mod:`~lookup.shisanshui.field`, the
  model of the ``field`` objective.
- :mod:`~lookup.shisanshui.arrange`: ``Arrangement``, ``is_foul``, ``arrangements``,
  ``arrangements_array``, ``best``, ``best_batch``.
- :mod:`~lookup.shisanshui.special_hands`: ``special``, ``specials``, ``SPECIAL_NAMES``.
- :mod:`~lookup.shisanshui.deal`: the settlement of one deal (``settle_deal``, jitable).
- :mod:`~lookup.shisanshui.scoring`: ``Settlement``, ``settlement``, ``settle``,
  ``settle_batch``, ``special_codes``.
- :mod:`~lookup.shisanshui.interruptible`: long batches as kernel calls of ~0.1 s (Ctrl-C).
- :mod:`~lookup.shisanshui.simulation`: ``simulate``, duplicate-deal matches between policies.
"""

from typing import TYPE_CHECKING

from .. import lazy

if TYPE_CHECKING:  # the public names as mypy and IDEs see them
    from .arrange import Arrangement, arrangements, arrangements_array, best, best_batch, is_foul
    from .cards import N_CARDS, Hand, card_name, format_cards, hand_cards, parse_arrangement, parse_cards, sort_cards
    from .encoding import CATEGORIES, CATEGORIES_CHINESE
    from .objectives import OBJECTIVES, expected_points, row_points
    from .ranks import category, category_chinese, n_ranks, rank, rank3, rank3_batch, rank5, rank5_batch, row_ranks
    from .registry import QUERIES
    from .rules import DEFAULT_SPECIAL_POINTS, PRESETS, SPECIALS, Rules, get_rules
    from .scoring import Settlement, settle, settle_batch, settlement, special_codes
    from .simulation import simulate
    from .special_hands import SPECIAL_NAMES, special, specials
else:  # the same names by defining submodule, each imported on first use
    __getattr__, __dir__ = lazy.exports(__name__, {
        "arrange": ("Arrangement", "arrangements", "arrangements_array", "best", "best_batch", "is_foul"),
        "cards": ("N_CARDS", "Hand", "card_name", "format_cards", "hand_cards", "parse_arrangement", "parse_cards",
                  "sort_cards"),
        "encoding": ("CATEGORIES", "CATEGORIES_CHINESE"),
        "objectives": ("OBJECTIVES", "expected_points", "row_points"),
        "ranks": ("category", "category_chinese", "n_ranks", "rank", "rank3", "rank3_batch", "rank5", "rank5_batch",
                  "row_ranks"),
        "rules": ("DEFAULT_SPECIAL_POINTS", "PRESETS", "SPECIALS", "Rules", "get_rules"),
        "scoring": ("Settlement", "settle", "settle_batch", "settlement", "special_codes"),
        "simulation": ("simulate",),
        "special_hands": ("SPECIAL_NAMES", "special", "specials"),
        "registry": ("QUERIES",),
    })

__all__ = [
    "rank5", "rank3", "rank", "rank5_batch", "rank3_batch", "category", "category_chinese",
    "is_foul", "arrangements", "arrangements_array", "best", "best_batch", "expected_points",
    "special", "specials", "special_codes", "SPECIAL_NAMES", "settle", "settle_batch", "settlement",
    "simulate", "Arrangement", "Rules", "Settlement",
    "PRESETS", "SPECIALS", "CATEGORIES", "OBJECTIVES", "get_rules",
    "parse_cards", "format_cards", "card_name", "sort_cards", "parse_arrangement", "row_points",
    "row_ranks", "n_ranks",
    "CATEGORIES_CHINESE", "DEFAULT_SPECIAL_POINTS", "Hand", "hand_cards",
    "QUERIES", "N_CARDS",
]
