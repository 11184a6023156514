"""paibiao table generator: enumerates per-game tables (Numba) and writes them to HDF5.

Run ``python -m tablegen`` (what ``make tables`` does) to write every table under ``data/``.
"""

__version__ = "0.1.0"
