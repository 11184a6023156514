"""What a riichi query does with its input: tile text with red fives, melds as tiles or a
tile, dora indicators, the situation row (:class:`.hand.Col`) of one hand and the columns of a
batch, and the one-line error of each status the scorer refuses a hand with.
"""

from __future__ import annotations

import itertools
import re
import struct
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from .... import jit
from ....arrays import as_array
from ....errors import (
    InvalidArgumentError,
    InvalidHandError,
    InvalidMeldError,
    InvalidSituationError,
    InvalidTileError,
    PaibiaoError,
    quoted,
)
from ...encoding import MAX_COPIES, MAX_MELDS, N_SUIT_RANKS, N_TILE_KINDS
from ...inputs import hand_row
from ...tiles import Hand, parse_tiles, tile_name
from ..chinese.query import MELD_DTYPE, MELD_KINDS, NO_MELD_BYTES, one_tile
from ..readings import ERR_MELD, MeldInput
from .hand import FIVE_RANK, MAX_INDICATORS, N_COLS, N_WINDS, Col, Refusal
from .options import COUNTS, FLAGS, NO_INDICATOR
from .text import INDICATORS_END

_TENHOU_GROUP = re.compile(r"([0-9]+)([mps])")
_SUITS = "mps"


def red_fives(text: str) -> list[int]:
    """The red fives (``0``) of each numbered suit in tile text, as three counts."""
    reds = [0, 0, 0]
    if "0" not in text:
        return reds
    for digits, suit in _TENHOU_GROUP.findall(text):
        reds[_SUITS.index(suit)] += digits.count("0")
    return reds


def _add_reds(reds: list[int], more: Sequence[int]) -> None:
    reds[0] += more[0]
    reds[1] += more[1]
    reds[2] += more[2]


_MELD_SIZE = {MeldInput.CHOW: 3, MeldInput.PONG: 3, MeldInput.KONG: MAX_COPIES, MeldInput.CONCEALED_KONG: MAX_COPIES}


def _meld_row(meld: object, reds: list[int]) -> tuple[int, int]:
    """(kind code, lowest tile) of one meld, its red fives added to ``reds``."""
    if isinstance(meld, str) or not isinstance(meld, (list, tuple, Sequence)) or len(meld) != 2:
        raise InvalidMeldError(f"a meld is a (kind, tiles) pair, got {quoted(meld)}")
    kind, tiles = meld
    code = MELD_KINDS.get(kind) if isinstance(kind, str) else None
    if code is None:
        raise InvalidMeldError(f"bad meld kind {quoted(kind)}: one of {', '.join(MELD_KINDS)}")
    if isinstance(tiles, str):
        _add_reds(reds, red_fives(tiles))
        parsed = sorted(parse_tiles(tiles))
        if len(parsed) == 1:
            return code, parsed[0]
        first = parsed[0]
        want = [first, first + 1, first + 2] if code == MeldInput.CHOW else [first] * _MELD_SIZE[code]
        chow_ok = code != MeldInput.CHOW or (first < 27 and first % N_SUIT_RANKS <= N_SUIT_RANKS - 3)
        if parsed != want or not chow_ok:
            raise InvalidMeldError(f"{quoted(tiles)} is not a {kind}: a {kind} is "
                                   + ("three numbered tiles in a row" if code == MeldInput.CHOW
                                      else f"{_MELD_SIZE[code]} copies of a tile"))
        return code, first
    return code, one_tile(tiles, "a meld's tile")


LISTS = (list, tuple)
_SCALARS = (bool, int)
TILE_TYPES = (int, str)


def _melds_input(melds: Sequence[object], reds: list[int]) -> tuple[bytearray, int]:
    """(meld bytes, melds declared) of the scalar queries' melds, their red fives added to ``reds``."""
    if melds == () or melds == []:
        return NO_MELD_BYTES, 0
    if melds.__class__ not in LISTS and (isinstance(melds, (str, bytes)) or not isinstance(melds, Sequence)):
        raise InvalidMeldError(f"melds must be a sequence of (kind, tiles) pairs, got {quoted(melds)}")
    if len(melds) > MAX_MELDS:
        raise InvalidMeldError(f"a hand declares at most {MAX_MELDS} melds, got {len(melds)}")
    flat = bytearray(2 * MAX_MELDS)
    for i, meld in enumerate(melds):
        flat[2 * i], flat[2 * i + 1] = _meld_row(meld, reds)
    return flat, len(melds)


