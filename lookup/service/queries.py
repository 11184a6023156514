"""What each URL answers: the public function a ``/v1/{game}/{query}`` route names, its
parameters, their JSON Schemas, and how a JSON body becomes the function's arguments.

One list names the routes (:data:`QUERIES` and :data:`BATCH_QUERIES`); everything else is
read from the functions themselves: parameter names, defaults and annotations (through
:mod:`.schemas`), the first docstring line. The first parameter is the hand (``hand``,
``cards``, ``hand13``, ``arrangements``, ...): a body gives it by that name, or gives
``"hands"``, a list of such values answered one by one. A ``rules`` value is a preset name
or an object of the game's rules class fields (``{"min_huxi": 12}``: the class's defaults
for the rest). A batch route's row is the hand's values, or for ``fan_batch`` several arrays
side by side (:func:`_row_parts`).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import math
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import tables
from ..arrays import OUT_PARAM
from ..batching import batched_queries
from .encoding import dumps, to_json
from .errors import InvalidFieldError
from .schemas import Schema, json_type_of, json_types, matches, record_fields, schema_of

GAMES = tables.GAMES

QUERIES: dict[str, tuple[str, ...]] = {
    "mahjong": ("is_hu", "ting", "ting_mask", "shanten", "discard_advice", "decompositions", "fan", "fan_waits",
                "hand_counts", "format_counts"),
    "shisanshui": ("rank5", "rank3", "rank", "category", "category_chinese", "row_ranks", "is_foul", "best",
                   "expected_points", "arrangements", "special", "specials", "settle", "settlement",
                   "parse_cards", "format_cards"),
    "zipai": ("hu", "ting", "decompositions", "hand_counts", "format_counts", "parse_melds"),
}
"""The JSON routes: per game, the public functions ``POST /v1/{game}/{query}`` calls."""

BATCH_QUERIES: dict[str, tuple[str, ...]] = {
    "mahjong": ("is_hu_batch", "ting_batch", "shanten_batch", "fan_batch"),
    "shisanshui": ("rank5_batch", "rank3_batch", "best_batch"),
    "zipai": ("hu_batch", "ting_batch"),
}
"""The octet-stream routes: per game, the batch functions of ``POST /v1/{game}/{query}_batch``."""

HANDS = "hands"
"""The body field that replaces the first parameter with a list of values, answered each."""


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
        return math.prod(self.shape)


def _row_parts() -> dict[tuple[str, str], tuple[RowPart, ...]]:
    """Batch routes whose row gives several arguments: for ``fan_batch`` the 34 concealed counts,
    the win tile and the 4 (kind, tile) melds. Every other batch route's row is its first
    parameter (:func:`_row_widths`)."""
    from ..mahjong.encoding import MAX_MELDS, N_TILE_KINDS
    from ..mahjong.scoring import MELD_DTYPE

    melds = RowPart("melds", (MAX_MELDS, 2), np.dtype(MELD_DTYPE).name)
    return {("mahjong", "fan_batch"): (RowPart("hands", (N_TILE_KINDS,)), RowPart("win_tiles"), melds)}


def _row_widths(parts: Mapping[tuple[str, str], tuple[RowPart, ...]]) -> dict[tuple[str, str], int]:
    """Row width (uint8 values per hand) of each batch function's input array (but those whose
    row has several ``parts``)."""
    from ..mahjong.encoding import N_TILE_KINDS
    from ..shisanshui.splits import N_HAND
    from ..zipai.encoding import N_CARDS

    widths = {("mahjong", name): N_TILE_KINDS for name in BATCH_QUERIES["mahjong"]
              if ("mahjong", name) not in parts}
    widths |= {("zipai", name): N_CARDS for name in BATCH_QUERIES["zipai"]}
    # the rank functions are named by their row size; best takes whole hands
    widths |= {("shisanshui", "rank5_batch"): 5, ("shisanshui", "rank3_batch"): 3,
               ("shisanshui", "best_batch"): N_HAND}
    return widths


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


def _query(game: str, name: str, components: dict[str, Schema], width: int | None,
           parts: tuple[RowPart, ...] = ()) -> Query:
    fn = getattr(importlib.import_module(f"lookup.{game}"), name)
    first = next(iter(inspect.signature(fn).parameters))
    row = parts or ((RowPart(first, (width,)),) if width is not None else ())
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
    batched = f"{game}.{name}" in batched_queries()
    return Query(game, name, fn, tuple(params), result, _summary(fn), row, batched)


@dataclass(frozen=True)
class Registry:
    """Every route's :class:`Query` by (game, query name), and the named schemas they share."""

    queries: Mapping[tuple[str, str], Query]
    components: Mapping[str, Schema]

    def get(self, game: str, name: str) -> Query | None:
        return self.queries.get((game, name))


@functools.lru_cache(maxsize=1)
def registry() -> Registry:
    """The registry of every route (built once per process; imports the three games)."""
    components: dict[str, Schema] = {}
    parts = _row_parts()
    widths = _row_widths(parts)
    queries = {}
    for routes in (QUERIES, BATCH_QUERIES):
        for game, names in routes.items():
            for name in names:
                queries[game, name] = _query(game, name, components, widths.get((game, name)),
                                             parts.get((game, name), ()))
    return Registry(queries, components)
