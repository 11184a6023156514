"""paibiao table generator: enumerates each game's tables (with Numba) and writes them to HDF5.

``python -m tablegen`` (the first step of ``make tables``) writes every table under ``data/``;
:mod:`tablegen.build` is the same as a function. Each game's generator (:mod:`tablegen.mahjong`,
:mod:`tablegen.shisanshui`, :mod:`tablegen.zipai`) imports only the runtime's shared core and
that game's encoding module.
"""

__version__ = "0.1.0"
