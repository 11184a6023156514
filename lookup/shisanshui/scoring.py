"""Settlement of deals of 2-4 players (docs/shisanshui.md): rows, fouls, shooting, home runs, specials;
one deal (:func:`settle`, :func:`settlement`) or N deals at once (:func:`settle_batch`), both
by the one per-deal step :func:`~lookup.shisanshui.deal.settle_deal`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from .. import jit
from ..errors import InvalidHandError, quoted
from .cards import ArrangementLike, arrangement_cards, check_distinct, format_cards, sort_cards
from .deal import settle_deal
from .interruptible import timed_chunks
from .objectives import POINTS, points_tables
from .ranks import RANKS, batch_rows, row_error, row_ranks
from .rules import SPECIALS, Rules, get_rules
from .special_hands import SPECIAL_NAMES, qualifies, special

MIN_PLAYERS, MAX_PLAYERS = 2, 4
"""A deal has 2 to 4 players."""


def check_deal_size(n: int) -> None:
    """Refuse a deal of other than 2 to 4 players (InvalidHandError)."""
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise InvalidHandError(f"shisanshui is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, got {n:,}")


@dataclass(frozen=True)
class Settlement:
    """Result of :func:`settlement`.

    ``pairs[i][j]``: what player i wins from player j (``pairs[j][i] == -pairs[i][j]``);
    ``shot[i][j]``: i shot j (won every row, or j fouled and i did not);
    ``home_run``: players who shot every opponent (3+ players); ``scores[i] = sum(pairs[i])``.
    """

    scores: list[int]
    pairs: list[list[int]]
    shot: list[list[bool]]
    fouled: list[bool]
    specials: list[str | None]
    home_run: list[int]


Declarations: TypeAlias = str | Sequence[str | None] | None
"""``specials`` of :func:`settle`: None, ``"auto"``, or per player a special's name or None."""


def settlement(arrangements: Sequence[ArrangementLike], specials: Declarations = None,
               rules: str | Rules = "standard") -> Settlement:
    """Settle one deal of 2-4 players; see :func:`settle`."""
    rules = get_rules(rules)
    if not isinstance(arrangements, Sequence) or isinstance(arrangements, str):
        raise InvalidHandError(f"arrangements is a sequence of one arrangement per player, "
                               f"not {type(arrangements).__name__}")
    check_deal_size(len(arrangements))  # before any is parsed
    players = [arrangement_cards(a) for a in arrangements]
    n = len(players)
    check_distinct([c for p in players for row in p for c in row], "deal")
    declared = _declared(players, specials, rules)
    ranks = [r for f, m, b in players for r in row_ranks(f, m, b, rules)]
    pts = points_tables(rules)
    won = [pts[k][ranks[3 * i + k]] for i in range(n) for k in range(3)]
    points = [rules.points_of_special(name) if name else 0 for name in declared]
    pairs, shot, fouled, home = [0] * (n * n), [0] * (n * n), [0] * n, [0] * n
    settle_deal(n, ranks, won, points, rules.multipliers, (pairs, shot, fouled, home))
    by_player = [pairs[n * i:n * i + n] for i in range(n)]
    scores = [sum(row) for row in by_player]
    assert sum(scores) == 0
    return Settlement(scores, by_player, [[bool(x) for x in shot[n * i:n * i + n]] for i in range(n)],
                      [bool(x) for x in fouled], declared, [i for i in range(n) if home[i]])


