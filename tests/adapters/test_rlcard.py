"""``lookup.adapters.rlcard``: paibiao judges rlcard's mahjong environment.

Hu is checked against the plain-Python splitter of ``tests.support.oracles.mahjong_rules`` on
seeded states; pong, kong and chow against rlcard's own judger on seeded positions (equal
wherever rlcard's answer is right); whole seeded games run with the adapter installed. Each
place where rlcard's own judge answers otherwise has a test with a concrete hand that asserts
both answers (the list of docs/ai-research.md).
"""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

pytest.importorskip("rlcard")

import rlcard

from lookup.adapters.rlcard import Judge, install, tile_counts, tile_indices
from lookup.errors import InvalidArgumentError
from lookup.mahjong import tile_name
from tests.support import mahjong_hands as handgen
from tests.support import rlcard_positions as rp

ROOT = Path(__file__).resolve().parents[2]
JUDGE = Judge()


def test_every_rlcard_tile_maps_to_the_paibiao_tile_of_its_name():
    indices = tile_indices()
    assert sorted(indices.values()) == list(range(34))
    suits = {"characters": "m", "dots": "p", "bamboo": "s"}
    for name, tile in indices.items():
        kind, trait = name.split("-")
        if kind in suits:
            assert tile_name(tile) == trait + suits[kind]
        else:
            assert tile_name(tile, "chinese") == {"east": "东", "south": "南", "west": "西", "north": "北",
                                                  "white": "白", "green": "发", "red": "中"}[trait]
    assert tile_counts(rp.cards("1m55p9s7z")) == [int(t in (0, 26, 33)) + 2 * (t == 13) for t in range(34)]


def _states(rng, n: int):
    """Seeded rlcard players: winning hands under 0..4 pile melds, the same with one tile swapped
    or removed, and random hands of every size 1..14."""
    for i in range(n):
        melds = int(rng.integers(5))
        counts = handgen.winning_hand(rng, 4 - melds) if melds < 4 else handgen.random_hand(rng, 2)
        form = i % 4
        if form == 1:
            counts = handgen.swap_one(rng, counts)
        elif form == 2 and sum(counts) > 2:
            counts = handgen.minus_one(rng, counts)
        elif form == 3:
            counts = handgen.random_hand(rng, int(rng.integers(1, 15)))
        p = rp.player("", *["111z"] * melds, player_id=i % 4)
        p.hand = [rp.CARD_OF_TILE[t] for t in rng.permutation([t for t in range(34) for _ in range(counts[t])])]
        yield p


