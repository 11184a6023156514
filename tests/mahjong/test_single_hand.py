"""The single-hand kernels behind scalar ting, shanten and discard advice.

Under plain rules without jokers, ``ting_mask`` and ``shanten`` run one compiled row step
(:func:`lookup.mahjong.kernels.ting_one`, :func:`lookup.mahjong.kernels.shanten_one`)
through its entry point (:func:`lookup.jit.direct`), and ``discard_advice`` validates the hand
in its kernel. Their answers are checked against the slow definitions of
``tests.support.oracles.mahjong_rules``, and every refusal against the Python checks' messages.
"""

import numpy as np
import pytest

from lookup import jit, mahjong
from lookup.errors import InvalidHandError
from lookup.mahjong.inputs import PLAIN_BITS, hand_row
from lookup.mahjong.rules import PRESETS, RuleSet
from lookup.mahjong.tiles import hand_counts
from tests.support import mahjong_hands as handgen
from tests.support.oracles import mahjong_rules as rules_slow

NO_HONORS = RuleSet(name="plain, no honors", seven_pairs=True, honors=False)
QUADS = RuleSet(name="plain, quads as two pairs", seven_pairs=True, quad_as_two_pairs=True, thirteen_orphans=True)
PLAIN = [PRESETS["standard"], PRESETS["riichi"], QUADS, NO_HONORS]


def test_plain_bits_name_exactly_the_plain_presets():
    assert PLAIN_BITS == {name: r.bits for name, r in PRESETS.items() if r.plain}
    assert {"standard", "riichi"} <= set(PLAIN_BITS)
    assert QUADS.plain and NO_HONORS.plain


def _hands(rng, rules, n_tiles, n):
    hands = handgen.mixed_hands(rng, n, n_tiles, honors=rules.honors)
    return [h for h in hands if sum(h) == n_tiles]


@pytest.mark.parametrize("rules", PLAIN, ids=lambda r: r.name)
def test_ting_of_one_hand_is_the_definition(rng, rules):
    hands = _hands(rng, rules, 13, 150) + [handgen.random_hand(rng, n, range(34 if rules.honors else 27))
                                           for n in (1, 4, 7, 10) for _ in range(20)]
    for h in hands:
        expected = sum(1 << t for t in rules_slow.ting(h, rules))
        assert mahjong.ting_mask(h, rules) == expected, h
        assert mahjong.ting_mask(h, rules.name if rules.name in PLAIN_BITS else rules) == expected


@pytest.mark.parametrize("rules", PLAIN, ids=lambda r: r.name)
def test_shanten_of_one_hand_is_the_definition(rng, rules):
    hands = _hands(rng, rules, 13, 60) + _hands(rng, rules, 14, 60)
    kinds = range(34 if rules.honors else 27)
    hands += [handgen.random_hand(rng, n, kinds) for n in (1, 2, 5, 8, 11) for _ in range(8)]
    for h in hands:
        assert mahjong.shanten(h, rules) == rules_slow.shanten(h, rules), h


@pytest.mark.parametrize("rules", PLAIN, ids=lambda r: r.name)
def test_single_hand_answers_equal_the_batch_on_many_hands(rng, rules):
    waits = _hands(rng, rules, 13, 3000)
    both = waits + _hands(rng, rules, 14, 3000)
    assert [mahjong.ting_mask(h, rules) for h in waits] == mahjong.ting_batch(np.array(waits), rules).tolist()
    assert [mahjong.shanten(h, rules) for h in both] == mahjong.shanten_batch(np.array(both), rules).tolist()


def test_every_hand_form_takes_the_same_path():
    text = "1112345678999m"
    forms = [text, hand_counts(text), list(hand_counts(text)), np.array(list(hand_counts(text))),
             tuple(hand_counts(text))]
    assert {mahjong.ting_mask(f, "riichi") for f in forms} == {sum(1 << t for t in range(9))}
    assert {mahjong.shanten(f, "riichi") for f in forms} == {0}


