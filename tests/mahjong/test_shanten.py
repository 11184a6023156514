"""Shanten and discard advice against xiangting (riichi) and the slow per-suit definition."""

import itertools

import numpy as np
import pytest
import xiangting

from lookup import mahjong, tables
from lookup.errors import InvalidHandError, InvalidRulesError
from lookup.mahjong.encoding import (
    COUNT_BASE,
    FORM_STATS_SHIFT,
    LANE_MASK,
    N_CLASSES,
    N_SUIT_RANKS,
    NOT_CONCAVE,
    REST_CLASSES,
    REST_CODE_BITS,
    class_costs,
    plain_words,
    rest_codes,
    rest_lacking_table,
    rest_triples,
    shanten_shift,
    suit_key,
    suit_keys,
)
from lookup.mahjong.forms.costs import (
    FAR,
    PLAIN_WORDS,
    cost,
    greedy_lacking,
    merge,
    merge_parts,
    share,
    standard_costs,
    word_group_held,
)
from lookup.mahjong.forms.knitted import KNITTED_TILES, knitted_most, words_knitted_most
from lookup.mahjong.kernels import knitted_shanten_batch, shanten_batch
from lookup.mahjong.lacking import entries_lacking
from lookup.mahjong.rules import PRESETS, RuleSet
from lookup.mahjong.shanten import SHANTEN
from lookup.mahjong.tiles import hand_counts
from tests.support import mahjong_hands as handgen
from tests.support.oracles import mahjong_rules as rules_slow

FOUR = xiangting.PlayerCount.FOUR
SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


def xiangting_shanten(counts):
    return xiangting.calculate_replacement_number(list(counts), FOUR) - 1


def four_copy_hands(rng, n):
    """Hands that hold all 4 copies of kinds a target would want (seeded)."""
    out = []
    while len(out) < n:
        size = int(rng.choice([10, 11, 13, 14]))
        counts = [0] * 34
        for t in rng.choice(34, int(rng.integers(1, 4)), replace=False):
            counts[int(t)] = 4
        if sum(counts) > size:
            continue
        rest = handgen.random_hand(rng, size - sum(counts))
        if all(a + b <= 4 for a, b in zip(counts, rest)):
            out.append([a + b for a, b in zip(counts, rest)])
    return out


def test_riichi_shanten_equals_xiangting_on_a_large_sample(rng):
    hands = [handgen.random_hand(rng, n) for n in SIZES for _ in range(2500)]
    hands += handgen.mixed_hands(rng, 5000, 14) + handgen.mixed_hands(rng, 5000, 13)
    hands += four_copy_hands(rng, 3000)
    got = mahjong.shanten_batch(np.array(hands, np.uint8), "riichi")
    want = [xiangting_shanten(h) for h in hands]
    assert got.tolist() == want
    assert min(want) == -1 and max(want) >= 5


CRAFTED_FOUR_COPIES = [
    "1111m2222p3333s44z",  # pongs need a fifth copy
    "1111m234p567s789s1z",  # the 1m pair or pong wants a fifth 1m
    "1111222233334m",  # nine-gates-like shapes with full kinds
    "11112222m3333p4z",
    "5555m5555p5555s11z",
    "1111m1111p1111s1z",
    "1111z2222z3333z4z",
    "11223344m",
]


@pytest.mark.parametrize("text", CRAFTED_FOUR_COPIES)
def test_four_copy_hands_equal_xiangting(text):
    counts = list(hand_counts(text))
    assert mahjong.shanten(counts, "riichi") == xiangting_shanten(counts)


@pytest.mark.parametrize("rules", ["standard", "chinese", "sichuan"])
def test_other_rules_match_the_slow_definition(rng, rules):
    honors = PRESETS[rules].honors
    hands = [handgen.random_hand(rng, n, range(34) if honors else range(27)) for n in SIZES for _ in range(6)]
    hands += handgen.mixed_hands(rng, 30, 14, honors)
    got = mahjong.shanten_batch(np.array(hands, np.uint8), rules).tolist()
    assert got == [rules_slow.shanten(h, PRESETS[rules]) for h in hands]


