"""The paibiao command: mahjong queries, UVa 11210 against the seed program, bad input."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lookup import mahjong
from lookup.cli.mahjong import WINDS
from lookup.cli.uva import solve
from lookup.errors import PaibiaoError
from lookup.mahjong import tiles
from tests.support import gb_hands, riichi_hands
from tests.support import mahjong_hands as handgen
from tests.support.cli import run

SEED_SOURCE = Path(__file__).parent.parent / "support" / "oracles" / "uva11210_seed.c"
SAMPLE_IN = "1S 1S 2S 2S 2S 3S 3S 3S 7S 8S 9S FA FA\n1S 2S 3S 4S 5S 6S 7S 8S 9S 1T 3T 5T 7T\n0\n"
SAMPLE_OUT = "Case 1: 1S 4S FA\nCase 2: Not ready\n"


def test_hu_and_ting(capsys):
    assert run(capsys, "mahjong", "hu", "11123456789999m")[:2] == (0, "hu\n")
    assert run(capsys, "mahjong", "hu", "1122m3344p5566s77z")[:2] == (0, "no hu\n")
    assert run(capsys, "mahjong", "hu", "1122m3344p5566s77z", "--rules", "riichi")[:2] == (0, "hu\n")
    assert run(capsys, "mahjong", "ting", "1S", "1S", "2S", "2S", "2S", "3S", "3S", "3S", "7S", "8S",
               "9S", "FA", "FA")[:2] == (0, "1s 4s 6z\n")
    assert run(capsys, "mahjong", "ting", "1112345678999m", "--notation", "chinese")[1].split() == \
        [tiles.tile_name(t, "chinese") for t in range(9)]
    assert run(capsys, "mahjong", "ting", "1m3m5m7m9m1p3p5p7p9p1s3s5s")[1] == "not ready\n"


def test_jokers_shanten_decompose_discard(capsys):
    assert run(capsys, "mahjong", "hu", "1111m", "--jokers", "1")[:2] == (0, "hu\n")
    assert run(capsys, "mahjong", "ting", "1m", "--jokers", "3")[1].split() == [tiles.tile_name(t) for t in range(34)]
    assert run(capsys, "mahjong", "shanten", "123m456p789s1234z")[:2] == (0, "2\n")  # a pair + a pong short
    assert run(capsys, "mahjong", "shanten", "1122m3344p5566s7z", "--rules", "standard")[1] != "0\n"
    out = run(capsys, "mahjong", "decompose", "111222333m789p55s")[1].splitlines()
    assert out == ["standard: 55s + 123m 123m 123m 789p", "standard: 55s + 111m 222m 333m 789p"]
    assert run(capsys, "mahjong", "decompose", "119m19p19s1234567z", "--rules", "riichi")[1] == \
        "thirteen orphans: 11m + 9m19p19s1234567z\n"
    assert run(capsys, "mahjong", "decompose", "11m22p33s44z")[1] == "no hu\n"
    lines = run(capsys, "mahjong", "discard", "123m456p789s111z2z4z")[1].splitlines()
    assert lines[:2] == ["2z\tshanten 0\twaits 4z (3)", "4z\tshanten 0\twaits 2z (3)"]
    advice = json.loads(run(capsys, "mahjong", "discard", "11m", "--json")[1])["advice"]
    assert advice == [{"discard": "1m", "shanten": 0, "waits": ["1m"], "count": 2}]
    lines = run(capsys, "mahjong", "discard", "123m456p789s111z2z4z", "--visible", "4z 4z")[1].splitlines()
    assert lines[:2] == ["4z\tshanten 0\twaits 2z (3)", "2z\tshanten 0\twaits 4z (1)"]
    seen = json.loads(run(capsys, "mahjong", "discard", "11m", "--visible", "1m", "--json")[1])
    assert seen["visible"] == "1m" and seen["advice"][0]["count"] == 1
    assert "1m: 2 held and 3 visible" in run(capsys, "mahjong", "discard", "11m", "--visible", "111m")[2]
    decomposed = json.loads(run(capsys, "mahjong", "decompose", "123m55z", "--json")[1])["decompositions"]
    assert decomposed == [{"form": "standard", "pair": "5z", "melds": [{"kind": "chow", "tiles": "123m"}], "pairs": [],
                           "knitted": []}]


def test_rule_variants_and_jokers_on_shanten_and_discard(capsys):
    assert run(capsys, "mahjong", "hu", "147m258s36p123456z", "--rules", "chinese")[:2] == (0, "hu\n")
    assert run(capsys, "mahjong", "hu", "147m258s36p123456z")[:2] == (0, "no hu\n")
    assert run(capsys, "mahjong", "ting", "369s147p1234567z", "--rules", "chinese")[1] == "2m 5m 8m\n"
    assert run(capsys, "mahjong", "decompose", "147m258p369s11222z", "--rules", "chinese")[1] == \
        "knitted straight: 11z + 147m258p369s 222z\n"
    assert run(capsys, "mahjong", "decompose", "147m258s3p1234567z", "--rules", "chinese")[1] == \
        "greater knitted honors: 147m3p258s1234567z\n"
    decomposed = json.loads(run(capsys, "mahjong", "decompose", "147m258s36p123456z", "--rules", "chinese",
                                "--json")[1])["decompositions"]
    assert decomposed[0]["form"] == "knitted_honors" and decomposed[0]["knitted"][:3] == ["1m", "4m", "7m"]
    assert run(capsys, "mahjong", "hu", "22m555p678s", "--rules", "changsha")[1] == "hu\n"
    assert run(capsys, "mahjong", "hu", "33m555p678s", "--rules", "changsha")[1] == "no hu\n"  # 33m: no 258 pair
    status, _, err = run(capsys, "mahjong", "hu", "55m", "--rules", "sanma")
    assert status == 2 and "no tiles 2m-8m" in err
    assert run(capsys, "mahjong", "shanten", "1m2p3s", "--jokers", "2", "--rules", "chinese")[1] == "0\n"
    shanten = json.loads(run(capsys, "mahjong", "shanten", "123m456p789s1z", "--jokers", "1", "--json")[1])
    assert shanten == {"hand": "123m456p789s1z", "rules": "riichi", "jokers": 1, "shanten": -1}
    lines = run(capsys, "mahjong", "discard", "1m9m5z", "--jokers", "2", "--rules", "chinese")[1].splitlines()
    assert lines[0] == "5z\tshanten 0\twaits 1m 2m 3m 7m 8m 9m (22)" and len(lines) == 3


def test_json_output(capsys):
    code, out, _ = run(capsys, "mahjong", "ting", "1122m3344p5566s7z", "--rules", "riichi", "--json")
    assert code == 0
    assert json.loads(out) == {"hand": "1122m3344p5566s7z", "rules": "riichi", "jokers": 0,
                               "waits": ["7z"], "tiles": [33]}
    assert json.loads(run(capsys, "mahjong", "hu", "11m", "--json")[1])["hu"] is True


def _fan_lines(fans):
    """The lines ``fan`` prints for a score's fans: one per name, a repeated fan as "name ×n"."""
    counted = {}
    for name, points in fans:
        times, total = counted.get(name, (0, 0))
        counted[name] = (times + 1, total + points)
    return [f"{name} ×{times}\t{points}" if times > 1 else f"{name}\t{points}"
            for name, (times, points) in counted.items()]


