"""The detectors of the riichi yaku: jitable steps that return yaku masks (bit ``Yaku.X``).

:func:`situation_yaku` reads the flags, :func:`tile_yaku` the tiles of the whole hand (the
same for every reading), :func:`meld_yaku` the melds and pair of one standard reading in the
scratch rows (:class:`..readings.ReadingRow`); pinfu comes with the fu (:mod:`.fu`), the
forms with the scorer. Each yaku's row in :data:`.yaku.YAKU` names its step.
"""

from __future__ import annotations

from ....jit import jitable
from ...encoding import HONOR_OFFSET, N_SUIT_RANKS, N_TILE_KINDS, SUIT_OFFSETS
from ..readings import Meld, ReadingRow, rank_of, suit_of
from .fu import DRAGON_OFFSET, terminal_or_honor
from .hand import N_WINDS, Col, Rule
from .yaku import Yaku

GREEN_TILES = tuple(SUIT_OFFSETS[2] + r for r in (1, 2, 3, 5, 7)) + (DRAGON_OFFSET + 1,)
GREEN_MASK = sum(1 << t for t in GREEN_TILES)
N_SUITS = len(SUIT_OFFSETS) - 1
CHUUREN_ENDS = 3
"""A nine gates hand holds its suit's 1 and 9 three times each, every other rank once, and one more."""


@jitable
def bit(yaku: int) -> int:
    return 1 << yaku


@jitable(inline="llvm")
def situation_yaku(situation, opened: bool) -> int:
    """The yaku of the situation row's flags (menzen tsumo on a closed hand only)."""
    mask = 0
    if situation[Col.TSUMO] and not opened:
        mask |= bit(Yaku.MENZEN_TSUMO)
    if situation[Col.DOUBLE_RIICHI]:
        mask |= bit(Yaku.DOUBLE_RIICHI)
    elif situation[Col.RIICHI]:
        mask |= bit(Yaku.RIICHI)
    if situation[Col.IPPATSU]:
        mask |= bit(Yaku.IPPATSU)
    if situation[Col.RINSHAN]:
        mask |= bit(Yaku.RINSHAN)
    if situation[Col.CHANKAN]:
        mask |= bit(Yaku.CHANKAN)
    if situation[Col.HAITEI]:
        mask |= bit(Yaku.HAITEI)
    if situation[Col.HOUTEI]:
        mask |= bit(Yaku.HOUTEI)
    if situation[Col.TENHOU]:
        mask |= bit(Yaku.TENHOU)
    if situation[Col.CHIIHOU]:
        mask |= bit(Yaku.CHIIHOU)
    return mask


@jitable
def nine_gates(counts, suit: int) -> bool:
    """Whether the counts of one numbered suit are 1112345678999 and one more of the suit."""
    extra = 0
    for r in range(N_SUIT_RANKS):
        c = counts[SUIT_OFFSETS[suit] + r]
        need = CHUUREN_ENDS if r == 0 or r == N_SUIT_RANKS - 1 else 1
        if c == need + 1:
            extra += 1
        elif c != need:
            return False
    return extra == 1


@jitable(inline="llvm")
def tile_yaku(counts, n_declared: int, opened: bool, win_tile: int, rules) -> int:
    """The yaku of the whole hand's tiles ``counts`` (34, melds and the win tile included):
    tanyao (open under kuitan), the flushes, the terminal and honor hands, ryuuiisou, and nine
    gates (no declared meld; nine waits when the win tile is held twice or four times)."""
    suits = 0
    honors = simples = ends = terminals = green = 0
    for t in range(N_TILE_KINDS):
        c = counts[t]
        if c == 0:
            continue
        if t >= HONOR_OFFSET:
            honors += c
        else:
            suits |= 1 << suit_of(t)
            if terminal_or_honor(t):
                terminals += c
            else:
                simples += c
        ends += c * int(terminal_or_honor(t))
        green += c * int((GREEN_MASK >> t) & 1 == 1)
    total = simples + ends
    mask = 0
    if ends == 0 and (not opened or rules[Rule.KUITAN]):
        mask |= bit(Yaku.TANYAO)
    one_suit = suits == 1 or suits == 2 or suits == 4
    if one_suit and honors == 0:
        mask |= bit(Yaku.CHINITSU)
    elif one_suit:
        mask |= bit(Yaku.HONITSU)
    if honors == total:
        mask |= bit(Yaku.TSUUIISOU)
    if ends == total:
        mask |= bit(Yaku.HONROUTOU)
        if terminals == total:
            mask |= bit(Yaku.CHINROUTOU)
    if green == total:
        mask |= bit(Yaku.RYUUIISOU)
    if n_declared == 0 and one_suit and honors == 0 and ends > 0:
        for s in range(N_SUITS):
            if (suits >> s) & 1 and nine_gates(counts, s):
                held = counts[win_tile]
                mask |= bit(Yaku.CHUUREN_NINE_WAITS) if held == 2 or held == 4 else bit(Yaku.CHUUREN)
    return mask


