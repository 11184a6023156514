"""Zipai: hu_batch against a recursive search in Python (the tests' oracle), also with the
一五十 groups (yiwushi) and with 1, 2 and 4 王 against the search over every reading; generation,
load, and the key designs of the table."""

from __future__ import annotations

import time

import numpy as np

from tests.support import zipai_hands as hg  # the seeded generators the tests use
from tests.support.oracles import zipai as seed_search  # the seed-001-style recursive splitter

from .timing import best_of, fmt_time, generation_seconds, load_seconds, per_call, table


def hands(rng, n: int) -> list[list[int]]:
    """Half structured hands (5..7 groups, maybe a pair, 0..2 坎, 0..1 提, half of them with one
    card swapped), half random 21-card draws; only hands whose part outside 坎/提 has 3k or
    3k+2 cards (the others are refused as wrong sizes)."""
    out = []
    while len(out) < n:
        if len(out) % 2:
            c = hg.random_cards(rng, 21)
        else:
            c = hg.hand(rng, part_groups=int(rng.integers(5, 8)), kan=int(rng.integers(0, 3)),
                        ti=int(rng.integers(0, 2)), noise=0.5)
        part = sum(x for x in c if x <= 2)
        if part % 3 != 1 and part <= 21:
            out.append(c)
    return out


def _seed_hu(counts):
    return seed_search.hu(counts)


def wang_hands(rng, base: list[list[int]], wang: int) -> list[list[int]]:
    """The ``base`` hands with ``wang`` cards taken out at random (the 王 stand in for them),
    kept where the part outside 坎/提 with the 王 has 3k or 3k+2 cards."""
    out = []
    for c in base:
        for _ in range(wang):
            c = hg.minus_one(rng, c)
        part = sum(x for x in c if x <= 2) + wang
        if part % 3 != 1 and part <= 21:
            out.append(c)
    return out


def _timed_answers(fn, items) -> tuple[list, float]:
    """(answers, seconds per item) of one plain loop: the slow peers are run once, and their
    answers are the ones checked."""
    t0 = time.perf_counter()
    answers = [fn(item) for item in items]
    return answers, (time.perf_counter() - t0) / len(items)


def _variant_rows(rng, batch_hands: list[list[int]], quick: bool) -> tuple[list, list]:
    """hu_batch with 一五十 (hengyang_shihuka) and with 1, 2, 4 王 (paohuzi), each against the
    oracle's recursive search (over every reading of the 王), answers checked equal first."""
    from lookup import zipai

    rows = []
    wins = []
    peers = {0: 300, 1: 60, 2: 8, 4: 2} if not quick else {0: 60, 1: 12, 2: 3, 4: 1}
    batch = np.array(batch_hands, np.uint8)
    want, t_peer = _timed_answers(lambda h: seed_search.hu(h, yiwushi=True), batch_hands[:peers[0]])
    got = zipai.hu_batch(batch, "hengyang_shihuka")
    assert got[:peers[0]].tolist() == [-1 if w is None else w for w in want]
    t = best_of(lambda: zipai.hu_batch(batch, "hengyang_shihuka")) / len(batch)
    rows.append(["hu_batch, `hengyang_shihuka` (一五十)", fmt_time(t), f"**{1 / t / 1e6:.2f} M**",
                 "recursive search with 一五十", fmt_time(t_peer), f"{t_peer / t:,.0f}×", "≥ 1 M hands/s"])
    wins.append(f"一五十 {np.mean(got >= 0):.1%}")
    for wang in (1, 2, 4):
        hands_w = wang_hands(rng, batch_hands, wang)
        rows_w = np.array(hands_w, np.uint8)
        want, t_peer = _timed_answers(lambda h, w=wang: seed_search.hu(h, wang=w), hands_w[:peers[wang]])
        got = zipai.hu_batch(rows_w, wang=wang)
        assert got[:peers[wang]].tolist() == [-1 if w is None else w for w in want]
        t = best_of(lambda r=rows_w, w=wang: zipai.hu_batch(r, wang=w)) / len(rows_w)
        target = "≥ 0.5 M hands/s" if wang <= 2 else "—"
        rows.append([f"hu_batch, {wang} 王", fmt_time(t), f"**{1 / t / 1e6:.2f} M**",
                     f"search over every reading ({len(seed_search.readings([0] * 20, wang)):,})",
                     fmt_time(t_peer), f"{t_peer / t:,.0f}×", target])
        wins.append(f"{wang} 王 {np.mean(got >= 0):.1%}")
    return rows, wins


