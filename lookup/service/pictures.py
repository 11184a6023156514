"""The page's tile and card pictures: SVG files under ``static/pictures/<game>/<index>.svg``.

``python -m lookup.service.pictures`` writes them (they are committed, and a test checks
they equal what this module draws). One file per tile or card index of each game, named by
the index, so the page draws a query's answer without any table of its own:

- mahjong (34): characters as the numeral over 万 in red, dots as circles, bamboo as
  sticks, winds and dragons as their character (白 a blue frame);
- shisanshui (52): a playing card, rank in the corners and the suit in the middle;
- zipai (20): a long strip with the card's character, 二 七 十 and 贰 柒 拾 in red.

Characters are outlines (``<path>``) of the page's own font (``static/fonts``, built by
:mod:`.fonts`), so a picture draws alike whatever fonts the viewer has; drawing reads the
font with fontTools (the test extra), as writing the pictures is a build step.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path

from ..mahjong import N_SUIT_RANKS, N_TILE_KINDS, SUIT_OFFSETS, tile_name
from ..shisanshui import N_CARDS as N_PLAYING_CARDS
from ..shisanshui import card_name
from ..zipai import N_CARDS as N_ZIPAI_CARDS
from ..zipai import N_NUMBERS
from ..zipai import card_name as zipai_card_name

PICTURES = Path(__file__).resolve().parent / "static" / "pictures"
FONT = Path(__file__).resolve().parent / "static" / "fonts" / "paibiao-cjk.woff2"
"""The font the pictures' characters are outlines of (:data:`.fonts.SUBSET`)."""
EM_MIDDLE = 0.38
"""Height of the middle of the ideographic em box above the baseline, in ems (880 / -120 of
1000): a character is centred there, as ``dominant-baseline="central"`` centres text."""
BOLD = 0.04
"""Stroke width, in ems, that thickens a bold character's outline (the font is the regular face)."""
RED, GREEN, BLUE, INK = "#c0262d", "#1d7a3a", "#1f4e9c", "#1b1b1b"
WHITE_DRAGON = "白"  # drawn as a frame, not as its character
BAMBOO_DOT = "●"  # the red dot of the one of bamboo

# Pip places of 1..9 dots or sticks on a 3-column grid (column 0..2, row 0..1 in fifths).
_PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(1, 0.5)],
    2: [(1, 0.2), (1, 0.8)],
    3: [(0, 0.15), (1, 0.5), (2, 0.85)],
    4: [(0.35, 0.25), (1.65, 0.25), (0.35, 0.75), (1.65, 0.75)],
    5: [(0.3, 0.2), (1.7, 0.2), (1, 0.5), (0.3, 0.8), (1.7, 0.8)],
    6: [(0.4, 0.15), (1.6, 0.15), (0.4, 0.5), (1.6, 0.5), (0.4, 0.85), (1.6, 0.85)],
    7: [(0, 0.1), (1, 0.22), (2, 0.34), (0.4, 0.62), (1.6, 0.62), (0.4, 0.88), (1.6, 0.88)],
    8: [(0.4, 0.1), (1.6, 0.1), (0.4, 0.37), (1.6, 0.37), (0.4, 0.63), (1.6, 0.63), (0.4, 0.9), (1.6, 0.9)],
    9: [(x, y) for y in (0.15, 0.5, 0.85) for x in (0, 1, 2)],
}


def _svg(width: int, height: int, body: str, title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}"><title>{title}</title>{body}</svg>\n')


@functools.lru_cache(maxsize=1)
def _font():
    """(glyph set, cmap, horizontal metrics, units per em) of :data:`FONT`."""
    from fontTools.ttLib import TTFont

    font = TTFont(str(FONT))
    return font.getGlyphSet(), font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm


