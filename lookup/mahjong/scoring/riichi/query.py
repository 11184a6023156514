"""Riichi scoring: the yaku, han, fu and payments of a winning hand (:func:`score`), the value
of each wait of a ready hand (:func:`score_waits`), and the values of a batch
(:func:`score_batch`), under the rule options of :class:`Rules`.

Each runs a kernel of :mod:`.kernels` over the per-hand step :func:`.scorer.score_hand`, which
reads every split of the concealed tiles from the tables' split lists, scores every reading
and keeps the best, as the ``mahjong`` package's ``HandCalculator`` does (yaku named as it
names them).

The hand is the concealed tiles before the win, 13 less 3 per declared meld, in any notation
:func:`lookup.mahjong.parse_tiles` reads (red fives written ``0``: ``"406m"``). Melds are
``(kind, tiles)`` pairs: kind ``"chow"``, ``"pong"``, ``"kong"`` (open or added) or
``"concealed_kong"``; tiles the meld's tiles as text (``("pong", "550p")``) or its (lowest)
tile as an index 0..33 or one tile as text. Winds are 0..3 for east, south, west, north (seat
east is the dealer); ``dora`` and ``ura_dora`` the indicator tiles (ura dora count with riichi
only).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .... import jit, tables
from ....arrays import answer_array, as_array
from ....errors import InvalidArgumentError
from ...decompositions import Decomposition
from ...encoding import N_TILE_KINDS
from ...inputs import batch_counts
from ...queries import GAME
from ...tiles import Hand
from ..chinese.query import NO_MELD_BYTES
from ..readings import Form
from .fu import FU_OF_REASON, LEVEL_NAMES, REASON_NAMES, FuReason
from .hand import N_COLS, N_FLAGS, N_WINDS, Col
from .inputs import (
    LISTS,
    MELD_CODE_AT,
    ONE_TILE,
    RED_WINS,
    TILE_TYPES,
    Known,
    column,
    hand_input,
    indicator_block,
    meld_blocks,
    red_count,
    refusal_error,
    rows_of,
    situation_bytes,
    situation_row,
    win_input,
)
from .options import COUNTS, DEFAULT_RULES, FLAGS, Rules, check_rules
from .scratch import OUT_SIZE, WORK_SHAPE, Out, Row
from .text import DORA_BITS, INDICATORS_END, REASON_BITS
from .yaku import DORA_NAMES, HAN_CLOSED, HAN_OPEN, HAN_SINGLE_YAKUMAN, N_YAKU, YAKU_NAMES, YAKUMAN_MASK

RESULT_FIELDS = ("han", "fu", "main", "additional", "total")
"""The fields of :func:`score_batch`'s answer, in order."""
RESULT_DTYPE = np.dtype([(name, np.int16 if name == "han" else np.int32) for name in RESULT_FIELDS])


class RiichiScore(NamedTuple):
    """A scored win. ``han``: 13 per yakuman multiple, kazoe han uncapped, 0 when the tiles win
    with no yaku (then every number is 0 and ``yaku`` empty); ``fu``; ``yaku`` one (name, han)
    per yaku in the reference calculator's order, then "Dora", "Aka Dora" and "Ura Dora"
    holding their counts; ``main`` and ``additional`` the payments without honba (ron: the
    discarder's; tsumo: the dealer's and each non-dealer's, each player's for a dealer);
    ``total`` what the winner receives, honba and riichi sticks included; ``yakuman`` the
    yakuman multiple (0 none); ``level`` the limit reached ("mangan" ... "6x yakuman", "" below);
    ``fu_details`` one (reason, fu) per source of fu, the base last; ``decomposition`` the reading
    scored, of the concealed tiles and the win tile (the declared melds are not in it)."""

    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]
    main: int
    additional: int
    total: int
    yakuman: int
    level: str
    fu_details: tuple[tuple[str, int], ...]
    decomposition: Decomposition


_thread_scratch = threading.local()


def _scratch() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """This thread's work array, situation row and the work array's out row (its
    :data:`.scratch.OUT_SIZE` items) for the one-hand kernels (rewritten by every call)."""
    try:
        return _thread_scratch.arrays
    except AttributeError:
        work = np.zeros(WORK_SHAPE, np.int64)
        _thread_scratch.arrays = (work, np.empty(N_COLS, np.int64), work[Row.OUT, :OUT_SIZE])
        return _thread_scratch.arrays


