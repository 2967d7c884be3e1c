"""Every answer of the sandbox carries each required field its schema declares, rule or not.

A maintainer makes a response field required that no business rule sets: a refund's bank
reference, the time an order's RFI was raised, a field of a list page or of an error body. The
sandbox is built from that edited bundle alone (every object only answers use gains a required
field, of a kind that varies: a pattern with a least length, a date-time, a bounded integer, a
nested object with its own required field, an enum, a non-empty array, a ``const``, an
``allOf``), and driven through every operation with a request the bundle allows: each answer,
success or error, matches its schema in the bundle, so an SDK built from it parses it.
"""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator, Iterator
from functools import cache
from typing import Any

import httpx
import pytest
from fold import fold_server_prefixes

from payments_sdk import _operation_parts as parts
from payments_sdk.sandbox._generic import OperationShape
from payments_sdk.sandbox._schema_values import complete, simplest_match, value_of
from payments_sdk.sandbox.contract import SchemaSet, escape_pointer, resolve
from payments_sdk.sandbox.rules import SANCTIONS_THRESHOLD
from tests.support.edited_sandbox import edited_sandbox
from tests.support.provider_bundle import payments_yaml
from tests.support.schema_values import request_example
from tests.support.scratch_generate import with_overlay

ADDED = "x_always"
"""The name of the field every answered object gains (required)."""

