"""The riichi yaku, each declared once: :class:`Yaku` names it, and its row of :data:`YAKU`
gives its name (as the ``mahjong`` package spells it), its han closed and open (0: not
counted open), whether it is a yakuman, and the detector step that finds it.

The rows follow the order in which the reference calculator lists a hand's yaku, so a result's
yaku come in that order. A detector step (``detector``) is a function of :mod:`.detectors`
(or the fu step, for pinfu); the kernels use the members of :class:`Yaku` as ints.
"""
from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

import numpy as np


class Yaku(IntEnum):
    """Every yaku, by its row in :data:`YAKU`."""

    MENZEN_TSUMO = 0
    PINFU = 1
    CHIITOITSU = 2
    TANYAO = 3
    RIICHI = 4
    DOUBLE_RIICHI = 5
    IPPATSU = 6
    RINSHAN = 7
    CHANKAN = 8
    HAITEI = 9
    HOUTEI = 10
    TENHOU = 11
    CHIIHOU = 12
    CHINITSU = 13
    HONITSU = 14
    TSUUIISOU = 15
    HONROUTOU = 16
    CHINROUTOU = 17
    RYUUIISOU = 18
    CHANTA = 19
    JUNCHAN = 20
    ITTSU = 21
    RYANPEIKOU = 22
    IIPEIKOU = 23
    SANSHOKU_DOUJUN = 24
    TOITOI = 25
    SANANKOU = 26
    SANSHOKU_DOUKOU = 27
    SHOUSANGEN = 28
    HAKU = 29
    HATSU = 30
    CHUN = 31
    SEAT_EAST = 32
    SEAT_SOUTH = 33
    SEAT_WEST = 34
    SEAT_NORTH = 35
    ROUND_EAST = 36
    ROUND_SOUTH = 37
    ROUND_WEST = 38
    ROUND_NORTH = 39
    DAISANGEN = 40
    SHOUSUUSHII = 41
    DAISUUSHII = 42
    CHUUREN = 43
    CHUUREN_NINE_WAITS = 44
    SUUANKOU = 45
    SUUANKOU_TANKI = 46
    SANKANTSU = 47
    SUUKANTSU = 48
    KOKUSHI = 49
    KOKUSHI_THIRTEEN_WAITS = 50


SITUATION = "detectors.situation_yaku"
TILES = "detectors.tile_yaku"
MELDS = "detectors.meld_yaku"
FU = "fu.group_fu"
FORMS = "scorer.score_hand"
"""The detector steps, as ``module.function`` of this package."""


class YakuRule(NamedTuple):
    """A yaku's declaration: the yaku, its name, its han closed and open (0: closed only),
    whether it is a yakuman, and its detector step."""

    yaku: Yaku
    name: str
    han_closed: int
    han_open: int
    detector: str

    @property
    def yakuman(self) -> bool:
        return self.han_closed >= YAKUMAN_HAN


YAKUMAN_HAN = 13
"""The han a yakuman counts, per multiple."""