class ScoringKernels(NamedTuple):
    """The addresses of the tables the kernels read and the entry points
    (:func:`lookup.jit.direct`) of the one-hand kernels."""

    wide: np.ndarray
    narrow: np.ndarray
    one: Callable
    text: Callable
    waits: Callable


def _kernels(t: tables.TableSet) -> ScoringKernels:
    from ..reading_tables import reading_table_addresses  # imports Numba, as the kernels do
    from .kernels import score_one, score_text, score_waits

    wide, narrow = reading_table_addresses(t)
    hand, situation, work = bytearray(N_TILE_KINDS), np.zeros(N_COLS, np.int64), np.empty(WORK_SHAPE, np.int64)
    rules = DEFAULT_RULES.row
    one = jit.direct(score_one, hand, 0, NO_MELD_BYTES, 0, situation, rules, wide, narrow, work)
    text = jit.direct(score_text, b"", b"", 0, rules, wide, narrow, work)
    waits = jit.direct(score_waits, hand, NO_MELD_BYTES, 0, situation, rules, wide, narrow, work,
                       np.empty(N_TILE_KINDS, np.int64))
    return ScoringKernels(wide, narrow, one, text, waits)


KERNELS: tables.TableView[ScoringKernels] = tables.TableView(GAME, _kernels)


def _entries(opened: bool, double_yakuman: bool) -> list[tuple[str, int]]:
    """(name, han) of each yaku of a hand closed or open, double yakuman counted or not."""
    han = [int(HAN_SINGLE_YAKUMAN[y]) if not double_yakuman and (YAKUMAN_MASK >> y) & 1
           else int(HAN_OPEN[y]) if opened and HAN_OPEN[y] > 0 else int(HAN_CLOSED[y]) for y in range(N_YAKU)]
    return list(zip(YAKU_NAMES, han))


YAKU_ENTRIES = [_entries(opened, double) for opened in (False, True) for double in (False, True)]
"""The (name, han) of each yaku by variant (``2 * open + double yakuman``)."""
FU_ENTRIES = [(REASON_NAMES[r], int(FU_OF_REASON[r])) for r in range(FuReason.BASE)]
_BASE_NAME = REASON_NAMES[FuReason.BASE]
_ALL_YAKU, _COUNT = (1 << N_YAKU) - 1, (1 << DORA_BITS) - 1
_REASON = (1 << REASON_BITS) - 1


def _yaku(key: int) -> tuple[tuple[str, int], ...]:
    """The (name, han) of each yaku of a yaku key (:mod:`.text`)."""
    entries, mask = YAKU_ENTRIES[key >> N_YAKU], key & _ALL_YAKU
    found = []
    while mask:  # the set bits, lowest first
        low = mask & -mask
        found.append(entries[low.bit_length() - 1])
        mask ^= low
    return tuple(found)


def _dora(key: int) -> tuple[tuple[str, int], ...]:
    """The (name, count) of each kind of dora of a dora key held (:mod:`.text`)."""
    counts = (key & _COUNT, key >> DORA_BITS & _COUNT, key >> 2 * DORA_BITS)
    return tuple((name, n) for name, n in zip(DORA_NAMES, counts) if n)


def _fu(key: int) -> tuple[tuple[str, int], ...]:
    """(reason, fu) of each source of fu of a fu key (:mod:`.text`), the base last; none for 0."""
    if not key:
        return ()
    found = []
    for entry in FU_ENTRIES:
        found += [entry] * (key & _REASON)
        key >>= REASON_BITS
    return (*found, (_BASE_NAME, key))


YAKU_LISTS, DORA_LISTS, FU_LISTS = Known(_yaku), Known(_dora), Known(_fu)  # type: ignore[arg-type]
"""The yaku, dora entries and fu details of each key seen (the result's parts, not the hand)."""
SORTED_MELDS = [("pong" if rank & 1 else "chow", rank >> 1) for rank in range(2 * N_TILE_KINDS)]
"""The meld of each rank of an out row's reading."""
_MELD_AT = SORTED_MELDS.__getitem__
_FORM, _YAKU_KEY, _DORA_KEY, _FU_KEY = int(Out.FORM), int(Out.YAKU_KEY), int(Out.DORA_KEY), int(Out.FU_KEY)
_N_TILES, _TILES = int(Out.N_TILES), int(Out.TILES)
_M0, _M1, _M2, _M3 = range(_TILES + 1, _TILES + 5)
_STANDARD, _SEVEN_PAIRS = int(Form.STANDARD), int(Form.SEVEN_PAIRS)
"""The out row's items and the forms as plain ints: read per call, faster than enum members."""
_new, _new_object, _set = tuple.__new__, object.__new__, object.__setattr__  # no Python-level __init__


