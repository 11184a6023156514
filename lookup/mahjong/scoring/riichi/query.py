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
from ...decompositions import Decomposition, seven_pairs_reading, thirteen_orphans_reading
from ...encoding import N_TILE_KINDS
from ...inputs import batch_counts
from ...queries import GAME
from ...tiles import Hand
from ..chinese.query import NO_MELD_BYTES
from ..readings import Form, Meld
from .fu import FU_OF_REASON, LEVEL_NAMES, REASON_NAMES, FuReason
from .hand import N_COLS, N_FLAGS, N_WINDS, Col
from .inputs import (
    Known,
    column,
    hand_input,
    indicator_block,
    meld_blocks,
    opened_melds,
    red_count,
    refusal_error,
    rows_of,
    situation_row,
    win_input,
)
from .options import COUNTS, DEFAULT_RULES, FLAGS, Rules, check_rules
from .scratch import WORK_SHAPE, Detail, Row
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
    """This thread's work array, situation row and the work array's best row for the one-hand
    kernels (rewritten by every call)."""
    try:
        return _thread_scratch.arrays
    except AttributeError:
        work = np.empty(WORK_SHAPE, np.int64)
        _thread_scratch.arrays = (work, np.empty(N_COLS, np.int64), work[_BEST_ROW])
        return _thread_scratch.arrays


class ScoringKernels(NamedTuple):
    """The addresses of the tables the kernels read and the entry points
    (:func:`lookup.jit.direct`) of the one-hand kernels."""

    wide: np.ndarray
    narrow: np.ndarray
    one: Callable
    waits: Callable


def _kernels(t: tables.TableSet) -> ScoringKernels:
    from ..reading_tables import reading_table_addresses  # imports Numba, as the kernels do
    from .kernels import score_one, score_waits

    wide, narrow = reading_table_addresses(t)
    hand, situation, work = bytearray(N_TILE_KINDS), np.zeros(N_COLS, np.int64), np.empty(WORK_SHAPE, np.int64)
    rules = DEFAULT_RULES.row
    one = jit.direct(score_one, hand, 0, NO_MELD_BYTES, 0, situation, rules, wide, narrow, work)
    waits = jit.direct(score_waits, hand, NO_MELD_BYTES, 0, situation, rules, wide, narrow, work,
                       np.empty(N_TILE_KINDS, np.int64))
    return ScoringKernels(wide, narrow, one, waits)


KERNELS: tables.TableView[ScoringKernels] = tables.TableView(GAME, _kernels)


READING_MELDS = {kind * N_TILE_KINDS + tile: (name, tile) for kind, name in ((Meld.CHOW, "chow"), (Meld.PONG, "pong"))
                 for tile in range(N_TILE_KINDS)}
"""A reading's meld (as a detail row holds it) as :class:`Decomposition` lists it."""
MELD_RANK = {code: 2 * tile + (name == "pong") for code, (name, tile) in READING_MELDS.items()}
SORTED_MELD = {MELD_RANK[code]: meld for code, meld in READING_MELDS.items()}
"""The rank of a reading's meld in a decomposition's order (by tile, a chow before a pong), and the meld of a rank."""
_AT_FORM, _AT_PAIR, _AT_N_MELDS, _AT_MELDS = int(Detail.FORM), int(Detail.PAIR), int(Detail.N_MELDS), int(Detail.MELDS)
_AT_HAN, _AT_FU, _AT_MAIN, _AT_ADDITIONAL = int(Detail.HAN), int(Detail.FU), int(Detail.MAIN), int(Detail.ADDITIONAL)
_AT_TOTAL, _AT_YAKUMAN, _AT_LEVEL = int(Detail.TOTAL), int(Detail.YAKUMAN), int(Detail.LEVEL)
_STANDARD, _SEVEN_PAIRS, _THIRTEEN_ORPHANS = int(Form.STANDARD), int(Form.SEVEN_PAIRS), int(Form.THIRTEEN_ORPHANS)
_BEST_ROW = int(Row.DETAIL)
"""The detail row's items, the forms and the best row as plain ints: read per call, faster than enum members."""
_new = tuple.__new__  # builds a named tuple without its Python-level __new__


def _decomposition(detail: list[int], row: bytearray, win: int) -> Decomposition:
    """The :class:`Decomposition` of the reading kept in a detail row."""
    form = detail[_AT_FORM]
    if form == _STANDARD:
        made = object.__new__(Decomposition)
        ranks = sorted(map(MELD_RANK.__getitem__, detail[_AT_MELDS:_AT_MELDS + detail[_AT_N_MELDS]]))
        made.__dict__.update(form="standard", pair=detail[_AT_PAIR], melds=tuple(map(SORTED_MELD.__getitem__, ranks)),
                             pairs=(), knitted=())
        return made
    counts = list(row)
    counts[win] += 1
    if form == _SEVEN_PAIRS:
        return seven_pairs_reading(counts)
    return thirteen_orphans_reading(counts)


