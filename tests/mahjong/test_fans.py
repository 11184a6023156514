"""Chinese Official scoring (``fan``, ``fan_waits``, ``fan_batch``) against the plain-Python
twin (``tests.support.oracles.chinese_fans``) and pymahjonggb, on seeded hands of every
shape, the classic hands, and every kind of bad input."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from lookup import mahjong
from lookup.errors import InvalidArgumentError, InvalidHandError, InvalidMeldError, InvalidTileError, PaibiaoError
from lookup.mahjong.scoring import FLAGS, MELD_KINDS, SITUATION
from lookup.mahjong.scoring.chinese.fans import FAN_NAMES, MIN_FANS
from tests.support import gb_hands as gen
from tests.support.oracles import chinese_fans as cf

N_WINNING = 2500
N_CHANGED = 600


def valid(case: gen.Case) -> gen.Case:
    """The case with the flags that cannot hold dropped (the library refuses them; the twin and
    pymahjonggb drop them), and 和绝张 as the melds force it."""
    s = cf.situation(case.hand, case.win_tile, case.melds, **case.kwargs())
    return replace(case, fourth_tile=s.fourth_tile, kong=s.kong)


def scored(case: gen.Case) -> mahjong.FanScore | None:
    return mahjong.fan(list(case.hand), case.win_tile, case.melds, **case.kwargs())


def summary(result) -> tuple[int, Counter] | None:
    return None if result is None else (result.total, Counter(name for name, _ in result.fans))


def batch_of(cases: list[gen.Case]) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
    """fan_batch's arguments for ``cases``."""
    melds = np.zeros((len(cases), 4, 2), np.int8)
    for i, case in enumerate(cases):
        for j, (kind, tile) in enumerate(case.melds):
            melds[i, j] = MELD_KINDS[kind], tile
    flags = {name: np.array([getattr(case, name) for case in cases]) for name in SITUATION}
    return np.array([case.hand for case in cases], np.uint8), np.array([c.win_tile for c in cases]), melds, flags


@pytest.fixture(scope="module")
def winning() -> list[gen.Case]:
    rng = np.random.default_rng(20261205)
    return [valid(gen.random_case(rng)) for _ in range(N_WINNING)]


@pytest.fixture(scope="module")
def changed() -> list[gen.Case]:
    rng = np.random.default_rng(1205)
    return [valid(gen.losing_case(rng)) for _ in range(N_CHANGED)]


def test_equals_the_twin(winning, changed):
    cases = winning + changed
    bad = [(case, got, want) for case in cases
           if (got := summary(scored(case))) != (want := summary(cf.score(case.hand, case.win_tile, case.melds,
                                                                              **case.kwargs())))]
    assert not bad, f"{len(bad)} of {len(cases)} differ; the first: {bad[0]}"
    assert sum(scored(case) is None for case in changed) > N_CHANGED // 2


def test_every_fan_is_counted_somewhere(winning):
    seen = Counter(name for case in winning for name, _ in scored(case).fans)
    assert [name for name in FAN_NAMES if not seen[name]] == []


def test_equals_pymahjonggb(winning, changed):
    calculator = pytest.importorskip("MahjongGB").MahjongFanCalculator
    cases = winning[:800] + changed[:200]
    bad = [(case, got, want) for case in cases
           if (got := summary(scored(case))) != (want := gen.reference(calculator, case))]
    assert not bad, f"{len(bad)} of {len(cases)} differ; the first: {bad[0]}"


@pytest.mark.parametrize("name, hand, win, melds, flags, total, fans", gen.CLASSIC, ids=[c[0] for c in gen.CLASSIC])
def test_classic_hands(name, hand, win, melds, flags, total, fans):
    calculator = pytest.importorskip("MahjongGB").MahjongFanCalculator
    case = gen.case_of(hand, win, melds, **flags)
    assert summary(scored(case)) == gen.reference(calculator, case)
    text = mahjong.fan(hand, win, melds, **flags)  # the same hand in tile text
    assert summary(text) == summary(scored(case))


def test_the_decomposition_is_one_of_the_hands(winning):
    for case in [c for c in winning if not c.melds][:400]:
        result = scored(case)
        tiles = list(case.hand)
        tiles[case.win_tile] += 1
        assert result.decomposition in mahjong.decompositions(tiles, "chinese"), case


