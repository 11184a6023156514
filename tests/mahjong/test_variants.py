"""The rule variants (全不靠, 七星不靠, 组合龙, the 258 pair, 缺一门, three players)
against their slow oracles (:mod:`tests.support.oracles.mahjong_rules`), published MCR waits and
xiangting's three-player functions."""

import numpy as np
import pytest
import xiangting

from lookup import mahjong
from lookup.errors import InvalidHandError
from lookup.mahjong import wins
from lookup.mahjong.encoding import CLASS_PAIR, HONOR_OFFSET, suit_keys
from lookup.mahjong.forms.limits import suits_held, waits_in_game
from lookup.mahjong.forms.standard import size_and_class, standard_waits
from lookup.mahjong.queries import HU_TING
from lookup.mahjong.rules import PRESETS, RuleSet
from lookup.mahjong.tiles import hand_counts, tile_name
from tests.support import mahjong_hands as handgen
from tests.support.oracles import mahjong_rules as slow

VARIANT_PRESETS = ["chinese", "sichuan", "changsha", "sanma"]
CUSTOM = {  # rule sets with one variant field each, beside the presets
    "only_knitted_straight": RuleSet("only_knitted_straight", knitted_straight=True),
    "only_pair_258": RuleSet("only_pair_258", pair_258=True),
    "one_suit": RuleSet("one_suit", max_suits=1),
    "pongs_waive_258": RuleSet("pongs_waive_258", pair_258=True, pongs_waive_258=True, honors=True),
    "sichuan_258": RuleSet("sichuan_258", pair_258=True, one_suit_waives_258=True, max_suits=2, honors=False),
}
ALL_RULES = {**{name: PRESETS[name] for name in VARIANT_PRESETS}, **CUSTOM}
HU_SIZES = (2, 5, 8, 11, 14)
TING_SIZES = (1, 4, 7, 10, 13)


def names(tiles):
    return " ".join(tile_name(t) for t in tiles)


# --- hu and ting -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(ALL_RULES))
def test_hu_matches_the_oracle_of_every_form(rng, name):
    rules = ALL_RULES[name]
    for n in HU_SIZES:
        hands = handgen.form_hands(rng, 150, n, rules)
        want = [slow.is_hu(h, rules) for h in hands]
        assert [mahjong.is_hu(h, rules) for h in hands] == want, n
        assert mahjong.is_hu_batch(np.array(hands), rules).tolist() == want
        if n >= 11:
            assert any(want) and not all(want)


@pytest.mark.parametrize("name", [*PRESETS, *CUSTOM])
def test_the_cheap_test_of_the_other_forms_passes_every_hand_they_win(rng, name):
    """``other_forms`` (what spares the hu kernel without jokers the full counts) is a
    necessary test: every hand that wins (the oracle) while its standard form with any pair
    does not, passes it; and it refuses most hands that do not win."""
    rules = {**PRESETS, **CUSTOM}[name]
    suit, honor = (np.asarray(a) for a in HU_TING.get()[0][:2])
    passed = refused = 0
    for n in HU_SIZES:
        for hand in handgen.form_hands(rng, 150, n, rules) + [handgen.random_hand(rng, n) for _ in range(50)]:
            counts = hand_counts(hand)
            k0, k1, k2, k3 = suit_keys(counts)
            e3 = int(honor[k3])
            total, classes = size_and_class((int(suit[k0]), int(suit[k1]), int(suit[k2]), e3))
            if classes == CLASS_PAIR or not rules.honors and any(counts[HONOR_OFFSET:]):
                continue
            odd, paired = sum(x % 2 for x in counts), max(counts) >= 2
            forms = wins.other_forms(counts, (k0, k1, k2, k3), e3, total, odd, paired, rules.bits, 0)
            may = forms != 0
            if slow.is_hu(hand, rules):
                assert may, names(hand)
            if not forms & wins.FORM_OTHER:  # the kernel answers from the special forms alone
                special = bool(forms) and suits_held((k0, k1, k2, k3)) <= rules.max_suits and \
                    wins.special_hu(counts, forms, rules.quad_as_two_pairs, 0)
                assert special == slow.is_hu(hand, rules), names(hand)
            passed += may
            refused += not may
    others = (rules.seven_pairs, rules.thirteen_orphans, rules.all_258, rules.knitted_honors, rules.knitted_straight)
    assert refused > passed and (passed > 0) == any(others)


