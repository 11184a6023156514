"""The objectives of ``best`` and the row points they are built from: per rank value what a
row wins, and its expected points against a random row.

The per-rules tables are built from the rank scale of ``data/shisanshui.h5`` and kept in
:data:`POINTS` (a :class:`~lookup.tables.TableView`), so :func:`lookup.tables.clear_cache`
drops them together with the tables they came from.
"""

from __future__ import annotations

import threading
from typing import NamedTuple

import numpy as np

from .. import tables
from ..errors import InvalidRulesError, quoted
from . import encoding
from .cards import Hand
from .field import FIELD_PLAYERS, FieldModel, check_players, field_objective
from .ranks import row_ranks
from .rules import Rules, get_rules

OBJECTIVES = ("strongest", "expected", "field")
"""What ``best`` maximises: ``strongest``, the (back, middle, front) ranks in that order;
``expected``, the expected row points against random rows (:func:`expected_points`);
``field``, the expected settlement points against the field (:mod:`~lookup.shisanshui.field`);
equal values go to the strongest."""

_MAX_RULES = 64  # rule sets whose tables are kept


class ObjectiveTables(NamedTuple):
    """What the split search maximises (:func:`~lookup.shisanshui.splits.split_value`):
    ``values[row, rank]`` for the rows front, middle, back (float64 (3, ranks); None: every
    value 0, the strongest split wins), the terms of winning or losing all three rows (``joint``
    float64 (3, ranks, 4) and ``poly`` float64 (4,); None for a sum of row values), and whether
    only the backs of the highest rank need a walk. Every table is nondecreasing in the rank
    over the ranks of its row's size (-inf elsewhere)."""

    values: np.ndarray | None
    joint: np.ndarray | None
    poly: np.ndarray | None
    strongest: bool


STRONGEST = ObjectiveTables(None, None, None, True)


