"""Chinese Official (国标) scoring: the fans of a winning hand (:func:`fan`), the waits worth
at least 8 fans (:func:`fan_waits`), and the totals of a batch (:func:`fan_batch`).

Each runs a kernel of :mod:`.kernels` over the per-hand step :func:`.scorer.score_hand`,
which reads every split of the concealed tiles from the tables' split lists, scores every
reading of the hand with the 81 fans and the rules of exclusion, and keeps the best. The
result follows the calculator the contests use (pymahjonggb): no 8-fan minimum in
:func:`fan` (check ``total`` less the flowers; :func:`fan_waits` applies ``min_fan``), 明暗杠
(5 points) for one concealed and one exposed kong.

The hand is the concealed tiles before the win, 13 less 3 per declared meld. Melds are
``(kind, tile)`` pairs: ``"chow"`` (``tile`` its lowest tile), ``"pong"``, ``"kong"``
(exposed) or ``"concealed_kong"``; a tile is an index 0..33 or one tile as text. Flags:
``self_drawn`` 自摸; ``fourth_tile`` 和绝张 (the win tile's other three copies are in sight;
implied when the melds show them); ``kong`` 杠上开花 when self-drawn, 抢杠和 when not;
``last_tile`` 妙手回春 when self-drawn, 海底捞月 when not; ``seat_wind`` and ``round_wind``
0..3 for east, south, west, north; ``flowers`` 0..8, a point each.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .... import jit, tables
from ....arrays import answer_array, as_array
from ....errors import InvalidArgumentError, InvalidHandError, InvalidMeldError, InvalidTileError, PaibiaoError, quoted
from ...decompositions import Decomposition, knitted_honors_reading, seven_pairs_reading, thirteen_orphans_reading
from ...encoding import KNITTED_SETS, MAX_COPIES, MAX_MELDS, N_TILE_KINDS
from ...inputs import batch_counts, hand_row
from ...queries import GAME
from ...tiles import Hand, parse_tiles, tile_index, tile_name
from ..readings import ERR_MELD, Form, Meld, MeldInput
from .fans import FAN_NAMES, FAN_POINTS, MAX_FLOWERS, MIN_FANS, N_WINDS, Fan
from .hand import ERR_FLAGS, Situation
from .scratch import WORK_SHAPE, Detail, Row

MELD_KINDS = {"chow": MeldInput.CHOW, "pong": MeldInput.PONG, "kong": MeldInput.KONG,
              "concealed_kong": MeldInput.CONCEALED_KONG}
"""The meld kinds :func:`fan` takes, and their codes in :func:`fan_batch`'s ``melds`` array."""
MELD_DTYPE = np.int8
SITUATION = Situation._fields
"""The columns of a situation row, in the kernels' order."""
FLAGS = SITUATION[:4]
"""The situation's flags (bools): ``self_drawn``, ``fourth_tile``, ``kong``, ``last_tile``."""
MAX_VALUE = {"seat_wind": N_WINDS - 1, "round_wind": N_WINDS - 1, "flowers": MAX_FLOWERS}


class FanScore(NamedTuple):
    """A scored win: ``total`` points, flowers included; ``fans`` one (name, points) per fan
    counted, in the order of the rules (a fan counted twice appears twice, 花牌 once per
    flower); ``decomposition`` the reading scored, of the concealed tiles and the win tile
    (the declared melds are not in it)."""

    total: int
    fans: tuple[tuple[str, int], ...]
    decomposition: Decomposition


_new_fan_score = tuple.__new__  # builds a FanScore without its Python-level __new__


def _new_decomposition(form: str, pair: int | None, melds: tuple = (), pairs: tuple = (),
                       knitted: tuple = ()) -> Decomposition:
    """A :class:`Decomposition` built without the frozen dataclass's field-by-field __init__."""
    made = object.__new__(Decomposition)
    made.__dict__.update(form=form, pair=pair, melds=melds, pairs=pairs, knitted=knitted)
    return made


