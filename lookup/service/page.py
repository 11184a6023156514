"""The analysis page at ``/``: ``static/index.html`` with the games' catalog filled in.

The page (``static/app.js``) asks the JSON API for every answer; what it needs beyond
answers comes from the game modules here, once per process, as a JSON ``catalog`` inside the
HTML: each game's tile or card names (the pictures are ``/static/pictures/<game>/<index>.svg``),
its rules presets, the shisanshui objectives, the most jokers a mahjong hand takes, for
Chinese Official scoring the wind tiles, the most flowers and the fans a win needs (the
riichi scoring on the page shares the winds), and the zipai scoring presets (name -> the
game's Chinese name; which play with 王, the most 王 a hand holds).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

STATIC = Path(__file__).resolve().parent / "static"
"""The page's files (HTML, CSS, JS, tile and card pictures), shipped as package data."""

CATALOG_MARK = "<!-- catalog -->"
"""Where the catalog's ``<script type="application/json">`` goes in index.html."""


def catalog() -> dict[str, Any]:
    """What the page knows besides the API's answers (names, presets, limits)."""
    from .. import mahjong, shisanshui, zipai
    from ..mahjong import HONOR_OFFSET, MAX_FLOWERS, MAX_JOKERS, MIN_FANS, N_TILE_KINDS, N_WINDS
    from ..shisanshui import N_CARDS as N_PLAYING_CARDS
    from ..zipai import N_CARDS as N_ZIPAI_CARDS

    return {
        "mahjong": {"names": [mahjong.tile_name(t) for t in range(N_TILE_KINDS)],
                    "chinese": [mahjong.tile_name(t, "chinese") for t in range(N_TILE_KINDS)],
                    "presets": list(mahjong.PRESETS), "max_jokers": MAX_JOKERS,
                    "winds": list(range(HONOR_OFFSET, HONOR_OFFSET + N_WINDS)), "max_flowers": MAX_FLOWERS,
                    "min_fan": MIN_FANS},
        "shisanshui": {"names": [shisanshui.card_name(c) for c in range(N_PLAYING_CARDS)],
                       "presets": list(shisanshui.PRESETS), "objectives": list(shisanshui.OBJECTIVES),
                       "special_points": {name: points for name, (points, _) in shisanshui.SPECIALS.items()}},
        "zipai": {"names": [zipai.card_name(c) for c in range(N_ZIPAI_CARDS)],
                  "ascii": [zipai.card_name(c, "ascii") for c in range(N_ZIPAI_CARDS)],
                  "presets": {name: rules.min_huxi for name, rules in zipai.PRESETS.items()},
                  "scoring": dict(zipai.SCORING_PRESETS),
                  "wang_scoring": [name for name in zipai.SCORING_PRESETS if zipai.ScoringRules(name).has_wang],
                  "max_wang": zipai.MAX_WANG, "wang": zipai.WANG},
    }


@functools.lru_cache(maxsize=1)
def page_html() -> bytes:
    """The page's HTML, catalog included (built once per process)."""
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    data = json.dumps(catalog(), ensure_ascii=False).replace("</", "<\\/")
    return html.replace(CATALOG_MARK, f'<script id="catalog" type="application/json">{data}</script>').encode()
