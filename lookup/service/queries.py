"""What each URL answers: the public function a ``/v1/{game}/{query}`` route names, its
parameters, their JSON Schemas, and how a JSON body becomes the function's arguments.

Each game's query registry (:mod:`lookup.registry`) names the routes: a JSON route for each
query it declares with ``route``, an octet-stream route for each batch twin it gives a row
layout; everything else is read from the functions themselves: parameter names, defaults and
annotations (through :mod:`.schemas`), the first docstring line. The first parameter is the hand (``hand``,
``cards``, ``hand13``, ``arrangements``, ...): a body gives it by that name, or gives
``"hands"``, a list of such values answered one by one. A ``rules`` value is a preset name
or an object of the game's rules class fields (``{"min_huxi": 12}``: the class's defaults
for the rest). A batch route's row is the parts its registry declares
(:class:`lookup.registry.RowPart`): the hand's values, or several arrays side by side.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import registry as query_registry
from .. import tables
from ..arrays import OUT_PARAM
from ..registry import Registry as QueryRegistry
from ..registry import RowPart
from .encoding import dumps, to_json
from .errors import InvalidFieldError
from .schemas import Schema, json_type_of, json_types, matches, record_fields, schema_of

GAMES = tables.GAMES

HANDS = "hands"
"""The body field that replaces the first parameter with a list of values, answered each."""


@dataclass(frozen=True)
class Param:
    """One parameter of a query: its name, default (``inspect.Parameter.empty`` when
    required), JSON Schema, the JSON types it takes at the top level (None: any), and the
    rules class a JSON object stands for (rules parameters only)."""

    name: str
    default: Any
    schema: Schema
    kinds: frozenset[str] | None
    rules_class: type | None

    @property
    def required(self) -> bool:
        return self.default is inspect.Parameter.empty


@dataclass(frozen=True)
class Query:
    """A route's function and how it is called.

    ``row``: for a batch (octet-stream) route, the parts of each row of its body, in order;
    empty for a JSON route. ``batched``: a :class:`~lookup.batching.Batcher` answers the
    function by batch calls (its results are small); else :meth:`answer` runs it and
    encodes its result in one call, off the event loop.
    """

    game: str
    name: str
    function: Callable[..., Any]
    params: tuple[Param, ...]
    result: Schema
    summary: str
    row: tuple[RowPart, ...] = ()
    batched: bool = False

    @property
    def width(self) -> int | None:
        """Bytes per row of a batch route's body; None for a JSON route."""
        return sum(part.size for part in self.row) if self.row else None

    @property
    def options(self) -> tuple[Param, ...]:
        """The parameters a request gives by name: all but the hand, or for a batch route all
        that its rows do not give (they come from the query string)."""
        if not self.row:
            return self.params[1:]
        in_row = {part.param for part in self.row}
        return tuple(p for p in self.params if p.name not in in_row)

    def split(self, rows: np.ndarray) -> dict[str, np.ndarray]:
        """The arguments an (N, width) uint8 array of rows gives, each a new writable C-contiguous
        array (a read-only one would make the kernels compile for another signature)."""
        args, start = {}, 0
        for part in self.row:
            values = rows[:, start:start + part.size].view(part.dtype)
            args[part.param] = values.reshape(len(rows), *part.shape).copy(order="C")
            start += part.size
        return args

    def answer(self, hand: Any, **kwargs: Any) -> bytes:
        """The JSON answer ``{"result": ...}`` of one call, as bytes."""
        return dumps({"result": to_json(self.function(hand, **kwargs))})

    @property
    def hand(self) -> Param:
        """The first parameter: the hand (or cards, or deal) the query is about."""
        return self.params[0]

    def bind(self, body: Any) -> tuple[Any, list[Any] | None, dict[str, Any]]:
        """(hand, hands, keyword arguments) of a decoded JSON body; exactly one of hand and
        hands is given (the other is None). Raises :class:`InvalidFieldError`."""
        if not isinstance(body, dict):
            raise InvalidFieldError(f"the body must be a JSON object of {self.name}'s arguments, "
                                    f"got a JSON {json_type_of(body)}")
        by_name = {p.name: p for p in self.params}
        for name in body:
            if name not in by_name and name != HANDS:
                raise InvalidFieldError(f"unknown field {_short(name)!r}: {self.game}.{self.name} takes "
                                        f"{', '.join(by_name)} (or {HANDS!r}, a list of {self.hand.name})")
        hand_name = self.hand.name
        if (hand_name in body) == (HANDS in body):
            raise InvalidFieldError(f"give {hand_name!r} or {HANDS!r} (a list of them), not "
                                    f"{'both' if hand_name in body else 'neither'}")
        hands = body.get(HANDS)
        if HANDS in body and not isinstance(hands, list):
            raise InvalidFieldError(f"field {HANDS!r} must be a JSON array, got a JSON {json_type_of(hands)}")
        if hands is None:
            _check_type(self.hand, body[hand_name])
        else:
            for value in hands:
                _check_type(self.hand, value, HANDS)
        kwargs = {}
        for param in self.params[1:]:
            if param.name in body:
                kwargs[param.name] = argument(param, body[param.name])
            elif param.required:
                raise InvalidFieldError(f"missing field {param.name!r}")
        return body.get(hand_name), hands, kwargs


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _check_type(param: Param, value: Any, field: str | None = None) -> None:
    if not matches(value, param.kinds):
        where = f"an item of {field!r}" if field else f"field {param.name!r}"
        allowed = " or ".join(sorted(param.kinds or ()))
        raise InvalidFieldError(f"{where} must be a JSON {allowed}, got a JSON {json_type_of(value)}")


