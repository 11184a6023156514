"""The simulator: seeded deals independent of chunking, the duplicate rotation against a
direct replay with best and settle, the confidence interval, Dask equal to in-process, the CLI."""

import json
import math

import numpy as np
import pytest

from lookup import shisanshui as sss
from lookup.cli import main
from lookup.errors import InvalidRulesError
from lookup.shisanshui import simulation as sim


def test_deals_do_not_depend_on_the_chunks():
    whole = sim.deal_cards(7, 0, 3000, 4)
    assert whole.shape == (3000, 4, 13) and whole.dtype == np.uint8
    assert np.array_equal(sim.deal_cards(7, 1000, 2100, 4), whole[1000:2100])
    for deal in whole[:50]:
        assert len(set(deal.ravel().tolist())) == 52
    assert not np.array_equal(sim.deal_cards(8, 0, 10, 4), whole[:10])
    assert np.array_equal(sim.deal_cards(7, 5, 9, 2), whole[5:9, :2])  # 2 players: the first 26 cards
    assert sim.chunks_of(5000, 1500) == [(0, 2048), (2048, 4096), (4096, 5000)]


def test_results_do_not_depend_on_the_chunks():
    one = sim.simulate(["expected", "strongest"], 3, 2500, seed=3, scheduler="inline", chunk=1)
    other = sim.simulate(["expected", "strongest"], 3, 2500, seed=3, scheduler="inline", chunk=10_000)
    assert one.results == other.results


def test_the_rotation_replayed_with_best_and_settle():
    lineup = ("expected", "strongest:never", "strongest:never")
    deals = sim.deal_cards(11, 0, 40, 3)
    points = {"expected": [], "strongest:never": []}
    for hands in deals.tolist():
        per = {"expected": 0, "strongest:never": 0}
        for r in range(3):
            seats = [lineup[(s + r) % 3] for s in range(3)]
            arranged = [sss.best(h, name.split(":")[0]) for h, name in zip(hands, seats)]
            declared = [sss.special(h) if name == "expected" else None for h, name in zip(hands, seats)]
            for name, score in zip(seats, sss.settle(arranged, declared)):
                per[name] += score
        for name in per:
            points[name].append(per[name])
    sums = sim.simulate_chunk(lineup, 11, 0, 40, "standard")
    for k, name in enumerate(sim.policies_of(lineup)):
        assert sums[k].tolist() == [sum(points[name]), sum(x * x for x in points[name])]
    got = {r.policy: r for r in sim.summarize(lineup, sums, 40)}
    x = np.array(points["expected"]) / 3  # its points per hand in each deal (3 plays)
    assert got["expected"].mean == pytest.approx(x.mean())
    assert got["expected"].ci95 == pytest.approx(1.959964 * x.std(ddof=1) / math.sqrt(40), rel=1e-6)
    assert got["strongest:never"].plays == 40 * 6 and got["expected"].plays == 40 * 3


def test_a_policy_against_itself_scores_zero():
    result = sim.simulate(["expected"], 4, 1024, scheduler="inline")
    (only,) = result.results
    assert only.mean == 0 and only.positions == 4


@pytest.mark.cluster
def test_on_dask_equals_in_process():
    inline = sim.simulate(["strongest", "expected"], 2, 2048, seed=5, scheduler="inline", chunk=1024)
    seen = []
    dask = sim.simulate(["strongest", "expected"], 2, 2048, seed=5, workers=1, chunk=1024,
                        progress=lambda done, total: seen.append((done, total)))
    assert dask.results == inline.results and seen[-1] == (2, 2)


def test_policy_errors():
    for bad in (["best"], ["field:sometimes"], [], ["expected"] * 5, [3]):
        with pytest.raises(InvalidRulesError):
            sim.simulate(bad, 4, 10, scheduler="inline")
    with pytest.raises(InvalidRulesError):
        sim.simulate(["expected"], 5, 10, scheduler="inline")
    with pytest.raises(InvalidRulesError):
        sim.simulate(["expected"], 4, 0, scheduler="inline")


def test_cli_simulate(capsys):
    assert main(["sss", "simulate", "--policy", "expected", "--policy", "strongest", "--players", "2",
                 "--deals", "1024", "--scheduler", "inline", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["lineup"] == ["expected", "strongest"] and out["deals"] == 1024
    mine = {r["policy"]: r for r in out["results"]}
    assert mine["expected"]["mean"] == -mine["strongest"]["mean"]
    assert mine["expected"]["low"] < mine["expected"]["mean"] < mine["expected"]["high"]
    assert main(["sss", "simulate", "--policy", "strongest", "--deals", "1024", "--scheduler", "inline"]) == 0
    assert "points per hand" in capsys.readouterr().out
    assert main(["sss", "simulate", "--policy", "nope", "--scheduler", "inline"]) == 2
