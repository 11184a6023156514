"""zipai scoring: the documented arithmetic, the split and 王 conflicts, the 王 specials,
score_waits and score_batch against score, settlement, and the typed errors."""

from __future__ import annotations

import numpy as np
import pytest

from lookup import zipai
from lookup.errors import (
    InvalidArgumentError,
    InvalidHandError,
    InvalidRulesError,
    InvalidSituationError,
    InvalidTileError,
)
from lookup.zipai.cards import counts_of, parse_cards
from lookup.zipai.scoring.settlement import round_tens
from lookup.zipai.scoring.tun import hengyang_table

from .scoring_twin import twin_best

RED_HAND = "贰柒拾 贰柒拾 二七十 一二三 四五六 叁肆伍 八九十"
"""18 huxi, 11 red cards, no pair: a plain win for every preset."""
YONGZHOU_RED = ("二三四五六七八九王", ["偎柒", "吃贰柒拾", "吃壹贰叁", "吃肆伍陆"])
HENGYANG_KA = ("二七八九十十贰贰", ["跑五", "碰壹", "碰三", "吃陆柒捌"])


def _twin(preset, hand, melds=(), win=None, options=None, **flags):
    """The twin's best answers for a hand given as text (王 written 王)."""
    counts = counts_of(hand.replace("王", ""))
    parsed = [zipai.parse_meld(m) for m in melds]
    twin_melds = [(m.kind, m.cards) for m in parsed]
    win_index = -1 if win is None else 20 if win == "王" else parse_cards(win)[0]
    return twin_best(preset, options or {}, counts, hand.count("王"), twin_melds, win_index, flags)


def _key(r):
    return r.score, r.huxi, r.tun, r.fan, frozenset(r.mingtang)


# --- the document's arithmetic -----------------------------------------------------------------

def test_changde_sums_its_fan_and_adds_a_tun_on_self_draw():
    r = zipai.score(RED_HAND, rules="changde", self_drawn=True)
    # 红胡 3 + (11 - 10) and 听胡 6; 囤 = 1 + (18 - 15) // 3 + 1 (自摸)
    assert (r.score, r.huxi, r.tun, r.fan, r.mingtang) == (30, 18, 3, 10, ("红胡", "听胡", "自摸"))
    assert zipai.score(RED_HAND, rules="changde").score == 20  # a wall card another player turned
    assert zipai.score(RED_HAND, rules="changde", discard=True) is None  # never on a discard
    # 黄番 multiplies the score by 1 + n; 底 adds to 囤; the cap limits the score
    assert zipai.score(RED_HAND, rules="changde", self_drawn=True, huangfan=2).score == 90
    assert zipai.score(RED_HAND, rules=zipai.ScoringRules("changde", difen=3), self_drawn=True).tun == 5
    assert zipai.score(RED_HAND, rules=zipai.ScoringRules("changde", cap=20), self_drawn=True).score == 20


def test_changde_siqihong_and_the_hanghangxi_options():
    hand = "一二三 壹贰叁 二七十 贰柒拾 四四 捌捌捌"
    # 跑 of 五 exposed; units: four scoring groups, a 坎, a pair and the 跑: 假行行息 under its option
    plain = zipai.score(hand, ["跑五"], rules="changde", self_drawn=True)
    jia = zipai.score(hand, ["跑五"], rules=zipai.ScoringRules("changde", jia_hanghangxi=True), self_drawn=True)
    assert "假行行息" in jia.mingtang and (plain.fan, jia.fan) == (1, 4)  # 番 is 1 when no 名堂 holds
    assert _key(jia) in _twin("changde", hand, ["跑五"], options={"jia_hanghangxi": True}, self_drawn=True)


def test_hengyang_tun_table_is_not_monotonic():
    assert [hengyang_table(h) for h in range(10, 25)] == [3, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6]


