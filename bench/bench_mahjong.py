"""Mahjong: hu, ting, shanten and discard advice against the mahjong and xiangting packages;
generation and load time."""

from __future__ import annotations

import os
from functools import partial

import numpy as np

from tests.support import mahjong_hands as handgen  # the seeded hand generators the tests use

from .timing import best_of, fmt_time, generation_seconds, load_seconds, per_call, table


def _encoding_rows(hands: np.ndarray) -> list:
    from lookup.mahjong import queries
    from lookup.mahjong.encoding import KIND_HONOR, KIND_SUIT

    from . import encoding

    arrays = queries.HU_TING.get()[0]
    suit, honor = arrays[KIND_SUIT], arrays[KIND_HONOR]
    suit_offsets, suit_compact = encoding.compact(suit, 9)
    honor_offsets, honor_compact = encoding.compact(honor, 7)
    dense_out = np.empty(len(hands), np.bool_)
    ranked_out = np.empty(len(hands), np.bool_)
    dense = best_of(lambda: encoding.hu_dense(hands, suit, honor, dense_out)) / len(hands)
    ranked = best_of(lambda: encoding.hu_ranked(hands, suit_offsets, suit_compact, honor_offsets,
                                                honor_compact, ranked_out)) / len(hands)
    assert np.array_equal(dense_out, ranked_out)
    size = lambda *arrays: f"{sum(a.nbytes for a in arrays) / 2**20:.1f} MiB"
    return [
        ["dense base-5 array (kept)", size(suit, honor), fmt_time(dense), "1.0"],
        ["minimal perfect hash (rank among vectors)", size(suit_compact, honor_compact),
         fmt_time(ranked), f"{ranked / dense:.2f}"],
    ]


def _xiangting_discard_loop(hand, necessary, four):
    """What a caller does with xiangting for discard advice: one call per distinct discard."""
    out = []
    for d in range(34):
        if hand[d]:
            hand[d] -= 1
            out.append((d, necessary(hand, four)))
            hand[d] += 1
    return out


