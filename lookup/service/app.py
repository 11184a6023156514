"""The ASGI application (Starlette): routes, limits, and the one Batcher of each worker.

Routes:

- ``POST /v1/{game}/{query}``: a JSON object of the function's arguments by name answers
  ``{"result": ...}``; ``"hands": [...]`` in place of the first parameter answers
  ``{"results": [...]}``, a per-hand error object in place of each bad hand's result.
  Single-hand requests go through the worker's :class:`~lookup.batching.Batcher`.
- ``POST /v1/{game}/{query}_batch`` with ``Content-Type: application/octet-stream``: the
  body is the batch array's raw uint8 bytes (rows of the query's width; ``fan_batch``'s row
  holds its three arrays side by side), other arguments come from the query string
  (``?rules=riichi&jokers=1``; the fields of a rules object may be given as parameters of
  their own, ``?rules=changde&cap=20``); the answer is the result array's raw bytes
  (little-endian, a structured result's fields packed), described by the ``X-Dtype`` and
  ``X-Shape`` headers (:func:`~.encoding.dtype_header`).
- ``POST /v1/noop``: reads and decodes a JSON body like a query and answers
  ``{"result": null}``: the stack's own cost, for load tests.
- ``GET /healthz``, ``GET /v1/tables`` (what ``paibiao tables info --json`` prints),
  ``GET /openapi.json``, ``GET /`` (the analysis page) and ``/static/...`` (its files).

Every error is ``{"error": "<one line>", "type": "<class>"}`` (:mod:`.errors`): 400 for a
bad body or hand, 404 for an unknown route, game or query, 413 for a body over
``max_body`` bytes (checked from ``Content-Length`` and again while reading), 503 for a
request that runs past ``timeout`` seconds (its computation finishes in a worker thread
and is dropped).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import typing
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.lib.recfunctions import repack_fields
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import __version__
from ..batching import Batcher, answer_all
from .encoding import dtype_header, dumps, loads, to_json
from .errors import (
    InvalidFieldError,
    MethodNotAllowedError,
    NotFoundError,
    PayloadTooLargeError,
    RequestTimeoutError,
    UnsupportedMediaTypeError,
    describe,
    error_body,
)
from .page import STATIC
from .queries import GAMES, Param, Query, argument, routes
from .schemas import record_fields

MiB = 2**20
INLINE_BYTES = 64 * 1024
"""Bodies up to this size are decoded on the event loop; larger ones in a worker thread."""
log = logging.getLogger("paibiao.service")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


@dataclass(frozen=True)
class ServiceConfig:
    """Limits and batching of a service.

    ``max_body``: bytes a request body may hold (413 beyond). ``timeout``: seconds a request
    may run (503 beyond). ``batch_delay`` and ``max_batch``: the worker Batcher's
    ``max_delay`` (seconds) and ``max_batch``.
    """

    max_body: int = 16 * MiB
    timeout: float = 10.0
    batch_delay: float = 0.001
    max_batch: int = 1024

    def __post_init__(self) -> None:
        if self.max_body < 0:
            raise ValueError(f"max_body must be at least 0 bytes, got {self.max_body}")
        if not self.timeout > 0:
            raise ValueError(f"timeout must be over 0 seconds, got {self.timeout}")


def _json(value: Any, status: int = 200) -> Response:
    return Response(dumps(value), status, media_type="application/json")


def _error(exc: BaseException) -> Response:
    status, error = describe(exc)
    if status >= 500:
        log.error("request failed", exc_info=exc)
    return Response(error_body(error), status, media_type="application/json")


if sys.version_info >= (3, 11):
    _deadline = asyncio.timeout
else:  # pragma: no cover - Python 3.10
    class _Cancellable:
        """The part of ``asyncio.Timeout`` the middleware uses: ``reschedule(None)`` lifts it."""

        def __init__(self, handle: asyncio.TimerHandle):
            self.handle = handle

        def reschedule(self, when: float | None) -> None:
            assert when is None
            self.handle.cancel()

    @contextlib.asynccontextmanager
    async def _deadline(seconds: float) -> AsyncIterator[_Cancellable]:
        task = asyncio.current_task()
        assert task is not None
        handle = asyncio.get_running_loop().call_later(seconds, task.cancel)
        try:
            yield _Cancellable(handle)
        except asyncio.CancelledError:
            raise TimeoutError from None
        finally:
            handle.cancel()


class LimitsMiddleware:
    """Pure ASGI middleware: the body limit (413) and the request time limit (503). The time
    limit holds until the response starts: a response begun is sent whole."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], config: ServiceConfig):
        self.app = app
        self.max_body = config.max_body
        self.timeout = config.timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for key, value in scope["headers"]:
            if key == b"content-length" and value.isdigit() and int(value) > self.max_body:
                return await self._send_error(send, PayloadTooLargeError(self._too_large(int(value))))
        started = False
        received = 0
        deadline = None

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.max_body:
                raise PayloadTooLargeError(self._too_large(received, reading=True))
            return message

        async def tracked_send(message: Message) -> None:
            nonlocal started
            if not started and deadline is not None:
                deadline.reschedule(None)
            started = True
            await send(message)

        try:
            async with _deadline(self.timeout) as deadline:
                await self.app(scope, limited_receive, tracked_send)
        except TimeoutError:
            if not started:
                await self._send_error(send, RequestTimeoutError(
                    f"the request ran past the service's {self.timeout:g} s limit"))

    def _too_large(self, size: int, reading: bool = False) -> str:
        got = f"more than {self.max_body:,}" if reading else f"{size:,}"
        return f"the body holds {got} bytes; the limit is {self.max_body:,}"

    @staticmethod
    async def _send_error(send: Send, exc: BaseException) -> None:
        status, error = describe(exc)
        body = error_body(error)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


