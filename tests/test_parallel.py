"""lookup.parallel.in_threads: answers equal the single call's, bad rows named in the whole array."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from lookup import mahjong, parallel, shisanshui, zipai
from lookup.errors import InvalidHandError, InvalidRulesError
from tests.support import mahjong_hands, zipai_hands


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch):
    monkeypatch.setattr(parallel, "MIN_ROWS_PER_THREAD", 100)


def _mahjong_rows(n: int, n_tiles: int) -> np.ndarray:
    rng = np.random.default_rng(15)
    return np.array(mahjong_hands.mixed_hands(rng, n, n_tiles), np.uint8)


@pytest.mark.parametrize("threads", [1, 2, 3, 7])
def test_mahjong_queries_equal_the_single_call(threads):
    rows14, rows13 = _mahjong_rows(1001, 14), _mahjong_rows(999, 13)
    for query, rows in ((mahjong.is_hu_batch, rows14), (mahjong.shanten_batch, rows14),
                        (mahjong.ting_batch, rows13)):
        got = parallel.in_threads(query, rows, threads=threads, rules="riichi")
        want = query(rows, rules="riichi")
        assert got.dtype == want.dtype and np.array_equal(got, want), query.__name__


def test_a_query_answering_several_arrays_is_joined_field_by_field():
    rows = _mahjong_rows(700, 14)
    visible = np.minimum(4 - rows, 1).astype(np.uint8)  # per-row visible counts, split with the rows
    got = parallel.in_threads(mahjong.discard_batch, rows, threads=3, visible=visible)
    want = mahjong.discard_batch(rows, visible=visible)
    assert type(got) is type(want)
    for got_field, want_field in zip(got, want):
        assert got_field.dtype == want_field.dtype and np.array_equal(got_field, want_field)


def test_per_row_arguments_are_split_with_the_rows():
    rows = _mahjong_rows(1000, 13)
    rows[:, 27:] = 0  # room for jokers: drop the honors, keep 13 or fewer tiles
    jokers = (np.arange(1000) % 3).astype(np.int64)
    ok = rows.sum(axis=1) + jokers <= 14
    rows, jokers = rows[ok], jokers[ok]
    sizes = rows.sum(axis=1) + jokers
    rows, jokers = rows[sizes % 3 == 2], jokers[sizes % 3 == 2]
    assert len(rows) > 300 and jokers.any()
    got = parallel.in_threads(mahjong.is_hu_batch, rows, threads=4, jokers=jokers)
    assert np.array_equal(got, mahjong.is_hu_batch(rows, jokers=jokers))


def test_other_games():
    rng = np.random.default_rng(16)
    cards = np.array([rng.choice(52, 5, replace=False) for _ in range(700)], np.uint8)
    assert np.array_equal(parallel.in_threads(shisanshui.rank5_batch, cards, threads=3),
                          shisanshui.rank5_batch(cards))
    hands = np.array([zipai_hands.hand(rng) for _ in range(700)], np.uint8)
    assert np.array_equal(parallel.in_threads(zipai.hu_batch, hands, threads=3), zipai.hu_batch(hands))


def test_the_first_bad_row_of_the_whole_array_is_named():
    rows = _mahjong_rows(1000, 14)
    rows[[650, 900], 0] = 5  # two bad rows in later chunks
    with pytest.raises(InvalidHandError, match=r"^row 650\b") as caught:
        parallel.in_threads(mahjong.is_hu_batch, rows, threads=4)
    with pytest.raises(InvalidHandError) as single:
        mahjong.is_hu_batch(rows)
    assert str(caught.value) == str(single.value)


def test_arguments_bad_for_every_row_raise_as_they_are():
    rows = _mahjong_rows(1000, 14)
    with pytest.raises(InvalidRulesError) as caught:
        parallel.in_threads(mahjong.is_hu_batch, rows, threads=2, rules="nope")
    assert not str(caught.value).startswith("rows ")
    with pytest.raises(InvalidHandError):
        parallel.in_threads(mahjong.is_hu_batch, rows[:, :30], threads=2)


@pytest.mark.parametrize("threads", [0, -1, 1.5, True, "2"])
def test_threads_must_be_a_positive_int(threads):
    with pytest.raises(ValueError, match="threads"):
        parallel.in_threads(mahjong.is_hu_batch, _mahjong_rows(10, 14), threads=threads)


def test_few_rows_are_one_call(monkeypatch):
    calls = []

    def query(rows, **kwargs):
        calls.append(len(rows))
        return np.zeros(len(rows), np.int8)

    parallel.in_threads(query, np.zeros((150, 34), np.uint8), threads=4)
    assert calls == [150]
    calls.clear()
    parallel.in_threads(query, np.zeros((400, 34), np.uint8), threads=4)
    chunk = 100 // parallel.CHUNKS_PER_THREAD  # (MIN_ROWS_PER_THREAD is 100 here)
    assert calls[0] == 0 and sorted(calls[1:]) == [chunk] * 4 * parallel.CHUNKS_PER_THREAD


def test_a_slow_chunk_leaves_the_other_chunks_to_the_free_threads():
    """The first chunk's thread waits until every other chunk is answered: the other thread
    answers them all, more than half the rows."""
    rows = np.repeat(np.arange(800)[:, None], 34, axis=1)  # row i: i in every column
    n_chunks = 2 * parallel.CHUNKS_PER_THREAD
    others_done = threading.Event()
    answered: list[int] = []
    lock = threading.Lock()

    def query(chunk, **kwargs):
        if len(chunk) and chunk[0, 0] == 0:
            assert others_done.wait(timeout=30), "the other chunks were not answered while the first waited"
        elif len(chunk):
            with lock:
                answered.append(len(chunk))
                if len(answered) == n_chunks - 1:
                    others_done.set()
        return chunk[:, 0].copy()

    assert np.array_equal(parallel.in_threads(query, rows, threads=2), rows[:, 0])
    assert len(answered) == n_chunks - 1 and sum(answered) > len(rows) // 2  # more than a thread's half
