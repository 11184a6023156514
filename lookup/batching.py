"""Micro-batching: concurrent one-hand requests answered together by one batch call.

A server answers one hand per request, and the per-call forms spend microseconds of Python
on each hand while the batch kernels answer one in tens of nanoseconds. A :class:`Batcher`
gathers the requests for the same query (and the same keyword arguments) that arrive
within ``max_delay`` seconds (default 1 ms), or until ``max_batch`` of them are waiting, and
answers them with one call of the query's batch twin in a worker thread (the kernels
release the GIL, so the event loop keeps running)::

    batcher = Batcher()
    shanten = await batcher(mahjong.shanten, hand, rules="riichi")     # in a coroutine
    waits = batcher.call(mahjong.ting, hand)                           # in a thread (blocks)

The scalar function names the query. Each caller gets exactly what the scalar function
returns for its hand (same type and value) or raises the error it raises; one bad hand never
fails the others: each hand is prepared with the game's public notation function, and a
batch whose call still fails is split in halves until the bad hands are found, which are
then answered by the scalar function itself. Batched: the queries whose declaration in their
game's registry says how (:class:`lookup.registry.Batching`; :func:`batched_queries` lists
them). Any other function (or call) is answered by calling it directly, off the event loop.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import os
import threading
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import registry
from .registry import Query, Registry

__all__ = ["Batcher", "BatcherClosedError", "answer_all", "batched_queries"]

_SCALAR_LEAF = 8
"""A failing batch of at most this many hands is answered hand by hand by the scalar function."""


class BatcherClosedError(RuntimeError):
    """A request to a :class:`Batcher` after :meth:`Batcher.close`."""


@dataclass(frozen=True)
class _Query:
    """How one scalar query is batched."""

    name: str
    scalar: Callable[..., Any]
    batch: Callable[..., np.ndarray]
    prepare: Callable[[Any], Any]               # one hand -> its row (bytes, a bytearray or a list of ints)
    stack: Callable[[list[Any]], np.ndarray]    # rows -> a writable uint8 (N, width) array
    convert: Callable[[np.ndarray], list[Any]]  # batch result -> one scalar answer per row
    params: tuple[str, ...]                     # the scalar's parameters after the hand
    defaults: tuple[Any, ...]
    batchable: Callable[[dict[str, Any]], dict[str, Any] | None]  # scalar kwargs -> batch kwargs

    def bind(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any] | None:
        """The scalar's arguments after the hand by name (defaults filled), None when unusual."""
        if len(args) > len(self.params):
            return None
        values = dict(zip(self.params, self.defaults))
        values.update(zip(self.params, args))
        for name, value in kwargs.items():
            if name not in values or name in self.params[:len(args)]:
                return None
            values[name] = value
        return values


def _query(game: str, declared: Query) -> _Query:
    assert declared.batching is not None and declared.batch is not None
    how = declared.batching
    params = list(inspect.signature(declared.function).parameters.values())[1:]
    return _Query(f"{game}.{declared.name}", declared.function, declared.batch, how.prepare, how.stack, how.convert,
                  tuple(p.name for p in params), tuple(p.default for p in params), how.batchable)


@functools.lru_cache(maxsize=4)
def _queries_of(registries: tuple[Registry, ...]) -> dict[Callable[..., Any], _Query]:
    return {q.function: _query(r.game, q) for r in registries for q in r.batched()}


def _queries() -> dict[Callable[..., Any], _Query]:
    """The batched queries of the active registries (:func:`lookup.registry.active`), by scalar function."""
    return _queries_of(registry.active())


def batched_queries() -> list[str]:
    """Names of the scalar queries a Batcher answers with batch calls (``game.function``)."""
    return [q.name for q in _queries().values()]


_BAD = object()
Outcome = tuple[bool, Any]
"""(True, answer) or (False, the exception to raise)."""


def _scalar(query: _Query, hand: Any, kwargs: dict[str, Any]) -> Outcome:
    try:
        return True, query.scalar(hand, **kwargs)
    except Exception as exc:
        return False, exc