def test_hengyang_a_ten_huxi_split_beats_a_thirteen_huxi_one():
    hand, melds = HENGYANG_KA
    assert zipai.hu(hand, melds, rules="hengyang_shihuka") == 13  # the max-huxi split: 二七十 八九十 将贰贰
    r = zipai.score(hand, melds, rules="hengyang_shihuka", discard=True, win_card="八")
    assert (r.score, r.huxi, r.tun, r.fan) == (3, 10, 3, 1)  # 10 huxi is 卡: 3 囤, against 2 for 13
    assert {u.cards for u in r.units if not u.exposed} == {(1, 11, 11), (6, 7, 8), (9, 9)}
    assert _key(r) in _twin("hengyang_shihuka", hand, melds, "八", discard=True)


def test_hengyang_xing_difen_and_self_draw():
    r = zipai.score(RED_HAND, rules="hengyang_shihuka", self_drawn=True)
    assert (r.tun, r.fan, r.score, r.mingtang) == (3 + 1, 4, 16, ("十红", "自摸"))  # T(18) = 4, 十红 2 × 自摸 2
    r = zipai.score(RED_HAND, rules=zipai.ScoringRules("hengyang_shihuka", difen=3, shuangxing=True), xing="柒")
    assert (r.tun, r.xing, r.fan) == (4 * 2 + 2 * 2, 2 * 2, 2)  # 底分 3 doubles; 2 柒 doubled by 双醒
    assert zipai.score(RED_HAND, rules="hengyang_shihuka", xing_count=5).tun == 9


def test_yongzhou_reads_a_wang_for_red_over_huxi():
    hand, melds = YONGZHOU_RED
    r = zipai.score(hand, melds, rules="yongzhou", self_drawn=True)
    # 王 as 一 gives 21 huxi and 9 red (2 × (4 囤) = 8); as 七 18 huxi and 10 red (2 × 2 × 3 囤 = 12)
    assert (r.score, r.huxi, r.wang_as, r.mingtang) == (12, 18, (6,), ("自摸", "红胡"))
    assert zipai.hu(hand.replace("王", ""), melds, rules="hunan", wang=1) == 21  # the max-huxi reading
    assert _key(r) in _twin("yongzhou", hand, melds, self_drawn=True)
    assert zipai.score(hand, melds, rules="yongzhou") is None  # a hand with 王 wins only on its own draw


def test_yongzhou_wang_specials():
    hand = "一二三 四五六 七八九 壹贰叁 肆伍陆 贰柒拾 二王王"
    r = zipai.score(hand, rules="yongzhou", self_drawn=True, win_card="二")
    assert (r.score, r.fan, r.mingtang, r.wang_as) == (48, 16, ("自摸", "王闯"), (1, 1))
    hand = "一二三 壹贰叁 贰柒拾 肆伍陆 五五 七八九 王王王王"
    r = zipai.score(hand, rules="yongzhou", self_drawn=True, win_card="王")
    assert (r.score, r.huxi, r.fan, r.mingtang) == (640, 24, 128, ("自摸", "红胡", "王炸王"))
    assert _key(r) in _twin("yongzhou", hand, win="王", self_drawn=True)
    plain = zipai.score(hand, rules="yongzhou", self_drawn=True)  # read as written: no special
    assert not {"王炸王", "王炸"} & set(plain.mingtang)
    # 按番限胡: four 王 need 16 番
    strict = zipai.ScoringRules("yongzhou", anfan_xianhu=True)
    assert zipai.score(hand, rules=strict, self_drawn=True, win_card="王").score == 640


@pytest.mark.parametrize("hand, melds, win, name", [
    ("一二三 四五六 七八九 壹贰叁 贰柒拾 二王", ["跑捌"], "二", "王钓"),
    ("一二三 四五六 七八九 壹贰叁 贰柒拾 王王", ["跑捌"], "王", "王钓王"),
    ("一二三 四五六 壹贰叁 肆伍陆 贰柒拾 九九 八王王王", [], "八", "王炸"),
    ("一二三 四五六 七八九 壹贰叁 肆伍陆 贰柒拾 王王王", [], "王", "王闯王")])
