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

import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .... import jit, tables
from ....arrays import as_array
from ....errors import (
    InvalidArgumentError,
    InvalidHandError,
    InvalidMeldError,
    InvalidRulesError,
    InvalidSituationError,
    InvalidTileError,
    PaibiaoError,
    quoted,
)
from ...decompositions import Decomposition, seven_pairs_reading, thirteen_orphans_reading
from ...encoding import MAX_COPIES, MAX_MELDS, N_SUIT_RANKS, N_TILE_KINDS
from ...inputs import batch_counts, hand_row
from ...queries import GAME
from ...tiles import Hand, parse_tiles, tile_name
from ..chinese.query import MELD_DTYPE, MELD_KINDS, NO_MELD_BYTES, one_tile
from ..readings import ERR_MELD, Form, Meld, MeldInput
from .fu import FU_OF_REASON, LEVEL_NAMES, REASON_NAMES, FuReason
from .hand import FIVE_RANK, MAX_INDICATORS, N_COLS, N_FLAGS, N_RULES, N_WINDS, Col, Kazoe, Refusal, Rule
from .scratch import WORK_SHAPE, Detail, Row
from .yaku import DORA_NAMES, HAN_CLOSED, HAN_OPEN, HAN_SINGLE_YAKUMAN, N_YAKU, YAKU_NAMES, YAKUMAN_MASK

KAZOE = {"yakuman": Kazoe.YAKUMAN, "sanbaiman": Kazoe.SANBAIMAN, "unlimited": Kazoe.UNLIMITED}
"""The values of :class:`Rules`' ``kazoe``."""
FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou")
"""The situation's flags, in the columns' order."""
COUNTS = ("seat_wind", "round_wind", "honba", "kyoutaku")
"""The situation's numbers after the flags, in the columns' order."""
RESULT_DTYPE = np.dtype([("han", np.int16), ("fu", np.int32), ("main", np.int32), ("additional", np.int32),
                         ("total", np.int32)])
"""The fields of :func:`score_batch`'s answer."""
NO_INDICATOR = -1


@dataclass(frozen=True)
class Rules:
    """The rule options that change a score (the defaults are ``HandCalculator``'s): ``kuitan``
    open tanyao; ``aka`` red fives (one per numbered suit, a dora each); ``double_yakuman``
    13-wait kokushi, suuankou tanki, 9-wait chuuren and dai suushii count twice; ``kazoe``: 13
    han or more without a yakuman is a yakuman (``"yakuman"``), a sanbaiman (``"sanbaiman"``)
    or counts on (``"unlimited"``); ``kiriage`` 4 han 30 fu and 3 han 60 fu are mangan;
    ``fu_for_open_pinfu`` 2 fu for an open hand with none; ``fu_for_pinfu_tsumo`` 2 fu for
    tsumo on a hand with none (then no pinfu, as the reference calculator has it)."""

    kuitan: bool = False
    aka: bool = False
    double_yakuman: bool = True
    kazoe: str = "yakuman"
    kiriage: bool = False
    fu_for_open_pinfu: bool = True
    fu_for_pinfu_tsumo: bool = False
    row: np.ndarray = field(init=False, repr=False, compare=False)
    """The rules row of the kernels (:class:`.hand.Rule`)."""

    def __post_init__(self) -> None:
        for name in ("kuitan", "aka", "double_yakuman", "kiriage", "fu_for_open_pinfu", "fu_for_pinfu_tsumo"):
            if not isinstance(getattr(self, name), (bool, np.bool_)):
                raise InvalidRulesError(f"Rules.{name} must be a bool, got {quoted(getattr(self, name))}")
        if self.kazoe not in KAZOE:
            raise InvalidRulesError(f"Rules.kazoe must be one of {', '.join(KAZOE)}, got {quoted(self.kazoe)}")
        row = np.zeros(N_RULES, np.int64)
        row[Rule.KUITAN], row[Rule.AKA], row[Rule.DOUBLE_YAKUMAN] = self.kuitan, self.aka, self.double_yakuman
        row[Rule.KAZOE], row[Rule.KIRIAGE] = KAZOE[self.kazoe], self.kiriage
        row[Rule.FU_FOR_OPEN_PINFU], row[Rule.FU_FOR_PINFU_TSUMO] = self.fu_for_open_pinfu, self.fu_for_pinfu_tsumo
        row.flags.writeable = False
        object.__setattr__(self, "row", row)