_thread_scratch = threading.local()


def _scratch() -> np.ndarray:
    """This thread's work array for the one-hand kernel (rewritten by every call)."""
    try:
        return _thread_scratch.work
    except AttributeError:
        _thread_scratch.work = np.empty(WORK_SHAPE, np.int64)
        return _thread_scratch.work


class ScoringKernels(NamedTuple):
    """The addresses of the tables the kernels read (:mod:`..reading_tables`) and
    the entry points (:func:`lookup.jit.direct`) of the one-hand kernels."""

    wide: np.ndarray
    narrow: np.ndarray
    one: Callable
    waits: Callable


def _kernels(t: tables.TableSet) -> ScoringKernels:
    from ..reading_tables import reading_table_addresses  # imports Numba, as the kernels do
    from .kernels import fan_one, fan_waits

    wide, narrow = reading_table_addresses(t)
    hand, situation = bytearray(N_TILE_KINDS), (False,) * len(FLAGS) + (0,) * (len(SITUATION) - len(FLAGS))
    work = np.empty(WORK_SHAPE, np.int64)
    one = jit.direct(fan_one, hand, 0, NO_MELD_BYTES, 0, situation, wide, narrow, work)
    waits = jit.direct(fan_waits, hand, NO_MELD_BYTES, 0, situation, wide, narrow, work,
                       np.empty(N_TILE_KINDS, np.int64))
    return ScoringKernels(wide, narrow, one, waits)


KERNELS: tables.TableView[ScoringKernels] = tables.TableView(GAME, _kernels)


def one_tile(tile: object, what: str = "win_tile") -> int:
    """A tile index from an index 0..33 or the text of one tile."""
    if isinstance(tile, str):
        tiles = parse_tiles(tile)
        if len(tiles) != 1:
            raise InvalidTileError(f"{what} must be one tile, got {quoted(tile)}")
        return tiles[0]
    try:
        return tile_index(tile)
    except InvalidTileError:
        raise InvalidTileError(f"{what} must be a tile index 0..33 or one tile as text, got {quoted(tile)}") from None


_MELD_BYTES = {(kind, tile): bytes((code, tile)) for kind, code in MELD_KINDS.items() for tile in range(N_TILE_KINDS)}
"""The row of each meld given as (kind, tile index)."""
MELD_BYTES = 2 * MAX_MELDS
NO_MELD_BYTES = bytearray(MELD_BYTES)


def meld_bytes(melds: Sequence[tuple[str, int | str]]) -> bytearray:
    """The (kind code, tile) rows of declared ``melds`` as 8 bytes, the rest zero (the one-hand
    kernels' melds)."""
    if melds.__class__ in (list, tuple) and len(melds) <= MAX_MELDS:
        try:
            rows = [_MELD_BYTES[meld] for meld in melds if meld[1].__class__ is int]
        except (KeyError, TypeError, IndexError):
            rows = []
        if len(rows) == len(melds):
            return bytearray(b"".join(rows).ljust(MELD_BYTES, b"\0"))
    return _checked_meld_bytes(melds)


def _checked_meld_bytes(melds: Sequence[tuple[str, int | str]]) -> bytearray:
    """:func:`meld_bytes` of melds in any form (tiles as text, lists), each checked."""
    if melds.__class__ not in (list, tuple) and (isinstance(melds, (str, bytes)) or not isinstance(melds, Sequence)):
        raise InvalidMeldError(f"melds must be a sequence of (kind, tile) pairs, got {quoted(melds)}")
    if len(melds) > MAX_MELDS:
        raise InvalidMeldError(f"a hand declares at most {MAX_MELDS} melds, got {len(melds)}")
    flat = bytearray(MELD_BYTES)
    for i, meld in enumerate(melds):
        if isinstance(meld, str) or not isinstance(meld, (list, tuple, Sequence)) or len(meld) != 2:
            raise InvalidMeldError(f"a meld is a (kind, tile) pair, got {quoted(meld)}")
        kind, tile = meld
        code = MELD_KINDS.get(kind) if isinstance(kind, str) else None
        if code is None:
            raise InvalidMeldError(f"bad meld kind {quoted(kind)}: one of {', '.join(MELD_KINDS)}")
        flat[2 * i] = code
        plain = tile.__class__ is int and 0 <= tile < N_TILE_KINDS
        flat[2 * i + 1] = tile if plain else one_tile(tile, "a meld's tile")  # type: ignore[assignment]
    return flat