YAKU: tuple[YakuRule, ...] = (
    YakuRule(Yaku.MENZEN_TSUMO, "Menzen Tsumo", 1, 0, SITUATION),
    YakuRule(Yaku.PINFU, "Pinfu", 1, 0, FU),
    YakuRule(Yaku.CHIITOITSU, "Chiitoitsu", 2, 0, FORMS),
    YakuRule(Yaku.TANYAO, "Tanyao", 1, 1, TILES),
    YakuRule(Yaku.RIICHI, "Riichi", 1, 0, SITUATION),
    YakuRule(Yaku.DOUBLE_RIICHI, "Double Riichi", 2, 0, SITUATION),
    YakuRule(Yaku.IPPATSU, "Ippatsu", 1, 0, SITUATION),
    YakuRule(Yaku.RINSHAN, "Rinshan Kaihou", 1, 1, SITUATION),
    YakuRule(Yaku.CHANKAN, "Chankan", 1, 1, SITUATION),
    YakuRule(Yaku.HAITEI, "Haitei Raoyue", 1, 1, SITUATION),
    YakuRule(Yaku.HOUTEI, "Houtei Raoyui", 1, 1, SITUATION),
    YakuRule(Yaku.TENHOU, "Tenhou", 13, 0, SITUATION),
    YakuRule(Yaku.CHIIHOU, "Chiihou", 13, 0, SITUATION),
    YakuRule(Yaku.CHINITSU, "Chinitsu", 6, 5, TILES),
    YakuRule(Yaku.HONITSU, "Honitsu", 3, 2, TILES),
    YakuRule(Yaku.TSUUIISOU, "Tsuu Iisou", 13, 13, TILES),
    YakuRule(Yaku.HONROUTOU, "Honroutou", 2, 2, TILES),
    YakuRule(Yaku.CHINROUTOU, "Chinroutou", 13, 13, TILES),
    YakuRule(Yaku.RYUUIISOU, "Ryuuiisou", 13, 13, TILES),
    YakuRule(Yaku.CHANTA, "Chantai", 2, 1, MELDS),
    YakuRule(Yaku.JUNCHAN, "Junchan", 3, 2, MELDS),
    YakuRule(Yaku.ITTSU, "Ittsu", 2, 1, MELDS),
    YakuRule(Yaku.RYANPEIKOU, "Ryanpeikou", 3, 0, MELDS),
    YakuRule(Yaku.IIPEIKOU, "Iipeiko", 1, 0, MELDS),
    YakuRule(Yaku.SANSHOKU_DOUJUN, "Sanshoku Doujun", 2, 1, MELDS),
    YakuRule(Yaku.TOITOI, "Toitoi", 2, 2, MELDS),
    YakuRule(Yaku.SANANKOU, "San Ankou", 2, 2, MELDS),
    YakuRule(Yaku.SANSHOKU_DOUKOU, "Sanshoku Doukou", 2, 2, MELDS),
    YakuRule(Yaku.SHOUSANGEN, "Shou Sangen", 2, 2, MELDS),
    YakuRule(Yaku.HAKU, "Yakuhai (haku)", 1, 1, MELDS),
    YakuRule(Yaku.HATSU, "Yakuhai (hatsu)", 1, 1, MELDS),
    YakuRule(Yaku.CHUN, "Yakuhai (chun)", 1, 1, MELDS),
    YakuRule(Yaku.SEAT_EAST, "Yakuhai (seat wind east)", 1, 1, MELDS),
    YakuRule(Yaku.SEAT_SOUTH, "Yakuhai (seat wind south)", 1, 1, MELDS),
    YakuRule(Yaku.SEAT_WEST, "Yakuhai (seat wind west)", 1, 1, MELDS),
    YakuRule(Yaku.SEAT_NORTH, "Yakuhai (seat wind north)", 1, 1, MELDS),
    YakuRule(Yaku.ROUND_EAST, "Yakuhai (round wind east)", 1, 1, MELDS),
    YakuRule(Yaku.ROUND_SOUTH, "Yakuhai (round wind south)", 1, 1, MELDS),
    YakuRule(Yaku.ROUND_WEST, "Yakuhai (round wind west)", 1, 1, MELDS),
    YakuRule(Yaku.ROUND_NORTH, "Yakuhai (round wind north)", 1, 1, MELDS),
    YakuRule(Yaku.DAISANGEN, "Daisangen", 13, 13, MELDS),
    YakuRule(Yaku.SHOUSUUSHII, "Shousuushii", 13, 13, MELDS),
    YakuRule(Yaku.DAISUUSHII, "Dai Suushii", 26, 26, MELDS),
    YakuRule(Yaku.CHUUREN, "Chuuren Poutou", 13, 0, TILES),
    YakuRule(Yaku.CHUUREN_NINE_WAITS, "Daburu Chuuren Poutou", 26, 0, TILES),
    YakuRule(Yaku.SUUANKOU, "Suu Ankou", 13, 0, MELDS),
    YakuRule(Yaku.SUUANKOU_TANKI, "Suu Ankou Tanki", 26, 0, MELDS),
    YakuRule(Yaku.SANKANTSU, "San Kantsu", 2, 2, MELDS),
    YakuRule(Yaku.SUUKANTSU, "Suu Kantsu", 13, 13, MELDS),
    YakuRule(Yaku.KOKUSHI, "Kokushi Musou", 13, 0, FORMS),
    YakuRule(Yaku.KOKUSHI_THIRTEEN_WAITS, "Kokushi Musou Juusanmen Matchi", 26, 0, FORMS),
)
"""Every yaku, in the order the reference calculator lists them."""

N_YAKU = len(YAKU)
YAKU_NAMES = tuple(rule.name for rule in YAKU)
HAN_CLOSED = np.array([rule.han_closed for rule in YAKU], np.int64)
HAN_OPEN = np.array([rule.han_open for rule in YAKU], np.int64)
HAN_SINGLE_YAKUMAN = np.array([min(rule.han_closed, YAKUMAN_HAN) for rule in YAKU], np.int64)
"""The han of each yaku when double yakuman are counted as single ones."""
YAKUMAN_MASK = sum(1 << rule.yaku for rule in YAKU if rule.yakuman)
"""The yaku mask's bits of the yakuman."""
DORA_NAMES = ("Dora", "Aka Dora", "Ura Dora")
"""The names of the dora entries of a result, which hold their counts."""


def check_table(table: tuple[YakuRule, ...]) -> None:
    """Raises ValueError unless each row of ``table`` sits at the index of its yaku, one row per
    yaku, and the mask of every yaku fits an int64."""
    misplaced = [rule.name for i, rule in enumerate(table) if rule.yaku != i]
    if misplaced or len(table) != len(Yaku) or len(table) >= 63:
        raise ValueError(f"yaku rows out of Yaku order: {', '.join(misplaced) or 'a yaku without a row'}")


check_table(YAKU)
