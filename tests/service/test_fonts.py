"""The page's font subset (lookup.service.fonts): it holds every character the service can
show and nothing else, and rebuilding it from the source font gives the committed file."""

from __future__ import annotations

import pytest

from lookup import mahjong, shisanshui, zipai
from lookup.service import fonts
from lookup.service.pictures import FONT as PICTURE_FONT
from lookup.service.pictures import characters as drawn


def test_the_subset_has_every_character_the_service_shows():
    lacking = sorted(fonts.shown_characters() - fonts.subset_characters())
    assert not lacking, f"the font subset lacks {''.join(lacking)!r}: run python -m lookup.service.fonts"


def test_the_subset_holds_only_what_the_service_shows():
    extra = sorted(fonts.subset_characters() - fonts.shown_characters())
    assert not extra, f"the font subset holds {''.join(extra)!r}, which nothing shows: rebuild it"


def _error(call) -> str:
    try:
        call()
    except ValueError as exc:
        return str(exc)
    raise AssertionError("expected an error")


def test_the_collector_sees_names_labels_pictures_and_errors():
    shown = fonts.shown_characters()
    texts = [*mahjong.FAN_NAMES, *shisanshui.CATEGORIES_CHINESE, *shisanshui.SPECIAL_NAMES,
             *(mahjong.tile_name(t, "chinese") for t in range(mahjong.N_TILE_KINDS)),
             *(zipai.card_name(c) for c in range(zipai.N_CARDS)),
             "麻将十三水字牌牌表", "自摸和绝张杠上开花抢杠和妙手回春海底捞月",  # tabs and labels of index.html
             _error(lambda: zipai.parse_melds(["碰"])), _error(lambda: mahjong.hand_counts("一")),
             _error(lambda: mahjong.fan("1112345678999m", 4, fourth_tile=True))]
    missing = {ch for text in texts for ch in text if ord(ch) > 0x7F} - shown
    assert not missing, "".join(sorted(missing))
    assert drawn() <= shown and set("0123456789AJKQ♠♥♣♦●") <= drawn()


def test_the_subset_is_small_and_named_as_its_own():
    from fontTools.ttLib import TTFont

    font = TTFont(str(fonts.SUBSET))
    assert font.flavor == "woff2" and fonts.SUBSET.stat().st_size < 64_000
    assert len(font.getGlyphOrder()) <= len(fonts.shown_characters()) + 1  # .notdef
    assert font["name"].getDebugName(1) == fonts.FAMILY
    assert "Open Font License" in font["name"].getDebugName(13)
    assert (fonts.FONTS / "OFL.txt").read_text().startswith("Copyright 2014-2021 Adobe")


def _outlines(path) -> dict[str, tuple[int, list]]:
    """Character -> (advance, outline as recorded pen calls) of every character of a font."""
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.ttLib import TTFont

    font = TTFont(str(path))
    glyphs, outlines = font.getGlyphSet(), {}
    for code, name in font.getBestCmap().items():
        pen = RecordingPen()
        glyphs[name].draw(pen)
        outlines[chr(code)] = (font["hmtx"][name][0], pen.value)
    return outlines


def test_rebuilding_gives_the_committed_subset(tmp_path):
    """The same outlines as the committed file (a later fontTools may write other bytes), and
    the same bytes from two builds."""
    if not fonts.SOURCE.is_file():
        pytest.skip(f"no source font at {fonts.SOURCE} (apt-get install fonts-noto-cjk)")
    first, second = tmp_path / "first.woff2", tmp_path / "second.woff2"
    fonts.build(fonts.SOURCE, first)
    fonts.build(fonts.SOURCE, second)
    assert first.read_bytes() == second.read_bytes()
    assert _outlines(first) == _outlines(fonts.SUBSET), "run python -m lookup.service.fonts"


def test_the_pictures_draw_from_the_subset():
    assert PICTURE_FONT == fonts.SUBSET