def _answer(query: _Query, kwargs: dict[str, Any], batch_kwargs: dict[str, Any], hands: list[Any]) -> list[Outcome]:
    """Each hand's outcome, as the scalar function would give it; runs in a worker thread."""
    if len(hands) == 1:
        return [_scalar(query, hands[0], kwargs)]
    outcomes: list[Outcome | None] = [None] * len(hands)
    rows, index = [], []
    for i, hand in enumerate(hands):
        try:
            row = query.prepare(hand)
        except Exception:
            row = _BAD
        if row is _BAD:  # called outside the handler, so its error carries no context of ours
            outcomes[i] = _scalar(query, hand, kwargs)  # the scalar's own error (or answer)
        else:
            rows.append(row)
            index.append(i)
    _solve(query, kwargs, batch_kwargs, hands, rows, index, outcomes)
    return outcomes  # type: ignore[return-value]


def _solve(query: _Query, kwargs: dict[str, Any], batch_kwargs: dict[str, Any], hands: list[Any],
           rows: list[Any], index: list[int], outcomes: list[Outcome | None]) -> None:
    """Answer ``hands[index]`` by one batch call; when it fails, each half separately, down to
    the scalar function for small groups."""
    if not index:
        return
    if len(index) <= _SCALAR_LEAF and len(index) < len(hands):
        for i in index:
            outcomes[i] = _scalar(query, hands[i], kwargs)
        return
    try:
        answers = query.convert(query.batch(query.stack(rows), **batch_kwargs))
    except Exception:
        answers = None
    if answers is not None:
        for i, answer in zip(index, answers):
            outcomes[i] = (True, answer)
    elif len(index) <= _SCALAR_LEAF:
        for i in index:
            outcomes[i] = _scalar(query, hands[i], kwargs)
    else:
        half = len(index) // 2
        _solve(query, kwargs, batch_kwargs, hands, rows[:half], index[:half], outcomes)
        _solve(query, kwargs, batch_kwargs, hands, rows[half:], index[half:], outcomes)


@dataclass(frozen=True)
class _Plan:
    """How one call is batched: its query, the scalar's keyword arguments, the batch twin's, and
    the key of the batches it may join."""

    query: _Query
    kwargs: dict[str, Any]
    batch_kwargs: dict[str, Any]
    key: Any


