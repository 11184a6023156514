"""Riichi scoring: ``riichi.score_batch`` per hand and ``riichi.score`` per call against the
``mahjong`` package's ``HandCalculator.estimate_hand_value`` per call, on the same seeded
winning hands of every yaku (``tests.support.riichi_hands``: open and closed melds, kongs, red
fives, dora, every flag and wind), under rules with red fives.

Before anything is timed, every hand's han, fu and payments from ``score_batch`` are checked
equal to the calculator's."""

from __future__ import annotations

import numpy as np

from .timing import best_times, fmt_time, table

TARGET_BATCH = 100.0
"""``score_batch`` per hand, as a multiple of the calculator's speed per call."""
TARGET_ONE = 10.0
"""``score`` per call, as a multiple of the calculator's speed per call."""
RULES = {"aka": True}


def _cases(n: int) -> list:
    from tests.support import riichi_hands as gen

    rng = np.random.default_rng(20261207)
    return [gen.random_case(rng, aka=True) for _ in range(n)]


def batch_inputs(cases: list) -> dict:
    """``score_batch``'s keyword arguments for the cases of :func:`_cases`."""
    from tests.support import riichi_hands as gen

    rows = [case.batch_row() for case in cases]
    columns = dict(hands=np.array([r[0] for r in rows], np.uint8), win_tiles=np.array([r[1] for r in rows]),
                   melds=np.array([r[2] for r in rows], np.int8), aka=np.array([r[3] for r in rows]),
                   dora=np.array([r[4] for r in rows]), ura_dora=np.array([r[5] for r in rows]))
    for name in ("seat_wind", "round_wind", "honba", "kyoutaku"):
        columns[name] = np.array([getattr(case, name) for case in cases])
    for name in gen.FLAGS:
        columns[name] = np.array([case.flags.get(name, False) for case in cases])
    return columns


def run(quick: bool) -> str:
    from mahjong.hand_calculating.hand import HandCalculator

    from lookup.mahjong import riichi
    from tests.support import riichi_hands as gen

    n = 2_000 if quick else 20_000
    rounds = 2 if quick else 5
    rules = riichi.Rules(**RULES)
    cases = _cases(n)
    columns = batch_inputs(cases)
    calls = [(case.hand_text(), case.win_text(), case.meld_args(), case.kwargs()) for case in cases]
    reference = [gen.calculator_args(case, RULES) for case in cases]

    def calculator_rows() -> list[list[int]]:
        out = []
        for args in reference:
            got = HandCalculator.estimate_hand_value(**args)
            if got.error == HandCalculator.ERR_HAND_NOT_WINNING:
                out.append([-1, 0, 0, 0, 0])
            elif got.error == HandCalculator.ERR_NO_YAKU:
                out.append([0, 0, 0, 0, 0])
            else:
                out.append([got.han, got.fu, got.cost["main"], got.cost["additional"], got.cost["total"]])
        return out

    answers = riichi.score_batch(rules=rules, **columns)
    assert [list(row) for row in answers.tolist()] == calculator_rows(), "score_batch differs from HandCalculator"

    def calculator() -> None:
        for args in reference:
            HandCalculator.estimate_hand_value(**args)

    def one_by_one() -> None:
        for hand, win, melds, kwargs in calls:
            riichi.score(hand, win, melds, rules=rules, **kwargs)

    best = best_times({"HandCalculator": calculator, "score": one_by_one,
                       "score_batch": lambda: riichi.score_batch(rules=rules, **columns)}, rounds)
    per = {name: seconds / n for name, seconds in best.items()}
    peer = per["HandCalculator"]
    rows = [
        ["`HandCalculator.estimate_hand_value`, per call (mahjong)", fmt_time(peer), "1.00×", ""],
        ["`riichi.score`, per call", fmt_time(per["score"]), f"{peer / per['score']:.2f}×", f"≥ {TARGET_ONE:g}×"],
        ["`riichi.score_batch`, per hand", fmt_time(per["score_batch"]), f"{peer / per['score_batch']:.2f}×",
         f"≥ {TARGET_BATCH:g}×"],
    ]
    return "\n".join([
        "## Riichi scoring\n",
        f"{n:,} seeded winning hands of every yaku (`tests.support.riichi_hands`), red fives on, each han, fu "
        f"and payment checked equal to `HandCalculator`'s first; best of {rounds} rounds, one core.\n",
        table(rows, ["query", "time", "speed vs HandCalculator", "target"]),
    ])
