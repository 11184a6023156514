"""Tile notation: every tile in every notation, round trips, errors that name the token."""

import numpy as np
import pytest

from lookup.errors import InvalidHandError, InvalidTileError
from lookup.mahjong import tiles
from tests.support import mahjong_hands as handgen


@pytest.mark.parametrize("notation", tiles.NOTATIONS)
def test_every_tile_round_trips(notation):
    for t in range(34):
        assert tiles.parse_tiles(tiles.tile_name(t, notation)) == [t]


@pytest.mark.parametrize("notation", tiles.NOTATIONS)
def test_hands_round_trip(rng, notation):
    for _ in range(200):
        counts = handgen.random_hand(rng, int(rng.integers(1, 15)))
        text = tiles.format_counts(counts, notation)
        assert list(tiles.hand_counts(text)) == counts


def test_known_names():
    assert [tiles.tile_name(t, "uva") for t in (0, 9, 18, 27, 31, 32, 33)] == \
        ["1W", "1T", "1S", "DONG", "BAI", "FA", "ZHONG"]
    assert [tiles.tile_name(t, "chinese") for t in (4, 13, 22, 31, 32, 33)] == \
        ["五万", "五筒", "五条", "白", "发", "中"]
    assert [tiles.tile_name(t) for t in (0, 17, 26, 33)] == ["1m", "9p", "9s", "7z"]
    assert tiles.tile_name(27, "unicode") == "\U0001F000" and tiles.tile_name(33, "unicode") == "\U0001F004"
    assert tiles.tile_name(0, "unicode") == "\U0001F007" and tiles.tile_name(9, "unicode") == "\U0001F019"
    assert tiles.tile_name(18, "unicode") == "\U0001F010"


def test_variants():
    assert tiles.parse_tiles("0m0p0s") == [4, 13, 22]  # red fives
    assert tiles.parse_tiles("5饼 5餅 5索 五條 五萬 東 發") == [13, 13, 22, 22, 4, 27, 32]
    assert tiles.parse_tiles("123m, 456p; 7z") == [0, 1, 2, 12, 13, 14, 33]
    assert tiles.parse_tiles("\U0001F004\ufe0f") == [33]
    assert tiles.parse_tiles("1W DONG 1m 一万") == [0, 27, 0, 0]
    assert tiles.UVA_ORDER[:9] == tuple(range(9, 18)) and tiles.UVA_ORDER[-3:] == (33, 32, 31)
    assert sorted(tiles.UVA_ORDER) == list(range(34))


@pytest.mark.parametrize("text,token", [
    ("123m 8z", "8z"), ("123x", "123x"), ("1m DONGX", "DONGX"), ("1m dong", "dong"),
    ("十万", "十万"), ("一", "一"), ("12万", "12万"), ("0W", "0W"), ("1m ?", "?"), ("123", "123"),
])
def test_bad_tokens_are_named(text, token):
    with pytest.raises(InvalidTileError, match=f"bad tile token '{token}'"):
        tiles.parse_tiles(text)


def test_uva_tokens_are_strict():
    assert tiles.parse_uva_token("ZHONG") == 33 and tiles.parse_uva_token("9S") == 26
    for bad in ("1s", "10W", "zhong", "0T"):
        with pytest.raises(InvalidTileError, match=repr(bad)):
            tiles.parse_uva_token(bad)


def test_hand_counts_errors():
    with pytest.raises(InvalidHandError, match="5 copies of 1m"):
        tiles.hand_counts("11111m")
    with pytest.raises(InvalidTileError, match="index must be an integer 0..33"):
        tiles.hand_counts([True, 1])
    with pytest.raises(InvalidTileError):
        tiles.tile_name(34)
    with pytest.raises(ValueError, match="unknown notation"):
        tiles.tile_name(0, "morse")



def _tenhou_text(rng, counts) -> str:
    """Tenhou text of ``counts`` with the groups in a random order, some split in two and some
    fives written as red fives (0)."""
    groups = []
    for suit, letter in enumerate("mpsz"):
        digits = [str(r + 1) for r in range(9 if suit < 3 else 7) for _ in range(counts[9 * suit + r])]
        digits = ["0" if d == "5" and suit < 3 and rng.random() < 0.3 else d for d in digits]
        rng.shuffle(digits)
        cut = int(rng.integers(0, len(digits) + 1))
        groups += [part + letter for part in ("".join(digits[:cut]), "".join(digits[cut:])) if part]
    rng.shuffle(groups)
    return "".join(groups)


def _parsed_counts(text):
    """The counts by the general parser (what hand_counts did for every text before its fast path)."""
    return tiles._indices_to_counts(tiles.parse_tiles(text))


def test_the_tenhou_fast_path_counts_as_the_parser(rng):
    for n in (1, 2, 5, 13, 14, 18):
        for _ in range(300):
            text = _tenhou_text(rng, handgen.random_hand(rng, n))
            assert tiles.hand_counts(text) == _parsed_counts(text), text


@pytest.mark.parametrize("text", ["55550m", "11111z", "1m1m1m1m1m", "8z", "0z", "123", "m", "12m3x", "55555p0p"])
def test_the_tenhou_fast_path_refuses_as_the_parser(text):
    with pytest.raises((InvalidHandError, InvalidTileError)) as fast:
        tiles.hand_counts(text)
    with pytest.raises((InvalidHandError, InvalidTileError)) as slow:
        _parsed_counts(text)
    assert type(fast.value) is type(slow.value) and str(fast.value) == str(slow.value)


def test_mask_tiles_are_kept_per_mask_up_to_the_limit(monkeypatch):
    from lookup.mahjong.tiles import MaskTiles

    monkeypatch.setattr(MaskTiles, "LIMIT", 64)
    kept = MaskTiles()
    rng = np.random.default_rng(34)
    masks = [0, (1 << 34) - 1, *(1 << t for t in range(34)), *rng.integers(0, 1 << 34, 200).tolist()]
    for mask in masks + masks:
        assert kept[mask] == tuple(t for t in range(34) if mask >> t & 1), hex(mask)
        assert len(kept) <= 64
