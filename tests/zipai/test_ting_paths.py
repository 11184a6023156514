"""ting's one pass each way (forward and reverse automaton, draws skipped where the hand's prefix
or suffix is dead) against the definition it replaced: every draw placed in each of its cases
and the whole part walked from the start."""

import itertools

import numpy as np
import pytest

from lookup import zipai
from lookup.zipai import PRESETS, RuleSet, encoding, hand, units, waits
from lookup.zipai.encoding import MAX_COPIES, MAX_PART_COPIES, N_CARDS, NO_WIN
from lookup.zipai.melds import fold_melds
from lookup.zipai.units import MAX_CARD_UNITS, NO_UNIT
from tests.support import zipai_hands as hg
from tests.zipai.test_queries import ting_hands

RULES = list(PRESETS.values()) + [RuleSet("any", 0, pair_with_quad=False),
                                  RuleSet("yiwushi-any", 0, pair_with_quad=False, yiwushi=True)]


def ting_one_draw_at_a_time(counts, exposed, rules) -> dict[int, int]:
    """The draws that win and their best total huxi, each draw and case walked whole."""
    g = encoding.VIEW.get().of(rules.yiwushi)
    m = fold_melds(exposed, rules.yiwushi)
    part = [0] * N_CARDS
    status, size, huxi, kan_quads = hand.take_out_sets(counts, m.used, part)
    assert status == 0 and hand.part_size_ok(size + 1)
    out = {}
    for t in range(N_CARDS):
        x = counts[t]
        if x + m.used[t] >= MAX_COPIES:
            continue
        best = NO_WIN
        for k in range(1 + MAX_CARD_UNITS if x == MAX_PART_COPIES else 1):
            u, held, grown, gained, upgraded = waits.draw_case(x, t, k, m.peng, m.wei)
            if u == waits.NO_CASE:
                break
            if not units.unit_in_set(u, units.group_limit(rules.yiwushi)):
                continue
            drawn = list(part)
            drawn[t] = held
            if ((u == NO_UNIT or units.add_unit(drawn, u, -1))
                    and hand.pair_rule_ok(size + grown, m.quads + kan_quads + upgraded, rules.pair_with_quad)):
                rank = encoding.walk(g.hu_view[0], g.hu_view[1], drawn)
                best = max(best, hand.score(g.hu_view[2], rank, m.huxi + huxi + gained, rules.min_huxi))
        if best >= 0:
            out[t] = best
    return out


def ting_rows(rng, n, yiwushi):
    """test_queries' hands one card short (坎, 提, exposed melds incl. 碰/偎/跑/提), and as many
    random draws of 10..20 cards (most far from winning: the paths die early)."""
    out = ting_hands(rng, n // 2, yiwushi)
    while len(out) < n:
        c = hg.random_cards(rng, int(rng.integers(10, 21)))
        part = sum(x for x in c if x <= 2)
        if part % 3 != 0 and part <= 20:
            out.append((c, hg.random_melds(rng, c, int(rng.integers(0, 4)), yiwushi)))
    return out


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_ting_equals_one_draw_at_a_time(rng, rules):
    rows = ting_rows(rng, 400, rules.yiwushi)
    for c, m in rows:
        assert zipai.ting(c, m, rules) == ting_one_draw_at_a_time(c, m, rules), (c, m)
    assert sum(bool(zipai.ting(c, m, rules)) for c, m in rows) > 20


@pytest.mark.parametrize("rules", [PRESETS["paohuzi"], PRESETS["hengyang_shihuka"], RULES[-1]], ids=lambda r: r.name)
def test_ting_batch_equals_one_draw_at_a_time(rng, rules):
    hands = [c for c, _ in ting_rows(rng, 1500, rules.yiwushi)]
    got = zipai.ting_batch(np.array(hands, np.uint8), rules)
    for row, c in zip(got.tolist(), hands):
        assert {t: x for t, x in enumerate(row) if x >= 0} == ting_one_draw_at_a_time(c, (), rules), c
    assert (got >= 0).any()


@pytest.mark.parametrize("rules", [PRESETS["paohuzi"], PRESETS["hengyang_shihuka"]], ids=lambda r: r.name)
def test_ting_without_wang_equals_the_wang_search_with_none(rng, rules):
    """ting with 0 王 is the 王 search (a depth-first walk of the automaton, no reverse one)."""
    for c, m in ting_rows(rng, 300, rules.yiwushi):
        with_search = zipai.ting(c, m, rules, wang=0)
        with_search.pop(zipai.WANG, None)
        assert zipai.ting(c, m, rules) == with_search, (c, m)


@pytest.mark.parametrize("t", range(N_CARDS))
def test_free_copy_needed_is_exactly_when_the_unit_can_take_its_cards(t):
    """For every unit of t and every count (0..2) of its other cards, on a part holding t
    twice: the FREE_COPY_NEEDS / FREE_COPY_NEEDED test that lists a free-copy case holds
    exactly when add_unit can take the unit off the part with a third t."""
    for k in range(MAX_CARD_UNITS):
        i = MAX_CARD_UNITS * t + k
        u = units.CARD_UNITS[i]
        if u == NO_UNIT:
            continue
        others = sorted(set(units.unit_cards(u)) - {t})
        for held in itertools.product(range(MAX_PART_COPIES + 1), repeat=len(others)):
            part = [0] * N_CARDS
            part[t] = MAX_PART_COPIES
            for x, n in zip(others, held):
                part[x] = n
            listed = all(part[units.FREE_COPY_NEEDS[2 * i + j]] >= waits.FREE_COPY_NEEDED[2 * i + j]
                         for j in range(2))
            part[t] += 1
            assert listed == units.add_unit(part, u, -1), (t, u, held)


@pytest.mark.parametrize("t", range(N_CARDS))
def test_live_unit_slots(t):
    """Everything live: every unit of t, and no more; the slots only shrink as the live part does."""
    levels = encoding.N_NUMBERS + 1
    n_units = sum(units.CARD_UNITS[MAX_CARD_UNITS * t + k] != NO_UNIT for k in range(MAX_CARD_UNITS))
    assert waits.live_unit_slots(t, encoding.N_NUMBERS, 0) == (1 << n_units) - 1
    for live_to in range(levels):
        for live_from in range(levels):
            slots = waits.live_unit_slots(t, live_to, live_from)
            if live_to + 1 < levels:
                assert slots & ~waits.live_unit_slots(t, live_to + 1, live_from) == 0
            if live_from > 0:
                assert slots & ~waits.live_unit_slots(t, live_to, live_from - 1) == 0
            for k in range(MAX_CARD_UNITS):
                if slots >> k & 1:
                    i = MAX_CARD_UNITS * t + k
                    assert units.FREE_COPY_FIRST_NUMBER[i] <= live_to
                    assert units.FREE_COPY_LAST_NUMBER[i] + 1 >= live_from