def _meld_codes() -> dict[tuple[str, str], bytes]:
    """The bytes the text kernel reads (:mod:`.text`) of each meld given as (kind, tiles text)
    of one group: one tile, or the meld's tiles in any order with one five or none written red
    (``0``)."""
    table = {}
    for kind, code in MELD_KINDS.items():
        for tile in range(N_TILE_KINDS):
            suit, rank = divmod(tile, N_SUIT_RANKS)
            letter, red = "mpsz"[suit], suit + 1
            table[kind, f"{rank + 1}{letter}"] = bytes((code, tile, 0))
            if suit < 3 and rank == FIVE_RANK:
                table[kind, f"0{letter}"] = bytes((code, tile, red))
            if kind == "chow" and (suit == 3 or rank > N_SUIT_RANKS - 3):
                continue
            ranks = [rank, rank + 1, rank + 2] if kind == "chow" else [rank] * _MELD_SIZE[code]
            spellings = [([str(r + 1) for r in ranks], 0)]
            if suit < 3 and FIVE_RANK in ranks:
                at = ranks.index(FIVE_RANK)
                spellings.append(([*spellings[0][0][:at], "0", *spellings[0][0][at + 1:]], red))
            for digits, reds in spellings:
                for order in set(itertools.permutations(digits)):
                    table[kind, "".join(order) + letter] = bytes((code, tile, reds))
    return table


MELD_CODES = _meld_codes()
MELD_CODE_AT: Callable[[object], bytes] = MELD_CODES.__getitem__  # type: ignore[assignment]
"""The bytes of a meld given as (kind, tiles text) in :data:`MELD_CODES`, KeyError for others."""


def situation_bytes(numbers: tuple[object, ...], dora: Sequence[object], ura_dora: Sequence[object]) -> bytes | None:
    """The situation's bytes the text kernel reads (:func:`.text.read_situation`) of
    ``numbers`` (the row's columns up to the dora) and indicators given as tiles of
    :data:`ONE_TILE`; None when a number is past 254 or an indicator not such a tile."""
    try:
        return bytes((*numbers, *map(_TILE_AT, dora), INDICATORS_END, *map(_TILE_AT, ura_dora)))  # type: ignore
    except (KeyError, TypeError, ValueError):
        return None


def _indicators(tiles: object, what: str) -> list[int]:
    """The indicator tiles of ``dora`` or ``ura_dora``: tile text, or a sequence of tiles."""
    if isinstance(tiles, str):
        found = parse_tiles(tiles)
    elif isinstance(tiles, (list, tuple, np.ndarray)):
        found = [one_tile(t, f"a {what} indicator") for t in tiles]
    else:
        raise InvalidArgumentError(f"{what} must be tiles (text or a sequence), got {quoted(tiles)}")
    if len(found) > MAX_INDICATORS:
        raise InvalidArgumentError(f"at most {MAX_INDICATORS} {what} indicators, got {len(found)}")
    return found


ONE_TILE: dict[object, int] = {**{t: t for t in range(N_TILE_KINDS)},
                               **{f"{r}{s}": o + (r or 5) - 1 for s, o in zip("mps", (0, 9, 18)) for r in range(10)},
                               **{f"{r}z": 27 + r - 1 for r in range(1, 8)}}
"""The tile index of each tile given as an index or one tile of tenhou text (the fast path)."""
RED_WINS = frozenset(f"0{s}" for s in "mps")
"""The win tiles that are red fives."""
_NO_INDICATORS = [NO_INDICATOR] * MAX_INDICATORS
_PADS = [_NO_INDICATORS[n:] for n in range(MAX_INDICATORS + 1)]
_TILE_AT = ONE_TILE.__getitem__
_TOP = {"seat_wind": N_WINDS - 1, "round_wind": N_WINDS - 1}


