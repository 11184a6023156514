"""What every mahjong query does with its input before and after the tables answer.

Rules resolution (:func:`resolve_rules`), a hand's counts and suit keys
(:func:`counts_and_keys`), the checks of size, honors and jokers that the scalar queries
run (the size rule itself is :func:`.row.size_ok`, shared with the kernels; the tiles in
the game, :func:`check_in_play`), the batch arrays (:func:`batch_counts`,
:func:`batch_jokers`), and the typed error for a kernel's status (:func:`batch_error`, for
:func:`lookup.jit.check`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple, NoReturn, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from ..arrays import as_array, uint8_rows
from ..errors import InvalidHandError
from ..jit import ERR_COPIES, ERR_SIZE
from ..tables import TableView
from .encoding import HONOR_OFFSET, MAX_HAND_TILES, MAX_JOKERS, N_SUIT_RANKS, N_TILE_KINDS
from .row import EITHER, ERR_OUT_OF_GAME, ONE_REFUSED, size_ok
from .rules import PRESETS, RuleSet
from .tiles import MASK_TILES, Hand, hand_counts, tile_name

NO_JOKERS = np.zeros(0, np.uint8)
"""The ``jokers`` the batch kernels take for rows without jokers."""


def resolve_rules(rules: str | RuleSet) -> RuleSet:
    """:meth:`PRESETS.resolve <lookup.rules.Presets.resolve>`, with a preset name found by one dict get."""
    preset = PRESETS.get(rules) if rules.__class__ is str else None
    return preset or PRESETS.resolve(rules)


PLAIN_BITS: dict[str, int] = {name: preset.bits for name, preset in PRESETS.items() if preset.plain}
"""The :attr:`~.rules.RuleSet.bits` of each plain preset (:attr:`~.rules.RuleSet.plain`), by
name: one dict get on the single-hand hot paths answers both which path and which bits."""


Answer = TypeVar("Answer", covariant=True)


class SingleHandQuery(Protocol[Answer]):
    """A scalar query made by :func:`single_hand_query`."""

    def __call__(self, hand: Hand, rules: str | RuleSet = ..., jokers: int = 0) -> Answer: ...


class SingleHandKernel(NamedTuple):
    """A single-hand kernel's entry point ``one`` (:func:`lookup.jit.direct`: ``addresses``, the
    rule bits and a ``bytearray`` hand), ``addresses`` (:func:`lookup.addresses.table_addresses`
    of the tables it reads) and ``plain``: the entry with its tables and rules bound, per plain
    preset name and per rule bits."""

    one: Callable
    addresses: np.ndarray
    plain: dict[str | int, Callable[[bytearray], int]]


def single_hand_kernel(kernel: Callable, arrays: tuple[np.ndarray, ...], dtype: type[np.generic]) -> SingleHandKernel:
    """:class:`SingleHandKernel` of ``kernel`` (a Numba dispatcher) reading ``arrays`` (of ``dtype``),
    compiled now or loaded from the disk cache."""
    from .. import jit
    from ..addresses import table_addresses  # imports Numba, as the kernel does

    addresses = table_addresses(arrays, dtype)
    one = jit.direct(kernel, addresses, 0, bytearray(N_TILE_KINDS))
    plain: dict[str | int, Callable[[bytearray], int]] = {}
    for name, bits in PLAIN_BITS.items():
        plain[name] = plain[bits] = partial(one, addresses, bits)
    return SingleHandKernel(one, addresses, plain)


def single_hand_query(module: str, name: str, doc: str, default_rules: str, view: TableView[SingleHandKernel], low: int,
                      flag: int, remainder: int, general: Callable[[Hand, RuleSet, int], int],
                      tiles: bool = False) -> SingleHandQuery[Any]:
    """The scalar query ``name`` of ``module`` (``doc``: its docstring) that answers a hand under plain rules
    without jokers by one compiled call of a single-hand kernel, and under any other rules
    or with jokers by ``general(hand, rules, jokers)``. With ``tiles`` the answer is a tile mask
    and the query returns its tiles, a sorted list (from :data:`.tiles.MASK_TILES`).

    ``view`` builds the kernel's :class:`SingleHandKernel`. The kernel packs its verdict with
    the answer: an answer in ``low .. low + flag - 1``; that plus ``flag`` for a hand with no
    count above 1 (the caller checks a list of them for bools); below ``low`` for a hand its
    row scan refuses (``remainder``: the sizes the query takes, for the error). A list of
    counts goes straight to the kernel (the hot path: no other call), and a flagged answer
    there costs one type scan of the list; any other hand form, or a list holding a bool, is
    answered again from :func:`hand_row`, which names bad counts and bools.
    """
    high = low + flag
    kept = MASK_TILES  # a closure cell: read faster than the module global

    def checked(hand: Hand, rules: RuleSet) -> int:
        built = view.value or view.get()
        one = built.plain.get(rules.bits) or partial(built.one, built.addresses, rules.bits)
        answer = one(hand_row(hand))  # hand_row refuses bad counts and bools
        if answer < low:
            refuse_hand(hand, rules, remainder, name.replace("_mask", ""))
        return answer - flag if answer >= high else answer

    def query(hand: Hand, rules: str | RuleSet = default_rules, jokers: int = 0) -> Any:
        if jokers.__class__ is not int or jokers:
            jokers = check_jokers(jokers)  # None, 0.0, "" or an array are refused, not read as 0
        if not jokers:
            one = (view.value or view.get()).plain.get(rules) if rules.__class__ is str else None
            if one is not None and hand.__class__ is list:
                try:
                    answer = one(bytearray(hand))  # the kernel refuses other than 34 counts
                except (TypeError, ValueError):
                    answer = ONE_REFUSED  # checked() names the problem
                if low <= answer < high:
                    return [*kept[answer]] if tiles else answer
                if answer >= high and bool not in map(type, hand):  # no count above 1, and no bool
                    answer -= flag
                    return [*kept[answer]] if tiles else answer
            rules = resolve_rules(rules)
            if rules.plain:
                answer = checked(hand, rules)
                return [*kept[answer]] if tiles else answer
        answer = general(hand, resolve_rules(rules), jokers)
        return [*kept[answer]] if tiles else answer

    query.__module__, query.__name__, query.__qualname__, query.__doc__ = module, name, name, doc
    query.__annotations__ = {**query.__annotations__, "return": "list[int]" if tiles else "int"}
    return query


_BASE5_DIGITS = bytes.maketrans(b"\0\1\2\3\4", b"01234")
"""Maps each count byte 0..4 to its base-5 digit character."""


def hand_row(hand: Hand) -> bytearray:
    """The 34 tile counts of a hand, 0..255 each, as a ``bytearray``: the row a single-hand
    kernel takes (a count over 4 is left for its row scan to refuse; :func:`refuse_hand` then
    names it).

    A list of 34 counts takes a short path: ``bytearray(hand)`` (less than half the cost of
    ``bytes(hand)``). A list of bools (a tile mask passed as counts) has only 0/1 entries; the
    type scan that refuses it costs more than the rest of a query's input handling, so it runs
    only for those. A bool among larger counts is not looked for on this path (a full type
    scan would cost 60 % of ``is_hu``); other hand forms go through :func:`.tiles.hand_counts`,
    which refuses any bool.
    """
    if hand.__class__ is list and len(hand) == N_TILE_KINDS:
        try:
            row = bytearray(hand)
            if row.lstrip(b"\0\1") or bool not in map(type, hand):
                return row
        except (TypeError, ValueError):
            pass  # hand_counts below names the problem
    return bytearray(hand_counts(hand))


def counts_and_keys(hand: Hand) -> tuple[bytes, int, int, int, int]:
    """(counts, the four suit keys of :func:`.encoding.suit_keys`) of a hand whose counts are
    valid (:func:`hand_row`; a count over 4 raises the error of :func:`.tiles.hand_counts`).

    The size is not checked. The base-5 keys are parsed by ``int(..., 5)`` from the counts'
    digit characters, which costs less than arithmetic in Python.
    """
    counts = bytes(hand_row(hand))
    d = counts.translate(_BASE5_DIGITS)
    try:
        return counts, int(d[8::-1], 5), int(d[17:8:-1], 5), int(d[26:17:-1], 5), int(d[33:26:-1], 5)
    except ValueError:  # a count over 4 is no base-5 digit
        hand_counts(hand)
        raise


def refuse_hand(hand: Hand, rules: RuleSet, remainder: int, query: str, jokers: int = 0) -> NoReturn:
    """Raise the error a single-hand kernel's status stands for: a count over 4
    (:func:`.tiles.hand_counts`), a size the query does not take (``jokers`` included) or a
    tile out of the game (:func:`check_hand`)."""
    counts = hand_counts(hand)
    check_hand(counts, sum(counts), rules, remainder, query, jokers)
    raise AssertionError(f"{query}: a kernel refused a hand that passes every check")


def sizes_text(remainder: int) -> str:
    """The hand sizes :func:`.row.size_ok` takes, for messages: ``2, 5, 8, 11, 14``."""
    sizes = [str(n) for n in range(1, MAX_HAND_TILES + 1) if size_ok(n, remainder)]
    return ", ".join(sizes) if remainder != EITHER else ", ".join(sizes[:-1]) + " or " + sizes[-1]


_SIZES = {remainder: frozenset(n for n in range(MAX_HAND_TILES + MAX_JOKERS + 1) if size_ok(n, remainder))
          for remainder in (EITHER, 1, 2)}
"""The sizes of :func:`.row.size_ok` per remainder, for a set look-up on the scalar hot paths."""


HU_SIZES = _SIZES[2]
"""The sizes hu takes, for its scalar hot path's set look-up."""


