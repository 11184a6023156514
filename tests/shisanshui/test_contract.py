"""The shared contract in shisanshui: one key encoding (its jitable keys agree compiled and as
Python), the table views (clear_cache drops every answer built from the old file), the status
protocol of the kernels, typed errors for bad cards and rule fields."""

import os
import shutil
from itertools import combinations

import h5py
import numpy as np
import pytest
from numba import njit

from lookup import jit, tables
from lookup import shisanshui as sss
from lookup.errors import InvalidCardError, InvalidHandError, InvalidRulesError, InvalidTileError, TableError
from lookup.shisanshui import encoding, kernels, splits
from lookup.shisanshui.objectives import POINTS
from lookup.shisanshui.ranks import RANKS
from tests.support import shisanshui_hands as cardgen
from tests.support.table_files import rewrite_datasets

HAND = "AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H"
WHEEL = "AS 2H 3C 4D 5S"


@njit
def _keys_of_every_hand(weights, nonflush, flush, out):
    """Rank of every 5-card hand by the rank-level keys (what the generator fills the tables by)."""
    n = 0
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    for e in range(d + 1, 52):
                        if (a & 3) == (b & 3) == (c & 3) == (d & 3) == (e & 3):
                            out[n] = flush[encoding.flush_key(a >> 2, b >> 2, c >> 2, d >> 2, e >> 2)]
                        else:
                            out[n] = nonflush[encoding.nonflush_key(weights, a >> 2, b >> 2, c >> 2, d >> 2, e >> 2)]
                        n += 1


def test_rank5_is_the_keys_of_the_generator():
    """encoding.rank5 sums the cards' field values; on every hand it equals nonflush_key / flush_key."""
    jit.register_jitables()
    t = RANKS.get()
    every = np.array(list(combinations(range(52), 5)), np.uint8)
    for a5 in (0, 1):
        want = np.empty(len(every), np.uint16)
        _keys_of_every_hand(encoding.RANK_WEIGHTS, t.nonflush[a5], t.flush[a5], want)
        got = np.empty(len(every), np.uint16)
        assert kernels.rank5_batch(every, t.fields, t.nonflush[a5], t.flush[a5], got) == (jit.OK, len(every))
        assert np.array_equal(got, want)
    assert tuple(tables.load("shisanshui")["rank_weight"].tolist()) == tuple(encoding.RANK_WEIGHTS.tolist())


def test_jitable_helpers_answer_the_same_as_python_and_compiled(rng):
    """The kernels run as plain Python (``py_func``, every helper then Python too) give the
    compiled answers: the scalar queries use the same helpers as Python."""
    t = RANKS.get()
    hands = np.array(cardgen.mixed_hands(rng, 3), np.uint8)
    ev = POINTS.get().expected(sss.get_rules("standard"))
    args = (t.fields, t.nonflush[0], t.flush[0], t.rank3)
    for values, strongest, rows in ((None, True, hands), (ev.values, False, hands[:1])):
        compiled = np.empty(rows.shape, np.uint8)
        python = np.empty(rows.shape, np.uint8)
        assert kernels.search(rows, args, values, None, None, strongest, compiled, None, None) == (jit.OK, len(rows))
        assert kernels.search.py_func(rows, args, values, None, None, strongest, python, None, None) == (jit.OK,
                                                                                                      len(rows))
        assert np.array_equal(compiled, python)
    h = np.empty(13, np.int64)
    assert splits.sorted_hand(hands, 0, h) == jit.OK and h.tolist() == sss.sort_cards(hands[0].tolist())
    rk, masks5, ranks5 = np.zeros(8192, np.int64), np.empty(1287, np.int64), np.empty(1287, np.int64)
    top, top3 = splits.subset_ranks(h, *args, rk, masks5, ranks5)
    cards = h.tolist()
    assert top == max(sss.rank5(list(c)) for c in combinations(cards, 5))
    assert top3 == max(sss.rank3(list(c)) for c in combinations(cards, 3))
    for mask, r in zip(masks5.tolist()[::41], ranks5.tolist()[::41]):
        assert r == rk[mask] == sss.rank5([cards[p] for p in range(13) if mask >> p & 1])
    bad = hands.copy()
    bad[1, 4] = bad[1, 9]
    assert splits.cards_status(bad, 1, 13) == jit.ERR_DUPLICATE == kernels.search(
        bad, args, None, None, None, True, np.empty(bad.shape, np.uint8), None, None)[0]
    bad[2, 0] = 60
    assert splits.cards_status(bad, 2, 13) == jit.ERR_CARD