def test_yongzhou_specials_match_the_twin(hand, melds, win, name):
    r = zipai.score(hand, melds, rules="yongzhou", self_drawn=True, win_card=win)
    assert name in r.mingtang
    assert _key(r) in _twin("yongzhou", hand, melds, win, self_drawn=True)


def test_yongzhou_hongzhuan_qihu_and_cap():
    r = zipai.score(RED_HAND, rules=zipai.ScoringRules("yongzhou", hongzhuan=True), self_drawn=True)
    assert r.mingtang == ("自摸", "红胡")  # 11 red: 红胡 stays
    assert zipai.score(RED_HAND, rules=zipai.ScoringRules("yongzhou", qihu=21), self_drawn=True) is None
    r = zipai.score(RED_HAND, rules="yongzhou", self_drawn=True, xing="二")
    assert (r.xing, r.score) == (2, (3 + 2) * 4)  # two 二
    assert zipai.score(RED_HAND, rules="yongzhou", self_drawn=True, xing="王").xing == 2  # the most copies of one card


def test_anhua_takes_the_highest_mingtang_and_its_self_draw_options():
    r = zipai.score(RED_HAND, rules="anhua", self_drawn=True)
    assert (r.score, r.tun, r.fan, r.mingtang) == (6, 3, 2, ("十红", "自摸"))  # 囤 1 + 1 + 1
    both = zipai.ScoringRules("anhua", zimo_fan=True, difen=2, hupai_jia=3, yixi_yitun=True)
    r = zipai.score(RED_HAND, rules=both, self_drawn=True, huangfan=3)
    assert (r.tun, r.fan, r.score) == (1 + 3 + 1, 4, (4 * 5 * 2 + 3) * 8)
    capped = zipai.ScoringRules("anhua", papo_cap=4)
    assert zipai.score(RED_HAND, rules=capped, huangfan=3).score == 2 * 2 * 4
    r = zipai.score(RED_HAND, rules="anhua", tianhu=True, self_drawn=True)
    assert (r.fan, r.tun, r.mingtang) == (4, 2, ("十红", "天胡"))  # 天胡 ×2, no 自摸 bonus


def test_anhua_santi_wukan():
    r = zipai.score("一一一三三三四四四五五五六六六 壹贰叁 肆伍陆", rules="anhua", santi_wukan=True)
    assert (r.score, r.huxi, r.tun, r.fan, r.mingtang) == (6, 15, 1, 6, ("一点红", "天胡", "三提五坎"))
    assert zipai.score("一一一三三三四四四五五六六六 壹贰叁 肆伍陆 七", rules="anhua", santi_wukan=True) is None


def test_shaoyang_bopi_hand_value():
    r = zipai.score(RED_HAND, rules="shaoyang_bopi", self_drawn=True)
    assert (r.score, r.tun, r.fan, r.mingtang) == (18 * 2 + 10, None, None, ("红胡", "自摸"))
    black = "三四五 四五六 叁肆伍 肆伍陆 一一壹 捌捌捌 玖玖玖"  # 0 red, 12 huxi: max(24, 60)
    assert zipai.score(black, rules="shaoyang_bopi").score == 60
    assert zipai.score(black, rules="shaoyang_bopi", tianhu=True, self_drawn=True).score == 60  # 22 → 60, no +10
    off = zipai.ScoringRules("shaoyang_bopi", hongheidian=False, tiandihu=False)
    assert zipai.score(black, rules=off, dihu=True).score == 12
    assert zipai.score(black, rules="shaoyang_bopi", dihu=True).score == 60


def test_bopi_settle_rounds_and_takes_pairwise_differences():
    assert [round_tens(x) for x in (104, 105, 99, 0, -4, -15, -17)] == [100, 110, 100, 0, 0, -10, -10]
    assert zipai.bopi_settle([104, 35, -17]) == [170, -10, -160]
    assert sum(zipai.bopi_settle([7, 55, 101, -23])) == 0