DEFAULT_RULES = Rules()


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


def _scratch() -> np.ndarray:
    """This thread's work array for the one-hand kernels (rewritten by every call)."""
    try:
        return _thread_scratch.work
    except AttributeError:
        _thread_scratch.work = np.empty(WORK_SHAPE, np.int64)
        return _thread_scratch.work


class ScoringKernels(NamedTuple):
    """The addresses of the tables the kernels read and the entry points
    (:func:`lookup.jit.direct`) of the one-hand kernels."""

    wide: np.ndarray
    narrow: np.ndarray
    one: Callable
    waits: Callable


def _kernels(t: tables.TableSet) -> ScoringKernels:
    from ....addresses import table_addresses  # imports Numba, as the kernels do
    from .kernels import score_one, score_waits

    wide = table_addresses([t[f"{kind}/{name}"] for kind, name in (
        ("suit", "split_index"), ("suit", "split_start"), ("honor", "split_index"), ("honor", "split_start"),
        ("suit", "hu_ting"), ("honor", "hu_ting"))], np.uint32)
    narrow = table_addresses([t["suit/splits"].reshape(-1), t["honor/splits"].reshape(-1)], np.uint8)
    hand, situation, work = bytearray(N_TILE_KINDS), np.zeros(N_COLS, np.int64), np.empty(WORK_SHAPE, np.int64)
    rules = DEFAULT_RULES.row
    one = jit.direct(score_one, hand, 0, NO_MELD_BYTES, 0, situation, rules, wide, narrow, work)
    waits = jit.direct(score_waits, hand, NO_MELD_BYTES, 0, situation, rules, wide, narrow, work,
                       np.empty(N_TILE_KINDS, np.int64))
    return ScoringKernels(wide, narrow, one, waits)


KERNELS: tables.TableView[ScoringKernels] = tables.TableView(GAME, _kernels)

_TENHOU_GROUP = re.compile(r"([0-9]+)([mps])")
_SUITS = "mps"


def red_fives(text: str) -> list[int]:
    """The red fives (``0``) of each numbered suit in tile text, as three counts."""
    reds = [0, 0, 0]
    for digits, suit in _TENHOU_GROUP.findall(text):
        reds[_SUITS.index(suit)] += digits.count("0")
    return reds


def _add_reds(reds: list[int], more: list[int]) -> None:
    for s in range(len(reds)):
        reds[s] += more[s]


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


def _melds_input(melds: Sequence[object], reds: list[int]) -> tuple[bytearray, int]:
    """(meld bytes, melds declared) of the scalar queries' melds, their red fives added to ``reds``."""
    if melds == () or melds == []:
        return NO_MELD_BYTES, 0
    if isinstance(melds, (str, bytes)) or not isinstance(melds, Sequence):
        raise InvalidMeldError(f"melds must be a sequence of (kind, tiles) pairs, got {quoted(melds)}")
    if len(melds) > MAX_MELDS:
        raise InvalidMeldError(f"a hand declares at most {MAX_MELDS} melds, got {len(melds)}")
    flat = bytearray(2 * MAX_MELDS)
    for i, meld in enumerate(melds):
        flat[2 * i], flat[2 * i + 1] = _meld_row(meld, reds)
    return flat, len(melds)


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


def situation_row(flags: Sequence[object], numbers: Sequence[object], red: int, dora: object,
                  ura_dora: object) -> np.ndarray:
    """The situation row (:class:`.hand.Col`) of one hand's flags, winds and sticks, checked."""
    row = np.full(N_COLS, NO_INDICATOR, np.int64)
    for i, (name, value) in enumerate(zip(FLAGS, flags)):
        if not isinstance(value, (bool, np.bool_)):
            raise InvalidArgumentError(f"{name} must be a bool, got {quoted(value)}")
        row[i] = bool(value)
    for i, (name, value) in enumerate(zip(COUNTS, numbers), N_FLAGS):
        top = N_WINDS - 1 if name.endswith("wind") else None
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or value < 0 \
                or (top is not None and value > top):
            raise InvalidArgumentError(f"{name} must be an integer {'0..3' if top else '>= 0'}, got {quoted(value)}")
        row[i] = value
    row[Col.AKA] = red
    for first, tiles, what in ((Col.DORA, dora, "dora"), (Col.URA, ura_dora, "ura_dora")):
        for i, t in enumerate(_indicators(tiles, what)):
            row[first + i] = t
    return row


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
                  situation: np.ndarray) -> PaibiaoError:
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
            copies[tile] += _MELD_SIZE.get(kind, 0)
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