def situation_values(self_drawn: object, fourth_tile: object, kong: object, last_tile: object, seat_wind: object,
                     round_wind: object, flowers: object) -> tuple[bool, bool, bool, bool, int, int, int]:
    """The flags (bools) and winds and flowers (ints in range) of one hand, checked."""
    values = (self_drawn, fourth_tile, kong, last_tile, seat_wind, round_wind, flowers)
    out: list = []
    for name, value in zip(SITUATION, values):
        if name in FLAGS:
            if not isinstance(value, (bool, np.bool_)):
                raise InvalidArgumentError(f"{name} must be a bool, got {quoted(value)}")
            out.append(bool(value))
        elif isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) \
                or not 0 <= value <= MAX_VALUE[name]:
            raise InvalidArgumentError(f"{name} must be an integer 0..{MAX_VALUE[name]}, got {quoted(value)}")
        else:
            out.append(int(value))
    return tuple(out)


def situation_error(status: int, hand: np.ndarray, win_tile: int, melds: np.ndarray,
                    situation: np.ndarray) -> PaibiaoError:
    """The error of a refused hand (a status of :func:`.scorer.score_hand`), naming what is wrong."""
    kinds = {code: kind for kind, code in MELD_KINDS.items()}
    self_drawn, fourth_tile, kong = (bool(v) for v in situation[:3])
    declared = [(int(k), int(t)) for k, t in melds if k != MeldInput.NONE]
    if status == ERR_MELD:
        if not 0 <= win_tile < N_TILE_KINDS:
            return InvalidTileError(f"the win tile must be a tile index 0..33, got {win_tile}")
        if any(k == MeldInput.NONE for k, _ in melds[:len(declared)]):
            return InvalidMeldError("melds: a meld follows an empty row (kind 0)")
        for kind, tile in declared:
            if kind not in kinds or not 0 <= tile < N_TILE_KINDS:
                return InvalidMeldError(f"bad meld ({kind}, {tile}): kinds are 1..4 and tiles 0..33")
            if kind == MeldInput.CHOW:
                return InvalidMeldError(f"no chow starts at {tile_name(tile)}: a chow is three numbered tiles in a row")
        return InvalidMeldError("bad meld")
    if status == jit.ERR_SIZE:
        n = len(declared)
        return InvalidHandError(f"{int(hand.sum())} tiles in hand with {n} meld{'s' * (n != 1)}: the hand before "
                                f"the win holds {3 * (MAX_MELDS - n) + 1} (13 less 3 per meld)")
    if status == jit.ERR_COPIES:
        copies = hand.astype(np.int64)
        copies[win_tile] += 1
        for kind, tile in declared:
            if kind == MeldInput.CHOW:
                copies[tile:tile + 3] += 1
            else:
                copies[tile] += MAX_COPIES if kind in (MeldInput.KONG, MeldInput.CONCEALED_KONG) else 3
        tile = int(np.argmax(copies))
        return InvalidHandError(f"{tile_name(tile)}: {copies[tile]} copies counting the melds and the win tile, "
                                f"more than the {MAX_COPIES} of a tile")
    if status == ERR_FLAGS:
        win = tile_name(win_tile)
        if kong and self_drawn:
            return InvalidArgumentError("kong with self_drawn (杠上开花) needs a declared kong")
        if kong and hand[win_tile]:
            return InvalidArgumentError(f"kong without self_drawn (抢杠和) robs a kong of {win}, "
                                        f"but the hand holds {win}")
        if kong:
            return InvalidArgumentError(f"kong without self_drawn (抢杠和) robs a kong of {win}, "
                                        f"but a meld holds {win}")
        if fourth_tile:
            return InvalidArgumentError(f"fourth_tile (和绝张): the hand holds {win}, so the win is not its last copy")
        for i, name in enumerate(SITUATION[len(FLAGS):], len(FLAGS)):
            if not 0 <= situation[i] <= MAX_VALUE[name]:
                return InvalidArgumentError(f"{name} must be an integer 0..{MAX_VALUE[name]}, got {situation[i]}")
    return InvalidHandError(f"hand refused (status {status})")