def _number(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _text(x: float, y: float, size: float, fill: str, text: str, weight: str = "bold") -> str:
    """``text`` as one path of the font's outlines, ``size`` units high, centred on (x, y)."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    glyphs, cmap, metrics, em = _font()
    names = [cmap[ord(ch)] for ch in text]  # a KeyError: the font lacks it (python -m lookup.service.fonts)
    scale = size / em
    left = x - sum(metrics[name][0] for name in names) * scale / 2
    pen = SVGPathPen(glyphs, ntos=_number)
    for name in names:
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, left, y + EM_MIDDLE * size)))
        left += metrics[name][0] * scale
    stroke = f' stroke="{fill}" stroke-width="{BOLD * size:g}" stroke-linejoin="round"' if weight == "bold" else ""
    return f'<path d="{pen.getCommands()}" fill="{fill}"{stroke}/>'


def _tile_face() -> str:
    return ('<rect x="1" y="1" width="58" height="78" rx="7" fill="#e9e4d4" stroke="#8f8a7a" stroke-width="1.2"/>'
            '<rect x="3" y="2.5" width="54" height="73" rx="6" fill="#fffdf5"/>')


def _pips(n: int, top: float, height: float, red: Callable[[int], bool], color: Callable[[int], str],
          mark: Callable[[float, float, str], str]) -> str:
    """The n pips of a dots or bamboo tile: ``mark(x, y, fill)`` at each place (in fifths of a
    3-column grid), red where ``red(i)``, else ``color(i)``."""
    return "".join(mark(14 + column * 16, top + row * height, RED if red(i) else color(i))
                   for i, (column, row) in enumerate(_PIPS[n]))


def _dots(n: int) -> str:
    if n == 1:
        return (f'<circle cx="30" cy="40" r="17" fill="none" stroke="{BLUE}" stroke-width="4"/>'
                f'<circle cx="30" cy="40" r="9" fill="{RED}"/><circle cx="30" cy="40" r="3.5" fill="#fffdf5"/>')
    r = 7.5 if n <= 4 else 6.2 if n <= 6 else 5.6
    return _pips(n, 10, 60, lambda i: (n in (3, 5, 9) and i == n // 2) or (n == 7 and i < 3),
                 lambda i: GREEN if i % 2 else BLUE,
                 lambda x, y, fill: f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}"/>'
                                    f'<circle cx="{x:g}" cy="{y:g}" r="{r * 0.45:g}" fill="#fffdf5"/>')


def _bamboo(n: int) -> str:
    if n == 1:
        return (f'<rect x="24" y="12" width="12" height="56" rx="6" fill="{GREEN}"/>'
                f'<rect x="24" y="36" width="12" height="3" fill="#fffdf5"/>{_text(30, 40, 9, RED, BAMBOO_DOT)}')
    h = 17 if n <= 6 else 13 if n <= 8 else 14
    return _pips(n, 12, 56, lambda i: (n in (5, 9) and i == n // 2) or (n == 7 and i == 0), lambda i: GREEN,
                 lambda x, y, fill: f'<rect x="{x - 3:g}" y="{y - h / 2:g}" width="6" height="{h:g}" rx="3" '
                                    f'fill="{fill}"/><rect x="{x - 3:g}" y="{y - 0.8:g}" width="6" height="1.6" '
                                    'fill="#fffdf5"/>')


def mahjong_tile(tile: int) -> str:
    """The SVG picture of mahjong tile ``tile`` (0..33)."""
    name = tile_name(tile, "chinese")
    suit, rank = divmod(tile, N_SUIT_RANKS)
    if tile >= SUIT_OFFSETS[3]:  # winds and dragons
        if name == WHITE_DRAGON:
            body = f'<rect x="14" y="16" width="32" height="48" rx="3" fill="none" stroke="{BLUE}" stroke-width="3"/>'
        else:
            body = _text(30, 41, 34, RED if name == "中" else GREEN if name == "发" else INK, name)
    elif suit == 0:  # characters: the numeral over 万
        body = _text(30, 24, 24, INK, name[0]) + _text(30, 56, 28, RED, name[1:])
    elif suit == 1:
        body = _dots(rank + 1)
    else:
        body = _bamboo(rank + 1)
    return _svg(60, 80, _tile_face() + body, f"{tile_name(tile)} {name}")


def playing_card(card: int) -> str:
    """The SVG picture of playing card ``card`` (0..51, rank * 4 + suit)."""
    name = card_name(card, "unicode")
    suit, rank = name[0], name[1:]
    color = RED if suit in "♥♦" else INK
    body = ('<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="#9a9a9a" stroke-width="1.2"/>'
            + _text(12, 13, 13, color, rank) + _text(12, 26, 12, color, suit, "normal")
            + _text(33, 50, 30, color, suit, "normal")
            + f'<g transform="rotate(180 30 42)">{_text(12, 13, 13, color, rank)}</g>')
    return _svg(60, 84, body, f"{card_name(card)} {name}")


def zipai_card(card: int) -> str:
    """The SVG picture of zipai card ``card`` (0..19: small 一..十, then big 壹..拾)."""
    name = zipai_card_name(card)
    red = card % N_NUMBERS in (1, 6, 9)  # 二 七 十 and 贰 柒 拾
    color = RED if red else INK
    body = ('<rect x="1" y="1" width="38" height="98" rx="5" fill="#f6f1e3" stroke="#8f8a7a" stroke-width="1.2"/>'
            + _text(20, 26, 24, color, name) + _text(20, 74, 24, color, name)
            + f'<line x1="8" y1="50" x2="32" y2="50" stroke="{color}" stroke-width="1" opacity="0.35"/>')
    return _svg(40, 100, body, f"{zipai_card_name(card, 'ascii')} {name}")


DRAWINGS: dict[str, tuple[int, Callable[[int], str]]] = {
    "mahjong": (N_TILE_KINDS, mahjong_tile),
    "shisanshui": (N_PLAYING_CARDS, playing_card),
    "zipai": (N_ZIPAI_CARDS, zipai_card),
}
"""Per game: how many pictures, and the function drawing picture i."""


def characters() -> set[str]:
    """Every character a picture draws: the mahjong and zipai names, the card ranks and
    suits, the dot of the one of bamboo."""
    names = [tile_name(t, "chinese") for t in range(N_TILE_KINDS)]
    names += [card_name(c, "unicode") for c in range(N_PLAYING_CARDS)]
    names += [zipai_card_name(c) for c in range(N_ZIPAI_CARDS)]
    return (set("".join(names)) | {BAMBOO_DOT}) - {WHITE_DRAGON}


def pictures() -> dict[str, str]:
    """Every picture: relative path (``<game>/<index>.svg``) -> SVG text."""
    return {f"{game}/{i}.svg": draw(i) for game, (count, draw) in DRAWINGS.items() for i in range(count)}


def write(directory: Path = PICTURES) -> int:
    """Write every picture under ``directory`` (removing stale ones); how many were written."""
    wanted = pictures()
    for path in directory.glob("*/*.svg"):
        if path.relative_to(directory).as_posix() not in wanted:
            path.unlink()
    for name, svg in wanted.items():
        target = directory / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(svg, encoding="utf-8")
    return len(wanted)


if __name__ == "__main__":
    print(f"wrote {write()} pictures under {PICTURES}")
    sys.exit(0)