@pytest.mark.parametrize("name", [*PRESETS, *CUSTOM])
def test_hands_the_cheap_test_refuses_wait_by_the_standard_form_only(rng, name):
    """What the ting kernel without jokers answers of a hand ``other_forms`` gives no FORM_OTHER
    (``missing`` 1) and that, under the 258 pair, has no standard wait: its standard waits and
    those of the special forms, kept to the tiles in the game and the suits allowed; the
    oracle's waits, for every such hand.
    The test passes some hands (those that may wait by another form) and refuses more."""
    rules = {**PRESETS, **CUSTOM}[name]
    suit, honor = (np.asarray(a) for a in HU_TING.get()[0][:2])
    passed = refused = 0
    for n in TING_SIZES:
        for hand in handgen.form_hands(rng, 150, n, rules) + [handgen.random_hand(rng, n) for _ in range(50)]:
            counts = hand_counts(hand)
            if not rules.honors and any(counts[HONOR_OFFSET:]):
                continue
            k0, k1, k2, k3 = suit_keys(counts)
            e0, e1, e2, e3 = int(suit[k0]), int(suit[k1]), int(suit[k2]), int(honor[k3])
            total, _ = size_and_class((e0, e1, e2, e3))
            odd, paired = sum(x % 2 for x in counts), max(counts) >= 2
            standard = standard_waits((e0, e1, e2, e3))
            forms = wins.other_forms(counts, (k0, k1, k2, k3), e3, total, odd, paired, rules.bits, 1)
            may = forms != 0
            passed += may
            refused += not may
            if not forms & wins.FORM_OTHER and not (rules.pair_258 and standard):
                special = wins.special_waits(counts, forms, rules.quad_as_two_pairs, 0) if forms else 0
                mask = waits_in_game(standard | special, (k0, k1, k2, k3), rules.bits)
                assert mahjong.mask_to_tiles(mask) == slow.ting(hand, rules), names(hand)
    others = (rules.seven_pairs, rules.thirteen_orphans, rules.all_258, rules.knitted_honors, rules.knitted_straight)
    assert refused > passed and (passed > 0) == any(others)


def test_a_hand_a_waiver_lifts_passes_the_cheap_waiver_test(rng):
    """``waivers_may_apply`` (what spares the kernels without jokers the row step on a standard
    form without its 258 pair) is necessary: every hand that wins or waits by 碰碰胡 or 清一色
    passes it, for each hand size; and it refuses most random hands."""
    rules = PRESETS["changsha"].bits
    passed = 0
    for n_melds in range(5):
        for hand in [handgen.pongs_hand(rng, n_melds, range(27)) for _ in range(40)] + \
                [handgen.one_suit_hand(rng, n_melds) for _ in range(40)]:
            for missing, hands in ((0, [hand]), (1, [handgen.minus_one(rng, hand) for _ in range(3)])):
                for counts in hands:
                    odd = sum(x % 2 for x in counts)
                    assert wins.waivers_may_apply(counts, suit_keys(counts), sum(counts), odd, rules, missing), counts
    for _ in range(300):
        counts = handgen.random_hand(rng, 14, range(27))
        passed += wins.waivers_may_apply(counts, suit_keys(counts), 14, sum(x % 2 for x in counts), rules, 0)
    assert passed < 30


@pytest.mark.parametrize("name", list(ALL_RULES))
def test_ting_matches_the_oracle_of_every_form(rng, name):
    rules = ALL_RULES[name]
    for n in TING_SIZES:
        hands = handgen.form_hands(rng, 80, n, rules)
        want = [slow.ting(h, rules) for h in hands]
        assert [mahjong.ting(h, rules) for h in hands] == want, n
        assert [mahjong.mask_to_tiles(m) for m in mahjong.ting_batch(np.array(hands), rules)] == want
        if n >= 10:
            assert any(want)


@pytest.mark.parametrize("text,waits", [
    ("369s147p1234567z", "2m 5m 8m"),
    ("58m369s17p134567z", "2m 4p 2z"),
    ("258m369s147p1567z", "2z 3z 4z"),
    ("25558m369s46778p", "1p"),
    ("25568m369s14777p", "4m 7m"),
    ("2458m369s147p", "4m"),
])
def test_published_mcr_waits(text, waits):
    assert names(mahjong.ting(text, "chinese")) == waits
    assert names(slow.ting(list(hand_counts(text)), PRESETS["chinese"])) == waits
    assert mahjong.shanten(text, "chinese") == 0
    assert mahjong.ting(text, "riichi") == [] or text == "2458m369s147p"  # only the knitted forms wait here


