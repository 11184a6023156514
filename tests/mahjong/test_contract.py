"""The shared contract in mahjong: jitable steps run alike as Python and compiled, the status
protocol, table views that follow tables.clear_cache(), one error class for bad tiles, rules
fields checked by type."""

import numpy as np
import pytest
from numba import njit

from lookup import jit, mahjong, tables
from lookup.addresses import row_at
from lookup.errors import InvalidCardError, InvalidHandError, InvalidRulesError, InvalidTileError
from lookup.mahjong import encoding as enc
from lookup.mahjong import kernels
from lookup.mahjong import row as hand_steps
from lookup.mahjong.inputs import NO_JOKERS
from lookup.mahjong.rules import PRESETS, RuleSet, get_rules
from lookup.mahjong.shanten import SHANTEN
from lookup.rules import Presets
from tests.support import mahjong_hands as handgen
from tests.support.table_files import rewrite_datasets


def _rows(rng, sizes, n, honors=True):
    return np.array([h for size in sizes for h in handgen.mixed_hands(rng, n, size, honors)], np.uint8)


def _entries(dataset):
    """The arrays of one dataset of every suit kind, as the kernels take them."""
    t = tables.load("mahjong")
    return tuple(t[f"{kind}/{dataset}"] for kind in enc.SUIT_KINDS)


def _shanten_tables():
    """The shanten kernels' tables: the entries (and the plain words built from them), over-4 lists."""
    view = SHANTEN.get()
    return view.entries, view.over_keys, view.over


def _rules_rows(rng, rules, sizes, n):
    """Seeded hands of the game of ``rules`` (every form it knows), of each size."""
    return np.array([h for size in sizes for h in handgen.form_hands(rng, n, size, PRESETS[rules])], np.uint8)


WITHOUT_JOKERS = {kernels.hu_batch: kernels.hu_batch_without_jokers,
                  kernels.ting_batch: kernels.ting_batch_without_jokers}
"""The kernel of the rows without jokers of each kernel."""


# --- jitable steps: the same answers run as Python (the kernels' py_func) and compiled ----------

@pytest.mark.parametrize("rules", list(PRESETS))
def test_hu_and_ting_kernels_run_alike_as_python(rng, rules):
    bits = PRESETS[rules].bits
    for kernel, sizes, dtype in ((kernels.hu_batch, (2, 5, 11, 14), np.bool_),
                                 (kernels.ting_batch, (1, 4, 10, 13), np.uint64)):
        rows = _rules_rows(rng, rules, sizes, 30)
        for jokers, dataset in ((NO_JOKERS, "hu_ting"), (np.full(len(rows), 3, np.uint8), "jokers")):
            if jokers.size:
                rows = rows[rows.sum(axis=1) <= 11]
                jokers = jokers[:len(rows)]
            compiled, python = np.empty(len(rows), dtype), np.empty(len(rows), dtype)
            assert kernel(rows, jokers, _entries(dataset), bits, compiled) == (jit.OK, len(rows))
            assert kernel.py_func(rows, jokers, _entries(dataset), bits, python) == (jit.OK, len(rows))
            assert np.array_equal(compiled, python)
            if not jokers.size:  # rows without jokers have a kernel of their own
                lean_kernel = WITHOUT_JOKERS[kernel]
                lean, lean_python = np.empty(len(rows), dtype), np.empty(len(rows), dtype)
                assert lean_kernel(rows, _entries(dataset), bits, lean) == (jit.OK, len(rows))
                assert lean_kernel.py_func(rows, _entries(dataset), bits, lean_python) == (jit.OK, len(rows))
                assert np.array_equal(lean, compiled) and np.array_equal(lean_python, compiled)


