"""lookup.batching.Batcher: every caller gets what the scalar function gives, batched."""

from __future__ import annotations

import asyncio
import threading

import numpy as np
import pytest

from lookup import mahjong, zipai
from lookup import shisanshui as sss
from lookup.batching import Batcher, BatcherClosedError, answer_all, batched_queries
from tests.support import mahjong_hands, shisanshui_hands, zipai_hands


def _outcome(fn, hand, kwargs):
    try:
        return True, fn(hand, **kwargs)
    except Exception as exc:
        return False, exc


def _same(got, want, label):
    """Equal answers of the same type, or errors of the same class and message."""
    (ok_got, value_got), (ok_want, value_want) = got, want
    assert ok_got == ok_want, (label, value_got, value_want)
    if ok_want:
        assert type(value_got) is type(value_want) and value_got == value_want, (label, value_got, value_want)
        if isinstance(value_want, sss.Arrangement):
            assert all(type(row) is list for row in value_got)
    else:
        assert type(value_got) is type(value_want) and str(value_got) == str(value_want), label


CASES = [
    (mahjong.is_hu, {}), (mahjong.is_hu, {"rules": "riichi"}), (mahjong.is_hu, {"rules": "sichuan"}),
    (mahjong.is_hu, {"rules": "chinese", "jokers": 1}), (mahjong.is_hu, {"jokers": 2}),
    (mahjong.ting, {}), (mahjong.ting, {"rules": "riichi"}), (mahjong.ting, {"jokers": 1}),
    (mahjong.ting_mask, {"rules": "chinese"}), (mahjong.shanten, {}), (mahjong.shanten, {"rules": "standard"}),
    (sss.rank5, {}), (sss.rank5, {"rules": "a5_lowest"}), (sss.rank3, {}),
    (sss.best, {}), (sss.best, {"objective": "expected"}),
    (zipai.hu, {}), (zipai.hu, {"rules": "hunan"}), (zipai.ting, {}), (zipai.ting, {"exposed": ()}),
]


def _hands(fn, rng, n):
    if fn in (sss.rank5, sss.rank3, sss.best):
        return shisanshui_hands.input_forms(rng, n, {sss.rank5: 5, sss.rank3: 3, sss.best: 13}[fn])
    if fn in (zipai.hu, zipai.ting):
        return zipai_hands.input_forms(rng, n)
    return mahjong_hands.input_forms(rng, n)


def test_every_batched_query_is_covered():
    assert {f"{fn.__module__.split('.')[1]}.{fn.__name__}" for fn, _ in CASES} == set(batched_queries())


@pytest.mark.parametrize("fn,kwargs", CASES, ids=lambda v: getattr(v, "__name__", None) or str(v))
def test_a_batch_answers_like_the_scalar_function(fn, kwargs, rng):
    hands = _hands(fn, rng, 200 if fn is not sss.best else 40)
    for i, (got, hand) in enumerate(zip(answer_all(fn, hands, **kwargs), hands)):
        _same(got, _outcome(fn, hand, kwargs), (fn.__name__, kwargs, i))
    assert any(ok for ok, _ in answer_all(fn, hands, **kwargs))
    assert not all(ok for ok, _ in answer_all(fn, hands, **kwargs))  # bad hands were mixed in


def test_concurrent_callers_get_their_own_answers_in_few_batches(rng):
    cases = [(fn, kwargs, hand) for fn, kwargs in CASES for hand in _hands(fn, rng, 30)]
    order = rng.permutation(len(cases))
    cases = [cases[i] for i in order]

    async def ask(batcher):
        return await asyncio.gather(*(batcher(fn, hand, **kwargs) for fn, kwargs, hand in cases),
                                    return_exceptions=True)

    async def run():
        async with Batcher(max_delay=0.005) as batcher:
            answers = await ask(batcher)
            return answers, batcher.batches, batcher.batched

    answers, batches, batched = asyncio.run(run())
    for i, ((fn, kwargs, hand), answer) in enumerate(zip(cases, answers)):
        got = (False, answer) if isinstance(answer, Exception) else (True, answer)
        _same(got, _outcome(fn, hand, kwargs), (fn.__name__, kwargs, i))
    assert batched > len(cases) // 2 and batches < len(CASES) * 4


def test_different_arguments_go_to_different_batches():
    seven_pairs = "1122m3344p5566s77z"

    async def run():
        async with Batcher() as batcher:
            return await asyncio.gather(batcher(mahjong.is_hu, seven_pairs),
                                        batcher(mahjong.is_hu, seven_pairs, "riichi"),
                                        batcher(mahjong.is_hu, seven_pairs, rules="standard"),
                                        batcher(mahjong.is_hu, "1111m", jokers=1), batcher(mahjong.is_hu, "1111m"),
                                        return_exceptions=True)

    got = asyncio.run(run())
    assert got[:4] == [False, True, False, True] and isinstance(got[4], ValueError)