def test_the_scored_reading_is_the_twins(winning):
    for case in winning[:600]:
        got, want = scored(case).decomposition, cf.score(case.hand, case.win_tile, case.melds, **case.kwargs())
        read = want.decomposition
        hand_melds = sorted((m.kind, m.tile) for m in read.melds if not m.declared)
        assert got.form.replace("greater_", "").replace("knitted_honors", "honors_knitted") == read.form, case
        if read.form in ("standard", "knitted_straight"):
            assert (got.pair, sorted(got.melds)) == (read.pair, hand_melds), case


def test_batch_equals_one_by_one(winning, changed):
    cases = winning[:1000] + changed
    hands, wins, melds, flags = batch_of(cases)
    totals = mahjong.fan_batch(hands, wins, melds, **flags)
    assert totals.dtype == np.int16 and totals.shape == (len(cases),)
    assert totals.tolist() == [-1 if (r := scored(c)) is None else r.total for c in cases]


def test_batch_flags_as_scalars_and_no_melds():
    rng = np.random.default_rng(3)
    cases = [replace(gen.random_case(rng, "seven_pairs"), self_drawn=True, seat_wind=2, flowers=3, fourth_tile=False,
                     kong=False, last_tile=False, round_wind=0) for _ in range(50)]
    hands, wins, _, _ = batch_of(cases)
    got = mahjong.fan_batch(hands, wins, self_drawn=True, seat_wind=2, flowers=3, kong=False)
    assert got.tolist() == [scored(c).total for c in cases]
    assert mahjong.fan_batch(np.zeros((0, 34), np.uint8), np.zeros(0, np.int64)).shape == (0,)


def test_waits_are_the_wins_worth_the_minimum(winning):
    for case in winning[:300]:
        hand = list(case.hand)
        kwargs = {k: v for k, v in case.kwargs().items() if k not in ("fourth_tile", "kong")}
        for min_fan in (0, MIN_FANS):
            want = {}
            for w in range(34):
                held = hand[w] + sum(gen.meld_tiles(kind, t).count(w) for kind, t in case.melds)
                if held >= 4:
                    continue
                result = mahjong.fan(hand, w, case.melds, **kwargs)
                if result is not None and result.total - case.flowers >= min_fan:
                    want[w] = result.total
            assert mahjong.fan_waits(hand, case.melds, min_fan=min_fan, **kwargs) == want, case


def test_waits_on_tiles_the_flags_refuse_are_not_listed():
    # 和绝张 and 抢杠和 cannot be won on a tile the hand holds, nor 抢杠和 on a tile of the melds
    for hand, melds in (("23m567p999s111z22z", ()), ("1234m567p999s111z", ()), ("23m567p999s22z", (("chow", 0),))):
        counts = mahjong.hand_counts(hand)
        plain = mahjong.fan_waits(hand, melds, min_fan=0)
        last = mahjong.fan_waits(hand, melds, min_fan=0, fourth_tile=True)
        robbed = mahjong.fan_waits(hand, melds, min_fan=0, kong=True)
        assert plain
        assert last == {t: plain[t] + 4 for t in plain if not counts[t]}
        assert robbed == {t: plain[t] + 8 for t in plain
                          if not counts[t] and all(t not in gen.meld_tiles(*meld) for meld in melds)}


def fan_or_refusal(hand: list[int], tile: int, melds, flags: dict) -> mahjong.FanScore | PaibiaoError | None:
    try:
        return mahjong.fan(hand, tile, melds, **flags)
    except PaibiaoError as error:
        return error


def test_waits_are_the_tiles_fan_scores_under_every_flag():
    rng = np.random.default_rng(7)
    hands = []
    for _ in range(40):  # ready hands of every shape, some with melds
        case = gen.random_case(rng)
        hands.append((list(case.hand), case.melds, case.seat_wind, case.round_wind, case.flowers))
    for _ in range(10):  # 13 tiles drawn from the wall
        hand = np.bincount(rng.permutation(np.repeat(np.arange(34), 4))[:13], minlength=34).tolist()
        hands.append((hand, (), int(rng.integers(4)), int(rng.integers(4)), int(rng.integers(3))))
    for hand, melds, seat_wind, round_wind, flowers in hands:
        for bits in itertools.product((False, True), repeat=len(FLAGS)):
            flags = dict(zip(FLAGS, bits), seat_wind=seat_wind, round_wind=round_wind, flowers=flowers)
            results = [fan_or_refusal(hand, w, melds, flags) for w in range(34)]
            try:
                waits = mahjong.fan_waits(hand, melds, min_fan=0, **flags)
            except PaibiaoError as error:  # only when fan refuses every tile, with its error
                assert all(isinstance(r, PaibiaoError) for r in results), (hand, melds, flags)
                assert (type(error), str(error)) == (type(results[0]), str(results[0])), (hand, melds, flags)
                continue
            scored = {w: r.total for w, r in enumerate(results) if isinstance(r, mahjong.FanScore)}
            assert waits == scored, (hand, melds, flags)
            enough = {w: total for w, total in scored.items() if total - flowers >= MIN_FANS}
            assert mahjong.fan_waits(hand, melds, **flags) == enough, (hand, melds, flags)


