"""Settlement: hand-computed deals, fouls, shooting, home runs, specials, configurable rules,
and random deals against the slow literal scorer with its invariants."""

import pytest

from lookup import shisanshui as sss
from lookup.errors import InvalidHandError
from tests.support.oracles import shisanshui as slow

WEAK = ("2S 3H 4D", "5S 5H 7D 8C 9C", "AS AH KD KC 2C")          # high card, pair, two pair
STRONGER = ("6S 6H 8D", "TS TH JD JC 3C", "QS QH QD 4S 4H")      # pair, two pair, full house
BONUS = ("AS AH AD", "KS KH KD 2C 2D", "QS QH QD QC 3C")         # front trips 3, middle FH 3, back quads 4
SF_BACK = ("2S 3S 4S", "5S 5H 6C 6D 7S", "9H TH JH 8H 7H")       # back straight flush 5
FOULED = ("JS JH 4C", "5C 6C 7C 9D TD", "2S 3S 4S 6S 8S")        # front pair over middle high card
WEAK3 = ("2H 3H 4H", "5H 6H 7H 8H TC", "9C TH JC JD KC")


def test_shooting_doubles():
    # P2 wins every row at 1 point each: 3, doubled
    assert sss.settle([WEAK, STRONGER]) == [-6, 6]
    s = sss.settlement([WEAK, STRONGER])
    assert s.shot == [[False, False], [True, False]] and s.home_run == [] and s.fouled == [False, False]
    assert sss.settle([WEAK, STRONGER], rules=sss.Rules(shoot_multiplier=1)) == [-3, 3]


def test_row_points_from_the_winners_rows():
    # P1: front trips +3, middle full house +3; P2: back straight flush +5 -> net +1, no shot
    assert sss.settle([BONUS, SF_BACK]) == [1, -1]
    assert sss.settle([BONUS, SF_BACK], rules="middle_fh2") == [0, 0]
    assert sss.settle(["|".join(BONUS), "|".join(SF_BACK)]) == [1, -1]  # FRONT|MIDDLE|BACK text


def test_fouls_and_home_run():
    # P2 fouled. P1 shoots P3 (3+3+4 doubled = 20) and P2 (its own row points, doubled = 20), so a
    # home run doubles both again: 40 + 40. P3 beats the fouled P2 at its row points: 3 doubled.
    s = sss.settlement([BONUS, FOULED, WEAK3])
    assert s.fouled == [False, True, False]
    assert s.home_run == [0]
    assert s.scores == [80, -46, -34]
    assert s.pairs[0] == [0, 40, 40] and s.pairs[2][1] == 6
    assert sss.settle([BONUS, FOULED, WEAK3], rules=sss.Rules(home_run_multiplier=1)) == [40, -26, -14]
    assert sss.settle([BONUS, FOULED, WEAK3], rules=sss.Rules(home_run_min_players=4)) == [40, -26, -14]
    # two players: shooting but no home run
    assert sss.settle([BONUS, FOULED]) == [20, -20]


def test_two_fouled_players_score_zero_against_each_other():
    fouled2 = ("JC JD 4D", "5D 6D 7D 9H TS", "3H 4H 6H 8H TH")
    assert sss.is_foul(*fouled2) and sss.is_foul(*FOULED)
    assert sss.settle([FOULED, fouled2]) == [0, 0]
    s = sss.settlement([FOULED, fouled2, BONUS])
    assert s.pairs[0][1] == 0 and s.home_run == [2]
    assert s.scores == [-40, -40, 80]


SIX_PAIRS = ("2S 2H 4S", "4H 6S 6H 9S 9H", "JS JH AS AH KC")
THREE_FLUSHES = ("3D 5D 7D", "2C 3C 4C 5C 7C", "8C 9C TC QC AC")
NORMAL = ("KS KH 3S", "5S 5H 7S 7H 8D", "QS QH QD TS TH")


def test_specials():
    # 六对半 4 beats 三同花 3: the higher takes its points; each takes its points from P3
    assert sss.settle([SIX_PAIRS, THREE_FLUSHES, NORMAL], ["六对半", "三同花", None]) == [8, -1, -7]
    assert sss.settle([SIX_PAIRS, THREE_FLUSHES, NORMAL], "auto") == [8, -1, -7]
    assert sss.settle([SIX_PAIRS, THREE_FLUSHES, NORMAL], [None, "三同花", None]) == \
        sss.settle([SIX_PAIRS, THREE_FLUSHES, NORMAL], [None, "三同花", ""])
    # equal specials tie
    other_six = ("3S 3H 5S", "5H 7S 7H 8S 8H", "TS TH QS QH KD")
    assert sss.settle([SIX_PAIRS, other_six], ["六对半", "六对半"]) == [0, 0]
    # a special takes its points even from a player who would have shot everyone
    bonus = ("QS QH QD", "KS KH KD 3C 3D", "TC TD TS TH 5C")
    weak = ("2C 3S 4C", "5S 6C 8S 9C JC", "AC AD 2D 3H 4D")
    s = sss.settlement([SIX_PAIRS, bonus, weak], ["六对半", None, None])
    assert s.pairs[0] == [0, 4, 4] and s.shot[1][2] and s.home_run == []
    assert s.scores == [8, -4 + 20, -4 - 20]


