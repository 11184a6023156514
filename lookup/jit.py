"""Kernel compilation for every game: plain-Python helpers Numba can compile, one status
protocol, and a disk cache that cannot go stale.

**Helpers written once.** A per-hand step is a plain Python function marked
:func:`jitable`: the scalar queries call it as Python, and the batch kernels call it from
compiled code (it is registered with Numba, as ``numba.extending.register_jitable`` does,
when the first kernel module is built). Jitable helpers may call each other. Marking a
function imports nothing, so a scalar query that runs its helpers as Python (mahjong
``is_hu``, shisanshui ``rank``, zipai ``hu``) never imports Numba. Where one compiled call
costs less than the helpers run as Python (mahjong ``ting`` and ``shanten``), the scalar query
calls a single-hand kernel, the batch kernel's row step for one hand, through its entry point
(:func:`direct`), which skips Numba's per-call type dispatch.

**Status protocol.** Every kernel, and every per-hand step that can refuse its input,
reports a status: ``OK`` (0) or one of the error codes below. A batch kernel returns
``(status, index)``: with ``OK``, ``index`` is the number of rows (or items) it wrote; with
an error, the index of the first bad row, and nothing after it was answered. The Python
side turns a status into a typed error with :func:`check`.

**Disk cache.** Numba's disk cache is keyed on the source file that defines a kernel, not
on the modules whose functions and constants it compiles in. So each kernel module lists
those modules (``KERNEL_MODULES``) and the sha256 they had when it was last updated
(``SOURCES_SHA256`` in the module); while the files still match, kernels are cached on disk,
otherwise they are compiled fresh in every process (correct, only slower) and
``tests/test_jit_cache.py`` fails until the fingerprint is updated. Editing the fingerprint
also changes the kernel module, which invalidates its cache. ``python -m lookup.jit``
prints the current fingerprints; ``--update`` writes them into the kernel modules.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NoReturn, TypeVar, overload

F = TypeVar("F", bound=Callable)

PACKAGE_DIR = Path(__file__).resolve().parent

OK = 0
ERR_COPIES = 1      # a tile or card held more times than the game has copies
ERR_SIZE = 2        # a hand of a size the query does not take
ERR_HONORS = 3      # an honor tile under rules without honors
ERR_CARD = 4        # a card index outside the deck
ERR_DUPLICATE = 5   # the same card twice

KERNEL_MODULES = {
    # kernel module: the modules its kernels compile in (this one for the status codes)
    "mahjong/kernels.py": ("jit.py", "addresses.py", "mahjong/encoding.py", "mahjong/rules.py", "mahjong/hand.py",
                           "mahjong/variants.py"),
    "mahjong/shanten_kernels.py": ("jit.py", "addresses.py", "mahjong/encoding.py", "mahjong/rules.py",
                                   "mahjong/hand.py", "mahjong/variants.py", "mahjong/shanten_hand.py",
                                   "mahjong/shanten_budget.py", "mahjong/shanten_forms.py",
                                   "mahjong/shanten_knitted.py"),
    "shisanshui/kernels.py": ("jit.py", "shisanshui/encoding.py", "shisanshui/splits.py", "shisanshui/deal.py",
                              "shisanshui/special_hands.py"),
    "zipai/kernels.py": ("jit.py", "addresses.py", "zipai/encoding.py", "zipai/melds.py", "zipai/hand.py",
                         "zipai/wang.py"),
}

_jitables: list[tuple[Callable, bool]] = []
_registered = 0


@overload
def jitable(fn: F) -> F: ...
@overload
def jitable(*, inline: bool = False) -> Callable[[F], F]: ...


def jitable(fn: F | None = None, *, inline: bool = False) -> F | Callable[[F], F]:
    """Mark a plain Python function as callable from compiled kernels; returns it unchanged.

    ``@jitable(inline=True)`` asks Numba to inline the helper into its callers at the IR
    level: worth it for a small helper called per row that takes arrays (Numba calls such a
    helper as a real function otherwise, measured 7-15% on the mahjong hu/ting kernels); a
    helper with loops over arrays gains nothing from it.

    Inlining is paid at compile time, per call site and again in every caller an inlined helper
    is itself inlined into: nested inlines multiply (most of the mahjong warm-up was once that).
    Mark a helper inline only where a batch kernel's per-row path calls it, and call it once
    there (a loop around one call, not one call per case). LLVM does not reliably inline a plain
    jitable into a large kernel (``greedy_rn`` called from ``shanten_batch`` stayed a call), so
    a hot helper cannot simply drop the mark.

    A helper that is not inlined is compiled once per kind of caller: once for the kernels, once
    for the other helpers (Numba keys its compiled helpers on the caller's compile flags, and a
    kernel's differ from a helper's). A heavy helper on a kernel's slow path is therefore
    called from helpers only, the kernel reaching it through a small helper of its own
    (``shanten_forms.full_least``). Not on a per-row path: each call level passes every array
    argument again, field by field.
    """
    def mark(f: F) -> F:
        _jitables.append((f, inline))
        return f

    return mark if fn is None else mark(fn)


def register_jitables() -> None:
    """Register every :func:`jitable` function with Numba (each once); imports Numba."""
    global _registered
    from numba.extending import register_jitable

    while _registered < len(_jitables):
        fn, inline = _jitables[_registered]
        if inline:
            register_jitable(inline="always")(fn)
        else:
            register_jitable(fn)
        _registered += 1


def fingerprint(sources: Iterable[str]) -> str:
    """sha256 over the named source files of this package."""
    h = hashlib.sha256()
    for name in sources:
        h.update(name.encode())
        h.update((PACKAGE_DIR / name).read_bytes())
    return h.hexdigest()


def kernel_decorator(sources: Iterable[str], expected: str) -> Callable:
    """``njit(nogil=True, cache=...)``: cached on disk only while ``sources`` match ``expected``.

    Registers the jitable helpers first, so the kernels it compiles can call them.
    """
    from numba import njit

    register_jitables()
    cache = fingerprint(sources) == expected
    return njit(nogil=True, cache=cache)


def direct(kernel: Callable, *args: object) -> Callable:
    """The compiled entry point of ``kernel`` (a Numba dispatcher) for the Numba types of
    ``args``, compiled now or loaded from the disk cache.

    Calling it skips Numba's per-call type dispatch (about 200 ns, plus some 80 ns per array
    argument), which is most of a single-hand kernel's cost; so every later call must pass
    arguments of exactly those types (the same tables, ``bytes`` where ``args`` had bytes,
    Python ints where it had ints): nothing checks them.
    """
    from numba import typeof

    entry: Callable = kernel.compile(tuple(typeof(arg) for arg in args))  # type: ignore[attr-defined]
    return entry


def check(status: int, index: int, explain: Callable[[int, int], Exception]) -> int:
    """``index`` when ``status`` is OK; otherwise raise ``explain(status, index)``."""
    if status != OK:
        _raise(explain(int(status), int(index)))
    return int(index)


def _raise(error: Exception) -> NoReturn:
    raise error


def _main(argv: list[str]) -> None:
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
