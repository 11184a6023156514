"""/openapi.json describes every route from its function's signature; a fuzz of the JSON
routes with bodies drawn from those descriptions (and junk) gets only 200s and 400s."""

from __future__ import annotations

import dataclasses
import inspect
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from lookup.arrays import OUT_PARAM
from lookup.mahjong import RuleSet
from lookup.service.app import create_app
from lookup.service.openapi import openapi_document
from lookup.service.queries import HANDS, routes
from lookup.service.schemas import json_types


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def _refs(node):
    if isinstance(node, dict):
        if "$ref" in node:
            yield node["$ref"]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def test_the_document_is_served_and_every_reference_resolves(client):
    doc = client.get("/openapi.json").json()
    assert doc == json.loads(json.dumps(openapi_document()))
    assert doc["openapi"].startswith("3.1")
    schemas = doc["components"]["schemas"]
    refs = set(_refs(doc))
    assert refs and all(ref.startswith("#/components/schemas/") and ref.rsplit("/", 1)[1] in schemas for ref in refs)


def test_every_route_is_described_by_its_functions_signature():
    doc = openapi_document()
    reg = routes()
    assert {f"/v1/{g}/{q}" for g, q in reg.queries} <= set(doc["paths"])
    for (game, name), query in reg.queries.items():
        operation = doc["paths"][f"/v1/{game}/{name}"]["post"]
        signature = inspect.signature(query.function)
        if query.width is None:
            body = operation["requestBody"]["content"]["application/json"]["schema"]
            assert list(body["properties"]) == [*signature.parameters, HANDS]
            required = [p.name for p in list(signature.parameters.values())[1:] if p.default is p.empty]
            assert body["oneOf"] == [{"required": [query.hand.name, *required]}, {"required": [HANDS, *required]}]
            for p in signature.parameters.values():
                if p.default is not p.empty and isinstance(p.default, (str, int)):
                    assert body["properties"][p.name]["default"] == p.default
        else:
            assert "application/octet-stream" in operation["requestBody"]["content"]
            # every parameter the rows do not give but ``out`` (a response is its own array)
            in_row = [part.param for part in query.row]
            assert set(in_row) <= set(signature.parameters) and in_row[0] == next(iter(signature.parameters))
            assert [p["name"] for p in operation["parameters"]] == [n for n in signature.parameters
                                                                     if n not in in_row and n != OUT_PARAM]
            assert f"(N, {query.width}) uint8" in operation["description"]
            assert all(f"`{name}`" in operation["description"] for name in in_row[1:])


def test_result_schemas_name_record_fields_and_properties():
    schemas = openapi_document()["components"]["schemas"]
    assert schemas["Advice"]["required"] == ["discard", "shanten", "count", "wait_mask", "waits"]
    assert schemas["Arrangement"]["required"] == ["front", "middle", "back"]
    assert set(schemas["MahjongRuleSet"]["properties"]) == {  # the fields a caller gives (init=True)
        f.name for f in dataclasses.fields(RuleSet) if f.init}
    hand = routes().get("mahjong", "is_hu").hand
    assert json_types(hand.schema, schemas) == {"string", "array"}


# --- fuzz ----------------------------------------------------------------------------------------

TILE_TEXT = st.text(st.sampled_from("123456789mpsz 0WTS东南一万♠AKQJT♥♦♣二七十贰柒拾碰跑吃:,"), max_size=30)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.integers(-2, 60) | st.floats(allow_nan=False,
                                                                                             allow_infinity=False)
    | TILE_TEXT | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=16) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=40,
)
JSON_ROUTES = sorted(key for key, query in routes().queries.items() if query.width is None)


@st.composite
def requests(draw):
    game, name = draw(st.sampled_from(JSON_ROUTES))
    query = routes().get(game, name)
    names = [p.name for p in query.params] + [HANDS]
    keys = draw(st.lists(st.sampled_from(names) | st.text(max_size=6), max_size=4, unique=True))
    return game, name, {key: draw(JSON_VALUES) for key in keys}


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests())
def test_fuzzed_bodies_get_an_answer_or_a_400(client, request_):
    game, name, body = request_
    response = client.post(f"/v1/{game}/{name}", content=json.dumps(body))
    assert response.status_code in (200, 400), (game, name, body, response.text)
    answer = response.json()
    if response.status_code == 400:
        assert set(answer) == {"error", "type"} and "\n" not in answer["error"], answer
    else:
        assert set(answer) in ({"result"}, {"results"}), answer
        for item in answer.get("results", []):
            assert not (isinstance(item, dict) and item.get("type") == "InternalError"), (game, name, body, item)
