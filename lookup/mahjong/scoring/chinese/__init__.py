"""Chinese Official (国标) scoring, built on :mod:`..readings`.

Modules, from the fans to the queries:

- :mod:`.fans`: :class:`~.fans.Fan` and the fan table (name, points, detector step, the fans
  each implies); :mod:`.tiles`: the tile sets the fans name.
- :mod:`.scratch`: the rows of the scratch array the steps share.
- :mod:`.exclusions`: fan masks and the rules of exclusion applied to one reading.
- :mod:`.hand`: the situation of a win, its checks, the facts of a hand.
- :mod:`.detectors`: the steps that find the fans of one reading.
- :mod:`.tiebreak`: the calculator's choice among readings of equal total.
- :mod:`.scorer`: every reading of one hand scored, the best kept.
- :mod:`.kernels`: the Numba kernels; :mod:`.query`: ``fan``, ``fan_waits``, ``fan_batch``.
"""