def _parts(rng, n: int, keys) -> tuple[np.ndarray, np.ndarray]:
    """(winning parts sampled from the table, random parts of 3k/3k+2 cards), each (n, 20) uint8."""
    from . import zipai_encoding as enc

    winning = enc.parts_of(keys[rng.integers(0, len(keys), n)])
    random = []
    while len(random) < n:
        c = hg.random_cards(rng, int(rng.choice([17, 18, 20, 21])))
        c = [x if x <= 2 else 0 for x in c]
        if sum(c) % 3 != 1 and sum(c) <= 21:
            random.append(c)
    return winning, np.array(random, np.uint8)


def _encoding_rows(rng, quick: bool) -> tuple[list, str]:
    from lookup.zipai.encoding import VIEW
    from tablegen import zipai as gen

    from . import zipai_encoding as enc

    view = VIEW.get().plain
    trans, final, values = view.hu
    keys, _, _ = gen.winning_vectors(progress=lambda msg: None)
    designs = enc.build(keys, values)
    n = 20_000 if quick else 400_000
    sets = _parts(rng, n, keys)
    del keys
    kernels = {
        "automaton (kept)": (enc.huxi_automaton, (trans, final, values), enc.nbytes((trans, values))),
        "sorted uint32 keys, binary search": (enc.huxi_sorted, designs["sorted"], enc.nbytes(designs["sorted"])),
        "bucketed by the big cards, uint16 small keys": (enc.huxi_bucketed, designs["bucketed"],
                                                          enc.nbytes(designs["bucketed"])),
        "open addressing, load ≤ 0.7": (enc.huxi_open, designs["open"], enc.nbytes(designs["open"])),
    }
    times = {}
    answers = None
    for name, (kernel, arrays, _) in kernels.items():
        row = []
        outs = []
        for parts in sets:
            out = np.empty(len(parts), np.int16)
            row.append(best_of(lambda k=kernel, p=parts, a=arrays, o=out: k(p, *a, o)) / len(parts))
            outs.append(out.copy())
        if answers is None:
            answers = outs
        assert all(np.array_equal(a, b) for a, b in zip(answers, outs)), name  # same answers
        times[name] = row
    assert (answers[0] >= 0).all() and (answers[1] < 0).mean() > 0.5
    base = times["automaton (kept)"]
    rows = [[name, f"{size / 2**20:.1f} MiB", fmt_time(times[name][0]), fmt_time(times[name][1]),
             f"{times[name][0] / base[0]:.2f}", f"{times[name][1] / base[1]:.2f}"]
            for name, (_, _, size) in kernels.items()]
    note = (f"{n:,} winning parts sampled from the table and {n:,} random parts of 17–21 cards "
            f"(counts ≤ 2, {np.mean(answers[1] >= 0):.1%} of them winning). Largest bucket: "
            f"{designs['largest_bucket']:,} vectors; longest open-addressing probe: "
            f"{designs['open_longest_probe']}.")
    return rows, note


