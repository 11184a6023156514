"""The paibiao sss commands: answers equal the Python API's, JSON, one-line errors with exit 2."""

import json

import pytest

from lookup import shisanshui as sss
from tests.support.cli import run

HAND = "AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H"
DEAL = ["AS AH AD|KS KH KD 2C 2D|QS QH QD QC 3C", "JS JH 4C|5C 6C 7C 9D TD|2S 3S 4S 6S 8S",
        "2H 3H 4H|5H 6H 7H 8H TC|9C TH JC JD KC"]


def test_rank(capsys):
    r = sss.rank5("AS KS QS JS TS")
    assert run(capsys, "sss", "rank", "AS", "KS", "QS", "JS", "TS")[:2] == (0, f"{r} straight flush 同花顺\n")
    code, out, _ = run(capsys, "sss", "rank", "♠A ♥A ♦A", "--json")
    assert code == 0 and json.loads(out)["rank"] == sss.rank3("AS AH AD")
    assert json.loads(out)["category"] == "trips" and json.loads(out)["cards"] == ["AS", "AH", "AD"]
    lowest = json.loads(run(capsys, "sss", "rank", "AS 2H 3C 4D 5S", "--rules", "a5_lowest", "--json")[1])
    assert lowest["rank"] == sss.rank5("AS 2H 3C 4D 5S", "a5_lowest")


@pytest.mark.parametrize("objective", sss.OBJECTIVES)
def test_best(capsys, objective):
    want = sss.best(HAND, objective)
    code, out, _ = run(capsys, "sss", "best", HAND, "--objective", objective, "--json")
    got = json.loads(out)
    assert code == 0
    assert [sss.parse_cards(" ".join(got[row]["cards"])) for row in ("front", "middle", "back")] == list(want)
    assert got["expected_points"] == pytest.approx(sss.expected_points(*want))
    text = run(capsys, "sss", "best", HAND, "--objective", objective)[1].splitlines()
    assert [line.split()[0] for line in text] == ["front", "middle", "back"]
    assert text[2].split()[1:6] == sss.format_cards(want.back).split()


def test_arrangements(capsys):
    want = sss.arrangements(HAND)
    code, out, _ = run(capsys, "sss", "arrangements", HAND, "--limit", "5")
    assert code == 0 and out.splitlines() == [" | ".join(sss.format_cards(r) for r in a) for a in want[:5]]
    got = json.loads(run(capsys, "sss", "arrangements", HAND, "--json", "--limit", "2")[1])
    assert got["count"] == len(want) and len(got["arrangements"]) == 2
    assert len(run(capsys, "sss", "arrangements", HAND)[1].splitlines()) == len(want)


def test_special(capsys):
    assert run(capsys, "sss", "special", "2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD AS")[1] == "一条龙 30\n"
    assert run(capsys, "sss", "special", HAND)[1] == "none\n"
    got = json.loads(run(capsys, "sss", "special", "2S 3H 4C 5D 6S 7H 8C 2D 3S 4H 5C 6D 7S", "--json")[1])
    assert got["special"] == "全小" and got["points"] == 10 and got["all"] == ["全小", "六对半"]


def test_settle(capsys):
    code, out, _ = run(capsys, "sss", "settle", *DEAL)
    assert code == 0 and [line.split()[2] for line in out.splitlines()] == ["+80", "-46", "-34"]
    assert "home run" in out.splitlines()[0] and "fouled" in out.splitlines()[1]
    got = json.loads(run(capsys, "sss", "settle", *DEAL, "--json")[1])
    assert got["scores"] == sss.settle(DEAL) and got["home_run"] == [0] and got["fouled"] == [False, True, False]
    six = ["2S 2H 4S|4H 6S 6H 9S 9H|JS JH AS AH KC", "KS KH 3S|5S 5H 7S 7H 8D|QS QH QD TS TH"]
    assert json.loads(run(capsys, "sss", "settle", *six, "--special", "1=六对半", "--json")[1])["scores"] == [4, -4]
    assert json.loads(run(capsys, "sss", "settle", *six, "--auto-special", "--json")[1])["scores"] == [4, -4]
    assert json.loads(run(capsys, "sss", "settle", *six, "--json")[1])["scores"] == sss.settle(six)


@pytest.mark.parametrize("argv,match", [
    (["sss", "rank", "AS KH 1C"], "'1C'"),
    (["sss", "rank", "AS AS 2C"], "duplicate card AS"),
    (["sss", "rank", "AS KH"], "needs 3 or 5 cards, got 2"),
    (["sss", "best", "AS KH QD"], "needs 13 cards, got 3"),
    (["sss", "best", HAND.replace("2H", "AS")], "duplicate card AS"),
    (["sss", "arrangements", HAND + " 4D"], "needs 13 cards, got 14"),
    (["sss", "arrangements", HAND, "--limit", "-1"], "--limit"),
    (["sss", "special", HAND.replace("2H", "2X")], "'2X'"),
    (["sss", "settle", DEAL[0]], "2 to 4 players"),
    (["sss", "settle", DEAL[0], "AS|KH"], "FRONT|MIDDLE|BACK"),
    (["sss", "settle", DEAL[0], DEAL[0]], "duplicate card"),
    (["sss", "settle", *DEAL, "--special", "2=六对半"], "player 2"),
    (["sss", "settle", *DEAL, "--special", "9=六对半"], "P=NAME"),
    (["sss", "best", HAND, "--objective", "fast"], "invalid choice"),
    (["sss"], "required"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, match):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("paibiao") and match in err
