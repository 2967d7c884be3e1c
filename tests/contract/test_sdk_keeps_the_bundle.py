"""A property test of the SDK against the bundle, on both wires.

Values are drawn from the bundle's own schemas, with schemathesis' per-operation strategies
(``schema[path][method].as_strategy()``), never from hand-written strategies. Each generated
case is mapped onto its SDK method through the operation table (``OPERATIONS``: each argument's
wire name, Python name and location), and the SDK is called on the aiohttp wire (against a
sandbox served on loopback) and on the httpx wire (the sandbox's ASGI transport). An ASGI
recorder in front of the sandbox keeps what arrived:

- a value the bundle allows is sent faithfully: the body as drawn (plus the bundle's
  ``x-sdk-default`` fields), every query value (instants as the same instant), path ids
  percent-encoded as one segment of the right route;
- a value that breaks exactly one keyword of its schema (checked with the schema engine: the value
  fails the schema, and passes it without that keyword) is refused before the wire;
- the SDK's rules beyond the schema's keywords are listed in :data:`STRICTER`, each with the
  line of ``openapi/payments.yaml`` that states it.

A field the bundle does not name goes, in an open object, through the SDK's escapes:
``Undocumented(value)`` inside an argument, ``extra_body`` at the top of a body.
"""

from __future__ import annotations

import asyncio
import copy
import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote

import httpx
import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.core import NotSet

from payments_sdk import AsyncPaymentsClient, InvalidParameterError, PaymentsError, Undocumented
from payments_sdk._engine import validator as engine_validator
from payments_sdk._operation_parts import request_body
from payments_sdk._operation_table import OPERATIONS, OperationRow
from payments_sdk._param_styles import (
    Style,
    check_delimited,
    raw_pairs,
    read_query,
    split_delimited,
)
from payments_sdk._schema_views import merge_all_of
from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox.contract import load_bundle, resolve
from tests.support.format_strategies import register_string_formats, with_format_bounds
from tests.support.scratch_generate import with_overlay

ROOT = Path(__file__).resolve().parents[2]
YAML = ROOT / "openapi" / "payments.yaml"

EXAMPLES = int(os.environ.get("PAYMENTS_PROPERTY_EXAMPLES", "12"))
"""Drawn cases per operation and wire, for each of the two properties (longer: set the variable)."""

STRICTER: list[tuple[str, str]] = [
    # (the SDK's rule, the line of openapi/payments.yaml or of our openapi/overlay.yaml stating it)
    (
        "a path id is one segment: no '/', no control character, not '.' or '..'",
        'pattern: "^(?!\\\\.{1,2}$)[^/\\\\x00-\\\\x1F\\\\x7F]{1,256}$"',
    ),
    (
        "the two currencies of a conversion differ",
        "x-distinct-fields: [source_currency, target_currency]",
    ),
    ("a KYC link takes customer_id or email, not both", "required: [customer_id, email]"),
    ("an amount is at most 10^15 minor units", "maximum: 1000000000000000"),
    ("a page is at most 10^15", "maximum: 1000000000000000"),
    ("Money is sent in the currency of its amount's currency field", "x-currency-field: currency"),
    ("category is sent as 'payout' when not given", "x-sdk-default: payout"),
    (
        "an integer argument is a Python int (a whole float such as 1.0 is refused, as mypy would)",
        "type: integer",
    ),
    (
        "a field an open object does not name is sent only as Undocumented(value) or extra_body",
        "additionalProperties: false",
    ),
]
"""Each rule the SDK applies beyond a bare keyword check, with the bundle line behind it.

The last one is the SDK's one convention beyond the bundle: an open object takes any field, and
the SDK asks the caller to say so (a misspelt keyword would otherwise be sent); a closed one
(``additionalProperties: false``) takes none, whatever the caller says.
"""


# -- the bundle, dereferenced -------------------------------------------------------------------


@cache
def _document() -> dict[str, Any]:
    return load_bundle()


def _deref(node: Any) -> Any:
    document = _document()
    if isinstance(node, dict):
        if "$ref" in node:
            # OpenAPI 3.1: what is written beside a $ref (readOnly, deprecated) holds too.
            target = _deref(resolve(document, node))
            beside = {key: _deref(value) for key, value in node.items() if key != "$ref"}
            return {**beside, **target} if isinstance(target, dict) else target
        # An allOf is the one object its parts compose, as the SDK's checks read it.
        return merge_all_of({key: _deref(value) for key, value in node.items()})
    if isinstance(node, list):
        return [_deref(value) for value in node]
    return node


