"""The JSON and octet-stream routes answer what the Python API answers (in process, through
Starlette's test client); bad requests get the error format and status of their kind."""

from __future__ import annotations

import asyncio
import json
import random

import numpy as np
import pytest
from starlette.testclient import TestClient

from lookup import mahjong, zipai
from lookup import shisanshui as sss
from lookup.service.app import LimitsMiddleware, ServiceConfig, create_app
from lookup.service.encoding import dtype_header, header_dtype, to_json
from lookup.service.queries import batch_route_names, json_route_names, routes
from tests.support import gb_hands, mahjong_hands, riichi_hands, shisanshui_hands, zipai_hands

from ..zipai.scoring_twin import random_hand
from .support import wait_until

SSS_HAND = "AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H"
DEAL = ["AS AH AD|KS KH KD 2C 2D|QS QH QD QC 3C", ["JS JH 4C", "5C 6C 7C 9D TD", "2S 3S 4S 6S 8S"],
        "2H 3H 4H|5H 6H 7H 8H TC|9C TH JC JD KC"]
ROWS = {"front": "6H 3S 2H", "middle": "QS QH 9S 8H 7S", "back": "AS AH AD KS KH"}

CASES = [  # (game, query, JSON body): the body's values are also valid Python arguments
    ("mahjong", "is_hu", {"hand": "11123456789999m"}),
    ("mahjong", "is_hu", {"hand": "1122m3344p5566s77z", "rules": "riichi"}),
    ("mahjong", "is_hu", {"hand": "1111m", "jokers": 1}),
    ("mahjong", "is_hu", {"hand": [0] * 27 + [2] + [0] * 6}),
    ("mahjong", "ting", {"hand": "1112345678999m"}),
    ("mahjong", "ting", {"hand": "112345678999m", "jokers": 1, "rules": "chinese"}),
    ("mahjong", "ting_mask", {"hand": "1122m3344p5566s7z", "rules": "riichi"}),
    ("mahjong", "shanten", {"hand": "123m456p789s1234z"}),
    ("mahjong", "shanten", {"hand": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "rules": "standard"}),
    ("mahjong", "discard_advice", {"hand": "123m456p789s111z2z4z"}),
    ("mahjong", "discard_advice", {"hand": "123m456p789s111z2z4z", "visible": "44z"}),
    ("mahjong", "discard_advice", {"hand": "123m456p789s111z2z4z", "visible": [0] * 28 + [2] + [0] * 5}),
    ("mahjong", "decompositions", {"hand": "111222333m789p55s"}),
    ("mahjong", "decompositions", {"hand": "1122m3344p5566s77z", "rules": "riichi"}),
    ("mahjong", "fan", {"hand": "1112345678999m", "win_tile": "5m"}),
    ("mahjong", "fan", {"hand": "123m456p1z", "win_tile": 27, "melds": [["chow", "7s"], ["concealed_kong", 31]],
                        "self_drawn": True, "seat_wind": 1, "round_wind": 3, "flowers": 2}),
    ("mahjong", "fan", {"hand": "1112345678999m", "win_tile": "1z"}),  # no win: null
    ("mahjong", "fan_waits", {"hand": "1112345678999m"}),
    ("mahjong", "fan_waits", {"hand": "123m456p1z", "melds": [["pong", "5z"], ["chow", 24]], "min_fan": 0,
                              "fourth_tile": True}),
    ("mahjong", "riichi_score", {"hand": "234789m1234566p", "win_tile": "6p",
                                 "situation": {"tsumo": True, "riichi": True, "seat_wind": 1, "dora": ["5p"]}}),
    ("mahjong", "riichi_score", {"hand": "406m789s1122z", "win_tile": "1z", "melds": [["pong", "550p"]],
                                 "rules": {"aka": True}}),
    ("mahjong", "riichi_score", {"hand": "1112345678999m", "win_tile": "1z"}),  # no win: null
    ("mahjong", "riichi_score_waits", {"hand": "1112345678999m", "situation": {"riichi": True}}),
    ("mahjong", "hand_counts", {"hand": "一万 二万 🀇 1W"}),
    ("mahjong", "format_counts", {"counts": [2] + [0] * 26 + [1] * 7, "notation": "chinese"}),
    ("shisanshui", "rank5", {"cards": "AS KS QS JS TS"}),
    ("shisanshui", "rank5", {"cards": [0, 5, 10, 15, 16], "rules": "a5_lowest"}),
    ("shisanshui", "rank3", {"cards": "AS AH AD"}),
    ("shisanshui", "rank", {"cards": ["KS", "KH", "KD", "2C", "3C"]}),
    ("shisanshui", "category", {"rank_value": 6242}),
    ("shisanshui", "category_chinese", {"rank_value": 7917}),
    ("shisanshui", "row_ranks", ROWS),
    ("shisanshui", "is_foul", {"front": "AS AH 4D", "middle": "5S 5H 7D 8C 9C", "back": "KS KH QD QC 2C"}),
    ("shisanshui", "best", {"hand13": SSS_HAND}),
    ("shisanshui", "best", {"hand13": SSS_HAND, "objective": "expected", "rules": "middle_fh2"}),
    ("shisanshui", "expected_points", ROWS),
    ("shisanshui", "arrangements", {"hand13": SSS_HAND}),
    ("shisanshui", "special", {"hand13": "2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD AS"}),
    ("shisanshui", "specials", {"hand13": "2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD AS"}),
    ("shisanshui", "settle", {"arrangements": DEAL}),
    ("shisanshui", "settle", {"arrangements": DEAL[:2], "specials": [None, None]}),
    ("shisanshui", "settlement", {"arrangements": DEAL, "specials": "auto"}),
    ("shisanshui", "parse_cards", {"text": "♠A ♥10 KD"}),
    ("shisanshui", "format_cards", {"cards": [51, 0], "notation": "unicode"}),
    ("zipai", "hu", {"hand": "二七十二七十贰柒拾"}),
    ("zipai", "hu", {"hand": "一二三 壹贰叁 二七十 五五", "exposed": ["跑拾"]}),
    ("zipai", "hu", {"hand": "一二三 贰叁肆 五五 拾拾拾拾", "exposed": [["chi", "二七十"]]}),
    ("zipai", "ting", {"hand": "一二三 贰叁肆 二七十 五五", "exposed": ["碰拾"]}),
    ("zipai", "ting", {"hand": "二七十二七十贰柒 四五六 壹贰叁", "rules": "hunan"}),
    ("zipai", "decompositions", {"hand": "二七十二七十贰柒拾"}),
    ("zipai", "hand_counts", {"hand": "x2 x7 x10"}),
    ("zipai", "format_counts", {"counts": [1] * 20, "notation": "ascii"}),
    ("zipai", "parse_melds", {"exposed": ["碰六", "peng:x6", ["ti", 10]]}),
    ("zipai", "score", {"hand": "贰柒拾 贰柒拾 二七十 一二三 四五六 叁肆伍 八九十", "rules": "changde",
                        "self_drawn": True}),
    ("zipai", "score", {"hand": "二三四五六七八九王", "exposed": ["偎柒", "吃贰柒拾", "吃壹贰叁", "吃肆伍陆"],
                        "rules": {"preset": "yongzhou", "hongzhuan": True}, "self_drawn": True, "xing": "七"}),
    ("zipai", "score", {"hand": "一二三 四五六 七八九 壹贰叁 肆伍陆 柒捌玖 二七十", "rules": "anhua"}),  # 12 huxi: null
    ("zipai", "score_waits", {"hand": "贰柒拾 贰柒拾 二七十 一二三 四五六 叁肆伍 八九", "rules": "yongzhou",
                              "self_drawn": True}),
]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def _python(game, name, body):
    fn = routes().get(game, name).function
    return fn(**body)


