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
from types import FunctionType
from typing import Any, Literal, NoReturn, TypeVar, overload

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

    ``inline="ir"``: Numba inlines the helper into its callers at the IR level, before typing
    them, and types its body again at every call site: the fastest code for a small helper on
    a hot per-row path of the plain kernels, which takes arrays (no call passes them again,
    field by field). Called by name (``row_step(...)``, not ``module.row_step(...)``), it is
    never compiled on its own (see :func:`register_jitables`). ``inline="llvm"``: the helper
    is typed and compiled once per signature, marked ``alwaysinline`` (Numba's
    ``forceinline``), and LLVM inlines it, for the larger helpers of the variant, joker and
    discard paths. A helper with loops over arrays gains nothing from either.

    A helper that is not inlined is compiled once per kind of caller (Numba keys compiled helpers
    on the caller's compile flags, and a kernel's differ from a helper's). So a heavy helper on
    a kernel's slow path is called from helpers only, the kernel reaching it through a small
    helper of its own (``mahjong.lacking.full_least``).
    """
    def mark(f: F) -> F:
        _jitables.append((f, inline))
        if inline == "ir":
            _inline_ir.add(f)
        return f

    return mark if fn is None else mark(fn)


def register_jitables() -> None:
    """Register every :func:`jitable` function with Numba (each once); imports Numba.

    Each is registered as an overload whose implementation is its :func:`compiled_copy`, in
    which an ``inline="ir"`` helper called by name is a Numba dispatcher marked
    ``inline="always"``: Numba inlines it into the caller's IR before typing. An overload
    marked inline (reached as a module's attribute) is inlined too, but Numba compiles it on
    its own first, and every IR inline nested in it again, for nothing."""
    global _registered
    from numba.extending import overload

    while _registered < len(_jitables):
        fn, inline = _jitables[_registered]
        impl = compiled_copy(fn)
        # forceinline set either way: a helper never inherits it from an inlined caller
        options: Any = {} if inline == "ir" else {"forceinline": inline == "llvm"}
        overload(fn, jit_options=options, inline="always" if inline == "ir" else "never",
                 strict=False)(lambda *args, impl=impl, **kwargs: impl)
        _registered += 1


class _CompiledGlobals(dict):
    """A module's globals as compiled code reads them (Numba looks names up by ``[]``): each
    ``inline="ir"`` :func:`jitable` helper as its dispatcher (:func:`_inline_dispatcher`), every
    other name as the module has it, read when first asked."""

    def __init__(self, module_globals: dict) -> None:
        super().__init__((name, module_globals[name]) for name in ("__name__", "__builtins__", "__file__")
                         if name in module_globals)
        self._module_globals = module_globals

    def __missing__(self, name: str) -> object:
        value = self._module_globals[name]
        if value.__class__ is FunctionType and value in _inline_ir:
            value = _inline_dispatcher(value)
        self[name] = value
        return value


_inline_ir: set[Callable] = set()
"""The ``inline="ir"`` helpers."""
_copies: dict[Callable, Callable] = {}
_dispatchers: dict[Callable, Callable] = {}


def compiled_copy(fn: F) -> F:
    """``fn`` reading its globals as :class:`_CompiledGlobals`: what Numba compiles of it."""
    copy = _copies.get(fn)
    if copy is None:
        copy = FunctionType(fn.__code__, _CompiledGlobals(fn.__globals__), fn.__name__, fn.__defaults__,
                                  fn.__closure__)
        copy.__qualname__, copy.__module__, copy.__doc__ = fn.__qualname__, fn.__module__, fn.__doc__
        copy.__kwdefaults__ = fn.__kwdefaults__
        _copies[fn] = copy
    return copy  # type: ignore[return-value]


def _inline_dispatcher(fn: Callable) -> Callable:
    """The dispatcher of an ``inline="ir"`` helper as its callers' modules name it."""
    from numba import njit

    dispatcher = _dispatchers.get(fn)
    if dispatcher is None:
        dispatcher = _dispatchers[fn] = njit(inline="always", nogil=True)(compiled_copy(fn))
    return dispatcher


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
        dispatcher: F = kernel_cache.enable(njit(nogil=True)(compiled_copy(fn)), module)
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