KINDS: list[dict[str, Any]] = [
    {"type": "string", "pattern": "^RF[0-9A-Z]{4,}$", "minLength": 8},
    {"$ref": "#/components/schemas/Timestamp"},
    {"type": "integer", "minimum": 3, "maximum": 90, "multipleOf": 3},
    {
        "type": "object",
        "required": ["code"],
        "properties": {"code": {"type": "string", "minLength": 2}, "note": {"type": "string"}},
    },
    {"type": "string", "enum": ["bank", "card"]},
    {"type": "array", "minItems": 2, "items": {"type": "string", "format": "email"}},
    {"const": "v1"},
    {"allOf": [{"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}]},
    {"type": ["string", "null"], "format": "uri"},
]
"""The schemas the added field takes, one object after another."""


def _refs(document: dict[str, Any], node: Any, found: set[str]) -> None:
    """Add to ``found`` each component schema ``node`` reaches through ``$ref``."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            name = ref.rsplit("/", 1)[-1]
            if name not in found:
                found.add(name)
                _refs(document, document["components"]["schemas"][name], found)
        for value in node.values():
            _refs(document, value, found)
    elif isinstance(node, list):
        for value in node:
            _refs(document, value, found)


def edit(document: dict[str, Any]) -> list[str]:
    """Give every object schema only answers use a required field; return their names."""
    sent: set[str] = set()
    answered: set[str] = set()
    for item in document["paths"].values():
        _refs(document, item.get("parameters", []), sent)
        for operation in item.values():
            if isinstance(operation, dict):
                _refs(document, operation.get("requestBody", {}), sent)
                _refs(document, operation.get("parameters", []), sent)
                _refs(document, operation.get("responses", {}), answered)
    for response in document["components"].get("responses", {}).values():
        _refs(document, response, answered)
    changed = []
    schemas = document["components"]["schemas"]
    for index, name in enumerate(sorted(answered - sent)):
        schema = schemas[name]
        if not isinstance(schema.get("properties"), dict):
            continue
        schema["properties"][ADDED] = copy.deepcopy(KINDS[index % len(KINDS)])
        schema["required"] = [*schema.get("required", []), ADDED]
        changed.append(name)
    _drop_examples(document)
    return changed


def _drop_examples(node: Any) -> None:
    """Leave out the bundle's examples of answers: they predate the new required field."""
    if isinstance(node, dict):
        for key in ("example", "examples"):
            if key in node and "schema" in node:
                node.pop(key)
        for value in node.values():
            _drop_examples(value)
    elif isinstance(node, list):
        for value in node:
            _drop_examples(value)


@cache
def _edited() -> tuple[dict[str, Any], tuple[str, ...]]:
    source = with_overlay(payments_yaml())
    changed = edit(source)
    return fold_server_prefixes(source), tuple(changed)


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    """Raw HTTP to a sandbox built from the edited bundle, with a key."""
    async with edited_sandbox(_edited()[0], seed_payments=3) as client:
        yield client


def _errors(path: str, verb: str, answer: httpx.Response) -> list[str]:
    """The errors of a JSON answer against the schema its status declares."""
    document = _edited()[0]
    responses = document["paths"][path][verb]["responses"]
    status = str(answer.status_code)
    if status not in responses:
        return [f"{verb} {path}: {status} is not declared"]
    media = resolve(document, responses[status]).get("content", {}).get("application/json")
    if media is None or "schema" not in media:
        return []
    pointer = (
        f"/paths/{escape_pointer(path)}/{verb}/responses/{status}/content/application~1json/schema"
    )
    if "$ref" in responses[status]:
        pointer = responses[status]["$ref"].removeprefix("#") + "/content/application~1json/schema"
    validator = SchemaSet(document).validator(pointer)
    return [f"{verb} {path} {status}: {e.message}" for e in validator.iter_errors(answer.json())]


def _operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every operation: creates first, then reads, then the rest (so ids exist to address)."""
    document = _edited()[0]
    found = [
        (path, verb, spec)
        for path, item in document["paths"].items()
        for verb, spec in item.items()
        if verb in ("get", "post", "put", "patch", "delete")
    ]

    def order(entry: tuple[str, str, dict[str, Any]]) -> tuple[int, str]:
        path, verb, _ = entry
        rank = {"post": 0, "get": 1}.get(verb, 2) + (3 if "{" in path else 0)
        return rank, path

    yield from sorted(found, key=order)


def _request(
    path: str, verb: str, spec: dict[str, Any], ids: dict[str, str]
) -> tuple[str, dict[str, Any]]:
    """A request the bundle allows: path ids of records made so far, required query, a body."""
    document = _edited()[0]
    name = OperationShape.of(document, path, verb)
    url = path
    query: dict[str, Any] = {}
    for parameter in [p.value for p in parts.parameters(document, path, verb)]:
        if parameter["in"] == "path":
            value = ids.get(name.resource, "unknown_id")
            url = url.replace("{" + parameter["name"] + "}", value)
        elif parameter["in"] == "query" and parameter.get("required"):
            query[parameter["name"]] = value_of(parameter["schema"], document)
    kwargs: dict[str, Any] = {"params": query}
    body = parts.request_body(document, path, verb)
    content = body.value.get("content", {}) if body is not None else {}
    if "application/json" in content:
        kwargs["json"] = request_example(document, content["application/json"]["schema"])
    elif "multipart/form-data" in content:
        kwargs["files"] = {"file": ("a.pdf", b"%PDF-1.7", "application/pdf")}
        kwargs["data"] = {"type": "passport"}
    return url, kwargs


async def test_every_answer_matches_the_bundle_that_requires_new_fields(
    http: httpx.AsyncClient,
) -> None:
    """Each operation's answer, 2xx or 4xx, carries every required field of its schema."""
    document, changed = _edited()
    assert len(changed) >= 10, changed
    ids: dict[str, str] = {}
    problems: list[str] = []
    answered = 0
    for path, verb, spec in _operations():
        url, kwargs = _request(path, verb, spec, ids)
        answer = await http.request(verb.upper(), url, **kwargs)
        assert answer.status_code < 500, (verb, url, answer.text)
        if answer.headers.get("content-type", "").startswith("application/json"):
            problems += _errors(path, verb, answer)
            answered += 1
            body = answer.json()
            if answer.status_code < 300 and isinstance(body, dict) and "id" in body:
                ids.setdefault(OperationShape.of(document, path, verb).resource, body["id"])
    assert not problems, "\n".join(problems)
    assert answered >= 20 and len(ids) >= 5, (answered, ids)


async def test_a_nested_object_a_rule_builds_gets_its_required_field(
    http: httpx.AsyncClient,
) -> None:
    """An order held for screening answers its ``rfi`` with the field the rule never sets."""
    order = {"amount": SANCTIONS_THRESHOLD, "currency": "USD", "payment_methods": ["card"]}
    created = await http.post("/v1/orders", json=order)
    assert created.status_code == 201, created.text
    assert _errors("/v1/orders", "post", created) == []
    rfi = created.json()["rfi"]
    assert ADDED in rfi
    again = await http.get(f"/v1/orders/{created.json()['id']}")
    assert again.json()["rfi"] == rfi  # the same value on every answer
    listed = await http.get("/v1/orders")
    assert _errors("/v1/orders", "get", listed) == []


def test_a_value_of_a_schema_is_valid_for_it() -> None:
    """Each kind of field the edit adds gets a value its schema allows, its own where given."""
    document = _edited()[0]
    for kind in KINDS:
        value = value_of(kind, document)
        wrapped = {**document, "x-kind": kind}
        assert SchemaSet(wrapped).validator("/x-kind").is_valid(value), (kind, value)
    assert value_of({"type": "string", "examples": ["given"]}) == "given"
    assert value_of({"type": "integer", "exclusiveMinimum": 0, "multipleOf": 5}) == 5
    assert value_of({"type": "integer", "maximum": -3}) == -3


@pytest.mark.parametrize(
    ("pattern", "least"),
    [
        ("^[A-Z]{3}$", 0),
        ("^wdg_[A-Za-z0-9_-]+$", 0),
        ("^(?!\\.{1,2}$)[^/\\x00-\\x1F\\x7F]{1,256}$", 0),
        ("^(a|bc)+x?$", 5),
        ("^https://[^\\s]+$", 0),
        ("^\\d{4}-\\d{2}-\\d{2}$", 0),
        ("^[^a-z]*$", 3),
        ("^\\w+@\\w+\\.[a-z]{2,}$", 0),
    ],
)
def test_the_simplest_match_of_a_pattern_matches_it(pattern: str, least: int) -> None:
    """Text made from a pattern's parse matches the pattern and is long enough."""
    import re

    text = simplest_match(pattern, least)
    assert re.search(pattern, text) and len(text) >= least, text


def test_completion_keeps_what_is_given_and_fills_the_rest() -> None:
    """Fields given stay as given; a missing required one is filled; a oneOf picks its branch."""
    schema = {
        "type": "object",
        "required": ["a", "inner"],
        "properties": {
            "a": {"type": "string", "minLength": 2},
            "inner": {
                "oneOf": [
                    {
                        "type": "object",
                        "required": ["kind", "x"],
                        "properties": {"kind": {"const": "x"}, "x": {"type": "integer"}},
                    },
                    {
                        "type": "object",
                        "required": ["kind", "y"],
                        "properties": {"kind": {"const": "y"}, "y": {"type": "boolean"}},
                    },
                ]
            },
            "items": {"type": "array", "items": {"$ref": "#/defs/Item"}},
        },
    }
    document = {"defs": {"Item": {"type": "object", "required": ["n"], "properties": {"n": {}}}}}
    value = {"a": "given", "inner": {"kind": "y"}, "items": [{}, {"n": 1}]}
    complete(value, schema, document)
    assert value == {
        "a": "given",
        "inner": {"kind": "y", "y": False},
        "items": [{"n": None}, {"n": 1}],
    }
