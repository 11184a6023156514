"""rlcard's mahjong environment with four random agents: steps per second of the stock
environment and of the same environment with paibiao as its judge
(``lookup.adapters.rlcard.install``), on the same seeded games.

Before anything is timed, seeded games are played with the adapter installed and every
judgement checked: hu against the plain-Python oracle, pong and kong equal to rlcard's own
judger, every other difference from rlcard's judger one of the kinds docs/ai-research.md
lists; the same seeds are played on the stock environment for its count of won games."""

from __future__ import annotations

import sys
import time
from collections import Counter

from .timing import best_rounds, table

TARGET = 2.5
"""Steps per second with the adapter, as a multiple of the stock environment's."""
MUST_BE_ZERO = ("wrong hu", "pong/kong differs", "undocumented")


def _checked_games(n_games: int) -> tuple[Counter, int, list[int], int, list[int]]:
    """(the judgements' tally, steps and winners with the adapter, steps and winners of the
    stock environment) of ``n_games`` seeded games; raises if a check fails."""
    from lookup.adapters.rlcard import install
    from tests.support import rlcard_positions as positions

    tally: Counter = Counter()
    installed = positions.random_agents_env()
    positions.checked_install(installed, install, tally)
    steps, winners = positions.play(installed, range(n_games))
    bad = {kind: tally[kind] for kind in MUST_BE_ZERO if tally[kind]}
    assert not bad, f"the adapter's judgements fail their checks: {bad}"
    stock_steps, stock_winners = positions.play(positions.random_agents_env(), range(n_games))
    return tally, steps, winners, stock_steps, stock_winners


def run(quick: bool) -> str:
    from lookup.adapters.rlcard import install
    from tests.support import rlcard_positions as positions

    n_checked = 20 if quick else 200
    n_timed = 20 if quick else 100
    rounds = 2 if quick else 5
    tally, steps, winners, stock_steps, stock_winners = _checked_games(n_checked)

    seeds = range(1000, 1000 + n_timed)
    stock, adapted = positions.random_agents_env(), positions.random_agents_env()
    install(adapted)
    step_counts = {"rlcard": positions.play(stock, seeds)[0], "rlcard + paibiao": positions.play(adapted, seeds)[0]}
    best = best_rounds({"rlcard": lambda: positions.play(stock, seeds),
                        "rlcard + paibiao": lambda: positions.play(adapted, seeds)}, rounds)
    rate = {name: step_counts[name] / wall for name, (wall, _) in best.items()}
    ratio = rate["rlcard + paibiao"] / rate["rlcard"]
    rows = [[name, f"{step_counts[name]:,}", f"{best[name][0]:.2f} s", f"{rate[name]:,.0f}"] for name in best]
    kinds = [[kind, f"{count:,}"] for kind, count in sorted(tally.items())]
    return "\n".join([
        "## rlcard mahjong: paibiao as the judge\n",
        f"`rlcard.make(\"mahjong\")` with four `RandomAgent`s, {n_timed} games (seeds {seeds.start}.."
        f"{seeds.stop - 1}: the game's and the agents' random state), `env.run()` each; best of {rounds} rounds, "
        "the two environments taken in turn. Games end at different steps once the judges differ, so each "
        "environment's own step count is used.\n",
        table(rows, ["environment", "steps", "wall", "steps/s"]),
        f"Target: ≥ {TARGET}× the stock steps per second with `install(env)`: **{ratio:.2f}×** "
        f"({'met' if ratio >= TARGET else 'not met'}).\n",
        f"Checked before timing, on {n_checked} other seeded games with the adapter ({steps:,} steps): every "
        "judgement also made by the oracle (hu) and by rlcard's stock judger. Games won: "
        f"**{sum(w >= 0 for w in winners)}** of {n_checked} with paibiao's judge, "
        f"**{sum(w >= 0 for w in stock_winners)}** of {n_checked} on the stock environment ({stock_steps:,} steps) "
        "with the same seeds. Judgements and differences from rlcard's judger, by kind "
        f"({', '.join(MUST_BE_ZERO)} must be 0):\n",
        table(kinds, ["judgement or difference", "count"]),
    ])


if __name__ == "__main__":
    t0 = time.perf_counter()
    print(run("--quick" in sys.argv))
    print(f"({time.perf_counter() - t0:.0f} s)")