def test_every_json_route_has_a_case():
    covered = {(game, name) for game, name, _ in CASES}
    assert covered == {(game, name) for game, names in json_route_names().items() for name in names}


@pytest.mark.parametrize("game,name,body", CASES, ids=lambda v: v if isinstance(v, str) else "")
def test_a_route_answers_what_its_function_returns(client, game, name, body):
    response = client.post(f"/v1/{game}/{name}", json=body)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    assert response.json() == {"result": json.loads(json.dumps(to_json(_python(game, name, body))))}


def test_records_are_objects_with_their_field_names(client):
    advice = client.post("/v1/mahjong/discard_advice", json={"hand": "123m456p789s111z2z4z"}).json()["result"]
    assert advice[0] == {"discard": 28, "shanten": 0, "count": 3, "wait_mask": 1 << 30, "waits": [30]}
    best = client.post("/v1/shisanshui/best", json={"hand13": SSS_HAND}).json()["result"]
    assert best == {"front": [17, 4, 1], "middle": [40, 41, 28, 25, 20], "back": [48, 49, 51, 44, 45]}
    ting = client.post("/v1/zipai/ting", json={"hand": "一二三 贰叁肆 二七十 五五", "exposed": ["碰拾"]}).json()
    assert ting == {"result": {"4": 12, "19": 15}}  # card index -> huxi; JSON keys are strings
    split = client.post("/v1/zipai/decompositions", json={"hand": "二七十二七十贰柒拾"}).json()["result"][0]
    assert split == {"huxi": 12, "groups": [[1, 6, 9], [1, 6, 9], [11, 16, 19]], "wang": []}