def _rows_of(melds: bytearray) -> np.ndarray:
    """The (4, 2) meld rows of 8 meld bytes."""
    return np.frombuffer(bytes(melds), MELD_DTYPE).reshape(MAX_MELDS, 2)


READING_MELDS = {kind * N_TILE_KINDS + tile: (name, tile) for kind, name in ((Meld.CHOW, "chow"), (Meld.PONG, "pong"))
                 for tile in range(N_TILE_KINDS)}
"""A reading's meld (as a detail row holds it) as :class:`Decomposition` lists it."""


_BEST_ROW = int(Row.DETAIL)
_AT_FORM, _AT_PAIR, _AT_KNIT = int(Detail.FORM), int(Detail.PAIR), int(Detail.KNIT)
_AT_N_MELDS, _AT_MELDS = int(Detail.N_MELDS), int(Detail.MELDS)
_AT_N_FANS, _AT_FANS = int(Detail.N_FANS), int(Detail.FANS)
_STANDARD, _KNITTED_STRAIGHT = int(Form.STANDARD), int(Form.KNITTED_STRAIGHT)
_SEVEN_PAIRS, _THIRTEEN_ORPHANS = int(Form.SEVEN_PAIRS), int(Form.THIRTEEN_ORPHANS)
"""The scratch's best row, the detail row's items and the forms as plain ints: :func:`fan`
reads them per call, faster than enum members."""


def _decomposition(head: list[int], row: bytearray, win: int) -> Decomposition:
    """The :class:`Decomposition` of a scored reading (the head of a detail row) of the concealed
    counts ``row`` and the win tile."""
    form, pair, knit = head[_AT_FORM], head[_AT_PAIR], head[_AT_KNIT]
    melds = tuple(map(READING_MELDS.__getitem__, head[_AT_MELDS:_AT_MELDS + head[_AT_N_MELDS]]))
    if form == _STANDARD:
        return _new_decomposition("standard", pair, melds)
    if form == _KNITTED_STRAIGHT:
        return _new_decomposition("knitted_straight", pair, melds, knitted=tuple(sorted(KNITTED_SETS[knit])))
    counts = list(row)
    counts[win] += 1
    if form == _SEVEN_PAIRS:
        return seven_pairs_reading(counts)
    if form == _THIRTEEN_ORPHANS:
        return thirteen_orphans_reading(counts)
    return knitted_honors_reading(counts, KNITTED_SETS[knit])


FAN_ENTRIES = tuple((name, int(points)) for name, points in zip(FAN_NAMES, FAN_POINTS))
"""(name, points) of each fan, by index."""


def _hand_input(hand: Hand, win_tile: object, melds: Sequence[tuple[str, int | str]]
                ) -> tuple[bytearray, int, bytearray, int]:
    """(hand row, win tile, meld bytes, melds declared) of one hand's input."""
    win = win_tile if win_tile.__class__ is int and 0 <= win_tile < N_TILE_KINDS else one_tile(win_tile)
    if melds == ():
        return hand_row(hand), win, NO_MELD_BYTES, 0
    return hand_row(hand), win, meld_bytes(melds), len(melds)


