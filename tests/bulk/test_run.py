"""lookup.bulk.run on a LocalCluster: every game's batch queries answer row for row what the
in-process call answers, per-row arguments travel with their rows, and a bad row's error names
its index in the whole array."""

from __future__ import annotations

import dask.array as da
import numpy as np
import pytest

from lookup import bulk, mahjong, shisanshui, zipai
from lookup.cli.bulk import batch_queries
from lookup.errors import InvalidHandError, InvalidRulesError, InvalidTileError
from tests.support import mahjong_hands, shisanshui_hands, zipai_hands

CHUNK = 17
"""Rows per chunk: small, so that every test array spans several chunks (and a short last one)."""


def mahjong_rows(rng, n: int, sizes: tuple[int, ...]) -> np.ndarray:
    """n count rows (N, 34) mixing random, near-winning and special hands of the given sizes."""
    hands = [h for size in sizes for h in mahjong_hands.mixed_hands(rng, -(-n // len(sizes)), size)]
    return rng.permutation(np.array(hands, np.uint8))[:n]


def zipai_rows(rng, n: int, ting: bool) -> np.ndarray:
    """n zipai count rows (N, 20) whose part outside 坎/提 has a size the query takes."""
    rows = []
    while len(rows) < n:
        c = zipai_hands.hand(rng, kan=int(rng.integers(0, 3)), ti=int(rng.integers(0, 2)))
        if ting and sum(c):
            c = zipai_hands.minus_one(rng, c)
        part = sum(x for x in c if x <= 2)
        if (part % 3 != 0 and part <= 20) if ting else (part % 3 != 1 and part <= 21):
            rows.append(c)
    return np.array(rows, np.uint8)


def deals(rng, n: int, players: int = 4) -> np.ndarray:
    """n deals of ``players`` 13-card arrangements (front 3, middle 5, back 5), uint8 (n, players, 13)."""
    return shisanshui_hands.random_hands(rng, n, 13 * players).reshape(n, players, 13)


def too_many_copies(rows: np.ndarray, i: int) -> None:
    rows[i, int(np.argmax(rows[i]))] = 5


def duplicate_card(rows: np.ndarray, i: int) -> None:
    rows[i].reshape(-1)[1] = rows[i].reshape(-1)[0]


CASES = {
    # command name: (batch function, rows(rng, n), keyword-argument variants, make row i bad)
    "mahjong.hu": (mahjong.is_hu_batch, lambda rng, n: mahjong_rows(rng, n, (14, 11, 2)),
                   [{}, {"rules": "riichi"}], too_many_copies),
    "mahjong.ting": (mahjong.ting_batch, lambda rng, n: mahjong_rows(rng, n, (13, 10, 1)),
                     [{}, {"rules": "riichi"}], too_many_copies),
    "mahjong.shanten": (mahjong.shanten_batch, lambda rng, n: mahjong_rows(rng, n, (14, 13, 8)),
                        [{}, {"rules": "standard"}], too_many_copies),
    "shisanshui.rank5": (shisanshui.rank5_batch, lambda rng, n: shisanshui_hands.random_hands(rng, n, 5),
                         [{}, {"rules": "a5_lowest"}], duplicate_card),
    "shisanshui.rank3": (shisanshui.rank3_batch, lambda rng, n: shisanshui_hands.random_hands(rng, n, 3),
                         [{}], duplicate_card),
    "shisanshui.best": (shisanshui.best_batch, lambda rng, n: shisanshui_hands.random_hands(rng, n, 13),
                        [{}, {"objective": "expected", "rules": "middle_fh2"}], duplicate_card),
    "shisanshui.settle": (getattr(shisanshui, "settle_batch", None), deals, [{}], duplicate_card),
    "zipai.hu": (zipai.hu_batch, lambda rng, n: zipai_rows(rng, n, ting=False), [{}, {"rules": "hunan"}],
                 too_many_copies),
    "zipai.ting": (zipai.ting_batch, lambda rng, n: zipai_rows(rng, n, ting=True), [{}], too_many_copies),
}

QUERIES = [f"{game}.{name}" for game in ("mahjong", "shisanshui", "zipai") for name in batch_queries(game)]


def test_every_batch_query_is_covered():
    """Each public ``*_batch`` function of every game has rows to test it with below."""
    assert set(QUERIES) <= set(CASES), sorted(set(QUERIES) - set(CASES))
    assert {"mahjong.shanten", "shisanshui.best", "zipai.ting"} <= set(QUERIES)
    assert "mahjong.discard" not in QUERIES  # its three arrays have no one OUTPUT


@pytest.mark.parametrize("name", QUERIES)
def test_answers_equal_the_in_process_call(client, rng, name):
    query, rows_of, variants, _ = CASES[name]
    rows = rows_of(rng, 5 * CHUNK + 3)
    for kwargs in variants:
        want = query(rows, **kwargs)
        got = bulk.run(query, rows, chunk_rows=CHUNK, **kwargs)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert got.chunks[0] == (CHUNK,) * 5 + (3,)
        answers = got.compute()
        assert answers.dtype == want.dtype
        np.testing.assert_array_equal(answers, want)
    assert len(np.unique(want.reshape(len(rows), -1), axis=0)) > 1  # not one answer for every row


@pytest.mark.parametrize("name", QUERIES)
def test_a_bad_row_is_named_by_its_index_in_the_whole_array(client, rng, name):
    query, rows_of, _, spoil = CASES[name]
    rows = rows_of(rng, 4 * CHUNK)
    bad = 2 * CHUNK + 5  # the sixth row of the third chunk
    spoil(rows, bad)
    with pytest.raises(ValueError) as in_process:
        query(rows)
    assert f"row {bad}: " in str(in_process.value)
    with pytest.raises(type(in_process.value)) as in_bulk:
        bulk.run(query, rows, chunk_rows=CHUNK).compute()
    assert str(in_bulk.value) == str(in_process.value)


def test_rows_checked_before_the_kernel_are_named_globally_too(client, rng):
    rows = shisanshui_hands.random_hands(rng, 3 * CHUNK, 5).astype(np.int64)
    rows[CHUNK + 2, 3] = 60  # refused by the array check of an int64 batch, not by the kernel
    with pytest.raises(InvalidTileError, match=rf"^row {CHUNK + 2}: card index must be 0..51, got 60$"):
        bulk.run(shisanshui.rank5_batch, rows, chunk_rows=CHUNK).compute()


@pytest.mark.parametrize("query, sizes", [(mahjong.is_hu_batch, {0: 14, 1: 13, 3: 11, 4: 10}),
                                          (mahjong.ting_batch, {0: 13, 2: 11, 3: 10})])
def test_per_row_jokers_travel_with_their_rows(client, rng, query, sizes):
    jokers = rng.choice(list(sizes), 6 * CHUNK)
    pools = {j: iter(mahjong_hands.mixed_hands(rng, len(jokers), size)) for j, size in sizes.items()}
    rows = np.array([next(pools[int(j)]) for j in jokers], np.uint8)
    want = query(rows, jokers=jokers)
    for chunked in (jokers, da.from_array(jokers, chunks=5)):  # numpy, and Dask chunked unlike the rows
        np.testing.assert_array_equal(bulk.run(query, rows, chunk_rows=CHUNK, jokers=chunked).compute(), want)
    assert want.any() and not want.all()
    same = min(j for j in sizes if j)  # one count of jokers for every row: passed to each chunk as it is
    some = rows[jokers == same]
    np.testing.assert_array_equal(bulk.run(query, some, chunk_rows=5, jokers=same).compute(), query(some, jokers=same))
    jokers[4 * CHUNK + 1] = 9
    with pytest.raises(InvalidHandError, match=rf"^row {4 * CHUNK + 1}: jokers must be 0..8, got 9$"):
        bulk.run(query, rows, chunk_rows=CHUNK, jokers=jokers).compute()
    with pytest.raises(InvalidHandError, match=r"jokers: a per-row argument needs 102 rows, got 101"):
        bulk.run(query, rows, jokers=jokers[1:])


def test_dask_input_keeps_its_row_chunks_and_joins_the_others(client, rng):
    rows = mahjong_rows(rng, 50, (14, 13))
    dask_rows = da.from_array(rows, chunks=((10, 30, 10), (20, 14)))
    got = bulk.run(mahjong.shanten_batch, dask_rows)
    assert got.chunks == ((10, 30, 10),)
    np.testing.assert_array_equal(got.compute(), mahjong.shanten_batch(rows))
    assert bulk.run(mahjong.shanten_batch, dask_rows, chunk_rows=25).chunks == ((25, 25),)


def test_bad_arguments_fail_before_any_chunk_runs(client, rng):
    rows = mahjong_rows(rng, 20, (14,))
    with pytest.raises(InvalidRulesError, match="unknown mahjong rules 'nope'"):
        bulk.run(mahjong.shanten_batch, rows, rules="nope")
    with pytest.raises(TypeError):
        bulk.run(mahjong.shanten_batch, rows, wildcards=1)  # shanten takes no wildcards
    with pytest.raises(InvalidHandError, match=r"counts must have shape \(N, 34\), got \(0, 33\)"):
        bulk.run(mahjong.shanten_batch, rows[:, :33])
    with pytest.raises(InvalidHandError, match="needs an array of rows"):
        bulk.run(mahjong.shanten_batch, 3)


def test_empty_input(client):
    got = bulk.run(zipai.ting_batch, np.zeros((0, 20), np.uint8))
    assert got.shape == (0, 20) and got.compute().shape == (0, 20)


def test_the_embedded_cluster_reads_this_data_directory_with_plain_malloc(client):
    import os

    from lookup import tables

    def environment():
        import os
        return os.environ.get(tables.DATA_ENV), os.environ.get("MALLOC_TRIM_THRESHOLD_")

    seen = client.run(environment)
    assert len(seen) == 2
    # no MALLOC_TRIM_THRESHOLD_ of Dask's (unless this process had one for its children to inherit)
    assert set(seen.values()) == {(str(tables.data_dir().resolve()), os.environ.get("MALLOC_TRIM_THRESHOLD_"))}