def test_a_rules_object_is_the_games_rules_class(client):
    body = {"hand": "1122m3344p5566s7z", "rules": {"seven_pairs": True}}
    assert client.post("/v1/mahjong/ting", json=body).json() == {"result": [33]}
    assert mahjong.ting("1122m3344p5566s7z", mahjong.RuleSet(seven_pairs=True)) == [33]
    body = {"hand": "二七十二七十贰柒拾", "rules": {"min_huxi": 15}}
    assert client.post("/v1/zipai/hu", json=body).json() == {"result": None}
    body = {"arrangements": DEAL, "rules": {"shoot_multiplier": 3, "special_points": {"一条龙": 0}}}
    want = sss.settle(DEAL, rules=sss.Rules(shoot_multiplier=3, special_points={"一条龙": 0}))
    assert client.post("/v1/shisanshui/settle", json=body).json() == {"result": want}


def test_a_fan_score_is_an_object_and_its_decomposition_as_decompositions_gives_it(client):
    body = {"hand": "1112345678999m", "win_tile": "5m"}
    result = client.post("/v1/mahjong/fan", json=body).json()["result"]
    want = mahjong.fan(**body)
    assert result["total"] == want.total and result["fans"] == [list(f) for f in want.fans]
    decompositions = client.post("/v1/mahjong/decompositions", json={"hand": "1112345678999m5m", "rules": "chinese"})
    assert result["decomposition"] in decompositions.json()["result"]
    waits = client.post("/v1/mahjong/fan_waits", json={"hand": "1112345678999m", "min_fan": 0}).json()["result"]
    assert waits == {str(t): total for t, total in mahjong.fan_waits("1112345678999m", min_fan=0).items()}


def _jsonable(hand):
    return hand.tolist() if isinstance(hand, np.ndarray) else hand


@pytest.mark.parametrize("game,name,hands,extra", [
    ("mahjong", "is_hu", mahjong_hands.input_forms, {"rules": "riichi"}),
    ("mahjong", "ting", mahjong_hands.input_forms, {"jokers": 1}),
    ("mahjong", "shanten", mahjong_hands.input_forms, {}),
    ("mahjong", "discard_advice", mahjong_hands.input_forms, {}),
    ("shisanshui", "best", lambda rng, n: shisanshui_hands.input_forms(rng, n, 13), {"objective": "expected"}),
    ("shisanshui", "rank5", lambda rng, n: shisanshui_hands.input_forms(rng, n, 5), {}),
    ("zipai", "hu", zipai_hands.input_forms, {}),
    ("zipai", "ting", zipai_hands.input_forms, {"exposed": []}),
    ("mahjong", "fan_waits", mahjong_hands.input_forms, {"min_fan": 0}),
])
def test_hands_are_answered_each_with_errors_in_place(client, rng, game, name, hands, extra):
    batch = [_jsonable(h) for h in hands(rng, 200)]
    fn = routes().get(game, name).function
    first = routes().get(game, name).hand.name
    results = client.post(f"/v1/{game}/{name}", json={"hands": batch, **extra}).json()["results"]
    assert len(results) == len(batch)
    errors = 0
    for hand, got in zip(batch, results):
        try:
            want = json.loads(json.dumps(to_json(fn(**{first: hand}, **extra))))
        except ValueError as exc:
            errors += 1
            assert got == {"error": " ".join(str(exc).split()), "type": type(exc).__name__}, hand
        else:
            assert got == want, hand
    assert 0 < errors < len(batch)  # the seeded mixes hold bad hands and good ones


BATCH_CASES = [  # (game, query, query string, rows: "mahjong" / "zipai" and the hand size, or cards per row)
    ("mahjong", "is_hu_batch", "", ("mahjong", 14)),
    ("mahjong", "is_hu_batch", "?rules=riichi&jokers=1", ("mahjong", 13)),
    ("mahjong", "ting_batch", "?rules=chinese", ("mahjong", 13)), ("mahjong", "shanten_batch", "", ("mahjong", 14)),
    ("shisanshui", "rank5_batch", "", 5), ("shisanshui", "rank3_batch", "?rules=a5_lowest", 3),
    ("shisanshui", "best_batch", "?objective=expected", 13), ("zipai", "hu_batch", "?rules=hunan", ("zipai", 9)),
    ("zipai", "ting_batch", "", ("zipai", 8)),
    ("mahjong", "fan_batch", "", "fan"), ("mahjong", "fan_batch", "?self_drawn=true&seat_wind=2&flowers=3", "fan"),
    ("zipai", "score_batch", "?rules=changde&self_drawn=true", "score"),
    ("zipai", "score_batch", "?rules=anhua&huangfan=1", "score"),
    ("mahjong", "riichi_score_batch", "", "riichi"),
]
SAMPLES = {("mahjong", 14): ["11123456789999m", "1122m3344p5566s77z"], ("mahjong", 13): ["1112345678999m"],
           ("zipai", 9): ["二七十二七十贰柒拾"], ("zipai", 8): ["二七十二七十贰柒"]}


MELD_CODES = {"chow": 1, "pong": 2, "kong": 3, "concealed_kong": 4}
"""``fan_batch``'s meld kinds (0: no meld)."""


