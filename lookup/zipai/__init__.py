"""Zipai (字牌, 跑胡子 family): hu, best huxi, splits and ting from the zipai tables (ZIPAI.md)."""

from .queries import *  # noqa: F403
from .queries import __all__  # noqa: F401