def test_kernels_follow_the_status_protocol():
    t = RANKS.get()
    rows = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [0, 0, 1, 2, 3], [60, 1, 2, 3, 4]], np.uint8)
    out = np.empty(4, np.uint16)
    args = (t.fields, t.nonflush[0], t.flush[0])
    assert kernels.rank5_batch(rows[:2], *args, out) == (jit.OK, 2)
    assert kernels.rank5_batch(rows, *args, out) == (jit.ERR_DUPLICATE, 2)
    assert kernels.rank5_batch(rows[[0, 3]], *args, out) == (jit.ERR_CARD, 1)
    assert kernels.rank3_batch(rows[:, :3], t.rank3, out) == (jit.ERR_DUPLICATE, 2)
    subsets = np.empty((3, splits.N_SPLITS), np.int16)
    hand = np.array([sss.parse_cards(HAND)], np.uint8)
    status, count = kernels.all_arrangements(hand, t.of(False), subsets)
    assert (status, count) == (jit.OK, len(sss.arrangements(HAND)))
    hand[0, 3] = hand[0, 5]
    assert kernels.all_arrangements(hand, t.of(False), subsets) == (jit.ERR_DUPLICATE, 0)


_replace_datasets = rewrite_datasets


def _every_query(rules):
    """One call of every table-reading query of the game (special hands read no table)."""
    hand = sss.parse_cards(HAND)
    rows = np.array([hand], np.uint8)
    best = sss.best(HAND, rules=rules)
    return [
        sss.rank5(WHEEL, rules), sss.rank5(sss.parse_cards(WHEEL), rules), sss.rank3("AS AH AD"),
        sss.rank(WHEEL, rules),
        sss.rank5_batch(rows[:, :5], rules).tolist(), sss.rank3_batch(rows[:, :3]).tolist(),
        sss.category(sss.rank5(WHEEL, rules)), sss.category_chinese(7000), sss.n_ranks(),
        sss.row_ranks(*best, rules=rules), sss.is_foul(*best, rules=rules), sss.row_points(*best, rules=rules),
        sss.expected_points(*best, rules=rules), best, sss.best_batch(rows, "expected", rules).tolist(),
        len(sss.arrangements(HAND, rules)), sss.arrangements_array(HAND, rules).shape,
        sss.settle(["AS AH AD|KS KH KD 2C 2D|QS QH QD QC 3C", "JS JH 4C|5C 6C 7C 9D TD|2S 3S 4S 6S 8S"],
                   rules=rules),
    ]


QUERIES = [
    lambda: sss.rank5(WHEEL), lambda: sss.rank5([48, 1, 6, 11, 12]), lambda: sss.rank3("AS AH AD"),
    lambda: sss.rank(WHEEL), lambda: sss.rank5_batch(np.array([[48, 1, 6, 11, 12]])),
    lambda: sss.rank3_batch(np.array([[48, 1, 6]])), lambda: sss.category(1), lambda: sss.category_chinese(1),
    lambda: sss.n_ranks(), lambda: sss.row_ranks("AS AH AD", "KS KH KD 2C 2D", "QS QH QD QC 3C"),
    lambda: sss.is_foul("AS AH AD", "KS KH KD 2C 2D", "QS QH QD QC 3C"),
    lambda: sss.row_points("AS AH AD", "KS KH KD 2C 2D", "QS QH QD QC 3C"),
    lambda: sss.expected_points("AS AH AD", "KS KH KD 2C 2D", "QS QH QD QC 3C"),
    lambda: sss.best(HAND), lambda: sss.best(HAND, "expected"),
    lambda: sss.best_batch(np.array([sss.parse_cards(HAND)])),
    lambda: sss.arrangements(HAND), lambda: sss.arrangements_array(HAND),
    lambda: sss.settle(["AS AH AD|KS KH KD 2C 2D|QS QH QD QC 3C", "JS JH 4C|5C 6C 7C 9D TD|2S 3S 4S 6S 8S"]),
]


