"""The riichi queries under the names of their HTTP routes and registry entries
(``riichi_score``, ``riichi_score_waits``, ``riichi_score_batch``), beside the Chinese
Official ``fan`` queries of the same game. Each calls the query of :mod:`.query` it names, the
situation as one object (:class:`Situation`, a JSON object over HTTP) or, for the batch, one
row per hand (:data:`SITUATION_COLUMNS`); ``riichi_score_batch`` answers a plain (N, 5) int32
array, so an octet-stream route can name its dtype.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ....arrays import answer_array, as_array
from ....errors import InvalidArgumentError
from ...tiles import Hand
from .options import COUNTS, DEFAULT_RULES, FLAGS, Rules, rules_from_text
from .query import RESULT_FIELDS, RiichiScore, score, score_batch, score_waits

RESULT_COLUMNS = RESULT_FIELDS
"""The columns of :func:`riichi_score_batch`'s answer: han, fu, main, additional, total."""
SITUATION_COLUMNS = FLAGS + COUNTS
"""The columns of :func:`riichi_score_batch`'s ``situations``: the flags (0/1), the seat and
round winds (0..3), the honba and the riichi sticks."""


@dataclass(frozen=True)
class Situation:
    """The situation of a win, as :func:`.query.score` takes it keyword by keyword."""

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    honba: int = 0
    kyoutaku: int = 0
    dora: tuple[int | str, ...] = ()
    ura_dora: tuple[int | str, ...] = ()


def _keywords(situation: Situation | Mapping[str, Any] | None, rules: Rules | Mapping[str, Any] | None) -> dict:
    """:func:`.query.score`'s keywords from a situation and rules, each an object or a mapping of its fields."""
    if isinstance(situation, Mapping):
        unknown = sorted(set(situation) - set(Situation.__dataclass_fields__))
        if unknown:
            raise InvalidArgumentError(f"situation fields are {', '.join(Situation.__dataclass_fields__)}, "
                                       f"got {', '.join(unknown)}")
        situation = Situation(**situation)
    if situation is not None and not isinstance(situation, Situation):
        raise InvalidArgumentError(f"situation must be a riichi Situation, got {type(situation).__name__}")
    if isinstance(rules, Mapping):
        rules = rules_from_text(json.dumps(dict(rules)))
    keywords = asdict(situation) if situation is not None else {}
    return {**keywords, "rules": DEFAULT_RULES if rules is None else rules}


def riichi_score(hand: Hand, win_tile: int | str, melds: Sequence[tuple[str, int | str]] = (),
                 situation: Situation | None = None, rules: Rules | None = None) -> RiichiScore | None:
    """The riichi yaku, han, fu and payments of a winning hand (``riichi.score``; ``situation``
    its keywords as one object, or a mapping of them): None when the tiles do not win."""
    return score(hand, win_tile, melds, **_keywords(situation, rules))


def riichi_score_waits(hand: Hand, melds: Sequence[tuple[str, int | str]] = (), situation: Situation | None = None,
                       rules: Rules | None = None) -> dict[int, RiichiScore]:
    """The riichi value of each tile that wins a ready hand with a yaku (``riichi.score_waits``):
    ``{tile: result}``."""
    return score_waits(hand, melds, **_keywords(situation, rules))


def riichi_score_batch(hands: npt.ArrayLike, win_tiles: npt.ArrayLike, melds: npt.ArrayLike | None = None,
                       aka: npt.ArrayLike | None = None, dora: npt.ArrayLike | None = None,
                       ura_dora: npt.ArrayLike | None = None, situations: npt.ArrayLike | None = None,
                       rules: str = "", *, out: np.ndarray | None = None) -> np.ndarray:
    """The riichi han, fu, main, additional and total of N hands (``riichi.score_batch``) as an
    int32 (N, 5) array (written into ``out`` and returned when given), han -1 where a hand does
    not win and 0 where it has no yaku.
    ``situations``: None or (N, 14) rows of :data:`SITUATION_COLUMNS`; ``rules``: the text of a
    JSON object of :class:`.options.Rules` fields (``'{"aka": true}'``; empty: the defaults)."""
    columns: dict = {}
    if situations is not None:
        array = as_array(situations, "situations")
        if array.ndim != 2 or array.shape[1] != len(SITUATION_COLUMNS):
            raise InvalidArgumentError(f"situations must have shape (N, {len(SITUATION_COLUMNS)}), got {array.shape}")
        columns = {name: array[:, i].astype(np.int64) for i, name in enumerate(SITUATION_COLUMNS)}
        columns.update({name: columns[name].astype(bool) if columns[name].max(initial=0) <= 1 else columns[name]
                        for name in FLAGS})
    answers = score_batch(hands, win_tiles, melds, aka=aka, dora=dora, ura_dora=ura_dora,
                          rules=rules_from_text(rules), **columns)
    result = answer_array(out, (len(answers), len(RESULT_COLUMNS)), np.int32)
    for i, name in enumerate(RESULT_COLUMNS):
        result[:, i] = answers[name]
    return result
