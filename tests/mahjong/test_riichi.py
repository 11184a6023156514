"""Riichi scoring against the ``mahjong`` package's ``HandCalculator`` on seeded random hands of
every yaku (open and closed melds, kongs, red fives, dora, every flag and wind) under several
rule options; the batch and the waits against the scalar query; the fu step against its
plain-Python twin; the refusals of input that cannot be."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from lookup.errors import (
    InvalidArgumentError,
    InvalidHandError,
    InvalidMeldError,
    InvalidRulesError,
    InvalidSituationError,
    InvalidTileError,
)
from lookup.mahjong import riichi
from lookup.mahjong.decompositions import decompositions
from lookup.mahjong.scoring.readings import Meld, ReadingRow
from lookup.mahjong.scoring.riichi.fu import group_fu
from lookup.mahjong.scoring.riichi.hand import N_COLS, N_RULES, Col, Rule
from lookup.mahjong.scoring.riichi.scratch import WORK_SHAPE
from tests.support import riichi_hands as rh
from tests.support.oracles import riichi_fu

pytest.importorskip("mahjong")

RULE_SETS = {
    "default": {},
    "aka": {"aka": True},
    "kuitan_kiriage": {"kuitan": True, "aka": True, "kiriage": True},
    "single_yakuman_sanbaiman": {"double_yakuman": False, "kazoe": "sanbaiman"},
    "unlimited_fu_rules": {"kazoe": "unlimited", "fu_for_open_pinfu": False, "fu_for_pinfu_tsumo": True},
}
N_HANDS = 900
CHANGED_SHARE = 0.25


def sample(seed: int, rules: dict, n: int) -> list[rh.Case]:
    rng = np.random.default_rng(seed)
    cases = []
    for _ in range(n):
        case = rh.random_case(rng, aka=rules.get("aka", False))
        cases.append(rh.changed_case(rng, case) if rng.random() < CHANGED_SHARE else case)
    return cases


def scored(case: rh.Case, rules: riichi.Rules) -> riichi.RiichiScore | None:
    return riichi.score(case.hand_text(), case.win_text(), case.meld_args(), rules=rules, **case.kwargs())


@pytest.fixture(scope="module", params=list(RULE_SETS))
def checked(request):
    """(rules keywords, cases, ours, HandCalculator's) of one rule set's sample."""
    rules_kw = RULE_SETS[request.param]
    rules = riichi.Rules(**rules_kw)
    cases = sample(len(request.param) * 1000 + 58, rules_kw, N_HANDS)
    return rules_kw, cases, [scored(c, rules) for c in cases], [rh.reference(c, rules_kw) for c in cases]


def test_random_hands_match_hand_calculator(checked):
    _, cases, ours, want = checked
    bad = [(c.hand_text(), c.win_text(), c.meld_args(), c.kwargs(), g, w)
           for c, got, w in zip(cases, ours, want) if (g := rh.ours(got)) != w]
    assert not bad, f"{len(bad)} of {len(cases)} hands differ; the first: {bad[0]}"


def test_the_sample_holds_losing_and_yakuless_hands(checked):
    _, _, ours, _ = checked
    kinds = Counter("none" if r is None else "no yaku" if r.han == 0 else "yaku" for r in ours)
    assert kinds["none"] > 20 and kinds["no yaku"] > 5 and kinds["yaku"] > N_HANDS // 2, kinds


def test_every_yaku_and_dora_is_in_the_sample():
    rules_kw = {"aka": True}
    rules = riichi.Rules(**rules_kw)
    seen = Counter(name for case in sample(20261207, rules_kw, 2500)
                   if (r := scored(case, rules)) is not None for name, _ in r.yaku)
    missing = [name for name in (*riichi.YAKU_NAMES, *riichi.DORA_NAMES) if not seen[name]]
    assert not missing, missing


def test_yaku_names_are_the_reference_calculators():
    from mahjong.hand_calculating.yaku_config import YakuConfig

    theirs = {y.name for y in vars(YakuConfig()).values() if hasattr(y, "name")}
    assert set(riichi.YAKU_NAMES) | set(riichi.DORA_NAMES) <= theirs


def test_documented_examples():
    """The examples of HandCalculator's docstring (seat north: not the dealer)."""
    tanyao = riichi.score("22444m333567p44s", "4s", seat_wind=3)
    assert (tanyao.han, tanyao.fu, tanyao.main) == (1, 40, 1300)
    pinfu = riichi.score("234789m1234566p", "6p", tsumo=True, riichi=True, seat_wind=3)
    assert (pinfu.han, pinfu.fu, pinfu.main, pinfu.additional) == (3, 20, 1300, 700)
    dealer = riichi.score("234789m1234566p", "6p", tsumo=True, riichi=True, ippatsu=True)
    assert dealer.main == dealer.additional and dealer.han == 4
    dora = riichi.score("23456m22p234s", "7m", [("pong", "555z")], dora=["6m"], seat_wind=3)
    assert dora.han == 2 and ("Dora", 1) in dora.yaku and ("Yakuhai (haku)", 1) in dora.yaku
    assert riichi.score("2345m", "9m", [("chow", "123p"), ("chow", "456p"), ("chow", "789s")]) is None


def test_red_fives_in_hand_win_tile_and_melds():
    rules = riichi.Rules(aka=True)
    r = riichi.score("406m123p789s1122z", "1z", rules=rules, riichi=True)
    assert ("Aka Dora", 1) in r.yaku
    r = riichi.score("406m789s1122z", "1z", [("pong", "550p")], rules=rules)
    assert ("Aka Dora", 2) in r.yaku
    r = riichi.score("46m123p789s11122z", "0m", rules=rules, riichi=True)
    assert ("Aka Dora", 1) in r.yaku
    assert riichi.score("456m123p789s1122z", "1z", riichi=True) == riichi.score(
        [0] * 3 + [1, 1, 1] + [0] * 3 + [1, 1, 1] + [0] * 12 + [1, 1, 1] + [2, 2] + [0] * 5, 27, riichi=True)


def batch_of(cases: list[rh.Case]) -> dict:
    rows = [c.batch_row() for c in cases]
    out = dict(hands=np.array([r[0] for r in rows], np.uint8), win_tiles=np.array([r[1] for r in rows]),
               melds=np.array([r[2] for r in rows], np.int8), aka=np.array([r[3] for r in rows]),
               dora=np.array([r[4] for r in rows]), ura_dora=np.array([r[5] for r in rows]))
    for name in ("seat_wind", "round_wind", "honba", "kyoutaku"):
        out[name] = np.array([getattr(c, name) for c in cases])
    for name in rh.FLAGS:
        out[name] = np.array([c.flags.get(name, False) for c in cases])
    return out


def test_score_batch_equals_score_row_by_row(checked):
    rules_kw, cases, ours, _ = checked
    got = riichi.score_batch(rules=riichi.Rules(**rules_kw), **batch_of(cases))
    assert got.dtype.names == ("han", "fu", "main", "additional", "total")
    want = [(-1, 0, 0, 0, 0) if r is None else (r.han, r.fu, r.main, r.additional, r.total) if r.han else
            (0, 0, 0, 0, 0) for r in ours]
    assert got.tolist() == want


def test_score_batch_takes_scalar_flags_and_no_melds():
    hands = np.array([rh.Case([0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, 14, 27], 27).counts()] * 3, np.uint8)
    got = riichi.score_batch(hands, np.array([27, 27, 28]), riichi=True, tsumo=np.array([True, False, False]))
    assert got["han"].tolist()[2] == -1
    assert got["han"][0] > got["han"][1] > 0
    assert riichi.score_batch(np.zeros((0, 34), np.uint8), np.zeros(0, np.int64)).shape == (0,)


def test_score_waits_equals_score():
    rng = np.random.default_rng(11)
    checked_waits = 0
    for _ in range(60):
        case = rh.random_case(rng)
        case.flags = {k: v for k, v in case.flags.items() if k not in ("chankan", "rinshan", "haitei", "houtei")}
        kwargs = case.kwargs()
        waits = riichi.score_waits(case.hand_text(), case.meld_args(), **kwargs)
        for tile in range(34):
            try:
                want = riichi.score(case.hand_text(), tile, case.meld_args(), **kwargs)
            except InvalidHandError:
                want = None
            if want is not None and want.han > 0:
                assert waits.pop(tile) == want
                checked_waits += 1
        assert not waits
    assert checked_waits > 60


def test_fu_step_matches_its_twin():
    """Every standard reading of seeded hands, won on each of its groups that holds the win
    tile, under both tsumo and ron and every fu option."""
    rng = np.random.default_rng(5)
    work = np.zeros(WORK_SHAPE, np.int64)
    reasons = np.zeros(WORK_SHAPE[1], np.int64)
    kinds = {"chow": Meld.CHOW, "pong": Meld.PONG, "kong": Meld.KONG}
    n_checked = 0
    for _ in range(300):
        case = rh.random_case(rng)
        concealed = [*case.concealed, case.win]
        for reading in decompositions(concealed):
            if reading.form != "standard":
                continue
            groups = [(kind if kind != "concealed_kong" else "kong", t, True, kind == "concealed_kong")
                      for kind, t, _ in case.melds]
            groups += [(kind, t, False, True) for kind, t in reading.melds]
            for i, (kind, t, _, concealed_flag) in enumerate(groups):
                work[ReadingRow.KIND, i], work[ReadingRow.TILE, i] = kinds[kind], t
                work[ReadingRow.DECLARED, i] = int(i < len(case.melds))
                work[ReadingRow.CONCEALED, i] = int(concealed_flag)
            all_groups = groups + [("pair", reading.pair, False, True)]
            opened = any(d and not c for _, _, d, c in groups)
            for won_on, (kind, t, declared, _) in enumerate(all_groups):
                holds = t <= case.win <= t + 2 if kind == "chow" else t == case.win
                if declared or not holds:
                    continue
                for tsumo in (False, True):
                    for open_pinfu, pinfu_tsumo in ((True, False), (False, True)):
                        rules = np.zeros(N_RULES, np.int64)
                        rules[Rule.FU_FOR_OPEN_PINFU], rules[Rule.FU_FOR_PINFU_TSUMO] = open_pinfu, pinfu_tsumo
                        situation = np.zeros(N_COLS, np.int64)
                        situation[Col.TSUMO] = tsumo
                        situation[Col.SEAT_WIND], situation[Col.ROUND_WIND] = case.seat_wind, case.round_wind
                        group = won_on if kind != "pair" else -1
                        got_fu, got_sum, n_reasons = group_fu(work, len(groups), reading.pair, group, case.win, opened,
                                                              situation, rules, reasons)
                        want = riichi_fu.fu(all_groups, case.win, won_on, tsumo=tsumo, seat_wind=case.seat_wind,
                                            round_wind=case.round_wind, fu_for_open_pinfu=open_pinfu,
                                            fu_for_pinfu_tsumo=pinfu_tsumo)
                        assert (got_fu, got_sum, n_reasons == 1 and not opened) == want
                        n_checked += 1
    assert n_checked > 1000


@pytest.mark.parametrize(("args", "kwargs", "error"), [
    (("123m456p789s11z", "1z"), {}, InvalidHandError),  # 12 tiles, no meld
    (("123m456p789s112z", "1z", [("pong", "555z")]), {}, InvalidHandError),  # 13 tiles with a meld
    (("1111m456p789s112z", "1m"), {}, InvalidHandError),  # a fifth copy
    (("111m456p789s1122z", "1z", [("pong", "1m")]), {}, InvalidHandError),  # not 13 - 3: fifth copy too
    (("123m456p789s1122z", "1z"), {"dora": ["1z", "1z", "1z"]}, InvalidHandError),  # fifth copy with indicators
    (("406m123p789s1122z", "1z"), {}, InvalidTileError),  # a red five under aka=False
    (("406m123p789s1122z", "0m"), {"rules": riichi.Rules(aka=True)}, InvalidHandError),  # two red 5m
    (("123m456p789s1122z", "1z"), {"ippatsu": True}, InvalidSituationError),
    (("123m456p789s1122z", "1z"), {"rinshan": True, "tsumo": True}, InvalidSituationError),  # no kong
    (("123m456p789s1122z", "1z"), {"rinshan": True}, InvalidSituationError),
    (("123m456p789s1122z", "1z"), {"chankan": True, "tsumo": True}, InvalidSituationError),
    (("123m456p789s1122z", "1z"), {"chankan": True}, InvalidSituationError),  # the hand holds 1z
    (("123m456p789s1122z", "1z"), {"tenhou": True, "tsumo": True, "seat_wind": 1}, InvalidSituationError),
    (("123m456p789s1122z", "1z"), {"chiihou": True, "tsumo": True}, InvalidSituationError),
    (("123m456p789s1122z", "1z"), {"haitei": True}, InvalidSituationError),
    (("123m456p789s1122z", "1z"), {"houtei": True, "tsumo": True}, InvalidSituationError),
    (("456p789s1122z", "1z", [("chow", "123m")]), {"riichi": True}, InvalidSituationError),
    (("123m456p789s1122z", "1z"), {"seat_wind": 4}, InvalidArgumentError),
    (("123m456p789s1122z", "1z"), {"honba": -1}, InvalidArgumentError),
    (("123m456p789s1122z", "1z"), {"tsumo": 1}, InvalidArgumentError),
    (("123m456p789s1122z", "1z"), {"dora": "123456m"}, InvalidArgumentError),
    (("123m456p789s1122z", "12z"), {}, InvalidTileError),
    (("456p789s1122z", "1z", [("chow", "124m")]), {}, InvalidMeldError),
    (("456p789s1122z", "1z", [("run", "123m")]), {}, InvalidMeldError),
    (("456p789s1122z", "1z", [("chow", "8m")]), {}, InvalidMeldError),
    (("123m456p789s1122z", "1z"), {"rules": "riichi"}, InvalidRulesError),
])
def test_bad_input_gets_a_typed_one_line_error(args, kwargs, error):
    with pytest.raises(error) as caught:
        riichi.score(*args, **kwargs)
    assert "\n" not in str(caught.value)


def test_batch_errors_name_the_row():
    hands = np.array([rh.Case([0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, 14, 27], 27).counts()] * 2, np.uint8)
    with pytest.raises(InvalidSituationError, match="row 1: ippatsu"):
        riichi.score_batch(hands, np.array([27, 27]), riichi=np.array([True, False]), ippatsu=True)
    with pytest.raises(InvalidTileError, match="row 0"):
        riichi.score_batch(hands, np.array([27, 27]), aka=np.array([1, 0]))
    with pytest.raises(InvalidHandError, match="row 1"):
        riichi.score_batch(hands, np.array([27, 27]), aka=np.array([0, 3]), rules=riichi.Rules(aka=True))
    with pytest.raises(InvalidArgumentError):
        riichi.score_batch(hands, np.array([27, 27]), dora=np.zeros((2, 6), np.int64))


def test_rules_are_checked():
    with pytest.raises(InvalidRulesError):
        riichi.Rules(kazoe="always")
    with pytest.raises(InvalidRulesError):
        riichi.Rules(aka=1)
    assert riichi.Rules() == riichi.Rules(kuitan=False)


@pytest.mark.exhaustive
@pytest.mark.parametrize("rules_name", list(RULE_SETS))
def test_many_random_hands_match_hand_calculator(rules_name):
    rules_kw = RULE_SETS[rules_name]
    rules = riichi.Rules(**rules_kw)
    cases = sample(987 + len(rules_name), rules_kw, 6000)
    bad = [(c.hand_text(), c.win_text(), c.meld_args(), c.kwargs())
           for c in cases if rh.ours(scored(c, rules)) != rh.reference(c, rules_kw)]
    assert not bad, f"{len(bad)} of {len(cases)} differ; the first: {bad[0]}"


def _outcome(function, *args, **kwargs):
    """A call's result, or its error's type and message."""
    try:
        return function(*args, **kwargs)
    except Exception as e:
        return type(e), str(e)


def test_text_kernel_reads_as_the_checked_path(monkeypatch):
    """``score``'s text kernel (hand, melds and situation read in one compiled call) answers as
    the checked Python reading of the same input, valid or not: seeded sample hands, then the
    same texts with one character changed, dropped or added (what it refuses goes to the
    checked path, which names the error)."""
    from lookup.mahjong.scoring.riichi import query

    checked_calls = []
    checked = query._score_checked

    def counting(*args):
        checked_calls.append(args[0])
        return checked(*args)

    rng = np.random.default_rng(5858)
    rules = riichi.Rules(aka=True)
    cases = sample(5858, {"aka": True}, 200)
    for case in cases:
        kwargs = case.kwargs()
        flags = tuple(kwargs.pop(f, False) for f in rh.FLAGS)
        numbers = tuple(kwargs.pop(k) for k in ("seat_wind", "round_wind", "honba", "kyoutaku"))
        texts = [case.hand_text()]
        t = texts[0]
        i = int(rng.integers(len(t)))
        texts += [t[:i] + "0123456789mpsz"[rng.integers(14)] + t[i + 1:], t[:i] + t[i + 1:],
                  t[:i] + "0123456789mpsz"[rng.integers(14)] + t[i:]]
        for text in texts:
            monkeypatch.setattr(query, "_score_checked", counting)
            fast = _outcome(riichi.score, text, case.win_text(), case.meld_args(), rules=rules,
                            **dict(zip(rh.FLAGS, flags)), seat_wind=numbers[0], round_wind=numbers[1],
                            honba=numbers[2], kyoutaku=numbers[3], **kwargs)
            monkeypatch.setattr(query, "_score_checked", checked)
            slow = _outcome(checked, text, case.win_text(), case.meld_args(), flags, numbers, kwargs["dora"],
                            kwargs["ura_dora"], rules)
            assert fast == slow, text
    originals = {case.hand_text() for case in cases}
    assert sum(text in originals for text in checked_calls) < len(cases) // 10, "the kernel reads the sample's hands"