@pytest.fixture
def own_tables(tmp_path, monkeypatch):
    """A copy of data/shisanshui.h5 the test may change; the cache is cleared before and after."""
    shutil.copy(tables.table_path("shisanshui"), tmp_path / "shisanshui.h5")
    monkeypatch.setenv(tables.DATA_ENV, str(tmp_path))
    tables.clear_cache()
    yield tmp_path / "shisanshui.h5"
    tables.clear_cache()


def test_clear_cache_makes_every_query_read_the_new_file(own_tables):
    before = _every_query("standard")
    lowest = _every_query("a5_lowest")
    assert before != lowest  # the wheel (and what follows from it) ranks differently
    t = tables.load("shisanshui")
    # the new file: the default straight order's tables are the "A-2-3-4-5 lowest" ones; it
    # replaces the old one by a rename, as a build does (the old mapping stays as it was)
    new = own_tables.with_name("new.h5")
    shutil.copy(own_tables, new)
    _replace_datasets(new, {f"a5_second/{kind}": np.array(t[f"a5_lowest/{kind}"]) for kind in ("nonflush", "flush")})
    os.replace(new, own_tables)
    assert _every_query("standard") == before  # nothing reloads by itself
    tables.clear_cache()
    assert _every_query("standard") == lowest  # every answer now comes from the new file


def test_after_clear_cache_no_query_answers_from_the_old_file(own_tables):
    for query in QUERIES:
        query()
    tables.clear_cache()
    with h5py.File(own_tables, "r+") as f:
        f.attrs["schema_version"] = 99
    for query in QUERIES:
        with pytest.raises(TableError, match="stale"):
            query()
    assert sss.special("2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD AS") == "一条龙"  # reads no table


@pytest.mark.parametrize("call", [
    lambda: sss.rank5("AS KH TD 9H 1C"), lambda: sss.rank5([48, 45, 35, 30, 52]), lambda: sss.card_name(52),
    lambda: sss.rank3_batch(np.array([[0, 1, 2], [1, 2, 60]], np.uint8)), lambda: sss.parse_cards("AS ZZ"),
    lambda: sss.best(["AS"] * 12 + ["XX"]), lambda: sss.settle(["AS AH AD|KS KH KD 2C 2D|QS QH QD QC 3X"] * 2),
])
def test_a_bad_card_raises_invalid_tile_error(call):
    assert InvalidCardError is InvalidTileError
    with pytest.raises(InvalidTileError):
        call()


@pytest.mark.parametrize("fields,match", [
    ({"a5_lowest": 1}, "a5_lowest must be True or False"),
    ({"a5_lowest": "yes"}, "a5_lowest"),
    ({"row_win": True}, "row_win must be an integer"),
    ({"row_win": 1.0}, "row_win"),
    ({"front_trips": -1}, "front_trips must be an integer 0..1000"),
    ({"middle_quads": 1001}, "middle_quads"),
    ({"shoot_multiplier": 0}, "shoot_multiplier must be an integer 1..100"),
    ({"home_run_min_players": 2}, "home_run_min_players must be an integer 3..5"),
    ({"name": 3}, "name must be a str"),
    ({"special_points": {"六对半": True}}, "六对半 must be an integer 0..1000"),
    ({"special_points": {"六对半": -4}}, "六对半"),
    ({"special_points": {"六对半": "4"}}, "六对半"),
    ({"special_points": {"七对": 3}}, "unknown special hand '七对'"),
    ({"special_points": 5}, "special_points"),
])
def test_rule_fields_are_validated(fields, match):
    with pytest.raises(InvalidRulesError, match=match):
        sss.Rules(**fields)


def test_rules_resolve_through_the_presets():
    assert sss.get_rules("a5_lowest") is sss.PRESETS["a5_lowest"] is sss.PRESETS.resolve("a5_lowest")
    mine = sss.Rules("mine", special_points=[("六对半", 6)])
    assert sss.get_rules(mine) is mine and mine.special_points == (("六对半", 6),)
    assert sss.Rules(special_points=dict(sss.DEFAULT_SPECIAL_POINTS)) == sss.PRESETS["standard"].__class__()
    for bad in ("poker", None, 3):
        with pytest.raises(InvalidRulesError, match="unknown shisanshui rules"):
            sss.rank5(WHEEL, bad)
    with pytest.raises(InvalidHandError):
        sss.rank5("AS AS 2C 3D 4H")