READING_MELDS = {kind * N_TILE_KINDS + tile: (name, tile) for kind, name in ((Meld.CHOW, "chow"), (Meld.PONG, "pong"))
                 for tile in range(N_TILE_KINDS)}


def _decomposition(detail: list[int], row: bytearray, win: int) -> Decomposition:
    """The :class:`Decomposition` of the reading kept in a detail row."""
    form = detail[Detail.FORM]
    if form == Form.STANDARD:
        melds = tuple(sorted(map(READING_MELDS.__getitem__,
                                 detail[Detail.MELDS:Detail.MELDS + detail[Detail.N_MELDS]]), key=lambda m: (m[1], m[0])))
        return Decomposition("standard", detail[Detail.PAIR], melds)
    counts = list(row)
    counts[win] += 1
    if form == Form.SEVEN_PAIRS:
        return seven_pairs_reading(counts)
    return thirteen_orphans_reading(counts)


def _yaku(detail: list[int], opened: bool, double_yakuman: bool) -> tuple[tuple[str, int], ...]:
    """The (name, han) of the yaku of a detail row, then its dora entries."""
    mask = detail[Detail.YAKU]
    found = []
    for y in range(N_YAKU):
        if (mask >> y) & 1:
            if not double_yakuman and (YAKUMAN_MASK >> y) & 1:
                han = HAN_SINGLE_YAKUMAN[y]
            elif opened and HAN_OPEN[y] > 0:
                han = HAN_OPEN[y]
            else:
                han = HAN_CLOSED[y]
            found.append((YAKU_NAMES[y], int(han)))
    for name, at in zip(DORA_NAMES, (Detail.DORA, Detail.AKA, Detail.URA)):
        if detail[at]:
            found.append((name, detail[at]))
    return tuple(found)


def _fu_details(detail: list[int]) -> tuple[tuple[str, int], ...]:
    if detail[Detail.FORM] == Form.THIRTEEN_ORPHANS:
        return ()
    found = []
    for r in range(FuReason.BASE):
        found += [(REASON_NAMES[r], int(FU_OF_REASON[r]))] * detail[Detail.REASONS + r]
    found.append((REASON_NAMES[FuReason.BASE], detail[Detail.REASONS + FuReason.BASE]))
    return tuple(found)


def _hand_input(hand: Hand, melds: Sequence[object]) -> tuple[bytearray, list[int], bytearray, int]:
    """(hand row, red fives per suit, meld bytes, melds declared) of one hand's input."""
    reds = red_fives(hand) if isinstance(hand, str) else [0, 0, 0]
    rows, n_declared = _melds_input(melds, reds)
    return hand_row(hand), reds, rows, n_declared


def _win_input(win_tile: object, reds: list[int]) -> int:
    win = one_tile(win_tile)
    if isinstance(win_tile, str):
        _add_reds(reds, red_fives(win_tile))
    return win


def _red_count(reds: list[int]) -> int:
    if any(r > 1 for r in reds):
        suit = next(s for s, r in enumerate(reds) if r > 1)
        raise InvalidHandError(f"{reds[suit]} red fives of {_SUITS[suit]}: each numbered suit has one")
    return sum(reds)


def _opened(rows: bytearray, n_declared: int) -> bool:
    return any(rows[2 * i] != MeldInput.CONCEALED_KONG for i in range(n_declared))


def _result(detail_row: np.ndarray, row: bytearray, win: int, opened: bool, rules: Rules) -> RiichiScore:
    detail = detail_row.tolist()
    if detail[Detail.HAN] == 0:
        return RiichiScore(0, 0, (), 0, 0, 0, 0, "", (), _decomposition(detail, row, win))
    return RiichiScore(detail[Detail.HAN], detail[Detail.FU], _yaku(detail, opened, rules.double_yakuman),
                       detail[Detail.MAIN], detail[Detail.ADDITIONAL], detail[Detail.TOTAL], detail[Detail.YAKUMAN],
                       LEVEL_NAMES[detail[Detail.LEVEL]], _fu_details(detail), _decomposition(detail, row, win))


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise InvalidRulesError(f"rules must be a riichi.Rules, got {quoted(rules)}")
    return rules


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
    rules = _check_rules(rules)
    row, reds, rows, n_declared = _hand_input(hand, melds)
    win = _win_input(win_tile, reds)
    situation = situation_row((tsumo, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou,
                               chiihou), (seat_wind, round_wind, honba, kyoutaku), _red_count(reds), dora, ura_dora)
    kernels = KERNELS.value or KERNELS.get()
    work = _scratch()
    status, han = kernels.one(row, win, rows, n_declared, situation, rules.row, kernels.wide, kernels.narrow, work)
    if status:
        raise refusal_error(status, np.frombuffer(row, np.uint8), win, _rows_of(rows), situation)
    if han < 0:
        return None
    return _result(work[Row.DETAIL], row, win, _opened(rows, n_declared), rules)