def test_fan_prints_the_total_each_fan_and_the_decomposition(capsys):
    hand, win = "1112345678999m", "5m"
    want = mahjong.fan(hand, win)
    code, out, _ = run(capsys, "mahjong", "fan", hand, win)
    lines = out.splitlines()
    assert code == 0 and lines[0] == f"total\t{want.total}"
    assert lines[1:-1] == _fan_lines(want.fans)
    # the decomposition is one of those ``decompose`` prints for the 14 tiles under the Chinese rules
    assert lines[-1] in run(capsys, "mahjong", "decompose", hand + win, "--rules", "chinese")[1].splitlines()
    split = run(capsys, "mahjong", "fan", *"1W 1W 1W 2W 3W 4W 5W 6W 7W 8W 9W 9W 9W 5W".split(), "--notation", "uva")[1]
    assert split.splitlines()[:-1] == lines[:-1] and "1W 1W 1W" in split  # the hand over several arguments


def test_fan_takes_melds_flags_winds_and_flowers(capsys):
    hand, win, melds = "123m456p1z", "1z", [("chow", "7s"), ("concealed_kong", "5z")]
    want = mahjong.fan(hand, win, melds, self_drawn=True, seat_wind=1, round_wind=3, flowers=2)
    argv = ["mahjong", "fan", hand, win, "--meld", "chow:7s", "--meld", "暗杠:5z", "--self-drawn", "--seat-wind", "S",
            "--round-wind", "北", "--flowers", "2"]
    code, out, _ = run(capsys, *argv)
    lines = out.splitlines()
    assert code == 0 and lines[0] == f"total\t{want.total}" and lines[1:-2] == _fan_lines(want.fans)
    assert "花牌 ×2\t2" in lines and lines[-1] == "declared: chow 789s, concealed kong 5555z"
    shown = json.loads(run(capsys, *argv, "--json")[1])
    assert shown["total"] == want.total and [(f["name"], f["points"]) for f in shown["fans"]] == list(want.fans)
    assert (shown["seat_wind"], shown["round_wind"], shown["flowers"], shown["self_drawn"]) == (1, 3, 2, True)
    assert shown["melds"] == [{"kind": "chow", "tiles": "789s"}, {"kind": "concealed_kong", "tiles": "5555z"}]
    decomposed = json.loads(run(capsys, "mahjong", "decompose", "123m456p11z", "--json")[1])["decompositions"]
    assert shown["decomposition"] in decomposed