def _scoring_rows(rng, batch_hands: list[list[int]], quick: bool) -> list:
    """score_batch under each scoring preset on the bench's hands of a whole hand's size (21 to
    26 cards) that win under its rule set (永州 with 1 王: ``wang_hands``, also self-drawn, as a
    hand with 王 wins only on its own draw), against hu_batch on the same hands and rule set."""
    from lookup import zipai
    from lookup.zipai.scoring.rules import PRESET_OPTIONS

    n = 200 if quick else 1_000
    rows = []
    cases = [(preset, {}) for preset in PRESET_OPTIONS] + [("yongzhou", {"self_drawn": True})]
    for preset, situation in cases:
        rules = zipai.ScoringRules(preset)
        wang = 1 if preset == "yongzhou" else 0
        pool = wang_hands(rng, batch_hands[:20 * n], wang) if wang else batch_hands[:20 * n]
        pool_rows = np.array([c for c in pool if 21 <= sum(c) + wang <= 26], np.uint8)  # a whole hand's size
        wins = pool_rows[zipai.hu_batch(pool_rows, rules.ruleset, wang=wang) >= 0][:n]
        scored = zipai.score_batch(wins, rules=rules, wang=wang, **situation)
        sample = wins[:50].tolist()
        assert scored["score"][:50].tolist() == [-1 if r is None else r.score for r in
                                                  (zipai.score(h, rules=rules, wang=wang, **situation)
                                                   for h in sample)]
        t_score = best_of(lambda w=wins, r=rules, x=wang, s=situation: zipai.score_batch(w, rules=r, wang=x, **s),
                          repeat=5) / len(wins)
        t_hu = best_of(lambda w=wins, r=rules.ruleset, x=wang: zipai.hu_batch(w, r, wang=x)) / len(wins)
        label = f"{' (1 王)' if wang else ''}{', self-drawn' if situation else ''}"
        rows.append([f"score_batch, `{preset}`{label}, {len(wins):,} winning hands",
                     fmt_time(t_score), fmt_time(t_hu), f"**{t_score / t_hu:,.1f}×**", "≤ 3×"])
    return rows