def _indicator_items(tiles: object, what: str) -> list[int]:
    """:func:`_indicators` padded with -1 to :data:`MAX_INDICATORS`."""
    if tiles.__class__ in LISTS and len(tiles) <= MAX_INDICATORS:
        try:
            return [*map(_TILE_AT, tiles), *_PADS[len(tiles)]]
        except (KeyError, TypeError):  # a tile not in the fast table: the checked path names it
            pass
    try:
        found = [ONE_TILE[t] for t in tiles] if tiles.__class__ in (list, tuple) else _indicators(tiles, what)
    except (KeyError, TypeError):  # a tile not in the fast table: the checked path names it
        found = _indicators(tiles, what)
    if len(found) > MAX_INDICATORS:
        raise InvalidArgumentError(f"at most {MAX_INDICATORS} {what} indicators, got {len(found)}")
    return found + _NO_INDICATORS[len(found):]


_SITUATION = struct.Struct(f"{N_COLS}q")
_SITUATION_TYPES = (bool,) * len(FLAGS) + (int,) * len(COUNTS)


def situation_row(flags: Sequence[object], numbers: Sequence[object], red: int, dora: object,
                  ura_dora: object, out: np.ndarray | None = None) -> np.ndarray:
    """The situation row (:class:`.hand.Col`) of one hand's flags, winds and sticks, checked;
    written into ``out`` (int64, one row) when given and every flag is a bool and every number
    an int."""
    seat, round_wind, honba, kyoutaku = numbers
    if not ((*map(type, flags), *map(type, numbers)) == _SITUATION_TYPES
            and 0 <= seat < N_WINDS and 0 <= round_wind < N_WINDS and honba >= 0 and kyoutaku >= 0):  # type: ignore
        _check_situation(flags, numbers)
        out = None  # numpy bools or integers: numpy converts them
    dora_items, ura_items = _indicator_items(dora, "dora"), _indicator_items(ura_dora, "ura_dora")
    if out is None:
        return np.array([*flags, *numbers, red, *dora_items, *ura_items], np.int64)
    _SITUATION.pack_into(out.data, 0, *flags, *numbers, red, *dora_items, *ura_items)
    return out


def _check_situation(flags: Sequence[object], numbers: Sequence[object]) -> None:
    """Raises the error of the first flag that is not a bool or number out of range."""
    for name, value in zip(FLAGS, flags):
        if value.__class__ is not bool and not isinstance(value, np.bool_):
            raise InvalidArgumentError(f"{name} must be a bool, got {quoted(value)}")
    for name, value in zip(COUNTS, numbers):
        top = _TOP.get(name)
        if (value.__class__ is not int and (isinstance(value, (bool, np.bool_)) or not isinstance(value, np.integer))) \
                or value < 0 or (top is not None and value > top):
            raise InvalidArgumentError(f"{name} must be an integer {'0..3' if top else '>= 0'}, got {quoted(value)}")