# --- settlement ---------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["changde", "hengyang_shihuka", "yongzhou", "anhua"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_payments_sum_to_zero(preset, players):
    r = zipai.score(RED_HAND, rules=preset, self_drawn=True)
    for winner in range(players):
        paid = zipai.payments(r, players, winner=winner, rules=preset)
        assert sum(paid) == 0 and paid[winner] == r.score * (players - 1)
        if preset != "changde":
            discarder = (winner + 1) % players
            paid = zipai.payments(r, players, winner=winner, discarder=discarder, rules=preset)
            assert sum(paid) == 0 and paid[discarder] == -r.score * (players - 1)


def test_payments_refusals():
    r = zipai.score(RED_HAND, rules="changde", self_drawn=True)
    with pytest.raises(InvalidRulesError):
        zipai.payments(r, 3, discarder=1, rules="changde")
    with pytest.raises(InvalidRulesError):
        zipai.payments(r, 3, rules="shaoyang_bopi")
    with pytest.raises(InvalidArgumentError):
        zipai.payments(r, 3, winner=1, discarder=1, rules="anhua")
    with pytest.raises(InvalidArgumentError):
        zipai.payments(None, 3, rules="anhua")


# --- waits and batch --------------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["changde", "yongzhou", "shaoyang_bopi"])
def test_score_waits_equals_score_of_each_draw(preset):
    hand = "贰柒拾 贰柒拾 二七十 一二三 四五六 叁肆伍 八九"
    waits = zipai.score_waits(hand, rules=preset, self_drawn=True)
    base = counts_of(hand)
    assert waits
    for t in range(20):
        if base[t] < 4:
            counts = list(base)
            counts[t] += 1
            assert waits.get(t) == zipai.score(counts, rules=preset, self_drawn=True, win_card=t)
    assert (zipai.WANG in waits) == (preset == "yongzhou")
    if preset == "yongzhou":
        assert waits[zipai.WANG] == zipai.score(hand + "王", rules=preset, self_drawn=True, win_card="王")


def test_score_batch_equals_score_row_by_row():
    quads = ("二七十 五五", ["跑拾", "碰六", "吃壹贰叁", "吃肆伍陆", "吃一二三"], "五")
    hands = [(RED_HAND, [], None), (*HENGYANG_KA, "八"), quads]
    counts = np.array([counts_of(h) for h, _, _ in hands], np.uint8)
    exposed = np.zeros((len(hands), 7, 4), np.int8)
    codes = {"peng": 1, "wei": 2, "pao": 3, "ti": 4, "chi": 5}
    for i, (_, melds, _) in enumerate(hands):
        for j, m in enumerate(zipai.parse_melds(melds)):
            exposed[i, j, 0] = codes[m.kind]
            exposed[i, j, 1:1 + (3 if m.kind == "chi" else 1)] = m.cards[:3] if m.kind == "chi" else m.cards[:1]
    win = np.array([-1 if w is None else parse_cards(w)[0] for _, _, w in hands])
    discard = np.array([False, True, False])
    for preset in ("changde", "hengyang_shihuka", "anhua", "shaoyang_bopi", "yongzhou"):
        out = zipai.score_batch(counts, exposed, rules=preset, win_card=win, discard=discard,
                                self_drawn=~discard)
        for i, (hand, melds, w) in enumerate(hands):
            r = zipai.score(hand, melds, rules=preset, win_card=w, discard=bool(discard[i]),
                            self_drawn=not discard[i])
            row = out[i]
            if r is None:
                assert row["score"] == -1
            else:
                assert (row["score"], row["huxi"], row["tun"], row["fan"]) == (
                    r.score, r.huxi, -1 if r.tun is None else r.tun, -1 if r.fan is None else r.fan)
    wang_rows = np.array([counts_of(YONGZHOU_RED[0].replace("王", ""))], np.uint8)
    melds = np.zeros((1, 7, 4), np.int8)
    melds[0, :4] = [[2, 16, 0, 0], [5, 11, 16, 19], [5, 10, 11, 12], [5, 13, 14, 15]]
    out = zipai.score_batch(wang_rows, melds, rules="yongzhou", wang=1, self_drawn=True)
    assert out["score"].tolist() == [12]