def _shanten_section(quick: bool) -> str:
    import xiangting

    from lookup import mahjong, parallel

    rng = np.random.default_rng(2027)
    n_batch = 20_000 if quick else 200_000
    n_calls = 5_000 if quick else 30_000
    n_advice = 500 if quick else 3_000
    sizes = (13, 14)
    hands = [h for n in sizes for h in handgen.mixed_hands(rng, n_batch // 2, n)]
    batch = np.array(hands, np.uint8)
    calls = hands[: n_calls // 2] + hands[n_batch // 2: n_batch // 2 + n_calls // 2]
    four = xiangting.PlayerCount.FOUR
    replacement = xiangting.calculate_replacement_number
    necessary = xiangting.calculate_necessary_tiles
    advice_hands = hands[n_batch // 2: n_batch // 2 + n_advice]

    # answers checked before timing
    assert mahjong.shanten_batch(batch[:2000], "riichi").tolist() == [replacement(h, four) - 1 for h in hands[:2000]]
    for h in advice_hands[:200]:
        for a in mahjong.discard_advice(h, "riichi"):
            c = list(h)
            c[a.discard] -= 1
            rn, mask = necessary(c, four)
            assert (a.shanten, sum(1 << t for t in a.waits)) == (rn - 1, mask)

    t_peer = per_call(lambda h: replacement(h, four), calls)
    t_batch = best_of(lambda: mahjong.shanten_batch(batch, "riichi")) / len(batch)
    t_scalar = per_call(lambda h: mahjong.shanten(h, "riichi"), calls)
    t_loop = per_call(lambda h: _xiangting_discard_loop(list(h), necessary, four), advice_hands)
    t_advice = per_call(lambda h: mahjong.discard_advice(h, "riichi"), advice_hands)
    discard_rows = batch[n_batch // 2:]  # the 14-tile hands
    features = mahjong.discard_batch(discard_rows[:n_advice], "riichi")
    for i, h in enumerate(advice_hands):  # equal to the advice, hence to xiangting, row by row
        assert {(a.discard, a.shanten, a.wait_mask) for a in mahjong.discard_advice(h, "riichi")} == \
            {(t, int(features.shanten[i, t]), int(features.waits[i, t])) for t in np.flatnonzero(discard_rows[i])}
    t_discards = best_of(lambda: mahjong.discard_batch(discard_rows, "riichi")) / len(discard_rows)
    threads = os.cpu_count() or 1
    # enough rows that in_threads gives every core a share (MIN_ROWS_PER_THREAD each)
    thread_rows = np.tile(discard_rows, (-(-threads * parallel.MIN_ROWS_PER_THREAD // len(discard_rows)), 1))
    t_threads = best_of(lambda: parallel.in_threads(mahjong.discard_batch, thread_rows, rules="riichi")) / len(
        thread_rows)
    rows = [
        ["shanten_batch (riichi), per hand", fmt_time(t_batch), "xiangting `calculate_replacement_number`",
         fmt_time(t_peer), f"**{t_peer / t_batch:.1f}×**", "≥ 10×"],
        ["shanten scalar, list of 34 ints", fmt_time(t_scalar), "xiangting `calculate_replacement_number`",
         fmt_time(t_peer), f"{t_peer / t_scalar:.2f}×", "—"],
        ["discard_advice scalar (14 tiles)", fmt_time(t_advice),
         "a loop of `calculate_necessary_tiles` over the discards", fmt_time(t_loop),
         f"**{t_loop / t_advice:.2f}×**", "> 1×"],
        [f"discard_batch (riichi, 14 tiles), per hand of {len(discard_rows):,}", fmt_time(t_discards),
         "a loop of `calculate_necessary_tiles` over the discards", fmt_time(t_loop),
         f"**{t_loop / t_discards:.1f}×**", "≥ 10×"],
        [f"discard_batch in {threads} threads (`lookup.parallel.in_threads`, {threads} cores), per hand of "
         f"{len(thread_rows):,}", fmt_time(t_threads), "the same loop, one core", fmt_time(t_loop),
         f"{t_loop / t_threads:.1f}×", "—"],
    ]
    return "\n".join([
        "## Mahjong: shanten and discard advice\n",
        f"Hands: {len(batch):,} seeded 13- and 14-tile `mixed_hands`; per-call peers on {len(calls):,}; "
        f"discard advice on {n_advice:,} 14-tile hands (the loop builds no advice objects, "
        "discard_advice returns sorted `Advice` tuples). Answers are checked equal before timing.\n",
        table(rows, ["paibiao", "time", "peer", "peer time", "ratio", "target"]),
    ])


VARIANT_PRESETS = ("chinese", "changsha", "sichuan", "sanma")


def _variant_hands(preset: str, n: int, forms: bool) -> tuple[np.ndarray, np.ndarray]:
    """``n`` seeded 14-tile and ``n`` 13-tile hands (uint8 (n, 34) each) of ``preset``'s game:
    `form_hands` (its winning forms, near-forms and random hands) when ``forms``, else
    `mixed_hands` of its tiles."""
    from lookup.mahjong.rules import PRESETS

    rng = np.random.default_rng(2028)
    rules = PRESETS[preset]
    if forms:
        return tuple(np.array(handgen.form_hands(rng, n, size, rules), np.uint8) for size in (14, 13))
    return tuple(np.array(handgen.mixed_hands(rng, n, size, rules.honors), np.uint8) for size in (14, 13))


def _variant_rows(preset: str, n: int, forms: bool) -> list:
    """Per-hand batch hu, ting and shanten under ``preset`` and under ``standard`` on the same
    seeded hands: of the preset's game with its forms (``forms``: `form_hands`, its winning
    forms, near-forms and random hands), else ordinary ones (`mixed_hands` of its tiles)."""
    from lookup import mahjong

    win, wait = _variant_hands(preset, n, forms)
    both = np.concatenate([win, wait])
    # answers checked before timing: batch equals scalar on a sample
    assert mahjong.is_hu_batch(win[:300], preset).tolist() == [mahjong.is_hu(h, preset) for h in win[:300]]
    assert mahjong.ting_batch(wait[:300], preset).tolist() == [mahjong.ting_mask(h, preset) for h in wait[:300]]
    rows = []
    for name, query, hands in (("is_hu_batch", mahjong.is_hu_batch, win), ("ting_batch", mahjong.ting_batch, wait),
                               ("shanten_batch", mahjong.shanten_batch, both)):
        t_rules = best_of(partial(query, hands, preset)) / len(hands)
        t_standard = best_of(partial(query, hands, "standard")) / len(hands)
        rows.append([f"{name} ({preset}), per hand", "its forms" if forms else "ordinary", fmt_time(t_rules),
                     fmt_time(t_standard), f"**{t_rules / t_standard:.2f}×**", "≤ 2×"])
    return rows


def _row_step_rows(lean, step: str, rows: np.ndarray, rules, out_dtype: type) -> np.ndarray:
    """Bool (N,): which rows the kernel without jokers ``lean`` answers by its row step
    (``step``, a name in `lookup.mahjong.kernels`): ``lean`` run as Python one row at a time
    with the step replaced by a counting wrapper."""
    from lookup.mahjong import kernels, queries

    real, taken = getattr(kernels, step), []

    def counted(*args):
        taken.append(1)
        return real(*args)

    arrays, out = queries.HU_TING.get()[0], np.zeros(len(rows), out_dtype)
    setattr(kernels, step, counted)
    try:
        stepped = np.zeros(len(rows), bool)
        for i in range(len(rows)):
            before = len(taken)
            lean.py_func(rows[i:i + 1], arrays, rules.bits, out[i:i + 1])
            stepped[i] = len(taken) > before
    finally:
        setattr(kernels, step, real)
    return stepped


def _row_step_costs(preset: str, n: int, forms: bool, n_split: int) -> list:
    """Per query, the share of the bench's hands (the first ``n_split`` of ``n``) that the kernel without
    jokers hands to its row step, and the time per hand of the others and of those, under
    ``preset`` and under ``standard`` on the same hands: where a variant's time goes."""
    from lookup import mahjong
    from lookup.mahjong import kernels
    from lookup.mahjong.rules import PRESETS

    rules = PRESETS[preset]
    win, wait = (hands[:n_split] for hands in _variant_hands(preset, n, forms))
    rows = []
    for name, query, lean, step, hands, dtype in (
            ("is_hu_batch", mahjong.is_hu_batch, kernels.hu_batch_without_jokers, "row_hu", win, np.bool_),
            ("ting_batch", mahjong.ting_batch, kernels.ting_batch_without_jokers, "row_waits", wait, np.uint64)):
        stepped = _row_step_rows(lean, step, hands, rules, dtype)
        cells = [f"{name} ({preset})", "its forms" if forms else "ordinary", f"{stepped.mean():.1%}"]
        for part in (hands[~stepped], hands[stepped]):
            part = np.ascontiguousarray(part)
            if not len(part):
                cells.append("—")
                continue
            t_rules = best_of(partial(query, part, preset)) / len(part)
            t_standard = best_of(partial(query, part, "standard")) / len(part)
            cells.append(f"{fmt_time(t_rules)} / {fmt_time(t_standard)} = {t_rules / t_standard:.2f}×")
        rows.append(cells)
    return rows


def _minus(rng, counts: list, k: int) -> list:
    for _ in range(k):
        counts = handgen.minus_one(rng, counts)
    return counts


def _jokers_rows(n: int) -> list:
    """Per-hand shanten_batch with 1, 2 and 4 jokers (the same 13- and 14-tile hands with that
    many tiles turned into jokers) against no jokers, under riichi and chinese."""
    from lookup import mahjong

    rng = np.random.default_rng(2029)
    plain = np.array([h for size in (13, 14) for h in handgen.mixed_hands(rng, n // 2, size)], np.uint8)
    rows = []
    for preset in ("riichi", "chinese"):
        t_plain = best_of(partial(mahjong.shanten_batch, plain, preset)) / len(plain)
        for jokers in (1, 2, 4):
            hands = plain.copy()  # the same hands, ``jokers`` random tiles of each turned into jokers
            for row in hands:
                row[:] = _minus(rng, row.tolist(), jokers)
            t_jokers = best_of(partial(mahjong.shanten_batch, hands, preset, jokers)) / len(hands)
            rows.append([f"shanten_batch ({preset}, {jokers} joker{'s' * (jokers > 1)}), per hand",
                         fmt_time(t_jokers), fmt_time(t_plain), f"{t_jokers / t_plain:.2f}×"])
    return rows


def _variants_section(quick: bool) -> str:
    n = 5_000 if quick else 50_000
    rows = [row for preset in VARIANT_PRESETS for row in _variant_rows(preset, n, True)]
    rows += [row for preset in ("chinese", "changsha") for row in _variant_rows(preset, n, False)]
    n_split = min(n, 10_000)
    split_rows = [row for preset, forms in (("chinese", True), ("changsha", True), ("chinese", False),
                                            ("changsha", False)) for row in _row_step_costs(preset, n, forms, n_split)]
    return "\n".join([
        "## Mahjong: rule variants and jokers in shanten\n",
        f"Per preset, {n:,} seeded 14-tile and {n:,} 13-tile hands of its game: *its forms* "
        "(`form_hands`: an even mix of its winning forms, hands one or two tiles from them and "
        "random hands; a third of the `chinese` ones are knitted, which read more entries) or "
        "*ordinary* (`mixed_hands`: random, winning and near-winning standard hands, seven pairs); "
        "shanten on both sizes. Each time is against `standard` on the same hands. Batch answers "
        "are checked equal to the scalar ones before timing.\n",
        table(rows, ["paibiao", "hands", "time", "standard, same hands", "ratio", "target"]),
        f"Where the time goes: the kernels without jokers answer most rows from the standard form and "
        f"the special forms' cheap counts, and hand the rest to the row step of every form the rules "
        f"allow (the 258 pair's waivers, 将将胡, the knitted forms). Per query, on the first "
        f"{n_split:,} of the hands above: the share handed on, and the time per hand of the rows "
        "answered cheaply and of those handed on, each against `standard` on the same rows.\n",
        table(split_rows, ["paibiao", "hands", "rows to the row step", "others: time / standard",
                           "rows to the row step: time / standard"]),
        f"Jokers: {n:,} seeded 13- and 14-tile `mixed_hands`, then the same hands with 1, 2 or 4 "
        "random tiles turned into jokers.\n",
        table(_jokers_rows(n), ["paibiao", "time", "no jokers, per hand", "ratio"]),
    ])


def run(quick: bool) -> str:
    import xiangting
    from mahjong.agari import Agari

    from lookup import mahjong

    rng = np.random.default_rng(2026)
    n_batch = 20_000 if quick else 200_000
    n_calls = 5_000 if quick else 30_000
    hands14 = handgen.mixed_hands(rng, n_batch, 14)
    hands13 = handgen.mixed_hands(rng, n_batch, 13)
    batch14 = np.array(hands14, np.uint8)
    batch13 = np.array(hands13, np.uint8)
    calls14, calls13 = hands14[:n_calls], hands13[:n_calls]

    # all answers checked against each other before anything is timed
    agari = [Agari.is_agari(h) for h in calls14]
    four = xiangting.PlayerCount.FOUR
    assert [mahjong.ting(h, "riichi") for h in calls13[:2000]] == \
        [mahjong.mask_to_tiles(mahjong.ting_mask(h, "riichi")) for h in calls13[:2000]]
    assert mahjong.is_hu_batch(batch14[:n_calls], "riichi").tolist() == agari
    assert [mahjong.is_hu(h, "riichi") for h in calls14] == agari

    t_agari = per_call(Agari.is_agari, calls14)
    t_scalar = per_call(lambda h: mahjong.is_hu(h, "riichi"), calls14)
    t_batch = best_of(lambda: mahjong.is_hu_batch(batch14, "riichi")) / n_batch
    t_needed = per_call(lambda h: xiangting.calculate_necessary_tiles(h, four), calls13)
    t_ting_scalar = per_call(lambda h: mahjong.ting_mask(h, "riichi"), calls13)
    t_ting_list = per_call(lambda h: mahjong.ting(h, "riichi"), calls13)
    t_ting = best_of(lambda: mahjong.ting_batch(batch13, "riichi")) / n_batch
    generation = generation_seconds("mahjong")
    h5py_import, load = load_seconds("mahjong")

    rows = [
        ["is_hu_batch (riichi), per hand", fmt_time(t_batch), "mahjong `Agari.is_agari`",
         fmt_time(t_agari), f"**{t_agari / t_batch:.0f}×**", "≥ 50×"],
        ["is_hu scalar, list of 34 ints", fmt_time(t_scalar), "mahjong `Agari.is_agari`",
         fmt_time(t_agari), f"**{t_agari / t_scalar:.2f}×**", "≥ 1×"],
        ["ting_batch (riichi), per hand", fmt_time(t_ting), "xiangting `calculate_necessary_tiles`",
         fmt_time(t_needed), f"**{t_needed / t_ting:.0f}×**", "≥ 20×"],
        ["ting scalar (ting_mask), list of 34 ints", fmt_time(t_ting_scalar),
         "xiangting `calculate_necessary_tiles`", fmt_time(t_needed), f"{t_needed / t_ting_scalar:.2f}×", "—"],
        ["ting scalar (the waits as a list), list of 34 ints", fmt_time(t_ting_list),
         "xiangting `calculate_necessary_tiles`", fmt_time(t_needed), f"**{t_needed / t_ting_list:.2f}×**", "≥ 1×"],
    ]
    once = [
        ["generate data/mahjong.h5 (`python -m tablegen mahjong`, fresh process, JIT included)",
         f"{generation:.1f} s", "< 60 s"],
        ["load + verify the mahjong tables (sha256 of every dataset)", fmt_time(load), "< 0.2 s"],
        ["`import h5py` (once per process, before the first load)", fmt_time(h5py_import), "—"],
    ]
    return "\n".join([
        "## Mahjong: hu and ting\n",
        f"Hands: {n_batch:,} seeded 14-tile and 13-tile hands (`tests/handgen.py` `mixed_hands`: random "
        "draws, winning, near-winning, seven pairs, thirteen orphans); per-call peers on the "
        f"first {n_calls:,}. Answers are checked equal before timing.\n",
        table(rows, ["paibiao", "time", "peer", "peer time", "ratio", "target"]),
        table(once, ["one-off", "time", "target"]),
        "### Key encoding of the per-suit tables\n",
        "Standard hu of the same 14-tile hands through either key (`bench/encoding.py`); the "
        "file records the winner in its `encoding` attribute.\n",
        table(_encoding_rows(batch14), ["encoding", "table size", "per hand", "relative time"]),
        _shanten_section(quick),
        _variants_section(quick),
    ])
