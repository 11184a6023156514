"""rlcard mahjong positions for the adapter's tests and benchmark: players and tables built
from tenhou text, seeded random positions, seeded games with random agents, a plain-Python
hu oracle, and rlcard's stock judgements side by side with the installed ones (each
difference sorted into the kinds docs/ai-research.md lists). Imports rlcard."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import numpy as np
import rlcard
from rlcard.agents.random_agent import RandomAgent
from rlcard.games.mahjong import Judger, Player
from rlcard.games.mahjong.utils import init_deck

from lookup.adapters.rlcard import tile_indices
from lookup.mahjong import parse_tiles
from tests.support.oracles.mahjong_rules import splits

N_PLAYERS = 4
MAX_TILES = 14
"""A player's tiles, a meld counted as 3: 4 melds and a pair."""
CARD_OF_TILE = {tile_indices()[card.get_str()]: card for card in init_deck()}
"""One rlcard card per paibiao tile index, ``index_num`` set as rlcard's deck sets it (rlcard's
deck, too, holds each kind's one card object four times)."""
TILE_OF_NAME = tile_indices()
STOCK = Judger(np.random.RandomState(0))
"""rlcard's own judger, to compare with."""


def cards(text: str) -> list:
    """rlcard cards of tiles in tenhou notation (``"123m55z"``), in text order."""
    return [CARD_OF_TILE[t] for t in parse_tiles(text)]


def player(hand: str, *melds: str, player_id: int = 0) -> Player:
    """An rlcard player holding ``hand`` with the melds ``melds`` in its pile (tenhou text each)."""
    p = Player(player_id, np.random.RandomState(0))
    p.hand = cards(hand)
    p.pile = [cards(meld) for meld in melds]
    return p


def counts(some_cards) -> list[int]:
    """34 tile counts of rlcard cards, by the cards' names."""
    c = [0] * 34
    for card in some_cards:
        c[TILE_OF_NAME[card.get_str()]] += 1
    return c


def oracle_hu(p) -> bool:
    """Hu by definition: four melds and a pair, the pile's melds and the rest from concealed
    tiles that split into melds and one pair."""
    return len(p.hand) + 3 * len(p.pile) == MAX_TILES and splits(counts(p.hand))


def dealt_positions(seed: int, n: int):
    """``n`` seeded positions (dealer with a table, four players, last_player): four hands of 13
    dealt from a shuffled deck, a discard on the table, melds in some piles; in every other
    position some player holds one or two copies of the discard, so pongs and chows are common."""
    rng = np.random.default_rng(seed)
    for _ in range(n):
        deck = init_deck()
        order = rng.permutation(len(deck))
        deck = [deck[i] for i in order]
        players = [Player(i, np.random.RandomState(0)) for i in range(N_PLAYERS)]
        for p in players:
            p.hand = [deck.pop() for _ in range(13)]
            if rng.random() < 0.2:
                p.pile = [[deck.pop() for _ in range(3)]]
        discard = deck.pop()
        if rng.random() < 0.5:  # swap one or two copies of the discard from the wall into a hand
            target = players[int(rng.integers(N_PLAYERS))]
            copies = [i for i, c in enumerate(deck) if c.get_str() == discard.get_str()][: int(rng.integers(1, 3))]
            for slot, i in enumerate(copies):
                target.hand[slot], deck[i] = deck[i], target.hand[slot]
        dealer = SimpleNamespace(table=[discard], deck=deck)
        yield dealer, players, int(rng.integers(N_PLAYERS))


def random_agents_env(seed: int = 0):
    """``rlcard.make("mahjong")`` with four random agents."""
    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(env.num_actions) for _ in range(N_PLAYERS)])
    return env


def play(env, seeds) -> tuple[int, list[int]]:
    """Run one game per seed (the game's and the agents' random state seeded with it):
    (steps taken, each game's winner or -1)."""
    start = env.timestep
    winners = []
    for seed in seeds:
        env.seed(seed)
        np.random.seed(seed)
        env.run()
        winners.append(env.game.winner)
    return env.timestep - start, winners


def card_names(answer) -> tuple:
    """A pong, kong or chow answer with names for its player and cards (comparable across judges)."""
    act, who, some_cards = answer
    return act, None if who is None else who.player_id, None if some_cards is None else [
        c.get_str() for c in some_cards]


def hu_difference(p, installed: bool) -> str | None:
    """The documented kind of difference between rlcard's ``judge_hu`` of player ``p`` and the
    installed (paibiao's) answer ``installed``, None when they agree; ``"undocumented"`` for
    any other."""
    stock = STOCK.judge_hu(p)[0]
    if stock == installed:
        return None
    if stock and len(p.pile) >= 4:
        return "rlcard: four melds in the pile win whatever the hand"
    if stock and len(p.hand) + 3 * len(p.pile) > MAX_TILES:
        return "rlcard: four sets and a pair win with tiles left over"
    if installed:
        return "rlcard misses a win (pair from 3 or 4 copies, greedy sequences)"
    return "undocumented"


def chow_difference(stock: tuple, installed: tuple, n_players: int, last_player) -> str | None:
    """The documented kind of difference between rlcard's ``judge_chow`` answer and the installed
    one (both as :func:`card_names` gives them), None when equal."""
    if stock == installed:
        return None
    if stock[0] == "chow" and len(stock[2]) == 2:
        return "rlcard: a discarded 2 gives a two-tile chow"
    if not stock[0] and installed[0] == "chow":
        if last_player == n_players - 1:
            return "rlcard: player 0 never chows"
        return "rlcard: the discard only as the sequence's last tile (first for a 1)"
    return "undocumented"


def checked_install(env, install, tally: Counter) -> None:
    """``install(env)``, then wrap each game's judger so that every judgement is also made by
    the oracle (hu) and by rlcard's stock judger, each difference counted in ``tally`` by kind
    (``"wrong hu"``: paibiao against the oracle; ``"pong/kong differs"``: pong and kong must agree)."""
    install(env)
    for kind in ("wrong hu", "pong/kong differs", "undocumented"):
        tally[kind] += 0
    game = env.game
    start = game.init_game

    def init_game():
        state = start()
        judger = game.judger
        judge_game, judge_pong_gong, judge_chow = judger.judge_game, judger.judge_pong_gong, judger.judge_chow

        def checked_game(g):
            for p in g.players:
                win = judger.judge_hu(p)[0]
                tally["judged hands"] += 1
                tally["hands paibiao judges hu"] += win
                tally["hands rlcard judges hu"] += STOCK.judge_hu(p)[0]
                tally["wrong hu"] += win != oracle_hu(p)
                kind = hu_difference(p, win)
                if kind:
                    tally[kind] += 1
            return judge_game(g)

        def checked_pong_gong(dealer, players, last_player):
            answer = judge_pong_gong(dealer, players, last_player)
            tally["pong/kong judged"] += 1
            tally["pong/kong differs"] += card_names(answer) != card_names(
                STOCK.judge_pong_gong(dealer, players, last_player))
            return answer

        def checked_chow(dealer, players, last_player):
            answer = judge_chow(dealer, players, last_player)
            tally["chow judged"] += 1
            kind = chow_difference(card_names(STOCK.judge_chow(dealer, players, last_player)), card_names(answer),
                                   len(players), last_player)
            if kind:
                tally[kind] += 1
            return answer

        judger.judge_game, judger.judge_pong_gong, judger.judge_chow = checked_game, checked_pong_gong, checked_chow
        return state

    game.init_game = init_game