@pytest.mark.parametrize("rules", list(PRESETS))
def test_shanten_kernels_run_alike_as_python(rng, rules):
    bits = PRESETS[rules].bits
    for sizes, jokers in (((4, 8, 13, 14), 0), ((2, 5, 11, 12), 2)):
        rows = _rules_rows(rng, rules, sizes, 8)
        jokers = np.full(len(rows), jokers, np.uint8) if jokers else NO_JOKERS
        compiled, python = np.empty(len(rows), np.int8), np.empty(len(rows), np.int8)
        assert kernels.shanten_batch(rows, jokers, *_shanten_tables(), bits, compiled) == (jit.OK, len(rows))
        assert kernels.shanten_batch.py_func(rows, jokers, *_shanten_tables(), bits, python) == \
            (jit.OK, len(rows))
        assert np.array_equal(compiled, python)
        if PRESETS[rules].plain and not jokers.size:  # the plain rules' own kernel answers alike
            entries = _shanten_tables()[0]
            plain, plain_python = np.empty(len(rows), np.int8), np.empty(len(rows), np.int8)
            assert kernels.plain_shanten_batch(rows, entries, bits, plain) == (jit.OK, len(rows))
            assert kernels.plain_shanten_batch.py_func(rows, entries, bits, plain_python) == \
                (jit.OK, len(rows))
            assert np.array_equal(plain, compiled) and np.array_equal(plain_python, compiled)
        if PRESETS[rules].knitted and not jokers.size:  # and so does the knitted rules' own kernel
            rest = SHANTEN.get().rest
            knitted, knitted_python = np.empty(len(rows), np.int8), np.empty(len(rows), np.int8)
            entries = _shanten_tables()[0]
            assert kernels.knitted_shanten_batch(rows, entries, rest, bits, knitted) == (jit.OK, len(rows))
            assert kernels.knitted_shanten_batch.py_func(rows, entries, rest, bits, knitted_python) == \
                (jit.OK, len(rows))
            assert np.array_equal(knitted, compiled) and np.array_equal(knitted_python, compiled)
    for hand in _rules_rows(rng, rules, (14, 11), 2):
        for jokers in (0, 1):
            hand = hand.copy()
            if jokers:
                hand[np.flatnonzero(hand)[0]] -= 1
            compiled, python = np.empty(56, np.int64), np.empty(56, np.int64)
            row = bytearray(hand.tobytes())  # the hand as the query passes it (one compiled signature)
            seen = bytes(enc.N_TILE_KINDS)
            status, n = kernels.discard_advice(row, jokers, seen, *_shanten_tables(), bits, compiled)
            assert (status, n) == kernels.discard_advice.py_func(row, jokers, seen, *_shanten_tables(), bits, python)
            assert status == jit.OK and n == np.count_nonzero(hand)
            assert np.array_equal(compiled[:4 * n], python[:4 * n])
    rows = _rules_rows(rng, rules, (14, 11, 8), 3)
    visible = np.minimum(4 - rows, 1).astype(np.uint8)  # one seen copy of each tile the hand leaves room for
    answers = []
    for run in (kernels.discard_batch, kernels.discard_batch.py_func):
        features = (np.empty(rows.shape, np.int8), np.empty(rows.shape, np.uint64), np.empty(rows.shape, np.int16))
        assert run(rows, NO_JOKERS, visible, *_shanten_tables(), bits, *features) == (jit.OK, len(rows))
        answers.append(features)
    for compiled_column, python_column in zip(*answers):
        assert np.array_equal(compiled_column, python_column)


def _scan_twin(row, remainder, honors, jokers, three_player):
    """The row scan's answer, counted one count at a time in plain Python."""
    counts = [int(x) for x in row]
    total = sum(counts)
    if max(counts) > enc.MAX_COPIES:
        status = jit.ERR_COPIES
    elif not hand_steps.size_ok(total + jokers, remainder):
        status = jit.ERR_SIZE
    elif (not honors and any(counts[enc.HONOR_OFFSET:])) or (three_player and any(counts[1:enc.N_SUIT_RANKS - 1])):
        status = hand_steps.ERR_OUT_OF_GAME
    else:
        status = jit.OK
    if status == jit.ERR_COPIES:
        return (status,)  # the counts of a row over MAX_COPIES mean nothing
    return (status, total, sum(x % 2 for x in counts), sum(x >= 3 for x in counts), counts.count(1))


@njit
def _bit_counts_compared(masks, out):
    for i in range(masks.shape[0]):
        n = hand_steps.bit_count(masks[i])
        out[i, 0], out[i, 1], out[i, 2] = n, n < 7, n == 1