def _result(out: list[int]) -> RiichiScore:
    """The :class:`RiichiScore` of an out row's items (:class:`.scratch.Out`); three or four
    melds looked up in place, others through ``map``."""
    yaku, dora = YAKU_LISTS[out[_YAKU_KEY]], out[_DORA_KEY]
    if dora:
        yaku += DORA_LISTS[dora]
    made = _new_object(Decomposition)
    form, n_tiles = out[_FORM], out[_N_TILES]
    if form == _STANDARD:
        melds = (SORTED_MELDS[out[_M0]], SORTED_MELDS[out[_M1]], SORTED_MELDS[out[_M2]], SORTED_MELDS[out[_M3]]) \
            if n_tiles == 5 else (SORTED_MELDS[out[_M0]], SORTED_MELDS[out[_M1]], SORTED_MELDS[out[_M2]]) \
            if n_tiles == 4 else tuple(map(_MELD_AT, out[_TILES + 1:_TILES + n_tiles]))
        _set(made, "__dict__", {"form": "standard", "pair": out[_TILES], "melds": melds, "pairs": (), "knitted": ()})
    elif form == _SEVEN_PAIRS:
        _set(made, "__dict__", {"form": "seven_pairs", "pair": None, "melds": (), "pairs": tuple(out[_TILES:]),
                                "knitted": ()})
    else:
        _set(made, "__dict__", {"form": "thirteen_orphans", "pair": out[_TILES], "melds": (),
                                "pairs": (out[_TILES],), "knitted": ()})
    return _new(RiichiScore, (out[0], out[1], yaku, out[2], out[3], out[4], out[5], LEVEL_NAMES[out[6]],
                              FU_LISTS[out[_FU_KEY]], made))


_ZERO, _NONE = 0, ()
DEFAULT_SITUATIONS = tuple(situation_row((False,) * N_FLAGS, (0,) * len(COUNTS), red, (), ()) for red in range(4))
"""The situation row of the default keywords by red fives held (0..3): :func:`_score_checked`
reads it when every keyword is its default object (only the kernels read it)."""


# wide: one keyword per flag, wind, stick count and indicator list, as HandCalculator's HandConfig has them
def score(hand: Hand, win_tile: int | str, melds: Sequence[tuple[str, int | str]] = (), *, tsumo: bool = False,
          riichi: bool = False, double_riichi: bool = False, ippatsu: bool = False, rinshan: bool = False,
          chankan: bool = False, haitei: bool = False, houtei: bool = False, tenhou: bool = False,
          chiihou: bool = False, seat_wind: int = 0, round_wind: int = 0, dora: Sequence[int | str] | str = (),
          ura_dora: Sequence[int | str] | str = (), honba: int = 0, kyoutaku: int = 0,
          rules: Rules = DEFAULT_RULES) -> RiichiScore | None:
    """The yaku, han, fu and payments of ``hand`` (the concealed tiles before the win) won on
    ``win_tile`` with the declared ``melds``, as a :class:`RiichiScore` of the best-scoring
    reading; None when the tiles do not win. Flags, winds, dora and melds as the module says;
    bad input raises a one-line :class:`~lookup.errors.PaibiaoError`."""
    if hand.__class__ is str and rules.__class__ is Rules and tsumo.__class__ is riichi.__class__ \
            is double_riichi.__class__ is ippatsu.__class__ is rinshan.__class__ is chankan.__class__ \
            is haitei.__class__ is houtei.__class__ is tenhou.__class__ is chiihou.__class__ is bool \
            and seat_wind.__class__ is round_wind.__class__ is honba.__class__ is kyoutaku.__class__ is int \
            and dora.__class__ in LISTS and ura_dora.__class__ in LISTS and hand.isalnum():
        # the text kernel reads the hand, melds and situation; what it does not read, or refuses, goes on below
        win = ONE_TILE.get(win_tile) if win_tile.__class__ in TILE_TYPES else None
        text: bytes | None = hand.encode() if melds.__class__ in LISTS else None
        if text is not None and melds:
            try:
                text += b"".join(map(MELD_CODE_AT, melds))
            except (KeyError, TypeError):  # a meld not in the table
                text = None
        if win is not None and text is not None:
            situation: bytes | None
            try:
                situation = bytes([tsumo, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou,
                                   chiihou, seat_wind, round_wind, honba, kyoutaku, win_tile in RED_WINS, *dora,
                                   INDICATORS_END, *ura_dora])
            except (TypeError, ValueError):  # tiles as text, a number past a byte
                situation = situation_bytes((tsumo, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei,
                                             tenhou, chiihou, seat_wind, round_wind, honba, kyoutaku,
                                             win_tile in RED_WINS), dora, ura_dora)
            if situation is not None:
                try:
                    work, _, out = _thread_scratch.arrays
                except AttributeError:
                    work, _, out = _scratch()
                kernels = KERNELS.value or KERNELS.get()
                status, han = kernels.text(text, situation, win, rules.row, kernels.wide, kernels.narrow, work)
                if not status:
                    return None if han < 0 else _result(out.tolist())
    return _score_checked(hand, win_tile, melds, (tsumo, riichi, double_riichi, ippatsu, rinshan, chankan, haitei,
                                                  houtei, tenhou, chiihou), (seat_wind, round_wind, honba, kyoutaku),
                          dora, ura_dora, rules)


