"""Query results as JSON, and request bodies from JSON.

:func:`to_json` turns what a public function returns into plain JSON values: tile and card
indices stay integers, numpy scalars become numbers and arrays lists, ``bytes`` a list of
integers, a named tuple or dataclass an object of its fields plus its public properties
(``Advice`` gets ``waits`` beside ``wait_mask``), a dict an object (JSON keys are strings:
``zipai.ting``'s ``{4: 12}`` is ``{"4": 12}``), tuples and lists arrays.

:func:`dtype_header` names a batch route's result dtype in its ``X-Dtype`` header (a numpy
dtype name, or for a structured result its fields as ``name:dtype`` pairs);
:func:`header_dtype` reads it back.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
from typing import Any

import numpy as np

from .errors import InvalidJSONError
from .schemas import record_fields, record_properties


@functools.cache
def _record_names(tp: Any) -> tuple[str, ...] | None:
    """Field and public property names of a record type (None for any other type)."""
    if not (dataclasses.is_dataclass(tp) or (issubclass(tp, tuple) and hasattr(tp, "_fields"))):
        return None
    return (*record_fields(tp), *record_properties(tp))


def to_json(value: Any) -> Any:
    """``value`` as plain JSON values (see the module docstring)."""
    if value is None or value.__class__ in (bool, int, str):
        return value
    if value.__class__ is float:
        return value if math.isfinite(value) else None
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return [to_json(v) for v in value]
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return to_json(value.item())
    if isinstance(value, (bytes, bytearray)):
        return list(value)
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    names = _record_names(value.__class__)
    if names is not None:
        return {name: to_json(getattr(value, name)) for name in names}
    for base in (bool, int, float, str):  # subclasses (an IntEnum, a str subclass) as their base
        if isinstance(value, base):
            return to_json(base(value))
    raise TypeError(f"cannot encode a {type(value).__name__} as JSON")


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def dtype_header(dtype: np.dtype) -> str:
    """The ``X-Dtype`` text of a little-endian result dtype: its name (``int8``), or for a
    structured dtype its packed fields in order, ``name:dtype`` joined by commas
    (``score:int32,huxi:int16,tun:int16,fan:int32``)."""
    if dtype.fields is None:
        return dtype.name
    return ",".join(f"{name}:{dtype.fields[name][0].name}" for name in dtype.names or ())


def header_dtype(text: str) -> np.dtype:
    """The little-endian numpy dtype an ``X-Dtype`` text names (:func:`dtype_header`'s inverse)."""
    if ":" not in text:
        return np.dtype(text).newbyteorder("<")
    fields = [part.split(":", 1) for part in text.split(",")]
    return np.dtype([(name, np.dtype(kind).newbyteorder("<")) for name, kind in fields])


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON bytes of plain JSON values (Chinese names stay readable)."""
    return _ENCODER.encode(value).encode()


def _no_constant(name: str) -> Any:
    raise InvalidJSONError(f"invalid JSON: {name} is not a JSON number")


_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def loads(body: bytes) -> Any:
    """The JSON value of a request body; :class:`InvalidJSONError` for anything that is not
    strict JSON (bad UTF-8 or syntax, NaN or Infinity, nesting deeper than Python recurses)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidJSONError(f"the body is not UTF-8 (byte {exc.start})") from None
    if not text.strip():
        raise InvalidJSONError("the body is empty; send a JSON object of the query's arguments")
    try:
        return _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise InvalidJSONError(f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise InvalidJSONError("invalid JSON: nested too deeply") from None
