"""Warm-up: answer every query kind of every game once, so no request pays a compile.

The batch kernels are compiled by Numba on first use and cached on disk (see
:mod:`lookup.kernel_cache`). :func:`warm` runs every query kind through the public API on
fixed sample hands, with the argument types real calls use (writable uint8 batches, jokers as
one int and per row), so every kernel is compiled into that cache; a fresh process then loads
the compiled code instead of compiling it. ``make tables`` runs ``python -m lookup.warmup
[GAME ...]`` after building the tables, and ``paibiao tables build`` calls :func:`warm`.
:func:`preload` does the same in a server's parent process before it forks its workers, so
they share everything.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np

from . import tables

GAMES = tables.GAMES

SSS_HAND = "AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H"
SSS_DEAL = ["AS AH AD|KS KH KD 2C 2D|QS QH QD QC 3C", "JS JH 4C|5C 6C 7C 9D TD|2S 3S 4S 6S 8S",
            "2H 3H 4H|5H 6H 7H 8H TC|9C TH JC JD KC"]


def _rows(counts: Sequence[Any], n: int = 4) -> np.ndarray:
    """A writable uint8 (n, len(counts)) batch repeating one hand's counts."""
    return np.array([list(counts)] * n, np.uint8)


def mahjong_queries() -> list[tuple[str, Callable[[], Any]]]:
    """(query kind, a call of it) for every mahjong query kind."""
    from . import mahjong
    from .mahjong.tiles import hand_counts

    win, wait = _rows(hand_counts("11123456789999m")), _rows(hand_counts("1112345678999m"))
    short = _rows(hand_counts("112345678999m"))  # 12 tiles: 13 with one joker
    return [
        ("is_hu", lambda: mahjong.is_hu("11123456789999m")),
        ("is_hu riichi", lambda: mahjong.is_hu("1122m3344p5566s77z", rules="riichi")),
        ("is_hu jokers", lambda: mahjong.is_hu("1111m", jokers=1)),
        ("ting", lambda: mahjong.ting("1112345678999m")),
        ("ting_mask", lambda: mahjong.ting_mask("1122m3344p5566s7z", rules="riichi")),
        ("ting jokers", lambda: mahjong.ting("112345678999m", jokers=1)),
        ("shanten", lambda: mahjong.shanten("123m456p789s1234z")),
        ("discard_advice", lambda: mahjong.discard_advice("123m456p789s111z2z4z")),
        ("discard_batch", lambda: mahjong.discard_batch(win)),
        ("decompositions", lambda: mahjong.decompositions("111222333m789p55s")),
        ("fan", lambda: mahjong.fan("1112345678999m", "5m")),
        ("fan_waits", lambda: mahjong.fan_waits("1112345678999m")),
        ("fan_batch", lambda: mahjong.fan_batch(wait, np.full(len(wait), 4))),
        ("is_hu_batch", lambda: mahjong.is_hu_batch(win)),
        ("is_hu_batch jokers", lambda: mahjong.is_hu_batch(wait, jokers=np.ones(len(wait), np.int64))),
        ("ting_batch", lambda: mahjong.ting_batch(wait)),
        ("ting_batch jokers", lambda: mahjong.ting_batch(short, jokers=1)),
        ("shanten_batch", lambda: mahjong.shanten_batch(win)),
        # the kernels of the other rule sets: the knitted rules' own, and the one of any rules
        ("shanten_batch chinese", lambda: mahjong.shanten_batch(win, rules="chinese")),
        ("shanten_batch jokers", lambda: mahjong.shanten_batch(short, jokers=1)),
    ]


