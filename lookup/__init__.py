"""paibiao runtime: answers game queries by look-ups in the tables ``make tables`` builds.

One subpackage per game: :mod:`lookup.mahjong`, :mod:`lookup.zipai`,
:mod:`lookup.shisanshui`. Shared pieces: :mod:`lookup.tables` (loading), :mod:`lookup.jit`
(kernel compilation and cache), :mod:`lookup.arrays` (batch-array validation),
:mod:`lookup.errors` (typed errors), :mod:`lookup.cli` (the ``paibiao`` command). Importing
``lookup`` loads no table and compiles nothing.
"""

__version__ = "0.1.0"