# --- routes -----------------------------------------------------------------------------------

def _batcher(request: Request) -> Batcher:
    """This worker's Batcher (made by the lifespan; made here when the app runs without one)."""
    state = request.app.state
    batcher = getattr(state, "batcher", None)
    if batcher is None:
        config: ServiceConfig = state.config
        batcher = state.batcher = Batcher(max_delay=config.batch_delay, max_batch=config.max_batch)
    return batcher


async def query_route(request: Request) -> Response:
    """``POST /v1/{game}/{query}``: a JSON query, or an octet-stream batch for ``*_batch``."""
    try:
        game, name = request.path_params["game"], request.path_params["query"]
        query = routes().get(game, name)
        if query is None:
            raise NotFoundError(_unknown(game, name))
        if query.width is not None:
            return await _batch(request, query)
        body = await request.body()
        hand, hands, kwargs = query.bind(loads(body) if len(body) <= INLINE_BYTES else
                                         await asyncio.to_thread(loads, body))
        if hands is not None:
            payload = await asyncio.to_thread(_answer_hands, query, hands, kwargs)
        elif query.batched:
            payload = dumps({"result": to_json(await _batcher(request)(query.function, hand, **kwargs))})
        else:  # called and encoded in the Batcher's worker thread: large results never block the loop
            payload = await _batcher(request)(query.answer, hand, **kwargs)
        return Response(payload, media_type="application/json")
    except Exception as exc:
        return _error(exc)


def _answer_hands(query: Query, hands: list[Any], kwargs: dict[str, Any]) -> bytes:
    """``{"results": [...]}`` of each hand (through the batch path), encoded; in a worker thread."""
    outcomes = answer_all(query.function, hands, **kwargs)
    return dumps({"results": [to_json(value) if ok else _hand_error(value) for ok, value in outcomes]})


def _hand_error(exc: BaseException) -> dict[str, str]:
    status, error = describe(exc)
    if status >= 500:
        log.error("a hand failed", exc_info=exc)
    return error


def _unknown(game: str, name: str) -> str:
    if game not in GAMES:
        return f"unknown game {game[:40]!r}; games are {', '.join(GAMES)}"
    names = [q.name for (g, _), q in routes().queries.items() if g == game]
    return f"unknown {game} query {name[:40]!r}; queries are {', '.join(names)}"


async def _batch(request: Request, query: Query) -> Response:
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media != "application/octet-stream":
        raise UnsupportedMediaTypeError(f"{query.name} takes the rows as raw bytes with Content-Type: "
                                        f"application/octet-stream, got {media[:60] or 'none'!r}")
    by_name = {p.name: p for p in query.options}
    rules_param = next((p for p in query.options if p.rules_class is not None), None)
    rules_fields: dict[str, Any] | None = None  # read from the rules class once a field is given
    kwargs: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    for name, text in request.query_params.items():
        param = by_name.get(name)
        if param is None and rules_fields is None:
            rules_fields = {} if rules_param is None else record_fields(rules_param.rules_class)
        if param is not None:
            kwargs[name] = _query_value(param, text)
        elif rules_fields and name in rules_fields:
            fields[name] = _field_value(rules_fields[name], text)
        else:
            also = f" and the fields of {rules_param.name}" if rules_param is not None else ""
            raise InvalidFieldError(f"unknown query parameter {name[:40]!r}: {query.name} takes "
                                    f"{', '.join(by_name) or 'none'}{also}")
    if fields:
        assert rules_param is not None
        kwargs[rules_param.name] = _rules_of_fields(rules_param, kwargs.pop(rules_param.name, None), fields)
    body = await request.body()
    width = query.width
    assert width is not None
    if len(body) % width:
        raise InvalidFieldError(f"the body holds {len(body):,} bytes, not a whole number of "
                                f"{width}-byte rows (uint8, one row per hand)")
    rows = np.frombuffer(body, np.uint8).reshape(-1, width)
    arguments = query.split(rows)  # new writable arrays: the kernels' signature
    out = np.ascontiguousarray(await asyncio.to_thread(lambda: query.function(**arguments, **kwargs)))
    if out.dtype.fields is not None:
        out = repack_fields(out)
    little = out.dtype.newbyteorder("<")
    if out.dtype != little:
        out = out.astype(little)
    return Response(out.tobytes(), media_type="application/octet-stream",
                    headers={"X-Dtype": dtype_header(out.dtype), "X-Shape": ",".join(str(n) for n in out.shape)})