@cache
def _schemathesis_schema() -> Any:
    # schemathesis learns the formats it does not know from payments_sdk._formats: a strategy
    # for each checked string format, and the bounds an integer width sets.
    register_string_formats()
    return schemathesis.openapi.from_dict(with_format_bounds(_document()))


def _body_schema(entry: OperationRow) -> dict[str, Any]:
    body = request_body(_document(), entry.path, entry.http_method)
    assert body is not None, entry.operation_id
    (media,) = body.value["content"].values()
    schema: dict[str, Any] = _deref(media["schema"])
    return schema


def _validator(schema: Any) -> Any:
    # The one schema engine: the formats the bundle may use, each with its one rule
    # (payments_sdk._formats, held by tests/contract/test_formats_get_one_verdict.py to what
    # schemathesis says), and its bounds and steps as the decimals written (0.01, exactly).
    return engine_validator(schema)


# -- the recorder -------------------------------------------------------------------------------


@dataclass
class Seen:
    """One request as it reached the sandbox."""

    method: str
    raw_path: str
    query: list[tuple[str, str]]
    content_type: str
    body: bytes
    raw_query: str = ""
    """The query string as written (a delimited value is split before it is decoded)."""


@dataclass
class Recorder:
    """An ASGI app that records each request, then hands it to the sandbox unchanged."""

    app: Any
    seen: list[Seen] = field(default_factory=list)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        body, more = b"", True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
        headers = {
            key.decode("latin-1"): value.decode("latin-1") for key, value in scope["headers"]
        }
        self.seen.append(
            Seen(
                scope["method"],
                (scope.get("raw_path") or scope["path"].encode()).decode("latin-1"),
                parse_qsl(scope["query_string"].decode("latin-1"), keep_blank_values=True),
                headers.get("content-type", ""),
                body,
                scope["query_string"].decode("latin-1"),
            )
        )
        replayed = False

        async def replay() -> Any:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


# -- the two wires ------------------------------------------------------------------------------


@dataclass
class Wire:
    """An SDK client on one wire, the recorder it goes through, and the loop it runs on."""

    name: str
    client: AsyncPaymentsClient
    recorder: Recorder
    loop: asyncio.AbstractEventLoop

    def run(self, coroutine: Any) -> Any:
        return self.loop.run_until_complete(coroutine)


@pytest.fixture(scope="module", params=["aiohttp", "httpx"])
def wire(request: pytest.FixtureRequest) -> Iterator[Wire]:
    sandbox = Sandbox(seed_payments=5)
    recorder = Recorder(sandbox.app)
    sandbox.app = recorder
    loop = asyncio.new_event_loop()
    try:
        if request.param == "httpx":
            http = httpx.AsyncClient(transport=httpx.ASGITransport(app=recorder))
            client = AsyncPaymentsClient(
                base_url="http://127.0.0.1/v1",
                api_key=sandbox.api_key,
                http_client=http,
                max_retries=0,
            )
            yield Wire("httpx", client, recorder, loop)
            loop.run_until_complete(client.aclose())
            loop.run_until_complete(http.aclose())
        else:
            with sandbox.serve() as url:
                client = AsyncPaymentsClient(base_url=url, api_key=sandbox.api_key, max_retries=0)
                yield Wire("aiohttp", client, recorder, loop)
                loop.run_until_complete(client.aclose())
    finally:
        loop.close()


# -- from a generated case to an SDK call -------------------------------------------------------


@dataclass
class Call:
    """An SDK call: the method, its positional and keyword arguments, and what should be sent."""

    method: Callable[..., Any]
    args: list[Any]
    kwargs: dict[str, Any]
    path: dict[str, str]
    query: dict[str, Any]
    body: Any
    styled: dict[str, Any] = field(default_factory=dict)
    """Array and object query arguments, by wire name: the value drawn (and passed)."""
    unsendable: str | None = None
    """An argument whose style cannot carry the value drawn (an item holding its delimiter):
    the SDK must refuse it, naming it, and send nothing (openapi/DECISIONS.md)."""


# -- query parameters in a style (OpenAPI 3.1): schemathesis writes them, the SDK is given them --

_WIRE_DELIMITERS = {",": ",", "|": "|", " ": "%20"}


def _type_of(schema: Any) -> Any:
    """Return the ``type`` of a (possibly referenced) schema."""
    return (resolve(_document(), schema) if isinstance(schema, dict) else {}).get("type")


def _typed(value: Any, schema: Any) -> Any:
    """Return a query text as the value its schema types (digits of an integer as the int)."""
    schema = resolve(_document(), schema) if isinstance(schema, dict) else {}
    if schema.get("type") in ("integer", "number") and isinstance(value, str):
        digits = value.removeprefix("-")
        return int(value) if digits.isascii() and digits.isdigit() else value
    if schema.get("type") == "boolean" and isinstance(value, str):
        return value == "true"
    return _python(value)


