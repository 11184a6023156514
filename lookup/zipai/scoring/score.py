"""The score of a zipai win under a regional preset: every candidate scored, the best kept.

    score(hand, exposed=(), *, rules, win_card=None, wang=0, <situation>) -> ScoreResult | None
    score_waits(hand, exposed=(), *, rules, **situation) -> {card: ScoreResult}
    score_batch(counts, exposed=None, *, rules, ...) -> structured (N,): score, huxi, tun, fan

:func:`score_hand` is the one per-hand step: the candidates of :mod:`.candidates` (split × 王
reading × winning-card placement × 王 special), each valued by the preset (:mod:`.mingtang`,
:mod:`.tun`); the highest score wins, ties to more huxi, then the first found. The batch form
runs a compiled kernel that reaches the same answers (:mod:`.kernels`), the step itself on
the rows the kernel leaves to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ... import jit
from ...arrays import answer_array
from ...errors import InvalidArgumentError, InvalidHandError
from ..cards import Hand, card_name, hand_counts
from ..encoding import MAX_COPIES, N_CARDS, N_NUMBERS, VIEW
from ..melds import Exposed, Meld, MeldLike, fold_melds
from ..queries import check_wang
from ..splits import Unit
from ..units import KAN_HUXI, TI_HUXI
from ..wang import MAX_WANG, WANG
from . import mingtang
from .candidates import UNITS, Candidate, candidates
from .rows import COLUMNS, batch_columns, hand_rows, meld_arrays, meld_rows
from .rules import ScoringRules, scoring_rules
from .situation import FLAGS, NO_CARD, Situation, situation
from .tun import tun
from .values import params_of


class ScoreResult(NamedTuple):
    """The best-scoring reading of a winning hand.

    ``score``: what each paying player owes the winner (邵阳剥皮: the hand value added to the
    winner's running total); ``huxi``: the total huxi of the units scored; ``tun``: 囤 (None in
    邵阳剥皮; 衡阳十胡卡's includes its 醒数); ``fan``: 番 (None in 邵阳剥皮); ``mingtang``: the
    名堂 that changed the score, by the preset's names; ``units``: the units scored, as
    :func:`lookup.zipai.hu_detail` gives them; ``wang_as``: what each 王 read as (sorted card
    indices); ``xing``: the 醒数 counted (0 where there is none).
    """

    score: int
    huxi: int
    tun: int | None
    fan: int | None
    mingtang: tuple[str, ...]
    units: tuple[Unit, ...]
    wang_as: tuple[int, ...]
    xing: int = 0


def hand_and_wang(hand: Hand, wang: object) -> tuple[list[int], int]:
    """A hand's counts and its 王: those written ``王`` in its text plus ``wang``."""
    written = 0
    if isinstance(hand, str) and "王" in hand:
        written = hand.count("王")
        hand = hand.replace("王", " ")
    total = check_wang(wang) + written
    if total > MAX_WANG:
        raise InvalidHandError(f"a hand holds at most {MAX_WANG} 王, got {total}")
    return hand_counts(hand), total


def _value(c: Candidate, s: Situation, rules: ScoringRules, exposed_kinds: Sequence[str]
           ) -> tuple[int, int | None, int | None, list[str], int]:
    """(score, 囤, 番, names, 醒数) of one candidate; score -1 when the preset refuses it."""
    preset = rules.preset
    if preset == "shaoyang_bopi":
        value, names = mingtang.bopi_value(c, s, rules)
        return value, None, None, names, 0
    xing = mingtang.xing_count(c, s, rules) if preset in ("yongzhou", "hengyang_shihuka") else 0
    t = tun(rules, c.huxi, s, xing)
    if preset == "changde":
        fan, names = mingtang.changde(c, s, rules, exposed_kinds)
        total = fan * t * (1 + s.huangfan)
        if s.self_drawn:
            names.append("自摸")
        if s.huangfan:
            names.append("黄番")
        cap = rules.cap
        return (total if cap is None else min(total, int(cap))), t, fan, names, 0
    if preset == "hengyang_shihuka":
        fan, names = mingtang.hengyang(c, s)
        return fan * t, t, fan, names, xing
    if preset == "yongzhou":
        fan, names = mingtang.yongzhou(c, s, rules)
        wang = len(c.wang_as)
        if rules.anfan_xianhu and wang and fan < 2 ** wang:
            return -1, t, fan, names, xing
        total = (t + xing) * fan
        cap = rules.cap
        return (total if cap is None else min(total, int(cap))), t, fan, names, xing
    fan, names = mingtang.anhua(c)  # anhua
    if s.tianhu:
        fan *= 2
        names.append("天胡")
    elif s.self_drawn and (rules.zimo_tun or rules.zimo_fan):
        fan = fan * 2 if rules.zimo_fan else fan
        names.append("自摸")
    return _anhua_total(rules, fan, t, s, names), t, fan, names, 0


def _anhua_total(rules: ScoringRules, fan: int, t: int, s: Situation, names: list[str]) -> int:
    """安化's score: 番 × 囤 × 底分, + 胡牌加N, × 爬坡 (2^n, capped by ``papo_cap``)."""
    total = fan * t * int(rules.difen or 1) + int(rules.hupai_jia or 0)
    if s.huangfan:
        names.append("爬坡")
        climb = 2 ** min(s.huangfan, 16)
        total *= climb if rules.papo_cap is None else min(climb, int(rules.papo_cap))
    return total


def _santi_wukan(counts: list[int], s: Situation, rules: ScoringRules) -> ScoreResult | None:
    """安化's 三提五坎 claim at the deal: ≥ 3 quads, or quads + triples ≥ 5, worth ≥ 15 huxi;
    scored as 天胡 (番 × 2) with the red/black 名堂 of the whole hand."""
    sets = [Unit("ti" if x == 4 else "kan", (t,) * x, (TI_HUXI if x == 4 else KAN_HUXI)[t // N_NUMBERS])
            for t, x in enumerate(counts) if x >= 3]
    quads = sum(u.kind == "ti" for u in sets)
    huxi = sum(u.huxi for u in sets)
    if not (quads >= 3 or len(sets) >= 5) or huxi < 15:
        return None
    c = Candidate(tuple(sets), huxi, tuple(counts), (), "")
    fan, names = mingtang.anhua(c, colour_only=True)
    fan *= 2
    t = tun(rules, huxi, s, 0)
    names += ["三提五坎", "天胡"]
    total = _anhua_total(rules, fan, t, s, names)
    return ScoreResult(total, huxi, t, fan, mingtang.ordered("anhua", names), c.units, ())


def score_hand(counts: list[int], wang: int, melds: Sequence[Meld], s: Situation,
               rules: ScoringRules) -> ScoreResult | None:
    """The per-hand step: the best-scoring candidate of a checked hand, None when it does not win."""
    if s.santi_wukan:
        return _santi_wukan(counts, s, rules)
    if wang and not s.self_drawn:
        return None  # a hand with 王 wins only on its own draw
    if rules.preset == "changde" and s.discard:
        return None  # 常德 wins only on wall cards
    kinds = [m.kind for m in melds]
    best: ScoreResult | None = None
    for c in candidates(counts, wang, melds, s.win_card, s.self_drawn, rules.ruleset.yiwushi, rules.has_wang):
        if c.huxi < rules.min_huxi:
            continue
        total, t, fan, names, xing = _value(c, s, rules, kinds)
        if total < 0 or best is not None and (total, c.huxi) <= (best.score, best.huxi):
            continue
        best = ScoreResult(total, c.huxi, t, fan, mingtang.ordered(rules.preset, names), c.units, c.wang_as, xing)
    return best


def checked(hand: Hand, exposed: MeldLike | Iterable[MeldLike], rules: str | ScoringRules, wang: object,
            flags: dict[str, Any], *, waits: bool = False) -> tuple[list[int], int, Exposed, Situation,
                                                                    ScoringRules]:
    """The inputs of :func:`score` checked: counts, 王, the folded melds, situation and rules."""
    rules = scoring_rules(rules)
    counts, wang_ = hand_and_wang(hand, wang)
    folded = fold_melds(exposed, rules.ruleset.yiwushi)
    s = situation(rules, flags)
    if not rules.has_wang and (wang_ or s.win_card == WANG or s.xing == WANG):
        raise InvalidHandError(f"{rules.preset} plays without 王; a 王 held, drawn or turned is not a card there")
    for t in range(N_CARDS):
        if counts[t] + folded.used[t] > MAX_COPIES:
            raise InvalidHandError(f"hand and exposed melds hold {counts[t] + folded.used[t]} copies of "
                                   f"{card_name(t)}; a card has 4 copies")
    if s.santi_wukan:
        if folded.melds:
            raise InvalidHandError("三提五坎 is claimed at the deal, before any meld is exposed")
        return counts, wang_, folded, s, rules
    size = sum(counts) + wang_ + sum(len(m.cards) for m in folded.melds) + waits
    if not UNITS * 3 <= size <= UNITS * 3 + UNITS - 2:
        need = "with the card drawn, " if waits else ""
        raise InvalidHandError(f"a winning hand holds 21 to 26 cards ({need}exposed melds and 王 counted); "
                               f"got {size}")
    if s.win_card == WANG and not wang_:
        raise InvalidHandError("win_card is 王 but the hand holds no 王")
    if 0 <= s.win_card < N_CARDS and not counts[s.win_card] and not waits:
        raise InvalidHandError(f"win_card {card_name(s.win_card)} is not in the hand (the hand holds the winning card)")
    return counts, wang_, folded, s, rules


# wide: one keyword per flag of the win, as the servers name them
def score(hand: Hand, exposed: MeldLike | Iterable[MeldLike] = (), *, rules: str | ScoringRules,
          win_card: int | str | None = None, wang: int = 0, self_drawn: bool = False, discard: bool = False,
          tianhu: bool = False, dihu: bool = False, haidi: bool = False, shuahou: bool = False, huangfan: int = 0,
          xing: int | str | None = None, xing_count: int | None = None,
          santi_wukan: bool = False) -> ScoreResult | None:
    """The best score of a win under a scoring preset, or None when the hand does not win there.

    ``hand``: the concealed cards with the winning card (card text, 王 written ``王``, or 20
    counts); ``exposed``: the melds on the table; ``rules``: a preset name or
    :class:`ScoringRules`; ``win_card``: the card that won (index, text, or ``"王"``/``WANG``),
    None to read the hand as written (no placement choice, no 王 special); ``wang``: 王 held
    besides those written. Situation: ``self_drawn`` (自摸), ``discard`` (点炮; neither: a wall
    card another player turned), ``tianhu``, ``dihu``, ``haidi``, ``shuahou``, ``huangfan`` (drawn
    games in a row before this one: 黄番 / 爬坡), ``xing`` (the 醒 card, ``"王"`` for a turned 王),
    ``xing_count`` (a given 醒数), ``santi_wukan`` (安化's 三提五坎 claim at the deal).
    """
    flags = dict(win_card=win_card, self_drawn=self_drawn, discard=discard, tianhu=tianhu, dihu=dihu, haidi=haidi,
                 shuahou=shuahou, huangfan=huangfan, xing=xing, xing_count=xing_count, santi_wukan=santi_wukan)
    counts, wang_, melds, s, rules_ = checked(hand, exposed, rules, wang, flags)
    return score_hand(counts, wang_, melds.melds, s, rules_)


# wide: score's flags but the winning card, which each wait names
def score_waits(hand: Hand, exposed: MeldLike | Iterable[MeldLike] = (), *, rules: str | ScoringRules,
                wang: int = 0, self_drawn: bool = False, discard: bool = False, tianhu: bool = False,
                dihu: bool = False, haidi: bool = False, shuahou: bool = False, huangfan: int = 0,
                xing: int | str | None = None, xing_count: int | None = None) -> dict[int, ScoreResult]:
    """``{card: result}`` for every draw that wins: :func:`score` of the hand with that card
    added and named the winning card (key :data:`~lookup.zipai.WANG` for a drawn 王 in rooms
    with 王). ``hand`` is held before the draw; the situation flags are :func:`score`'s. A card
    of which hand and melds hold all 4 copies is never drawn."""
    situation = dict(self_drawn=self_drawn, discard=discard, tianhu=tianhu, dihu=dihu, haidi=haidi,
                     shuahou=shuahou, huangfan=huangfan, xing=xing, xing_count=xing_count)
    counts, wang_, folded, s, rules_ = checked(hand, exposed, rules, wang, situation, waits=True)
    out = {}
    for t in range(N_CARDS):
        if counts[t] + folded.used[t] < MAX_COPIES:
            counts[t] += 1
            result = score_hand(counts, wang_, folded.melds, s._replace(win_card=t), rules_)
            counts[t] -= 1
            if result is not None:
                out[t] = result
    if rules_.has_wang and wang_ < MAX_WANG:
        result = score_hand(counts, wang_ + 1, folded.melds, s._replace(win_card=WANG), rules_)
        if result is not None:
            out[WANG] = result
    return out


# --- batch ------------------------------------------------------------------------------------

SCORE_DTYPE = np.dtype([("score", np.int32), ("huxi", np.int16), ("tun", np.int16), ("fan", np.int32)])
"""A :func:`score_batch` row: score (-1: no win), huxi, 囤 and 番 (-1 where none)."""
def _python_row(i: int, hand: list[int], exposed: npt.ArrayLike | None, column: list[int],
                rules: ScoringRules) -> ScoreResult | None:
    """Row ``i`` checked and scored by the Python step; an error says ``row i: ...``."""
    melds = meld_rows(None if exposed is None else np.asarray(exposed)[i:i + 1], 1)[0]
    row = dict(zip(COLUMNS, column))
    flags: dict[str, object] = {name: bool(row[name]) for name in FLAGS}
    flags.update(win_card=None if row["win_card"] == NO_CARD else row["win_card"], huangfan=row["huangfan"],
                 xing=None if row["xing"] == NO_CARD else row["xing"],
                 xing_count=None if row["xing_count"] == NO_CARD else row["xing_count"])
    try:
        counts_, wang_, folded, s, _ = checked(hand, melds, rules, row["wang"], flags)
        return score_hand(counts_, wang_, folded.melds, s, rules)
    except (InvalidHandError, InvalidArgumentError, ValueError) as e:
        if str(e).startswith("row "):
            raise
        raise type(e)(f"row {i}: {e}") from None


_PARAMS: dict[ScoringRules, np.ndarray] = {}


# wide: score's flags, each a scalar or a column
def score_batch(counts: npt.ArrayLike, exposed: npt.ArrayLike | None = None, *, rules: str | ScoringRules,
                win_card: npt.ArrayLike | None = None, wang: npt.ArrayLike = 0, xing: npt.ArrayLike | None = None,
                xing_count: npt.ArrayLike | None = None, self_drawn: npt.ArrayLike = False,
                discard: npt.ArrayLike = False, tianhu: npt.ArrayLike = False, dihu: npt.ArrayLike = False,
                haidi: npt.ArrayLike = False, shuahou: npt.ArrayLike = False, huangfan: npt.ArrayLike = 0,
                santi_wukan: npt.ArrayLike = False, out: np.ndarray | None = None) -> np.ndarray:
    """:func:`score` of each row, as a structured (N,) array of :data:`SCORE_DTYPE` (written into
    ``out`` and returned when given: see :func:`lookup.arrays.answer_array`).

    ``counts``: (N, 20) card counts with the winning card; ``exposed``: None or (N, 7, 4)
    integer rows of (kind, card, card, card), kind 0 none, 1 碰, 2 偎, 3 跑, 4 提 (its card in
    the first card column), 5 吃 (its three cards). ``win_card`` and ``xing``: a card index,
    :data:`~lookup.zipai.WANG` for a 王, -1 or None for none; ``xing_count`` -1 or None for
    none; ``wang``, ``huangfan`` and every flag a scalar or (N,). ``score`` is -1 where a row
    does not win, ``tun`` and ``fan`` -1 where the preset has none (邵阳剥皮). A compiled kernel
    (:mod:`.kernels`) checks and scores the rows as :func:`score` does (an error names the
    first bad row, with score's message), but for the rows it leaves to :func:`score_hand`:
    ``santi_wukan`` claims, 常德 rows under ``hanghangxi`` / ``jia_hanghangxi`` whose part could
    split into scoring groups only, and answers too large for the dtype.
    """
    from . import kernels

    rules_ = scoring_rules(rules)
    rows = np.asarray(counts)
    if rows.ndim != 2 or rows.shape[1] != N_CARDS or not np.issubdtype(rows.dtype, np.integer):
        raise InvalidHandError(f"counts must be an integer array of shape (N, {N_CARDS}), got shape {rows.shape} "
                               f"dtype {rows.dtype}")
    n = rows.shape[0]
    melds, used = meld_arrays(exposed, n)

    columns = batch_columns((NO_CARD if win_card is None else win_card, wang, NO_CARD if xing is None else xing,
                        NO_CARD if xing_count is None else xing_count, huangfan, self_drawn, discard, tianhu, dihu,
                        haidi, shuahou, santi_wukan), n)
    out = answer_array(out, (n,), SCORE_DTYPE)
    out[...] = -1  # every field of every row
    params = _PARAMS.get(rules_)
    if params is None:
        params = _PARAMS.setdefault(rules_, params_of(rules_))
    defer = np.zeros(n, np.uint8)
    g = (VIEW.value or VIEW.get()).of(rules_.ruleset.yiwushi)
    answer = out if n > 1 else np.full(2, -1, SCORE_DTYPE)  # the fields of 2+ rows: one compiled signature
    fields = (answer["score"], answer["huxi"], answer["tun"], answer["fan"])
    status, bad = kernels.score_batch(hand_rows(rows), used, melds, columns, params, g.hu, fields, defer)
    if answer is not out:
        out[:] = answer[:n]
    if status != jit.OK:
        _python_row(bad, rows[bad].tolist(), exposed, columns[min(bad, len(columns) - 1)].tolist(), rules_)
        raise AssertionError(f"row {bad} is refused by the score_batch kernel but not by score")
    for i in np.flatnonzero(defer).tolist():
        result = _python_row(i, rows[i].tolist(), exposed, columns[min(i, len(columns) - 1)].tolist(), rules_)
        if result is not None:
            out[i] = (result.score, result.huxi, -1 if result.tun is None else result.tun,
                      -1 if result.fan is None else result.fan)
    return out