def _rows_of(melds: bytearray) -> np.ndarray:
    """The (4, 2) meld rows of 8 meld bytes."""
    return np.frombuffer(bytes(melds), MELD_DTYPE).reshape(MAX_MELDS, 2)


def score_waits(hand: Hand, melds: Sequence[tuple[str, int | str]] = (), **situation: object) -> dict[int, RiichiScore]:
    """``{tile: result}`` for every tile (0..33, a five the plain five) that wins ``hand`` (13
    less 3 per meld concealed tiles) with a yaku, each :func:`score`'s result on that tile under
    the same keywords (those of :func:`score`). A tile :func:`score` refuses is not listed (a
    fifth copy; under chankan a tile the hand or its melds hold); bad input, or a situation that
    holds on no tile, raises :func:`score`'s error."""
    unknown = set(situation) - {*FLAGS, *COUNTS, "dora", "ura_dora", "rules"}
    if unknown:
        raise InvalidArgumentError(f"score_waits got unexpected keywords: {', '.join(sorted(unknown))}")
    rules = _check_rules(situation.get("rules", DEFAULT_RULES))
    row, reds, rows, n_declared = _hand_input(hand, melds)
    flags = tuple(situation.get(name, False) for name in FLAGS)
    numbers = tuple(situation.get(name, 0) for name in COUNTS)
    situation_array = situation_row(flags, numbers, _red_count(reds), situation.get("dora", ()),
                                    situation.get("ura_dora", ()))
    kernels = KERNELS.value or KERNELS.get()
    out = np.empty(N_TILE_KINDS, np.int64)
    status, index = kernels.waits(row, rows, n_declared, situation_array, rules.row, kernels.wide, kernels.narrow,
                                  _scratch(), out)
    if status:
        raise refusal_error(status, np.frombuffer(row, np.uint8), index, _rows_of(rows), situation_array)
    found = {}
    for t, han in enumerate(out.tolist()):
        if han > 0:
            result = score(hand, t, melds, **situation)  # type: ignore[arg-type]
            if result is not None:
                found[t] = result
    return found


def _column(value: npt.ArrayLike, name: str, n: int, low: int, high: int | None) -> np.ndarray:
    """One situation column of a batch: a scalar for every row or an (N,) array, in low..high."""
    array = as_array(value, name)
    if array.ndim == 0:
        array = np.full(n, array.item())
    if array.shape != (n,):
        raise InvalidArgumentError(f"{name} must be a scalar or have shape ({n},), got {array.shape}")
    if not (array.dtype == np.bool_ or np.issubdtype(array.dtype, np.integer)):
        raise InvalidArgumentError(f"{name} must be {'bools' if high == 1 else 'integers'}")
    array = array.astype(np.int64)
    bad = np.flatnonzero((array < low) | (array > high if high is not None else False))
    if bad.size:
        span = f"{low}..{high}" if high is not None else f">= {low}"
        raise InvalidArgumentError(f"row {bad[0]}: {name} must be {span}, got {array[bad[0]]}")
    return array


def _indicator_block(value: npt.ArrayLike | None, name: str, n: int) -> np.ndarray:
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


def _meld_blocks(melds: npt.ArrayLike | None, n: int) -> np.ndarray:
    if melds is None:
        return np.zeros((n, MAX_MELDS, 2), MELD_DTYPE)
    array = as_array(melds, "melds")
    if array.shape != (n, MAX_MELDS, 2) or not np.issubdtype(array.dtype, np.integer):
        raise InvalidMeldError(f"melds must be integers of shape ({n}, {MAX_MELDS}, 2), got {array.dtype} "
                               f"{array.shape}")
    if array.size and (array.min() < np.iinfo(MELD_DTYPE).min or array.max() > np.iinfo(MELD_DTYPE).max):
        raise InvalidMeldError("melds hold kinds 0..4 and tiles 0..33")
    return np.ascontiguousarray(array, MELD_DTYPE)