def _fan_row(case):
    """A ``fan_batch`` route row of a case: 34 concealed counts, the win tile, 4 (kind, tile) melds."""
    melds = [(MELD_CODES[kind], t) for kind, t in case.melds] + [(0, 0)] * (4 - len(case.melds))
    return [*case.hand, case.win_tile, *(v for meld in melds for v in meld)]


SCORE_MELD_CODES = {"peng": 1, "wei": 2, "pao": 3, "ti": 4, "chi": 5}
"""``score_batch``'s meld kinds (0: no meld)."""


def _score_row(counts, wang, melds, win, xing=-1):
    """A ``score_batch`` route row: 20 counts, 7 int8 melds (kind, card, card, card), the
    winning card, the 王 held and the 醒 card (-1 none)."""
    exposed = np.zeros((7, 4), np.int8)
    for j, (kind, cards) in enumerate(melds):
        exposed[j] = [SCORE_MELD_CODES[kind], *(cards if kind == "chi" else (cards[0], 0, 0))]
    tail = np.array([win, wang, xing], np.int8)
    return np.concatenate([np.array(counts, np.uint8), exposed.view(np.uint8).ravel(), tail.view(np.uint8)])


def _score_rows(seed, n, preset="changde", max_wang=0, xing=False):
    """n seeded ``score_batch`` rows of winning-shaped hands (``tests.zipai.scoring_twin``);
    every third one has a card swapped, so that some do not win."""
    rng, rows = random.Random(seed), []
    while len(rows) < n:
        drawn = random_hand(rng, preset, max_wang)
        if drawn is None:
            continue
        counts, wang, melds, win = drawn
        if len(rows) % 3 == 2:
            held = [t for t in range(20) if counts[t] and t != win]
            free = [t for t in range(20) if counts[t] + sum(c.count(t) for _, c in melds) < 4]
            if not held or not free:
                continue
            counts = list(counts)
            counts[rng.choice(held)] -= 1
            counts[rng.choice(free)] += 1
        turned = rng.randrange(-1, 21 if max_wang else 20) if xing else -1  # 20: a turned 王, where 王 play
        rows.append(_score_row(counts, wang, melds, win, turned))
    return np.array(rows, np.uint8)


def _score_args(rows):
    """``score_batch``'s arrays of route rows, sliced by hand from the documented layout."""
    return {"counts": rows[:, :20].copy(), "exposed": rows[:, 20:48].view(np.int8).reshape(-1, 7, 4).copy(),
            "win_card": rows[:, 48].view(np.int8).copy(), "wang": rows[:, 49].copy(),
            "xing": rows[:, 50].view(np.int8).copy()}
def _riichi_row(case):
    """A ``riichi_score_batch`` route row of a case: the ``fan_batch`` row, the red fives, the
    dora and ura dora indicators (int8, -1 none) and the situation columns."""
    counts, win, melds, aka, dora, ura = case.batch_row()
    situation = [int(case.flags.get(f, False)) for f in riichi_hands.FLAGS]
    situation += [case.seat_wind, case.round_wind, case.honba, case.kyoutaku]
    return [*counts, win, *(v for meld in melds for v in meld), aka, *(d % 256 for d in dora + ura), *situation]


RIICHI_COLUMNS = {"hands": (0, 34), "win_tiles": (34, 35), "melds": (35, 43), "aka": (43, 44), "dora": (44, 49),
                  "ura_dora": (49, 54), "situations": (54, 68)}
"""Where each argument of ``riichi_score_batch`` sits in its route's row."""


def _riichi_args(rows):
    args = {name: rows[:, lo:hi].copy() for name, (lo, hi) in RIICHI_COLUMNS.items()}
    args["win_tiles"], args["aka"] = args["win_tiles"][:, 0], args["aka"][:, 0]
    args["melds"] = args["melds"].view(np.int8).reshape(-1, 4, 2)
    args["dora"], args["ura_dora"] = args["dora"].view(np.int8), args["ura_dora"].view(np.int8)
    return args


def _rows(rng, kind, n):
    """n rows: every other one a sample hand of the size, the rest seeded random hands (for
    ``fan_batch`` and ``score_batch``, seeded winning hands with their melds, and some changed
    by a tile)."""
    if kind == "fan":
        return np.array([_fan_row(gb_hands.random_case(rng) if i % 3 else gb_hands.losing_case(rng))
                         for i in range(n)], np.uint8)
    if kind == "score":
        return _score_rows(int(rng.integers(2**31)), n)
    if kind == "riichi":
        return np.array([_riichi_row(riichi_hands.random_case(rng)) for _ in range(n)], np.uint8)
    if isinstance(kind, int):
        return np.array([rng.permutation(52)[:kind] for _ in range(n)], np.uint8)
    game, size = kind
    counts = mahjong.hand_counts if game == "mahjong" else zipai.hand_counts
    kinds = 34 if game == "mahjong" else 20
    samples = [list(counts(h)) for h in SAMPLES[kind]]
    return np.array([samples[i % len(samples)] if i % 2 else _counts(rng, kinds, size) for i in range(n)], np.uint8)