def test_bit_count_compiled_counts_every_bit_also_when_compared(rng):
    """Compiled, a count compared with a constant (as the seven-pairs and single-wait steps do)
    is the count: one bit at every tile, and seeded masks of every size."""
    masks = np.concatenate([1 << np.arange(enc.N_TILE_KINDS, dtype=np.int64),
                            rng.integers(0, 1 << enc.N_TILE_KINDS, 2000, dtype=np.int64)])
    out = np.empty((len(masks), 3), np.int64)
    _bit_counts_compared(masks, out)
    counts = np.array([int(m).bit_count() for m in masks])
    assert np.array_equal(out, np.stack([counts, counts < 7, counts == 1], axis=1))
    assert [hand_steps.bit_count(int(m)) for m in masks[:100]] == counts[:100].tolist()


@njit
def _scan_rows(rows, remainder, honors, jokers, three_player, out):
    for i in range(rows.shape[0]):
        out[i] = hand_steps.scan_row(row_at(rows, i), remainder, honors, jokers, three_player)


@njit
def _lean_scan_rows(rows, out):
    for i in range(rows.shape[0]):
        over, total, odd, paired = hand_steps.scan_row_lean(row_at(rows, i))
        out[i, 0], out[i, 1], out[i, 2], out[i, 3] = over, total, odd, paired


def _lean_scan_twin(row):
    """The lean row scan's answer, counted one count at a time in plain Python."""
    counts = [int(x) for x in row]
    if max(counts) > enc.MAX_COPIES:
        return (True,)  # the counts of a row over MAX_COPIES mean nothing
    return (False, sum(counts), sum(x % 2 for x in counts), max(counts) >= 2)


@pytest.mark.exhaustive
def test_the_row_scan_counts_as_its_plain_twin(rng):
    """The row scan and the lean one of hu rows without jokers, compiled and as Python, on every
    value 0..255 at every position (in a row that is otherwise valid) and on seeded rows of every
    size, rules flags and joker counts."""
    base = np.zeros(enc.N_TILE_KINDS, np.uint8)
    base[[0, 9, 18, 27]] = 2
    bad = np.repeat(base[None], enc.N_TILE_KINDS * 256, axis=0)
    bad[np.arange(len(bad)), np.repeat(np.arange(enc.N_TILE_KINDS), 256)] = np.tile(np.arange(256), enc.N_TILE_KINDS)
    wall = np.repeat(np.arange(enc.N_TILE_KINDS), enc.MAX_COPIES)
    drawn = [np.bincount(rng.permutation(wall)[:size], minlength=enc.N_TILE_KINDS)
             for size in range(enc.MAX_HAND_TILES + 1) for _ in range(100)]
    rows = np.concatenate([bad, np.array(drawn, np.uint8), _rows(rng, (13, 14), 100, honors=False)])
    flags = [(remainder, honors, jokers, three)
             for remainder in (hand_steps.EITHER, hand_steps.TING, hand_steps.HU) for honors in (True, False)
             for jokers in (0, 1, 3) for three in (True, False)]
    python_rows = rows[rng.choice(len(rows), 300, replace=False)]
    row_lists = rows.tolist()  # the twins count Python ints
    for remainder, honors, jokers, three in flags:
        out = np.zeros((len(rows), 5), np.int64)
        _scan_rows(rows, remainder, honors, jokers, three, out)
        for row, got in zip(row_lists, out.tolist()):
            expected = _scan_twin(row, remainder, honors, jokers, three)
            assert tuple(got[:len(expected)]) == expected, row
        for row in python_rows:
            expected = _scan_twin(row, remainder, honors, jokers, three)
            assert hand_steps.scan_row(bytes(row), remainder, honors, jokers, three)[:len(expected)] == expected
    lean = np.zeros((len(rows), 4), np.int64)
    _lean_scan_rows(rows, lean)
    for row, got in zip(row_lists, lean.tolist()):
        expected = _lean_scan_twin(row)
        assert tuple(got[:len(expected)]) == expected, row
    for row in python_rows:
        expected = _lean_scan_twin(row)
        assert hand_steps.scan_row_lean(bytes(row))[:len(expected)] == expected