def _declared(players: list[tuple[list[int], list[int], list[int]]], specials: Declarations,
              rules: Rules) -> list[str | None]:
    n = len(players)
    if specials is None:
        return [None] * n
    if isinstance(specials, str):
        if specials != "auto":
            raise InvalidHandError(f"specials is None, \"auto\" or one name (or None) per player, "
                                   f"got {quoted(specials)}")
        return [special(f + m + b, rules) for f, m, b in players]
    if not isinstance(specials, Sequence):
        raise InvalidHandError(f"specials is None, \"auto\" or one name (or None) per player, "
                               f"not {type(specials).__name__}")
    names = list(specials)
    if len(names) != n:
        raise InvalidHandError(f"specials has {len(names)} entries for {n} players")
    out: list[str | None] = []
    for i, name in enumerate(names):
        if name is None or name == "":
            out.append(None)
            continue
        if not isinstance(name, str) or name not in SPECIALS:
            raise InvalidHandError(f"player {i + 1}: unknown special hand {quoted(name)}; "
                                   f"known: {' '.join(SPECIALS)}")
        if rules.points_of_special(name) <= 0:
            raise InvalidHandError(f"player {i + 1}: special hand {name} is not scored by rules {rules.name!r}")
        f, m, b = players[i]
        if name not in qualifies(f + m + b):
            raise InvalidHandError(f"player {i + 1}: the hand {format_cards(sort_cards(f + m + b))} is not {name}")
        out.append(name)
    return out


def settle(arrangements: Sequence[ArrangementLike], specials: Declarations = None,
           rules: str | Rules = "standard") -> list[int]:
    """Scores of 2-4 players' (front, middle, back) arrangements; they sum to zero.

    ``arrangements``: per player (front, middle, back) or ``"FRONT|MIDDLE|BACK"`` text.
    ``specials``: None, ``"auto"`` (every player declares the best special hand they hold), or
    a list with a special hand's name (declared) or None per player. Pairwise, per row the
    winner gets that row's points from its own row, a tie 0; winning all three rows shoots
    (打枪: the pair's result times ``shoot_multiplier``); a fouled hand loses every row to each
    non-fouled opponent, at that opponent's row points, and counts as shot; two fouled hands
    score 0. With 3+ players one who shoots every opponent scores a home run (全垒打): all of
    that player's pair results times ``home_run_multiplier`` again. A declared special takes
    its points from every opponent without rows; between two specials the one worth more takes
    its points and equal points tie.
    """
    return settlement(arrangements, specials, rules).scores



# --- batch form ---------------------------------------------------------------------------------

def special_codes(hands: Any, rules: str | Rules = "standard") -> npt.NDArray[np.int8]:
    """Per row of an (N, 13) card array, the special hand it declares with ``specials="auto"``:
    its index in :data:`~lookup.shisanshui.special_hands.SPECIAL_NAMES` (the one worth most
    under ``rules``), -1 for none; int8 (N,)."""
    from .kernels import special_bits_batch

    resolved = get_rules(rules)
    rows = batch_rows(hands, 13)
    bits = np.empty(len(rows), np.int64)
    status, index = special_bits_batch(rows, bits)
    jit.check(status, index, row_error(rows))
    return _best_special(bits, resolved)


def _best_special(bits: np.ndarray, rules: Rules) -> npt.NDArray[np.int8]:
    codes = np.full(bits.shape, -1, np.int8)
    points = [rules.points_of_special(name) for name in SPECIAL_NAMES]
    for i in sorted(range(len(SPECIAL_NAMES)), key=lambda i: (points[i], -i)):  # the best is written last
        if points[i] > 0:
            codes[(bits >> i & 1).astype(bool)] = i
    return codes