def _rules_of_fields(param: Param, preset: Any, fields: dict[str, Any]) -> Any:
    """The rules object of a batch route's rules fields given as query parameters: with a
    ``rules`` name too, that name is the object's ``preset`` (a class without one takes the
    name or the fields, not both)."""
    assert param.rules_class is not None
    if preset is not None:
        if "preset" not in record_fields(param.rules_class):
            raise InvalidFieldError(f"give {param.name} as a preset name or by its fields, not both")
        fields = {"preset": preset, **fields}
    return argument(param, fields)


def _integer_text(text: str) -> bool:
    return text.lstrip("-").isdigit() and len(text) < 20


BOOLEAN_TEXT = {"true": True, "false": False, "1": True, "0": False}
"""How a query string gives a boolean parameter (``?self_drawn=true``)."""


def _field_value(annotation: Any, text: str) -> Any:
    """A query-string value of a rules field as its annotation takes it: None (``none``), a
    boolean, an integer, or the text."""
    kinds = typing.get_args(annotation) or (annotation,)
    lowered = text.lower()
    if type(None) in kinds and lowered in ("none", "null"):
        return None
    if bool in kinds and lowered in BOOLEAN_TEXT:
        return BOOLEAN_TEXT[lowered]
    return int(text) if int in kinds and _integer_text(text) else text


def _query_value(param: Param, text: str) -> Any:
    """A query-string value as its parameter takes it: a boolean, an integer, or the text."""
    boolean = isinstance(param.default, bool) or (param.kinds is not None and "boolean" in param.kinds)
    if boolean and text.lower() in BOOLEAN_TEXT:
        return BOOLEAN_TEXT[text.lower()]
    return int(text) if _integer_text(text) and param.kinds != frozenset({"string"}) else text


async def noop_route(request: Request) -> Response:
    """``POST /v1/noop``: the body read and decoded, nothing asked: the stack's own cost."""
    try:
        loads(await request.body())
        return _json({"result": None})
    except Exception as exc:
        return _error(exc)


async def health_route(request: Request) -> Response:
    return _json({"status": "ok", "version": __version__, "pid": os.getpid()})


async def tables_route(request: Request) -> Response:
    from ..tables import table_info

    infos = await asyncio.to_thread(lambda: [table_info(game) for game in GAMES])
    return _json({"tables": infos})


async def openapi_route(request: Request) -> Response:
    from .openapi import openapi_document

    return _json(openapi_document())


async def page_route(request: Request) -> Response:
    from .page import page_html

    return Response(page_html(), media_type="text/html; charset=utf-8")


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        return _error(NotFoundError(f"no route {request.method} {request.url.path[:80]}; see /openapi.json"))
    if exc.status_code == 405:
        response = _error(MethodNotAllowedError(f"{request.url.path[:80]} does not answer {request.method}"))
        response.headers.update(exc.headers or {})
        return response
    return Response(error_body({"error": str(exc.detail), "type": "HTTPException"}), exc.status_code,
                    media_type="application/json")


async def _server_error(request: Request, exc: Exception) -> Response:
    return _error(exc)


def create_app(config: ServiceConfig | None = None) -> Starlette:
    """The service as an ASGI application (run it with uvicorn, or ``paibiao serve``)."""
    config = config or ServiceConfig()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        app.state.batcher = Batcher(max_delay=config.batch_delay, max_batch=config.max_batch)
        try:
            yield
        finally:
            batcher, app.state.batcher = app.state.batcher, None
            await batcher.aclose()

    app = Starlette(
        routes=[
            Route("/", page_route, methods=["GET"]),
            Route("/healthz", health_route, methods=["GET"]),
            Route("/openapi.json", openapi_route, methods=["GET"]),
            Route("/v1/tables", tables_route, methods=["GET"]),
            Route("/v1/noop", noop_route, methods=["POST"]),
            Route("/v1/{game}/{query}", query_route, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(LimitsMiddleware, config=config)],
        exception_handlers={HTTPException: _http_error, Exception: _server_error},
        lifespan=lifespan,
    )
    app.state.config = config
    return app
