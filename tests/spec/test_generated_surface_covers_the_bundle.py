"""The generated surface is checked against the bundle, operation by operation.

Every operation of the operation table is a method of the client or one of its namespaces; the
method takes exactly the operation's inputs (path, query and header parameters, body fields and
parts) plus the SDK's own few arguments; and a call with a value for every input sends each of
them where the bundle says. Enums and docstrings are the bundle's too.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
from functools import cached_property
from pathlib import Path
from typing import Any

import httpx
import pytest

from payments_sdk import AsyncPaymentsClient, BadRequestError
from payments_sdk import types as public_types
from payments_sdk._naming import snake
from payments_sdk._operation_parts import request_body
from payments_sdk._operation_table import OPERATIONS, Argument, OperationRow
from payments_sdk._schema_views import merge_all_of
from tests.conftest import BASE_URL, TEST_KEY
from tests.support.schema_values import example as schema_example

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "generated" / "payments_sdk"
FOLDED = json.loads((ROOT / "generated" / "payments.folded.json").read_text(encoding="utf-8"))

# Arguments that are the SDK's own, not the operation's: how many pages to keep in flight, and
# the name and media type of an uploaded file's part; and the per-call options.
SDK_ONLY = {"prefetch", "file_name", "content_type", "options", "window"}


def _method(client: AsyncPaymentsClient, entry: OperationRow) -> Any:
    owner = client if entry.resource == "client" else getattr(client, entry.resource)
    return getattr(owner, entry.method)


@pytest.fixture
def client() -> AsyncPaymentsClient:
    return AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL)


def test_every_operation_of_the_bundle_is_in_the_table() -> None:
    """The table has one entry per operation of the folded bundle, none invented."""
    bundle = {
        op["operationId"]
        for item in FOLDED["paths"].values()
        for verb, op in item.items()
        if verb in ("get", "put", "post", "patch", "delete")
    }
    assert {entry.operation_id for entry in OPERATIONS} == bundle


@pytest.mark.parametrize("entry", OPERATIONS, ids=[e.operation_id for e in OPERATIONS])
def test_each_operation_is_a_method_taking_exactly_its_inputs(
    entry: OperationRow, client: AsyncPaymentsClient
) -> None:
    """The method exists, and its arguments are the operation's inputs plus the SDK's own."""
    method = _method(client, entry)
    inputs = {argument.python_name for argument in entry.arguments}
    # The SDK's own arguments, unless the bundle names a field so (a JSON body's `file_name`).
    taken = set(inspect.signature(method).parameters) - (SDK_ONLY - inputs)
    inputs |= {snake(scheme) for scheme in entry.credentials}  # a second bearer scheme's token
    assert taken == inputs, entry.operation_id
    if entry.paged:
        assert "prefetch" in inspect.signature(method).parameters


def test_every_namespace_is_an_operations_resource() -> None:
    """The client has a namespace per resource of the table, and no other."""
    namespaces = {
        name
        for cls in AsyncPaymentsClient.__mro__
        for name, member in vars(cls).items()
        if isinstance(member, cached_property) and name != "with_raw_response"
    }
    assert namespaces == {e.resource for e in OPERATIONS if e.resource != "client"}


def _sample(schema: dict[str, Any]) -> Any:
    """A value the schema accepts, from the bundle alone."""
    if "x-currency-field" in schema:
        return 1500
    if "oneOf" in schema:
        return _sample(schema["oneOf"][0])
    if "enum" in schema:
        return schema["enum"][0]
    if schema.get("examples"):
        example = schema["examples"][0]
        if not isinstance(example, dict) or not schema.get("properties"):
            return example  # a scalar, a list, or a map (no declared fields to fill in)
    kind = schema.get("type")
    if isinstance(kind, list):  # ``[X, "null"]``: a value of X
        kind = next((k for k in kind if k != "null"), None)
    if kind == "boolean":
        return True
    if kind == "string":
        if schema.get("format") == "date-time":
            return "2026-01-01T00:00:00Z"
        if schema.get("format") == "email":
            return "jane@example.com"
        if schema.get("format") == "date":
            return "2026-01-01"
        if schema.get("format") == "binary":
            return b"%PDF-1.7"
        match = re.match(r"^\^([a-z]+_)", schema.get("pattern", ""))
        if match:
            return f"{match.group(1)}1"
        if "pattern" in schema and "[A-Z]{3}" in schema["pattern"]:
            return "USD"
        if "pattern" in schema or "format" in schema:  # any other: from the schema itself
            return schema_example({}, schema)
        return "x" * max(1, int(schema.get("minLength", 1)))
    if kind == "integer":
        return max(1, int(schema.get("minimum", 1)))
    if kind == "number":  # an int or a Decimal its bounds allow: from the schema itself
        return schema_example({}, schema)
    if kind == "array":
        return [_sample(schema.get("items", {}))]
    if kind == "object" or "properties" in schema:
        extra = schema.get("additionalProperties")
        if not schema.get("properties") and isinstance(extra, dict):
            return {"k": _sample(extra)}
        return {
            name: _sample(sub)
            for name, sub in schema.get("properties", {}).items()
            if not sub.get("readOnly")  # the service's to set, at any depth: never sent
        }
    return "x"


def _arguments(entry: OperationRow) -> tuple[list[Any], dict[str, Any], list[Argument]]:
    """Valid values for every input, choosing the first shape of a oneOf.

    Two inputs with the same enum get different members (a conversion's two currencies);
    ``after`` is earlier than ``before``; of fields the shape says ``not`` together, the last
    is left out.
    """
    shape = (
        _first_shape(entry) if any(a.location in ("body", "part") for a in entry.arguments) else {}
    )
    together = set(shape.get("not", {}).get("required", [])[1:])
    positional: list[Any] = []
    keywords: dict[str, Any] = {}
    sent: list[Argument] = []
    used: dict[str, int] = {}
    for argument in entry.arguments:
        left_out = argument.name not in shape.get("properties", {}) or argument.name in together
        if argument.location in ("body", "part") and left_out:
            continue
        value = _sample(argument.schema)
        if "enum" in argument.schema:
            members = argument.schema["enum"]
            key = repr(members)
            value = members[used.get(key, 0) % len(members)]
            used[key] = used.get(key, 0) + 1
        if argument.name == "before":
            value = "2026-12-31T00:00:00Z"
        if argument.location == "path" or argument.schema.get("format") == "binary":
            positional.append(value)
        else:
            keywords[argument.python_name] = value
        sent.append(argument)
    return positional, keywords, sent


def _resolved(node: dict[str, Any]) -> dict[str, Any]:
    """Follow ``$ref``; an ``allOf`` is the one object its parts compose."""
    while "$ref" in node:
        node = FOLDED["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    if node.get("allOf"):
        node = merge_all_of({**node, "allOf": [_resolved(part) for part in node["allOf"]]})
    return node


def _first_shape(entry: OperationRow) -> dict[str, Any]:
    body = request_body(FOLDED, entry.path, entry.http_method)
    if body is None:
        raise AssertionError(f"{entry.operation_id}: no request body")
    (media,) = body.value["content"].values()
    schema = _resolved(media["schema"])
    return _resolved(schema.get("oneOf", [schema])[0])


@pytest.mark.parametrize("entry", OPERATIONS, ids=[e.operation_id for e in OPERATIONS])
async def test_each_input_is_sent_where_the_bundle_says(
    entry: OperationRow, make_client: Any
) -> None:
    """A value for every input reaches the request: path, query, header, JSON body or part."""
    answer = {"error": "Bad Request", "message": "sample"}
    client, recorder = make_client(lambda request: httpx.Response(400, json=answer))
    positional, keywords, sent = _arguments(entry)
    method = _method(client, entry)
    result = method(*positional, **keywords)
    with pytest.raises(BadRequestError):  # the 400 answer (never retried): the request counts
        await (result if inspect.isawaitable(result) else _first_page(result))
    assert recorder.requests, f"{entry.operation_id}: nothing was sent"
    request = recorder.requests[-1]
    body = request.content
    for argument in sent:
        name = argument.name
        if argument.location == "path":
            assert request.url.path.count("/") == entry.path.count("/"), request.url
        elif argument.location == "query":
            # A deepObject travels as name[field]=..., a form-exploded object as its fields.
            keys = set(request.url.params.keys())
            fields = set(argument.schema.get("properties", {})) if argument.explode else set()
            styled = any(key.startswith(f"{name}[") for key in keys) or bool(fields & keys)
            assert name in keys or styled, (entry.operation_id, name)
        elif argument.location == "header":
            assert name in request.headers, (entry.operation_id, name)
        elif argument.location == "body":
            assert name in json.loads(body), (entry.operation_id, name)
        else:
            assert f'name="{name}"'.encode() in body, (entry.operation_id, name)


async def _first_page(pager: Any) -> Any:
    return await pager


def _enums() -> dict[str, list[str]]:
    return {
        name: [str(v) for v in schema["enum"]]
        for name, schema in FOLDED["components"]["schemas"].items()
        if isinstance(schema, dict) and "enum" in schema
    }


def test_generated_enums_are_the_bundles() -> None:
    """Each enum of payments_sdk.types has exactly the bundle's values."""
    for name, values in _enums().items():
        enum = getattr(public_types, name)
        assert sorted(member.value for member in enum) == sorted(values), name


def test_no_docstring_lists_an_enum_partly() -> None:
    """A docstring of the SDK that lists two or more of an enum's values lists them all."""
    stale: list[str] = []
    files = [*sorted(GENERATED.rglob("*.py")), *sorted((ROOT / "wrapper").rglob("*.py"))]
    for path in files:
        if "sandbox" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(
                node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
            ):
                continue
            doc = ast.get_docstring(node) or ""
            for name, values in _enums().items():
                named = [v for v in values if re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", doc)]
                if 2 <= len(named) < len(values):
                    missing = sorted(set(values) - set(named))
                    stale.append(f"{path.relative_to(ROOT)}: lists {name} without {missing}")
    assert not stale, "docstrings list an enum partly:\n" + "\n".join(stale)


def test_list_bounds_in_docstrings_come_from_the_bundle(client: AsyncPaymentsClient) -> None:
    """The per_page bounds and default a docstring states are the bundle's."""
    schema = FOLDED["components"]["parameters"]["PerPage"]["schema"]
    doc = inspect.getdoc(client.refunds.list) or ""
    assert f"From {schema['minimum']} to {schema['maximum']}" in doc
    assert f"Default: ``{schema['default']}``" in doc
