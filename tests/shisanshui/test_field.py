"""The field objective: its tables (monotone, the model's coefficients per players and rules),
the search against a brute force over every legal split, the stored field, and the build by
simulation (the same whatever the chunking and the runner)."""

import dataclasses

import numpy as np
import pytest

from lookup import shisanshui as sss
from lookup import tables
from lookup.errors import InvalidRulesError
from lookup.shisanshui import fieldplay, splits
from lookup.shisanshui.arrange import arrange_by
from lookup.shisanshui.field import FieldModel, field_objective
from lookup.shisanshui.objectives import POINTS, objective_tables
from tablegen import shisanshui as gen
from tests.support import shisanshui_hands as cardgen


def _finite_monotone(table: np.ndarray, valid: np.ndarray, increasing: bool) -> bool:
    x = table[valid]
    steps = np.diff(x)
    return bool(np.isfinite(x).all() and ((steps >= -1e-12) if increasing else (steps <= 1e-12)).all())


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", ["standard", "a5_lowest", "middle_fh2"])
def test_field_tables_are_monotone(players, rules):
    ev = objective_tables("field", rules, players)
    sizes = POINTS.get().sizes
    for k in range(3):
        assert _finite_monotone(ev.values[k], sizes[k], True)
        assert np.isneginf(ev.values[k][~sizes[k]]).all()
        assert _finite_monotone(ev.joint[k, :, 0], sizes[k], True)    # win chance
        assert _finite_monotone(ev.joint[k, :, 1], sizes[k], False)   # loss chance
        assert _finite_monotone(ev.joint[k, :, 2], sizes[k], False)   # the opponent's points when it wins
    assert (ev.poly >= 0).all()


def test_the_model_coefficients():
    scale = POINTS.get()
    model = FieldModel(scale.stored_field(sss.get_rules("standard"), 4).rows, 0.5, 0.25)
    points, sizes = scale.points_array(sss.get_rules("standard")), scale.sizes
    _, _, poly = field_objective(model, sss.get_rules("standard"), 2, points, sizes)
    assert poly.tolist() == [1 * 1 * 0.5, 0, 0, 0.5]  # one opponent, shoot x2: no home run
    _, _, poly = field_objective(model, sss.get_rules("standard"), 4, points, sizes)
    # 3 opponents: 3 (S-1) c for a shot; (H-1) 3 S c^3 on pw^3 for a home run; losses (3 (S-1) c + (H-1) S 3 c h^2)
    assert poly.tolist() == pytest.approx([1.5, 0, 1 * 3 * 2 * 0.125, 1.5 + 1 * 2 * 3 * 0.5 * 0.0625])
    no_home = dataclasses.replace(sss.get_rules("standard"), home_run_min_players=4)
    _, _, poly = field_objective(model, no_home, 3, points, sizes)
    assert poly.tolist() == [1.0, 0, 0, 1.0]
    values, joint, _ = field_objective(model, sss.get_rules("standard"), 3, points, sizes)
    # E = p w - sum_{s>r} D(s) w(s), times the 2 opponents, for the strongest middle
    r = 7917
    d = model.rows[1]
    assert values[1, r] == pytest.approx(2 * (d[:r].sum() * points[1, r] - 0.0))
    assert joint[1, r, 0] == pytest.approx(d[:r].sum()) and joint[1, r, 1] == 0


def _brute_force_best(hand, ev, rules):
    """The largest split value over every legal split, and the splits that reach it."""
    values = []
    for f, m, b in sss.arrangements(hand, rules):
        rf, rm, rb = sss.row_ranks(list(f), list(m), list(b), rules)
        values.append(splits.split_value(ev.values, ev.joint, ev.poly, rf, rm, rb))
    return max(values)


