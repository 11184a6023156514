"""Zipai under the shared contract: steps that run the same as Python and compiled, the status
protocol, one table cache, validated rules, one error class for bad cards, the package layout."""

import ast
import dataclasses
from pathlib import Path

import h5py
import numpy as np
import pytest

from lookup import jit, tables, zipai
from lookup.errors import InvalidCardError, InvalidHandError, InvalidRulesError, InvalidTileError
from lookup.zipai import encoding, hand, units, waits
from lookup.zipai.cards import card_name, counts_of
from lookup.zipai.melds import parse_meld
from tests.support import zipai_hands as hg
from tests.support.table_files import rewrite_datasets

ROOT = Path(__file__).resolve().parents[2]
PLAIN = units.N_PLAIN_GROUPS
"""group_limit of the plain group set (the ting steps' ``limit``)."""


# --- each step written once: the same answers run as Python and compiled -------------------------

def _compiled_steps():
    """A kernel that runs the leaf steps on every row, compiled the way lookup.zipai.kernels is."""
    from numba import njit

    jit.register_jitables()

    @njit
    def run(rows, trans, final, values, out):
        part = np.zeros(encoding.N_CARDS, np.int64)
        used = np.zeros(encoding.N_CARDS, np.int64)
        for i in range(rows.shape[0]):
            c = rows[i]
            status, size, huxi, quads = hand.take_out_sets(c, used, part)
            out[i, 0] = status
            out[i, 1] = size
            out[i, 2] = huxi
            out[i, 3] = quads
            out[i, 4] = encoding.walk(trans, final, part)
            out[i, 5] = encoding.key_of(part)
            out[i, 6] = encoding.lowest_card(part)
            out[i, 7] = hand.part_size_ok(size)
            out[i, 8] = hand.pair_rule_ok(size, quads, True)
            out[i, 9] = hand.score(values, out[i, 4], huxi, 10)
            u = i % units.N_UNITS
            out[i, 10] = units.add_unit(part, u, 1)
            out[i, 11] = encoding.key_of(part)
            units.add_unit(part, u, -1)
            encoding.decode_key(out[i, 5], part)
            out[i, 12] = encoding.key_of(part)
            unit, held, grown, gained, upgraded = waits.draw_case(c[i % 20], i % 20, i % 9, i & 0xFF, i >> 8)
            out[i, 13:18] = unit, held, grown, gained, upgraded
        return out

    return run


def _python_steps(rows, trans, final, values):
    out = np.zeros((len(rows), 18), np.int64)
    for i, c in enumerate(rows.tolist()):
        part = [0] * 20
        status, size, huxi, quads = hand.take_out_sets(c, [0] * 20, part)
        rank = encoding.walk(trans, final, part)
        key = encoding.key_of(part)
        u = i % units.N_UNITS
        fits = units.add_unit(part, u, 1)
        grown_key = encoding.key_of(part)
        units.add_unit(part, u, -1)
        encoding.decode_key(key, part)
        out[i] = [status, size, huxi, quads, rank, key, encoding.lowest_card(part), hand.part_size_ok(size),
                  hand.pair_rule_ok(size, quads, True), hand.score(values, rank, huxi, 10), fits, grown_key,
                  encoding.key_of(part), *waits.draw_case(c[i % 20], i % 20, i % 9, i & 0xFF, i >> 8)]
    return out


def test_steps_give_the_same_answers_as_python_and_compiled(rng):
    """hu_counts and ting_counts are compared in test_queries (batch against scalar); these are
    the steps they are made of, and the ones the generator compiles."""
    rows = [hg.hand(rng, kan=int(rng.integers(0, 3)), ti=int(rng.integers(0, 2)), noise=0.3) for _ in range(3000)]
    rows = np.array(rows, np.uint8)
    view = encoding.VIEW.get().plain
    compiled = _compiled_steps()(rows, *view.hu, np.zeros((len(rows), 18), np.int64))
    python = _python_steps(rows, *view.hu_view)
    assert np.array_equal(compiled, python)
    assert (python[:, 4] >= 0).any() and (python[:, 9] >= 0).any() and python[:, 10].any() and python[:, 13].any()


def test_unit_tables_agree():
    for u, cards in enumerate(units.UNIT_CARDS):
        slots = units.UNIT_CARD_BYTES[3 * u:3 * u + 3]
        assert [t if t != units.NO_CARD else -1 for t in slots] == list(cards)
    for t in range(encoding.N_CARDS):
        row = units.CARD_UNITS[units.MAX_CARD_UNITS * t:units.MAX_CARD_UNITS * (t + 1)]
        assert [u for u in row if u != units.NO_UNIT] == [u for u, c in enumerate(units.UNIT_CARDS) if t in c]
    counts = [0] * 20
    for u in range(units.N_UNITS):
        assert units.add_unit(counts, u, 1) and tuple(sorted(t for t in range(20) for _ in range(counts[t]))) == \
            units.unit_cards(u)
        assert not units.add_unit(counts, u, -2) and units.add_unit(counts, u, 1) and counts == [0] * 20


