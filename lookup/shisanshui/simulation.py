"""Simulated matches between arrangement policies, on Dask: seeded duplicate deals,
each arranged by its seat's policy, settled by ``settle_batch``; each policy's mean points per
hand with a 95% confidence interval.

**Policies.** A policy is ``OBJECTIVE[:SPECIALS]``: the objective of ``best_batch`` that
arranges its hands (``strongest``, ``expected``, ``field``) and how it declares special hands
(``auto``, the default: every special it holds, the one worth most; ``never``). A lineup gives
one policy per seat; given fewer than the players, the last one fills the other seats
(``["field", "strongest"]`` with 4 players: field against three strongest).

**Duplicate deals.** Every deal is played once per rotation of the lineup through the seats
(P plays for P players), so each policy plays every hand of the deal from every seat its
lineup position reaches, and the luck of the cards cancels. A policy's points of a deal are
its mean score over its plays in that deal; its result is the mean over deals, with the 95%
interval mean ± 1.96 · sd / √deals (deals are independent; plays within a deal are not).

**Reproducible.** Deal i is row i % 1024 of block i // 1024, and block b is drawn from
``numpy.random.default_rng([seed, b])``, so the deals of a seed do not depend on how they are
chunked; the sums are integers, so neither do the results.

**Dask.** :func:`simulate` splits the deals into chunks of whole blocks and runs
:func:`simulate_chunk` on each, on an embedded ``LocalCluster`` (one single-threaded worker
process per core, or ``workers``), on a running scheduler (``scheduler="tcp://HOST:PORT"``;
each worker then loads the tables from its own data directory), or in this process
(``scheduler="inline"``).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import InvalidRulesError
from .arrange import best_batch
from .objectives import OBJECTIVES
from .rules import Rules, get_rules
from .scoring import settle_batch, special_codes

DEAL_BLOCK = 1024
"""Deals drawn from one seed of the generator (see the module docstring)."""
DECLARATIONS = ("auto", "never")
"""How a policy declares special hands: ``auto`` every special it holds (the one worth most), ``never``."""
Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


@dataclass(frozen=True)
class PolicyResult:
    """One policy's result: mean points per hand, the half-width of its 95% interval, the
    lineup positions it held and its plays (hands it arranged and was scored on)."""

    policy: str
    mean: float
    ci95: float
    positions: int
    plays: int

    @property
    def interval(self) -> tuple[float, float]:
        return self.mean - self.ci95, self.mean + self.ci95


@dataclass(frozen=True)
class Simulation:
    """A match: its set-up, one :class:`PolicyResult` per distinct policy, and its wall time."""

    players: int
    deals: int
    seed: int
    rules: str
    lineup: tuple[str, ...]
    results: tuple[PolicyResult, ...]
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        return {"players": self.players, "deals": self.deals, "seed": self.seed, "rules": self.rules,
                "lineup": list(self.lineup), "seconds": round(self.seconds, 3),
                "results": [{"policy": r.policy, "mean": r.mean, "ci95": r.ci95, "low": r.interval[0],
                             "high": r.interval[1], "positions": r.positions, "plays": r.plays}
                            for r in self.results]}


def parse_policy(name: str) -> tuple[str, str]:
    """``OBJECTIVE[:SPECIALS]`` as (objective, declaration); InvalidRulesError when unknown."""
    if not isinstance(name, str):
        raise InvalidRulesError(f"a policy is a name like 'field' or 'strongest:never', not {type(name).__name__}")
    objective, _, declares = name.partition(":")
    declares = declares or "auto"
    if objective not in OBJECTIVES or declares not in DECLARATIONS:
        raise InvalidRulesError(f"unknown policy {name!r}: write OBJECTIVE[:SPECIALS], OBJECTIVE one of "
                                f"{', '.join(OBJECTIVES)}, SPECIALS one of {', '.join(DECLARATIONS)}")
    return objective, declares


def lineup_of(policies: Sequence[str], players: int) -> tuple[str, ...]:
    """One policy per seat: the last given fills the seats left (see the module docstring)."""
    if isinstance(policies, str):
        policies = [policies]
    if not 2 <= players <= 4:
        raise InvalidRulesError(f"shisanshui is played by 2 to 4 players, got {players}")
    if not 1 <= len(policies) <= players:
        raise InvalidRulesError(f"give 1 to {players} policies for {players} players, got {len(policies)}")
    for name in policies:
        parse_policy(name)
    return tuple(policies) + (policies[-1],) * (players - len(policies))


def deal_cards(seed: int, start: int, stop: int, players: int) -> np.ndarray:
    """The hands of deals start..stop-1 of ``seed``: uint8 (stop - start, players, 13)."""
    blocks = []
    for b in range(start // DEAL_BLOCK, (stop - 1) // DEAL_BLOCK + 1):
        rng = np.random.default_rng([seed, b])
        blocks.append(np.argsort(rng.random((DEAL_BLOCK, 52)), axis=1).astype(np.uint8))
    if not blocks:
        return np.empty((0, players, 13), np.uint8)
    cards = np.concatenate(blocks)
    first = start - (start // DEAL_BLOCK) * DEAL_BLOCK
    cards = cards[first:first + stop - start, :13 * players]
    return np.ascontiguousarray(cards.reshape(stop - start, players, 13))


def policies_of(lineup: Sequence[str]) -> tuple[str, ...]:
    """The distinct policies of a lineup, in lineup order."""
    return tuple(dict.fromkeys(lineup))


def simulate_chunk(lineup: Sequence[str], seed: int, start: int, stop: int, rules: str | Rules) -> np.ndarray:
    """Integer sums of deals start..stop-1: int64 (policies, 2), per distinct policy of the
    lineup (:func:`policies_of`) the sum over deals of its points in the deal (its scores summed
    over its plays) and of their squares.

    In rotation r (0..P-1), seat s is played by lineup position (s + r) % P.
    """
    resolved = get_rules(rules)
    players = len(lineup)
    names = policies_of(lineup)
    hands = deal_cards(seed, start, stop, players)
    flat = hands.reshape(-1, 13)
    arranged: dict[str, np.ndarray] = {}
    codes: dict[str, np.ndarray] = {}
    auto = special_codes(flat, resolved).reshape(hands.shape[:2]).astype(np.int64)
    for name in names:
        objective, declares = parse_policy(name)
        if objective not in arranged:
            arranged[objective] = best_batch(flat, objective, resolved, players).reshape(hands.shape)
        codes[name] = auto if declares == "auto" else np.full(hands.shape[:2], -1, np.int64)
    points = np.zeros((len(names), len(hands)), np.int64)
    for r in range(players):
        deal = np.empty(hands.shape, np.uint8)
        declared = np.empty(hands.shape[:2], np.int64)
        for s in range(players):
            name = lineup[(s + r) % players]
            deal[:, s] = arranged[parse_policy(name)[0]][:, s]
            declared[:, s] = codes[name][:, s]
        scores = settle_batch(deal, declared, resolved)
        for s in range(players):
            points[names.index(lineup[(s + r) % players])] += scores[:, s]
    return np.stack([points.sum(axis=1), (points ** 2).sum(axis=1)], axis=1)


def summarize(lineup: Sequence[str], sums: np.ndarray, deals: int) -> tuple[PolicyResult, ...]:
    """Each distinct policy's result from the :func:`simulate_chunk` sums of ``deals`` deals."""
    players = len(lineup)
    out = []
    for k, name in enumerate(policies_of(lineup)):
        positions = lineup.count(name)
        plays = players * positions  # per deal
        total, squares = int(sums[k, 0]), int(sums[k, 1])
        mean = total / deals / plays
        var = (squares - total * total / deals) / max(deals - 1, 1) / plays ** 2  # of a deal's mean
        out.append(PolicyResult(name, mean, Z95 * math.sqrt(max(var, 0.0) / deals), positions, plays * deals))
    return tuple(out)