def test_fan_of_a_hand_that_does_not_win(capsys):
    assert mahjong.fan("1112345678999m", "1z") is None
    assert run(capsys, "mahjong", "fan", "1112345678999m", "1z")[:2] == (0, "no hu\n")
    shown = json.loads(run(capsys, "mahjong", "fan", "1112345678999m", "1z", "--json")[1])
    assert (shown["hu"], shown["total"], shown["fans"], shown["decomposition"]) == (False, None, [], None)


def test_fan_json_answers_what_fan_does_on_seeded_hands(capsys, rng):
    wins = refused = 0
    for _ in range(60):
        case = gb_hands.random_case(rng) if rng.random() < 0.7 else gb_hands.losing_case(rng)
        flags = [f"--{flag.replace('_', '-')}" for flag in ("self_drawn", "fourth_tile", "kong", "last_tile")
                 if getattr(case, flag)]
        argv = ["mahjong", "fan", tiles.format_counts(case.hand), tiles.tile_name(case.win_tile), *flags,
                "--seat-wind", WINDS[case.seat_wind], "--round-wind", str(case.round_wind), "--flowers", case.flowers,
                *(a for kind, t in case.melds for a in ("--meld", f"{kind}:{tiles.tile_name(t)}")), "--json"]
        code, out, err = run(capsys, *argv)
        try:
            want = mahjong.fan(case.hand, int(case.win_tile), [(kind, int(t)) for kind, t in case.melds],
                               **case.kwargs())
        except PaibiaoError as exc:  # flags that cannot hold on these tiles: the same one-line error
            assert (code, out, err) == (2, "", f"paibiao: error: {exc}\n")
            refused += 1
            continue
        assert code == 0, err
        shown = json.loads(out)
        assert shown["total"] == (None if want is None else want.total), case
        assert [(f["name"], f["points"]) for f in shown["fans"]] == ([] if want is None else list(want.fans)), case
        wins += shown["hu"]
    assert 0 < wins < 60 - refused  # the seeded mix holds winning hands and others


def test_riichi_score_prints_han_fu_payment_yaku_and_the_reading(capsys):
    want = mahjong.riichi.score("234789m1234566p", "6p", tsumo=True, riichi=True, seat_wind=1, dora=["5p"])
    code, out, _ = run(capsys, "mahjong", "score", "234789m1234566p", "6p", "--rules", "riichi", "--tsumo", "--riichi",
                       "--seat-wind", "S", "--dora", "5p")
    lines = out.splitlines()
    assert code == 0 and lines[0] == f"6 han 20 fu haneman\t{want.additional}/{want.main}\ttotal {want.total}"
    assert lines[1:-1] == [f"{name}\t{han}" for name, han in want.yaku]
    assert lines[-1].startswith("standard: 66p")
    assert run(capsys, "mahjong", "score", "1112345678999m", "1z")[:2] == (0, "no hu\n")
    assert run(capsys, "mahjong", "score", "2m456p789s567s", "2m", "--meld", "chow:123m")[:2] == (0, "no yaku\n")


def test_riichi_score_json_answers_what_score_does_on_seeded_hands(capsys, rng):
    shown_wins = 0
    for _ in range(40):
        case = riichi_hands.random_case(rng, aka=True)
        flags = [f"--{flag.replace('_', '-')}" for flag, on in case.flags.items() if on]
        argv = ["mahjong", "score", case.hand_text(), case.win_text(), "--aka", *flags,
                "--seat-wind", WINDS[case.seat_wind], "--round-wind", str(case.round_wind),
                "--honba", str(case.honba), "--kyoutaku", str(case.kyoutaku),
                *(a for kind, tiles_text in case.meld_args() for a in ("--meld", f"{kind}:{tiles_text}")),
                *(["--dora", *map(tiles.tile_name, case.dora)] if case.dora else []),
                *(["--ura-dora", *map(tiles.tile_name, case.ura_dora)] if case.ura_dora else []), "--json"]
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        want = mahjong.riichi.score(case.hand_text(), case.win_text(), case.meld_args(),
                                    rules=mahjong.riichi.Rules(aka=True), **case.kwargs())
        shown = json.loads(out)
        assert shown["hu"] == (want is not None) and shown["han"] == (None if want is None else want.han), case
        if want is not None:
            assert (shown["fu"], shown["total"]) == (want.fu, want.total)
            assert [(y["name"], y["han"]) for y in shown["yaku"]] == list(want.yaku)
            shown_wins += want.han > 0
    assert shown_wins > 20


