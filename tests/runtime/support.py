"""Helpers of the runtime tests: table copies, fresh-process runs, seeded hands of every game."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np

from lookup import tables

ROOT = Path(__file__).resolve().parents[2]
GAMES = tables.GAMES


def copy_table(game: str, directory: Path) -> Path:
    """A copy of the built ``<game>.h5`` in ``directory`` (no verification record)."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{game}.h5"
    shutil.copyfile(tables.table_path(game), path)
    return path


def copy_tables(directory: Path) -> Path:
    """Copies of every built table file in ``directory``; returns it."""
    for game in GAMES:
        copy_table(game, directory)
    return directory


def env(**extra: str | None) -> dict[str, str]:
    """The environment for a fresh Python process running this checkout's code."""
    out = dict(os.environ)
    out["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), out.get("PYTHONPATH")]))
    for key, value in extra.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def run_python(code: str, *args: str, timeout: float = 300, **extra: str | None) -> subprocess.CompletedProcess:
    """Run ``python -c code args`` in a fresh process (this checkout first on the path)."""
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=timeout, env=env(**extra), cwd=ROOT)


# --- seeded hands ------------------------------------------------------------------------------

def mahjong_hand(rng: np.random.Generator, n_tiles: int) -> list[int]:
    """34 counts: n_tiles drawn from a wall of 4 copies of each of the 34 kinds."""
    counts = [0] * 34
    for t in rng.choice(np.repeat(np.arange(34), 4), n_tiles, replace=False):
        counts[int(t)] += 1
    return counts


def mahjong_winner(rng: np.random.Generator) -> list[int]:
    """A standard winning hand of 4 melds and a pair (counts <= 4)."""
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                suit, rank = int(rng.integers(3)), int(rng.integers(7))
                for r in range(rank, rank + 3):
                    counts[9 * suit + r] += 1
            else:
                counts[int(rng.integers(34))] += 3
        counts[int(rng.integers(34))] += 2
        if max(counts) <= 4:
            return counts


def mahjong_hands(rng: np.random.Generator, n: int) -> list[object]:
    """A seeded mix of mahjong hands in every accepted form, bad ones among them."""
    from lookup.mahjong.tiles import format_counts

    out: list[object] = []
    for i in range(n):
        kind = i % 10
        if kind == 0:
            out.append(mahjong_winner(rng))
        elif kind == 1:
            win = mahjong_winner(rng)
            win[next(t for t in range(34) if win[t])] -= 1  # 13 tiles, often tenpai
            out.append(format_counts(win))
        elif kind == 2:
            out.append(np.array(mahjong_hand(rng, 14), np.int64))
        elif kind == 3:
            hand = mahjong_hand(rng, 13)
            out.append([t for t in range(34) for _ in range(hand[t])])  # tile indices
        elif kind == 4:
            out.append(["11111m", "1x", "", [5] + [0] * 33, "123m" * 5][int(rng.integers(5))])  # bad
        elif kind == 5:
            out.append(mahjong_hand(rng, int(rng.choice([1, 2, 4, 5, 7, 8, 10, 11]))))
        elif kind == 6:
            out.append(mahjong_hand(rng, int(rng.choice([3, 6, 9, 12]))))  # a size no query takes
        else:
            out.append(mahjong_hand(rng, int(rng.choice([13, 14]))))
    return out


def cards(rng: np.random.Generator, n: int) -> list[int]:
    return [int(c) for c in rng.permutation(52)[:n]]


def card_hands(rng: np.random.Generator, n: int, size: int) -> list[object]:
    """A seeded mix of ``size``-card hands as index lists, text and arrays, bad ones among them."""
    from lookup.shisanshui.cards import format_cards

    out: list[object] = []
    for i in range(n):
        kind = i % 8
        hand = cards(rng, size)
        if kind == 0:
            out.append(format_cards(hand))
        elif kind == 1:
            out.append(np.array(hand, np.int32))
        elif kind == 2:
            out.append([hand[0]] + hand[:-1])  # a duplicate card
        elif kind == 3:
            out.append(["ZZ", hand[:-1], hand + [52], "AS AS"][int(rng.integers(4))])
        else:
            out.append(hand)
    return out


def zipai_hands(rng: np.random.Generator, n: int) -> list[object]:
    """A seeded mix of zipai hands (20 counts or card text), winners and bad ones among them."""
    from lookup.zipai.cards import format_counts

    winners = ["二七十二七十贰柒拾", "一二三 壹贰叁 二七十 五五", "一二三 贰叁肆 二七十 五五 拾拾拾",
               "二七十二七十贰柒 四五六 壹贰叁", "一二三 贰叁肆 二七十 五五"]
    out: list[object] = []
    for i in range(n):
        kind = i % 6
        if kind == 0:
            out.append(winners[int(rng.integers(len(winners)))])
        elif kind == 1:
            out.append(["一一一一一", "x11", [5] + [0] * 19, "", [0] * 19][int(rng.integers(5))])  # bad
        else:
            counts = [0] * 20
            for t in rng.choice(np.repeat(np.arange(20), 4), int(rng.integers(1, 21)), replace=False):
                counts[int(t)] += 1
            out.append(format_counts(counts) if kind == 2 else counts)
    return out