def test_hu_is_the_oracle_on_seeded_states(rng):
    wins = Counter()
    for p in _states(rng, 3000):
        win, melds = JUDGE.judge_hu(p)
        assert win == rp.oracle_hu(p), (rp.counts(p.hand), len(p.pile))
        assert melds == len(p.pile) + (len(p.hand) // 3 if win else 0)
        assert rp.hu_difference(p, win) != "undocumented"
        wins[win] += 1
    assert wins[True] > 500 and wins[False] > 500


def test_hu_is_the_oracle_in_seeded_games():
    """Every player's hu at every step of seeded games with random agents, and rlcard's own
    answer equal to it but where docs/ai-research.md says it differs."""
    tally: Counter = Counter()
    env = rp.random_agents_env()
    rp.checked_install(env, install, tally)
    steps, winners = rp.play(env, range(8))
    assert steps > 8 * 50 and tally["judged hands"] > steps
    assert tally["wrong hu"] == 0 and tally["undocumented"] == 0 and tally["pong/kong differs"] == 0
    assert tally["pong/kong judged"] > 0


def test_pong_and_kong_are_rlcards_on_seeded_positions():
    answers = Counter()
    for dealer, players, last_player in rp.dealt_positions(7, 1500):
        got = rp.card_names(JUDGE.judge_pong_gong(dealer, players, last_player))
        assert got == rp.card_names(rp.STOCK.judge_pong_gong(dealer, players, last_player))
        answers[got[0]] += 1
    assert answers["pong"] > 100 and answers["gong"] > 10 and answers[False] > 100


def _sequence(answer) -> list[int]:
    return sorted(rp.TILE_OF_NAME[name] for name in answer[2])


def test_chow_is_rlcards_where_rlcards_is_right_on_seeded_positions():
    kinds = Counter()
    for dealer, players, last_player in rp.dealt_positions(8, 1500):
        got = rp.card_names(JUDGE.judge_chow(dealer, players, last_player))
        stock = rp.card_names(rp.STOCK.judge_chow(dealer, players, last_player))
        if got[0]:  # a sequence through the discard, from the hand of the player after last_player
            assert got[1] == (last_player + 1) % 4 and got[2][-1] == dealer.table[-1].get_str()
            low = _sequence(got)[0]
            assert _sequence(got) == [low, low + 1, low + 2] and low < 27 and low % 9 <= 6
            held = rp.counts(players[got[1]].hand)
            assert all(held[rp.TILE_OF_NAME[name]] for name in got[2][:2])
        kind = rp.chow_difference(stock, got, 4, last_player)
        assert kind != "undocumented", (stock, got)
        if stock[0] == "chow" and len(stock[2]) == 3:
            assert got == stock
        kinds[kind] += 1
    assert kinds[None] > 1000 and len(kinds) == 4, kinds


def test_seeded_games_run_to_the_end_and_reset_keeps_the_adapter():
    env = rp.random_agents_env(seed=3)
    install(env)
    judgers = []
    for seed in range(5):
        env.seed(seed)
        np.random.seed(seed)
        _, payoffs = env.run()
        assert env.game.is_over() and len(payoffs) == 4
        judger = env.game.judger
        assert judger.judge_game.__self__.__class__ is Judge and env.game.round.judger is judger
        over, winner, values = judger.judge_game(env.game)
        assert over and (winner != -1 or not env.game.dealer.deck) and len(values) == 4
        judgers.append(judger)
    assert len({id(j) for j in judgers}) == 5  # rlcard makes a judger per game; each one is installed


def test_install_before_and_after_the_first_game_and_twice():
    env = rp.random_agents_env()
    env.reset()
    install(env)
    install(env)
    assert env.game.judger.judge_hu.__self__.__class__ is Judge
    start = env.game.init_game
    install(env)
    assert env.game.init_game is start


def test_step_back_keeps_the_adapter():
    env = rlcard.make("mahjong", config={"seed": 5, "allow_step_back": True})
    install(env)
    state, player = env.reset()
    for _ in range(12):
        state, player = env.step(next(iter(state["legal_actions"])))
    assert env.step_back()
    assert env.game.round.judger.judge_chow.__self__.__class__ is Judge
    assert not env.game.is_over()


def test_a_copy_of_an_installed_environment_judges_its_own_games():
    env = rp.random_agents_env()
    install(env)
    env.reset()
    twin = copy.deepcopy(env)
    twin.reset()
    assert twin.game.judger is not env.game.judger
    assert twin.game.judger.judge_game.__self__.__class__ is Judge
    assert pickle.loads(pickle.dumps(twin.game)).init_game.game.__class__ is twin.game.__class__


def test_other_environments_are_refused_in_one_line():
    for env in (rlcard.make("leduc-holdem"), object(), None):
        with pytest.raises(InvalidArgumentError, match=r"^install takes an rlcard mahjong environment") as info:
            install(env)
        assert "\n" not in str(info.value) and isinstance(info.value, ValueError)


def test_importing_lookup_does_not_import_rlcard():
    code = "import sys, lookup, lookup.mahjong, lookup.adapters.rlcard; print('rlcard' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "False"


# --- where rlcard's own judge answers otherwise -------------------------------------------------

def _both_hu(hand: str, *melds: str) -> tuple[bool, bool]:
    p = rp.player(hand, *melds)
    return rp.STOCK.judge_hu(p)[0], JUDGE.judge_hu(p)[0]


FOUR_PONGS = ("111p", "222p", "333s", "444s")


def test_rlcard_wins_any_hand_under_four_melds_paibiao_wants_a_pair():
    assert _both_hu("1m", *FOUR_PONGS) == (True, False)
    assert _both_hu("19m", *FOUR_PONGS) == (True, False)
    assert _both_hu("11m", *FOUR_PONGS) == (True, True)


def test_rlcard_wins_four_sets_with_a_tile_left_over():
    """After rlcard's two-tile chow of a 2 (below) a hand holds a tile more than its pile leaves
    room for; rlcard counts a pair and four sets and ignores the tile left over."""
    assert _both_hu("11m456p9s", "12m", "456s", "789s") == (True, False)


def test_a_player_with_a_kong_is_a_tile_short_for_both():
    """rlcard draws no replacement tile after a kong: the player's tiles never make four melds
    and a pair again, so neither judge finds it hu (rlcard's only by four melds in the pile)."""
    assert _both_hu("11m", "1111p", "2222p", "3333s") == (False, False)
    assert _both_hu("123m456m789m1z", "1111p") == (False, False)
    assert _both_hu("1z", "1111p", "222p", "333p", "444p") == (True, False)


def test_rlcard_takes_no_pair_out_of_three_or_four_copies():
    assert _both_hu("11123m456p789p234s") == (False, True)
    assert _both_hu("11112233m", "456p", "789p") == (False, True)


def test_rlcard_misses_overlapping_sequences():
    assert _both_hu("122334m55p123s789s") == (False, True)
    assert _both_hu("22334455m", "123s", "555z") == (False, True)


def test_the_meld_values_are_the_melds_a_win_counts():
    """judge_hu's second value (judge_game's third): rlcard's greedy set count, paibiao's melds of
    the pile plus those of a winning hand. Nothing in rlcard reads it."""
    p = rp.player("11223344m55p567s")
    assert rp.STOCK.judge_hu(p) == (False, 1) and JUDGE.judge_hu(p) == (False, 0)
    p = rp.player("11123m456p789p234s")
    assert rp.STOCK.judge_hu(p) == (False, 0) and JUDGE.judge_hu(p) == (True, 4)


def _both_chow(discard: str, hand: str, last_player: int = 0):
    players = [rp.player("", player_id=i) for i in range(4)]
    players[(last_player + 1) % 4].hand = rp.cards(hand)
    dealer = SimpleNamespace(table=rp.cards(discard), deck=[])
    answers = (rp.STOCK.judge_chow(dealer, players, last_player), JUDGE.judge_chow(dealer, players, last_player))
    return tuple(rp.card_names(a) for a in answers)


def test_rlcard_chows_the_discard_only_as_the_last_tile():
    assert _both_chow("3m", "12m") == (("chow", 1, ["characters-1", "characters-2", "characters-3"]),) * 2
    assert _both_chow("1m", "23m")[0] == _both_chow("1m", "23m")[1]
    assert _both_chow("3m", "24m") == ((False, None, None), ("chow", 1, ["characters-2", "characters-4",
                                                                         "characters-3"]))
    assert _both_chow("3m", "45m") == ((False, None, None), ("chow", 1, ["characters-4", "characters-5",
                                                                         "characters-3"]))


def test_rlcard_chows_a_discarded_2_with_a_9_as_two_tiles():
    assert _both_chow("2p", "19p") == (("chow", 1, ["dots-1", "dots-2"]), (False, None, None))
    assert _both_chow("2p", "139p") == (("chow", 1, ["dots-1", "dots-2"]), ("chow", 1, ["dots-1", "dots-3", "dots-2"]))


def test_rlcard_never_lets_player_0_chow():
    assert _both_chow("3s", "12s", last_player=3) == ((False, None, None),
                                                      ("chow", 0, ["bamboo-1", "bamboo-2", "bamboo-3"]))
