"""Hypothesis fuzzing of every parser and of every public function's arguments.

Two properties, bounded so ``make test`` stays fast (:data:`EXAMPLES` examples a test, no
deadline: the first batch call compiles its kernel):

- every public function, given anything (junk of every Python and numpy type, near-valid
  hands, rule names and objects) as any of its arguments, answers or raises a typed
  :class:`~lookup.errors.PaibiaoError` that is also a ``ValueError``; never another exception;
- every parser reads back what the formatters write, in every notation, and reads text made
  of its own alphabet into valid indices or refuses it with a typed error.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import os
from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from lookup import mahjong, zipai
from lookup import shisanshui as sss
from lookup.cli import EXIT_INPUT, main
from lookup.errors import PaibiaoError, TableError

EXAMPLES = int(os.environ.get("PAIBIAO_FUZZ_EXAMPLES", "150"))
"""Examples per test; ``PAIBIAO_FUZZ_EXAMPLES=5000`` hunts longer, with fresh random examples
(the default runs the same derandomized examples every time)."""
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="PAIBIAO_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

# --- anything an argument may be --------------------------------------------------------------------

SCALARS = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.integers(-2, 60)
           | st.floats(allow_nan=True) | st.text(max_size=12) | st.binary(max_size=6))
JUNK = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=6) | st.tuples(inner, inner)
                    | st.dictionaries(st.integers(0, 40) | st.text(max_size=2), inner, max_size=3)
                    | st.frozensets(st.integers(0, 40), max_size=4), max_leaves=12)
ARRAYS = hnp.arrays(st.sampled_from([np.uint8, np.int64, np.int8, np.uint64, np.bool_, np.float64, "<U2"]),
                    hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
COUNT_ROWS = hnp.arrays(np.int64, st.tuples(st.integers(0, 3), st.sampled_from([3, 5, 13, 20, 34])),
                        elements=st.integers(-1, 5))


def near_valid(size: int, high: int) -> st.SearchStrategy:
    """Lists the size of a count vector or a hand, entries around the valid range."""
    return st.lists(st.integers(-1, high + 1), min_size=size, max_size=size) | \
        st.lists(st.integers(0, high), max_size=size + 2)


MAHJONG_TEXT = st.text("0123456789mpszWTS ,DONGNABIXZHF一二三四五六七八九万筒条東南西北白发中🀄🀀🀙\ufe0f",
                       max_size=30)
ZIPAI_TEXT = st.text("一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾貳參xXdD0123456789 ,，、碰偎跑提吃pengwitaochİ:",
                     max_size=24)
SSS_TEXT = st.text("23456789TJQKA10shcdSHCD♠♥♣♦♤ ,|\ufe0e", max_size=50)
RULES = st.sampled_from(["standard", "riichi", "chinese", "sichuan", "paohuzi", "hunan", "a5_lowest", "bogus", "",
                         mahjong.RuleSet("x", seven_pairs=True), zipai.RuleSet("y", 0, False),
                         sss.Rules(a5_lowest=True)])

ANYTHING = st.one_of(JUNK, ARRAYS, COUNT_ROWS, RULES, near_valid(34, 4), near_valid(20, 4), near_valid(13, 51),
                     near_valid(5, 51), MAHJONG_TEXT, ZIPAI_TEXT, SSS_TEXT)


def positional_arity(function: Callable) -> tuple[int, int]:
    """(required, total) positional parameters of a function or class."""
    params = [p for p in inspect.signature(function).parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return sum(p.default is p.empty for p in params), len(params)


PUBLIC = {
    "mahjong": [mahjong.is_hu, mahjong.ting, mahjong.ting_mask, mahjong.is_hu_batch, mahjong.ting_batch,
                mahjong.shanten, mahjong.shanten_batch, mahjong.decompositions, mahjong.discard_advice,
                mahjong.mask_to_tiles, mahjong.RuleSet, mahjong.get_rules, mahjong.parse_tiles,
                mahjong.hand_counts, mahjong.tile_name, mahjong.format_tiles, mahjong.format_counts,
                mahjong.tiles.parse_uva_token],
    "zipai": [zipai.hu, zipai.hu_batch, zipai.ting, zipai.ting_batch, zipai.decompositions, zipai.RuleSet,
              zipai.get_rules, zipai.card_name, zipai.counts_of, zipai.format_cards, zipai.format_counts,
              zipai.hand_counts, zipai.parse_cards, zipai.parse_meld, zipai.parse_melds],
    "shisanshui": [sss.rank5, sss.rank3, sss.rank, sss.rank5_batch, sss.rank3_batch, sss.category,
                   sss.category_chinese, sss.is_foul, sss.arrangements, sss.arrangements_array, sss.best,
                   sss.best_batch, sss.expected_points, sss.special, sss.specials, sss.settle, sss.settlement,
                   sss.Rules, sss.get_rules, sss.parse_cards, sss.format_cards, sss.card_name, sss.sort_cards,
                   sss.parse_arrangement, sss.row_points, sss.row_ranks, sss.hand_cards],
}
CASES = [pytest.param(f, id=f"{game}.{f.__name__}") for game, functions in PUBLIC.items() for f in functions]


def call_or_typed_error(function: Callable, args: list) -> None:
    try:
        function(*args)
    except TableError:
        raise
    except PaibiaoError as exc:
        assert isinstance(exc, ValueError), f"{type(exc).__name__} is not a ValueError"
        assert len(str(exc)) < 1000, "an error message quotes too much"


@pytest.mark.parametrize("function", CASES)
def test_any_arguments_give_an_answer_or_a_typed_error(function):
    required, total = positional_arity(function)

    @FUZZ
    @given(st.data())
    def check(data):
        n = data.draw(st.integers(max(required, 1), max(total, 1)), label="arity")
        call_or_typed_error(function, [data.draw(ANYTHING, label=f"arg{i}") for i in range(n)])

    check()


# --- parsers: round trips and their own alphabets ------------------------------------------------------

@FUZZ
@given(st.lists(st.integers(0, 33), max_size=14), st.sampled_from(mahjong.NOTATIONS))
def test_mahjong_tiles_round_trip(tiles, notation):
    if max(Counter(tiles).values(), default=0) > 4:
        return
    text = mahjong.format_tiles(tiles, notation)
    assert mahjong.parse_tiles(text) == sorted(tiles)
    assert mahjong.format_counts(mahjong.hand_counts(tiles), notation) == text


def parsed_or_typed_error(parse: Callable, text: str) -> object:
    """``parse(text)``, or None when it raises a typed error that is a ValueError."""
    try:
        return parse(text)
    except PaibiaoError as exc:
        assert isinstance(exc, ValueError)
        return None


@FUZZ
@given(MAHJONG_TEXT)
def test_mahjong_text_parses_to_tiles_or_a_typed_error(text):
    tiles = parsed_or_typed_error(mahjong.parse_tiles, text)
    assert tiles is None or all(0 <= t < 34 for t in tiles)


@FUZZ
@given(st.lists(st.integers(0, 19), max_size=20), st.sampled_from(zipai.cards.NOTATIONS))
def test_zipai_cards_round_trip(cards, notation):
    if max(Counter(cards).values(), default=0) > 4:
        return
    text = zipai.format_cards(cards, notation)
    assert zipai.parse_cards(text) == sorted(cards)
    assert zipai.format_counts(zipai.counts_of(cards), notation) == text


@FUZZ
@given(st.sampled_from(["peng", "wei", "pao", "ti", "chi"]), st.integers(0, 19), st.sampled_from(["chinese", "ascii"]))
def test_zipai_melds_round_trip(kind, card, notation):
    if kind == "chi":
        from lookup.zipai.melds import _GROUP_OF
        groups = sorted(_GROUP_OF)
        cards: object = groups[card % len(groups)]
    else:
        cards = card
    meld = zipai.parse_meld((kind, cards))
    assert zipai.parse_meld(meld.text(notation)) == meld
    assert zipai.parse_melds([meld.text(notation)] * 2) == [meld, meld]


@FUZZ
@given(ZIPAI_TEXT)
def test_zipai_text_parses_or_gives_a_typed_error(text):
    cards = parsed_or_typed_error(zipai.parse_cards, text)
    assert cards is None or all(0 <= t < 20 for t in cards)
    parsed_or_typed_error(zipai.parse_meld, text)


@FUZZ
@given(st.permutations(range(52)), st.integers(0, 13), st.sampled_from(sss.cards.NOTATIONS))
def test_playing_cards_round_trip(deck, n, notation):
    cards = list(deck[:n])
    assert sss.parse_cards(sss.format_cards(cards, notation)) == cards
    if n == 13:
        text = "|".join(sss.format_cards(cards[a:b], notation) for a, b in ((0, 3), (3, 8), (8, 13)))
        assert sss.parse_arrangement(text) == (cards[:3], cards[3:8], cards[8:])


@FUZZ
@given(SSS_TEXT)
def test_card_text_parses_or_gives_a_typed_error(text):
    cards = parsed_or_typed_error(sss.parse_cards, text)
    assert cards is None or all(0 <= c < 52 for c in cards)
    parsed_or_typed_error(sss.parse_arrangement, text)


# --- the command line: any argument list -------------------------------------------------------------

WORDS = st.sampled_from(["mahjong", "zipai", "sss", "uva11210", "tables", "hu", "ting", "shanten", "decompose",
                         "discard", "rank", "best", "arrangements", "special", "settle", "path", "info",
                         "--json", "--rules", "--notation", "--jokers", "--limit", "--special", "--auto-special",
                         "--objective", "standard", "riichi", "a5_lowest", "expected", "unicode", "ascii", "-1",
                         "0", "9", "1=一条龙", "١=一条龙", "11m", "1112345678999m", "二七十二七十贰柒拾", "碰六",
                         "AS KS QS JS TS", "2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD AS",
                         "2S 3S 4S|5S 6S 7S 8S 9S|TS JS QS KS AS", "2H 3H 4H|5H 6H 7H 8H 9H|TH JH QH KH AH"])


@FUZZ
@given(st.lists(WORDS | st.text(max_size=8), max_size=7))
def test_any_command_line_answers_or_gives_one_error_line(argv):
    """Every command line ends in status 0 or one error line with status 2 (never a traceback);
    ``tables build`` and ``verify`` are left out: they write or hash the real tables."""
    if "build" in argv or "verify" in argv or any(a.startswith("-h") or a.startswith("--h") for a in argv):
        return
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    assert code in (0, EXIT_INPUT), (code, err.getvalue())
    if code == EXIT_INPUT:
        assert out.getvalue() == "" and err.getvalue().count("\n") == 1 and "Traceback" not in err.getvalue()