def test_knitted_honors_hands_win_under_chinese_only():
    assert mahjong.is_hu("147m258s36p123456z", "chinese")
    assert not mahjong.is_hu("147m258s36p123456z", "riichi")
    assert mahjong.decompositions("147m258s36p123456z", "chinese")[0].form == "knitted_honors"
    assert [d.form for d in mahjong.decompositions("147m258s3p1234567z", "chinese")] == ["greater_knitted_honors"]


def test_every_knitted_set_makes_each_knitted_form(rng):
    chinese = PRESETS["chinese"]
    for knitted in handgen.KNITTED_SETS:
        base = [0] * 34
        for t in knitted:
            base[t] = 1
        greater = list(base)
        for t in range(27, 34):
            greater[t] = 1
        for drop in knitted[::4]:  # 七星不靠: 7 of the 9 tiles and every honor
            hand = list(greater)
            hand[drop] = 0
            hand[knitted[(knitted.index(drop) + 1) % 9]] = 0
            assert mahjong.is_hu(hand, chinese) and slow.is_hu(hand, chinese)
            assert [d.form for d in mahjong.decompositions(hand, chinese)] == ["greater_knitted_honors"]
        straight = list(base)
        straight[27] += 2  # 组合龙 + a pair of 1z (11 tiles), + a pong of 2z (14)
        assert mahjong.is_hu(straight, chinese)
        straight[28] += 3
        found = mahjong.decompositions(straight, chinese)
        assert [(d.form, d.pair, d.melds, d.knitted) for d in found] == \
            [("knitted_straight", 27, (("pong", 28),), tuple(sorted(knitted)))]
        straight[28] -= 3
        lone = straight[:27] + [0, 0, 0, 1, 0, 0, 0]  # the 9 knitted tiles and 4z: waits the pair
        assert mahjong.shanten(lone, chinese) == 0 and mahjong.ting(lone, chinese) == [30]
        # one tile from each: every knitted set is found by ting and shanten
        for t in knitted:
            short = list(greater)
            short[t] = 0
            short[knitted[(knitted.index(t) + 1) % 9]] = 0
            short[27] = 0
            assert mahjong.shanten(short, chinese) == 0 and 27 in mahjong.ting(short, chinese)
        assert len(handgen.KNITTED_SETS) == 6


def _honors_first(rng, hand, n):
    """``hand`` with ``n`` of its tiles taken out, honors before the others (at random within each)."""
    hand = list(hand)
    for _ in range(n):
        honors = [t for t in range(27, 34) if hand[t]]
        held = honors or [t for t in range(34) if hand[t]]
        hand[int(rng.choice(held))] -= 1
    return hand


@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_knitted_straight_whose_rest_holds_honors(rng, jokers):
    """组合龙 hands with honors in the rest, ``jokers`` of their tiles (honors first) made jokers:
    the honors' entry bounds 组合龙 before its knitted sets are counted
    (``forms.knitted.honors_fit_rest``), so hands whose jokers complete the honors still win, and
    one tile fewer still waits, as the oracle says."""
    chinese = PRESETS["chinese"]
    hu_hands, ting_hands = [], []
    while len(hu_hands) < 40:
        hand = handgen.knitted_straight_hand(rng, 14 if len(hu_hands) % 2 else 11)
        if any(hand[27:]):
            hu_hands.append(_honors_first(rng, hand, jokers))
            ting_hands.append(_honors_first(rng, hu_hands[-1], 1))
    assert all(mahjong.is_hu(h, chinese, jokers=jokers) for h in hu_hands)
    assert mahjong.is_hu_batch(np.array(hu_hands, np.uint8), chinese, jokers=jokers).all()
    want = [slow.ting(h, chinese, jokers, hu=slow.is_hu_with_jokers) for h in ting_hands]
    assert [mahjong.ting(h, chinese, jokers=jokers) for h in ting_hands] == want
    got = mahjong.ting_batch(np.array(ting_hands, np.uint8), chinese, jokers=jokers)
    assert [mahjong.mask_to_tiles(m) for m in got] == want
    assert all(want)


