"""Chinese Official scoring: ``fan_batch`` per hand and ``fan`` per call against pymahjonggb's
``MahjongFanCalculator`` per call, on the same seeded winning hands of every shape
(``tests.support.gb_hands``: random melds, one suit, honors, kongs, the special forms, with
declared melds, flags, winds and flowers).

Before anything is timed, every hand's total from ``fan_batch`` is checked equal to the
calculator's."""

from __future__ import annotations

import numpy as np

from .timing import best_times, fmt_time, table

TARGET_BATCH = 5.0
"""``fan_batch`` per hand, as a multiple of the calculator's speed per call."""
TARGET_ONE = 0.5
"""``fan`` per call, as a multiple of the calculator's speed per call."""


def _hands(n: int) -> list:
    from tests.support import gb_hands as gen
    from tests.support.oracles import chinese_fans as cf

    rng = np.random.default_rng(20261205)
    cases = []
    for _ in range(n):
        case = gen.random_case(rng)
        s = cf.situation(case.hand, case.win_tile, case.melds, **case.kwargs())  # drop flags that cannot hold
        cases.append(gen.replace(case, fourth_tile=s.fourth_tile, kong=s.kong))
    return cases


def batch_inputs(cases: list) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
    """``fan_batch``'s (hands, win tiles, melds, flag columns) of the cases of :func:`_hands`."""
    from lookup.mahjong.scoring import MELD_KINDS, SITUATION

    hands = np.array([case.hand for case in cases], np.uint8)
    wins = np.array([case.win_tile for case in cases], np.int64)
    melds = np.zeros((len(cases), 4, 2), np.int8)
    for i, case in enumerate(cases):
        for j, (kind, tile) in enumerate(case.melds):
            melds[i, j] = MELD_KINDS[kind], tile
    flags = {name: np.array([getattr(case, name) for case in cases]) for name in SITUATION}
    return hands, wins, melds, flags


def run(quick: bool) -> str:
    from MahjongGB import MahjongFanCalculator

    from lookup import mahjong
    from tests.support import gb_hands as gen

    n = 2_000 if quick else 20_000
    rounds = 2 if quick else 5
    cases = _hands(n)
    hands, wins, melds, flags = batch_inputs(cases)
    calls = [(list(case.hand), case.win_tile, case.melds, case.kwargs()) for case in cases]
    reference = [gen.to_pymahjonggb(case) for case in cases]
    for kwargs in reference:
        kwargs.pop("verbose")

    def calculator_totals() -> list[int]:
        out = []
        for kwargs in reference:
            out.append(sum(points for points, _ in MahjongFanCalculator(**kwargs)))
        return out

    totals = mahjong.fan_batch(hands, wins, melds, **flags)
    assert totals.tolist() == calculator_totals(), "fan_batch differs from MahjongFanCalculator"

    def calculator() -> None:
        for kwargs in reference:
            MahjongFanCalculator(**kwargs)

    def one_by_one() -> None:
        for hand, win, declared, kwargs in calls:
            mahjong.fan(hand, win, declared, **kwargs)

    best = best_times({"MahjongFanCalculator": calculator, "fan": one_by_one,
                       "fan_batch": lambda: mahjong.fan_batch(hands, wins, melds, **flags)}, rounds)
    per = {name: seconds / n for name, seconds in best.items()}
    peer = per["MahjongFanCalculator"]
    rows = [
        ["`MahjongFanCalculator`, per call (pymahjonggb)", fmt_time(peer), "1.00×", ""],
        ["`fan`, per call", fmt_time(per["fan"]), f"{peer / per['fan']:.2f}×", f"≥ {TARGET_ONE}×"],
        ["`fan_batch`, per hand", fmt_time(per["fan_batch"]), f"{peer / per['fan_batch']:.2f}×", f"≥ {TARGET_BATCH}×"],
    ]
    return "\n".join([
        "## Chinese Official scoring\n",
        f"{n:,} seeded winning hands of every shape (`tests.support.gb_hands`), each total checked equal "
        f"to pymahjonggb's first; best of {rounds} rounds, one core.\n",
        table(rows, ["query", "time", "speed vs pymahjonggb", "target"]),
    ])
