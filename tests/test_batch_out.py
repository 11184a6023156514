"""``out=`` of every batch query: the answers written into the caller's array (the one returned),
equal to a plain call's; an array of the wrong shape, dtype or layout refused by name."""

from __future__ import annotations

import functools
import inspect
import random

import numpy as np
import pytest

from lookup import bulk, mahjong, parallel, shisanshui, zipai
from lookup.errors import InvalidArgumentError, InvalidHandError
from lookup.service.queries import batch_route_names, routes
from tests.support import gb_hands, mahjong_hands, riichi_hands, zipai_hands
from tests.zipai import scoring_twin

N_ROWS = 300


MELD_CODES = {"chow": 1, "pong": 2, "kong": 3, "concealed_kong": 4}


@functools.cache
def _fan_inputs() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Seeded (hands, win_tiles, melds) of ``fan_batch``: winning hands with their declared melds."""
    rng = np.random.default_rng(1500)
    cases = [gb_hands.random_case(rng) for _ in range(N_ROWS)]
    melds = np.zeros((N_ROWS, 4, 2), np.int8)
    for row, case in zip(melds, cases):
        for i, (kind, t) in enumerate(case.melds):
            row[i] = MELD_CODES[kind], t
    return (np.array([c.hand for c in cases], np.uint8), np.array([c.win_tile for c in cases], np.uint8), melds)


ZIPAI_MELD_CODES = {"peng": 1, "wei": 2, "pao": 3, "ti": 4, "chi": 5}


@functools.cache
def _score_inputs() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Seeded (counts, exposed, win_card) of zipai ``score_batch``: winning hands with their
    exposed melds (kind, card, card, card) and winning card."""
    rng, rows = random.Random(1500), []
    while len(rows) < N_ROWS:
        drawn = scoring_twin.random_hand(rng, "changde", 0)
        if drawn is not None:
            rows.append(drawn)
    exposed = np.zeros((N_ROWS, 7, 4), np.int8)
    for row, (_, _, melds, _) in zip(exposed, rows):
        for j, (kind, cards) in enumerate(melds):
            row[j] = [ZIPAI_MELD_CODES[kind], *(cards if kind == "chi" else (cards[0], 0, 0))]
    return (np.array([counts for counts, _, _, _ in rows], np.uint8), exposed,
            np.array([win for _, _, _, win in rows], np.int8))


@functools.cache
def _riichi_inputs() -> dict[str, np.ndarray]:
    """Seeded rows of ``riichi_score_batch``: the concealed counts before the win (``hands``),
    and per row the win tile, the melds, the red fives and the dora indicators."""
    rng = np.random.default_rng(1500)
    rows = [riichi_hands.random_case(rng, aka=True).batch_row() for _ in range(N_ROWS)]
    return {"hands": np.array([r[0] for r in rows], np.uint8), "win_tiles": np.array([r[1] for r in rows], np.int64),
            "melds": np.array([r[2] for r in rows], np.int8), "aka": np.array([r[3] for r in rows], np.int64),
            "dora": np.array([r[4] for r in rows], np.int8), "ura_dora": np.array([r[5] for r in rows], np.int8)}


def _per_row(game: str, name: str) -> dict[str, np.ndarray]:
    """The arguments besides the rows that a batch query takes one per row (``fan_batch``'s,
    ``riichi_score_batch``'s, zipai ``score_batch``'s)."""
    if (game, name) == ("mahjong", "riichi_score_batch"):
        return {key: value for key, value in _riichi_inputs().items() if key != "hands"}
    if (game, name) == ("zipai", "score_batch"):
        _, exposed, win_card = _score_inputs()
        return {"exposed": exposed, "win_card": win_card}
    if (game, name) != ("mahjong", "fan_batch"):
        return {}
    _, win_tiles, melds = _fan_inputs()
    return {"win_tiles": win_tiles, "melds": melds}


def _rows(game: str, name: str) -> np.ndarray:
    """Valid rows for one batch query (seeded)."""
    rng = np.random.default_rng(1500)
    if name == "fan_batch":
        return _fan_inputs()[0].copy()
    if name == "riichi_score_batch":
        return _riichi_inputs()["hands"].copy()
    if game == "mahjong":
        return np.array(mahjong_hands.mixed_hands(rng, N_ROWS, 13 if name == "ting_batch" else 14), np.uint8)
    if game == "zipai":
        if name == "score_batch":
            return _score_inputs()[0].copy()
        if name == "hu_batch":
            return np.array([zipai_hands.hand(rng) for _ in range(N_ROWS)], np.uint8)
        # a winning part of groups and a pair less one card: 3k+1 cards (3k+2 with a 王)
        return np.array([zipai_hands.minus_one(rng, zipai_hands.hand(rng, part_groups=int(rng.integers(1, 6)),
                                                                      pair=True)) for _ in range(N_ROWS)], np.uint8)
    width = {"rank5_batch": 5, "rank3_batch": 3, "best_batch": 13}[name]
    return np.array([rng.choice(52, width, replace=False) for _ in range(N_ROWS)], np.uint8)


KWARGS = {("zipai", "ting_batch"): [{}, {"wang": 1}], ("zipai", "score_batch"): [{"rules": "changde"}],
          ("mahjong", "riichi_score_batch"): [{"rules": '{"aka": true}'}]}