def test_plain_rules_without_honors_match_the_slow_definition(rng):
    rules = RuleSet("no-honors", seven_pairs=True, quad_as_two_pairs=True, honors=False)  # a plain rule set
    assert rules.plain
    hands = [handgen.random_hand(rng, n, range(27)) for n in SIZES for _ in range(20)]
    hands += handgen.mixed_hands(rng, 100, 14, False) + handgen.mixed_hands(rng, 100, 13, False)
    got = mahjong.shanten_batch(np.array(hands, np.uint8), rules).tolist()
    assert got == [rules_slow.shanten(h, rules) for h in hands]


def used_steps(entry, pair):
    """Increments of the tiles used by m = 0..4 melds (and the pair), read one class at a time."""
    used = [3 * m + 2 * pair - cost(int(entry), m, pair) for m in range(5)]
    return [b - a for a, b in zip(used, used[1:])]


@pytest.mark.parametrize("kind, n_ranks, some_flagged", [("suit", 9, True), ("honor", 7, False)])
def test_plain_words_give_the_merged_standard_lacking(rng, kind, n_ranks, some_flagged):
    """Every key of a sample: NOT_CONCAVE exactly when a used-tile sequence is not concave
    (some suit keys are, no honor key); four words of keys that are give the lacking of the
    min-plus merges, for every k."""
    entries = tables.load("mahjong")[f"{kind}/shanten"]
    words = tables.load("mahjong")[f"{kind}/plain_words"]
    assert np.array_equal(words, plain_words(entries))  # the generator stored what the entries give
    sample = [int(q) for q in rng.integers(0, len(entries), 4000)]
    sample += [suit_key(handgen.random_hand(rng, int(n), range(n_ranks))[:n_ranks])
               for n in rng.integers(0, 9, 4000)]  # the few-tile keys of real hands
    flagged = 0
    for q in sample:
        concave = all(all(0 <= a <= 3 and b <= a for a, b in zip(steps, steps[1:])) and 0 <= steps[-1] <= 3
                      for steps in (used_steps(entries[q], 0), used_steps(entries[q], 1)))
        assert bool(words[q] & NOT_CONCAVE) == (not concave or cost(int(entries[q]), 0, 1) > 2)
        flagged += not concave
        assert int(words[q]) >> FORM_STATS_SHIFT == int(entries[q]) >> FORM_STATS_SHIFT
    assert (flagged > 0) == some_flagged and flagged < len(sample)
    suit_entries = tables.load("mahjong")["suit/shanten"]
    suit_words = plain_words(suit_entries)
    small = [q for q in sample if not words[q] & NOT_CONCAVE]
    for _ in range(3000):
        keys = [int(q) for q in rng.choice(small, 4)]
        e = [int(suit_entries[q]) for q in keys[:3]] + [int(entries[keys[3]])]
        g = [int(suit_words[q]) for q in keys[:3]] + [int(words[keys[3]])]
        if any(x & NOT_CONCAVE for x in g):
            continue
        merged = standard_costs(tuple(e), True)
        for k in range(5):
            assert greedy_lacking(tuple(g), k) == share(merged[0], merged[1], k)