def _frozen(value: Any) -> Any:
    """JSON arrays as tuples, all the way down (hashable, so equal calls can share a batch)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


def argument(param: Param, value: Any) -> Any:
    """The Python argument for a JSON value of ``param`` (a rules object becomes its class)."""
    _check_type(param, value)
    if param.rules_class is not None and isinstance(value, dict):
        fields = record_fields(param.rules_class)
        for name in value:
            if name not in fields:
                raise InvalidFieldError(f"unknown rules field {_short(name)!r}; fields are {', '.join(fields)}")
        return param.rules_class(**_frozen(value))
    return _frozen(value)


def _rules_class(annotation: Any) -> type | None:
    members = typing.get_args(annotation) or (annotation,)
    return next((m for m in members if isinstance(m, type) and dataclasses.is_dataclass(m)), None)


def _summary(fn: Callable[..., Any]) -> str:
    doc = inspect.getdoc(fn) or ""
    return " ".join(doc.split("\n\n")[0].split())


def _query(game: str, fn: Callable[..., Any], components: dict[str, Schema], row: tuple[RowPart, ...],
           batched: set[Callable[..., Any]]) -> Query:
    hints = typing.get_type_hints(fn)
    params = []
    for p in inspect.signature(fn).parameters.values():
        if p.name == OUT_PARAM:  # no route takes it: a response is its own array
            continue
        annotation = hints.get(p.name, Any)
        schema = schema_of(annotation, components)
        if p.default is not inspect.Parameter.empty and p.default is not None and not isinstance(p.default, tuple):
            schema = {**schema, "default": p.default}
        params.append(Param(p.name, p.default, schema, json_types(schema, components), _rules_class(annotation)))
    result = schema_of(hints.get("return", Any), components, result=True)
    return Query(game, fn.__name__, fn, tuple(params), result, _summary(fn), row, fn in batched)


@dataclass(frozen=True)
class Routes:
    """Every route's :class:`Query` by (game, query name), and the named schemas they share."""

    queries: Mapping[tuple[str, str], Query]
    components: Mapping[str, Schema]

    def get(self, game: str, name: str) -> Query | None:
        return self.queries.get((game, name))


@functools.lru_cache(maxsize=4)
def _routes(registries: tuple[QueryRegistry, ...]) -> Routes:
    components: dict[str, Schema] = {}
    batched = {q.function for r in registries for q in r.batched()}
    queries = {}
    for reg in registries:
        for fn in reg.routes():
            queries[reg.game, fn.__name__] = _query(reg.game, fn, components, (), batched)
        for fn, row in reg.batch_routes():
            queries[reg.game, fn.__name__] = _query(reg.game, fn, components, row, batched)
    return Routes(queries, components)


def routes() -> Routes:
    """Every route of the active query registries (:func:`lookup.registry.active`), built once
    per set of registries (imports the three games)."""
    return _routes(query_registry.active())


def json_route_names() -> dict[str, tuple[str, ...]]:
    """Per game, the queries of its JSON routes (``POST /v1/{game}/{query}``), in order."""
    return {r.game: tuple(fn.__name__ for fn in r.routes()) for r in query_registry.active()}


def batch_route_names() -> dict[str, tuple[str, ...]]:
    """Per game, the batch functions of its octet-stream routes, in order."""
    return {r.game: tuple(fn.__name__ for fn, _ in r.batch_routes()) for r in query_registry.active()}
