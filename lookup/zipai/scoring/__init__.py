"""Zipai regional scoring (docs/zipai-scoring.md): 名堂, 囤 and the score of a win under five
presets, the best-scoring reading of a hand, the value of each wait, and settlement.

* :mod:`.rules`: ``ScoringRules`` (a preset and its room options).
* :mod:`.situation`: the flags of a win, checked (``Situation``).
* :mod:`.candidates`: every reading of a winning hand (split × 王 × placement × 王 special).
* :mod:`.mingtang`: the 名堂 of each preset and their 番; 邵阳剥皮's hand value.
* :mod:`.tun`: 囤 from huxi.
* :mod:`.score`: ``score``, ``score_waits``, ``score_batch`` and ``ScoreResult``.
* :mod:`.kernels`: ``score_batch``'s compiled per-row step; :mod:`.values` its checks and preset
  values, :mod:`.rows` its arguments packed in numpy.
* :mod:`.settlement`: ``payments`` and ``bopi_settle``.
"""
