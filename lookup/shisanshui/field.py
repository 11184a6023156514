"""The ``field`` objective: the arrangement with the most expected settlement points against
P - 1 opponents who arrange by the field policy, shooting and home runs included.

**The model.** The field is described by its row distribution: per row k (front, middle,
back), the probability D_k(s) that a field arrangement's row k has rank s (``field/rows`` in
``data/shisanshui.h5``, from simulation, see :mod:`~lookup.shisanshui.fieldplay`). Against one
field opponent, an arrangement with row ranks r_k wins row k with probability
p_k = P(s_k < r_k), loses it with q_k = P(s_k > r_k) (a tie scores 0), and its expected row
points are E_k = p_k w_k(r_k) - A_k, where w_k is the row's points and
A_k = sum over s > r_k of D_k(s) w_k(s) (a loss pays the opponent's row points). Shooting
(winning all three rows) multiplies the pair's result by S: it adds (S - 1) times
P(shoot) * (w_f + w_m + w_b) and subtracts (S - 1) times the opponent's expected points when it
wins every row. The rows of one field arrangement are dependent (a strong back leaves a weaker
middle and front); the model takes P(shoot) = c * p_f p_m p_b and the opponent's points when it
shoots = c * L, L = A_f q_m q_b + A_m q_f q_b + A_b q_f q_m (the product over rows, corrected by
the factor c taken from the field itself: the field's shooting rate against itself over the
rate the product predicts, ``field/calibration``). With n = P - 1 opponents (independent but
for the cards they hold), a home run (3+ players) multiplies all of a player's pair results by
H again: it adds (H - 1) n S (w_f + w_m + w_b) (c p_f p_m p_b)^n for ours, and subtracts (H - 1)
S n c L h^(n - 1) for an opponent's, h the field's rate of shooting a field hand
(``field/calibration``). Special hands, fouls (the field never fouls) and the cards the
opponents hold are left out. The value is :func:`~lookup.shisanshui.splits.split_value` of
the tables :func:`field_objective` builds, nondecreasing in each rank.

The stored field was simulated under standard scoring, once per straight order (A-2-3-4-5
second or lowest) and player count (2, 3, 4); other scoring rules use the field of their
straight order with their own points and multipliers.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..errors import InvalidRulesError
from .encoding import FIELD_PLAYERS
from .rules import Rules


class FieldModel(NamedTuple):
    """A field: ``rows`` float64 (3, ranks), per row the probability of each rank (rows sum
    to 1); ``shoot_calibration`` c and ``field_shoots`` h of the module docstring."""

    rows: np.ndarray
    shoot_calibration: float
    field_shoots: float


def check_players(players: object) -> int:
    """``players`` as an int 2..4, or InvalidRulesError."""
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)) or players not in FIELD_PLAYERS:
        raise InvalidRulesError(f"players must be 2, 3 or 4, got {players!r}")
    return int(players)


def field_objective(model: FieldModel, rules: Rules, players: int, points: np.ndarray,
                    sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(values, joint, poly) of :class:`~lookup.shisanshui.objectives.ObjectiveTables` for the field
    ``model`` under ``rules`` with ``players`` players; ``points`` int (3, ranks): the row points
    per rank, ``sizes`` bool (3, ranks): the ranks that are hands of each row's size."""
    n = check_players(players) - 1
    dist = np.asarray(model.rows, np.float64)
    w = points.astype(np.float64)
    cum = np.cumsum(dist, axis=1)
    below = cum - dist                                   # P(field rank < r)
    above = np.maximum(1.0 - cum, 0.0)                   # P(field rank > r)
    paid = dist * w
    beyond = np.maximum(paid.sum(axis=1, keepdims=True) - np.cumsum(paid, axis=1), 0.0)  # sum_{s>r} D w
    values = n * (below * w - beyond)
    values[~sizes] = -np.inf
    joint = np.ascontiguousarray(np.stack([below, above, beyond, w], axis=2))  # (row, rank, term)
    c, h = model.shoot_calibration, model.field_shoots
    s, home = rules.shoot_multiplier, rules.home_run_multiplier
    poly = np.zeros(4)
    poly[0] = n * (s - 1) * c
    poly[3] = n * (s - 1) * c
    if n + 1 >= max(3, rules.home_run_min_players):
        poly[n - 1] += (home - 1) * n * s * c ** n
        poly[3] += (home - 1) * s * n * c * h ** (n - 1)
    for array in (values, joint, poly):
        array.flags.writeable = False
    return values, joint, poly