def test_hands_that_are_two_forms_at_once():
    chinese = PRESETS["chinese"]
    # 七星不靠 is a 全不靠 too: listed once, as the greater
    greater = hand_counts("147m25s36p1234567z")
    assert slow.is_knitted_honors(list(greater)) and [d.form for d in mahjong.decompositions(greater, chinese)] == \
        ["greater_knitted_honors"]
    # seven pairs that split as standard hands too
    pairs = hand_counts("11223344556677m")
    forms = [d.form for d in mahjong.decompositions(pairs, chinese)]
    assert forms.count("standard") >= 1 and forms[-1] == "seven_pairs"
    # 将将胡 that is also seven pairs and a standard hand (changsha)
    jiang = hand_counts("222555888m22255p")
    forms = [d.form for d in mahjong.decompositions(jiang, "changsha")]
    assert forms == ["standard", "all_258"]
    jiang_pairs = hand_counts("2255m2288p225588s")
    forms = [d.form for d in mahjong.decompositions(jiang_pairs, "changsha")]
    assert forms == ["seven_pairs", "all_258"]


# --- shanten, discard advice, decompositions ---------------------------------------------------

@pytest.mark.parametrize("name", list(ALL_RULES))
def test_shanten_matches_the_oracle_of_every_form(rng, name):
    rules = ALL_RULES[name]
    for n in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
        hands = handgen.form_hands(rng, 25, n, rules)
        want = [slow.shanten(h, rules) for h in hands]
        assert mahjong.shanten_batch(np.array(hands), rules).tolist() == want, n
        assert [mahjong.shanten(h, rules) for h in hands[:5]] == want[:5]


@pytest.mark.parametrize("name", list(ALL_RULES))
def test_discard_advice_matches_the_oracle(rng, name):
    """Each discard's shanten is the oracle's; its waits are the tiles whose draw lowers that
    shanten (the oracle's own lowering tiles on the small hands, shanten_batch on the others)."""
    rules = ALL_RULES[name]
    play = slow.in_play(rules)
    for n in (5, 11, 14):
        for hand in handgen.form_hands(rng, 4, n, rules):
            advice = mahjong.discard_advice(hand, rules)
            assert sorted(a.discard for a in advice) == [t for t in range(34) if hand[t]]
            for a in advice:
                after = list(hand)
                after[a.discard] -= 1
                assert a.shanten == slow.shanten(after, rules)
                if n == 5:
                    assert list(a.waits) == slow.lowering_tiles(after, rules)
                else:
                    room = [t for t in play if after[t] < 4]
                    drawn = np.array([[x + (i == t) for i, x in enumerate(after)] for t in room])
                    lower = mahjong.shanten_batch(drawn, rules) < a.shanten
                    assert list(a.waits) == [t for t, yes in zip(room, lower) if yes]
                assert a.count == sum(4 - hand[t] for t in a.waits)
            assert [(a.shanten, -a.count, a.discard) for a in advice] == \
                sorted((a.shanten, -a.count, a.discard) for a in advice)