def fan(hand: Hand, win_tile: int | str, melds: Sequence[tuple[str, int | str]] = (), *, self_drawn: bool = False,
        fourth_tile: bool = False, kong: bool = False, last_tile: bool = False, seat_wind: int = 0,
        round_wind: int = 0, flowers: int = 0) -> FanScore | None:
    """The fans of ``hand`` (the concealed tiles before the win) won on ``win_tile`` with the
    declared ``melds``: the best-scoring reading under the rules of exclusion, as a
    :class:`FanScore`; None when the tiles do not win. Any winning hand scores (the rules'
    minimum is 8 fans without flowers). Flags and melds as the module says; bad input raises
    a one-line :class:`~lookup.errors.PaibiaoError`."""
    row, win, rows, n_declared = _hand_input(hand, win_tile, melds)
    situation = (self_drawn, fourth_tile, kong, last_tile, seat_wind, round_wind, flowers)
    if not (self_drawn.__class__ is fourth_tile.__class__ is kong.__class__ is last_tile.__class__ is bool
            and seat_wind.__class__ is round_wind.__class__ is flowers.__class__ is int):
        situation = situation_values(*situation)
    kernels = KERNELS.value or KERNELS.get()
    work = _scratch()
    status, points = kernels.one(row, win, rows, n_declared, situation, kernels.wide, kernels.narrow, work)
    if status:
        raise situation_error(status, np.frombuffer(row, np.uint8), win, _rows_of(rows), np.array(situation, np.int64))
    if points < 0:
        return None
    best = work[_BEST_ROW]
    head = best[:_AT_FANS + int(best[_AT_N_FANS])].tolist()
    fans = tuple(map(FAN_ENTRIES.__getitem__, head[_AT_FANS:]))
    if situation[-1]:
        fans += (FAN_ENTRIES[Fan.FLOWER_TILES],) * situation[-1]
    return _new_fan_score(FanScore, (points + situation[-1], fans, _decomposition(head, row, win)))


def fan_waits(hand: Hand, melds: Sequence[tuple[str, int | str]] = (), *, min_fan: int = MIN_FANS,
              self_drawn: bool = False, fourth_tile: bool = False, kong: bool = False, last_tile: bool = False,
              seat_wind: int = 0, round_wind: int = 0, flowers: int = 0) -> dict[int, int]:
    """``{tile: total}`` for every tile that wins ``hand`` (13 less 3 per meld concealed tiles)
    with at least ``min_fan`` points, flowers not counted; each total is :func:`fan`'s under
    the same flags, flowers included. A tile :func:`fan` refuses is not listed: a fifth copy,
    and under ``fourth_tile`` (和绝张) or ``kong`` without ``self_drawn`` (抢杠和) a tile the
    hand holds, under 抢杠和 a tile of the melds too. Bad input, or flags that hold on no tile
    (杠上开花 without a declared kong), raise :func:`fan`'s error."""
    if isinstance(min_fan, (bool, np.bool_)) or not isinstance(min_fan, (int, np.integer)) or min_fan < 0:
        raise InvalidArgumentError(f"min_fan must be an integer >= 0, got {quoted(min_fan)}")
    row, _, rows, n_declared = _hand_input(hand, 0, melds)
    situation = situation_values(self_drawn, fourth_tile, kong, last_tile, seat_wind, round_wind, flowers)
    kernels = KERNELS.value or KERNELS.get()
    out = np.empty(N_TILE_KINDS, np.int64)
    status, index = kernels.waits(row, rows, n_declared, situation, kernels.wide, kernels.narrow, _scratch(), out)
    if status:
        raise situation_error(status, np.frombuffer(row, np.uint8), index, _rows_of(rows),
                              np.array(situation, np.int64))
    flowers = situation[-1]
    return {t: points + flowers for t, points in enumerate(out.tolist()) if points >= 0 and points >= min_fan}


