"""paibiao runtime: answers game queries by look-ups in the tables ``make tables`` builds.

Five layers; a module imports only from its own layer and those below (``lint-imports``
checks it, with the contracts in pyproject.toml):

- the CLI and the adapters: :mod:`lookup.cli` (the ``paibiao`` command), :mod:`lookup.adapters`
  (paibiao as the judge of other libraries' games); neither imports the other;
- the service: :mod:`lookup.service` (the HTTP service);
- serving and bulk: :mod:`lookup.warmup`, :mod:`lookup.batching`, :mod:`lookup.bulk`,
  :mod:`lookup.bulk_io`;
- the games, which do not import each other: :mod:`lookup.mahjong`, :mod:`lookup.shisanshui`,
  :mod:`lookup.zipai`;
- the shared core: :mod:`lookup.registry` (the query registries: every query of a game
  declared once, read by the layers above), :mod:`lookup.lazy` (the games' public names,
  imported on first use), :mod:`lookup.tables` (loading, and ``GAMES``, the one list of games),
  :mod:`lookup.jit` and :mod:`lookup.kernel_cache` (kernel compilation and disk cache),
  :mod:`lookup.addresses`, :mod:`lookup.arrays` (batch-array validation), :mod:`lookup.rules`,
  :mod:`lookup.parallel`, :mod:`lookup.cluster` (Dask), :mod:`lookup.errors` (typed errors).

Importing ``lookup`` loads no table and compiles nothing.
"""

__version__ = "0.1.0"