def check_hand(counts: bytes, n: int, rules: RuleSet, remainder: int, query: str, jokers: int = 0) -> None:
    """Refuse a hand of the wrong size (jokers included) or with a tile out of the game."""
    if n + jokers not in _SIZES[remainder]:
        got = f"{n} tile{'s' * (n != 1)} and {jokers} joker{'s' * (jokers != 1)}" if jokers else str(n)
        raise InvalidHandError(f"{query} needs a hand of {sizes_text(remainder)} tiles"
                               f"{' (jokers included)' if jokers else ''}, got {got}")
    check_in_play(counts, rules)


def check_in_play(counts: bytes, rules: RuleSet) -> None:
    """Refuse honor tiles under rules without them, and 2m-8m under three-player rules."""
    if not rules.honors and counts[HONOR_OFFSET:].strip(b"\0"):
        tile = next(t for t in range(HONOR_OFFSET, N_TILE_KINDS) if counts[t])
        raise InvalidHandError(f"rule set {rules.name!r} has no honor tiles, hand holds {tile_name(tile)}")
    if rules.three_player and counts[1:N_SUIT_RANKS - 1].strip(b"\0"):
        tile = next(t for t in range(1, N_SUIT_RANKS - 1) if counts[t])
        raise InvalidHandError(f"rule set {rules.name!r} has no tiles 2m-8m (three players), hand holds "
                               f"{tile_name(tile)}")