def test_free_copy_tables_agree():
    """FREE_COPY_*: the numbers a free third copy of a card changes, and the cards it needs, as
    add_unit finds them on a part holding every card twice."""
    for t in range(encoding.N_CARDS):
        for k in range(units.MAX_CARD_UNITS):
            i = units.MAX_CARD_UNITS * t + k
            u = units.CARD_UNITS[i]
            if u == units.NO_UNIT:
                continue
            part = [encoding.MAX_PART_COPIES] * encoding.N_CARDS
            part[t] += 1
            assert units.add_unit(part, u, -1)
            changed = [x % encoding.N_NUMBERS for x in range(encoding.N_CARDS) if part[x] != encoding.MAX_PART_COPIES]
            assert (min(changed), max(changed)) == (units.FREE_COPY_FIRST_NUMBER[i],
                                                    units.FREE_COPY_LAST_NUMBER[i]), (t, u)
            lost = {x for x in range(encoding.N_CARDS) if x != t and part[x] < encoding.MAX_PART_COPIES}
            assert set(units.FREE_COPY_NEEDS[2 * i:2 * i + 2]) - {t} == lost, (t, u)
        row = range(units.MAX_CARD_UNITS * t, units.MAX_CARD_UNITS * (t + 1))
        spans = [units.FREE_COPY_FIRST_NUMBER[i] for i in row if units.CARD_UNITS[i] != units.NO_UNIT]
        assert units.CARD_FIRST_NUMBER[t] == min(t % encoding.N_NUMBERS, *spans)


# --- status protocol ---------------------------------------------------------------------------------

def test_steps_return_a_status_and_the_detail():
    view = encoding.VIEW.get().plain
    hand_ = counts_of("二七十二七十贰柒拾")
    none = [0] * 20
    assert hand.hu_counts(view.hu_view, (10, True, PLAIN), hand_, none, hand.NO_MELDS, [0] * 20) == (jit.OK, 12)
    assert hand.hu_counts(view.hu_view, (13, True, PLAIN), hand_, none, hand.NO_MELDS, [0] * 20) == \
        (jit.OK, encoding.NO_WIN)
    used = [0] * 20
    used[6] = 3  # an exposed 碰 of 七, and the hand holds two more
    assert hand.hu_counts(view.hu_view, (10, True, PLAIN), hand_, used, hand.NO_MELDS, [0] * 20) == \
        (jit.ERR_COPIES, 6)
    assert hand.hu_counts(view.hu_view, (10, True, PLAIN), counts_of("一二三四"), none, hand.NO_MELDS,
                          [0] * 20) == (jit.ERR_SIZE, 4)
    out = [0] * 20
    waiting = counts_of("二七十 二七十 貳柒")
    path = [0] * waits.PATH_SIZE
    assert waits.ting_counts(view.hu_view, view.ting_view, (10, True, PLAIN), waiting, none, hand.NO_MELDS,
                             [0] * 20, path, out) == (jit.OK, 1)
    assert out[19] == 12 and out.count(encoding.NO_WIN) == 19
    assert waits.ting_counts(view.hu_view, view.ting_view, (10, True, PLAIN), hand_, none, hand.NO_MELDS,
                             [0] * 20, path, out) == (jit.ERR_SIZE, 9)


def test_kernels_return_ok_and_rows_written_or_the_first_bad_row():
    from lookup.zipai import kernels

    view = encoding.VIEW.get().plain
    rows = np.array([counts_of("二七十二七十贰柒拾")] * 4, np.uint8)
    out = np.empty(4, np.int16)
    rules = (10, True, PLAIN)
    assert kernels.hu_batch(rows, view.hu, rules, out) == (jit.OK, 4)
    assert kernels.hu_batch(rows[:0], view.hu, rules, out) == (jit.OK, 0)
    rows[2, 3] = 1
    rows[3, 0] = 5
    assert kernels.hu_batch(rows, view.hu, rules, out) == (jit.ERR_SIZE, 2)
    answers = np.empty((4, 20), np.int16)
    assert kernels.ting_batch(rows, view.hu, view.ting, rules, answers) == (jit.ERR_SIZE, 0)
    rows[:3] = counts_of("二七十 二七十 貳柒")
    assert kernels.ting_batch(rows, view.hu, view.ting, rules, answers) == (jit.ERR_COPIES, 3)


# --- one table cache ---------------------------------------------------------------------------------

