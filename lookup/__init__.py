"""paibiao runtime: answers game queries by look-ups in the tables ``make tables`` builds.

Modules: :mod:`lookup.mahjong` (hu, ting), :mod:`lookup.tiles` (notation),
:mod:`lookup.rules` (mahjong rule sets), :mod:`lookup.shisanshui` (十三水 ranks,
arrangements, special hands, settlement), :mod:`lookup.cards` (playing-card notation),
:mod:`lookup.tables` (loading),
:mod:`lookup.errors` (typed errors). Importing ``lookup`` loads no table and compiles nothing.
"""

__version__ = "0.1.0"