@pytest.mark.exhaustive
@pytest.mark.parametrize("players", [2, 4])
def test_best_field_against_every_legal_split(rng, players):
    hands = cardgen.mixed_hands(rng, 12)
    ev = objective_tables("field", "standard", players)
    got = sss.best_batch(np.array(hands, np.uint8), "field", players=players)
    for hand, row in zip(hands, got.tolist()):
        rf, rm, rb = sss.row_ranks(row[:3], row[3:8], row[8:])
        assert rf <= rm <= rb
        value = splits.split_value(ev.values, ev.joint, ev.poly, rf, rm, rb)
        assert value == pytest.approx(_brute_force_best(hand, ev, "standard"), abs=1e-9)
        assert sss.best(hand, "field", players=players).cards() == row


def test_players_and_objective_errors():
    with pytest.raises(InvalidRulesError, match="players"):
        sss.best("AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H", "field", players=5)
    with pytest.raises(InvalidRulesError, match="players"):
        sss.best_batch(np.zeros((0, 13), np.uint8), "field", players=True)
    with pytest.raises(InvalidRulesError, match="objective"):
        sss.best("AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H", "fields")


def test_the_stored_field():
    t = tables.load("shisanshui")
    rows, calibration = t["field/rows"], t["field/calibration"]
    assert rows.shape == (2, 3, 3, sss.n_ranks() + 1) and calibration.shape == (2, 3, 2)
    assert np.allclose(rows.sum(axis=3), 1)
    sizes = POINTS.get().sizes
    for k in range(3):  # no mass on ranks that are not hands of the row's size
        assert (rows[:, :, k][..., ~sizes[k]] == 0).all()
    assert ((calibration[..., 0] > 0.5) & (calibration[..., 0] < 2) & (calibration[..., 1] > 0)).all()
    assert "seed" in t.datasets["field/rows"].description
    stored = gen.field_datasets(sss.n_ranks() + 1)
    assert np.array_equal(stored["field/rows"][0], rows) and np.array_equal(stored["field/calibration"][0],
                                                                             calibration)


def test_the_build_is_the_same_whatever_the_chunks_and_runner(monkeypatch):
    rules = sss.get_rules("standard")
    inline = fieldplay.build_field(3, rules, 1500, 1, 7, fieldplay._inline_runner, log=lambda line: None)
    monkeypatch.setattr(fieldplay, "PASS_CHUNK", 1024)  # two chunks a pass instead of one

    def reversed_runner(calls):  # answers computed out of order, returned in order
        return [fieldplay.field_pass(*call) for call in calls[::-1]][::-1]

    chunked = fieldplay.build_field(3, rules, 1500, 1, 7, reversed_runner, log=lambda line: None)
    assert np.array_equal(inline[0].rows, chunked[0].rows)
    assert inline[0][1:] == chunked[0][1:] and inline[1] == chunked[1]
    assert [h["pass"] for h in inline[1]] == [0, 1] and "gain" in inline[1][1]


def test_field_pass_counts():
    rules = sss.get_rules("standard")
    ev = POINTS.get().expected(rules)
    part = fieldplay.field_pass(4, rules, 3, 0, 300, ev, ev)
    assert part["rows"].sum() == 3 * len(part["triples"]) and 0 < part["shoots"] < part["pairs"]
    assert part["match"][0, 0] == 0 and part["match"][1, 0] == 0  # a policy against itself
    arranged = arrange_by(np.ascontiguousarray(fieldplay.deal_cards(3, 0, 300, 4).reshape(-1, 13)), ev, rules)
    assert np.array_equal(arranged, sss.best_batch(fieldplay.deal_cards(3, 0, 300, 4).reshape(-1, 13), "expected"))


@pytest.mark.parametrize("players,other", [(4, "expected"), (4, "strongest"), (2, "expected")])
def test_the_field_objective_wins_a_seeded_match(players, other):
    result = sss.simulate(["field", other], players, 2048, seed=12, scheduler="inline")
    field, rest = result.results
    assert field.interval[0] > 0 and rest.mean < 0