def _counts(rng, kinds, size):
    """Counts of ``size`` tiles drawn from 4 copies of each of ``kinds`` kinds."""
    return np.bincount(rng.choice(np.repeat(np.arange(kinds), 4), size, replace=False), minlength=kinds).tolist()


@pytest.mark.parametrize("game,name", [(g, q) for g, names in batch_route_names().items() for q in names])
def test_a_batch_routes_rows_become_writable_arrays(game, name):
    # a read-only array is another Numba signature: the route would compile in the request
    query = routes().get(game, name)
    rows = np.frombuffer(bytes(3 * query.width), np.uint8).reshape(3, query.width)
    for value in query.split(rows).values():
        assert value.flags.writeable and value.flags.c_contiguous and value.shape[0] == 3


def test_every_batch_route_has_a_case():
    assert {(g, q) for g, q, _, _ in BATCH_CASES} == {(g, q) for g, names in batch_route_names().items() for q in names}


@pytest.mark.parametrize("game,name,params,kind", BATCH_CASES, ids=lambda v: v if isinstance(v, str) else "")
def test_a_batch_route_answers_the_batch_functions_bytes(client, rng, game, name, params, kind):
    rows = _rows(rng, kind, 300)
    response = client.post(f"/v1/{game}/{name}{params}", content=rows.tobytes(),
                           headers={"Content-Type": "application/octet-stream"})
    assert response.status_code == 200, response.text
    kwargs = {k: _query_value(v) for k, v in (p.split("=") for p in params[1:].split("&") if p)}
    named = {}
    if kind == "fan":  # the row: 34 counts, the win tile, 4 melds of (kind, tile) as int8
        args = (rows[:, :34].copy(), rows[:, 34].copy(), rows[:, 35:].view(np.int8).reshape(-1, 4, 2).copy())
    elif kind == "score":
        args, named = (), _score_args(rows)
    elif kind == "riichi":
        args, kwargs = (), {**_riichi_args(rows), **kwargs}
    else:
        args = (rows.copy(),)
    want = routes().get(game, name).function(*args, **named, **kwargs)
    shape = tuple(int(n) for n in response.headers["x-shape"].split(","))
    assert response.headers["x-dtype"] == dtype_header(want.dtype)
    got = np.frombuffer(response.content, header_dtype(response.headers["x-dtype"])).reshape(shape)
    assert got.dtype == want.dtype and np.array_equal(got, want)


def _query_value(text):
    return {"true": True, "false": False}.get(text, int(text) if text.isdigit() else text)


def test_fan_batch_rows_answer_what_fan_does(client, rng):
    cases = [gb_hands.random_case(rng) if i % 3 else gb_hands.losing_case(rng) for i in range(60)]
    rows = np.array([_fan_row(c) for c in cases], np.uint8)
    response = client.post("/v1/mahjong/fan_batch?self_drawn=1&round_wind=1", content=rows.tobytes(),
                           headers={"Content-Type": "application/octet-stream"})
    assert response.status_code == 200, response.text
    got = np.frombuffer(response.content, np.dtype(response.headers["x-dtype"]).newbyteorder("<"))
    for case, total in zip(cases, got.tolist()):
        score = mahjong.fan(case.hand, int(case.win_tile), [(kind, int(t)) for kind, t in case.melds],
                            self_drawn=True, round_wind=1)
        assert total == (-1 if score is None else score.total), case
    assert (got == -1).any() and (got >= 0).any()