def check_jokers(jokers: object) -> int:
    """The number of jokers as an int 0..MAX_JOKERS, else InvalidHandError."""
    if jokers.__class__ is not int:
        if isinstance(jokers, bool) or not isinstance(jokers, (int, np.integer)):
            raise InvalidHandError(f"jokers must be an integer 0..{MAX_JOKERS}, got {jokers!r}")
        jokers = int(jokers)
    assert isinstance(jokers, int)
    if not 0 <= jokers <= MAX_JOKERS:
        raise InvalidHandError(f"jokers must be 0..{MAX_JOKERS}, got {jokers}")
    return jokers


def special_counts(counts: bytes) -> tuple[int, int, int]:
    """(kinds of odd count, kinds held 3 or 4 times, kinds held once): the counts of
    :func:`.row.scan_row` that :func:`.wins.special_forms` reads, by ``bytes.count``."""
    singles = counts.count(1)
    threes = counts.count(3)
    return singles + threes, threes + counts.count(4), singles


def batch_counts(counts: npt.ArrayLike) -> np.ndarray:
    """Validate the shape and dtype of a batch of hands; returns a C-contiguous uint8 (N, 34) array."""
    return uint8_rows(counts, N_TILE_KINDS, "counts", 255,
                      lambda row, _: InvalidHandError(f"row {row}: tile counts must be 0..4"))


def batch_jokers(jokers: npt.ArrayLike, n_rows: int) -> np.ndarray:
    """The jokers of each row as a uint8 array of N (validated), or NO_JOKERS when no row has any."""
    array = as_array(jokers, "jokers")
    if array.ndim == 0:
        count = check_jokers(jokers.item() if isinstance(jokers, np.ndarray) else jokers)
        return np.full(n_rows, count, np.uint8) if count else NO_JOKERS
    if array.shape != (n_rows,) or not np.issubdtype(array.dtype, np.integer):
        raise InvalidHandError(f"jokers must be an int or an integer array of shape ({n_rows},), "
                               f"got shape {array.shape} dtype {array.dtype}")
    bad = np.flatnonzero((array < 0) | (array > MAX_JOKERS))
    if bad.size:
        raise InvalidHandError(f"row {bad[0]}: jokers must be 0..{MAX_JOKERS}, got {array[bad[0]]}")
    return array.astype(np.uint8) if array.any() else NO_JOKERS


def batch_error(counts: np.ndarray, rules: RuleSet, size_rule: str,
                jokers: np.ndarray = NO_JOKERS) -> Callable[[int, int], Exception]:
    """The ``explain(status, row)`` of :func:`lookup.jit.check` for a batch kernel over ``counts``.

    ``size_rule`` says which sizes the query takes (``needs 2, 5, 8, 11, 14 tiles``).
    """
    def explain(status: int, row: int) -> Exception:
        if status == ERR_COPIES:
            tile = int(np.argmax(counts[row]))
            return InvalidHandError(f"row {row}: holds {counts[row, tile]} copies of {tile_name(tile)}; "
                                    "a tile has 4 copies")
        if status == ERR_SIZE:
            got = f"{int(counts[row].sum())}"
            if jokers.size:
                got += f" tiles and {int(jokers[row])} jokers"
            return InvalidHandError(f"row {row}: {size_rule}, got {got}")
        if status == ERR_OUT_OF_GAME:
            try:
                check_in_play(bytes(counts[row]), rules)
            except InvalidHandError as error:
                return InvalidHandError(f"row {row}: {error}")
        return AssertionError(f"unknown batch status {status} at row {row}")

    return explain