def _items(text: Any, style: Style) -> list[str]:
    """Split what schemathesis wrote for a delimited value into its items."""
    encoded = getattr(text, "encoded", None)
    if encoded is not None and style.delimiter is not None:
        wire = _WIRE_DELIMITERS[style.delimiter]
        return [unquote(item) for item in encoded.split(wire)] if encoded else []
    return split_delimited(str(text), style)


@dataclass
class AsDrawn:
    """A styled argument's value read back and then broken: passed as is, never re-read."""

    value: Any


def _styled(argument: Any, query: dict[str, Any]) -> tuple[Any, set[str]]:
    """Return the value drawn for an array or object argument, and the query keys it took."""
    style, name = Style(argument.style, argument.explode), argument.name
    if isinstance(query.get(name), AsDrawn):
        return query[name].value, {name}  # a text here is a broken value, not its style's
    schema = resolve(_document(), argument.schema)
    fields = schema.get("properties", {})
    if name in query and not isinstance(query[name], str) and style.delimiter is not None:
        return query[name], {name}  # not written in its style: a value as drawn (or broken)
    if schema.get("type") == "object" and isinstance(query.get(name), dict | list | int):
        return query[name], {name}
    if schema.get("type") == "array":
        if name not in query:
            return None, set()
        drawn = query[name]
        if not isinstance(drawn, list | str):
            return drawn, {name}
        if style.delimiter is None:
            texts = drawn if isinstance(drawn, list) else [drawn]
        else:
            texts = _items(drawn, style)
        return [_typed(text, schema.get("items")) for text in texts], {name}
    if style.style == "deepObject":
        taken = {key for key in query if key.startswith(f"{name}[") and key.endswith("]")}
        value = {key[len(name) + 1 : -1]: query[key] for key in taken}
    elif style.explode:
        taken = {key for key in fields if key in query}
        value = {key: query[key] for key in taken}
    else:
        if name not in query:
            return None, set()
        texts, taken = _items(query[name], style), {name}
        value = dict(zip(texts[::2], texts[1::2], strict=True))
    if not taken:
        return None, set()
    extra = schema.get("additionalProperties")
    return {key: _typed(item, fields.get(key, extra)) for key, item in value.items()}, taken


def _arrived(argument: Any, pairs: list[tuple[str, str]]) -> Any:
    """Return what the sandbox reads for an array or object argument from the query it got."""
    schema = resolve(_document(), argument.schema)
    fields = schema.get("properties", {})
    style = Style(argument.style, argument.explode)
    texts = read_query(pairs, argument.name, style, schema["type"], list(fields))
    if isinstance(texts, dict):
        extra = schema.get("additionalProperties")
        return {key: _typed(text, fields.get(key, extra)) for key, text in texts.items()}
    if isinstance(texts, list):
        return [_typed(text, schema.get("items")) for text in texts]
    return texts


def _escaped(value: Any, schema: Any) -> Any:
    """Return ``value`` with each field an open object does not name wrapped in Undocumented."""
    if isinstance(value, dict) and isinstance(schema, dict):
        if "oneOf" in schema:
            matching = [s for s in schema["oneOf"] if _validator(s).is_valid(value)]
            return _escaped(value, matching[0]) if matching else value
        declared = schema.get("properties", {})
        extra = schema.get("additionalProperties")
        escaped: dict[str, Any] = {}
        for key, item in value.items():
            if key in declared:
                escaped[key] = _escaped(item, declared[key])
            elif isinstance(extra, dict):
                escaped[key] = _escaped(item, extra)
            elif any(re.search(p, key) for p in schema.get("patternProperties", {})):
                escaped[key] = item  # named by a pattern: declared, not undocumented
            else:
                escaped[key] = Undocumented(item)
        return escaped
    if isinstance(value, list) and isinstance(schema, dict) and "items" in schema:
        return [_escaped(item, schema["items"]) for item in value]
    return value


def _with_defaults(value: Any, schema: Any) -> Any:
    """Return the body the SDK sends for ``value``: plus each absent ``x-sdk-default`` field."""
    if isinstance(value, dict) and isinstance(schema, dict):
        if "oneOf" in schema:
            matching = [s for s in schema["oneOf"] if _validator(s).is_valid(value)]
            return _with_defaults(value, matching[0]) if matching else value
        declared = schema.get("properties", {})
        result = {key: _with_defaults(item, declared.get(key, {})) for key, item in value.items()}
        for key, sub in declared.items():
            if key not in result and "x-sdk-default" in sub:
                result[key] = sub["x-sdk-default"]
        return result
    return value