def _plan(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> _Plan | None:
    """The batch plan of ``fn(hand, *args, **kwargs)``; None when it is answered by a direct call."""
    query = _queries().get(fn)
    if query is None:
        return None
    values = query.bind(args, kwargs)
    batch_kwargs = query.batchable(values) if values is not None else None
    if values is None or batch_kwargs is None:
        return None
    key = (query.name, *[(v.__class__, v) for v in values.values()])  # True and 1 stay apart
    try:
        hash(key)
    except TypeError:  # an unhashable argument: no batch to share
        return None
    return _Plan(query, values, batch_kwargs, key)


class _Pending:
    __slots__ = ("query", "kwargs", "batch_kwargs", "hands", "futures", "timer")

    def __init__(self, query: _Query, kwargs: dict[str, Any], batch_kwargs: dict[str, Any]):
        self.query = query
        self.kwargs = kwargs
        self.batch_kwargs = batch_kwargs
        self.hands: list[Any] = []
        self.futures: list[asyncio.Future[Any]] = []
        self.timer: asyncio.TimerHandle | None = None


class Batcher:
    """Gathers concurrent one-hand queries into batch calls (see the module docstring).

    ``max_delay``: seconds the first request of a batch waits for others (≤ 1 ms by default;
    0 answers what arrived in the same event-loop turn). ``max_batch``: a batch is answered as
    soon as it holds this many hands. ``workers``: threads running the batch calls and the
    functions that are not batched. Use it from coroutines (``await batcher(fn, hand,
    **kwargs)``) and from threads (``batcher.call(fn, hand, **kwargs)``); close it with
    :meth:`close` / :meth:`aclose` (or ``with`` / ``async with``), which answers every request
    already made and refuses new ones.
    """

    def __init__(self, max_delay: float = 0.001, max_batch: int = 1024, workers: int | None = None):
        if not 0 <= max_delay <= 1:
            raise ValueError(f"max_delay must be 0..1 seconds, got {max_delay!r}")
        if max_batch < 1:
            raise ValueError(f"max_batch must be at least 1, got {max_batch!r}")
        self.max_delay = float(max_delay)
        self.max_batch = int(max_batch)
        self._executor = ThreadPoolExecutor(max_workers=workers or min(4, os.cpu_count() or 1),
                                            thread_name_prefix="paibiao-batcher")
        self._pending: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[Any, _Pending]] = \
            weakref.WeakKeyDictionary()
        self._last: tuple[Any, dict[Any, _Pending]] = (None, {})  # (loop, its pending batches), read at once
        self._defaults: dict[Callable[..., Any], _Plan] | None = None
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._outstanding = 0  # requests accepted and not yet answered
        self._closed = False
        self._thread_loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self.batches = 0
        """Batch calls made so far (each answering one or more requests)."""
        self.batched = 0
        """Requests answered through batch calls so far."""

    # --- asyncio --------------------------------------------------------------------------------

    async def __call__(self, fn: Callable[..., Any], hand: Any, /, *args: Any, **kwargs: Any) -> Any:
        """``fn(hand, *args, **kwargs)``, answered in a batch when ``fn`` has a batch twin."""
        if self._closed:
            raise BatcherClosedError("this Batcher is closed")
        loop = asyncio.get_running_loop()
        defaults = self._defaults or self._default_plans()
        plan = defaults.get(fn) if not args and not kwargs else _plan(fn, args, kwargs)
        if plan is None:  # nothing to batch: answer off the loop
            return await loop.run_in_executor(self._executor, functools.partial(fn, hand, *args, **kwargs))
        last = self._last
        waiting = last[1] if last[0] is loop else self._waiting(loop)
        key = plan.key
        pending = waiting.get(key)
        if pending is None:
            pending = waiting[key] = _Pending(plan.query, plan.kwargs, plan.batch_kwargs)
            pending.timer = loop.call_later(self.max_delay, self._flush, loop, key)
        future = loop.create_future()
        pending.hands.append(hand)
        pending.futures.append(future)
        with self._lock:
            self._outstanding += 1
        if len(pending.hands) >= self.max_batch:
            self._flush(loop, key)
        return await future

    def _default_plans(self) -> dict[Callable[..., Any], _Plan]:
        plans = {fn: _plan(fn, (), {}) for fn in _queries()}
        self._defaults = {fn: plan for fn, plan in plans.items() if plan is not None}
        return self._defaults

    def _waiting(self, loop: asyncio.AbstractEventLoop) -> dict[Any, _Pending]:
        """The pending batches of ``loop`` (made on its first request)."""
        waiting = self._pending.get(loop)
        if waiting is None:
            waiting = self._pending.setdefault(loop, {})
        self._last = (loop, waiting)
        return waiting

    def _flush(self, loop: asyncio.AbstractEventLoop, key: Any) -> None:
        """Send the pending batch of ``key`` to a worker thread (runs in the loop's thread)."""
        pending = self._waiting(loop).pop(key, None)
        if pending is None:
            return
        if pending.timer is not None:
            pending.timer.cancel()
        live = [i for i, f in enumerate(pending.futures) if not f.done()]  # cancelled callers drop out
        hands = [pending.hands[i] for i in live]
        futures = [pending.futures[i] for i in live]
        self._done(len(pending.futures) - len(futures))
        if not futures:
            return
        try:
            work = self._executor.submit(_answer, pending.query, pending.kwargs, pending.batch_kwargs, hands)
        except RuntimeError:  # closed between the request and its batch
            for future in futures:
                future.set_exception(BatcherClosedError("this Batcher is closed"))
            self._done(len(futures))
            return
        with self._lock:
            self.batches += len(hands) > 1
            self.batched += len(hands) if len(hands) > 1 else 0
        work.add_done_callback(lambda w: self._deliver_soon(loop, futures, w))

    def _deliver_soon(self, loop: asyncio.AbstractEventLoop, futures: list[asyncio.Future[Any]], work: Any) -> None:
        try:
            loop.call_soon_threadsafe(self._deliver, futures, work)
        except RuntimeError:  # the loop is closed: nobody is left to answer
            self._done(len(futures))

    def _deliver(self, futures: list[asyncio.Future[Any]], work: Any) -> None:
        try:
            outcomes = work.result()
        except BaseException as exc:  # the worker itself failed: every caller of the batch sees it
            outcomes = [(False, exc)] * len(futures)
        for future, (ok, value) in zip(futures, outcomes):
            if not future.done():
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)
        self._done(len(futures))

    def _done(self, count: int) -> None:
        if count:
            with self._lock:
                self._outstanding -= count
                if not self._outstanding:
                    self._idle.notify_all()

    # --- threads --------------------------------------------------------------------------------

    def call(self, fn: Callable[..., Any], hand: Any, /, *args: Any, **kwargs: Any) -> Any:
        """Blocking form for threads: ``fn(hand, *args, **kwargs)``, batched with the
        concurrent calls of other threads. Not for coroutines (``await batcher(...)``)."""
        if self._closed:
            raise BatcherClosedError("this Batcher is closed")
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            pass
        else:
            raise RuntimeError("Batcher.call blocks; in a coroutine use `await batcher(fn, hand, ...)`")
        if fn not in _queries():
            return fn(hand, *args, **kwargs)  # nothing to batch: answer in the caller's thread
        return asyncio.run_coroutine_threadsafe(self(fn, hand, *args, **kwargs), self._own_loop()).result()

    def _own_loop(self) -> asyncio.AbstractEventLoop:
        """The event loop (in a daemon thread) that gathers the requests of :meth:`call`."""
        loop = self._thread_loop
        if loop is None:
            with self._lock:
                if self._thread_loop is None:
                    new_loop = asyncio.new_event_loop()
                    self._thread = threading.Thread(target=new_loop.run_forever, name="paibiao-batcher-loop",
                                                    daemon=True)
                    self._thread.start()
                    self._thread_loop = new_loop
                loop = self._thread_loop
        return loop

    # --- closing --------------------------------------------------------------------------------

    def close(self) -> None:
        """Refuse new requests, answer every request already made, then stop the worker threads.

        From a coroutine use :meth:`aclose` (this blocks until the answers are delivered).
        """
        self._closed = True
        with self._lock:
            while self._outstanding:
                self._idle.wait()
            loop, self._thread_loop = self._thread_loop, None
        if loop is not None:
            loop.call_soon_threadsafe(loop.stop)
            if self._thread is not None:
                self._thread.join()
            loop.close()
        self._executor.shutdown(wait=True)

    async def aclose(self) -> None:
        """:meth:`close` for coroutines: the current loop's pending batches are sent at once."""
        self._closed = True
        loop = asyncio.get_running_loop()
        for key in list(self._pending.get(loop, {})):
            self._flush(loop, key)
        await asyncio.to_thread(self.close)

    def __enter__(self) -> Batcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> Batcher:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


def answer_all(fn: Callable[..., Any], hands: Sequence[Any], **kwargs: Any) -> list[Outcome]:
    """Each hand's outcome of ``fn(hand, **kwargs)`` through the batch path in this thread
    (what one batch of a :class:`Batcher` does); for tests and bulk use."""
    query = _queries().get(fn)
    values = query.bind((), kwargs) if query is not None else None
    batch_kwargs = query.batchable(values) if query is not None and values is not None else None
    if query is None or values is None or batch_kwargs is None:
        out: list[Outcome] = []
        for hand in hands:
            try:
                out.append((True, fn(hand, **kwargs)))
            except Exception as exc:
                out.append((False, exc))
        return out
    return _answer(query, values, batch_kwargs, list(hands))
