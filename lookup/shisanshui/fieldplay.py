"""Building the field (``make field``): the field's row distribution by simulation, iterating
the field toward its own best response, on Dask.

Per straight order and player count P: pass 0 arranges seeded deals by the ``expected``
objective and measures its field F0 (per row, the distribution of the ranks it plays, and the
shooting calibration of :mod:`~lookup.shisanshui.field`; hands that declare a special hand play
no rows and are left out). Pass t arranges new deals by the best response to the field F(t-1),
plays it in duplicate deals against the previous policy (one seat against P - 1; the gain is
its mean points per hand with a 95% interval) and measures its own field H(t); the field moves
halfway: F(t) = (F(t-1) + H(t)) / 2 (damped, so it settles rather than oscillates). The passes
stop when the gain's interval reaches 0 (the best response no longer improves on the field's
policy), after at least :data:`MIN_PASSES` and at most ``passes``. The result is F(last).

Everything is integer counts summed over chunks of whole deal blocks, then float64 in a fixed
order: the build is the same for a seed whatever the chunking and the number of workers.

``python -m lookup.shisanshui.fieldplay [--deals N] [--passes K] [--seed S] [--scheduler ADDR]
[--workers N] [--out DIR]`` writes ``shisanshui_field.npy`` (float64 (2, 3, 3, ranks): straight
order, players - 2, row, rank) and ``shisanshui_field.json`` (calibration, the build's
parameters and every pass's gain) to ``DIR`` (default: ``tablegen/`` of the checkout), which
``python -m tablegen shisanshui`` stores in ``data/shisanshui.h5``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from .arrange import arrange_by
from .field import FIELD_PLAYERS, FieldModel
from .objectives import POINTS, ObjectiveTables
from .ranks import RANKS, rank3_batch, rank5_batch
from .rules import Rules, get_rules
from .scoring import settle_batch, special_codes
from .simulation import Z95, chunks_of, deal_cards

PASS_CHUNK = 8 * 1024
"""Deals a task of a pass plays."""
MIN_PASSES = 3
"""Passes after pass 0 before the build may stop."""
OPTION_RULES = ("standard", "a5_lowest")
"""The rules each straight order's field is simulated under (index: ``a5_lowest``)."""
STORED_NAME = "shisanshui_field"


def row_ranks_of(arranged: np.ndarray, rules: Rules) -> np.ndarray:
    """(front, middle, back) ranks of (N, 13) arrangements: int64 (N, 3)."""
    return np.stack([rank3_batch(arranged[:, :3]), rank5_batch(arranged[:, 3:8], rules),
                     rank5_batch(arranged[:, 8:], rules)], axis=1).astype(np.int64)


def field_pass(players: int, rules: Rules, seed: int, start: int, stop: int, new: ObjectiveTables,
               old: ObjectiveTables | None) -> dict[str, Any]:
    """One chunk of a pass: the ``new`` policy's field counts on deals start..stop-1 of
    ``seed`` and, with ``old``, the duplicate match of new (one seat) against old.

    Returns ``rows`` int64 (3, ranks): the ranks its rows play; ``triples`` int16 (M, 3): the
    row ranks of each of its M arrangements that plays rows; ``shoots``, ``pairs``: ordered
    pairs of such arrangements in one deal where the first wins every row, and all such pairs;
    ``match`` int64 (2, 2) (new, old: the sum over deals of its points and of their squares).
    """
    hands = deal_cards(seed, start, stop, players)
    flat = hands.reshape(-1, 13)
    specials = special_codes(flat, rules).reshape(hands.shape[:2]).astype(np.int64)
    mine = arrange_by(flat, new, rules).reshape(hands.shape)
    ranks = row_ranks_of(mine.reshape(-1, 13), rules).reshape(len(hands), players, 3)
    plays = specials < 0
    shoots = pairs = 0
    for i in range(players):
        for j in range(players):
            if i != j:
                both = plays[:, i] & plays[:, j]
                pairs += int(both.sum())
                shoots += int((both & (ranks[:, i] > ranks[:, j]).all(axis=1)).sum())
    triples = ranks[plays]
    n_values = RANKS.get().n_values
    rows = np.stack([np.bincount(triples[:, k], minlength=n_values) for k in range(3)])
    match = np.zeros((2, 2), np.int64)
    if old is not None:
        theirs = arrange_by(flat, old, rules).reshape(hands.shape)
        points = np.zeros((2, len(hands)), np.int64)
        for r in range(players):  # rotation r: the new policy in seat r
            deal = theirs.copy()
            deal[:, r] = mine[:, r]
            scores = settle_batch(deal, specials, rules)
            points[0] += scores[:, r]
            points[1] += scores.sum(axis=1) - scores[:, r]
        match = np.stack([points.sum(axis=1), (points ** 2).sum(axis=1)], axis=1)
    return {"rows": rows, "triples": triples.astype(np.int16), "shoots": shoots, "pairs": pairs, "match": match}


def measure(parts: list[dict[str, Any]]) -> tuple[np.ndarray, float, float]:
    """(row distribution float64 (3, ranks), shoot calibration c, field shoot rate h) of a pass."""
    rows = sum(p["rows"] for p in parts)
    dist = rows / rows.sum(axis=1, keepdims=True)
    triples = np.concatenate([p["triples"] for p in parts]).astype(np.int64)
    below = np.cumsum(dist, axis=1) - dist  # P(field rank < r) per row
    predicted = float(np.mean(below[0, triples[:, 0]] * below[1, triples[:, 1]] * below[2, triples[:, 2]]))
    observed = sum(p["shoots"] for p in parts) / max(1, sum(p["pairs"] for p in parts))
    return dist, observed / predicted if predicted > 0 else 1.0, observed