def _python(value: Any) -> Any:
    """Return ``value`` with every whole float (``1.0``) as the int it is, any other as Decimal.

    JSON Schema counts ``1.0`` as an integer, so schemathesis may draw it for ``type: integer``;
    the SDK's arguments for such a field are typed ``int``, and ``1.0`` is the JSON ``1``. A
    ``number`` argument takes an int or an exact Decimal, never a float: ``0.5`` drawn is the
    JSON number ``0.5``, the Decimal its shortest text spells.
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, float):
        return Decimal(repr(value))
    if isinstance(value, dict):
        return {key: _python(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_python(item) for item in value]
    return value


def _bytes(value: Any) -> bytes:
    data = getattr(value, "data", value)
    return data if isinstance(data, bytes) else str(data).encode("utf-8")


def to_call(client: AsyncPaymentsClient, entry: OperationRow, case: Any) -> Call:
    """Map a schemathesis case onto ``entry``'s SDK method, through the operation table."""
    target: Any = client if entry.resource == "client" else getattr(client, entry.resource)
    method = getattr(target, entry.method)
    body = None if isinstance(case.body, NotSet) else _python(copy.deepcopy(case.body))
    path = {
        name: unquote(value) if isinstance(value, str) else value
        for name, value in (case.path_parameters or {}).items()
    }
    query = _python(dict(case.query or {}))
    call = Call(method, [], {}, path, query, body)
    schema = _body_schema(entry) if entry.body else None
    named = set()
    for argument in entry.arguments:
        named.add(argument.name)
        structured = resolve(_document(), argument.schema).get("type") in ("array", "object")
        if argument.location == "query" and structured:
            value, taken = _styled(argument, query)
            for key in taken:
                query.pop(key)
            if value is not None:
                call.kwargs[argument.python_name] = value
                call.styled[argument.name] = value
                try:
                    check_delimited(value, Style(argument.style, argument.explode), "")
                except InvalidParameterError:
                    call.unsendable = call.unsendable or argument.python_name
            continue
        if argument.location == "path":
            call.args.append(path[argument.name])
        elif argument.location == "query" and argument.name in query:
            value = query[argument.name]
            if value in ("true", "false") and _type_of(argument.schema) == "boolean":
                value = value == "true"  # schemathesis draws a boolean query value as its text
            call.kwargs[argument.python_name] = value
        elif argument.location == "body" and isinstance(body, dict) and argument.name in body:
            assert schema is not None
            sub = _escaped({argument.name: body[argument.name]}, schema)
            call.kwargs[argument.python_name] = sub[argument.name]
        elif argument.location == "part" and isinstance(body, dict) and argument.name in body:
            value = body[argument.name]
            fmt = argument.schema.get("format")
            binary = fmt == "binary" and isinstance(getattr(value, "data", value), str | bytes)
            call.kwargs[argument.python_name] = _bytes(value) if binary else value
    if entry.body is not None and isinstance(body, dict):
        extra = {key: value for key, value in body.items() if key not in named}
        if extra:
            call.kwargs["extra_body"] = extra
    if entry.body == "json" and isinstance(body, dict):
        call.body = _with_defaults(body, schema)
    return call


async def invoke(call: Call) -> None:
    """Call the SDK; an answer of the sandbox's (a 4xx for a state it does not have) is fine."""
    result = call.method(*call.args, **call.kwargs)
    if hasattr(result, "__await__"):
        try:
            await result
        except InvalidParameterError:
            raise
        except PaymentsError:
            pass  # sent, and answered: what was sent is what this test looks at


# -- what arrived -------------------------------------------------------------------------------


def _instant(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))


def assert_route(entry: OperationRow, seen: Seen, path: dict[str, str]) -> None:
    assert seen.method == entry.http_method
    template = entry.path.split("/")
    segments = seen.raw_path.split("?")[0].split("/")
    assert len(segments) == len(template), (seen.raw_path, entry.path)
    for expected, got in zip(template, segments, strict=True):
        if expected.startswith("{") and expected.endswith("}"):
            assert unquote(got) == path[expected[1:-1]], (got, path)
        else:
            assert got == expected