def test_no_win_is_none():
    assert mahjong.fan("1112345678999m", "1z") is None
    assert mahjong.fan_batch([list(mahjong.hand_counts("1112345678999m"))], [27]).tolist() == [-1]


BAD = [
    (("123m456p789s112z", "3z", ()), InvalidHandError, "12 tiles in hand with 0 melds"),
    (("123m456p789s", "1z", (("pong", "1z"),)), InvalidHandError, "9 tiles in hand with 1 meld"),
    (("1m456p789s111z", "1m", (("kong", "1m"),)), InvalidHandError, "1m: 6 copies"),
    (("1m456p789s111z", "1m", (("triple", "1m"),)), InvalidMeldError, "bad meld kind"),
    (("1m456p789s111z", "2m", (("chow", "8m"),)), InvalidMeldError, "no chow starts at 8m"),
    (("1m456p789s111z", "2m", (("chow", "1z"),)), InvalidMeldError, "no chow starts at 1z"),
    (("1m456p789s111z", "2m", ("chow 1m",)), InvalidMeldError, r"a meld is a \(kind, tile\) pair"),
    (("1m456p789s111z", "2m", (("pong", "1m2m"),)), InvalidTileError, "one tile"),
    (("1112345678999m", "5m5m", ()), InvalidTileError, "one tile"),
    (("1112345678999m", 34, ()), InvalidTileError, "0..33"),
]


@pytest.mark.parametrize("args, error, words", BAD, ids=[str(b[0][:2]) for b in BAD])
def test_bad_input(args, error, words):
    with pytest.raises(error, match=words) as raised:
        mahjong.fan(*args)
    assert "\n" not in str(raised.value)


BAD_FLAGS = [
    ({"kong": True, "self_drawn": True}, "needs a declared kong"),
    ({"kong": True, "win": "1m"}, "the hand holds 1m"),
    ({"fourth_tile": True, "win": "1m"}, "last copy"),
    ({"seat_wind": 4}, "seat_wind must be an integer 0..3"),
    ({"round_wind": -1}, "round_wind"),
    ({"flowers": 9}, "flowers must be an integer 0..8"),
    ({"self_drawn": 1}, "self_drawn must be a bool"),
]


@pytest.mark.parametrize("flags, words", BAD_FLAGS, ids=[b[1] for b in BAD_FLAGS])
def test_flags_that_cannot_hold(flags, words):
    flags = dict(flags)
    win = flags.pop("win", "5m")
    with pytest.raises(InvalidArgumentError, match=words):
        mahjong.fan("1112345678999m", win, **flags)


def test_robbing_a_kong_of_a_meld_tile():
    with pytest.raises(InvalidArgumentError, match="a meld holds 3m"):
        mahjong.fan("456m678p99s11z", "3m", (("chow", "1m"),), kong=True)


def test_batch_errors_name_the_row():
    hands = np.array([list(mahjong.hand_counts("1112345678999m"))] * 3, np.uint8)
    melds = np.zeros((3, 4, 2), np.int8)
    with pytest.raises(InvalidArgumentError, match="^row 2: kong with self_drawn"):
        mahjong.fan_batch(hands, [4, 4, 4], kong=np.array([False, False, True]), self_drawn=True)
    melds[1, 1] = 2, 30  # a pong after an empty row
    with pytest.raises(InvalidMeldError, match="^row 1: melds: a meld follows an empty row"):
        mahjong.fan_batch(hands, [4, 4, 4], melds)
    with pytest.raises(InvalidArgumentError, match="row 1: flowers must be 0..8"):
        mahjong.fan_batch(hands, [4, 4, 4], flowers=[0, 9, 0])
    with pytest.raises(InvalidTileError, match="^row 0: the win tile"):
        mahjong.fan_batch(hands, [40, 4, 4])
    with pytest.raises(PaibiaoError, match="win_tiles must be 3 integers"):
        mahjong.fan_batch(hands, [4, 4])
    with pytest.raises(InvalidMeldError, match="shape"):
        mahjong.fan_batch(hands, [4, 4, 4], np.zeros((3, 3, 2), np.int8))