@pytest.mark.parametrize("preset,options", [
    ("changde", "&cap=20&hanghangxi=true&difen=2"), ("hengyang_shihuka", "&yiwushi=false&shuangxing=1"),
    ("yongzhou", "&qihu=15&hongzhuan=true&cap=none"), ("anhua", "&zimo_fan=true&hupai_jia=5"),
    ("shaoyang_bopi", "&hongheidian=false"),
])
def test_score_batch_rows_answer_what_score_batch_and_score_do(client, preset, options):
    """Seeded hands with melds, 王 and 醒 cards, room options as query parameters: the route's
    bytes are ``zipai.score_batch``'s, and each row is ``zipai.score`` of its hand."""
    xing = preset in ("yongzhou", "hengyang_shihuka")
    rows = _score_rows(sum(map(ord, preset)), 90, preset, max_wang=2 if preset == "yongzhou" else 0, xing=xing)
    if preset == "hengyang_shihuka":  # 一五十 melds need the option on: keep the rows without them
        rows = rows[[not any(sorted(m[1:].tolist()) in ([0, 4, 9], [10, 14, 19]) for m in a.view(np.int8)
                             .reshape(7, 4) if m[0] == 5) for a in rows[:, 20:48]]]
    response = client.post(f"/v1/zipai/score_batch?rules={preset}&self_drawn=true{options}", content=rows.tobytes(),
                           headers={"Content-Type": "application/octet-stream"})
    assert response.status_code == 200, response.text
    got = np.frombuffer(response.content, header_dtype(response.headers["x-dtype"]))
    room = {k: _query_value(v) for k, v in (p.split("=") for p in options[1:].split("&"))}
    room = {k: None if v == "none" else bool(v) if k in ("shuangxing",) else v for k, v in room.items()}
    rules = zipai.ScoringRules(preset, **room)
    args = _score_args(rows)
    want = zipai.score_batch(**args, rules=rules, self_drawn=True)
    assert got.dtype == want.dtype and np.array_equal(got, want)
    codes = {v: k for k, v in SCORE_MELD_CODES.items()}
    for i, row in enumerate(got.tolist()):
        melds = [(codes[k], cs if k == 5 else cs[0]) for k, *cs in args["exposed"][i].tolist() if k]
        win, xing_card = int(args["win_card"][i]), int(args["xing"][i])
        r = zipai.score(args["counts"][i].tolist(), melds, rules=rules, win_card=None if win < 0 else win,
                        wang=int(args["wang"][i]), xing=None if xing_card < 0 else xing_card, self_drawn=True)
        assert row == ((-1, -1, -1, -1) if r is None else (r.score, r.huxi, -1 if r.tun is None else r.tun,
                                                             -1 if r.fan is None else r.fan)), i
    assert (got["score"] == -1).any() and (got["score"] > 0).any()


@pytest.mark.parametrize("query,kind", [
    ("?rules=changde&discard=true&tianhu=true", "InvalidSituationError"),
    ("?rules=changde&no_such=1", "InvalidFieldError"),  # neither a parameter nor a field of the rules
    ("?rules=changde&qihu=21", "InvalidRulesError"),  # yongzhou's room option
    ("?rules=changde&hanghangxi=maybe", "InvalidRulesError"),
    ("?rules=nowhere", "InvalidRulesError"),
    ("?rules=anhua&shuangxing=true", "InvalidRulesError"),  # a room option anhua does not have
    ("?rules=changde&xing_count=2", "InvalidRulesError"),  # changde counts no 醒
])
def test_score_batch_route_errors_are_the_json_routes(client, query, kind):
    """A bad rules option or flag in the query string gets the error the JSON ``score`` route
    gives for the same arguments."""
    rows = _score_rows(7, 3)
    octet = _error(client.post(f"/v1/zipai/score_batch{query}", content=rows.tobytes(),
                               headers={"Content-Type": "application/octet-stream"}), 400, kind)
    if kind != "InvalidFieldError":
        params = {k: _query_value(v) for k, v in (p.split("=") for p in query[1:].split("&"))}
        rules = params.pop("rules")
        room = {k: params.pop(k) for k in list(params) if k in zipai.ScoringRules.__dataclass_fields__}
        body = {"hand": rows[0, :20].tolist(), "rules": {"preset": rules, **room} if room else rules, **params}
        assert _error(client.post("/v1/zipai/score", json=body), 400, kind).split(": ", 1)[-1] in octet


def test_score_batch_route_bad_rows_name_the_row(client):
    rows = _score_rows(11, 3)
    rows[1, 48] = 25  # a winning card that is no card
    octet = {"Content-Type": "application/octet-stream"}
    assert "row 1" in _error(client.post("/v1/zipai/score_batch?rules=changde", content=rows.tobytes(),
                                         headers=octet), 400, "InvalidArgumentError")
    rows[1, 48], rows[2, 20] = 0, 9  # meld kind 9
    assert "row 2" in _error(client.post("/v1/zipai/score_batch?rules=changde", content=rows.tobytes(),
                                         headers=octet), 400, "InvalidArgumentError")
    rows[2, 20] = 0
    rows[0, 49] = 1  # a 王 where changde plays none
    assert "row 0" in _error(client.post("/v1/zipai/score_batch?rules=changde", content=rows.tobytes(),
                                         headers=octet), 400, "InvalidHandError")
    assert "51-byte rows" in _error(client.post("/v1/zipai/score_batch?rules=changde", content=rows.tobytes()[:-1],
                                                headers=octet), 400, "InvalidFieldError")
    response = client.post("/v1/zipai/score_batch?rules=changde", content=b"", headers=octet)
    assert response.status_code == 200 and response.content == b"" and response.headers["x-shape"] == "0"


def test_a_batch_routes_rules_fields_are_query_parameters(client):
    rows = np.array([list(mahjong.hand_counts(h)) for h in ("1122m3344p5566s77z", "11123456789999m")], np.uint8)
    octet = {"Content-Type": "application/octet-stream"}
    response = client.post("/v1/mahjong/is_hu_batch?seven_pairs=false&honors=true", content=rows.tobytes(),
                           headers=octet)
    want = mahjong.is_hu_batch(rows.copy(), rules=mahjong.RuleSet(seven_pairs=False, honors=True))
    assert np.frombuffer(response.content, header_dtype(response.headers["x-dtype"])).tolist() == want.tolist()
    assert "not both" in _error(client.post("/v1/mahjong/is_hu_batch?rules=riichi&seven_pairs=true",
                                            content=rows.tobytes(), headers=octet), 400, "InvalidFieldError")