def _score_checked(hand: Hand, win_tile: int | str, melds: Sequence[tuple[str, int | str]],
                   flags: tuple[object, ...], numbers: tuple[object, ...], dora: object, ura_dora: object,
                   rules: object) -> RiichiScore | None:
    """:func:`score` of any input, each part checked and read in Python."""
    checked = check_rules(rules)
    row, reds, rows, n_declared = hand_input(hand, melds)
    win = win_input(win_tile, reds)
    work, situation, out = _scratch()
    red = red_count(reds)
    if all(f is False for f in flags) and all(n is _ZERO for n in numbers) and dora is ura_dora is _NONE:
        situation = DEFAULT_SITUATIONS[red]
    else:
        situation = situation_row(flags, numbers, red, dora, ura_dora, situation)
    kernels = KERNELS.value or KERNELS.get()
    status, han = kernels.one(row, win, rows, n_declared, situation, checked.row, kernels.wide, kernels.narrow, work)
    if status:
        raise refusal_error(status, np.frombuffer(row, np.uint8), win, rows_of(rows), situation)
    return None if han < 0 else _result(out.tolist())


def score_waits(hand: Hand, melds: Sequence[tuple[str, int | str]] = (), **situation: object) -> dict[int, RiichiScore]:
    """``{tile: result}`` for every tile (0..33, a five the plain five) that wins ``hand`` (13
    less 3 per meld concealed tiles) with a yaku, each :func:`score`'s result on that tile under
    the same keywords (``situation``: :func:`score`'s keyword arguments). A tile :func:`score`
    refuses is not listed (a fifth copy; under chankan a tile the hand or its melds hold); bad
    input, or a situation that holds on no tile, raises :func:`score`'s error."""
    unknown = sorted(set(situation) - {*FLAGS, *COUNTS, "dora", "ura_dora", "rules"})
    if unknown:
        raise InvalidArgumentError(f"score_waits takes score's keywords, got {', '.join(unknown)}")
    rules = check_rules(situation.get("rules", DEFAULT_RULES))
    row, reds, rows, n_declared = hand_input(hand, melds)
    flags = tuple(situation.get(name, False) for name in FLAGS)
    numbers = tuple(situation.get(name, 0) for name in COUNTS)
    situation_array = situation_row(flags, numbers, red_count(reds), situation.get("dora", ()),
                                    situation.get("ura_dora", ()))
    kernels = KERNELS.value or KERNELS.get()
    out = np.empty(N_TILE_KINDS, np.int64)
    status, index = kernels.waits(row, rows, n_declared, situation_array, rules.row, kernels.wide, kernels.narrow,
                                  _scratch()[0], out)
    if status:
        raise refusal_error(status, np.frombuffer(row, np.uint8), index, rows_of(rows), situation_array)
    found = {}
    for t, han in enumerate(out.tolist()):
        if han > 0:
            result = score(hand, t, melds, **situation)  # type: ignore[arg-type]
            if result is not None:
                found[t] = result
    return found