@pytest.mark.parametrize("argv,match", [
    (["mahjong", "score", "123m456p789s1122z", "1z", "--rules", "chinese"], "score takes --rules riichi"),
    (["mahjong", "score", "123m456p789s1122z", "1z", "--ippatsu"], "ippatsu without riichi"),
    (["mahjong", "score", "406m123p789s1122z", "1z"], "red five"),
    (["mahjong", "hu", "123m"], "hu needs a hand of"),
    (["mahjong", "hu", "11m", "9q"], "'9q'"),
    (["mahjong", "ting", "11111m"], "5 copies"),
    (["mahjong", "hu", "11m", "--jokers", "9"], "jokers must be 0..8"),
    (["mahjong", "hu", "11m", "--jokers", "x"], "invalid int value"),
    (["mahjong", "shanten", "123m"], "got 3"),
    (["mahjong", "discard", "1m"], "discard advice needs"),
    (["mahjong", "hu", "11m", "--rules", "mcr"], "invalid choice"),
    (["mahjong", "fly", "11m"], "invalid choice"),
    (["mahjong", "fan", "1112345678999m"], "required: WIN"),
    (["mahjong", "fan", "1112345678999m", "5m", "--meld", "pong"], "KIND:TILE"),
    (["mahjong", "fan", "1112345678999m", "5m", "--seat-wind", "X"], "not a wind"),
    (["mahjong", "fan", "1112345678999m", "5m", "--rules", "chinese"], "unrecognized arguments"),
    (["mahjong", "fan", "1112345678999m", "9q"], "'9q'"),
    (["mahjong"], "required"),
    ([], "required"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, match):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("paibiao") and match in err


def test_uva_sample(capsys):
    assert solve(SAMPLE_IN) == SAMPLE_OUT
    assert run(capsys, "uva11210", stdin=SAMPLE_IN)[:2] == (0, SAMPLE_OUT)
    assert solve(SAMPLE_IN.replace("\n0\n", "\n")) == SAMPLE_OUT  # end of input ends too
    assert solve("0\n1S") == ""


@pytest.mark.parametrize("text,match", [
    ("1S 1S 2S\n0\n", "case 1: needs 13 tiles"),
    ("1S 1S 2S 2S 2S 3S 3S 3S 7S 8S 9S FA FA\n1S 2S 0\n", "case 2: needs 13 tiles"),
    ("1S 1S 2S 2S 2S 3S 3S 3S 7S 8S 9S FA fa\n0\n", "case 1: bad tile token 'fa'"),
    ("1S 1S 1S 1S 1S 3S 3S 3S 7S 8S 9S FA FA\n0\n", "case 1: hand holds 5 copies"),
])
def test_uva_bad_input(capsys, text, match):
    code, out, err = run(capsys, "uva11210", stdin=text)
    assert code == 2 and out == "" and err.count("\n") == 1 and match in err


def uva_line(counts):
    return " ".join(tiles.tile_name(t, "uva") for t in range(34) for _ in range(counts[t]))


@pytest.fixture(scope="module")
def seed_program(tmp_path_factory):
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler to build the seed program")
    exe = tmp_path_factory.mktemp("seed") / "uva11210"
    subprocess.run([cc, "-O2", "-w", "-o", str(exe), str(SEED_SOURCE)], check=True)
    return exe


def test_agrees_with_the_seed_program(rng, seed_program):
    hands = []
    for i in range(600):
        if i % 3 == 0:
            h = handgen.random_hand(rng, 13)
        else:
            h = handgen.minus_one(rng, handgen.winning_hand(rng))
            if i % 3 == 2:
                h = handgen.swap_one(rng, h)
        hands.append(h)
    hands.append([4, 1, 1, 1, 1, 1, 1, 1, 2] + [0] * 25)  # holds four 1m
    ready = 0
    for start in range(0, len(hands), 50):  # the problem allows at most 50 cases
        lines = [uva_line(h) for h in hands[start:start + 50]]
        rng.shuffle(lines)
        text = "\n".join(lines) + "\n0\n"
        want = subprocess.run([str(seed_program)], input=text, capture_output=True, text=True,
                              check=True).stdout
        assert solve(text) == want
        ready += sum(not line.endswith("Not ready") for line in want.splitlines())
    assert 0 < ready < len(hands)


def test_console_script_has_no_traceback():
    exe = Path(sys.executable).with_name("paibiao")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "lookup.cli"]
    done = subprocess.run(cmd + ["mahjong", "hu", "1m", "2q"], capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr and "'2q'" in done.stderr
    done = subprocess.run(cmd + ["uva11210"], input=SAMPLE_IN, capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == SAMPLE_OUT