def assert_query(
    entry: OperationRow, seen: Seen, query: dict[str, Any], styled: dict[str, Any]
) -> None:
    arguments = {a.name: a for a in entry.arguments if a.location == "query"}
    for name, value in styled.items():  # written in its style, read back as drawn
        arrived = _arrived(arguments[name], raw_pairs(seen.raw_query))
        if value in ([], {}):  # an empty list or mapping is no filter: left out, or empty
            assert arrived in (None, value), (name, value, seen.query)
        else:
            assert arrived == value, (name, value, seen.query)
    structured = {
        name
        for name, argument in arguments.items()
        if resolve(_document(), argument.schema).get("type") in ("array", "object")
    }
    taken = {
        key
        for key, _ in seen.query
        if key.split("[", 1)[0] in structured
        or any(
            key in resolve(_document(), arguments[n].schema).get("properties", {})
            for n in structured
        )
    }
    plain = [(key, text) for key, text in seen.query if key not in taken]
    sent = dict(plain)
    assert len(sent) == len(plain), seen.query  # no parameter twice
    schemas = {a.name: a.schema for a in entry.arguments if a.location == "query"}
    for name, value in query.items():
        assert name in sent, (name, seen.query)
        if schemas[name].get("format") == "date-time":
            assert _instant(sent[name]) == _instant(str(value)), (name, value, sent[name])
        else:
            assert sent[name] == _query_text(value), (name, value, sent[name])
    for name, value in sent.items():
        if name not in query:  # only the bundle's defaults may be added
            assert _query_text(schemas[name].get("default")) == value, (name, value)