def shisanshui_queries() -> list[tuple[str, Callable[[], Any]]]:
    """(query kind, a call of it) for every shisanshui query kind."""
    from . import shisanshui as sss
    from .shisanshui.cards import hand_cards

    cards = hand_cards(SSS_HAND)
    hands = np.array([cards] * 4, np.uint8)
    deals = np.array([[sum(sss.parse_arrangement(a), []) for a in SSS_DEAL]] * 2, np.uint8)
    return [
        ("rank5", lambda: sss.rank5("AS KS QS JS TS")),
        ("rank3", lambda: sss.rank3("AS AH AD")),
        ("rank", lambda: sss.rank("KS KH KD 2C 3C")),
        ("best strongest", lambda: sss.best(SSS_HAND)),
        ("best expected", lambda: sss.best(SSS_HAND, objective="expected")),
        ("best_batch strongest", lambda: sss.best_batch(hands, objective="strongest")),
        ("best_batch expected", lambda: sss.best_batch(hands, objective="expected")),
        ("best field", lambda: sss.best(SSS_HAND, objective="field")),
        ("best_batch field", lambda: sss.best_batch(hands, objective="field", players=2)),
        ("special_codes", lambda: sss.special_codes(hands)),
        ("arrangements", lambda: sss.arrangements(SSS_HAND)),
        ("special", lambda: sss.special("2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD AS")),
        ("settle", lambda: sss.settle(SSS_DEAL)),
        ("settle_batch", lambda: sss.settle_batch(deals)),
        ("settle_batch auto", lambda: sss.settle_batch(deals, "auto")),
        ("settle_batch declared", lambda: sss.settle_batch(deals, np.full(deals.shape[:2], -1, np.int64))),
        ("rank5_batch", lambda: sss.rank5_batch(hands[:, :5])),
        ("rank3_batch", lambda: sss.rank3_batch(hands[:, :3])),
    ]


def zipai_queries() -> list[tuple[str, Callable[[], Any]]]:
    """(query kind, a call of it) for every zipai query kind."""
    from . import zipai
    from .zipai.cards import hand_counts

    win = _rows(hand_counts("二七十二七十贰柒拾"))
    wait = _rows(hand_counts("二七十二七十贰柒 四五六 壹贰叁"))
    return [
        ("hu", lambda: zipai.hu("二七十二七十贰柒拾")),
        ("hu exposed", lambda: zipai.hu("一二三 壹贰叁 二七十 五五", ["跑拾"])),
        ("ting", lambda: zipai.ting("一二三 贰叁肆 二七十 五五", ["碰拾"])),
        ("decompositions", lambda: zipai.decompositions("二七十二七十贰柒拾")),
        ("hu_batch", lambda: zipai.hu_batch(win)),
        ("ting_batch", lambda: zipai.ting_batch(wait)),
        ("hu_batch wang", lambda: zipai.hu_batch(_rows(hand_counts("二七十二七十贰柒")), wang=1)),
        ("ting_batch wang", lambda: zipai.ting_batch(_rows(hand_counts("二七十二七十贰")), wang=1)),
    ]


QUERIES: dict[str, Callable[[], list[tuple[str, Callable[[], Any]]]]] = {
    "mahjong": mahjong_queries, "shisanshui": shisanshui_queries, "zipai": zipai_queries,
}
"""Per game: the function listing (query kind, call) for every query kind."""

PARTS: dict[str, tuple[tuple[str, ...], ...]] = {
    # the kernel of any rules, and the discard kernels (one process: the batch reuses the advice's steps)
    # and the scoring kernels (a kernel module of their own)
    "mahjong": (("shanten_batch jokers", "discard_advice", "discard_batch"), ("fan", "fan_waits", "fan_batch")),
}
"""Per game: query kinds compiled in a part of their own, apart from the game's other kinds
(one more part); parts share no kernel, so :func:`warm_part` can compile them in parallel
processes (``paibiao tables build --jobs``)."""


def part_count(game: str) -> int:
    """How many parts :func:`warm_part` splits ``game``'s query kinds into."""
    return len(PARTS.get(game, ())) + 1