@jitable(inline="llvm")
def meld_yaku(work, n_melds, pair, win_tile, counts, tsumo, opened, seat_wind, round_wind) -> int:
    """The yaku of the melds and pair of the standard reading in the work rows: the outside
    hands, ittsu, the peikou (closed), sanshoku, the pon hands, the concealed pons (a pon of the
    win tile won by ron is open unless a concealed chow can hold the win tile), the honor pons
    and the kongs."""
    kind, tile, declared, concealed = (work[ReadingRow.KIND], work[ReadingRow.TILE], work[ReadingRow.DECLARED],
                                       work[ReadingRow.CONCEALED])
    chows = pons = kongs = outside = honor_groups = closed_pons = 0
    straight = chow_ranks0 = chow_ranks1 = chow_ranks2 = pon_ranks0 = pon_ranks1 = pon_ranks2 = 0
    dragon_pons = wind_pons = same_chows = 0
    win_chow = False
    win_pon = False
    mask = 0
    for i in range(n_melds):
        t = tile[i]
        if kind[i] == Meld.CHOW:
            chows += 1
            r = rank_of(t)
            outside += int(r == 0 or r == N_SUIT_RANKS - 3)
            s = suit_of(t)
            if s == 0:
                chow_ranks0 |= 1 << r
            elif s == 1:
                chow_ranks1 |= 1 << r
            else:
                chow_ranks2 |= 1 << r
            if r % 3 == 0:
                straight |= 1 << (3 * s + r // 3)
            if not declared[i] and t <= win_tile <= t + 2:
                twin_declared = False
                for j in range(n_melds):
                    twin_declared = twin_declared or (declared[j] != 0 and kind[j] == Meld.CHOW and tile[j] == t)
                win_chow = win_chow or not twin_declared
            for j in range(i + 1, n_melds):
                same_chows += int(kind[j] == Meld.CHOW and tile[j] == t)
        else:
            pons += 1
            kongs += int(kind[i] == Meld.KONG)
            if t >= HONOR_OFFSET:
                honor_groups += 1
                if t >= DRAGON_OFFSET:
                    dragon_pons += 1
                    mask |= bit(Yaku.HAKU + t - DRAGON_OFFSET)
                else:
                    wind_pons += 1
                    if t == HONOR_OFFSET + seat_wind:
                        mask |= bit(Yaku.SEAT_EAST + seat_wind)
                    if t == HONOR_OFFSET + round_wind:
                        mask |= bit(Yaku.ROUND_EAST + round_wind)
            else:
                outside += int(terminal_or_honor(t))
                s = suit_of(t)
                if s == 0:
                    pon_ranks0 |= 1 << rank_of(t)
                elif s == 1:
                    pon_ranks1 |= 1 << rank_of(t)
                else:
                    pon_ranks2 |= 1 << rank_of(t)
            if declared[i] == 0 or concealed[i] != 0:
                closed_pons += 1
                win_pon = win_pon or t == win_tile
    if pair >= HONOR_OFFSET:
        honor_groups += 1
    else:
        outside += int(terminal_or_honor(pair))
    groups = n_melds + 1
    if chows:
        if outside + honor_groups == groups and outside and honor_groups:
            mask |= bit(Yaku.CHANTA)
        if outside == groups:
            mask |= bit(Yaku.JUNCHAN)
        for s in range(N_SUITS):
            if (straight >> (3 * s)) & 7 == 7:
                mask |= bit(Yaku.ITTSU)
        if not opened:
            # pairs of equal chows: 1 for two, 2 for four, 1 + 1 for two twos (3 equal: 3 pairs, 1 counted)
            if same_chows >= 2 and not same_chows == 3:
                mask |= bit(Yaku.RYANPEIKOU)
            elif same_chows >= 1:
                mask |= bit(Yaku.IIPEIKOU)
        if chow_ranks0 & chow_ranks1 & chow_ranks2:
            mask |= bit(Yaku.SANSHOKU_DOUJUN)
    if pons:
        if pons == 4:
            mask |= bit(Yaku.TOITOI)
        if not tsumo and win_pon and not win_chow:
            closed_pons -= 1
        if closed_pons == 3:
            mask |= bit(Yaku.SANANKOU)
        if pon_ranks0 & pon_ranks1 & pon_ranks2:
            mask |= bit(Yaku.SANSHOKU_DOUKOU)
        dragon_pair = int(pair >= DRAGON_OFFSET)
        wind_pair = int(HONOR_OFFSET <= pair < DRAGON_OFFSET)
        if dragon_pons + dragon_pair == 3:
            mask |= bit(Yaku.SHOUSANGEN)
        if dragon_pons == 3:
            mask |= bit(Yaku.DAISANGEN)
        if wind_pons == 3 and wind_pair:
            mask |= bit(Yaku.SHOUSUUSHII)
        if wind_pons == N_WINDS:
            mask |= bit(Yaku.DAISUUSHII)
        if not opened:
            anko = 0
            for i in range(n_melds):
                anko += int(kind[i] != Meld.CHOW and (tsumo or tile[i] != win_tile))
            if anko == 4:
                mask |= bit(Yaku.SUUANKOU_TANKI) if counts[win_tile] == 2 else bit(Yaku.SUUANKOU)
        if kongs == 3:
            mask |= bit(Yaku.SANKANTSU)
        if kongs == 4:
            mask |= bit(Yaku.SUUKANTSU)
    return mask