def test_suit_keys_are_the_suit_key_of_each_suit(rng):
    for counts in _rows(rng, (13, 14), 50).tolist():
        assert enc.suit_keys(counts) == tuple(enc.suit_key(counts[o:o + n])
                                              for o, n in zip(enc.SUIT_OFFSETS, enc.SUIT_SIZES))
    assert enc.ORPHANS == (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
    assert enc.ORPHAN_MASK == sum(1 << t for t in enc.ORPHANS)


# --- status protocol ----------------------------------------------------------------------------

def test_kernels_report_ok_with_the_rows_written_and_the_first_bad_row():
    good = np.zeros(34, np.uint8)
    good[0] = 2
    five = good.copy()
    five[3] = 5
    honors = good.copy()
    honors[30] = 3
    middle = good.copy()
    middle[4] = 3  # 5m: not in a three-player game
    out = np.empty(4, np.bool_)
    sichuan, sanma = PRESETS["sichuan"].bits, PRESETS["sanma"].bits
    assert kernels.hu_batch(np.array([good] * 4), NO_JOKERS, _entries("hu_ting"), sichuan, out) == (jit.OK, 4)
    assert kernels.hu_batch_without_jokers(np.array([good] * 4), _entries("hu_ting"), sichuan, out) == (jit.OK, 4)
    for bad, status, bits in ((five, jit.ERR_COPIES, sichuan), (good[::-1].copy() * 0, jit.ERR_SIZE, sichuan),
                              (honors, jit.ERR_HONORS, sichuan), (middle, jit.ERR_HONORS, sanma)):
        rows = np.array([good, good, bad, bad])
        assert kernels.hu_batch(rows, NO_JOKERS, _entries("hu_ting"), bits, out) == (status, 2)
        assert kernels.hu_batch_without_jokers(rows, _entries("hu_ting"), bits, out) == (status, 2)
    waiting = good.copy()
    waiting[0] = 1  # 1 tile: waits for its pair
    masks = np.empty(4, np.uint64)
    for bad, status, bits in ((five, jit.ERR_COPIES, sichuan), (good, jit.ERR_SIZE, sichuan),
                              (honors, jit.ERR_HONORS, sichuan), (middle, jit.ERR_HONORS, sanma)):
        rows = np.array([waiting, waiting, bad, bad])
        if bad is not good:
            rows[2:, 0] = 1  # 3k+1 tiles, so that only the fault named is one
        assert kernels.ting_batch(rows, NO_JOKERS, _entries("hu_ting"), bits, masks) == (status, 2)
        assert kernels.ting_batch_without_jokers(rows, _entries("hu_ting"), bits, masks) == (status, 2)
    rows = np.array([good, five])
    assert kernels.shanten_batch(rows, NO_JOKERS, *_shanten_tables(), sichuan, np.empty(2, np.int8)) == \
        (jit.ERR_COPIES, 1)
    with pytest.raises(InvalidHandError, match="row 1: holds 5 copies of 4m"):
        mahjong.shanten_batch(rows)


# --- table views follow tables.clear_cache() ----------------------------------------------------

def _rewrite(path, name, array):
    rewrite_datasets(path, {name: array})


def _answers():
    """One answer of every query, each of which the rewritten file changes."""
    counts = np.zeros((1, 34), np.uint8)
    counts[0, 0] = 2
    lone = np.zeros((1, 34), np.uint8)
    lone[0, 0] = 1
    return {
        "is_hu": mahjong.is_hu("11m"),
        "is_hu jokers": mahjong.is_hu("1m", jokers=1),
        "ting": mahjong.ting("1m"),
        "ting_mask jokers": mahjong.ting_mask("", jokers=1),
        "is_hu_batch": mahjong.is_hu_batch(counts).tolist(),
        "is_hu_batch jokers": mahjong.is_hu_batch(lone, jokers=1).tolist(),
        "ting_batch": mahjong.ting_batch(lone).tolist(),
        "decompositions": mahjong.decompositions("11m"),
        "shanten": mahjong.shanten("19m19p19s1234z", "standard"),
        "shanten_batch": mahjong.shanten_batch(np.array([[1] * 10 + [0] * 24], np.uint8), "standard").tolist(),
        "discard_advice": mahjong.discard_advice("19m", "standard")[0].shanten,
    }


def test_clear_cache_makes_every_query_read_the_new_file(tmp_path, monkeypatch):
    before = _answers()
    t = tables.load("mahjong")
    path = tmp_path / "mahjong.h5"
    path.write_bytes(t.path.read_bytes())
    for kind in ("suit", "honor"):  # nothing splits, nothing waits, no joker helps, nothing lacks a tile
        hu = t[f"{kind}/hu_ting"]
        _rewrite(path, f"{kind}/hu_ting", (hu & ~np.uint32((1 << enc.CLASS_SHIFT) - 1 - (0xFF << enc.TOTAL_SHIFT)))
                 | np.uint32(enc.CLASS_NEITHER << enc.CLASS_SHIFT))
        _rewrite(path, f"{kind}/jokers", np.full_like(t[f"{kind}/jokers"], enc.NEED_NONE | enc.NEED_NONE << 4))
        shanten = t[f"{kind}/shanten"]
        lacks_nothing = shanten & ~np.uint64((1 << enc.FORM_STATS_SHIFT) - 1)
        _rewrite(path, f"{kind}/shanten", lacks_nothing)
        _rewrite(path, f"{kind}/plain_words", enc.plain_words(lacks_nothing))
    monkeypatch.setenv(tables.DATA_ENV, str(tmp_path))
    try:
        tables.clear_cache()
        after = _answers()
        assert after == {
            "is_hu": False, "is_hu jokers": False, "ting": [], "ting_mask jokers": 0, "is_hu_batch": [False],
            "is_hu_batch jokers": [False], "ting_batch": [0], "decompositions": [], "shanten": -1,
            "shanten_batch": [-1], "discard_advice": -1,
        }
        assert all(after[query] != before[query] for query in before), before
    finally:
        monkeypatch.delenv(tables.DATA_ENV)
        tables.clear_cache()
    assert _answers() == before


# --- errors and rules -----------------------------------------------------------------------------

@pytest.mark.parametrize("hand", ["11m 9x", "11m8z", [0, 34], np.array([1, 35]), [0, -1], [0.0, 1]])
def test_a_bad_tile_raises_the_one_error_class(hand):
    assert InvalidCardError is InvalidTileError
    with pytest.raises(InvalidTileError):
        mahjong.is_hu(hand)
    with pytest.raises(InvalidTileError):
        mahjong.shanten(hand)


@pytest.mark.parametrize("fields,match", [
    ({"seven_pairs": 1}, "seven_pairs must be True or False, got 1"),
    ({"honors": "yes"}, "honors must be True or False"),
    ({"thirteen_orphans": None}, "thirteen_orphans must be True or False"),
    ({"name": 7}, "name must be a str"),
    ({"max_suits": 4}, "max_suits must be an integer 1..3, got 4"),
    ({"max_suits": True}, "max_suits must be an integer 1..3"),
    ({"quad_as_two_pairs": True}, "quad_as_two_pairs needs seven_pairs"),
    ({"thirteen_orphans": True, "honors": False}, "thirteen_orphans needs honor tiles"),
    ({"knitted_honors": True, "honors": False}, "knitted_honors needs honor tiles"),
    ({"pongs_waive_258": True}, "pongs_waive_258 needs pair_258"),
    ({"one_suit_waives_258": True}, "one_suit_waives_258 needs pair_258"),
    ({"thirteen_orphans": True, "max_suits": 2}, "thirteen_orphans needs all three suits"),
    ({"knitted_straight": True, "max_suits": 2}, "knitted_straight needs all three suits"),
    ({"knitted_straight": True, "three_player": True}, "knitted_straight needs the tiles 2m-8m"),
    ({"pair_258": True, "three_player": True}, "pair_258 and three_player do not combine"),
    ({"pair_258": True, "pongs_waive_258": True, "max_suits": 2}, "pongs_waive_258 needs max_suits 3"),
])
def test_rules_fields_are_checked(fields, match):
    with pytest.raises(InvalidRulesError, match=match):
        RuleSet(**fields)


def test_presets_resolve_names_and_rule_sets():
    assert isinstance(PRESETS, Presets) and list(PRESETS) == ["standard", "riichi", "chinese", "sichuan", "changsha",
                                                              "sanma"]
    custom = RuleSet("mine", seven_pairs=True)
    assert get_rules(custom) is custom and get_rules("riichi") is PRESETS["riichi"]
    for bad in ("mcr", 42, None, ["riichi"]):
        with pytest.raises(InvalidRulesError, match="unknown mahjong rules"):
            mahjong.is_hu("11m", bad)
        with pytest.raises(InvalidRulesError, match="unknown mahjong rules"):
            mahjong.shanten_batch(np.zeros((0, 34), np.uint8), bad)