REFUSALS = {
    Refusal.RED_WITHOUT_AKA: (InvalidTileError, "a red five under rules without red fives (Rules(aka=True) has them)"),
    Refusal.RED_FIVES: (InvalidHandError, "more red fives than the fives the hand holds (one red five per suit)"),
    Refusal.INDICATOR: (InvalidTileError, "a dora indicator must be a tile index 0..33 (-1 for none)"),
    Refusal.IPPATSU_WITHOUT_RIICHI: (InvalidSituationError, "ippatsu without riichi"),
    Refusal.RIICHI_OPEN: (InvalidSituationError, "riichi with an open meld (riichi needs a closed hand)"),
    Refusal.RINSHAN_RON: (InvalidSituationError, "rinshan without tsumo (the kong's replacement tile is drawn)"),
    Refusal.RINSHAN_WITHOUT_KONG: (InvalidSituationError, "rinshan without a kong among the melds"),
    Refusal.CHANKAN_TSUMO: (InvalidSituationError, "chankan with tsumo (a robbed kong's tile is won by ron)"),
    Refusal.CHANKAN_HELD: (InvalidSituationError, "chankan on a tile the hand or its melds hold (a robbed kong "
                                                  "shows the other three copies)"),
    Refusal.HAITEI_RON: (InvalidSituationError, "haitei without tsumo (houtei is the last discard)"),
    Refusal.HOUTEI_TSUMO: (InvalidSituationError, "houtei with tsumo (haitei is the last draw)"),
    Refusal.HAITEI_RINSHAN: (InvalidSituationError, "haitei with rinshan"),
    Refusal.HOUTEI_CHANKAN: (InvalidSituationError, "houtei with chankan"),
    Refusal.TENHOU_NOT_DEALER: (InvalidSituationError, "tenhou not as dealer (seat_wind must be 0, east)"),
    Refusal.TENHOU_RON: (InvalidSituationError, "tenhou without tsumo"),
    Refusal.TENHOU_MELD: (InvalidSituationError, "tenhou with a declared meld"),
    Refusal.CHIIHOU_DEALER: (InvalidSituationError, "chiihou as dealer (tenhou is the dealer's)"),
    Refusal.CHIIHOU_RON: (InvalidSituationError, "chiihou without tsumo"),
    Refusal.CHIIHOU_MELD: (InvalidSituationError, "chiihou with a declared meld"),
    Refusal.WIND: (InvalidArgumentError, "seat_wind and round_wind must be 0..3"),
    Refusal.STICKS: (InvalidArgumentError, "honba and kyoutaku must be >= 0"),
    Refusal.FLAG: (InvalidArgumentError, "flags must be bools (or 0/1)"),
}
"""The error class and message of each refusal of :func:`.hand.situation_status`."""
def refusal_error(status: int, hand: np.ndarray, win_tile: int, melds: np.ndarray,
                  situation: Sequence[int] | np.ndarray) -> PaibiaoError:
    """The error of a refused hand (a status of :func:`.scorer.score_hand`), naming what is wrong."""
    declared = [(int(k), int(t)) for k, t in melds if k != MeldInput.NONE]
    if status in REFUSALS:
        cls, message = REFUSALS[Refusal(status)]
        return cls(message)
    if status == ERR_MELD:
        if not 0 <= win_tile < N_TILE_KINDS:
            return InvalidTileError(f"the win tile must be a tile index 0..33, got {win_tile}")
        for kind, tile in declared:
            if kind not in _MELD_SIZE or not 0 <= tile < N_TILE_KINDS:
                return InvalidMeldError(f"bad meld ({kind}, {tile}): kinds are 1..4 and tiles 0..33")
            if kind == MeldInput.CHOW:
                return InvalidMeldError(f"no chow starts at {tile_name(tile)}: a chow is three numbered tiles in a row")
        return InvalidMeldError("melds: a meld follows an empty row (kind 0)")
    copies = hand.astype(np.int64)
    copies[win_tile] += 1
    for kind, tile in declared:
        if kind == MeldInput.CHOW:
            copies[tile:tile + 3] += 1
        else:
            copies[tile] += _MELD_SIZE.get(MeldInput(kind), 0) if kind in _MELD_SIZE else 0
    if status == jit.ERR_SIZE:
        n = len(declared)
        return InvalidHandError(f"{int(hand.sum())} tiles in hand with {n} meld{'s' * (n != 1)}: the hand before "
                                f"the win holds {3 * (MAX_MELDS - n) + 1} (13 less 3 per meld)")
    if status == jit.ERR_COPIES:
        tile = int(np.argmax(copies))
        return InvalidHandError(f"{tile_name(tile)}: {copies[tile]} copies counting the melds and the win tile, "
                                f"more than the {MAX_COPIES} of a tile")
    if status == Refusal.INDICATOR_COPIES:
        for d in situation[Col.DORA:]:
            copies[d] += int(d >= 0)
        tile = int(np.argmax(copies))
        return InvalidHandError(f"{tile_name(tile)}: {copies[tile]} copies counting the melds, the win tile and the "
                                f"dora indicators, more than the {MAX_COPIES} of a tile")
    return InvalidHandError(f"hand refused (status {status})")


class Known(dict):
    """``make(key)`` of each key looked up, kept: a dict look-up once a key was seen. Holds at
    most :attr:`LIMIT` keys (emptied when full)."""

    LIMIT = 1 << 14

    def __init__(self, make: Callable[[object], object]):
        super().__init__()
        self.make = make

    def __missing__(self, key: object) -> object:
        if len(self) >= self.LIMIT:
            self.clear()
        value = self[key] = self.make(key)
        return value


