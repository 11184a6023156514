"""Query registries: every query of a game declared once, and everything built from them.

A game's package declares its queries in one :class:`Registry`, its public ``QUERIES``: per
query a :class:`Query` naming the public function, its batch twin, how concurrent calls are
batched (:class:`Batching`), the warm-up calls that compile its kernels (:class:`Warmup`), the
rows of its octet-stream HTTP route (:class:`RowPart`) and its ``paibiao`` subcommand
(:class:`CommandLine`). The warm-up (:mod:`lookup.warmup`), the micro-batcher
(:mod:`lookup.batching`), the HTTP routes (:mod:`lookup.service`), the bulk jobs
(``paibiao bulk``) and the command line read them through :func:`of`; none of them names a
query. :func:`using` puts other registries in place for a block (a scratch registry in tests).
"""

from __future__ import annotations

import importlib
import inspect
import math
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .tables import GAMES

__all__ = ["BATCH_SUFFIX", "Batching", "CommandLine", "Query", "Registry", "RowPart", "Warmup", "bulk_name",
           "every_option", "of", "using"]

BATCH_SUFFIX = "_batch"
"""How a batch twin's name ends (``shanten_batch``)."""


def every_option(options: dict[str, Any]) -> dict[str, Any] | None:
    """A :class:`Batching` ``batchable`` that batches every call, its options passed as they are."""
    return options


@dataclass(frozen=True)
class Batching:
    """How concurrent one-hand calls of a query are answered by one call of its batch twin.

    ``prepare``: one hand -> its row (bytes, a bytearray or a list of ints; raises on a bad
    hand); ``stack``: rows -> a writable uint8 (N, width) array; ``convert``: the batch twin's
    answer -> one answer per row, each what the scalar function returns; ``batchable``: the
    scalar's options by name -> the batch twin's, or None when the call is answered alone.
    """

    prepare: Callable[[Any], Any]
    stack: Callable[[list[Any]], np.ndarray]
    convert: Callable[[np.ndarray], list[Any]]
    batchable: Callable[[dict[str, Any]], dict[str, Any] | None] = every_option


@dataclass(frozen=True)
class Warmup:
    """One call that compiles a query kind's kernels: ``kind`` names it (the query and what the
    call varies, e.g. ``shanten_batch jokers``); calls of one ``part`` compile in one process,
    apart from the other parts' (parts share no kernel); None: the part of the rest."""

    kind: str
    call: Callable[[], Any]
    part: int | None = None


@dataclass(frozen=True)
class RowPart:
    """Bytes of a batch route's row that give one argument: the parameter, the shape of each
    row's value (``()`` one value) and its dtype (the bytes are reinterpreted, not converted)."""

    param: str
    shape: tuple[int, ...] = ()
    dtype: str = "uint8"

    @property
    def size(self) -> int:
        """Bytes per row (every dtype used is one byte wide)."""
        return math.prod(self.shape) * np.dtype(self.dtype).itemsize


@dataclass(frozen=True)
class CommandLine:
    """A query's ``paibiao <game> NAME`` subcommand: its name, help line, the ``--rules``
    default (None: the query takes no ``--rules``), the help of its hand operand ("": the
    game's; None: it takes none), and how a command without a runner of its own prints an
    answer (``text``)."""

    name: str
    help: str
    rules: str | None = "standard"
    hand: str | None = ""
    text: Callable[[Any], str] = str


@dataclass(frozen=True)
class Query:
    """One query of a game: its public function, its batch twin (rows in, one answer per row
    out), how a Batcher batches it, its warm-up calls, whether ``POST /v1/{game}/{name}``
    answers it (``route``), the rows of the batch twin's octet-stream route (``row``, empty: no
    such route) and its subcommand (``command``, None: none)."""

    function: Callable[..., Any]
    batch: Callable[..., Any] | None = None
    batching: Batching | None = None
    warmups: tuple[Warmup, ...] = ()
    route: bool = True
    row: tuple[RowPart, ...] = ()
    command: CommandLine | None = None

    @property
    def name(self) -> str:
        return self.function.__name__

    def __post_init__(self) -> None:
        if self.batching is not None and self.batch is None:
            raise ValueError(f"{self.name}: batching needs a batch twin")
        if self.row and self.batch is None:
            raise ValueError(f"{self.name}: a batch route needs a batch twin")