def _flag_column(value: npt.ArrayLike, name: str, n: int) -> np.ndarray:
    """One situation column of a batch: a scalar for every row or an (N,) array."""
    array = as_array(value, name)
    if array.ndim == 0:
        array = np.full(n, array.item())
    if array.shape != (n,):
        raise InvalidArgumentError(f"{name} must be a scalar or have shape ({n},), got {array.shape}")
    if name in FLAGS:
        if array.dtype != np.bool_ and not (np.issubdtype(array.dtype, np.integer) and np.isin(array, (0, 1)).all()):
            raise InvalidArgumentError(f"{name} must be bools (or 0/1)")
        return array.astype(np.int64)
    if not np.issubdtype(array.dtype, np.integer) or array.dtype == np.bool_:
        raise InvalidArgumentError(f"{name} must be integers 0..{MAX_VALUE[name]}")
    bad = np.flatnonzero((array < 0) | (array > MAX_VALUE[name]))
    if bad.size:
        raise InvalidArgumentError(f"row {bad[0]}: {name} must be 0..{MAX_VALUE[name]}, got {array[bad[0]]}")
    return array.astype(np.int64)


# wide: one keyword per flag, as fan takes them, each a scalar or a column
def fan_batch(hands: npt.ArrayLike, win_tiles: npt.ArrayLike, melds: npt.ArrayLike | None = None, *,
              self_drawn: npt.ArrayLike = False, fourth_tile: npt.ArrayLike = False, kong: npt.ArrayLike = False,
              last_tile: npt.ArrayLike = False, seat_wind: npt.ArrayLike = 0, round_wind: npt.ArrayLike = 0,
              flowers: npt.ArrayLike = 0, out: np.ndarray | None = None) -> np.ndarray:
    """The fan totals (flowers included) of N hands: int16 (N,), -1 where a hand does not win
    (written into ``out`` when given).

    ``hands``: (N, 34) concealed counts before the win; ``win_tiles``: (N,) tile indices;
    ``melds``: (N, 4, 2) rows of (kind, tile), kind 0 none, 1 chow, 2 pong, 3 kong, 4 concealed
    kong, declared melds first (None: no melds); each flag one scalar for every row or (N,).
    A bad row raises a one-line error that names it.
    """
    from .kernels import fan_batch as kernel

    rows = batch_counts(hands)
    n = rows.shape[0]
    wins = as_array(win_tiles, "win_tiles")
    if wins.shape != (n,) or not np.issubdtype(wins.dtype, np.integer) or wins.dtype == np.bool_:
        raise InvalidArgumentError(f"win_tiles must be {n} integers (shape ({n},)), got {wins.dtype} {wins.shape}")
    wins = wins.astype(np.int64)
    if melds is None:
        blocks = np.zeros((n, MAX_MELDS, 2), MELD_DTYPE)
    else:
        array = as_array(melds, "melds")
        if array.shape != (n, MAX_MELDS, 2) or not np.issubdtype(array.dtype, np.integer):
            raise InvalidMeldError(f"melds must be integers of shape ({n}, {MAX_MELDS}, 2), got {array.dtype} "
                                   f"{array.shape}")
        if array.size and (array.min() < np.iinfo(MELD_DTYPE).min or array.max() > np.iinfo(MELD_DTYPE).max):
            raise InvalidMeldError("melds hold kinds 0..4 and tiles 0..33")
        blocks = np.ascontiguousarray(array, MELD_DTYPE)
    flags = dict(self_drawn=self_drawn, fourth_tile=fourth_tile, kong=kong, last_tile=last_tile,
                 seat_wind=seat_wind, round_wind=round_wind, flowers=flowers)
    situation = np.ascontiguousarray(np.column_stack([_flag_column(flags[name], name, n) for name in SITUATION])
                                     if n else np.zeros((0, len(SITUATION)), np.int64))
    kernels = KERNELS.value or KERNELS.get()
    answers = answer_array(out, (n,), np.int16)
    work = np.empty(WORK_SHAPE, np.int64)
    status, index = kernel(rows, wins, blocks, situation, kernels.wide, kernels.narrow, work, answers)
    if status:
        error = situation_error(status, rows[index], int(wins[index]), blocks[index], situation[index])
        raise type(error)(f"row {index}: {error}")
    return answers
