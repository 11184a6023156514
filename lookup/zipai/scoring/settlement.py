"""Settlement of a scored win: who pays whom, and 邵阳剥皮's game end."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...errors import InvalidArgumentError, InvalidRulesError, quoted
from .rules import ScoringRules, scoring_rules
from .score import ScoreResult

MAX_PLAYERS = 4
"""Zipai rooms seat 2 to 4 players."""


def _seat(name: str, value: object, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value < players:
        raise InvalidArgumentError(f"{name} must be a seat 0..{players - 1}, got {quoted(value)}")
    return int(value)


def payments(result: ScoreResult, players: int, *, winner: int = 0, discarder: int | None = None,
             rules: str | ScoringRules) -> list[int]:
    """What each seat receives (+) or pays (−) for ``result``, by seat; the list sums to 0.

    Without ``discarder`` every other player pays ``result.score`` (自摸, or a wall card turned
    by another player); with one (点炮) the discarder alone pays ``score × (players − 1)``.
    常德 never wins on a discard; 邵阳剥皮 pays nothing per hand (the score joins the winner's
    running total, settled by :func:`bopi_settle`): both refuse a call that says otherwise.
    """
    rules = scoring_rules(rules)
    if not isinstance(result, ScoreResult):
        raise InvalidArgumentError(f"payments takes a ScoreResult (score returned None for no win), "
                                   f"got {quoted(result)}")
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)) or not 2 <= players <= MAX_PLAYERS:
        raise InvalidArgumentError(f"players must be 2..{MAX_PLAYERS}, got {quoted(players)}")
    if rules.preset == "shaoyang_bopi":
        raise InvalidRulesError("shaoyang_bopi pays at the game end: add result.score to the winner's total "
                                "and settle the totals with bopi_settle")
    winner = _seat("winner", winner, players)
    out = [0] * players
    if discarder is None:
        for seat in range(players):
            out[seat] = -result.score
        out[winner] = result.score * (players - 1)
        return out
    if rules.preset == "changde":
        raise InvalidRulesError("changde never wins on a discard; pass no discarder")
    discarder = _seat("discarder", discarder, players)
    if discarder == winner:
        raise InvalidArgumentError("the discarder cannot be the winner")
    out[winner] = result.score * (players - 1)
    out[discarder] = -out[winner]
    return out


def round_tens(total: int) -> int:
    """A running total to a multiple of 10: a remainder ≥ 5 rounds up; a negative total rounds
    toward zero."""
    if total >= 0:
        return (total + 5) // 10 * 10
    return -(-total // 10 * 10)


def bopi_settle(totals: Sequence[int]) -> list[int]:
    """邵阳剥皮's game end: each running total rounded (:func:`round_tens`), then each player gets
    the sum over the others of (own − other). The results sum to 0."""
    if isinstance(totals, (str, bytes)) or not isinstance(totals, Sequence) and not isinstance(totals, np.ndarray):
        raise InvalidArgumentError(f"totals must be a sequence of integers, got {quoted(totals)}")
    listed = list(totals)
    if not 2 <= len(listed) <= MAX_PLAYERS:
        raise InvalidArgumentError(f"totals are one per player, 2..{MAX_PLAYERS}, got {len(listed)}")
    for x in listed:
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
            raise InvalidArgumentError(f"totals must be integers, got {quoted(x)}")
    rounded = [round_tens(int(x)) for x in listed]
    whole = sum(rounded)
    return [len(rounded) * r - whole for r in rounded]
