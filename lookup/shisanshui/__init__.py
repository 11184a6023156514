"""Shisanshui (十三水): ranks, arrangements, special hands and settlement (SPEC §4).

Cards are indices 0..51 (rank * 4 + suit) or text (``"AS KH TD"``); see
:mod:`~lookup.shisanshui.cards`. Importing this package loads no table and compiles nothing:
the tables load on the first query, the batch forms and split searches compile their Numba
kernels on first use (cached on disk).

Modules, from notation to answers:

- :mod:`~lookup.shisanshui.cards`: playing-card notation (parse, format, sort, validate a
  hand or an arrangement ``"FRONT|MIDDLE|BACK"``); the ``Hand`` type of accepted hand forms.
- :mod:`~lookup.shisanshui.rules`: :class:`Rules`, its presets ``PRESETS`` (``get_rules``
  resolves a preset name or an instance) and the special hands ``SPECIALS``.
- :mod:`~lookup.shisanshui.encoding`: the key encoding shared with the generator
  (``tablegen/shisanshui.py``): categories, code layout, rank weights, the 5-card and 3-card
  key functions, the dataset names.
- :mod:`~lookup.shisanshui.ranks`: the rank tables (a table view) and the rank queries,
  scalar and batch: ``rank5``, ``rank3``, ``rank``, ``category``, ``n_ranks``, ``row_ranks``.
- :mod:`~lookup.shisanshui.splits`: the per-hand steps of the kernels (jitable helpers:
  card checks, the sorted hand, the ranks of its subsets, row output, the order of splits).
- :mod:`~lookup.shisanshui.kernels`: the compiled loops over rows and the one split search
  of ``best`` and ``arrangements`` (status protocol of :mod:`lookup.jit`).
- :mod:`~lookup.shisanshui.points`: row points and the objectives of ``best``:
  ``row_points``, ``expected_points``, ``OBJECTIVES``.
- :mod:`~lookup.shisanshui.field`: the model of the ``field`` objective (the field's row
  distribution, shooting and home runs); :mod:`~lookup.shisanshui.fieldplay` builds the field
  by simulation (``make field``).
- :mod:`~lookup.shisanshui.arrange`: ``Arrangement``, ``is_foul``, ``arrangements``,
  ``arrangements_array``, ``best``, ``best_batch``.
- :mod:`~lookup.shisanshui.special_hands`: ``special``, ``specials``, ``SPECIAL_NAMES`` and
  the one test of every special (``special_bits``, jitable).
- :mod:`~lookup.shisanshui.deal`: the settlement of one deal (``settle_deal``, jitable).
- :mod:`~lookup.shisanshui.scoring`: ``Settlement``, ``settlement``, ``settle``,
  ``settle_batch``, ``special_codes``.
- :mod:`~lookup.shisanshui.chunks`: long batches as kernel calls of ~0.1 s (Ctrl-C).
- :mod:`~lookup.shisanshui.simulation`: ``simulate``, duplicate-deal matches between policies
  on Dask (:mod:`~lookup.shisanshui.dask_cluster`: the client).
"""

from .arrange import Arrangement, arrangements, arrangements_array, best, best_batch, is_foul
from .cards import Hand, card_name, format_cards, hand_cards, parse_arrangement, parse_cards, sort_cards
from .encoding import CATEGORIES, CATEGORIES_CHINESE
from .points import OBJECTIVES, expected_points, row_points
from .ranks import category, category_chinese, n_ranks, rank, rank3, rank3_batch, rank5, rank5_batch, row_ranks
from .rules import DEFAULT_SPECIAL_POINTS, PRESETS, SPECIALS, Rules, get_rules
from .scoring import Settlement, settle, settle_batch, settlement, special_codes
from .simulation import simulate
from .special_hands import SPECIAL_NAMES, special, specials

__all__ = [
    "rank5", "rank3", "rank", "rank5_batch", "rank3_batch", "category", "category_chinese",
    "is_foul", "arrangements", "arrangements_array", "best", "best_batch", "expected_points",
    "special", "specials", "special_codes", "SPECIAL_NAMES", "settle", "settle_batch", "settlement",
    "simulate", "Arrangement", "Rules", "Settlement",
    "PRESETS", "SPECIALS", "CATEGORIES", "OBJECTIVES", "get_rules",
    "parse_cards", "format_cards", "card_name", "sort_cards", "parse_arrangement", "row_points",
    "row_ranks", "n_ranks",
    "CATEGORIES_CHINESE", "DEFAULT_SPECIAL_POINTS", "Hand", "hand_cards",
]