def _query_text(value: Any) -> str:
    """A scalar as a query carries it: a boolean as JSON writes it (``true``), else its text."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def assert_body(entry: OperationRow, seen: Seen, call: Call) -> None:
    if entry.body == "json":
        assert seen.content_type.startswith("application/json")
        assert json.loads(seen.body, parse_float=Decimal) == call.body  # digit for digit
    elif entry.body == "multipart":
        assert seen.content_type.startswith("multipart/form-data")
        parts = _multipart(seen)
        assert set(parts) == set(call.body), (parts.keys(), call.body.keys())
        for name, value in call.body.items():
            expected = _bytes(value) if name == "file" else str(value).encode("utf-8")
            assert parts[name] == expected, name


def _multipart(seen: Seen) -> dict[str, bytes]:
    boundary = seen.content_type.split("boundary=", 1)[1].strip('"').encode()
    parts: dict[str, bytes] = {}
    for chunk in seen.body.split(b"--" + boundary)[1:-1]:
        head, _, content = chunk[2:].partition(b"\r\n\r\n")
        name = head.split(b'name="', 1)[1].split(b'"', 1)[0].decode()
        parts[name] = content[:-2]
    return parts


# -- the properties -----------------------------------------------------------------------------

CALLS = [entry for entry in OPERATIONS]
IDS = [f"{entry.resource}.{entry.method}" for entry in CALLS]


def _distinct_fields_hold(value: Any, schema: Any) -> bool:
    """Whether ``value`` keeps each ``x-distinct-fields`` rule of ``schema`` (not a keyword)."""
    if not isinstance(value, dict) or not isinstance(schema, dict):
        return True
    fields = schema.get("x-distinct-fields", [])
    given = [json.dumps(value[name]) for name in fields if name in value]
    return len(given) < len(fields) or len(set(given)) == len(given)


def _strategy(entry: OperationRow) -> st.SearchStrategy[Any]:
    """Return schemathesis' strategy of ``entry``'s valid cases, as the whole bundle allows them.

    The bundle's ``x-`` rules are not JSON Schema, so schemathesis does not know them: a case
    that breaks one is not a value the bundle allows, and is filtered out.
    """
    operation = _schemathesis_schema()[entry.path][entry.http_method]
    strategy: st.SearchStrategy[Any] = operation.as_strategy()
    if entry.body == "json":
        schema = _body_schema(entry)
        return strategy.filter(lambda case: _distinct_fields_hold(case.body, schema))
    return strategy


SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.mark.parametrize("entry", CALLS, ids=IDS)
def test_values_the_bundle_allows_are_sent_faithfully(wire: Wire, entry: OperationRow) -> None:
    """Bodies, query values and percent-encoded path ids arrive as drawn, on the right route."""

    @SETTINGS
    @given(case=_strategy(entry))
    def sent_faithfully(case: Any) -> None:
        call = to_call(wire.client, entry, case)
        wire.recorder.seen.clear()
        if call.unsendable is not None:
            with pytest.raises(InvalidParameterError) as refused:
                wire.run(invoke(call))
            assert refused.value.field == call.unsendable and not wire.recorder.seen
            return
        wire.run(invoke(call))
        assert len(wire.recorder.seen) == 1, [s.raw_path for s in wire.recorder.seen]
        seen = wire.recorder.seen[0]
        assert_route(entry, seen, call.path)
        assert_query(entry, seen, call.query, call.styled)
        assert_body(entry, seen, call)

    sent_faithfully()


# -- one keyword broken -------------------------------------------------------------------------

_TEXT = ["", "x", "!", "a/b", "..", ".", "ab", "abcd", "usd", "ABCD", "not-an-email", "a b@c"]


def _candidates(keyword: str, schema: dict[str, Any], value: Any) -> list[Any]:
    """Values that may break ``keyword`` of ``schema`` (filtered by :func:`_breaks_only`)."""
    if keyword in ("pattern", "enum", "format"):
        text = value if isinstance(value, str) else "x"
        return [*_TEXT, text + "!", "!" + text, text + "\n", text.lower(), text.upper(), text[:-1]]
    if keyword == "minLength":
        return ["x" * (schema["minLength"] - 1)]
    if keyword == "maxLength":
        return ["x" * (schema["maxLength"] + 1)]
    if keyword == "minimum":
        return [schema["minimum"] - 1]
    if keyword == "maximum":
        return [schema["maximum"] + 1]
    if keyword == "minItems":
        return [[]]
    if keyword == "type":  # one type, or a list of them (``["string", "null"]``)
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        other = {"string": 5, "integer": "5", "number": "5", "array": "x", "object": "x"}
        return [other.get(kind) for kind in kinds] + [5, "x", True, [1], {"k": 1}]
    if keyword == "required" and isinstance(value, dict):
        declared = schema.get("properties", {})
        return [
            {k: v for k, v in value.items() if k != name}
            for name in schema["required"]
            if not declared.get(name, {}).get("readOnly")  # never sent: not required of a request
        ]
    if keyword == "additionalProperties" and isinstance(value, dict):
        return [{**value, "unexpected_field": "x"}]
    if keyword in ("exclusiveMinimum", "exclusiveMaximum"):
        return [schema[keyword]]
    if keyword == "multipleOf" and isinstance(value, int):
        return [value + 1, value - 1]
    if keyword == "uniqueItems" and isinstance(value, list) and value:
        return [[*value, value[0]]]
    if keyword == "dependentRequired" and isinstance(value, dict):
        needed = [name for names in schema["dependentRequired"].values() for name in names]
        return [{k: v for k, v in value.items() if k != name} for name in needed]
    if keyword == "propertyNames" and isinstance(value, dict) and value:
        return [{**value, "Not A Name!": next(iter(value.values()))}]
    if keyword == "maxProperties" and isinstance(value, dict) and value:
        item = next(iter(value.values()))
        return [{**value, **{f"k{n}": item for n in range(schema["maxProperties"] + 1)}}]
    if keyword == "not" and isinstance(value, dict):
        examples = {"customer_id": "cust_6Yh2Rt8", "email": "jane@example.com"}
        return [{**examples, **value}]
    return []


def _without(schema: dict[str, Any], keyword: str) -> dict[str, Any]:
    rest = {key: item for key, item in schema.items() if key != keyword}
    if keyword == "pattern":
        rest.pop("format", None)  # iso-4217 says nothing a validator checks; keep it honest
    return rest


def _breaks_only(schema: dict[str, Any], keyword: str, value: Any) -> bool:
    """Whether ``value`` fails ``schema`` and passes it without ``keyword`` (and its x- rules)."""
    return not _validator(schema).is_valid(value) and _validator(
        _without(schema, keyword)
    ).is_valid(value)


Site = tuple[tuple[str | int, ...], dict[str, Any], Any]


def _sites(value: Any, schema: Any, where: tuple[str | int, ...] = ()) -> Iterator[Site]:
    """Yield every (path, schema, value) inside a valid ``value``, oneOf resolved to its shape."""
    if not isinstance(schema, dict):
        return
    if "oneOf" in schema:
        for shape in schema["oneOf"]:
            if _validator(shape).is_valid(value):
                yield from _sites(value, shape, where)
        return
    yield where, schema, value
    if isinstance(value, dict):
        declared = schema.get("properties", {})
        for key, item in value.items():
            if key in declared:
                yield from _sites(item, declared[key], (*where, key))
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(value):
            yield from _sites(item, schema["items"], (*where, index))


def _replace(value: Any, where: tuple[str | int, ...], new: Any) -> Any:
    if not where:
        return new
    head, *rest = where
    copied = copy.copy(value)
    inner = value.get(head) if isinstance(value, dict) else value[head]
    copied[head] = _replace(inner, tuple(rest), new)
    return copied


EXERCISED: set[str] = set()
"""Which keyword of which argument each operation's draws broke (for the report)."""

