"""The situation of a win: how the winning card came and the flags the cards cannot tell.

:class:`Situation` holds them checked: flags that cannot hold together raise
:class:`~lookup.errors.InvalidSituationError`, a 醒 card that is not a card
:class:`~lookup.errors.InvalidTileError`, a flag the preset has no use for (a 醒 outside
永州 and 衡阳十胡卡, 三提五坎 outside 安化) :class:`~lookup.errors.InvalidRulesError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from ...errors import InvalidArgumentError, InvalidRulesError, InvalidSituationError, InvalidTileError, quoted
from ..cards import card_name, parse_cards
from ..wang import WANG
from .rules import XING_PRESETS, ScoringRules

NO_CARD = -1
"""No card: no named winning card, no 醒 card, no given 醒数."""

FLAGS = ("self_drawn", "discard", "tianhu", "dihu", "haidi", "shuahou", "santi_wukan")
"""The boolean flags of a win, as :func:`lookup.zipai.score` names them."""

_CONFLICTS = (("self_drawn", "discard", "a win is either self-drawn (自摸) or on a discard (点炮)"),
              ("tianhu", "discard", "天胡 is won with the dealt cards, not on a discard"),
              ("tianhu", "dihu", "天胡 (the dealer) and 地胡 (a non-dealer) exclude each other"),
              ("tianhu", "haidi", "天胡 is won with the dealt cards, not the last wall card"),
              ("tianhu", "shuahou", "耍猴 needs melds, which 天胡 has none of"),
              ("dihu", "haidi", "地胡 is won on the first card of play, not the last wall card"),
              ("haidi", "discard", "海底 is won on the last wall card, not a discard"),
              ("santi_wukan", "discard", "三提五坎 is claimed at the deal, not on a discard"),
              ("santi_wukan", "dihu", "三提五坎 is claimed at the deal as 天胡, not 地胡"),
              ("santi_wukan", "haidi", "三提五坎 is claimed at the deal, not on the last wall card"),
              ("santi_wukan", "shuahou", "三提五坎 is claimed at the deal, not as 耍猴"))


_DEFAULTS: dict[str, object] = {"win_card": None, "self_drawn": False, "discard": False, "tianhu": False,
                                "dihu": False, "haidi": False, "shuahou": False, "huangfan": 0, "xing": None,
                                "xing_count": None, "santi_wukan": False}


class Situation(NamedTuple):
    """The checked situation of a win (see :func:`lookup.zipai.score` for each flag).

    ``win_card``: the card index that won, :data:`~lookup.zipai.WANG` for a drawn 王, or
    :data:`NO_CARD`; ``xing``: the 醒 card likewise; ``xing_count``: a given 醒数 or NO_CARD.
    """

    win_card: int = NO_CARD
    self_drawn: bool = False
    discard: bool = False
    tianhu: bool = False
    dihu: bool = False
    haidi: bool = False
    shuahou: bool = False
    huangfan: int = 0
    xing: int = NO_CARD
    xing_count: int = NO_CARD
    santi_wukan: bool = False


def card_or_wang(value: object, what: str) -> int:
    """A card given as an index 0..19, :data:`WANG` (20), card text (``"七"``, ``"x7"``) or ``"王"``;
    None gives :data:`NO_CARD`; anything else raises InvalidTileError."""
    if value is None:
        return NO_CARD
    if isinstance(value, str):
        text = value.strip()
        if text in ("王", "wang", "WANG"):
            return WANG
        try:
            cards = parse_cards(text)
        except InvalidTileError as e:
            raise InvalidTileError(f"{what} is not a card: {e}") from None
        if len(cards) != 1:
            raise InvalidTileError(f"{what} must be one card (or 王), got {quoted(value)}")
        return cards[0]
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        if int(value) == WANG:
            return WANG
        try:
            card_name(value)
        except InvalidTileError:
            raise InvalidTileError(f"{what} must be a card index 0..19, {WANG} for 王, or card text; "
                                   f"got {quoted(value)}") from None
        return int(value)
    raise InvalidTileError(f"{what} must be a card (index or text) or 王, got {quoted(value)}")


def _flag(name: str, value: object) -> bool:
    if isinstance(value, (bool, np.bool_)) or (isinstance(value, (int, np.integer)) and value in (0, 1)):
        return bool(value)
    raise InvalidArgumentError(f"{name} is True or False, got {quoted(value)}")


def _count(name: str, value: object, none_ok: bool) -> int:
    if value is None and none_ok:
        return NO_CARD
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
        raise InvalidArgumentError(f"{name} is an integer >= 0, got {quoted(value)}")
    return int(value)


def situation(rules: ScoringRules, given: Mapping[str, object]) -> Situation:
    """The flags of a win (:func:`lookup.zipai.score`'s keywords but the hand's) checked against
    each other and against the preset; a flag not given keeps its default."""
    unknown = set(given) - set(Situation._fields)
    if unknown:
        raise InvalidArgumentError(f"unknown flags of a win: {', '.join(sorted(unknown))}")
    get = {**_DEFAULTS, **given}.__getitem__
    self_drawn, discard, tianhu, dihu, haidi, shuahou, santi_wukan = (get(name) for name in FLAGS)
    win_card, huangfan, xing, xing_count = get("win_card"), get("huangfan"), get("xing"), get("xing_count")
    flags = {name: _flag(name, value) for name, value in (
        ("self_drawn", self_drawn), ("discard", discard), ("tianhu", tianhu), ("dihu", dihu), ("haidi", haidi),
        ("shuahou", shuahou), ("santi_wukan", santi_wukan))}
    for a, b, why in _CONFLICTS:
        if flags[a] and flags[b]:
            raise InvalidSituationError(f"{a} and {b} cannot both hold: {why}")
    win = card_or_wang(win_card, "win_card")
    if win == WANG and flags["discard"]:
        raise InvalidSituationError("a 王 is never discarded: a drawn 王 cannot win on a discard")
    xing_card = card_or_wang(xing, "xing (the 醒 card)")
    counted = _count("xing_count", xing_count, True)
    if (xing_card != NO_CARD or counted != NO_CARD) and rules.preset not in XING_PRESETS:
        raise InvalidRulesError(f"{rules.preset} counts no 醒; xing and xing_count are for "
                                f"{' and '.join(sorted(XING_PRESETS))}")
    if xing_card != NO_CARD and counted != NO_CARD:
        raise InvalidSituationError("give the 醒 card (xing) or the 醒数 (xing_count), not both")
    if flags["santi_wukan"] and rules.preset != "anhua":
        raise InvalidRulesError(f"{rules.preset} has no 三提五坎; santi_wukan is for anhua")
    return Situation(win, flags["self_drawn"], flags["discard"], flags["tianhu"] or flags["santi_wukan"],
                     flags["dihu"], flags["haidi"], flags["shuahou"], _count("huangfan", huangfan, False),
                     xing_card, counted, flags["santi_wukan"])