def run(quick: bool) -> str:
    from lookup import zipai

    rng = np.random.default_rng(2026)
    n_batch = 20_000 if quick else 500_000
    n_calls = 300 if quick else 3_000
    batch_hands = hands(rng, n_batch)
    batch = np.array(batch_hands, np.uint8)
    calls = batch_hands[:n_calls]

    # all answers checked against each other before anything is timed
    want = [_seed_hu(h) for h in calls]
    got = zipai.hu_batch(batch)
    assert got[:n_calls].tolist() == [-1 if w is None else w for w in want]
    assert [zipai.hu(h) for h in calls] == want
    ting_rows = np.array([hg.minus_one(rng, h) for h in batch_hands[:n_calls]], np.uint8)
    ting_rows = ting_rows[[sum(x for x in r if x <= 2) % 3 != 0 and sum(x for x in r if x <= 2) <= 20
                           for r in ting_rows.tolist()]]
    ting_got = zipai.ting_batch(ting_rows)
    assert all({t: x for t, x in enumerate(row) if x >= 0} == seed_search.ting(h)
               for row, h in zip(ting_got.tolist()[:300], ting_rows.tolist()[:300]))

    t_seed = per_call(_seed_hu, calls, repeat=1)
    t_scalar = per_call(zipai.hu, calls)
    t_batch = best_of(lambda: zipai.hu_batch(batch)) / n_batch
    t_ting_seed = per_call(seed_search.ting, ting_rows.tolist()[:n_calls // 3], repeat=1)
    t_ting = best_of(lambda: zipai.ting_batch(ting_rows)) / len(ting_rows)
    t_ting_scalar = per_call(zipai.ting, ting_rows.tolist())
    wins = float(np.mean(got >= 0))
    generation = generation_seconds("zipai")
    load = load_seconds("zipai")[1]
    from lookup import tables

    size = tables.table_path("zipai").stat().st_size

    rows = [
        ["hu_batch, per hand", fmt_time(t_batch), f"**{1 / t_batch / 1e6:.1f} M**", "recursive search (oracle)",
         fmt_time(t_seed), f"**{t_seed / t_batch:,.0f}×**", "≥ 1 M hands/s"],
        ["hu scalar, list of 20 ints", fmt_time(t_scalar), f"{1 / t_scalar / 1e3:.0f} k", "recursive search (oracle)",
         fmt_time(t_seed), f"{t_seed / t_scalar:,.1f}×", "—"],
        ["ting_batch, per hand", fmt_time(t_ting), f"{1 / t_ting / 1e6:.2f} M", "recursive search, 20 draws",
         fmt_time(t_ting_seed), f"{t_ting_seed / t_ting:,.0f}×", "—"],
        ["ting scalar", fmt_time(t_ting_scalar), f"{1 / t_ting_scalar / 1e3:.1f} k", "recursive search, 20 draws",
         fmt_time(t_ting_seed), f"{t_ting_seed / t_ting_scalar:,.1f}×", "—"],
    ]
    once = [
        ["generate data/zipai.h5 (`python -m tablegen zipai`, fresh process, JIT included)",
         f"{generation:.1f} s", "< 60 s"],
        ["load + verify the zipai tables (sha256 of every dataset; h5py already imported)", fmt_time(load), "—"],
        ["size of data/zipai.h5", f"{size / 2**20:.1f} MiB", "tens of MB at most"],
    ]
    variant_rows, variant_wins = _variant_rows(rng, batch_hands, quick)
    enc_rows, enc_note = _encoding_rows(rng, quick)
    return "\n".join([
        "## Zipai: hu and ting\n",
        f"Hands: {n_batch:,} seeded hands (`bench/bench_zipai.py` `hands`: half structured 5–7 group "
        f"hands with 坎/提, half of them one card off, half random 21-card draws; {wins:.1%} win under "
        f"`paohuzi`). The peer is the recursive search in Python (`tests/support/oracles/zipai.py` "
        f"`splits`: the card with the fewest groups first, every split, then the best huxi), timed on "
        f"the first {n_calls:,} hands; answers are checked equal before timing.\n",
        table(rows, ["paibiao", "time", "hands/s", "peer", "peer time", "ratio", "target"]),
        "### Variants: 一五十 and 王\n",
        "The same hands under `hengyang_shihuka` (the yiwushi group set), and with 1, 2 and 4 of "
        "their cards taken out and given as 王 (`wang_hands`; hands whose part then has a wrong size "
        f"are left out). Wins: {', '.join(variant_wins)}. The peer is the oracle's recursive search "
        "(`tests/support/oracles/zipai.py` `hu`, over every reading of the 王: each 王 any card), "
        "run once on the first hands, whose answers are checked equal before timing.\n",
        table(variant_rows, ["paibiao", "time", "hands/s", "peer", "peer time", "ratio", "target"]),
        table(once, ["one-off", "time", "target"]),
        "### Scoring: score_batch against hu_batch\n",
        "Each scoring preset on the hands above of 21 to 26 cards that win under its rule set (永州: with one card "
        "given as 王), the situation left at its defaults (永州 again self-drawn: a hand with 王 wins only on its "
        "own draw, so at the defaults every row is refused at once); `score_batch` scores each row in a compiled "
        "kernel (each layout and 王 reading valued at the table's best huxi, the splits searched only for 衡阳's "
        "10-huxi 卡), `hu_batch` reads the tables in a kernel. A sample of each is checked equal to `score` before "
        "timing.\n",
        table(_scoring_rows(rng, batch_hands, quick), ["paibiao", "time per hand", "hu_batch, same hands",
                                                        "ratio", "target"]),
        "### Key designs of the zipai table\n",
        "Best huxi of checked parts (counts ≤ 2) through each design, same vectors and values "
        f"(`bench/zipai_encoding.py`); the file records the kept one in its `encoding` attribute. {enc_note}\n",
        table(enc_rows, ["design", "size", "winning part", "random part", "relative (winning)",
                         "relative (random)"]),
    ])