def test_plain_words_hold_the_rank_groups_held(rng):
    """A numbered suit's word holds, per rank group (ranks g, g + 3, g + 6), how many of its
    ranks the key holds (its base-5 digits read one by one); an honor word holds none. Four
    rows' words give the knitted bound :func:`.knitted_most` reads off the counts."""
    stored = tables.load("mahjong")
    words, honor_words = stored["suit/plain_words"], stored["honor/plain_words"]
    for q in [int(q) for q in rng.integers(0, len(words), 3000)] + [0, len(words) - 1]:
        digits = [q // COUNT_BASE ** r % COUNT_BASE for r in range(N_SUIT_RANKS)]
        for g in range(3):
            assert word_group_held(int(words[q]), g) == sum(d > 0 for d in digits[g::3]), (q, g)
    assert all(word_group_held(int(w), g) == 0 for w in honor_words[::97] for g in range(3))
    rows = [handgen.random_hand(rng, int(n)) for n in rng.integers(1, 15, 3000)]
    rows += [handgen.knitted_straight_hand(rng) for _ in range(300)]  # a knitted set held whole
    rows += [handgen.knitted_honors_hand(rng) for _ in range(300)]
    for c in rows:
        k0, k1, k2, _ = suit_keys(np.array(c, np.uint8))
        assert words_knitted_most((int(words[k0]), int(words[k1]), int(words[k2]), 0)) == \
            knitted_most(np.array(c, np.uint8)), c


@pytest.mark.parametrize("kind, n_ranks", [("suit", 9), ("honor", 7)])
def test_a_word_counts_a_3_increment_exactly_when_its_suit_holds_a_whole_meld(kind, n_ranks):
    """Every key whose word is concave: its lane of 3-tile increments (of the melds without the
    pair) counts one exactly when the suit holds a pung or (numbered) a chow, which the
    组合龙 bound of ``lacking.entries_lacking`` relies on."""
    words = np.asarray(tables.load("mahjong")[f"{kind}/plain_words"])
    keys = np.arange(len(words))
    counts = np.stack([keys // COUNT_BASE ** r % COUNT_BASE for r in range(n_ranks)], axis=1)
    whole = (counts >= 3).any(axis=1)
    if n_ranks == N_SUIT_RANKS:
        held = counts > 0
        whole |= (held[:, :-2] & held[:, 1:-1] & held[:, 2:]).any(axis=1)
    concave = (words & np.uint64(NOT_CONCAVE)) == 0
    threes = (words & np.uint64(LANE_MASK)) != 0
    assert np.array_equal(threes[concave], whole[concave])
    assert whole[concave].any() and not whole[concave].all()


def _knitted_straight_hands(rng, n):
    """Hands of 11, 13 and 14 tiles (one joker among them in a quarter): a knitted set with 0..2
    of its tiles dropped, the rest random, so that 组合龙 is often their best form."""
    hands = []
    while len(hands) < n:
        size = int(rng.choice([11, 13, 14]))
        jokers = int(rng.random() < 0.25)
        knitted = list(rules_slow.KNITTED[int(rng.integers(len(rules_slow.KNITTED)))])
        kept = [int(t) for t in rng.choice(knitted, KNITTED_TILES - int(rng.integers(3)), replace=False)]
        counts = [0] * 34
        for t in kept:
            counts[t] += 1
        rest = handgen.random_hand(rng, size - jokers - len(kept))
        counts = [a + b for a, b in zip(counts, rest)]
        if max(counts) <= 4:
            hands.append((counts, jokers))
    return hands


def test_the_knitted_straight_bound_is_no_more_than_its_lacking(rng):
    """``entries_lacking``'s 组合龙 term (the knitted tiles missing, plus one for a rest with no
    pair, plus one for a rest that needs a meld when no suit holds one), read as the batch
    kernel reads the entries, is what that definition gives, and wherever 组合龙 lacks fewer
    than every other form (the oracle), it is at most that lacking, so the kernel goes on to
    count it. The two added terms do raise it on some hands."""
    rules = PRESETS["chinese"]
    view = tables.load("mahjong")
    suit, honor = view["suit/shanten"], view["honor/shanten"]
    words, honor_words = view["suit/plain_words"], view["honor/plain_words"]
    raised = below = 0
    for counts, jokers in _knitted_straight_hands(rng, 1500):
        c = np.array(counts, np.uint8)
        k0, k1, k2, k3 = suit_keys(c)
        e = [int(words[k0]), int(words[k1]), int(words[k2]), int(honor_words[k3])]
        counted = not any(x & NOT_CONCAVE for x in e)
        if not counted:
            e = [int(suit[k0]), int(suit[k1]), int(suit[k2]), int(honor[k3])]
        forms = entries_lacking(c, tuple(e), tuple(e[:3]), (0, 0, 0, 0), (0, 0, 0), sum(counts), jokers, rules.bits,
                                counted)
        k = (sum(counts) + jokers) // 3
        straight = rules_slow.knitted_straight_lacking(counts, rules, jokers)
        if straight < min(forms[:7]):
            below += 1
            assert forms[7] <= straight, (counts, jokers)
        if forms[7] < FAR:  # the term as its definition gives it
            no_meld = not (max(counts) >= 3 or any(counts[t] and counts[t + 1] and counts[t + 2]
                                                   for t in range(27) if t % 9 < 7))
            bound = KNITTED_TILES - knitted_most(c) + (max(counts) < 2) + \
                (counted and k > 3 and no_meld)
            assert forms[7] == bound, (counts, jokers)
            raised += bound > KNITTED_TILES - knitted_most(c)
    assert below > 100 and raised > 100


# --- 组合龙 by rest codes: the knitted rules' kernel ------------------------------------------

@pytest.mark.exhaustive
def test_rest_codes_hold_the_costs_of_every_rest():
    """Every key: a numbered key's rest code of rank group g stands for the costs of (1 meld),
    (the pair), (1 meld, the pair) of the key with one of each held rank of the group taken
    out (its digits lowered one by one); an honor key's, for its own. The generator stored
    what the entries give."""
    stored = tables.load("mahjong")
    suit, honor = stored["suit/shanten"], stored["honor/shanten"]
    triples = rest_triples(suit, honor)
    codes, honor_codes = np.asarray(stored["suit/rest_codes"]), np.asarray(stored["honor/rest_codes"])
    assert np.array_equal(codes, rest_codes(suit, triples)) and np.array_equal(honor_codes, rest_codes(honor, triples))
    assert np.array_equal(stored["knitted/rest_lacking"], rest_lacking_table(triples))
    keys = np.arange(len(suit))
    digits = np.stack([keys // COUNT_BASE ** r % COUNT_BASE for r in range(N_SUIT_RANKS)], axis=1)
    weights = COUNT_BASE ** np.arange(N_SUIT_RANKS)
    for g in range(3):
        taken = digits.copy()
        taken[:, g::3] = np.maximum(taken[:, g::3] - 1, 0)
        code = (codes >> np.uint16(REST_CODE_BITS * g)) & np.uint16((1 << REST_CODE_BITS) - 1)
        assert np.array_equal(triples[code], class_costs(suit[taken @ weights], REST_CLASSES)), g
    assert np.array_equal(triples[honor_codes], class_costs(honor, REST_CLASSES))


@pytest.mark.exhaustive
def test_rest_lacking_is_the_least_over_the_suits_of_the_meld_and_the_pair():
    """Every four codes in use: row 0 is the pair alone in its cheapest suit; row 1 the meld
    and the pair in one suit (its both-class cost) or in two (the meld's plus the pair's)."""
    stored = tables.load("mahjong")
    triples = rest_triples(stored["suit/shanten"], stored["honor/shanten"]).tolist()
    table = np.asarray(stored["knitted/rest_lacking"])
    meld, pair, both = REST_CLASSES.index((1, 0)), REST_CLASSES.index((0, 1)), REST_CLASSES.index((1, 1))
    for codes in itertools.product(range(len(triples)), repeat=4):
        suits = [triples[c] for c in codes]
        index = sum(c << (REST_CODE_BITS * s) for s, c in enumerate(codes))
        assert table[0, index] == min(x[pair] for x in suits)
        assert table[1, index] == min(suits[s][both] if s == t else suits[s][meld] + suits[t][pair]
                                      for s in range(4) for t in range(4)), codes


def _knitted_rule_sets():
    """Every valid rule set the knitted kernel serves: the plain flags with 全不靠 and/or 组合龙."""
    sets = []
    for flags in itertools.product((False, True), repeat=6):
        seven, quads, orphans, honors, knitted_honors, knitted_straight = flags
        try:
            rules = RuleSet("knitted", seven_pairs=seven, quad_as_two_pairs=quads, thirteen_orphans=orphans,
                            honors=honors, knitted_honors=knitted_honors, knitted_straight=knitted_straight)
        except InvalidRulesError:
            continue
        assert rules.knitted == (knitted_honors or knitted_straight)
        if rules.knitted:
            sets.append(rules)
    return sets


def test_the_knitted_kernel_answers_as_the_kernel_of_any_rules(rng):
    """Under every rule set it serves, on random rows of every size (some with keys whose words
    are NOT_CONCAVE), hands near 组合龙 and 全不靠, and rows it must refuse: the same answers,
    or the same status and first bad row, as ``shanten_batch``."""
    view = SHANTEN.get()
    no_jokers = np.empty(0, np.uint8)
    rule_sets = _knitted_rule_sets()
    assert len(rule_sets) > 10 and PRESETS["chinese"].bits in {rules.bits for rules in rule_sets}
    flagged = 0
    for rules in rule_sets:
        kinds = range(34) if rules.honors else range(27)
        hands = [handgen.random_hand(rng, n, kinds) for n in SIZES for _ in range(300)]
        hands += handgen.form_hands(rng, 300, 14, rules) + handgen.form_hands(rng, 300, 13, rules)
        if rules.honors:
            hands += [counts for counts, jokers in _knitted_straight_hands(rng, 600) if not jokers]
            hands += [handgen.knitted_honors_hand(rng) for _ in range(200)]
        rows = np.array(hands, np.uint8)
        words = view.entries[PLAIN_WORDS[0]]
        flagged += sum(any(words[k] & NOT_CONCAVE for k in suit_keys(row)[:3]) for row in rows)
        want, got = np.empty(len(rows), np.int8), np.empty(len(rows), np.int8)
        assert shanten_batch(rows, no_jokers, view.entries, view.over_keys, view.over, rules.bits, want) == \
            knitted_shanten_batch(rows, view.entries, view.rest, rules.bits, got) == (0, len(rows))
        assert np.array_equal(got, want), rules
        bad = rows[:5].copy()
        bad[3, 0] = 5  # five copies: refused, row 3 named
        refused = shanten_batch(bad, no_jokers, view.entries, view.over_keys, view.over, rules.bits, want)
        assert refused[1] == 3 and knitted_shanten_batch(bad, view.entries, view.rest, rules.bits, got) == refused
    assert flagged > 100
    chinese = [h for h in handgen.form_hands(rng, 200, 14, PRESETS["chinese"])]
    assert mahjong.shanten_batch(np.array(chinese, np.uint8), "chinese").tolist() == \
        [mahjong.shanten(h, "chinese") for h in chinese]


def test_standard_rules_ignore_the_special_forms():
    assert mahjong.shanten("1122m3344p5566s77z", "riichi") == -1
    assert mahjong.shanten("1122m3344p5566s77z", "standard") > 0
    assert mahjong.shanten("19m19p19s1234567z7z", "riichi") == -1
    assert mahjong.shanten("11112233m445566p", "chinese") == -1  # four of a kind as two pairs


def test_scalar_equals_batch(rng):
    hands = [handgen.random_hand(rng, n) for n in SIZES for _ in range(30)]
    for rules in ("riichi", "standard", "chinese"):
        batch = mahjong.shanten_batch(np.array(hands, np.uint8), rules)
        assert batch.dtype == np.int8
        assert batch.tolist() == [mahjong.shanten(h, rules) for h in hands]


def test_shanten_errors():
    with pytest.raises(InvalidHandError, match="1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 tiles, got 3"):
        mahjong.shanten("123m")
    with pytest.raises(InvalidHandError, match="row 1: shanten needs 1..14 tiles"):
        mahjong.shanten_batch(np.array([[2] + [0] * 33, [0] * 34], np.uint8))
    with pytest.raises(InvalidHandError, match="row 0: holds 5 copies"):
        mahjong.shanten_batch(np.array([[5] + [0] * 33], np.uint8))
    with pytest.raises(InvalidHandError, match="no honor tiles"):
        mahjong.shanten("11z", "sichuan")


# --- discard advice --------------------------------------------------------------------------

def test_discard_advice_equals_a_loop_over_xiangting(rng):
    hands = handgen.mixed_hands(rng, 400, 14) + [handgen.random_hand(rng, n) for n in (2, 5, 8, 11) for _ in range(50)]
    hands += [h for h in four_copy_hands(rng, 300) if sum(h) % 3 == 2]
    for hand in hands:
        advice = mahjong.discard_advice(hand, "riichi")
        assert sorted(a.discard for a in advice) == [t for t in range(34) if hand[t]]
        for a in advice:
            after = list(hand)
            after[a.discard] -= 1
            rn, needed = xiangting.calculate_necessary_tiles(after, FOUR)
            assert a.shanten == rn - 1
            assert list(a.waits) == [t for t in range(34) if needed >> t & 1]
            assert a.count == sum(4 - hand[t] for t in a.waits)
        keys = [(a.shanten, -a.count, a.discard) for a in advice]
        assert keys == sorted(keys)


@pytest.mark.parametrize("rules", ["standard", "chinese", "sichuan"])
def test_discard_advice_under_other_rules_agrees_with_shanten(rng, rules):
    """Each row's shanten and waits equal those of shanten_batch on the hand after the discard."""
    honors = PRESETS[rules].honors
    for hand in handgen.mixed_hands(rng, 60, 14, honors):
        for a in mahjong.discard_advice(hand, rules):
            after = np.array(hand, np.uint8)
            after[a.discard] -= 1
            assert a.shanten == mahjong.shanten_batch(after[None], rules)[0]
            drawn = np.repeat(after[None], 34, axis=0) + np.eye(34, dtype=np.uint8)
            room = np.flatnonzero(after[:34 if honors else 27] < 4)
            lower = mahjong.shanten_batch(drawn[room], rules) < a.shanten
            assert list(a.waits) == room[lower].tolist()


@pytest.mark.parametrize("rules", ["standard", "chinese", "sichuan"])
def test_discard_advice_of_small_hands_matches_the_definition(rng, rules):
    kinds = range(34) if PRESETS[rules].honors else range(27)
    for hand in [handgen.random_hand(rng, n, kinds) for n in (5, 8) for _ in range(5)]:
        for a in mahjong.discard_advice(hand, rules):
            after = list(hand)
            after[a.discard] -= 1
            assert a.shanten == rules_slow.shanten(after, PRESETS[rules])
            assert list(a.waits) == rules_slow.lowering_tiles(after, PRESETS[rules])


def test_discard_advice_of_a_crafted_hand():
    advice = mahjong.discard_advice("123m456p789s111z2z4z", "standard")
    assert advice[0] == (28, 0, 3, 1 << 30) and advice[0].waits == (30,)  # drop South: tenpai on North
    assert advice[1] == (30, 0, 3, 1 << 28) and advice[1].waits == (28,)  # drop North: a higher tile
    assert repr(advice[0]) == "Advice(discard=28, shanten=0, waits=(30,), count=3)"
    assert {a.discard for a in advice if a.shanten == 0} == {28, 30}
    assert mahjong.discard_advice("11m", "riichi") == [(0, 0, 2, 1)]
    with pytest.raises(InvalidHandError, match="discard advice needs a hand of 2, 5, 8, 11, 14"):
        mahjong.discard_advice("123m")


# --- visible tiles and the batch of discards ---------------------------------------------------

def _visible(rng, rows, share=0.3):
    """Seeded visible counts beside each row: some of the copies each row leaves unheld."""
    room = 4 - rows.astype(np.int64)
    seen = rng.integers(0, 5, rows.shape) % (room + 1)
    return (seen * (rng.random(rows.shape) < share)).astype(np.uint8)


def _less(rng, row, n):
    """``row`` with n of its tiles taken out at random (seeded)."""
    row = row.copy()
    for _ in range(n):
        row[rng.choice(np.flatnonzero(row))] -= 1
    return row


def test_merge_parts_are_the_classes_of_the_cheapest_splits(rng):
    """Run as plain Python against every split of every class asked for: a class of x (of y)
    takes part when some split of an asked class through it costs what the merge does."""
    for _ in range(400):
        x, y = (tuple(int(v) for v in np.where(rng.random(N_CLASSES) < 0.15, FAR, rng.integers(0, 7, N_CLASSES)))
                for _ in range(2))
        rows = np.array([x, y, merge(x, y)], np.int64)
        asked = [c for c in range(N_CLASSES) if rng.random() < 0.3]
        want_x, want_y = 0, 0
        for c in asked:
            for cx, cy in itertools.product(range(N_CLASSES), repeat=2):
                if cx // 2 + cy // 2 == c // 2 and cx % 2 + cy % 2 == c % 2 and x[cx] + y[cy] == rows[2, c]:
                    want_x |= 1 << shanten_shift(cx // 2, cx % 2)
                    want_y |= 1 << shanten_shift(cy // 2, cy % 2)
        fields = sum(1 << shanten_shift(c // 2, c % 2) for c in asked)
        assert merge_parts(rows, 0, 1, 2, fields) == (want_x, want_y), (x, y, asked)


def _features_of_advice(advice):
    """discard_batch's three columns of one hand, built from its discard_advice rows."""
    shanten, waits, ukeire = np.full(34, -1, np.int8), np.zeros(34, np.uint64), np.zeros(34, np.int16)
    for a in advice:
        shanten[a.discard], waits[a.discard], ukeire[a.discard] = a.shanten, a.wait_mask, a.count
    return shanten, waits, ukeire


@pytest.mark.parametrize("rules", list(PRESETS))
def test_discard_batch_equals_discard_advice_row_by_row(rng, rules):
    """Every preset, with and without jokers (one count for all, or one per row) and visible
    tiles (none, one row for all, one row per hand)."""
    rows = np.array([h for size in (14, 11, 8, 5) for h in handgen.form_hands(rng, 12, size, PRESETS[rules])],
                    np.uint8)
    per_row_jokers = rng.integers(1, 3, len(rows))
    shared = _visible(rng, rows.max(axis=0, keepdims=True), share=0.2)[0]  # fits beside every row
    for jokers in (0, 1, per_row_jokers):  # each row keeps its size, jokers standing for tiles taken out
        hands = np.array([_less(rng, row, n) for row, n in zip(rows, np.broadcast_to(jokers, len(rows)))], np.uint8)
        for visible in (None, shared, _visible(rng, hands)):
            features = mahjong.discard_batch(hands, rules, visible=visible, jokers=jokers)
            assert features.shanten.dtype == np.int8 and features.waits.dtype == np.uint64
            assert features.ukeire.dtype == np.int16 and features.shanten.shape == hands.shape
            for i, hand in enumerate(hands):
                seen = None if visible is None else (visible if visible.ndim == 1 else visible[i]).tolist()
                j = jokers if np.isscalar(jokers) else int(jokers[i])
                expected = _features_of_advice(mahjong.discard_advice(hand.tolist(), rules, jokers=j, visible=seen))
                for column, want in zip(features, expected):
                    assert np.array_equal(column[i], want), (rules, hand.tolist(), j, seen)


def test_visible_tiles_leave_the_waits_and_take_their_copies(rng):
    """Against xiangting on the hand after each discard: the waits are the necessary tiles,
    whatever is visible; the count is 4 less the held and the visible copies of each."""
    hands = np.array(handgen.mixed_hands(rng, 200, 14), np.uint8)
    visible = _visible(rng, hands)
    for hand, seen in zip(hands.tolist(), visible.tolist()):
        for a in mahjong.discard_advice(hand, "riichi", visible=seen):
            after = list(hand)
            after[a.discard] -= 1
            _, needed = xiangting.calculate_necessary_tiles(after, FOUR)
            assert list(a.waits) == [t for t in range(34) if needed >> t & 1]
            assert a.count == sum(4 - hand[t] - seen[t] for t in a.waits)
        keys = [(a.shanten, -a.count, a.discard) for a in mahjong.discard_advice(hand, "riichi", visible=seen)]
        assert keys == sorted(keys)


def test_visible_tiles_in_any_notation():
    hand = "123m456p789s111z2z4z"
    by_text = mahjong.discard_advice(hand, "standard", visible="2z2z4z")
    by_counts = mahjong.discard_advice(hand, "standard", visible=list(hand_counts("22z4z")))
    by_indices = mahjong.discard_advice(hand, "standard", visible=mahjong.parse_tiles("2z2z4z"))
    assert by_text == by_counts == by_indices
    south, north = mahjong.parse_tiles("2z4z")
    # with two Souths and one North seen, dropping South waits on North's 2 unseen copies
    assert (by_text[0].discard, by_text[0].waits, by_text[0].count) == (south, (north,), 2)
    assert mahjong.discard_advice(hand, "standard", visible=None) == mahjong.discard_advice(hand, "standard")


def test_visible_errors():
    with pytest.raises(InvalidHandError, match=r"1z: 3 held and 2 visible, more than the 4 copies"):
        mahjong.discard_advice("123m456p789s111z2z4z", "standard", visible="11z")
    with pytest.raises(InvalidHandError, match="5 copies of 1z"):
        mahjong.discard_advice("123m456p789s111z2z4z", "standard", visible="11111z")
    hands = np.array([list(hand_counts("123m456p789s111z2z4z"))] * 3, np.uint8)
    with pytest.raises(InvalidHandError, match=r"row 0: 1z: 3 held and 2 visible"):
        mahjong.discard_batch(hands, "standard", visible=list(hand_counts("11z")))
    with pytest.raises(InvalidHandError, match=r"visible must have shape \(34,\) or \(3, 34\)"):
        mahjong.discard_batch(hands, "standard", visible=np.zeros((2, 34), np.uint8))
    with pytest.raises(InvalidHandError, match="visible row 0: counts must be 0..4"):
        mahjong.discard_batch(hands, "standard", visible=np.full(34, 7))
    with pytest.raises(InvalidHandError, match=r"row 1: discards need a hand of 2, 5, 8, 11, 14 tiles"):
        mahjong.discard_batch(np.array([hands[0], hands[0] * 0 + np.eye(34, dtype=np.uint8)[0]]), "standard")
    with pytest.raises(InvalidHandError, match="jokers must be 0..8"):
        mahjong.discard_batch(hands, "standard", jokers=9)