def settle_batch(arrangements: Any, specials: Any = None, rules: str | Rules = "standard") -> npt.NDArray[np.int64]:
    """Scores of N deals of P = 2..4 players: int64 (N, P), each deal as :func:`settle`.

    ``arrangements``: integer (N, P, 13), per player front 3, middle 5, back 5 card indices.
    ``specials``: None (no declarations), ``"auto"`` (every player declares the best special
    hand it holds, as :func:`special_codes`), or integer (N, P): per player the index in
    :data:`~lookup.shisanshui.special_hands.SPECIAL_NAMES` of the special it declares, -1 for
    none; a declaration the hand is not, or that the rules do not score, is refused. Errors
    name the deal as ``row I``, as every batch query names its rows. Long batches run in
    chunks (Ctrl-C lands between them).
    """
    from .kernels import settle_batch as kernel

    resolved = get_rules(rules)
    deals = _deals(arrangements)
    n_deals, n_players = deals.shape[:2]
    flat = deals.reshape(-1, 13)
    declared = None
    if isinstance(specials, str) and specials == "auto":
        declared = _points_of(special_codes(flat, resolved).reshape(n_deals, n_players), resolved)
    elif specials is not None:
        codes = _codes(specials, deals.shape[:2])
        declared = _points_of(codes, resolved)
        _check_declared(flat, codes.ravel(), declared.ravel(), n_players)
    t = RANKS.get()
    row_points = POINTS.get().points_array(resolved)
    a5 = resolved.a5_lowest
    out = np.empty((n_deals, n_players), np.int64)
    for start, stop in timed_chunks(n_deals):
        status, index = kernel(deals[start:stop], None if declared is None else declared[start:stop], t.of(a5),
                               row_points, resolved.multipliers, out[start:stop])
        jit.check(status, start + index, row_error(deals))
    return out


def _deals(arrangements: Any) -> np.ndarray:
    """(N, P, 13) uint8 deals, P 2..4, cards 0..51 (checked)."""
    try:
        array = np.asarray(arrangements)
    except ValueError:
        raise InvalidHandError("arrangements must be a regular (N, P, 13) integer array") from None
    if array.ndim != 3 or array.shape[2] != 13:
        raise InvalidHandError(f"arrangements must have shape (N, P, 13), got {array.shape}")
    if not 2 <= array.shape[1] <= 4:
        raise InvalidHandError(f"shisanshui is played by 2 to 4 players, got {array.shape[1]}")
    rows = batch_rows(array.reshape(-1, 13), 13)
    return rows.reshape(array.shape)


def _codes(specials: Any, shape: tuple[int, ...]) -> np.ndarray:
    codes = np.asarray(specials)
    if codes.shape != shape or not np.issubdtype(codes.dtype, np.integer) or codes.dtype == np.bool_:
        raise InvalidHandError(f"specials must be an integer array of shape {shape} (-1: none), "
                               f"got {codes.dtype} {codes.shape}")
    if codes.size and (codes.min() < -1 or codes.max() >= len(SPECIAL_NAMES)):
        raise InvalidHandError(f"a special is -1 (none) or an index 0..{len(SPECIAL_NAMES) - 1} of SPECIAL_NAMES")
    return codes.astype(np.int64)


def _points_of(codes: np.ndarray, rules: Rules) -> np.ndarray:
    table = np.array([0] + [rules.points_of_special(name) for name in SPECIAL_NAMES], np.int64)
    return table[codes.astype(np.int64) + 1]


def _check_declared(flat: np.ndarray, codes: np.ndarray, points: np.ndarray, n_players: int) -> None:
    from .kernels import special_bits_batch

    asked = np.flatnonzero(codes >= 0)
    if not asked.size:
        return
    bits = np.empty(asked.size, np.int64)
    rows = np.ascontiguousarray(flat[asked])
    status, index = special_bits_batch(rows, bits)
    deal_of_index = int(asked[index]) // n_players if status != jit.OK else index  # rows: the declaring hands
    jit.check(status, deal_of_index, row_error(flat.reshape(-1, n_players, 13)))
    held = (bits >> codes[asked]) & 1
    for k in np.flatnonzero((held == 0) | (points[asked] <= 0))[:1].tolist():
        deal, player = divmod(int(asked[k]), n_players)
        name = SPECIAL_NAMES[codes[asked[k]]]
        hand = format_cards(sort_cards(flat[asked[k]].tolist()))
        why = "is not scored by these rules" if held[k] else f"is not held by {hand}"
        raise InvalidHandError(f"row {deal}: player {player + 1}: special hand {name} {why}")

