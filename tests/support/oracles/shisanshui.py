"""Slow shisanshui oracles: a literal hand classifier, brute-force splits, specials, settlement.

Nothing here reads a table or shares code with the generator or the runtime; it follows
the rules of the game as literally as possible. Cards are indices rank * 4 + suit (rank 0..12 = 2..A).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

CATEGORY_ORDER = ["high card", "pair", "two pair", "trips", "straight", "flush", "full house",
                  "quads", "straight flush"]
NO_CARD = -1  # pads a front: lower than any card

WHEEL = {12, 0, 1, 2, 3}  # A-2-3-4-5


def _straight_height(ranks: list, a5_lowest: bool):
    """How high a straight of these 5 distinct ranks is (comparable), or None."""
    s = set(ranks)
    if len(s) != 5:
        return None
    if s == WHEEL:
        # A-2-3-4-5 is the second-highest straight, above 9-10-J-Q-K (top 11)
        return 3 if a5_lowest else 11.5
    if max(s) - min(s) == 4:
        return max(s)
    return None


def strength(cards, a5_lowest: bool = False) -> tuple:
    """(category index, tie-break ranks padded to 5 with NO_CARD): compare as tuples.

    3 cards: only high card, pair, trips. 5 cards: the nine categories. Tie-breaks: rank
    groups by size then rank (so high card and flush by ranks from the top, pair by the pair
    then kickers, two pair by high pair, low pair, kicker, trips / full house / quads by the set
    first); straights by their height.
    """
    cards = list(cards)
    assert len(cards) in (3, 5) and len(set(cards)) == len(cards)
    ranks = [c // 4 for c in cards]
    suits = [c % 4 for c in cards]
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    tiebreak = [r for r, _ in groups]
    if len(cards) == 5:
        flush = len(set(suits)) == 1
        height = _straight_height(ranks, a5_lowest)
        if height is not None and flush:
            name, tiebreak = "straight flush", [height]
        elif shape == [4, 1]:
            name = "quads"
        elif shape == [3, 2]:
            name = "full house"
        elif flush:
            name = "flush"
        elif height is not None:
            name, tiebreak = "straight", [height]
        elif shape == [3, 1, 1]:
            name = "trips"
        elif shape == [2, 2, 1]:
            name = "two pair"
        elif shape == [2, 1, 1, 1]:
            name = "pair"
        else:
            name = "high card"
    else:
        name = {(3,): "trips", (2, 1): "pair", (1, 1, 1): "high card"}[tuple(shape)]
    return (CATEGORY_ORDER.index(name), tuple(tiebreak + [NO_CARD] * (5 - len(tiebreak))))


def category_name(cards) -> str:
    return CATEGORY_ORDER[strength(cards)[0]]


def legal(front, middle, back, a5_lowest=False) -> bool:
    return strength(back, a5_lowest) >= strength(middle, a5_lowest) >= strength(front, a5_lowest)


def all_splits(hand):
    """Every (front, middle, back) split of 13 cards as sorted tuples: 72,072 of them."""
    hand = sorted(hand)
    for back in combinations(hand, 5):
        rest = [c for c in hand if c not in back]
        for middle in combinations(rest, 5):
            front = tuple(c for c in rest if c not in middle)
            yield front, middle, back


def _memoised_strength(a5_lowest: bool):
    """:func:`strength` of a row (a tuple of cards), each row computed once."""
    memo = {}

    def st(row):
        if row not in memo:
            memo[row] = strength(row, a5_lowest)
        return memo[row]

    return st


def legal_splits(hand, a5_lowest=False, st=None) -> list:
    """Every legal split, by brute force (strengths memoised per row, in ``st`` when given)."""
    st = st or _memoised_strength(a5_lowest)
    return [(f, m, b) for f, m, b in all_splits(hand) if st(b) >= st(m) >= st(f)]


def strongest_key(hand, a5_lowest=False) -> tuple:
    """The largest (back, middle, front) strengths over the legal splits."""
    st = _memoised_strength(a5_lowest)
    return max((st(b), st(m), st(f)) for f, m, b in legal_splits(hand, a5_lowest, st))


# --- special hands -----------------------------------------------------------------------------

def _is_straight5(cards):
    return _straight_height([c // 4 for c in cards], False) is not None


def _is_seq3(cards):
    ranks = sorted(c // 4 for c in cards)
    return len(set(ranks)) == 3 and (ranks[2] - ranks[0] == 2 or set(ranks) == {12, 0, 1})


def _one_suit(cards):
    return len({c % 4 for c in cards}) == 1


def _rows_exist(hand, front_ok, five_ok) -> bool:
    """Some split (rows in any order) has a front and two 5-card rows meeting the tests."""
    hand = sorted(hand)
    fives = [r for r in combinations(hand, 5) if five_ok(r)]
    for i, x in enumerate(fives):
        for y in fives[i:]:
            if not set(x) & set(y) and front_ok([c for c in hand if c not in x and c not in y]):
                return True
    return False


def specials(hand) -> set:
    """Every special hand the 13 cards are, from the definitions in the README."""
    hand = list(hand)
    assert len(hand) == 13 and len(set(hand)) == 13
    ranks = [c // 4 for c in hand]
    counts = Counter(ranks)
    n_of = Counter(counts.values())  # how many ranks have 1, 2, 3, 4 cards
    out = set()
    if len(counts) == 13:
        out.add("一条龙")
        if _one_suit(hand):
            out.add("至尊清龙")
    if all(r >= 9 for r in ranks):  # J Q K A
        out.add("十二皇族")
    if n_of[4] == 3:
        out.add("三分天下")
    if all(r >= 6 for r in ranks):  # 8 .. A
        out.add("全大")
    if all(r <= 6 for r in ranks):  # 2 .. 8
        out.add("全小")
    if all(c % 4 in (1, 3) for c in hand) or all(c % 4 in (0, 2) for c in hand):
        out.add("凑一色")
    # groups: a quad may serve as two pairs (or, for four trips, as a trips and the single)
    if sorted(counts.values()) in ([1, 2, 2, 2, 3, 3], [1, 2, 3, 3, 4]):
        out.add("双怪冲三")
    if sorted(counts.values()) in ([1, 3, 3, 3, 3], [3, 3, 3, 4]):
        out.add("四套三条")
    if sorted(counts.values()) in ([2, 2, 2, 2, 2, 3], [2, 2, 2, 3, 4], [2, 3, 4, 4]):
        out.add("五对三条")
    pairs = sum(k // 2 for k in counts.values())
    if pairs == 6:
        out.add("六对半")
    if _fast_reject_runs(counts) and _rows_exist(hand, _is_seq3, _is_straight5):
        out.add("三顺子")
    if _rows_exist(hand, lambda f: _one_suit(f) and _is_seq3(f), lambda r: _one_suit(r) and _is_straight5(r)):
        out.add("三同花顺")
    if _rows_exist(hand, _one_suit, _one_suit):
        out.add("三同花")
    return out


def _fast_reject_runs(counts) -> bool:
    """Three sequences of 13 cards use at most 2 cards of a rank (two 5-runs and a 3-run)...
    a necessary condition only, to skip the brute force on most hands."""
    return max(counts.values()) <= 3


# --- settlement ------------------------------------------------------------------------------------

ROW_POINTS = {  # (row, category) -> points of the row's winner; default 1
    (0, "trips"): 3,
    (1, "full house"): 3, (1, "quads"): 8, (1, "straight flush"): 10,
    (2, "quads"): 4, (2, "straight flush"): 5,
}
SPECIAL_POINTS = {"至尊清龙": 32, "一条龙": 30, "十二皇族": 24, "三同花顺": 20, "三分天下": 20, "全大": 10,
                  "全小": 10, "凑一色": 10, "双怪冲三": 8, "四套三条": 6, "五对三条": 5, "六对半": 4,
                  "三顺子": 4, "三同花": 3}


def settle(players, specials=None, row_points=ROW_POINTS, special_points=SPECIAL_POINTS) -> list:
    """Scores of 2-4 players' (front, middle, back), following the rules literally:
    between two players the points of the rows won minus those of the rows lost (1 a row, or the
    row's bonus), doubled when one wins all three; with three players or more, one who wins all
    three rows against everyone else doubles every result that involves them; a special hand
    scores its points instead of rows; a fouled hand loses every row to one that is not fouled."""
    n = len(players)
    specials = specials or [None] * n
    fouled = [s is None and not legal(*p) for p, s in zip(players, specials)]

    def pts(p, row):
        return row_points.get((row, category_name(players[p][row])), 1)

    result = {}  # (i, j) -> what i wins from j, before the home run
    shoots = set()  # (i, j): i shot j
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            if specials[i] or specials[j]:
                mine = special_points[specials[i]] if specials[i] else 0
                theirs = special_points[specials[j]] if specials[j] else 0
                if specials[i] and specials[j]:
                    result[i, j] = mine if mine > theirs else (-theirs if theirs > mine else 0)
                else:
                    result[i, j] = mine - theirs
                continue
            if fouled[i] and fouled[j]:
                result[i, j] = 0
                continue
            won_rows = []
            lost_rows = []
            for row in range(3):
                if fouled[j] or (not fouled[i] and strength(players[i][row]) > strength(players[j][row])):
                    won_rows.append(row)
                elif fouled[i] or strength(players[i][row]) < strength(players[j][row]):
                    lost_rows.append(row)
            total = sum(pts(i, r) for r in won_rows) - sum(pts(j, r) for r in lost_rows)
            if len(won_rows) == 3:
                shoots.add((i, j))
            if len(won_rows) == 3 or len(lost_rows) == 3:
                total *= 2
            result[i, j] = total
    scores = []
    home = [i for i in range(n) if n >= 3 and all((i, j) in shoots for j in range(n) if j != i)]
    for i in range(n):
        s = 0
        for j in range(n):
            if i != j:
                s += result[i, j] * (2 if i in home or j in home else 1)
        scores.append(s)
    return scores