"""The keyword arguments each batch query is tried with ({} for those not listed)."""
CASES = [(game, name, kwargs) for game, names in batch_route_names().items() for name in names
         for kwargs in KWARGS.get((game, name), [{}])]
"""Every public batch query (the service's batch routes list them all), zipai ting with and
without 王 (its answer has one more column with), zipai scoring under one preset; each test
adds :func:`_per_row`'s arguments."""


def _query(game: str, name: str):
    return getattr({"mahjong": mahjong, "zipai": zipai, "shisanshui": shisanshui}[game], name)


@pytest.mark.parametrize("game,name,kwargs", CASES)
def test_answers_are_written_into_out(game, name, kwargs):
    kwargs = {**kwargs, **_per_row(game, name)}
    query, rows = _query(game, name), _rows(game, name)
    want = query(rows, **kwargs)
    assert inspect.signature(query).parameters["out"].kind is inspect.Parameter.KEYWORD_ONLY
    out = np.full_like(want, 7)
    got = query(rows, out=out, **kwargs)
    assert got is out and np.array_equal(out, want)
    # a slice of a larger array (how the threads of lookup.parallel use it): rows around it kept
    whole = np.zeros((N_ROWS + 20, *want.shape[1:]), want.dtype)
    assert np.shares_memory(query(rows, out=whole[10:-10], **kwargs), whole)
    zeros = np.zeros((10, *want.shape[1:]), want.dtype)
    assert np.array_equal(whole[10:-10], want) and np.array_equal(whole[:10], zeros) and \
        np.array_equal(whole[-10:], zeros)


@pytest.mark.parametrize("game,name,kwargs", CASES)
def test_a_wrong_out_is_refused_by_what_differs(game, name, kwargs):
    kwargs = {**kwargs, **_per_row(game, name)}
    query, rows = _query(game, name), _rows(game, name)
    want = query(rows, **kwargs)
    other = np.float32 if want.dtype != np.float32 else np.int64
    bad = {
        "shape": np.empty((N_ROWS + 1, *want.shape[1:]), want.dtype),
        "dtype": np.empty(want.shape, other),
        "c_contiguous": np.empty((2 * N_ROWS, *want.shape[1:]), want.dtype)[::2],
        "writeable": np.empty_like(want),
        "numpy array": want.tolist(),
    }
    bad["writeable"].flags.writeable = False
    for what, out in bad.items():
        with pytest.raises(InvalidArgumentError, match=what):
            query(rows, out=out, **kwargs)


def test_a_refused_row_is_still_named_with_out():
    rows = _rows("mahjong", "is_hu_batch")
    rows[5, 0] = 5
    with pytest.raises(InvalidHandError, match=r"^row 5\b"):
        mahjong.is_hu_batch(rows, out=np.empty(N_ROWS, bool))


@pytest.mark.parametrize("game,name,kwargs", CASES)
def test_threads_write_one_array(game, name, kwargs, monkeypatch):
    kwargs = {**kwargs, **_per_row(game, name)}
    monkeypatch.setattr(parallel, "MIN_ROWS_PER_THREAD", 50)
    query, rows = _query(game, name), _rows(game, name)
    want = query(rows, **kwargs)
    joined = []
    monkeypatch.setattr(np, "concatenate", lambda *a, **k: joined.append(a))  # not used with out
    got = parallel.in_threads(query, rows, threads=3, **kwargs)
    assert np.array_equal(got, want) and got.dtype == want.dtype and not joined
    out = np.empty_like(want)
    assert parallel.in_threads(query, rows, threads=3, out=out, **kwargs) is out
    assert np.array_equal(out, want)
    with pytest.raises(InvalidArgumentError, match=rf"shape \({N_ROWS},"):  # the whole answer's
        parallel.in_threads(query, rows, threads=3, out=out[:-1], **kwargs)
    strided = np.empty((2 * N_ROWS, *want.shape[1:]), want.dtype)[::2]
    with pytest.raises(InvalidArgumentError, match="^out must be"):  # before any chunk runs
        parallel.in_threads(query, rows, threads=3, out=strided, **kwargs)


def test_riichi_score_batch_writes_its_structured_answer_into_out():
    from lookup.mahjong import riichi

    inputs = _riichi_inputs()
    kwargs = {key: value for key, value in inputs.items() if key != "hands"}
    rules = riichi.Rules(aka=True)
    want = riichi.score_batch(inputs["hands"], rules=rules, **kwargs)
    out = np.full_like(want, 7)
    assert riichi.score_batch(inputs["hands"], rules=rules, out=out, **kwargs) is out and np.array_equal(out, want)
    with pytest.raises(InvalidArgumentError, match="dtype"):
        riichi.score_batch(inputs["hands"], rules=rules, out=np.empty(N_ROWS, np.int64), **kwargs)


def test_no_route_takes_out():
    for (game, name), route in routes().queries.items():
        assert "out" not in [p.name for p in route.params], (game, name)


def test_bulk_jobs_take_no_out():
    rows = _rows("mahjong", "is_hu_batch")
    with pytest.raises(InvalidArgumentError, match="out="):
        bulk.run(mahjong.is_hu_batch, rows, out=np.empty(N_ROWS, bool))
