"""The paibiao zipai command: hu, ting, decompose, detail, --wang, --rules, --json, bad input."""

import json

import pytest

from lookup import zipai
from lookup.zipai.cards import card_name
from tests.support.cli import run


def test_hu(capsys):
    assert run(capsys, "zipai", "hu", "二七十二七十贰柒拾")[:2] == (0, "hu 12\n")
    assert run(capsys, "zipai", "hu", "二七十", "二七十", "贰柒拾", "--rules", "hunan")[:2] == (0, "no hu\n")
    assert run(capsys, "zipai", "hu", "二七十二七十贰柒拾", "--min-huxi", "13")[:2] == (0, "no hu\n")
    hand = "一二三 壹贰叁 二七十 五五"
    assert run(capsys, "zipai", "hu", hand)[1] == "no hu\n"  # a pair needs a 提 or 跑
    assert run(capsys, "zipai", "hu", hand, "--exposed", "跑拾")[1] == f"hu {zipai.hu(hand, ['跑拾'])}\n"
    assert run(capsys, "zipai", "hu", hand, "--pair-without-quad")[1] == "hu 12\n"


def test_hu_json(capsys):
    code, out, _ = run(capsys, "zipai", "hu", "x2x7x10", "--exposed", "pao:d5", "--exposed", "吃一二三", "--json")
    assert code == 0
    assert json.loads(out) == {"hand": "二七十", "exposed": ["跑伍伍伍伍", "吃一二三"], "rules": "paohuzi",
                               "min_huxi": 10, "pair_with_quad": True, "yiwushi": False, "hu": False,
                               "huxi": None}


def test_ting(capsys):
    hand = "二七十 二七十 贰柒 三四五 壹贰叁 六六"
    waits = zipai.ting(hand, ["跑伍"])
    assert waits
    out = run(capsys, "zipai", "ting", hand, "--exposed", "跑伍")[1]
    assert out == " ".join(f"{card_name(t)}:{h}" for t, h in waits.items()) + "\n"
    data = json.loads(run(capsys, "zipai", "ting", hand, "--exposed", "跑伍", "--json", "--notation", "ascii")[1])
    assert data["waits"] == [{"card": t, "name": card_name(t, "ascii"), "huxi": h} for t, h in waits.items()]
    assert run(capsys, "zipai", "ting", "一二三四")[1] == "not ready\n"


def test_decompose(capsys):
    assert run(capsys, "zipai", "decompose", "二七十二七十贰柒拾")[1] == (
        "12: 二七十 二七十 贰柒拾\n0: 二二贰 七七柒 十十拾\n")
    data = json.loads(run(capsys, "zipai", "decompose", "二七十二七十贰柒拾", "--json")[1])
    assert [(s["huxi"], s["groups"]) for s in data["splits"]] == [
        (s.huxi, [list(g) for g in s.groups]) for s in zipai.decompositions("二七十二七十贰柒拾")]
    assert run(capsys, "zipai", "decompose", "一二四")[1] == "no split\n"


def test_wang_and_yiwushi(capsys):
    hand = "一二三 壹贰叁 二七 五五"
    assert run(capsys, "zipai", "hu", hand, "--exposed", "跑拾", "--wang", "1")[1] == \
        f"hu {zipai.hu(hand, ['跑拾'], wang=1)}\n"
    assert run(capsys, "zipai", "hu", "一五十 壹伍拾 二七十")[1] == "no hu\n"
    assert run(capsys, "zipai", "hu", "一五十 壹伍拾 二七十", "--rules", "hengyang_shihuka")[1] == "hu 12\n"
    ting = "一五 壹伍拾 二七十"
    assert run(capsys, "zipai", "ting", ting, "--rules", "hengyang_shihuka")[1] == "十:12\n"
    assert run(capsys, "zipai", "ting", ting, "--rules", "hengyang_shihuka", "--wang", "0")[1] == "十:12 王:12\n"
    data = json.loads(run(capsys, "zipai", "ting", ting, "--rules", "hengyang_shihuka", "--wang", "0", "--json",
                          "--notation", "ascii")[1])
    assert data["wang"] == 0 and data["yiwushi"] and data["waits"][-1] == {"card": 20, "name": "wang", "huxi": 12}
    out = run(capsys, "zipai", "decompose", "一五 二七", "--wang", "2", "--rules", "hengyang_shihuka")[1]
    splits = zipai.decompositions("一五 二七", "hengyang_shihuka", 2)
    assert out.splitlines()[0] == "6: 一五十 二七十 [王 十十]" and len(out.splitlines()) == len(splits)


def test_detail(capsys):
    argv = ["zipai", "detail", "一二三 壹贰叁 二七 五五 拾拾拾拾", "--exposed", "碰陆", "--wang", "1"]
    assert run(capsys, *argv)[1] == ("hu 27: 一二三:3 二七十[王十]:3 将五五:0 壹贰叁:6 提拾拾拾拾:12 碰陆陆陆:3\n"
                                     "red 9 black 9 big 10 small 8\n")
    data = json.loads(run(capsys, *argv, "--json")[1])
    d = zipai.hu_detail("一二三 壹贰叁 二七 五五 拾拾拾拾", ["碰陆"], wang=1)
    assert data["huxi"] == d.huxi and data["wang"] == [9] and (data["red"], data["big"]) == (d.red, d.big)
    assert [(u["kind"], tuple(u["cards"]), u["huxi"], tuple(u["wang"]), u["exposed"]) for u in data["units"]] == \
        [tuple(u) for u in d.units]
    assert run(capsys, "zipai", "detail", "一二三 四五六")[1] == "no hu\n"
    assert json.loads(run(capsys, "zipai", "detail", "一二三 四五六", "--json")[1])["hu"] is False


@pytest.mark.parametrize("argv,match", [
    (["zipai", "hu", "一二三", "--wang", "5"], "wang (王) must be an integer 0..4"),
    (["zipai", "hu", "一二三", "--wang", "1"], "王 counted"),
    (["zipai", "detail", "一二三", "--exposed", "吃一五十"], "yiwushi"),
    (["zipai", "hu", "一二三", "x11"], "'x11'"),
    (["zipai", "hu", "一一一一一"], "5 copies"),
    (["zipai", "hu", "一二三四"], "3k or 3k+2"),
    (["zipai", "ting", "一二三"], "3k+1 or 3k+2"),
    (["zipai", "hu", "一二三", "--exposed", "碰一二"], "碰 is 3 of one card"),
    (["zipai", "hu", "一二三", "--exposed", "碰一", "--exposed", "跑一"], "copies of 一"),
    (["zipai", "hu", "一二三", "--rules", "mcr"], "invalid choice"),
    (["zipai", "hu", "一二三", "--min-huxi", "-1"], "min_huxi"),
    (["zipai", "decompose", "一一一"], "without triples"),
    (["zipai", "fly", "一"], "invalid choice"),
    (["zipai"], "required"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, match):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("paibiao") and match in err


def test_console_script_has_no_traceback():
    import subprocess
    import sys
    from pathlib import Path

    exe = Path(sys.executable).with_name("paibiao")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "lookup.cli"]
    done = subprocess.run(cmd + ["zipai", "hu", "一二三", "d0"], capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr and "'d0'" in done.stderr
    done = subprocess.run(cmd + ["zipai", "hu", "二七十二七十贰柒拾"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "hu 12\n"