def gain_of(parts: list[dict[str, Any]], deals: int, players: int) -> tuple[float, float]:
    """(mean points per hand of the new policy against the old, half-width of its 95% interval)."""
    total, squares = (int(x) for x in sum(p["match"] for p in parts)[0])
    mean = total / deals / players
    var = (squares - total * total / deals) / max(deals - 1, 1) / players ** 2
    return mean, Z95 * math.sqrt(max(var, 0.0) / deals)


Runner = Callable[[list[tuple[Any, ...]]], list[dict[str, Any]]]


def build_field(players: int, rules: Rules, deals: int, passes: int, seed: int, run: Runner,
                log: Callable[[str], None] = print) -> tuple[FieldModel, list[dict[str, Any]]]:
    """The field of ``players`` players under ``rules`` (see the module docstring): the model
    and one record per pass. ``run`` runs :func:`field_pass` on argument tuples (on Dask or
    not) and returns their results in order."""
    scale = POINTS.get()
    parts_of = chunks_of(deals, PASS_CHUNK)

    def one_pass(t: int, new: ObjectiveTables, old: ObjectiveTables | None) -> list[dict[str, Any]]:
        pass_seed = seed * 1_000_003 + t
        return run([(players, rules, pass_seed, start, stop, new, old) for start, stop in parts_of])

    policy = scale.expected(rules)
    dist, c, h = measure(one_pass(0, policy, None))
    history = [{"pass": 0, "policy": "expected", "shoot_calibration": c, "field_shoots": h}]
    log(f"  {players} players, {rules.name}: pass 0 (expected): field shoots {h:.4f}, calibration {c:.3f}")
    for t in range(1, passes + 1):
        model = FieldModel(dist, c, h)
        new = scale.objective_of(model, rules, players)
        parts = one_pass(t, new, policy)
        gain, ci = gain_of(parts, deals, players)
        d_new, c_new, h_new = measure(parts)
        dist, c, h = (dist + d_new) / 2, (c + c_new) / 2, (h + h_new) / 2
        history.append({"pass": t, "policy": f"best response to F({t - 1})", "gain": gain, "ci95": ci,
                        "shoot_calibration": c_new, "field_shoots": h_new})
        log(f"  {players} players, {rules.name}: pass {t}: gain {gain:+.4f} ± {ci:.4f} points per hand "
            f"against the previous policy; field shoots {h_new:.4f}, calibration {c_new:.3f}")
        policy = new
        if t >= MIN_PASSES and gain - ci <= 0:
            break
    return FieldModel(dist, c, h), history


def _dask_runner(client: Any) -> Runner:
    def run(calls: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
        futures = [client.submit(field_pass, *call, pure=False) for call in calls]  # the tables ~1 MB a task
        return client.gather(futures)
    return run


def _inline_runner(calls: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    return [field_pass(*call) for call in calls]


def build_all(deals: int, passes: int, seed: int, scheduler: str | None, workers: int | None,
              log: Callable[[str], None] = print) -> tuple[np.ndarray, dict[str, Any]]:
    """Every stored field: float64 (2, 3, 3, ranks) and the metadata (calibration, history)."""
    from contextlib import nullcontext

    from ..cluster import client_for

    n_values = RANKS.get().n_values
    rows = np.zeros((len(OPTION_RULES), len(FIELD_PLAYERS), 3, n_values))
    calibration = np.zeros((len(OPTION_RULES), len(FIELD_PLAYERS), 2))
    history: dict[str, Any] = {}
    context = nullcontext(None) if scheduler == "inline" else client_for(scheduler, workers)
    t0 = time.perf_counter()
    with context as client:
        run = _inline_runner if client is None else _dask_runner(client)
        for a, name in enumerate(OPTION_RULES):
            for k, players in enumerate(FIELD_PLAYERS):
                model, passes_log = build_field(players, get_rules(name), deals, passes, seed, run, log)
                rows[a, k] = model.rows
                calibration[a, k] = (model.shoot_calibration, model.field_shoots)
                history[f"{name}/{players}"] = passes_log
    meta = {"seed": seed, "deals_per_pass": deals, "max_passes": passes, "min_passes": MIN_PASSES,
            "options": list(OPTION_RULES), "players": list(FIELD_PLAYERS),
            "calibration": calibration.tolist(), "history": history,
            "seconds": round(time.perf_counter() - t0, 1)}
    return rows, meta


def write(out_dir: Path, rows: np.ndarray, meta: dict[str, Any]) -> None:
    """``shisanshui_field.npy`` and ``.json`` in ``out_dir`` (byte-identical for the same build,
    but for the build time)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    np.save(out_dir / f"{STORED_NAME}.npy", np.ascontiguousarray(rows, np.float64))
    (out_dir / f"{STORED_NAME}.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lookup.shisanshui.fieldplay", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200_000, help="deals per pass (default 200,000)")
    parser.add_argument("--passes", type=int, default=8, help="most passes after pass 0 (default 8)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--scheduler", default=None, help="Dask scheduler address ('inline': no Dask)")
    parser.add_argument("--workers", type=int, default=None, help="local cluster workers (default: cores)")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[2] / "tablegen")
    args = parser.parse_args(argv)
    rows, meta = build_all(args.deals, args.passes, args.seed, args.scheduler, args.workers,
                           lambda line: print(line, file=sys.stderr, flush=True))
    write(args.out, rows, meta)
    print(f"wrote {args.out / STORED_NAME}.npy and .json ({meta['seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