def test_the_dtype_header_round_trips():
    scored = zipai.score_batch(np.zeros((0, 20), np.uint8), rules="anhua").dtype
    for dtype in (np.dtype(np.int8), np.dtype("<u8"), scored):
        assert header_dtype(dtype_header(dtype)) == dtype
def test_riichi_score_batch_rows_answer_what_riichi_score_does(client, rng):
    cases = [riichi_hands.random_case(rng, aka=True) for _ in range(80)]
    rows = np.array([_riichi_row(c) for c in cases], np.uint8)
    response = client.post('/v1/mahjong/riichi_score_batch?rules={"aka":true}', content=rows.tobytes(),
                           headers={"Content-Type": "application/octet-stream"})
    assert response.status_code == 200, response.text
    assert response.headers["x-dtype"] == "int32" and response.headers["x-shape"] == f"{len(cases)},5"
    got = np.frombuffer(response.content, np.dtype("<i4")).reshape(-1, 5)
    rules = mahjong.riichi.Rules(aka=True)
    for case, row in zip(cases, got.tolist()):
        score = mahjong.riichi.score(case.hand_text(), case.win_text(), case.meld_args(), rules=rules, **case.kwargs())
        want = [-1, 0, 0, 0, 0] if score is None else [score.han, score.fu, score.main, score.additional, score.total]
        assert row == (want if score is None or score.han else [0] * 5), case
    assert (got[:, 0] > 0).any()


def _answer(response):
    """The JSON body of a 200 response; None for any other."""
    return response.json() if response.status_code == 200 else None


def _error(response, status, kind):
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert set(body) == {"error", "type"} and body["type"] == kind, body
    assert "\n" not in body["error"] and "Traceback" not in body["error"]
    return body["error"]


@pytest.mark.parametrize("path,content,kind,says", [
    ("/v1/mahjong/is_hu", b"{bad", "InvalidJSONError", "invalid JSON"),
    ("/v1/mahjong/is_hu", b"", "InvalidJSONError", "empty"),
    ("/v1/mahjong/is_hu", b'{"hand": NaN}', "InvalidJSONError", "NaN"),
    ("/v1/mahjong/is_hu", b"[" * 100_000, "InvalidJSONError", "nested"),
    ("/v1/mahjong/is_hu", b'{"hand": "\xff"}', "InvalidJSONError", "UTF-8"),
    ("/v1/mahjong/is_hu", b"[1, 2]", "InvalidFieldError", "JSON object"),
    ("/v1/mahjong/is_hu", b'{"hand": "11m", "rulez": "riichi"}', "InvalidFieldError", "'rulez'"),
    ("/v1/mahjong/is_hu", b'{"rules": "riichi"}', "InvalidFieldError", "neither"),
    ("/v1/mahjong/is_hu", b'{"hand": "11m", "hands": ["11m"]}', "InvalidFieldError", "both"),
    ("/v1/mahjong/is_hu", b'{"hands": "11m"}', "InvalidFieldError", "'hands' must be a JSON array"),
    ("/v1/mahjong/is_hu", b'{"hand": 11}', "InvalidFieldError", "'hand' must be a JSON array or string"),
    ("/v1/mahjong/is_hu", b'{"hand": "11m", "jokers": "1"}', "InvalidFieldError", "'jokers' must be a JSON integer"),
    ("/v1/mahjong/is_hu", b'{"hand": "11m", "rules": {"sevens": true}}', "InvalidFieldError", "'sevens'"),
    ("/v1/mahjong/is_hu", b'{"hand": "11m", "rules": "tenhou"}', "InvalidRulesError", "'tenhou'"),
    ("/v1/mahjong/is_hu", b'{"hand": "11m", "rules": {"honors": 1}}', "InvalidRulesError", "honors"),
    ("/v1/mahjong/is_hu", b'{"hand": "11x"}', "InvalidTileError", "'11x'"),
    ("/v1/mahjong/is_hu", b'{"hand": "11111m"}', "InvalidHandError", "5 copies"),
    ("/v1/mahjong/discard_advice", b'{"hand": "123m456p789s111z2z4z", "visible": "11z"}', "InvalidHandError",
     "3 held and 2 visible"),
    ("/v1/mahjong/is_hu", b'{"hand": [99]}', "InvalidTileError", "99"),
    ("/v1/shisanshui/settle", b'{"arrangements": []}', "InvalidHandError", "player"),
    ("/v1/zipai/hu", '{"hand": "一二三", "exposed": ["碰"]}'.encode(), "InvalidMeldError", "碰"),
])
def test_bad_requests_are_400_with_one_line(client, path, content, kind, says):
    assert says in _error(client.post(path, content=content), 400, kind)