def test_functions_without_a_batch_form_run_off_the_loop():
    def where(hand):
        return threading.current_thread().name

    async def run():
        async with Batcher() as batcher:
            return (await batcher(where, "x"), await batcher(mahjong.discard_advice, "123m456p789s111z2z4z"),
                    await batcher(zipai.hu, "一二三 壹贰叁 二七十 五五", ["跑拾"]),
                    await batcher(sss.rank, "AS KS QS JS TS"))

    thread, advice, huxi, rank = asyncio.run(run())
    assert thread.startswith("paibiao-batcher")
    assert advice == mahjong.discard_advice("123m456p789s111z2z4z")
    assert huxi == 21 and rank == 7917


def test_a_cancelled_caller_does_not_disturb_the_others():
    hands = ["11123456789999m", "123m456p789s1234z", "1112345678999m"] * 10

    async def run():
        async with Batcher(max_delay=0.05) as batcher:
            tasks = [asyncio.ensure_future(batcher(mahjong.shanten, h)) for h in hands]
            await asyncio.sleep(0.005)  # every request is waiting for its batch
            tasks[4].cancel()
            return await asyncio.gather(*tasks, return_exceptions=True)

    got = asyncio.run(run())
    assert isinstance(got[4], asyncio.CancelledError)
    assert [g for i, g in enumerate(got) if i != 4] == [mahjong.shanten(h) for i, h in enumerate(hands) if i != 4]


def test_many_threads_share_batches(rng):
    hands = mahjong_hands.input_forms(rng, 400)
    results: list[object] = [None] * len(hands)
    with Batcher(max_delay=0.002) as batcher:
        def work(k):
            for i in range(k, len(hands), 16):
                try:
                    results[i] = (True, batcher.call(mahjong.shanten, hands[i]))
                except Exception as exc:
                    results[i] = (False, exc)

        threads = [threading.Thread(target=work, args=(k,)) for k in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert batcher.batched > 0
    for i, hand in enumerate(hands):
        _same(results[i], _outcome(mahjong.shanten, hand, {}), i)
    with pytest.raises(BatcherClosedError):
        batcher.call(mahjong.shanten, hands[0])


def test_close_answers_what_was_asked_and_refuses_the_rest():
    async def run():
        batcher = Batcher(max_delay=0.05)
        tasks = [asyncio.ensure_future(batcher(mahjong.is_hu, "11123456789999m")) for _ in range(20)]
        await asyncio.sleep(0)  # the requests are made, their batch is not sent yet
        await batcher.aclose()
        assert all(t.done() for t in tasks)
        with pytest.raises(BatcherClosedError):
            await batcher(mahjong.is_hu, "11123456789999m")
        return [t.result() for t in tasks]

    assert asyncio.run(run()) == [True] * 20
    batcher = Batcher()
    answers = []
    worker = threading.Thread(target=lambda: answers.append(batcher.call(sss.rank3, "AS AH AD")))
    worker.start()
    worker.join()
    batcher.close()
    assert answers == [sss.rank3("AS AH AD")]


def test_the_blocking_form_refuses_to_block_a_loop():
    async def run():
        with Batcher() as batcher:
            batcher.call(mahjong.is_hu, "11m")

    with pytest.raises(RuntimeError, match="await batcher"):
        asyncio.run(run())


def test_bounds():
    for bad in ({"max_delay": -1}, {"max_delay": 2}, {"max_batch": 0}):
        with pytest.raises(ValueError):
            Batcher(**bad)

    async def run():
        async with Batcher(max_delay=1, max_batch=4) as batcher:  # full batches go at once
            return await asyncio.wait_for(asyncio.gather(*(batcher(sss.rank5, "AS KS QS JS TS") for _ in range(8))),
                                          timeout=0.9), batcher.batches

    answers, batches = asyncio.run(run())
    assert answers == [7917] * 8 and batches == 2


def test_batch_arrays_are_those_real_calls_use():
    """The batcher hands the kernels writable C-contiguous uint8 arrays: the types warm-up compiles."""
    from lookup import batching

    for fn, hands in ((mahjong.is_hu, ["11123456789999m", [0] * 27 + [2] + [0] * 6]),
                      (zipai.hu, ["二七十二七十贰柒拾", [0] * 20]), (sss.best, [list(range(13))] * 2)):
        query = batching._queries()[fn]
        array = query.stack([query.prepare(h) for h in hands])
        assert array.dtype == np.uint8 and array.flags.writeable and array.flags.c_contiguous
        assert array.shape[0] == 2
