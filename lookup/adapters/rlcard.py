"""rlcard's ``mahjong`` environment judged by paibiao: ``install(env)``.

After ``install(env)``, every game of ``env`` (the current one and each that ``env.reset()``
starts) answers rlcard's four judgements from tile counts and paibiao's tables, with
rlcard's return values unchanged:

- ``judge_hu(player)``: four melds and a pair: the concealed tiles split into melds and one
  pair (:func:`lookup.mahjong.is_hu`, standard rules), the pile's melds making up the four;
- ``judge_game(game)``: every player's hu and the empty wall, as rlcard's;
- ``judge_pong_gong``: as rlcard's (a player other than the discarder holding 3 or 2 copies);
- ``judge_chow``: the player after ``last_player`` (player 0 after the last one) with a
  sequence through the discard in any of its three places, rlcard's one place tried first.

Where rlcard's own judge answers otherwise (it is a greedy heuristic) is listed, with hands,
in docs/ai-research.md. rlcard (``pip install 'paibiao[rl]'``) is imported only when a
function here is called.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from ..errors import InvalidArgumentError
from ..mahjong import is_hu, parse_tiles
from ..mahjong.encoding import HONOR_OFFSET, MAX_HAND_TILES, N_SUIT_RANKS, N_TILE_KINDS
from ..mahjong.tiles import HONOR_NAMES_EN

if TYPE_CHECKING:
    from rlcard.envs.env import Env

__all__ = ["Judge", "JudgedStart", "install", "tile_counts", "tile_indices"]

RULES = "standard"
"""The rule set every judgement uses: melds and one pair, nothing else."""
SUIT_LETTERS = {"characters": "m", "dots": "p", "bamboo": "s"}
"""rlcard's numbered suits and their letter in tenhou notation (the trait is the rank)."""
HONOR_NAMES = tuple(name.lower() for name in HONOR_NAMES_EN)
"""paibiao's honors in tile order, as rlcard names their traits (``winds-east``, ``dragons-red``)."""
MELD_SIZE = 3
WINNING_TILES = MAX_HAND_TILES
"""The tiles of a winning hand, each meld of the pile counted as 3: four melds and a pair."""


def _rlcard() -> Any:
    """The ``rlcard.games.mahjong`` package, or an ImportError that says how to install it."""
    try:
        from rlcard.games import mahjong
    except ImportError:
        raise ImportError("lookup.adapters.rlcard needs rlcard: pip install 'paibiao[rl]'") from None
    return mahjong


@cache
def _index_by_type() -> dict[str, dict[str, int]]:
    """paibiao's tile index of every rlcard tile, by its type then its trait, derived from
    rlcard's own deck; checked to be one index per tile kind."""
    index: dict[str, dict[str, int]] = {}
    for card in _rlcard().utils.init_deck():
        if card.type in SUIT_LETTERS:
            tile = parse_tiles(card.trait + SUIT_LETTERS[card.type])[0]
        else:
            tile = HONOR_OFFSET + HONOR_NAMES.index(card.trait)
        index.setdefault(card.type, {})[card.trait] = tile
    tiles = sorted(t for traits in index.values() for t in traits.values())
    if tiles != list(range(N_TILE_KINDS)):
        raise AssertionError(f"rlcard's deck does not map onto the {N_TILE_KINDS} tile kinds: {index}")
    return index


def tile_indices() -> dict[str, int]:
    """paibiao's tile index (0..33, :mod:`lookup.mahjong.encoding`) of each rlcard tile name
    (``'characters-1'`` is 0, ``'dots-5'`` 13, ``'winds-east'`` 27, ``'dragons-red'`` 33)."""
    return {f"{kind}-{trait}": tile for kind, traits in _index_by_type().items() for trait, tile in traits.items()}


def tile_counts(cards: Iterable[Any]) -> list[int]:
    """The 34 tile counts of rlcard cards (a hand, a meld, the table): the hand form every
    :mod:`lookup.mahjong` query takes."""
    return _counts(cards, _index_by_type())


def _counts(cards: Iterable[Any], index: dict[str, dict[str, int]]) -> list[int]:
    """:func:`tile_counts` with the tile index at hand (a judge's hot path)."""
    counts = [0] * N_TILE_KINDS
    for card in cards:
        counts[index[card.type][card.trait]] += 1
    return counts