@dataclass(frozen=True)
class Registry:
    """The queries of one game, in the order the command line and the routes list them."""

    game: str
    queries: tuple[Query, ...]
    _by_function: dict[Callable[..., Any], Query] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}; games are {', '.join(GAMES)}")
        names = [q.name for q in self.queries]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"{self.game}: queries declared twice: {', '.join(twice)}")
        object.__setattr__(self, "_by_function", {q.function: q for q in self.queries})

    def get(self, function: Callable[..., Any]) -> Query | None:
        """The declaration of the query whose public function is ``function``."""
        return self._by_function.get(function)

    def routes(self) -> list[Callable[..., Any]]:
        """The functions ``POST /v1/{game}/{name}`` answers with JSON."""
        return [q.function for q in self.queries if q.route]

    def batch_routes(self) -> list[tuple[Callable[..., Any], tuple[RowPart, ...]]]:
        """(batch function, the parts of its row) of each octet-stream route."""
        return [(q.batch, q.row) for q in self.queries if q.row and q.batch is not None]

    def batched(self) -> list[Query]:
        """The queries a Batcher answers with batch calls."""
        return [q for q in self.queries if q.batching is not None]

    def commands(self) -> list[Query]:
        """The queries with a subcommand, in order."""
        return [q for q in self.queries if q.command is not None]

    def warmups(self) -> list[Warmup]:
        """Every warm-up call, in declaration order."""
        return [w for q in self.queries for w in q.warmups]

    def parts(self) -> list[list[Warmup]]:
        """The warm-up calls by part: the numbered parts in order, then the rest."""
        numbered = sorted({w.part for w in self.warmups() if w.part is not None})
        split = [[w for w in self.warmups() if w.part == part] for part in numbered]
        return split + [[w for w in self.warmups() if w.part is None]]

    def bulk_queries(self) -> dict[str, Callable[..., Any]]:
        """The batch twins a bulk job runs, by :func:`bulk_name`: each ``*_batch`` twin that reads
        one array and answers one (one answer per row). A twin answering several arrays has no single output to
        write, and one that needs other arrays beside the rows has no single input."""
        found: dict[str, Callable[..., Any]] = {}
        for q in self.queries:
            if (q.batch is not None and q.batch.__name__.endswith(BATCH_SUFFIX) and _answers_one_array(q.batch)
                    and _reads_one_array(q.batch)):
                found.setdefault(bulk_name(q.batch.__name__), q.batch)
        return found


def bulk_name(name: str) -> str:
    """A batch query's name in a bulk job: ``is_hu_batch``, ``is_hu`` and ``hu`` are all ``hu``."""
    name = name.removesuffix(BATCH_SUFFIX)
    return name[3:] if name.startswith("is_") else name


def _answers_one_array(function: Callable[..., Any]) -> bool:
    """Whether ``function``'s return annotation is a numpy array."""
    answer = typing.get_type_hints(function).get("return")
    return (typing.get_origin(answer) or answer) is np.ndarray


def _reads_one_array(function: Callable[..., Any]) -> bool:
    """Whether ``function`` needs one argument only (the rows; every other has a default)."""
    required = [p for p in inspect.signature(function).parameters.values()
                if p.default is inspect.Parameter.empty and p.kind is not inspect.Parameter.VAR_KEYWORD]
    return len(required) == 1


_override: dict[str, Registry] = {}
"""Registries :func:`using` has put in place of the games' own."""


def of(game: str) -> Registry:
    """The registry of ``game``: its package's ``QUERIES``, unless :func:`using` replaced it."""
    if game in _override:
        return _override[game]
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; games are {', '.join(GAMES)}")
    registry: Registry = importlib.import_module(f"lookup.{game}").QUERIES
    return registry


def active() -> tuple[Registry, ...]:
    """The registry of every game, in :data:`~lookup.tables.GAMES` order."""
    return tuple(of(game) for game in GAMES)


@contextmanager
def using(registries: Mapping[str, Registry] | Sequence[Registry]) -> Iterator[None]:
    """Answer from ``registries`` (by game) instead of the games' own while the block runs."""
    given = dict(registries) if isinstance(registries, Mapping) else {r.game: r for r in registries}
    saved = dict(_override)
    _override.update(given)
    try:
        yield
    finally:
        _override.clear()
        _override.update(saved)
