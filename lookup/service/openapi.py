"""The OpenAPI 3.1 document of the service, generated from the routes' functions.

Each ``/v1/{game}/{query}`` path is built from its :class:`~.queries.Query`: the request
body's properties are the function's parameters (JSON Schemas from their annotations,
defaults from the signature, the first parameter or ``hands`` required), the answer's
``result`` the schema of its return annotation. Batch paths take ``application/octet-stream``
and the other parameters in the query string (a row may hold several arguments side by side:
``fan_batch``'s hands, win tiles and melds).
"""

from __future__ import annotations

import functools
from typing import Any

from .. import __version__
from .errors import (
    NotFoundError,
    PayloadTooLargeError,
    RequestTimeoutError,
    UnsupportedMediaTypeError,
)
from .queries import HANDS, Query, routes
from .schemas import Schema

ERROR = {"$ref": "#/components/schemas/Error"}
ERROR_SCHEMA: Schema = {
    "type": "object", "required": ["error", "type"], "additionalProperties": False,
    "properties": {"error": {"type": "string", "description": "what is wrong, on one line"},
                   "type": {"type": "string", "description": "the error's class, e.g. InvalidTileError"}},
}


def _errors(*classes: type) -> dict[str, Any]:
    statuses = {400: "a bad body, field or hand (`type` names the error class)"}
    for cls in classes:
        statuses[cls.status] = (cls.__doc__ or "").strip().split("\n")[0]  # type: ignore[attr-defined]
    return {str(status): {"description": text, "content": {"application/json": {"schema": ERROR}}}
            for status, text in sorted(statuses.items())}


def _json_operation(query: Query) -> dict[str, Any]:
    props = {p.name: p.schema for p in query.params}
    props[HANDS] = {"type": "array", "items": query.hand.schema,
                    "description": f"several values of {query.hand.name!r}, answered each"}
    required = [p.name for p in query.params[1:] if p.required]
    body = {"type": "object", "properties": props, "additionalProperties": False,
            "oneOf": [{"required": [query.hand.name, *required]}, {"required": [HANDS, *required]}]}
    result = {"type": "object", "required": ["result"], "properties": {"result": query.result}}
    results = {"type": "object", "required": ["results"], "properties": {"results": {
        "type": "array", "items": {"anyOf": [query.result, ERROR]}}}}
    return {
        "operationId": f"{query.game}_{query.name}",
        "tags": [query.game],
        "summary": f"lookup.{query.game}.{query.name}",
        "description": query.summary,
        "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
        "responses": {"200": {"description": f"`result`: what {query.name} returns; `results` for `hands`",
                              "content": {"application/json": {"schema": {"oneOf": [result, results]}}}},
                      **_errors(NotFoundError, PayloadTooLargeError, RequestTimeoutError)},
    }


def _row_text(query: Query) -> str:
    """What a batch route's row holds, when it gives more than the hand."""
    if len(query.row) == 1:
        return ""
    parts = [f"{part.size} {'byte' if part.size == 1 else 'bytes'} of `{part.param}`"
             + (f" ({', '.join(map(str, part.shape))} {part.dtype})" if part.shape else f" ({part.dtype})")
             for part in query.row]
    return f" Each row holds {', '.join(parts[:-1])} and {parts[-1]}."


RULES_FIELDS_TEXT = ("a preset name, or the rules object's fields each as a query parameter of its own; a rules "
                     "class with a preset field takes both (the name is its preset)")
"""How a batch route's query string gives a rules object (:func:`lookup.service.app.query_route`)."""


DTYPE_TEXT = "numpy dtype name, e.g. bool, int8, uint64; a structured result's fields, e.g. score:int32,huxi:int16"


def _batch_operation(query: Query) -> dict[str, Any]:
    params = [{"name": p.name, "in": "query", "required": False, "schema": p.schema}
              | ({"description": RULES_FIELDS_TEXT} if p.rules_class is not None else {}) for p in query.options]
    return {
        "operationId": f"{query.game}_{query.name}",
        "tags": [query.game],
        "summary": f"lookup.{query.game}.{query.name}",
        "description": (f"{query.summary}\n\nThe body is an (N, {query.width}) uint8 array's raw bytes "
                        f"(row-major, {query.width} bytes per hand).{_row_text(query)} The answer is the result "
                        "array's raw bytes (little-endian), its dtype and shape in the X-Dtype and X-Shape headers "
                        "(a structured result's packed fields as name:dtype pairs)."),
        "parameters": params,
        "requestBody": {"required": True, "content": {"application/octet-stream": {
            "schema": {"type": "string", "format": "binary"}}}},
        "responses": {"200": {"description": "the result array's raw bytes",
                              "headers": {"X-Dtype": {"schema": {"type": "string"},
                                                      "description": DTYPE_TEXT},
                                          "X-Shape": {"schema": {"type": "string"},
                                                      "description": "comma-separated shape, e.g. 1000 or 1000,13"}},
                              "content": {"application/octet-stream": {
                                  "schema": {"type": "string", "format": "binary"}}}},
                      **_errors(NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError,
                                RequestTimeoutError)},
    }


def _get(summary: str, schema: Schema) -> dict[str, Any]:
    return {"get": {"summary": summary, "responses": {"200": {
        "description": summary, "content": {"application/json": {"schema": schema}}}}}}


@functools.lru_cache(maxsize=1)
def openapi_document() -> dict[str, Any]:
    """The service's OpenAPI 3.1 document (built once per process)."""
    reg = routes()
    paths: dict[str, Any] = {
        "/healthz": _get("the service answers", {"type": "object"}),
        "/v1/tables": _get("what `paibiao tables info --json` prints, per game", {"type": "object"}),
        "/v1/noop": {"post": {
            "summary": "decode a JSON body and answer {\"result\": null}: the stack's own cost",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {}}}},
            "responses": {"200": {"description": "null", "content": {"application/json": {"schema": {
                "type": "object", "properties": {"result": {"type": "null"}}}}}},
                **_errors(PayloadTooLargeError)}}},
    }
    for query in reg.queries.values():
        operation = _batch_operation(query) if query.width is not None else _json_operation(query)
        paths[f"/v1/{query.game}/{query.name}"] = {"post": operation}
    return {
        "openapi": "3.1.0",
        "info": {"title": "paibiao", "version": __version__,
                 "description": "Lookup-table answers for mahjong, shisanshui and zipai: one route per public "
                                "function of lookup.mahjong, lookup.shisanshui and lookup.zipai."},
        "paths": paths,
        "components": {"schemas": {**reg.components, "Error": ERROR_SCHEMA}},
    }