# wide: one keyword per flag, as score takes them, each a scalar or a column
def score_batch(hands: npt.ArrayLike, win_tiles: npt.ArrayLike, melds: npt.ArrayLike | None = None, *,
                aka: npt.ArrayLike | None = None, dora: npt.ArrayLike | None = None,
                ura_dora: npt.ArrayLike | None = None, seat_wind: npt.ArrayLike = 0, round_wind: npt.ArrayLike = 0,
                honba: npt.ArrayLike = 0, kyoutaku: npt.ArrayLike = 0, rules: Rules = DEFAULT_RULES,
                tsumo: npt.ArrayLike = False, riichi: npt.ArrayLike = False, double_riichi: npt.ArrayLike = False,
                ippatsu: npt.ArrayLike = False, rinshan: npt.ArrayLike = False, chankan: npt.ArrayLike = False,
                haitei: npt.ArrayLike = False, houtei: npt.ArrayLike = False, tenhou: npt.ArrayLike = False,
                chiihou: npt.ArrayLike = False) -> np.ndarray:
    """The han, fu and payments of N hands, equal to :func:`score` row by row: a structured
    array of :data:`RESULT_DTYPE` (N,), ``han`` -1 where a hand does not win and 0 where it
    wins with no yaku (every other field 0 then).

    ``hands``: (N, 34) concealed counts before the win; ``win_tiles``: (N,) tile indices;
    ``melds``: (N, 4, 2) rows of (kind, lowest tile), kind 0 none, 1 chow, 2 pong, 3 kong, 4
    concealed kong, declared melds first (None: no melds); ``aka``: (N,) red fives among all
    the hand's tiles; ``dora``, ``ura_dora``: (N, 5) indicator tiles padded with -1; each flag,
    wind and stick count a scalar for every row or (N,). A bad row raises a one-line error that
    names it.
    """
    from .kernels import score_batch as kernel

    rules = _check_rules(rules)
    rows = batch_counts(hands)
    n = rows.shape[0]
    wins = as_array(win_tiles, "win_tiles")
    if wins.shape != (n,) or not np.issubdtype(wins.dtype, np.integer) or wins.dtype == np.bool_:
        raise InvalidArgumentError(f"win_tiles must be {n} integers (shape ({n},)), got {wins.dtype} {wins.shape}")
    wins = wins.astype(np.int64)
    blocks = _meld_blocks(melds, n)
    values = dict(tsumo=tsumo, riichi=riichi, double_riichi=double_riichi, ippatsu=ippatsu, rinshan=rinshan,
                  chankan=chankan, haitei=haitei, houtei=houtei, tenhou=tenhou, chiihou=chiihou)
    situation = np.empty((n, N_COLS), np.int64)
    for i, name in enumerate(FLAGS):
        situation[:, i] = _column(values[name], name, n, 0, 1)
    for i, (name, value) in enumerate(zip(COUNTS, (seat_wind, round_wind, honba, kyoutaku)), N_FLAGS):
        situation[:, i] = _column(value, name, n, 0, N_WINDS - 1 if name.endswith("wind") else None)
    situation[:, Col.AKA] = 0 if aka is None else _column(aka, "aka", n, 0, None)
    situation[:, Col.DORA:Col.URA] = _indicator_block(dora, "dora", n)
    situation[:, Col.URA:] = _indicator_block(ura_dora, "ura_dora", n)
    kernels = KERNELS.value or KERNELS.get()
    han = np.empty(n, np.int64)
    fu, main, additional, total = (np.empty(n, np.int64) for _ in range(4))
    status, index = kernel(rows, wins, blocks, situation, rules.row, kernels.wide, kernels.narrow,
                           np.empty(WORK_SHAPE, np.int64), han, fu, main, additional, total)
    if status:
        error = refusal_error(status, rows[index], int(wins[index]), blocks[index], situation[index])
        raise type(error)(f"row {index}: {error}")
    answers = np.empty(n, RESULT_DTYPE)
    answers["han"], answers["fu"], answers["main"], answers["additional"], answers["total"] = (
        han, fu, main, additional, total)
    return answers