KEYWORDS = (
    "type",
    "pattern",
    "enum",
    "format",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "minItems",
    "required",
    "additionalProperties",
    "not",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "uniqueItems",
    "dependentRequired",
    "propertyNames",
    "maxProperties",
)


@dataclass
class Broken:
    """A case with one keyword of one argument broken, and which."""

    case: Any
    argument: str
    keyword: str


def _broken(entry: OperationRow) -> st.SearchStrategy[Broken]:
    """Draw a valid case, then break exactly one keyword of one of its values."""

    @st.composite
    def draw(draw_from: Any) -> Broken:
        case = draw_from(_strategy(entry))
        case.body = _python(case.body) if not isinstance(case.body, NotSet) else case.body
        case.query = _python(case.query) if case.query else case.query
        options: list[tuple[str, Any, Callable[[Any], None]]] = []
        read_back: list[str] = []
        for argument in entry.arguments:
            if argument.location == "path":
                where_value = unquote(case.path_parameters[argument.name])
                target = (case.path_parameters, argument.name)
                schema = _deref(argument.schema)
                sites = [((), schema, where_value)]
                setter = _path_setter(*target)
            elif argument.location == "query" and _deref(argument.schema).get("type") in (
                "array",
                "object",
            ):
                # Written in its style by schemathesis: read back first, then broken as a value.
                value, taken = _styled(argument, case.query or {})
                if value is None:
                    continue
                for key in taken:
                    case.query.pop(key)
                case.query[argument.name] = value
                read_back.append(argument.name)
                schema = _deref(argument.schema)
                sites = list(_sites(value, schema))
                setter = _dict_setter(case.query, argument.name)
            elif argument.location == "query" and argument.name in (case.query or {}):
                schema = _deref(argument.schema)
                sites = list(_sites(case.query[argument.name], schema))
                setter = _dict_setter(case.query, argument.name)
            else:
                continue
            for where, sub, value in sites:
                for keyword in KEYWORDS:
                    if keyword in sub:
                        for new in _candidates(keyword, sub, value):
                            if _breaks_only(sub, keyword, new):
                                options.append(
                                    (f"{argument.name}: {keyword}", (where, new), setter)
                                )
        if entry.body == "json" and isinstance(case.body, dict):
            schema = _body_schema(entry)
            for where, sub, value in _sites(case.body, schema):
                for keyword in KEYWORDS:
                    # The body as a whole is the method's keyword arguments: it has no type.
                    if keyword in sub and (where or keyword != "type"):
                        for new in _candidates(keyword, sub, value):
                            if _breaks_only(sub, keyword, new):
                                label = ".".join(map(str, where)) or "body"
                                options.append(
                                    (f"{label}: {keyword}", (where, new), _body_setter(case))
                                )
            fields = schema.get("x-distinct-fields")
            if fields and all(name in case.body for name in fields):
                first, *rest = fields
                options.extend(
                    (f"{name}: x-distinct-fields", ((name,), case.body[first]), _body_setter(case))
                    for name in rest
                )
        if entry.body == "multipart" and isinstance(case.body, dict):
            # Parts are bytes and text, which jsonschema cannot hold: each keyword of the
            # upload's schema is broken by hand.
            options.append(("type: type", (("type",), 5), _body_setter(case)))
            options.append(("file: type", (("file",), 5), _body_setter(case)))
            options.append(
                ("body: additionalProperties", ((), {**case.body, "note": "x"}), _body_setter(case))
            )
        if not options:
            return Broken(case, "", "")
        label, change, setter = draw_from(st.sampled_from(options))
        setter(change)
        for name in read_back:  # a broken "x" for a list is not the list ["x"] written piped
            case.query[name] = AsDrawn(case.query[name])
        return Broken(case, *label.split(": "))

    return draw()


def _path_setter(parameters: dict[str, str], name: str) -> Callable[[Any], None]:
    def set_path(change: Any) -> None:
        parameters[name] = quote_segment(change[1])

    return set_path


def _dict_setter(container: dict[str, Any], name: str) -> Callable[[Any], None]:
    def set_value(change: Any) -> None:
        where, new = change
        container[name] = _replace(container[name], where, new)

    return set_value


def _body_setter(case: Any) -> Callable[[Any], None]:
    def set_body(change: Any) -> None:
        where, new = change
        case.body = _replace(case.body, where, new)

    return set_body


def quote_segment(value: Any) -> Any:
    """Percent-encode a path value as schemathesis does, so that :func:`to_call` decodes it."""
    from urllib.parse import quote

    return quote(value, safe="") if isinstance(value, str) else value