def test_declared_specials_are_checked():
    with pytest.raises(InvalidHandError, match="player 3: .* is not 六对半"):
        sss.settle([SIX_PAIRS, THREE_FLUSHES, NORMAL], [None, None, "六对半"])
    with pytest.raises(InvalidHandError, match="unknown special"):
        sss.settle([SIX_PAIRS, NORMAL], ["七对", None])
    with pytest.raises(InvalidHandError, match="2 players"):
        sss.settle([SIX_PAIRS, NORMAL], ["六对半"])
    with pytest.raises(InvalidHandError, match="not scored"):
        sss.settle([SIX_PAIRS, NORMAL], ["六对半", None], rules=sss.Rules(special_points={}))


@pytest.mark.parametrize("deal,match", [
    ([WEAK], "2 to 4 players"),
    ([WEAK, STRONGER, BONUS], "duplicate card"),
    ([WEAK, "2D 3D|4D 5D 6D 7D 8D|9D TD JD QD KD"], "front needs 3 cards"),
    ([WEAK, "2D 3D 9H|4D 5D 6D 7D 8D"], "FRONT|MIDDLE|BACK"),
    ([WEAK, ("6S 6H 8D", "TS TH JD JC 3C")], "front, middle, back"),
    ([WEAK, "6S 6H 8D|TS TH JD JC 3X|QS QH QD 4S 4H"], "'3X'"),
])
def test_bad_deals(deal, match):
    with pytest.raises(ValueError, match=match):
        sss.settle(deal)


def _deal(rng, n_players):
    deck = rng.permutation(52)
    return [[int(c) for c in deck[13 * p:13 * p + 13]] for p in range(n_players)]


def _arrange(rng, hand):
    """The strongest, the expected-best, or any split (often fouled)."""
    kind = rng.integers(4)
    if kind == 0:
        return tuple(sss.best(hand))
    if kind == 1:
        return tuple(sss.best(hand, "expected"))
    cards = [int(c) for c in rng.permutation(hand)]
    return cards[:3], cards[3:8], cards[8:]


def test_random_deals_against_the_slow_scorer(rng):
    homes = fouls = 0
    for i in range(300):
        n = 2 + i % 3
        players = [_arrange(rng, h) for h in _deal(rng, n)]
        s = sss.settlement(players)
        assert s.scores == slow.settle(players)
        assert sum(s.scores) == 0
        homes += bool(s.home_run)
        fouls += sum(s.fouled)
        for a in range(n):
            for b in range(n):
                assert s.pairs[a][b] == -s.pairs[b][a]
                if s.shot[a][b]:
                    # a shot pair is doubled (and doubled again in a home run)
                    base = sum(sss.row_points(*players[a]))
                    assert s.pairs[a][b] == base * 2 * (2 if a in s.home_run or b in s.home_run else 1)
                    assert not s.shot[b][a]
    assert homes > 0 and fouls > 0


def test_random_deals_with_specials(rng):
    for i in range(100):
        n = 2 + i % 3
        hands = _deal(rng, n)
        players = [_arrange(rng, h) for h in hands]
        declared = [sss.special(h) for h in hands]
        if i % 5 == 0:  # make sure some deals have specials: replace one player's hand
            players[0] = ("2S 2H 4S", "4H 6S 6H 9S 9H", "JS JH AS AH KC")
            used = set(sss.parse_cards(" ".join(players[0])))
            rest = [c for c in range(52) if c not in used]
            for p in range(1, n):
                cards = rest[13 * (p - 1):13 * p]
                players[p] = (cards[:3], cards[3:8], cards[8:])
            declared = ["六对半"] + [sss.special(sum(map(list, players[p]), [])) for p in range(1, n)]
        scores = sss.settle(players, declared)
        assert scores == slow.settle(players, declared)
        assert sum(scores) == 0
        assert scores == sss.settle(players, "auto")  # every player declared what it holds