def test_score_batch_errors_name_the_row():
    counts = np.array([counts_of(RED_HAND)] * 2, np.uint8)
    with pytest.raises(InvalidSituationError, match="^row 1: "):
        zipai.score_batch(counts, rules="anhua", tianhu=[False, True], discard=True)
    with pytest.raises(InvalidArgumentError):
        zipai.score_batch(counts, rules="anhua", win_card=[1, 2, 3])


# --- errors -------------------------------------------------------------------------------------

def test_errors_are_typed_and_one_line():
    cases = [
        (InvalidRulesError, lambda: zipai.ScoringRules("changde", qihu=21)),
        (InvalidRulesError, lambda: zipai.ScoringRules("changde", no_such=1)),
        (InvalidRulesError, lambda: zipai.ScoringRules("yongzhou", qihu=18)),
        (InvalidRulesError, lambda: zipai.ScoringRules("nowhere")),
        (InvalidTileError, lambda: zipai.score(RED_HAND, rules="yongzhou", xing="Z")),
        (InvalidTileError, lambda: zipai.score(RED_HAND, rules="yongzhou", xing=21)),
        (InvalidSituationError, lambda: zipai.score(RED_HAND, rules="anhua", tianhu=True, discard=True)),
        (InvalidSituationError, lambda: zipai.score(RED_HAND, rules="anhua", self_drawn=True, discard=True)),
        (InvalidSituationError, lambda: zipai.score(RED_HAND, rules="yongzhou", xing="二", xing_count=2)),
        (InvalidHandError, lambda: zipai.score(RED_HAND + "王", rules="changde")),
        (InvalidHandError, lambda: zipai.score(RED_HAND, rules="anhua", win_card="王")),
        (InvalidRulesError, lambda: zipai.score(RED_HAND, rules="changde", xing="二")),
        (InvalidRulesError, lambda: zipai.score(RED_HAND, rules="changde", santi_wukan=True)),
        (InvalidHandError, lambda: zipai.score("一二三", rules="changde")),
        (InvalidHandError, lambda: zipai.score(RED_HAND, rules="changde", win_card="陆")),
        (TypeError, lambda: zipai.score_waits(RED_HAND[:-1], rules="changde", win_card="十")),
    ]
    for error, call in cases:
        with pytest.raises(error) as raised:
            call()
        assert "\n" not in str(raised.value)


# --- the winning card's placement, one red card, the command line ------------------------------

def test_the_winning_card_may_stay_beside_its_kan():
    hand = "五五五五 四六 一二三 壹贰叁 贰柒拾 七八九 肆伍陆"
    assert zipai.hu(hand, rules="hunan") is None  # four in hand read as 提: 四六 is left over
    assert zipai.score(hand, rules="changde", self_drawn=True) is None  # read as written, too
    r = zipai.score(hand, rules="changde", self_drawn=True, win_card="五")
    assert r.huxi == 18 and {("kan", (4, 4, 4)), ("sequence", (3, 4, 5))} <= {(u.kind, u.cards) for u in r.units}
    assert _key(r) in _twin("changde", hand, win="五", self_drawn=True)