@pytest.mark.parametrize(
    "entry",
    [e for e in CALLS if e.arguments],
    ids=[i for e, i in zip(CALLS, IDS, strict=True) if e.arguments],
)
def test_a_value_that_breaks_one_keyword_is_refused_before_the_wire(
    wire: Wire, entry: OperationRow
) -> None:
    """Each single broken keyword raises InvalidParameterError, and nothing is sent."""
    exercised: set[str] = set()

    @SETTINGS
    @given(broken=_broken(entry))
    def refused(broken: Broken) -> None:
        if not broken.keyword:
            return  # nothing in this draw had a keyword to break
        exercised.add(f"{broken.argument}: {broken.keyword}")
        wire.recorder.seen.clear()
        # A required field left out is, for a required argument, Python's own TypeError.
        expected = (
            (InvalidParameterError, TypeError)
            if broken.keyword == "required"
            else (InvalidParameterError)
        )
        with pytest.raises(expected):
            call = to_call(wire.client, entry, broken.case)
            wire.run(invoke(call))
        assert wire.recorder.seen == [], (broken.argument, broken.keyword)

    refused()
    EXERCISED.update(f"{entry.operation_id} {item}" for item in exercised)
    assert exercised, "no draw had a keyword to break"


def test_each_stricter_rule_of_the_sdk_is_a_line_of_the_bundle() -> None:
    """Every rule in STRICTER names a keyword and value the bundle states, or our overlay adds.

    Compared as YAML, not as text: a bundle written out again (another quoting, another
    indentation, flow or block lists) states the same rules. The ``x-`` ones are ours, in
    ``openapi/overlay.yaml``; the document read is the provider's with the overlay applied.
    """
    document = with_overlay(yaml.safe_load(YAML.read_text(encoding="utf-8")))
    stated = list(_keywords(document))
    for rule, line in STRICTER:
        ((keyword, value),) = yaml.safe_load(line).items()
        assert (keyword, value) in stated, f"{rule}: {line!r} is not stated in the bundle"


def _keywords(node: Any) -> Iterator[tuple[str, Any]]:
    """Every (keyword, value) pair of every mapping in ``node``, at any depth."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield key, value
            yield from _keywords(value)
    elif isinstance(node, list):
        for item in node:
            yield from _keywords(item)


@pytest.mark.parametrize(
    ("call", "request_"),
    [
        (
            lambda c: c.balance_conversions.create(
                source_currency="EUR", target_currency="EUR", source_amount=100
            ),
            (
                "POST",
                "/v1/balance_conversions",
                {"source_currency": "EUR", "target_currency": "EUR", "source_amount": 100},
            ),
        ),
        (
            lambda c: c.kyc_links.create(customer_id="cust_1", email="jane@example.com"),
            ("POST", "/v1/kyc-links", {"customer_id": "cust_1", "email": "jane@example.com"}),
        ),
        (lambda c: c.orders.retrieve(".."), ("GET", "/v1/orders/%2E%2E", None)),
        (lambda c: c.documents.retrieve("ord_1"), ("GET", "/v1/document/ord_1", None)),
    ],
    ids=["distinct currencies", "customer_id or email", "one path segment", "document id"],
)
async def test_the_sdk_and_the_sandbox_word_a_stated_rule_alike(
    call: Callable[[AsyncPaymentsClient], Any], request_: tuple[str, str, Any]
) -> None:
    """The SDK's ``<field>: <problem>`` is the sandbox's 400 ``<field> <problem>``."""
    async with Sandbox(seed_payments=0) as sandbox:
        with pytest.raises(InvalidParameterError) as raised:
            await call(sandbox.client())
        method, path, body = request_
        transport = httpx.ASGITransport(app=sandbox.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
            response = await http.request(
                method, path, json=body, headers={"Authorization": f"Bearer {sandbox.api_key}"}
            )
    assert response.status_code == 400
    assert response.json()["message"] == f"{raised.value.field} {raised.value.problem}"


def test_what_stands_beside_a_ref_is_read_with_it() -> None:
    """A ``readOnly`` beside a ``$ref`` holds (3.1): a required field it marks is not broken.

    Otherwise a readOnly required field written as ``{$ref, readOnly: true}`` (a ``created_at``)
    would be taken for a field a request must carry, and its absence for a broken keyword.
    """
    name = next(iter(_document()["components"]["schemas"]))
    seen = _deref({"$ref": f"#/components/schemas/{name}", "readOnly": True})
    assert seen["readOnly"] is True
    assert _deref({"$ref": f"#/components/schemas/{name}"}) == _deref(
        _document()["components"]["schemas"][name]
    )