@pytest.mark.parametrize("name", list(ALL_RULES))
def test_decompositions_agree_with_hu(rng, name):
    rules = ALL_RULES[name]
    for n in HU_SIZES:
        for hand in handgen.form_hands(rng, 60, n, rules):
            found = mahjong.decompositions(hand, rules)
            assert bool(found) == slow.is_hu(hand, rules)
            for d in found:
                tiles = [0] * 34
                for kind, low in d.melds:
                    for t in ([low] * 3 if kind == "pong" else [low, low + 1, low + 2]):
                        tiles[t] += 1
                for t in d.pairs if d.form == "seven_pairs" else d.pairs[:0]:
                    tiles[t] += 2
                for t in d.knitted if d.form == "knitted_straight" else ():
                    tiles[t] += 1
                if d.form in ("standard", "knitted_straight"):
                    tiles[d.pair] += 2
                    if rules.pair_258 and d.form == "standard" and not (d.pair < 27 and d.pair % 9 in (1, 4, 7)):
                        assert (rules.pongs_waive_258 and all(kind == "pong" for kind, _ in d.melds)) \
                            or (rules.one_suit_waives_258 and len({t // 9 for t in range(34) if hand[t]}) == 1)
                if d.form in ("standard", "knitted_straight", "seven_pairs"):
                    assert tiles == list(hand), d
                if d.form in ("knitted_honors", "greater_knitted_honors"):
                    assert all(hand[t] <= 1 for t in range(34)) and \
                        all(t >= 27 or t in d.knitted for t in range(34) if hand[t])
                    assert (d.form == "greater_knitted_honors") == all(hand[27:])


# --- limits of the game: 缺一门, three players ---------------------------------------------------

def test_max_suits_limits_hu_ting_and_shanten():
    hand = hand_counts("123m456p789s11155m")
    assert mahjong.is_hu(hand, "standard") and not mahjong.is_hu(hand, "sichuan")
    assert mahjong.decompositions(hand, "sichuan") == []
    assert mahjong.ting("123m456p789s1155m", "standard") and mahjong.ting("123m456p789s1155m", "sichuan") == []
    # shanten: the three tiles of the suit to drop are replaced (the least over the suits)
    assert mahjong.shanten(hand, "sichuan") == slow.shanten(list(hand), PRESETS["sichuan"]) == 2
    advice = mahjong.discard_advice(hand, "sichuan")
    assert {tile_name(a.discard)[-1] for a in advice if a.shanten == advice[0].shanten} == {"p", "s"}


def test_tiles_out_of_the_game_are_refused():
    with pytest.raises(InvalidHandError, match=r"rule set 'sanma' has no tiles 2m-8m \(three players\), hand holds 5m"):
        mahjong.shanten("19m123p456s1112z5m", "sanma")
    for query in (mahjong.is_hu, mahjong.discard_advice, mahjong.decompositions, mahjong.shanten):
        with pytest.raises(InvalidHandError, match="has no honor tiles, hand holds 1z"):
            query("123m456p789s11p111z", "changsha")


def test_sanma_equals_xiangting_three_players(rng):
    three = xiangting.PlayerCount.THREE
    rules = PRESETS["sanma"]
    for n in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
        hands = handgen.form_hands(rng, 300, n, rules)
        rn = [xiangting.calculate_replacement_number(h, three) for h in hands]
        assert mahjong.shanten_batch(np.array(hands), rules).tolist() == [x - 1 for x in rn], n
        if n % 3 == 1:
            for h, x in zip(hands, rn):
                necessary = xiangting.calculate_necessary_tiles(h, three)[1]
                if x == 1:
                    assert mahjong.ting_mask(h, rules) == necessary
                else:
                    assert mahjong.ting_mask(h, rules) == 0
        else:
            for h in hands[:40]:
                for a in mahjong.discard_advice(h, rules):
                    after = list(h)
                    after[a.discard] -= 1
                    assert (a.shanten + 1, a.wait_mask) == xiangting.calculate_necessary_tiles(after, three)


@pytest.mark.parametrize("name", ["standard", "riichi", "chinese", "changsha", "sichuan", "sanma"])
def test_batch_and_scalar_agree(rng, name):
    rules = PRESETS[name]
    hands = [h for n in (2, 5, 8, 11, 14) for h in handgen.form_hands(rng, 40, n, rules)]
    waits = [h for n in (1, 4, 7, 10, 13) for h in handgen.form_hands(rng, 40, n, rules)]
    assert mahjong.is_hu_batch(np.array(hands), rules).tolist() == [mahjong.is_hu(h, rules) for h in hands]
    assert mahjong.ting_batch(np.array(waits), rules).tolist() == [mahjong.ting_mask(h, rules) for h in waits]
    both = hands + waits
    assert mahjong.shanten_batch(np.array(both), rules).tolist() == [mahjong.shanten(h, rules) for h in both]


def test_the_suit_dropped_is_the_best_of_the_three():
    """缺一门 shanten is the least over the suit dropped: each of the three can be the best, and
    discard advice then prefers its tiles."""
    for drop in range(3):
        kept = [s for s in range(3) if s != drop]
        hand = [0] * 34
        for s, ranks in zip(kept, ((0, 1, 2, 3, 4, 5), (0, 1, 2, 6, 6))):
            for r in ranks:
                hand[9 * s + r] += 1
        for r in (4, 8):
            hand[9 * drop + r] += 1
        hand[9 * kept[0] + 8] += 1
        assert sum(hand) == 14
        assert mahjong.shanten(hand, "sichuan") == slow.shanten(hand, PRESETS["sichuan"]) == 1
        assert [a.discard // 9 for a in mahjong.discard_advice(hand, "sichuan")[:2]] == [drop, drop]


def test_knitted_rest_keys_take_one_of_each_held_tile_of_the_set():
    """``knitted_rest_keys`` (its weights computed without a branch per rank) against the keys of
    the counts with one of each held tile of the set taken out, for every set and every subset
    of ranks held (the step itself, as Python)."""
    from lookup.mahjong.encoding import KNITTED_GROUPS, N_SUIT_RANKS, suit_key
    from lookup.mahjong.forms.knitted import knitted_rest_keys

    rng = np.random.default_rng(1511)
    for i, groups in enumerate(KNITTED_GROUPS):
        for _ in range(300):
            suits = [rng.integers(0, 5, N_SUIT_RANKS) for _ in range(3)]
            masks = [sum(1 << r for r in range(N_SUIT_RANKS) if s[r]) for s in suits]
            rests = [[x - (x > 0 and r % 3 == g) for r, x in enumerate(s)] for s, g in zip(suits, groups)]
            got = knitted_rest_keys((*(suit_key(s) for s in suits), 0), (*masks, 0), i)
            assert got == (*(suit_key(rest) for rest in rests), 0), (i, suits)


def test_count_masks_read_off_the_suit_keys():
    """组合龙's count masks come from two tables indexed by the low and high digits of each
    suit key: their union against the digits of every key of a suit, then ``count_masks``
    against the counts of random hands (honors included)."""
    from lookup.mahjong.encoding import (
        COUNT_BASE,
        HONOR_OFFSET,
        MAX_COPIES,
        N_SUIT_RANKS,
        N_TILE_KINDS,
        SUIT_OFFSETS,
        suit_key,
    )
    from lookup.mahjong.forms.knitted_rest import count_masks, suit_count_masks

    keys = np.arange(COUNT_BASE ** N_SUIT_RANKS, dtype=np.int64)
    digits = [keys // COUNT_BASE ** r % COUNT_BASE for r in range(N_SUIT_RANKS)]
    got = suit_count_masks(keys)  # the jitable as Python: numpy indexing by every key at once
    for j in range(MAX_COPIES):
        want = sum((d > j).astype(np.int64) << r for r, d in enumerate(digits))
        assert np.array_equal(got >> (j * N_SUIT_RANKS) & ((1 << N_SUIT_RANKS) - 1), want), j

    rng = np.random.default_rng(1513)
    for _ in range(500):
        c = rng.integers(0, MAX_COPIES + 1, N_TILE_KINDS).astype(np.uint8)
        k0, k1, k2 = (suit_key(c[offset:offset + N_SUIT_RANKS]) for offset in SUIT_OFFSETS[:3])
        want = tuple(sum(1 << t for t in range(HONOR_OFFSET) if c[t] > j) for j in range(MAX_COPIES))
        honors = c[HONOR_OFFSET:]
        assert count_masks(c, (k0, k1, k2, 0)) == (*want, (honors >= 2).sum(), honors.max() >= 3), c.tolist()


def test_rest_tests_of_the_knitted_straight_bound_its_rest():
    """组合龙's cheap tests on the count masks against the oracle's standard lacking of the rest
    (one of each held tile of the set taken out), on hands of 10, 11, 13 and 14 tiles, random,
    of every form and one or two tiles off: ``rest_may_be_done`` and ``rest_may_lack`` are False
    only when the rest lacks more than the slack, and for slack 1 ``rest_may_lack`` is exact."""
    from lookup.mahjong.encoding import KNITTED_SETS, N_SUIT_RANKS, SUIT_OFFSETS, suit_key
    from lookup.mahjong.forms.knitted_rest import count_masks, rest_may_be_done, rest_may_lack

    rules = PRESETS["chinese"]
    rng = np.random.default_rng(1517)
    caps = [4] * 34
    refused = [0, 0, 0]  # per slack
    for n_tiles in (10, 11, 13, 14):
        k = n_tiles // 3
        hands = handgen.form_hands(rng, 240, n_tiles, rules)
        for hand in hands:
            c = np.array(hand, np.uint8)
            keys = tuple(suit_key(c[offset:offset + N_SUIT_RANKS]) for offset in SUIT_OFFSETS[:3])
            masks = count_masks(c, (*keys, 0))
            for i, knitted in enumerate(KNITTED_SETS):
                rest = [x - (t in knitted and x > 0) for t, x in enumerate(hand)]
                lacking = slow.standard_lacking(rest, caps, ["num"] * 3 + ["hon"], k - 3, 0, [(0, 1, 2, 3)])
                assert rest_may_be_done(masks, i, k - 3) or lacking > 0, (hand, i)
                for slack in range(3):
                    may = rest_may_lack(masks, i, k - 3, slack)
                    assert may or lacking > slack, (hand, i, slack)
                    if slack == 1:
                        assert may == (lacking <= 1), (hand, i)
                    refused[slack] += not may
    assert refused[0] and refused[1], refused  # the samples hold rests each test refuses
