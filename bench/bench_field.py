"""Shisanshui matches: the ``field`` objective against ``strongest`` and ``expected``
in duplicate deals simulated on Dask (``lookup.shisanshui.simulate``), and what each objective
of ``best_batch`` costs per hand.

The full section (``make bench``) plays 100,000 duplicate deals per match (five matches: about
6 minutes on 2 idle cores; a million each would take about an hour); ``--quick`` plays 20,000,
and ``PAIBIAO_MATCH_DEALS=N`` any other number. The output of a longer run is committed as
``bench/FIELD_MATCHES.md`` (``PAIBIAO_MATCH_DEALS=300000 python -m bench.run field --out
bench/FIELD_MATCHES.md``), with the number of deals it used.
"""

from __future__ import annotations

import os
import time

import numpy as np

from tests.support import shisanshui_hands as cardgen

from .timing import table

MATCHES = [  # (players, lineup): the first policy in one seat, the last in the others
    (4, ("field", "strongest")),
    (4, ("field", "expected")),
    (4, ("expected", "strongest")),
    (2, ("field", "strongest")),
    (2, ("field", "expected")),
]
SEED = 2026


def _cpu_per_hand(fn, n: int, repeat: int = 3) -> float:
    """Best process CPU seconds per hand of ``fn()`` (CPU time: steadier than wall time on a
    shared machine; the kernels run on one thread)."""
    fn()
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best / n


def _cost_rows(quick: bool) -> list[list[str]]:
    from lookup import shisanshui as sss

    n = 1_000 if quick else 5_000
    hands = cardgen.random_hands(np.random.default_rng(SEED), n)
    costs = {
        "strongest": _cpu_per_hand(lambda: sss.best_batch(hands, "strongest"), n),
        "expected": _cpu_per_hand(lambda: sss.best_batch(hands, "expected"), n),
        "field, 4 players": _cpu_per_hand(lambda: sss.best_batch(hands, "field", players=4), n),
        "field, 2 players": _cpu_per_hand(lambda: sss.best_batch(hands, "field", players=2), n),
    }
    rows = []
    for name, seconds in costs.items():
        ratio = seconds / costs["expected"]
        target = "≤ 1.00× expected" if name.startswith("field") else "—"
        rows.append([f"best_batch {name}", f"{seconds * 1e6:.1f} µs", f"{1 / seconds:,.0f}",
                     f"**{ratio:.2f}×**" if name.startswith("field") else f"{ratio:.2f}×", target])
    return rows


def _dependence_rows(deals: int) -> list[list[str]]:
    """The calibration of shooting for the rows' dependence, measured: the field objective
    against the same model with c = 1 (rows taken as independent), in ``deals`` duplicate deals."""
    from lookup.cluster import client_for
    from lookup.shisanshui import fieldplay
    from lookup.shisanshui.field import FieldModel
    from lookup.shisanshui.objectives import POINTS
    from lookup.shisanshui.rules import get_rules
    from lookup.shisanshui.simulation import chunks_of

    rules = get_rules("standard")
    scale = POINTS.get()
    rows = []
    with client_for() as client:
        run = fieldplay._dask_runner(client)
        for players in (4, 2):
            stored = scale.stored_field(rules, players)
            calibrated = scale.objective_of(stored, rules, players)
            independent = scale.objective_of(FieldModel(stored.rows, 1.0, stored.field_shoots), rules, players)
            parts = run([(players, rules, SEED + 1, start, stop, calibrated, independent)
                         for start, stop in chunks_of(deals, fieldplay.PASS_CHUNK)])
            gain, ci = fieldplay.gain_of(parts, deals, players)
            rows.append([f"{players}", f"{stored.shoot_calibration:.3f}", f"{deals:,}",
                         f"**{gain:+.4f}** [{gain - ci:+.4f}, {gain + ci:+.4f}]"])
    return rows


def run(quick: bool) -> str:
    from lookup.shisanshui.simulation import simulate

    deals = int(os.environ.get("PAIBIAO_MATCH_DEALS", 20_000 if quick else 100_000))
    rows = []
    for players, lineup in MATCHES:
        print(f"  {players} players: {lineup[0]} against {lineup[1]} ...", flush=True)
        result = simulate(list(lineup), players, deals, SEED, "standard", progress=False)
        mine, theirs = result.results
        low, high = mine.interval
        verdict = "beats" if low > 0 else ("loses to" if high < 0 else "ties")
        rows.append([f"{mine.policy} against {players - 1}× {theirs.policy}" if players > 2
                     else f"{mine.policy} against {theirs.policy} (heads-up)", f"{players}", f"{deals:,}",
                     f"**{mine.mean:+.4f}** [{low:+.4f}, {high:+.4f}]", f"{theirs.mean:+.4f}",
                     f"{mine.policy} {verdict} {theirs.policy}", f"{result.seconds / 60:.1f} min"])
    return "\n".join([
        "## Shisanshui: the field objective in simulated matches\n",
        f"Duplicate deals (seed {SEED}, standard scoring, specials declared when held): every deal is "
        "played once per rotation of the lineup through the seats; the first policy holds one seat, "
        "the second the others. Points per hand of the first policy with its 95% interval (per-deal "
        "means, normal approximation), and of each of its opponents; run on a Dask LocalCluster, "
        "one worker per core.\n",
        table(rows, ["match", "players", "deals", "points per hand [95%]", "each opponent", "result",
                     "wall time"]),
        "The rows' dependence: the field objective (shooting calibrated by c, measured on the field) "
        "against the same model with c = 1 (the rows of a field hand taken as independent), one seat "
        "against the others, in duplicate deals: points per hand of the calibrated one.\n",
        table(_dependence_rows(max(deals // 5, 20_000)), ["players", "c", "deals", "points per hand [95%]"]),
        "Cost per hand of each objective (process CPU time, one thread, seeded random hands; target: "
        "the field objective no dearer than `expected`).\n",
        table(_cost_rows(quick), ["objective", "per hand", "hands/s", "relative to expected", "target"]),
    ])