# wide: one keyword per flag, as score takes them, each a scalar or a column
def score_batch(hands: npt.ArrayLike, win_tiles: npt.ArrayLike, melds: npt.ArrayLike | None = None, *,
                aka: npt.ArrayLike | None = None, dora: npt.ArrayLike | None = None,
                ura_dora: npt.ArrayLike | None = None, seat_wind: npt.ArrayLike = 0, round_wind: npt.ArrayLike = 0,
                honba: npt.ArrayLike = 0, kyoutaku: npt.ArrayLike = 0, rules: Rules = DEFAULT_RULES,
                tsumo: npt.ArrayLike = False, riichi: npt.ArrayLike = False, double_riichi: npt.ArrayLike = False,
                ippatsu: npt.ArrayLike = False, rinshan: npt.ArrayLike = False, chankan: npt.ArrayLike = False,
                haitei: npt.ArrayLike = False, houtei: npt.ArrayLike = False, tenhou: npt.ArrayLike = False,
                chiihou: npt.ArrayLike = False, out: np.ndarray | None = None) -> np.ndarray:
    """The han, fu and payments of N hands, equal to :func:`score` row by row: a structured
    array of :data:`RESULT_DTYPE` (N,), ``han`` -1 where a hand does not win and 0 where it
    wins with no yaku (every other field 0 then); written into ``out`` and returned when given
    (:func:`lookup.arrays.answer_array`).

    ``hands``: (N, 34) concealed counts before the win; ``win_tiles``: (N,) tile indices;
    ``melds``: (N, 4, 2) rows of (kind, lowest tile), kind 0 none, 1 chow, 2 pong, 3 kong, 4
    concealed kong, declared melds first (None: no melds); ``aka``: (N,) red fives among all
    the hand's tiles; ``dora``, ``ura_dora``: (N, 5) indicator tiles padded with -1; each flag,
    wind and stick count a scalar for every row or (N,). A bad row raises a one-line error that
    names it.
    """
    from .kernels import score_batch as kernel

    rules = check_rules(rules)
    rows = batch_counts(hands)
    n = rows.shape[0]
    wins = as_array(win_tiles, "win_tiles")
    if wins.shape != (n,) or not np.issubdtype(wins.dtype, np.integer) or wins.dtype == np.bool_:
        raise InvalidArgumentError(f"win_tiles must be {n} integers (shape ({n},)), got {wins.dtype} {wins.shape}")
    wins = wins.astype(np.int64)
    blocks = meld_blocks(melds, n)
    values = dict(tsumo=tsumo, riichi=riichi, double_riichi=double_riichi, ippatsu=ippatsu, rinshan=rinshan,
                  chankan=chankan, haitei=haitei, houtei=houtei, tenhou=tenhou, chiihou=chiihou)
    situation = np.empty((n, N_COLS), np.int64)
    for i, name in enumerate(FLAGS):
        situation[:, i] = column(values[name], name, n, 0, 1)
    for i, (name, value) in enumerate(zip(COUNTS, (seat_wind, round_wind, honba, kyoutaku)), N_FLAGS):
        situation[:, i] = column(value, name, n, 0, N_WINDS - 1 if name.endswith("wind") else None)
    situation[:, Col.AKA] = 0 if aka is None else column(aka, "aka", n, 0, None)
    situation[:, Col.DORA:Col.URA] = indicator_block(dora, "dora", n)
    situation[:, Col.URA:] = indicator_block(ura_dora, "ura_dora", n)
    answers = answer_array(out, (n,), RESULT_DTYPE)
    kernels = KERNELS.value or KERNELS.get()
    fields = np.empty((n, len(RESULT_FIELDS)), np.int64)
    status, index = kernel(rows, wins, blocks, situation, rules.row, kernels.wide, kernels.narrow,
                           np.empty(WORK_SHAPE, np.int64), fields)
    if status:
        error = refusal_error(status, rows[index], int(wins[index]), blocks[index], situation[index])
        raise type(error)(f"row {index}: {error}")
    for i, name in enumerate(RESULT_FIELDS):
        answers[name] = fields[:, i]
    return answers