def test_unknown_routes_games_and_queries_are_404(client):
    assert "games are mahjong" in _error(client.post("/v1/go/is_hu", json={}), 404, "NotFoundError")
    assert "queries are is_hu" in _error(client.post("/v1/mahjong/is_ron", json={}), 404, "NotFoundError")
    _error(client.post("/v1/mahjong/_queries", json={}), 404, "NotFoundError")
    _error(client.get("/nothing/here"), 404, "NotFoundError")
    _error(client.get("/static/nothing.js"), 404, "NotFoundError")
    response = client.get("/v1/mahjong/is_hu")
    _error(response, 405, "MethodNotAllowedError")
    assert response.headers["allow"] == "POST"


def test_batch_routes_check_media_type_parameters_and_size(client):
    rows = np.zeros((2, 34), np.uint8).tobytes()
    octet = {"Content-Type": "application/octet-stream"}
    _error(client.post("/v1/mahjong/is_hu_batch", content=rows), 415, "UnsupportedMediaTypeError")
    _error(client.post("/v1/mahjong/is_hu_batch", json={"counts": []}), 415, "UnsupportedMediaTypeError")
    assert "'rulz'" in _error(client.post("/v1/mahjong/is_hu_batch?rulz=x", content=rows, headers=octet),
                              400, "InvalidFieldError")
    assert "34-byte rows" in _error(client.post("/v1/mahjong/is_hu_batch", content=rows[:-1], headers=octet),
                                    400, "InvalidFieldError")
    assert "43-byte rows" in _error(client.post("/v1/mahjong/fan_batch", content=rows, headers=octet),
                                    400, "InvalidFieldError")
    assert "'win_tiles'" in _error(client.post("/v1/mahjong/fan_batch?win_tiles=1", content=b"", headers=octet),
                                   400, "InvalidFieldError")  # the rows give it
    two_tiles = bytes(mahjong.hand_counts("11m"))
    assert "row 1" in _error(client.post("/v1/mahjong/is_hu_batch", content=two_tiles + b"\x05" * 34,
                                         headers=octet), 400, "InvalidHandError")
    response = client.post("/v1/zipai/hu_batch", content=b"", headers=octet)
    assert response.status_code == 200 and response.content == b"" and response.headers["x-shape"] == "0"


def test_noop_health_tables_and_page(client):
    assert client.post("/v1/noop", json={"hand": "anything"}).json() == {"result": None}
    _error(client.post("/v1/noop", content=b"{"), 400, "InvalidJSONError")
    assert client.get("/healthz").json()["status"] == "ok"
    tables = client.get("/v1/tables").json()["tables"]
    assert [t["game"] for t in tables] == ["mahjong", "shisanshui", "zipai"]
    assert all("error" not in t and t["datasets"] for t in tables)
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script id="catalog" type="application/json">' in page.text
    for asset in ("/static/app.js", "/static/app.css", "/static/pictures/mahjong/0.svg"):
        assert client.get(asset).status_code == 200, asset
    font = client.get("/static/fonts/paibiao-cjk.woff2")
    assert font.status_code == 200 and font.headers["content-type"] == "font/woff2"


def test_the_body_limit_is_413_and_configurable():
    with TestClient(create_app(ServiceConfig(max_body=100))) as small:
        assert small.post("/v1/mahjong/is_hu", json={"hand": "11m"}).status_code == 200
        _error(small.post("/v1/mahjong/is_hu", json={"hand": "1" * 200 + "m"}), 413, "PayloadTooLargeError")
        chunks = (b"x" * 60 for _ in range(3))  # no Content-Length: counted while read
        _error(small.post("/v1/noop", content=chunks), 413, "PayloadTooLargeError")


def test_a_response_begun_within_the_time_limit_is_sent_whole():
    async def slow_body(scope, receive, send):  # starts at once, ends past the limit
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
        await asyncio.sleep(0.3)
        await send({"type": "http.response.body", "body": b"all of it"})

    response = TestClient(LimitsMiddleware(slow_body, ServiceConfig(timeout=0.05))).get("/")  # no lifespan
    assert response.status_code == 200
    assert response.text == "all of it"


def test_a_request_past_the_time_limit_is_503():
    with TestClient(create_app(ServiceConfig(timeout=0.05))) as slow:
        body = {"hands": [SSS_HAND] * 10}  # 10 arrangement lists and their JSON: about 2 s of work
        message = _error(slow.post("/v1/shisanshui/arrangements", json=body), 503, "RequestTimeoutError")
        assert "0.05 s" in message
        # the dropped work still runs in a thread and holds the GIL at times: the service answers
        # again within the limit once it is done (until then a request may run past it too)
        assert wait_until(lambda: _answer(slow.post("/v1/mahjong/is_hu", json={"hand": "11m"})) == {"result": True})