@pytest.mark.parametrize("kind, self_drawn, upgraded", [("碰", True, "pao"), ("偎", True, "ti"), ("偎", False, "pao")])
def test_the_winning_card_completes_an_exposed_triple(kind, self_drawn, upgraded):
    hand, melds = "一二三 壹贰叁 贰柒拾 七八九 肆伍陆 四四 五", [f"{kind}五"]
    r = zipai.score(hand, melds, rules="hengyang_shihuka", self_drawn=self_drawn, win_card="五")
    assert any(u.kind == upgraded and u.exposed and u.cards == (4,) * 4 for u in r.units)
    assert _key(r) in _twin("hengyang_shihuka", hand, melds, "五", self_drawn=self_drawn)
    assert zipai.score(hand, melds, rules="hengyang_shihuka", self_drawn=self_drawn) is None  # as written: no 跑


ONE_RED = "一二三 四五六 叁肆伍 肆伍陆 捌捌捌 玖玖玖 壹壹一"
"""15 huxi and a single red card (二)."""


@pytest.mark.parametrize("preset, name", [("changde", "点胡"), ("hengyang_shihuka", "一点红"), ("yongzhou", "点胡"),
                                          ("anhua", "一点红"), ("shaoyang_bopi", "一点朱")])
def test_one_red_card(preset, name):
    r = zipai.score(ONE_RED, rules=preset, self_drawn=True)
    assert name in r.mingtang
    assert _key(r) in _twin(preset, ONE_RED, self_drawn=True)


def test_changde_rare_mingtang_match_the_twin():
    cases = [  # (hand, melds, flags, the 名堂 it shows)
        ("九九", ["跑十", "碰一", "碰贰", "偎三", "碰叁", "提捌"], {"shuahou": True, "win_card": "九"}, "耍猴"),
        ("一二三 壹贰叁 四五六 八八", ["跑十", "提拾", "碰五"], {}, "团圆"),
        ("一二三 壹贰叁 二七十 贰柒拾 四四四 五五五 陆陆陆", [], {}, "行行息"),
    ]
    for hand, melds, flags, name in cases:
        win = flags.pop("win_card", None)
        rules = zipai.ScoringRules("changde", hanghangxi=True)
        r = zipai.score(hand, melds, rules=rules, self_drawn=True, win_card=win, **flags)
        assert r is not None and name in r.mingtang, (hand, r)
        assert _key(r) in _twin("changde", hand, melds, win, {"hanghangxi": True}, self_drawn=True, **flags)


def test_command_line(capsys):
    import json

    from tests.support.cli import run

    out = run(capsys, "zipai", "score", RED_HAND, "--rules", "changde", "--self-drawn", "--option", "cap=20")[1]
    assert out.splitlines()[0] == "score 20, huxi 18, 囤 3, 番 10: 红胡 听胡 自摸"
    data = json.loads(run(capsys, "zipai", "score", *HENGYANG_KA[0].split(), *sum((["--exposed", m] for m in
                                                                                    HENGYANG_KA[1]), []),
                          "--rules", "hengyang_shihuka", "--discard", "--win-card", "八", "--json")[1])
    assert (data["hu"], data["score"], data["huxi"], data["tun"]) == (True, 3, 10, 3)
    out = run(capsys, "zipai", "score-waits", "一二三 四五六 七八九 壹贰叁 肆伍陆 柒捌玖 二七", "--rules", "anhua")[1]
    assert out == "not ready\n"
    code, _, err = run(capsys, "zipai", "score", RED_HAND, "--rules", "changde", "--option", "qihu=21")
    assert code != 0 and "no room option 'qihu'" in err


@pytest.mark.parametrize("flags", [{"self_drawn": True, "discard": True}, {"tianhu": True, "discard": True},
                                   {"tianhu": True, "dihu": True}, {"tianhu": True, "haidi": True},
                                   {"tianhu": True, "shuahou": True}, {"dihu": True, "haidi": True},
                                   {"haidi": True, "discard": True}, {"santi_wukan": True, "discard": True},
                                   {"santi_wukan": True, "dihu": True}])
def test_flags_that_cannot_hold_together(flags):
    with pytest.raises(InvalidSituationError):
        zipai.score(RED_HAND, rules="anhua", **flags)