def hand_input(hand: Hand, melds: Sequence[object]) -> tuple[bytearray, list[int], bytearray, int]:
    """(hand row, red fives per suit, meld bytes, melds declared) of one hand's input."""
    reds = red_fives(hand) if isinstance(hand, str) else [0, 0, 0]
    rows, n_declared = _melds_input(melds, reds)  # the melds' errors before the hand's
    return hand_row(hand), reds, rows, n_declared


def win_input(win_tile: object, reds: list[int]) -> int:
    """The win tile's index, a red five added to ``reds``."""
    win = ONE_TILE.get(win_tile) if win_tile.__class__ in TILE_TYPES else None
    if win is None:
        win = one_tile(win_tile)
    if isinstance(win_tile, str) and "0" in win_tile:
        _add_reds(reds, red_fives(win_tile))
    return win


def red_count(reds: list[int]) -> int:
    if max(reds) > 1:
        suit = next(s for s, r in enumerate(reds) if r > 1)
        raise InvalidHandError(f"{reds[suit]} red fives of {_SUITS[suit]}: each numbered suit has one")
    return sum(reds)


def rows_of(melds: bytearray) -> np.ndarray:
    """The (4, 2) meld rows of 8 meld bytes."""
    return np.frombuffer(bytes(melds), MELD_DTYPE).reshape(MAX_MELDS, 2)


def column(value: npt.ArrayLike, name: str, n: int, low: int, high: int | None) -> np.ndarray | int:
    """One situation column of a batch: a scalar for every row or an (N,) array, in low..high; a
    Python bool or int in range is returned as an int (for every row), bools as they are."""
    if value.__class__ in _SCALARS and low <= value and (high is None or value <= high):
        return int(value)
    array = as_array(value, name)
    if array.ndim == 0:
        array = np.full(n, array.item())
    if array.shape != (n,):
        raise InvalidArgumentError(f"{name} must be a scalar or have shape ({n},), got {array.shape}")
    if not (array.dtype == np.bool_ or np.issubdtype(array.dtype, np.integer)):
        raise InvalidArgumentError(f"{name} must be {'bools' if high == 1 else 'integers'}")
    if array.dtype == np.bool_ and low <= 0 and (high is None or high >= 1):
        return array
    array = array.astype(np.int64)
    if n and (array.min() < low or (high is not None and array.max() > high)):
        bad = np.flatnonzero((array < low) | (array > high if high is not None else False))
        span = f"{low}..{high}" if high is not None else f">= {low}"
        raise InvalidArgumentError(f"row {bad[0]}: {name} must be {span}, got {array[bad[0]]}")
    return array


def indicator_block(value: npt.ArrayLike | None, name: str, n: int) -> np.ndarray:
    """The (N, 5) indicator tiles of a batch, padded with -1."""
    block = np.full((n, MAX_INDICATORS), NO_INDICATOR, np.int64)
    if value is None:
        return block
    array = as_array(value, name)
    if array.ndim != 2 or array.shape[0] != n or array.shape[1] > MAX_INDICATORS \
            or not np.issubdtype(array.dtype, np.integer):
        raise InvalidArgumentError(f"{name} must be integers of shape ({n}, {MAX_INDICATORS}) padded with -1, "
                                   f"got {array.dtype} {array.shape}")
    block[:, :array.shape[1]] = array
    return block


def meld_blocks(melds: npt.ArrayLike | None, n: int) -> np.ndarray:
    if melds is None:
        return np.zeros((n, MAX_MELDS, 2), MELD_DTYPE)
    array = as_array(melds, "melds")
    if array.shape != (n, MAX_MELDS, 2) or not np.issubdtype(array.dtype, np.integer):
        raise InvalidMeldError(f"melds must be integers of shape ({n}, {MAX_MELDS}, 2), got {array.dtype} "
                               f"{array.shape}")
    if array.size and (array.min() < np.iinfo(MELD_DTYPE).min or array.max() > np.iinfo(MELD_DTYPE).max):
        raise InvalidMeldError("melds hold kinds 0..4 and tiles 0..33")
    return np.ascontiguousarray(array, MELD_DTYPE)
