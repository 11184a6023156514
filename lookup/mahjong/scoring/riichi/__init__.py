"""Japanese riichi scoring, built on :mod:`..readings`: the yaku, han, fu and payments of a
winning hand as the ``mahjong`` package's ``HandCalculator`` counts them.

Modules, from the yaku to the queries:

- :mod:`.yaku`: :class:`~.yaku.Yaku` and the yaku table (name, han closed and open, detector).
- :mod:`.hand`: the situation and rules rows, the refusals of input that cannot be, the dora.
- :mod:`.fu`: the fu of a reading won on one of its groups, the payments of han and fu.
- :mod:`.detectors`: the steps that find the yaku; :mod:`.scratch`: the scratch rows.
- :mod:`.scorer`: every reading of one hand scored, the best kept.
- :mod:`.text`: the one-hand kernels' reading of text input and writing of the result's keys.
- :mod:`.kernels`: the Numba kernels; :mod:`.options`: ``Rules``; :mod:`.inputs`: the input's
  checks and errors; :mod:`.query`: ``score``, ``score_waits``, ``score_batch``;
  :mod:`.routes`: the same under their HTTP routes' names, the situation as one ``Situation``.
"""

from .options import Rules
from .query import RESULT_DTYPE, RiichiScore, score, score_batch, score_waits
from .routes import Situation
from .yaku import DORA_NAMES, YAKU_NAMES

__all__ = ["DORA_NAMES", "RESULT_DTYPE", "YAKU_NAMES", "RiichiScore", "Rules", "Situation", "score", "score_batch",
           "score_waits"]
