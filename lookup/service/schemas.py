"""JSON Schemas (OpenAPI 3.1 flavour) derived from the public functions' type annotations.

:func:`schema_of` maps a resolved annotation to the JSON its value takes or gives: ``str``
a string, ``int`` an integer, ``bool`` a boolean, ``None`` null, sequences, iterables,
tuples and numpy arrays arrays (a numpy array of numbers, a ``bytes`` value of integers
0..255), mappings objects, a named tuple or dataclass an object with its field names (and,
for results, its public properties, e.g. ``Advice.waits``), a union ``anyOf``. Named types
(rules classes, result records) become ``$ref`` entries in a shared ``components`` dict.
:func:`json_types` reads back the JSON types a schema allows at its top level, which the
service checks before it calls a function.
"""

from __future__ import annotations

import collections.abc as cabc
import dataclasses
import inspect
import types
import typing
from typing import Any

import numpy as np

Schema = dict[str, Any]

_SEQUENCES = (cabc.Sequence, cabc.Iterable, cabc.Collection, list, tuple)


def _is_named_tuple(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields")


def record_fields(tp: Any) -> dict[str, Any]:
    """Field name -> resolved annotation of a dataclass or named tuple."""
    hints = typing.get_type_hints(tp)
    names = [f.name for f in dataclasses.fields(tp) if f.init] if dataclasses.is_dataclass(tp) else list(tp._fields)
    return {name: hints.get(name, Any) for name in names}


def record_properties(tp: type) -> dict[str, Any]:
    """Public property name -> its resolved return annotation (what a result object adds)."""
    out = {}
    for name, member in inspect.getmembers(tp, lambda m: isinstance(m, property)):
        if not name.startswith("_") and member.fget is not None:
            out[name] = typing.get_type_hints(member.fget).get("return", Any)
    return out


def is_record(tp: Any) -> bool:
    """A dataclass or named tuple type (an object with field names in JSON)."""
    return isinstance(tp, type) and (dataclasses.is_dataclass(tp) or _is_named_tuple(tp))


def _union_members(tp: Any) -> tuple[Any, ...] | None:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return typing.get_args(tp)
    return None


def _any_of(schemas: list[Schema]) -> Schema:
    unique: list[Schema] = []
    for s in schemas:
        if s not in unique:
            unique.append(s)
    if any(s == {} for s in unique):
        return {}
    return unique[0] if len(unique) == 1 else {"anyOf": unique}


def schema_of(tp: Any, components: dict[str, Schema], *, result: bool = False) -> Schema:
    """The JSON Schema of values of annotation ``tp``; named records go to ``components``.

    ``result``: the schema of a returned value (records list their properties too, and are
    named ``<Name>``); else of an argument (a record is the object its constructor takes).
    """
    if tp is Any or tp is object or isinstance(tp, typing.TypeVar):
        return {}
    if tp is None or tp is type(None):
        return {"type": "null"}
    if tp is bool or tp is np.bool_:
        return {"type": "boolean"}
    if tp is int or (isinstance(tp, type) and issubclass(tp, np.integer)):
        return {"type": "integer"}
    if tp is float or tp is complex:
        return {"type": "number"}
    if tp is str:
        return {"type": "string"}
    if tp is bytes:
        return {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 255}}
    members = _union_members(tp)
    if members is not None:
        return _any_of([schema_of(m, components, result=result) for m in members])
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Literal:
        return {"enum": list(args)}
    if tp is np.ndarray or origin is np.ndarray:
        return {"type": "array", "items": {"type": "number"}}
    if _is_named_tuple(tp) and not result:  # an argument: a tuple, so a JSON array of its fields
        return {"type": "array", "prefixItems": [schema_of(t, components) for t in record_fields(tp).values()]}
    if is_record(tp):
        return _record(tp, components, result)
    if origin is tuple and args and args[-1] is not Ellipsis:
        return {"type": "array", "prefixItems": [schema_of(a, components, result=result) for a in args],
                "minItems": len(args), "maxItems": len(args)}
    if origin in (dict, cabc.Mapping) or tp in (dict, cabc.Mapping):
        value = schema_of(args[1], components, result=result) if len(args) == 2 else {}
        return {"type": "object", "additionalProperties": value}
    if origin in _SEQUENCES or tp in _SEQUENCES:
        return {"type": "array", "items": schema_of(args[0], components, result=result) if args else {}}
    return {}  # numpy's ArrayLike protocols and anything else: not described


def _record(tp: type, components: dict[str, Schema], result: bool) -> Schema:
    name = tp.__name__ if result else f"{tp.__module__.split('.')[1].capitalize()}{tp.__name__}"
    if name not in components:
        components[name] = {}  # reserve the name first: a record may refer to itself
        fields = record_fields(tp)
        props = {n: schema_of(t, components, result=result) for n, t in fields.items()}
        schema: Schema = {"type": "object", "properties": props}
        if result:
            for n, t in record_properties(tp).items():
                props[n] = schema_of(t, components, result=True)
            schema["required"] = list(props)
        else:
            schema["additionalProperties"] = False
        doc = inspect.getdoc(tp)
        if doc and not doc.startswith(f"{tp.__name__}("):
            schema["description"] = " ".join(doc.split("\n\n")[0].split())
        components[name] = schema
    return {"$ref": f"#/components/schemas/{name}"}


JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,),
    "null": (type(None),), "array": (list,), "object": (dict,),
}
"""Python classes ``json.loads`` gives for each JSON type (a bool is never an integer)."""


def json_types(schema: Schema, components: dict[str, Schema]) -> frozenset[str] | None:
    """The JSON types a schema allows at its top level; None when it allows any value."""
    if "$ref" in schema:
        return json_types(components[schema["$ref"].rsplit("/", 1)[1]], components)
    if "anyOf" in schema:
        found: set[str] = set()
        for s in schema["anyOf"]:
            kinds = json_types(s, components)
            if kinds is None:
                return None
            found |= kinds
        return frozenset(found)
    if "type" in schema:
        return frozenset([schema["type"]])
    if "enum" in schema:
        return frozenset(json_type_of(v) for v in schema["enum"])
    return None


def json_type_of(value: Any) -> str:
    """The JSON type name of a decoded JSON value ("integer" for an int, never "number")."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return next(name for name, classes in JSON_TYPES.items() if isinstance(value, classes))


def matches(value: Any, kinds: frozenset[str] | None) -> bool:
    """Whether a decoded JSON value has one of the JSON types ``kinds`` (None: any)."""
    if kinds is None:
        return True
    kind = json_type_of(value)
    return kind in kinds or (kind == "integer" and "number" in kinds)