def test_a_list_of_tile_indices_is_not_read_as_counts():
    """Scalar ting and shanten hand a list straight to their kernels; one of other than 34
    entries is tile indices, which the kernels refuse to read and the checked path counts."""
    indices = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    assert mahjong.ting_mask(indices, "riichi") == (1 << 9) - 1
    assert mahjong.shanten(indices, "riichi") == mahjong.shanten(list(hand_counts(indices)), "riichi") == 0
    longer = indices + [33]
    assert mahjong.shanten(longer, "riichi") == rules_slow.shanten(list(hand_counts(longer)), PRESETS["riichi"])


@pytest.mark.parametrize("rules", PLAIN, ids=lambda r: r.name)
def test_hands_with_no_count_above_one_are_answered(rng, rules):
    """Such a row is flagged by the kernels (it could be a bool mask); an int list still gets
    its shanten and waits, equal to the definitions."""
    kinds = 34 if rules.honors else 27
    for n in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
        for _ in range(6):
            hand = [0] * 34
            for t in rng.choice(kinds, n, replace=False):
                hand[int(t)] = 1
            name = rules.name if rules.name in PLAIN_BITS else rules
            assert mahjong.shanten(hand, rules) == mahjong.shanten(hand, name) == rules_slow.shanten(hand, rules)
            if n % 3 == 1:
                expected = sum(1 << t for t in rules_slow.ting(hand, rules))
                assert mahjong.ting_mask(hand, rules) == mahjong.ting_mask(hand, name) == expected, hand


def test_the_single_hand_ting_kernel_packs_flags_below_and_above_every_mask():
    from lookup.mahjong.queries import TING_ONE
    from lookup.mahjong.row import ONE_REFUSED, ONE_SINGLES_BIT

    one = TING_ONE.get().plain["riichi"]
    assert one(bytearray(hand_counts("1112345678999m"))) == (1 << 9) - 1
    assert one(bytearray(hand_counts("19m19p19s1234567z"))) == ONE_SINGLES_BIT | mahjong.ting_mask(
        "19m19p19s1234567z", "riichi")
    assert one(bytearray(hand_counts("12m"))) == ONE_REFUSED - jit.ERR_SIZE
    assert one(bytearray(13)) == ONE_REFUSED - jit.ERR_SIZE  # 13 counts: not a row
    assert one(bytearray([5] + [1] * 8 + [0] * 25)) == ONE_REFUSED - jit.ERR_COPIES


def test_the_single_hand_shanten_kernel_packs_flags_below_and_above_every_shanten():
    from lookup.mahjong.row import ONE_REFUSED, ONE_SINGLES
    from lookup.mahjong.shanten import SHANTEN_ONE

    one = SHANTEN_ONE.get().plain["riichi"]
    assert one(bytearray(hand_counts("123m456p789s11z22z"))) == 0
    assert one(bytearray(hand_counts("19m19p19s1234567z"))) == ONE_SINGLES + 0
    assert one(bytearray(hand_counts("123m"))) == ONE_REFUSED - jit.ERR_SIZE
    assert one(bytearray(13)) == ONE_REFUSED - jit.ERR_SIZE  # 13 counts: not a row
    assert one(bytearray([5] + [1] * 8 + [0] * 25)) == ONE_REFUSED - jit.ERR_COPIES


def test_hand_row_is_a_bytearray_of_the_counts():
    counts = hand_counts("123m456p789s11z")
    for hand in ("123m456p789s11z", list(counts), np.array(list(counts)), tuple(counts)):
        row = hand_row(hand)
        assert row.__class__ is bytearray and bytes(row) == counts


def _message(call):
    with pytest.raises(InvalidHandError) as error:
        call()
    return str(error.value)


@pytest.mark.parametrize("query, size", [(mahjong.ting_mask, 13), (mahjong.shanten, 13),
                                         (mahjong.discard_advice, 14)])