def chunks_of(deals: int, chunk: int) -> list[tuple[int, int]]:
    """(start, stop) of the chunks: ``chunk`` deals rounded up to whole blocks."""
    size = max(1, math.ceil(chunk / DEAL_BLOCK)) * DEAL_BLOCK
    return [(start, min(deals, start + size)) for start in range(0, deals, size)]


def simulate(policies: Sequence[str], players: int = 4, deals: int = 100_000, seed: int = 0,
             rules: str | Rules = "standard", *, chunk: int = 8 * DEAL_BLOCK, scheduler: str | None = None,
             workers: int | None = None, progress: bool | Callable[[int, int], None] = False) -> Simulation:
    """Play ``deals`` duplicate deals of the lineup (see the module docstring) and report each
    policy's mean points per hand with its 95% interval.

    ``scheduler``: None for an embedded Dask ``LocalCluster`` of ``workers`` single-threaded
    processes (default: one per core), a scheduler address, or ``"inline"`` (this process, no
    Dask). ``progress``: True draws a bar on stderr; a callable gets (chunks done, chunks).
    """
    lineup = lineup_of(policies, players)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise InvalidRulesError(f"deals must be a positive int, got {deals!r}")
    resolved = get_rules(rules)
    parts = chunks_of(deals, chunk)
    report = _progress_bar if progress is True else (progress or None)
    t0 = time.perf_counter()
    if scheduler == "inline":
        sums = np.zeros((len(policies_of(lineup)), 2), np.int64)
        for k, (start, stop) in enumerate(parts):
            sums += simulate_chunk(lineup, seed, start, stop, resolved)
            if report:
                report(k + 1, len(parts))
    else:
        sums = _on_dask(lineup, seed, parts, resolved, scheduler, workers, report)
    return Simulation(players, deals, seed, resolved.name, lineup, summarize(lineup, sums, deals),
                      time.perf_counter() - t0)


def _on_dask(lineup: tuple[str, ...], seed: int, parts: list[tuple[int, int]], rules: Rules, scheduler: str | None,
             workers: int | None, report: Callable[[int, int], None] | None) -> np.ndarray:
    """The chunks on Dask: each a task, their sums added as they complete."""
    from ..cluster import client_for

    with client_for(scheduler, workers) as client:
        futures = [client.submit(simulate_chunk, lineup, seed, start, stop, rules, pure=False)
                   for start, stop in parts]
        from distributed import as_completed

        sums = np.zeros((len(policies_of(lineup)), 2), np.int64)
        for done, future in enumerate(as_completed(futures), 1):
            sums += future.result()
            future.release()
            if report:
                report(done, len(parts))
    return sums


def _progress_bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    end = "\n" if done == total else ""
    print(f"\rsimulate [{'#' * filled}{'.' * (width - filled)}] {done}/{total} chunks", end=end, file=sys.stderr,
          flush=True)