def part_queries(game: str, part: int) -> list[tuple[str, Callable[[], Any]]]:
    """(query kind, call) of part ``part`` of ``game``: the kinds :data:`PARTS` lists for it, or
    for the last part every kind it does not list."""
    listed = PARTS.get(game, ())
    if part < len(listed):
        return [(kind, call) for kind, call in QUERIES[game]() if kind in listed[part]]
    named = {kind for kinds in listed for kind in kinds}
    return [(kind, call) for kind, call in QUERIES[game]() if kind not in named]


def warm_part(game: str, part: int) -> tuple[str, float, int]:
    """Run the query kinds of part ``part`` of ``game`` once, in this process: (a label naming
    the part, seconds, kernels compiled)."""
    queries = part_queries(game, part)
    t0 = time.perf_counter()
    with count_compiles() as compiled:
        for _, call in queries:
            call()
    listed = PARTS.get(game, ())
    label = game if not listed else f"{game} ({', '.join(listed[part]) if part < len(listed) else 'the rest'})"
    return label, time.perf_counter() - t0, len(compiled)


class Compiles(list[str]):
    """The qualified names of the functions Numba compiled, in the order they started, with
    ``seconds``: per outermost one (a compile not started inside another), its compile seconds,
    nested helpers included."""

    def __init__(self) -> None:
        super().__init__()
        self.seconds: dict[str, float] = {}


@contextmanager
def count_compiles() -> Iterator[Compiles]:
    """Collect Numba's compile events (one per function compiled, not loaded from the disk
    cache) while the block runs; yields the :class:`Compiles` they are recorded in."""
    from numba.core import event

    compiles = Compiles()
    started: list[tuple[str, float]] = []

    class _Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            name = ev.data["dispatcher"].py_func.__qualname__ if ev.data else str(ev)
            compiles.append(name)
            started.append((name, time.perf_counter()))

        def on_end(self, ev: Any) -> None:
            name, t0 = started.pop()
            if not started:
                compiles.seconds[name] = compiles.seconds.get(name, 0.0) + time.perf_counter() - t0

    with event.install_listener("numba:compile", _Listener()):
        yield compiles


def warm(games: Sequence[str] = (), echo: Callable[[str], Any] | None = None) -> dict[str, float]:
    """Run every query kind of ``games`` (default: all) once; seconds per game.

    ``echo`` gets one line per game: its time and how many kernels were compiled (0 when the
    disk cache already held them all).
    """
    seconds = {}
    for game in games or GAMES:
        compiled = 0
        seconds[game] = 0.0
        for part in range(part_count(game)):
            _, part_seconds, part_compiled = warm_part(game, part)
            seconds[game] += part_seconds
            compiled += part_compiled
        if echo is not None:
            echo(warmed_line(game, seconds[game], compiled))
    return seconds


def warmed_line(label: str, seconds: float, compiled: int) -> str:
    """The line :func:`warm` echoes for a game or part: its time and kernels compiled."""
    return f"warm-up {label}: {seconds:.1f} s, {compiled} kernel{'s' * (compiled != 1)} compiled"


def preload(games: Sequence[str] = ()) -> dict[str, float]:
    """Prepare this process to be forked into workers: :func:`warm` (every table mapped, every
    view built, every kernel loaded), then ``gc.freeze()`` so the collector never writes to
    those objects' pages. Workers forked after it (a pre-fork server, ``os.fork``, a
    ``multiprocessing`` "fork" context) share all of it copy-on-write instead of building their
    own. Call it before the process starts any thread (a :class:`~lookup.batching.Batcher`
    included). Returns :func:`warm`'s seconds per game."""
    import gc

    seconds = warm(games)
    gc.collect()
    gc.freeze()
    return seconds


def main(argv: Sequence[str] | None = None) -> int:
    games = list(sys.argv[1:] if argv is None else argv)
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        print(f"python -m lookup.warmup: unknown game {unknown[0]!r}; choose from {', '.join(GAMES)}",
              file=sys.stderr)
        return 2
    warm(games, echo=print)
    return 0


if __name__ == "__main__":
    sys.exit(main())