def _entries(opened: bool, double_yakuman: bool) -> tuple[tuple[str, int], ...]:
    """(name, han) of each yaku of a hand closed or open, double yakuman counted or not."""
    han = [int(HAN_SINGLE_YAKUMAN[y]) if not double_yakuman and (YAKUMAN_MASK >> y) & 1
           else int(HAN_OPEN[y]) if opened and HAN_OPEN[y] > 0 else int(HAN_CLOSED[y]) for y in range(N_YAKU)]
    return tuple(zip(YAKU_NAMES, han))


YAKU_ENTRIES = {(opened, double): _entries(opened, double) for opened in (False, True) for double in (False, True)}
"""The (name, han) of each yaku by (open hand, double yakuman)."""
FU_ENTRIES = tuple((REASON_NAMES[r], int(FU_OF_REASON[r])) for r in range(FuReason.BASE))
_AT_DORA = int(Detail.DORA)
_AT_YAKU, _AT_REASONS, _AT_BASE = int(Detail.YAKU), int(Detail.REASONS), int(Detail.REASONS + FuReason.BASE)
_BASE_NAME = REASON_NAMES[FuReason.BASE]


def _yaku(key: tuple[int, bool, bool]) -> tuple[tuple[str, int], ...]:
    """The (name, han) of the yaku of (yaku mask, open hand, double yakuman)."""
    mask, opened, double_yakuman = key
    entries = YAKU_ENTRIES[opened, double_yakuman]
    found = []
    while mask:
        low = mask & -mask
        found.append(entries[low.bit_length() - 1])
        mask ^= low
    return tuple(found)


def _dora(counts: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """The dora entries of the counts of dora, aka and ura dora."""
    return tuple((name, n) for name, n in zip(DORA_NAMES, counts) if n)


def _fu_details(counts: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """(reason, fu) of each fu reason of a detail row's counts of them (the base last, as its fu)."""
    found = [entry for entry, n in zip(FU_ENTRIES, counts) if n for _ in range(n)]
    found.append((_BASE_NAME, counts[-1]))
    return tuple(found)


YAKU_LISTS = Known(_yaku)  # type: ignore[arg-type]
DORA_LISTS = Known(_dora)  # type: ignore[arg-type]
FU_LISTS = Known(_fu_details)  # type: ignore[arg-type]
"""The yaku, dora entries and fu details of each detail row's items seen."""


def _result(detail_row: np.ndarray, row: bytearray, win: int, opened: bool, rules: Rules) -> RiichiScore:
    """The :class:`RiichiScore` of a detail row (the hand's concealed counts ``row``)."""
    detail = detail_row.tolist()
    if detail[_AT_HAN] == 0:
        return _new(RiichiScore, (0, 0, (), 0, 0, 0, 0, "", (), _decomposition(detail, row, win)))
    yaku = YAKU_LISTS[detail[_AT_YAKU], opened, rules.double_yakuman] + DORA_LISTS[tuple(detail[_AT_DORA:_AT_FORM])]
    fu_details = () if detail[_AT_FORM] == _THIRTEEN_ORPHANS else FU_LISTS[tuple(detail[_AT_REASONS:_AT_BASE + 1])]
    return _new(RiichiScore, (detail[_AT_HAN], detail[_AT_FU], yaku, detail[_AT_MAIN], detail[_AT_ADDITIONAL],
                              detail[_AT_TOTAL], detail[_AT_YAKUMAN], LEVEL_NAMES[detail[_AT_LEVEL]], fu_details,
                              _decomposition(detail, row, win)))


_ZERO, _NONE = 0, ()
DEFAULT_SITUATIONS = tuple(situation_row((False,) * N_FLAGS, (0,) * len(COUNTS), red, (), ()) for red in range(4))
"""The situation row of the default keywords by red fives held (0..3): :func:`score` reads it
when every keyword is its default object (only the kernels read it)."""


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
    if rules.__class__ is not Rules:
        rules = check_rules(rules)
    row, reds, rows, n_declared = hand_input(hand, melds)
    win = win_input(win_tile, reds)
    work, situation, best = _scratch()
    red = red_count(reds)
    if tsumo is riichi is double_riichi is ippatsu is rinshan is chankan is haitei is houtei is tenhou is chiihou \
            is False and seat_wind is round_wind is honba is kyoutaku is _ZERO and dora is ura_dora is _NONE:
        situation = DEFAULT_SITUATIONS[red]
    else:
        situation = situation_row((tsumo, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou,
                                   chiihou), (seat_wind, round_wind, honba, kyoutaku), red, dora, ura_dora, situation)
    kernels = KERNELS.value or KERNELS.get()
    status, han = kernels.one(row, win, rows, n_declared, situation, rules.row, kernels.wide, kernels.narrow, work)
    if status:
        raise refusal_error(status, np.frombuffer(row, np.uint8), win, rows_of(rows), situation)
    if han < 0:
        return None
    return _result(best, row, win, n_declared > 0 and opened_melds(rows, n_declared), rules)


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