class _Scale:
    """The rank scale's categories, counts and percentiles, and the tables built per rules."""

    def __init__(self, t: tables.TableSet) -> None:
        self.category = t["scale/code"] >> encoding.CODE_CATEGORY_SHIFT
        self.counts = (t["scale/count3"], t["scale/count5"], t["scale/count5"])
        self.pct = (t["scale/pct3"], t["scale/pct5"], t["scale/pct5"])
        self.sizes = np.stack([c > 0 for c in self.counts])  # the ranks that are hands of each row's size
        self._tables = t  # the field's datasets are read on the first field query
        self._lock = threading.Lock()
        self._points: dict[Rules, tuple[tuple[int, ...], ...]] = {}
        self._expected: dict[Rules, ObjectiveTables] = {}
        self._arrays: dict[Rules, np.ndarray] = {}
        self._field: dict[tuple[Rules, int], ObjectiveTables] = {}

    def row_points(self, rules: Rules, row: int) -> np.ndarray:
        """Points the winner of row (0 front, 1 middle, 2 back) gets, per rank value."""
        cat = self.category
        pts = np.full(cat.shape, rules.row_win, np.int64)
        if row == 0:
            pts[cat == encoding.TRIPS] = rules.front_trips
        elif row == 1:
            pts[cat == encoding.FULL_HOUSE] = rules.middle_full_house
            pts[cat == encoding.QUADS] = rules.middle_quads
            pts[cat == encoding.STRAIGHT_FLUSH] = rules.middle_straight_flush
        else:
            pts[cat == encoding.QUADS] = rules.back_quads
            pts[cat == encoding.STRAIGHT_FLUSH] = rules.back_straight_flush
        return pts

    def expected_row(self, rules: Rules, row: int) -> np.ndarray:
        """Per rank value, the expected points of a row against a random row of its size.

        E(r) = P(win) w(r) - sum over s > r of P(s) w(s), ties counting half on each side:
        ``pct * w(r) - (sum_{s>r} f(s) w(s) + f(r) w(r) / 2)``, f the share of hands of rank
        s, pct the percentile table (fraction beaten, ties half), w the row's points.
        """
        counts, pct = self.counts[row], self.pct[row]
        w = self.row_points(rules, row).astype(np.float64)
        share = counts / counts.sum()
        paid = share * w
        above = np.concatenate((np.cumsum(paid[::-1])[::-1][1:], [0.0]))
        ev = pct * w - (above + paid / 2)
        ev[counts == 0] = -np.inf  # not a hand of this row's size
        return ev

    def points(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        """Row points per rank value as tuples (front, middle, back), for scalar look-ups."""
        got = self._points.get(rules)
        if got is None:
            got = tuple(tuple(self.row_points(rules, row).tolist()) for row in range(3))
            self._remember(self._points, rules, got)
        return got

    def points_array(self, rules: Rules) -> np.ndarray:
        """Row points per row and rank value, int64 (3, ranks), read-only (for the kernels)."""
        got = self._arrays.get(rules)
        if got is None:
            got = np.stack([self.row_points(rules, row) for row in range(3)])
            got.flags.writeable = False
            self._remember(self._arrays, rules, got)
        return got

    def expected(self, rules: Rules) -> ObjectiveTables:
        got = self._expected.get(rules)
        if got is None:
            values = np.stack([self.expected_row(rules, row) for row in range(3)])
            values.flags.writeable = False
            got = ObjectiveTables(values, None, None, False)
            self._remember(self._expected, rules, got)
        return got

    def stored_field(self, rules: Rules, players: int) -> FieldModel:
        """The stored field of the straight order of ``rules`` for ``players`` players."""
        k = check_players(players) - FIELD_PLAYERS[0]
        c, h = self._tables["field/calibration"][int(rules.a5_lowest), k].tolist()
        return FieldModel(self._tables["field/rows"][int(rules.a5_lowest), k], c, h)

    def objective_of(self, model: FieldModel, rules: Rules, players: int) -> ObjectiveTables:
        """The split search's tables for a field model (the stored one or one being built)."""
        values, joint, poly = field_objective(model, rules, players, self.points_array(rules), self.sizes)
        return ObjectiveTables(values, joint, poly, False)

    def field(self, rules: Rules, players: int) -> ObjectiveTables:
        got = self._field.get((rules, players))
        if got is None:
            got = self.objective_of(self.stored_field(rules, players), rules, players)
            self._remember(self._field, (rules, players), got)
        return got

    def _remember(self, memo: dict, rules: object, value: object) -> None:
        with self._lock:
            if len(memo) >= _MAX_RULES:
                memo.clear()
            memo[rules] = value


POINTS: tables.TableView[_Scale] = tables.TableView("shisanshui", _Scale)


def points_tables(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """Per row (front, middle, back), the points its winner gets, per rank value."""
    return POINTS.get().points(rules)


def objective_tables(objective: str, rules: str | Rules, players: int = 4) -> ObjectiveTables:
    """What the split search maximises for ``objective`` under ``rules`` (``players``: the
    ``field`` objective's player count, 2..4)."""
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise InvalidRulesError(f"unknown objective {quoted(objective)}; choose one of {', '.join(OBJECTIVES)}")
    resolved = get_rules(rules)
    players = check_players(players)
    if objective == "strongest":
        return STRONGEST
    if objective == "expected":
        return POINTS.get().expected(resolved)
    return POINTS.get().field(resolved, players)


def expected_points(front: Hand, middle: Hand, back: Hand, rules: str | Rules = "standard") -> float:
    """Expected row points of an arrangement against one opponent whose every row is drawn
    uniformly from all hands of its size (the percentile model the "expected" objective
    maximises); fouls, shooting and specials are not modelled."""
    rf, rm, rb = row_ranks(front, middle, back, rules)
    ev = POINTS.get().expected(get_rules(rules)).values
    assert ev is not None
    return float(ev[0, rf] + ev[1, rm] + ev[2, rb])


def row_points(front: Hand, middle: Hand, back: Hand, rules: str | Rules = "standard") -> tuple[int, int, int]:
    """Points each row of this arrangement wins from an opponent who loses that row."""
    rf, rm, rb = row_ranks(front, middle, back, rules)
    pf, pm, pb = points_tables(get_rules(rules))
    return pf[rf], pm[rm], pb[rb]
