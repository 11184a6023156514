"""``paibiao uva11210``: the UVa 11210 "Chinese Mahjong" judge format on stdin/stdout.

Input: cases of 13 UVa tile tokens, read as a token stream (like ``scanf``), up to the
token ``0`` or the end of input. Output per case: ``Case i: W1 W2 ...`` with the waits in
the problem's order, or ``Case i: Not ready``. Every case is checked before anything is
printed; a bad token or an incomplete case is a one-line error (exit status 2).
"""

from __future__ import annotations

import argparse
import sys

from .. import mahjong
from ..errors import InvalidHandError, InvalidTileError
from ..mahjong.tiles import UVA_ORDER, parse_uva_token, tile_name
from .command import Command, read_stdin

TILES_PER_CASE = 13


def solve(text: str) -> str:
    """Judge output (with a trailing newline per case) for UVa 11210 input text."""
    tokens = text.split()
    hands: list[list[int]] = []
    i = 0
    while i < len(tokens) and tokens[i] != "0":
        case = tokens[i:i + TILES_PER_CASE]
        if len(case) < TILES_PER_CASE or "0" in case:
            have = case.index("0") if "0" in case else len(case)
            raise InvalidHandError(f"case {len(hands) + 1}: needs {TILES_PER_CASE} tiles, "
                                   f"the input gives {have} before {'0' if '0' in case else 'its end'}")
        try:
            hands.append([parse_uva_token(tok) for tok in case])
        except InvalidTileError as exc:
            raise InvalidTileError(f"case {len(hands) + 1}: {exc}") from None
        i += TILES_PER_CASE
    lines = []
    for number, hand in enumerate(hands, 1):
        try:
            mask = mahjong.ting_mask(hand, "standard")
        except InvalidHandError as exc:
            raise InvalidHandError(f"case {number}: {exc}") from None
        waits = [tile_name(t, "uva") for t in UVA_ORDER if mask >> t & 1]
        lines.append(f"Case {number}: {' '.join(waits) if waits else 'Not ready'}\n")
    return "".join(lines)


def _run(args: argparse.Namespace) -> int:
    sys.stdout.write(solve(read_stdin()))
    return 0


COMMAND = Command("uva11210", "solve UVa 11210 input from stdin", run=_run, description=__doc__.split("\n\n")[0])
