"""Numba compilation for the runtime's batch kernels, with a disk cache that cannot go stale.

Numba's disk cache is keyed on the source file that defines a kernel, not on the modules
whose functions and constants it inlines. So each kernel module lists those modules and
the sha256 they had when it was last updated (``KERNEL_SOURCES``); while the files still
match, kernels are cached on disk, otherwise they are compiled fresh in every process
(correct, only slower) and ``tests/test_jit_cache.py`` fails until the fingerprint is
updated. Editing the fingerprint also changes the kernel module, which invalidates its
cache. ``python -m lookup.jit`` prints the current fingerprints; ``--update`` writes them
into the kernel modules.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent

KERNEL_MODULES = {
    # kernel module: the modules its kernels compile in
    "mahjong/kernels.py": ("mahjong/hand.py", "mahjong/encoding.py"),
    "mahjong/shanten_kernels.py": ("mahjong/encoding.py",),
    "shisanshui/kernels.py": (),
    "zipai/kernels.py": ("zipai/hand.py",),
}


def fingerprint(sources) -> str:
    """sha256 over the named source files of this package."""
    h = hashlib.sha256()
    for name in sources:
        h.update(name.encode())
        h.update((PACKAGE_DIR / name).read_bytes())
    return h.hexdigest()


def kernel_decorator(sources, expected: str):
    """``njit(nogil=True, cache=...)``: cached on disk only while ``sources`` match ``expected``."""
    from numba import njit

    cache = fingerprint(sources) == expected
    return njit(nogil=True, cache=cache)


def _main(argv) -> None:
    import re

    for module, sources in KERNEL_MODULES.items():
        current = fingerprint(sources)
        print(f"{module}: {current}")
        if "--update" in argv:
            path = PACKAGE_DIR / module
            text = path.read_text()
            new = re.sub(r'^SOURCES_SHA256 = "[^"]*"', f'SOURCES_SHA256 = "{current}"', text, count=1,
                         flags=re.MULTILINE)
            if new != text:
                path.write_text(new)
                print(f"  updated {path}")


if __name__ == "__main__":
    import sys

    _main(sys.argv[1:])