@pytest.fixture
def other_tables(tmp_path, monkeypatch):
    """A copy of data/zipai.h5 whose values score one huxi more and hold no first moves."""
    path = tmp_path / "zipai.h5"
    path.write_bytes(tables.table_path("zipai").read_bytes())
    with h5py.File(path, "r") as f:
        values = f["values"][()]
    rewrite_datasets(path, {"values": (values & encoding.HUXI_MASK) + 1})
    yield tmp_path
    monkeypatch.undo()
    tables.clear_cache()


def _answers():
    hand_, waiting = "二七十二七十贰柒拾", "二七十 二七十 貳柒"
    return (zipai.hu(hand_), zipai.ting(waiting), zipai.decompositions(hand_),
            zipai.hu_batch(np.array([counts_of(hand_)], np.uint8)).tolist(),
            zipai.ting_batch(np.array([counts_of(waiting)], np.uint8))[0, 19])


def test_clear_cache_makes_every_query_read_the_new_file(other_tables, monkeypatch):
    before = _answers()
    assert before[0] == 12 and before[1] == {19: 12} and len(before[2]) == 2 and before[3] == [12] and before[4] == 12
    monkeypatch.setenv(tables.DATA_ENV, str(other_tables))
    assert _answers() == before  # loaded once: a changed directory alone changes nothing
    tables.clear_cache()
    assert _answers() == (13, {19: 13}, [], [13], 13)  # no query answers from the old file
    monkeypatch.undo()
    tables.clear_cache()
    assert _answers() == before


# --- rules --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("field,value", [
    ("min_huxi", True), ("min_huxi", "10"), ("min_huxi", 10.0), ("min_huxi", -1), ("min_huxi", 1001),
    ("pair_with_quad", 1), ("pair_with_quad", None), ("name", 3), ("yiwushi", 1), ("yiwushi", "yes"),
])
def test_rule_fields_are_validated(field, value):
    with pytest.raises(InvalidRulesError, match=field):
        zipai.RuleSet(**{field: value})
    with pytest.raises(InvalidRulesError, match=field):
        dataclasses.replace(zipai.PRESETS["paohuzi"], **{field: value})


def test_presets_resolve_one_way():
    assert zipai.RuleSet("x", 0, False).min_huxi == 0 and zipai.RuleSet("x", 1000).min_huxi == 1000
    assert list(zipai.PRESETS) == ["paohuzi", "guilin", "hengyang", "leiyang", "hunan", "loudi", "liuhuqiang",
                                   "hengyang_shihuka"]
    assert zipai.get_rules("hunan") is zipai.PRESETS["hunan"] and zipai.get_rules("hunan").min_huxi == 15
    shihuka = zipai.get_rules("hengyang_shihuka")
    assert shihuka.yiwushi and shihuka.min_huxi == 10 and not zipai.RuleSet().yiwushi
    mine = zipai.RuleSet("mine", 3)
    assert zipai.get_rules(mine) is mine
    for bad in ("mcr", None, 10, ["paohuzi"]):
        with pytest.raises(InvalidRulesError, match="unknown zipai rules"):
            zipai.get_rules(bad)


# --- errors ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: card_name(20), lambda: card_name(-1), lambda: card_name(True), lambda: counts_of([0, 20]),
    lambda: counts_of("一 x0"), lambda: parse_meld(("peng", 20)), lambda: parse_meld("碰q"),
    lambda: zipai.hu("一二三 d11"), lambda: zipai.ting("一二三 z"), lambda: zipai.decompositions("十一 x"),
])
def test_a_bad_card_raises_the_one_tile_error(call):
    with pytest.raises(InvalidTileError) as info:
        call()
    assert isinstance(info.value, InvalidCardError) and isinstance(info.value, ValueError)
    assert not isinstance(info.value, InvalidHandError)


# --- layout ---------------------------------------------------------------------------------------------

def test_the_package_exports_its_public_api():
    for name in zipai.__all__:
        assert getattr(zipai, name) is not None, name
    assert {"hu", "ting", "hu_batch", "ting_batch", "decompositions", "Split", "Meld", "RuleSet", "PRESETS",
            "get_rules", "Hand", "counts_of"} <= set(zipai.__all__)


def test_the_generator_shares_only_the_table_contract_with_the_runtime():
    imported = set()
    for path in sorted((ROOT / "tablegen").glob("zipai*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(a.name for a in node.names)
    contract = {"lookup.jit", "lookup.tables", "lookup.zipai.encoding", "lookup.zipai.units"}
    assert {m for m in imported if m.startswith("lookup")} <= contract
    from tablegen import zipai as gen

    sources = [Path(p).resolve() for p in gen.SOURCES]
    assert ROOT / "lookup" / "zipai" / "encoding.py" in sources and ROOT / "lookup" / "zipai" / "units.py" in sources
    assert all(path.resolve() in sources for path in (ROOT / "tablegen").glob("zipai*.py"))
