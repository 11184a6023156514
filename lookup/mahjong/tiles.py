"""Mahjong tile notation: parse text in four notations, format tiles, convert hands to counts.

Tile indices are those of :mod:`lookup.mahjong.encoding`. :data:`Hand` is every form
a query takes; :func:`hand_counts` turns one into its 34 counts, :func:`mask_tiles` a 34-bit
tile mask into its tiles. Accepted text notations, freely mixed and separated by spaces or
commas:

* tenhou: ``"123m456p789s11z"`` (``0`` is the red five and counts as a 5),
* UVa 11210 tokens: ``1W``..``9W`` characters, ``1T``..``9T`` dots, ``1S``..``9S`` bamboo,
  ``DONG NAN XI BEI ZHONG FA BAI``,
* Chinese names: ``一万``..``九万`` (萬), ``一筒``..``九筒`` (饼 餅), ``一条``..``九条`` (條 索),
  ``东 南 西 北 白 发 中`` (東 發); an Arabic digit may stand for the numeral (``5筒``),
* the Unicode mahjong tiles U+1F000..U+1F021.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

from ..arrays import as_list
from ..errors import InvalidArgumentError, InvalidHandError, InvalidTileError, check_text_size, quoted
from ..rules import choice
from .encoding import MAX_COPIES, N_SUIT_RANKS, N_TILE_KINDS, SUIT_OFFSETS

Hand = str | Sequence[int] | np.ndarray
"""A hand as the queries take it: text in any notation below, a sequence (or 1-D integer
array) of 34 tile counts, or a sequence (or array) of tile indices of any other length."""

HONOR_NAMES_EN = ("East", "South", "West", "North", "White", "Green", "Red")

# --- tenhou ------------------------------------------------------------------------------
_TENHOU_SUIT_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}

# --- UVa 11210 ---------------------------------------------------------------------------
_TENHOU_TEXT = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)+")
"""A hand in tenhou notation alone, with no separator: the fast path of :func:`hand_counts`."""
_TENHOU_GROUP = re.compile(r"([0-9]+)([mpsz])")
_TENHOU_TILE = {suit: {str(d): offset + (d or 5) - 1 for d in range(10)}
                for suit, offset in _TENHOU_SUIT_OFFSET.items()}
"""Per tenhou suit letter, the tile index of each digit (0: the red five)."""
_UVA_SUIT_OFFSET = {"W": 0, "T": 9, "S": 18}
_UVA_HONOR = {"DONG": 27, "NAN": 28, "XI": 29, "BEI": 30, "BAI": 31, "FA": 32, "ZHONG": 33}
UVA_ORDER = tuple(range(9, 18)) + tuple(range(18, 27)) + tuple(range(0, 9)) + (27, 28, 29, 30, 33, 32, 31)
"""Tile indices in the order of the UVa 11210 problem statement (T, S, W, winds, ZHONG FA BAI)."""

# --- Chinese -----------------------------------------------------------------------------
_CN_NUMERALS = "一二三四五六七八九"
_CN_SUIT_OFFSET = {"万": 0, "萬": 0, "筒": 9, "饼": 9, "餅": 9, "条": 18, "條": 18, "索": 18}
_CN_HONOR = {"东": 27, "東": 27, "南": 28, "西": 29, "北": 30, "白": 31, "发": 32, "發": 32, "中": 33}
_CN_SUIT_NAME = ("万", "筒", "条")
_CN_HONOR_NAME = ("东", "南", "西", "北", "白", "发", "中")

# --- Unicode (U+1F000..U+1F021) ------------------------------------------------------------
_UNICODE_FIRST = 0x1F000
_UNICODE_TO_TILE = (
    (27, 28, 29, 30, 33, 32, 31)  # winds, then Red, Green, White dragons
    + tuple(range(0, 9))  # characters
    + tuple(range(18, 27))  # bamboo
    + tuple(range(9, 18))  # dots
)
_TILE_TO_UNICODE = {tile: chr(_UNICODE_FIRST + i) for i, tile in enumerate(_UNICODE_TO_TILE)}
_VARIATION_SELECTORS = "\ufe0e\ufe0f"
_SEPARATORS = " \t\r\n,;"

NOTATIONS = ("tenhou", "uva", "chinese", "unicode")
MAX_TILES = N_TILE_KINDS * MAX_COPIES
"""The most tiles a text or a list of tile indices can hold (4 copies of each kind)."""


def _bad_token(text: str, start: int, why: str = "") -> InvalidTileError:
    end = start + 1
    while end < len(text) and text[end] not in _SEPARATORS:
        end += 1
    token = text[start:end]
    msg = f"bad tile token {quoted(token)} at position {start}"
    return InvalidTileError(msg + (f": {why}" if why else ""))


def parse_tiles(text: str) -> list[int]:
    """Parse tiles written in any of the four notations; returns tile indices in text order.

    Raises :class:`InvalidTileError` naming the first token no notation knows.
    """
    if not isinstance(text, str):
        raise InvalidTileError(f"tile text must be a str, not {type(text).__name__}")
    check_text_size(text, MAX_TILES, "tile text")
    tiles: list[int] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS or ch in _VARIATION_SELECTORS:
            i += 1
            continue
        code = ord(ch)
        if _UNICODE_FIRST <= code < _UNICODE_FIRST + len(_UNICODE_TO_TILE):
            tiles.append(_UNICODE_TO_TILE[code - _UNICODE_FIRST])
            i += 1
            continue
        if ch in _CN_HONOR:
            tiles.append(_CN_HONOR[ch])
            i += 1
            continue
        if ch in _CN_NUMERALS or ch.isascii() and ch.isdigit():
            j = i
            while j < n and text[j].isascii() and text[j].isdigit():
                j += 1
            if ch in _CN_NUMERALS:
                j = i + 1
            suit = text[j] if j < n else ""
            if suit in _CN_SUIT_OFFSET:  # Chinese: one numeral then a suit character
                if j != i + 1:
                    raise _bad_token(text, i, "one numeral per Chinese tile name")
                rank = _CN_NUMERALS.index(ch) + 1 if ch in _CN_NUMERALS else int(ch)
                if not 1 <= rank <= 9:
                    raise _bad_token(text, i, "rank must be 1..9")
                tiles.append(_CN_SUIT_OFFSET[suit] + rank - 1)
                i = j + 1
                continue
            if ch in _CN_NUMERALS:
                raise _bad_token(text, i, "a Chinese numeral needs a suit (万 筒 条)")
            if suit in _TENHOU_SUIT_OFFSET:  # tenhou: a run of digits then m/p/s/z
                for k in range(i, j):
                    rank = int(text[k]) or 5  # 0 is the red five
                    if suit == "z" and not "1" <= text[k] <= "7":
                        raise _bad_token(text, i, "honors are 1z..7z (0 is a red five only in m, p, s)")
                    tiles.append(_TENHOU_SUIT_OFFSET[suit] + rank - 1)
                i = j + 1
                continue
            if suit in _UVA_SUIT_OFFSET and j == i + 1 and ch != "0":  # UVa: 1W, 5T, 9S
                tiles.append(_UVA_SUIT_OFFSET[suit] + int(ch) - 1)
                i = j + 1
                continue
            raise _bad_token(text, i)
        if "A" <= ch <= "Z":
            j = i
            while j < n and "A" <= text[j] <= "Z":
                j += 1
            word = text[i:j]
            if word in _UVA_HONOR and (j == n or text[j] in _SEPARATORS):
                tiles.append(_UVA_HONOR[word])
                i = j
                continue
        raise _bad_token(text, i)
    return tiles


def parse_uva_token(token: str) -> int:
    """Tile index of one UVa 11210 token (``1W``..``9S``, ``DONG`` ... ``BAI``), strictly."""
    if not isinstance(token, str):
        raise InvalidTileError(f"a UVa tile token must be a str, not {type(token).__name__}")
    if token in _UVA_HONOR:
        return _UVA_HONOR[token]
    if len(token) == 2 and token[0] in "123456789" and token[1] in _UVA_SUIT_OFFSET:
        return _UVA_SUIT_OFFSET[token[1]] + int(token[0]) - 1
    raise InvalidTileError(f"bad tile token {quoted(token)}: UVa tiles are 1W..9W, 1T..9T, 1S..9S, "
                           "DONG NAN XI BEI ZHONG FA BAI")


def tile_name(tile: int | np.integer, notation: str = "tenhou") -> str:
    """Name of one tile index in a notation: tenhou ``5p``, uva ``5T``, chinese ``五筒``, unicode."""
    tile = tile_index(tile)
    choice(notation, NOTATIONS, "notation")
    suit, rank = divmod(tile, 9)
    if notation == "tenhou":
        return f"{rank + 1}{'mpsz'[suit]}"
    if notation == "uva":
        if suit == 3:
            return {v: k for k, v in _UVA_HONOR.items()}[tile]
        return f"{rank + 1}{'WTS'[suit]}"
    if notation == "chinese":
        if suit == 3:
            return _CN_HONOR_NAME[rank]
        return _CN_NUMERALS[rank] + _CN_SUIT_NAME[suit]
    return _TILE_TO_UNICODE[tile]  # unicode


def format_tiles(tiles: Iterable[int], notation: str = "tenhou") -> str:
    """Format tile indices (sorted); tenhou groups runs by suit (``"123m55p"``), others use spaces."""
    choice(notation, NOTATIONS, "notation")
    ordered = sorted(tile_index(t) for t in as_list(tiles, "tile indices", MAX_TILES))
    if notation != "tenhou":
        sep = "" if notation == "unicode" else " "
        return sep.join(tile_name(t, notation) for t in ordered)
    out = []
    for suit, letter in enumerate("mpsz"):
        ranks = "".join(str(t - 9 * suit + 1) for t in ordered if t // 9 == suit)
        if ranks:
            out.append(ranks + letter)
    return "".join(out)


def format_counts(counts: Sequence[int] | np.ndarray, notation: str = "tenhou") -> str:
    """Format a 34-count vector like :func:`format_tiles`; the counts are checked (0..4 each)."""
    listed = as_list(counts, "tile counts", N_TILE_KINDS)
    if len(listed) != N_TILE_KINDS:
        raise InvalidHandError(f"format_counts takes {N_TILE_KINDS} tile counts, got {quoted(counts)}")
    counts = hand_counts(listed)
    return format_tiles([t for t in range(N_TILE_KINDS) for _ in range(int(counts[t]))], notation)


_VALID_COUNTS = bytes(range(MAX_COPIES + 1))


def tile_index(tile: object) -> int:
    """A tile index 0..33 from an int or numpy integer (not a bool), else InvalidTileError."""
    if isinstance(tile, (int, np.integer)) and not isinstance(tile, (bool, np.bool_)) and 0 <= tile < N_TILE_KINDS:
        return int(tile)
    raise InvalidTileError(f"tile index must be an integer 0..33, got {quoted(tile)}")


def hand_counts(hand: Hand) -> bytes:
    """Convert a hand to its 34 tile counts (a ``bytes`` of length 34, each 0..4).

    ``hand`` is text in any notation, a sequence or 1-D integer array of 34 counts, or a
    sequence of tile indices (any other length). Raises :class:`InvalidTileError` for a bad
    token or index and :class:`InvalidHandError` for a fifth copy or a malformed vector.
    """
    if isinstance(hand, (list, tuple)) and len(hand) == N_TILE_KINDS:  # the fast path: 34 counts
        try:
            counts = bytes(hand)
        except (TypeError, ValueError):
            raise InvalidHandError(f"tile counts must be integers 0..4, got {quoted(list(hand))}") from None
        if bool in map(type, hand):
            raise InvalidHandError("tile counts must be integers 0..4, got a bool")
    elif isinstance(hand, str):
        check_text_size(hand, MAX_TILES, "tile text")
        if not _TENHOU_TEXT.fullmatch(hand):
            return _indices_to_counts(parse_tiles(hand))
        tally = [0] * N_TILE_KINDS  # the tiles parse_tiles would give, counted without listing them
        for digits, suit in _TENHOU_GROUP.findall(hand):
            index_of = _TENHOU_TILE[suit]
            for digit in digits:
                tally[index_of[digit]] += 1
        if max(tally) > MAX_COPIES:
            return _indices_to_counts(parse_tiles(hand))  # names the fifth copy as it always has
        return bytes(tally)
    elif isinstance(hand, np.ndarray):
        if hand.ndim != 1 or not np.issubdtype(hand.dtype, np.integer):
            raise InvalidHandError(
                f"a hand array must be 1-D integer, got shape {hand.shape} dtype {hand.dtype}")
        if hand.shape[0] != N_TILE_KINDS:
            return _indices_to_counts(as_list(hand, "tile indices", MAX_TILES))
        if hand.min() < 0 or hand.max() > 255:
            raise InvalidHandError("tile counts must be 0..4")
        counts = bytes(hand.astype(np.uint8))
    else:
        seq = as_list(hand, "tile indices", MAX_TILES)  # a dict or set (no order) is refused
        if len(seq) != N_TILE_KINDS:
            return _indices_to_counts(seq)
        return hand_counts(seq)
    if counts.translate(None, _VALID_COUNTS):  # some count is not 0..4
        tile = max(range(N_TILE_KINDS), key=counts.__getitem__)
        raise InvalidHandError(
            f"hand holds {counts[tile]} copies of {tile_name(tile)} (tile {tile}); a tile has 4 copies")
    return counts


def _indices_to_counts(tiles: Iterable[object]) -> bytes:
    counts = [0] * N_TILE_KINDS
    for t in tiles:
        counts[tile_index(t)] += 1
    for t, c in enumerate(counts):
        if c > MAX_COPIES:
            raise InvalidHandError(
                f"hand holds {c} copies of {tile_name(t)} (tile {t}); a tile has 4 copies")
    return bytes(counts)


_SUIT_TILES = tuple(tuple(tuple(offset + r for r in range(N_SUIT_RANKS) if bits >> r & 1) for bits in range(512))
                    for offset in SUIT_OFFSETS)
"""_SUIT_TILES[s][bits]: the tile indices of suit s whose ranks are set in a 9-bit mask."""


def wait_mask(mask: object) -> int:
    """A 34-bit tile mask as an int, checked: an int or numpy integer 0 .. 2**34 - 1 (not a bool)."""
    if isinstance(mask, (int, np.integer)) and not isinstance(mask, (bool, np.bool_)) and 0 <= mask < 1 << N_TILE_KINDS:
        return int(mask)
    raise InvalidArgumentError(f"a tile mask is an integer 0 .. 2**{N_TILE_KINDS} - 1, got {quoted(mask)}")


class MaskTiles(dict[int, tuple[int, ...]]):
    """:func:`mask_tiles` of each tile mask looked up, kept: ``MASK_TILES[mask]`` is one dict
    look-up once a mask was seen. Holds at most :attr:`LIMIT` masks (emptied when full)."""

    LIMIT = 1 << 16

    def __missing__(self, mask: int) -> tuple[int, ...]:
        if len(self) >= self.LIMIT:
            self.clear()
        tiles = self[mask] = mask_tiles(mask)
        return tiles


MASK_TILES = MaskTiles()
"""The tiles of the masks the scalar queries answered (``ting`` returns ``[*MASK_TILES[mask]]``)."""


def mask_tiles(mask: int) -> tuple[int, ...]:
    """Sorted tile indices of the set bits of a 34-bit tile mask (four look-ups of per-suit tuples)."""
    m, p, s, z = _SUIT_TILES
    return m[mask & 511] + p[mask >> 9 & 511] + s[mask >> 18 & 511] + z[mask >> 27]
