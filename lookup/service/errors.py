"""The service's error answers: one JSON shape, a status per kind of error, never a traceback.

Every error answer is ``{"error": "<one line>", "type": "<class name>"}``. A request the
service cannot take is one of the :class:`RequestError` classes below (each carries its
HTTP status); an error a query raises on its input (a typed :mod:`lookup.errors` error, or
a ``ValueError``, ``TypeError`` or ``OverflowError`` from a value of the wrong kind) is a
400 named by its own class; anything else is a 500 whose message says no more than that.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import PaibiaoError, TableError

MAX_MESSAGE = 300
"""Characters of an error message kept in an answer (the rest is cut, with an ellipsis)."""


class RequestError(PaibiaoError):
    """A request the service refuses before any query runs; ``status`` is its HTTP status."""

    status = 400


class InvalidJSONError(RequestError, ValueError):
    """The body is not one JSON object (bad syntax, NaN or Infinity, nested too deeply)."""


class InvalidFieldError(RequestError, ValueError):
    """A body field the query does not take, a missing one, or a value of the wrong JSON type."""


class NotFoundError(RequestError):
    """No such route, game or query."""

    status = 404


class MethodNotAllowedError(RequestError):
    """A route asked with a method it does not answer."""

    status = 405


class PayloadTooLargeError(RequestError):
    """A body over the configured limit (checked while it is read)."""

    status = 413


class UnsupportedMediaTypeError(RequestError):
    """A batch route asked without ``Content-Type: application/octet-stream``."""

    status = 415


class RequestTimeoutError(RequestError):
    """A request that ran past the configured time; its answer is dropped."""

    status = 503


CLIENT_ERRORS: tuple[type[BaseException], ...] = (PaibiaoError, ValueError, TypeError, OverflowError)
"""Errors a query raises on its input: a 400 named by their class (TableError excepted)."""


def one_line(text: str) -> str:
    """``text`` on one line (white space runs folded), at most :data:`MAX_MESSAGE` characters."""
    line = " ".join(str(text).split())
    return line if len(line) <= MAX_MESSAGE else line[:MAX_MESSAGE - 1] + "…"


def describe(exc: BaseException) -> tuple[int, dict[str, str]]:
    """(HTTP status, error object) of an exception raised while answering a request."""
    if isinstance(exc, RequestError):
        return exc.status, {"error": one_line(str(exc)), "type": type(exc).__name__}
    if isinstance(exc, TableError):
        return 500, {"error": one_line(str(exc)), "type": "TableError"}
    if isinstance(exc, CLIENT_ERRORS):
        return 400, {"error": one_line(str(exc) or type(exc).__name__), "type": type(exc).__name__}
    return 500, {"error": "internal error (logged by the server)", "type": "InternalError"}


def error_body(status_and_error: tuple[int, dict[str, str]] | dict[str, Any]) -> bytes:
    """The JSON bytes of an error object (or of :func:`describe`'s pair)."""
    error = status_and_error[1] if isinstance(status_and_error, tuple) else status_and_error
    return json.dumps(error, ensure_ascii=False, separators=(",", ":")).encode()
