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

**Disk cache.** :func:`kernel_decorator` caches a kernel module's kernels on disk in a
directory named by the sha256 of the module and of every module it imports
(:mod:`lookup.kernel_cache`): editing a helper a kernel compiles in moves the cache, with
nothing to update by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NoReturn, TypeVar, overload

F = TypeVar("F", bound=Callable)

OK = 0
ERR_COPIES = 1      # a tile or card held more times than the game has copies
ERR_SIZE = 2        # a hand of a size the query does not take
ERR_HONORS = 3      # an honor tile under rules without honors
ERR_CARD = 4        # a card index outside the deck
ERR_DUPLICATE = 5   # the same card twice

Inline = Literal[False, "ir", "llvm"]
"""How a :func:`jitable` helper is inlined into its callers: not at all (a call), by Numba at
the IR level, or by LLVM."""


_jitables: list[tuple[Callable, Inline]] = []
_registered = 0


@overload
def jitable(fn: F) -> F: ...
@overload
def jitable(*, inline: Inline = False) -> Callable[[F], F]: ...


def jitable(fn: F | None = None, *, inline: Inline = False) -> F | Callable[[F], F]:
    """Mark a plain Python function as callable from compiled kernels; returns it unchanged.

    ``inline="ir"``: Numba inlines the helper into its callers at the IR level, typing its body
    again at every call site (and nested IR inlines multiply): the fastest code for a small
    helper on a hot per-row path of the plain kernels, which takes arrays (no call passes them
    again, field by field). ``inline="llvm"``: the helper is typed and compiled once per
    signature, marked ``alwaysinline`` (Numba's ``forceinline``), and LLVM inlines it: a
    fraction of the compile time of an IR inline, for the larger helpers of the variant,
    joker and discard paths. A helper with loops over arrays gains nothing from either.

    A helper that is not inlined is compiled once per kind of caller (Numba keys compiled helpers
    on the caller's compile flags, and a kernel's differ from a helper's). So a heavy helper on
    a kernel's slow path is called from helpers only, the kernel reaching it through a small
    helper of its own (``mahjong.lacking.full_least``).
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
        if inline == "ir":
            register_jitable(inline="always")(fn)
        else:  # forceinline set either way: a helper never inherits it from an inlined caller
            register_jitable(forceinline=inline == "llvm")(fn)
        _registered += 1


def kernel_decorator(module: str) -> Callable[[F], F]:
    """The decorator of the kernels of kernel module ``module`` (its ``__name__``):
    ``njit(nogil=True)``, cached on disk under the module's sources key (see
    :mod:`lookup.kernel_cache`).

    Registers the jitable helpers first, so the kernels it compiles can call them.
    """
    from numba import njit

    from . import kernel_cache

    register_jitables()

    def kernel(fn: F) -> F:
        dispatcher: F = kernel_cache.enable(njit(nogil=True)(fn), module)
        return dispatcher

    return kernel


def direct(kernel: Callable, *args: object) -> Callable:
    """The compiled entry point of ``kernel`` (a Numba dispatcher) for the Numba types of
    ``args``, compiled now or loaded from the disk cache.

    Calling it skips Numba's per-call type dispatch (a fixed cost plus some per array
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
