"""Shisanshui (十三水): ranks, arrangements, special hands and settlement (SPEC §4)."""

from .queries import *  # noqa: F403
from .queries import __all__  # noqa: F401