class Judge:
    """rlcard's ``MahjongJudger`` judgements by tile counts (see the module docstring); the
    methods take and return what rlcard's do. Stateless: a deep copy (rlcard's step back
    copies its round, judger included) is the judge itself."""

    def __init__(self) -> None:
        self.index = _index_by_type()

    def __deepcopy__(self, memo: dict[int, object]) -> Judge:
        return self

    def attach(self, judger: Any) -> None:
        """Make rlcard's ``judger`` object answer with this judge (its round holds the same object)."""
        judger.judge_hu = self.judge_hu
        judger.judge_game = self.judge_game
        judger.judge_pong_gong = self.judge_pong_gong
        judger.judge_chow = self.judge_chow

    def judge_hu(self, player: Any) -> tuple[bool, int]:
        """(whether ``player`` wins: its pile's melds and its concealed tiles make four melds and
        a pair, the melds a win counts: the pile's, plus the concealed melds of a winning hand)."""
        hand = player.hand
        melds = len(player.pile)
        if len(hand) + MELD_SIZE * melds == WINNING_TILES:
            if is_hu(_counts(hand, self.index), RULES):
                return True, melds + len(hand) // MELD_SIZE
        return False, melds

    def judge_game(self, game: Any) -> tuple[bool, int, list[int]]:
        """(whether the game is over: someone wins or the wall is empty, the winner's id (the
        last winning player's) or -1, each player's :meth:`judge_hu` melds)."""
        winner = -1
        values = []
        for player in game.players:
            win, melds = self.judge_hu(player)
            values.append(melds)
            if win:
                winner = player.player_id
        return winner != -1 or len(game.dealer.deck) == 0, winner, values

    def judge_pong_gong(self, dealer: Any, players: list[Any], last_player: int) -> tuple[Any, Any, Any]:
        """``('gong', player, [discard] * 4)`` for the first player but ``last_player`` who holds 3
        copies of the discard (the table's last tile), ``('pong', player, [discard] * 3)`` for 2,
        else ``(False, None, None)``."""
        discard = dealer.table[-1]
        kind, trait = discard.type, discard.trait
        for player in players:
            if player.player_id != last_player:
                held = 0
                for card in player.hand:
                    if card.trait == trait and card.type == kind:
                        held += 1
                if held == MELD_SIZE:
                    return "gong", player, [discard] * (MELD_SIZE + 1)
                if held == MELD_SIZE - 1:
                    return "pong", player, [discard] * MELD_SIZE
        return False, None, None

    def judge_chow(self, dealer: Any, players: list[Any], last_player: int | None) -> tuple[Any, Any, Any]:
        """``('chow', player, [tile, tile, discard])`` for the player after ``last_player`` when two of
        its tiles make a sequence with the discard (the lowest such sequence: the discard last, as
        rlcard tries it, then in the middle, then first), else ``(False, None, None)``."""
        discard = dealer.table[-1]
        tile = self.index[discard.type][discard.trait]
        if last_player is None or tile >= HONOR_OFFSET:
            return False, None, None
        after = (last_player + 1) % len(players)
        player = next((p for p in players if p.player_id == after), None)
        if player is None:
            return False, None, None
        rank = tile % N_SUIT_RANKS
        first_card: dict[int, Any] = {}
        for card in player.hand:
            first_card.setdefault(self.index[card.type][card.trait], card)
        for low in range(max(rank - MELD_SIZE + 1, 0), min(rank, N_SUIT_RANKS - MELD_SIZE) + 1):
            others = [first_card.get(tile - rank + r) for r in range(low, low + MELD_SIZE) if r != rank]
            if None not in others:
                return "chow", player, [*others, discard]
        return False, None, None


def _mahjong_game(env: object) -> Any:
    """``env``'s ``MahjongGame``, or InvalidArgumentError naming what ``env`` is."""
    mahjong = _rlcard()
    game = getattr(env, "game", None)
    if not isinstance(game, mahjong.Game):
        name = getattr(env, "name", None)
        what = f"the {name!r} environment" if isinstance(name, str) else "an object"
        raise InvalidArgumentError(f"install takes an rlcard mahjong environment (rlcard.make('mahjong')), "
                                   f"got {what} of type {type(env).__name__}")
    return game


class JudgedStart:
    """A game's ``init_game`` that starts the game as before (``start``), then attaches ``judge``
    to the judger the new game made. Copies and pickles with its game: a deep copy of an
    installed environment starts its own games with the judge."""

    def __init__(self, game: Any, start: Callable[[], tuple[dict, int]], judge: Judge) -> None:
        self.game, self.start, self.judge = game, start, judge

    def __call__(self) -> tuple[dict, int]:
        state, player_id = self.start()
        self.judge.attach(self.game.judger)
        return state, player_id


def install(env: Env) -> None:
    """Make every game of rlcard's mahjong environment ``env`` (the current one, and each one
    ``env.reset()`` starts) judge hu, pong, kong and chow with paibiao (:class:`Judge`).

    Only this ``env`` changes: its game's judger object, and its game's ``init_game``, wrapped
    on the instance (:class:`JudgedStart`: rlcard makes a new judger per game). Installing
    twice changes nothing. Raises :class:`~lookup.errors.InvalidArgumentError` for anything
    but an rlcard mahjong environment, ImportError without rlcard.
    """
    game = _mahjong_game(env)
    if isinstance(game.init_game, JudgedStart):
        return
    judge = Judge()
    game.init_game = JudgedStart(game, game.init_game, judge)
    if getattr(game, "judger", None) is not None:
        judge.attach(game.judger)