def test_a_count_over_four_is_refused_as_the_notation_refuses_it(query, size):
    hand = [5] + [1] * (size - 5) + [0] * (34 - size + 4)
    assert _message(lambda: query(hand, "riichi")) == _message(lambda: hand_counts(hand))


@pytest.mark.parametrize("query, sizes, name", [(mahjong.ting_mask, (14, 15, 0), "ting"),
                                                (mahjong.shanten, (12, 15, 0), "shanten"),
                                                (mahjong.discard_advice, (13, 17, 0), "discard advice")])
def test_a_wrong_size_names_the_sizes_the_query_takes(query, sizes, name):
    for n in sizes:
        hand = [1] * n + [0] * (34 - n)
        message = _message(lambda hand=hand: query(hand, "riichi"))
        assert message.startswith(f"{name} needs a hand of ") and message.endswith(f"got {n}")


@pytest.mark.parametrize("query, hand", [(mahjong.ting_mask, "123456789m1234z"), (mahjong.shanten, "123m1z"),
                                         (mahjong.discard_advice, "123456789m11223z")])
def test_honors_are_refused_without_them(query, hand):
    assert "has no honor tiles" in _message(lambda: query(hand, NO_HONORS))


@pytest.mark.parametrize("query", [mahjong.ting_mask, mahjong.shanten])
def test_bools_and_negative_counts_are_refused(query):
    with pytest.raises(InvalidHandError):
        query([True] * 13 + [False] * 21, "riichi")
    with pytest.raises(InvalidHandError):
        query([-1] + [1] * 14 + [0] * 19, "riichi")


def test_discard_advice_with_jokers_names_the_jokers_in_its_size_error():
    message = _message(lambda: mahjong.discard_advice("123m456p789s11z", "riichi", jokers=1))
    assert "(jokers included)" in message and "got 11 tiles and 1 joker" in message


def test_a_direct_entry_answers_as_its_dispatcher():
    from lookup.addresses import table_addresses
    from lookup.mahjong.encoding import ENTRY_DTYPE
    from lookup.mahjong.kernels import ting_one
    from lookup.mahjong.queries import HU_TING

    arrays = HU_TING.get()[0]
    addresses = table_addresses((arrays[0], arrays[1]), ENTRY_DTYPE)
    entry = jit.direct(ting_one, addresses, 0, bytearray(34))
    bits = PRESETS["riichi"].bits
    for text in ("1112345678999m", "1122m3344p5566s7z", "19m19p19s1234567z", "5m", "123m"):
        row = bytearray(hand_counts(text))
        assert entry(addresses, bits, row) == ting_one(addresses, bits, row)
    assert entry is jit.direct(ting_one, addresses, 0, bytearray(34))  # compiled once


@pytest.mark.parametrize("rules", PLAIN, ids=lambda r: r.name)
def test_discard_advice_under_plain_rules_is_its_definition(rng, rules):
    """Each discard's shanten, waits (the tiles of the game held fewer than 4 times whose draw
    lowers that shanten) and unseen copies, from shanten_batch (itself checked against the
    definitions), and the order best first."""
    in_play = range(34 if rules.honors else 27)
    for hand in _hands(rng, rules, 14, 120) + [handgen.random_hand(rng, n, in_play) for n in (2, 5, 8, 11)]:
        rows = []
        for d in sorted({t for t in range(34) if hand[t]}):
            after = list(hand)
            after[d] -= 1
            draws = [t for t in in_play if after[t] < 4]
            drawn = np.array([after] * len(draws), np.uint8)
            drawn[np.arange(len(draws)), draws] += 1
            shanten = mahjong.shanten(after, rules)
            waits = tuple(t for t, s in zip(draws, mahjong.shanten_batch(drawn, rules).tolist()) if s < shanten)
            rows.append((d, shanten, waits, sum(4 - hand[t] for t in waits)))
        rows.sort(key=lambda row: (row[1], -row[3], row[0]))
        got = [(a.discard, a.shanten, a.waits, a.count) for a in mahjong.discard_advice(hand, rules)]
        assert got == rows, hand
