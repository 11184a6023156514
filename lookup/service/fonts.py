"""The page's own CJK font: a subset of Noto Sans CJK SC (SIL Open Font License 1.1) holding
exactly the characters the service shows, served as ``static/fonts/paibiao-cjk.woff2``.

With it the page's Chinese (tabs, labels, fan and hand names, errors) and the pictures'
characters (drawn from its outlines by :mod:`.pictures`) do not depend on the viewer's fonts.
:func:`shown_characters` collects what the service can show:

- every non-ASCII character of the page's files (``static/*.html``, ``*.js``, ``*.css``) and
  of its catalog (tile and card names, presets, special hands);
- the fan names of Chinese Official scoring and the Chinese shisanshui categories;
- every non-ASCII character of the game packages' string constants, docstrings aside (their
  answers and error messages, which the page shows as they are);
- every character the pictures draw (the card ranks included).

``python -m lookup.service.fonts [SOURCE]`` rebuilds the subset from SOURCE (default: Debian
``fonts-noto-cjk``'s ``NotoSansCJK-Regular.ttc``), byte for byte the same from the same font.
fontTools and brotli build and read it: the test extra, not the runtime's dependencies.
"""

from __future__ import annotations

import ast
import json
import sys
import unicodedata
from pathlib import Path
from typing import Any

from .page import STATIC, catalog

FONTS = STATIC / "fonts"
SUBSET = FONTS / "paibiao-cjk.woff2"
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
SOURCE_FACE = "Noto Sans CJK SC"
"""The face of the collection the subset is cut from (the simplified Chinese forms)."""
FAMILY = "paibiao CJK"
"""The subset's family name: in its name table and in the page's ``@font-face``."""
PAGE_FILES = ("*.html", "*.js", "*.css")
GAME_PACKAGES = ("mahjong", "shisanshui", "zipai")


def _shown(text: str) -> set[str]:
    """The non-ASCII characters of ``text`` that draw something (variation selectors, format
    and control characters aside)."""
    return {ch for ch in text if ord(ch) > 0x7F and unicodedata.category(ch)[0] in "LNPS"}


def _string_constants(path: Path) -> list[str]:
    """The string constants of a module, its docstrings aside (f-strings' literal parts included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def shown_characters() -> set[str]:
    """Every character the service can show (the sources are listed in the module's docstring)."""
    from .. import mahjong, shisanshui
    from .pictures import characters as drawn

    shown = set(drawn())
    for pattern in PAGE_FILES:
        for path in STATIC.glob(pattern):
            shown |= _shown(path.read_text(encoding="utf-8"))
    shown |= _shown(json.dumps(catalog(), ensure_ascii=False))
    shown |= _shown("".join(mahjong.FAN_NAMES) + "".join(shisanshui.CATEGORIES_CHINESE))
    code = Path(__file__).resolve().parent.parent
    for game in GAME_PACKAGES:
        for path in sorted((code / game).rglob("*.py")):
            shown |= _shown("".join(_string_constants(path)))
    return shown


def _source_font(source: Path) -> Any:
    """The face ``SOURCE_FACE`` of ``source`` (a collection or a single font), timestamps kept."""
    from fontTools.ttLib import TTCollection, TTFont

    if source.suffix.lower() in (".ttc", ".otc"):
        faces = TTCollection(str(source), recalcTimestamp=False).fonts
        return next(f for f in faces if f["name"].getDebugName(1) == SOURCE_FACE)
    return TTFont(str(source), recalcTimestamp=False)


def _rename(font: Any) -> str:
    """Give the subset its own names (a modified version keeps no upstream font name); the
    source's version, which it returns."""
    names = font["name"]
    version = names.getDebugName(5) or ""
    own = {1: FAMILY, 2: "Regular", 3: f"{FAMILY} Regular; {version}", 4: f"{FAMILY} Regular",
           6: FAMILY.replace(" ", "") + "-Regular"}
    for name_id, text in own.items():
        names.removeNames(nameID=name_id)
        names.setName(text, name_id, 3, 1, 0x409)
    cff = font["CFF "].cff
    cff.fontNames = [own[6]]
    cff.topDictIndex[0].FullName, cff.topDictIndex[0].FamilyName = own[4], FAMILY
    return version


def build(source: Path = SOURCE, target: Path = SUBSET) -> tuple[int, str]:
    """Cut the subset of ``shown_characters()`` from ``source`` into ``target`` (WOFF2);
    (its number of glyphs, the source's version). Fails if the source lacks a character."""
    from fontTools import subset

    font = _source_font(source)
    wanted = shown_characters()
    missing = sorted(ch for ch in wanted if ord(ch) not in font.getBestCmap())
    if missing:
        raise ValueError(f"{source} has no glyph for {''.join(missing)!r}")
    options = subset.Options()
    options.layout_features = []  # no alternates: the page shows the default forms
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]
    options.name_languages = [0x409]
    options.hinting = False
    options.desubroutinize = True
    options.flavor = "woff2"
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(ch) for ch in wanted))
    subsetter.subset(font)
    version = _rename(font)
    font["head"].modified = font["head"].created
    target.parent.mkdir(parents=True, exist_ok=True)
    font.flavor = "woff2"
    font.save(str(target), reorderTables=True)
    return len(font.getGlyphOrder()), version


def subset_characters(path: Path = SUBSET) -> set[str]:
    """The characters the subset at ``path`` has a glyph for (its cmap)."""
    from fontTools.ttLib import TTFont

    return {chr(code) for code in TTFont(str(path))["cmap"].getBestCmap()}


if __name__ == "__main__":
    glyphs, version = build(Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE)
    print(f"wrote {SUBSET} ({glyphs} glyphs, {SUBSET.stat().st_size} bytes) from {SOURCE_FACE} {version}")
    sys.exit(0)
