"""Hypothesis throws hostile caller input at every wrapper method, and hostile pages at the pager.

The methods are found by introspecting ``AsyncPaymentsClient``: its resource namespaces and its
own operations. Each is called with arguments drawn from hostile values (strings with lone
surrogates, control characters, NUL or thousands of characters; ids with ``/``, ``.``, ``..``,
``%2F``, ``?``, ``#``; naive, extreme and unparseable datetimes; 10**400, NaN and infinite
numbers, Decimal NaN; wrong types), mixed with valid values so that every check is reached. A
``MockTransport`` records every request. For every call:

- only ``PaymentsError`` subclasses escape;
- a request that was sent went to that operation's own method and path template, each path
  parameter exactly one segment holding exactly the id given, and the query holds only the
  operation's own parameters;
- no exception shows any part of the key (``tests/support/keyscan.py``).
"""

from __future__ import annotations

import inspect
import io
import json
import math
import re
from contextlib import aclosing
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal
from functools import cache, cached_property
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

import httpx
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from payments_sdk import AsyncPager, AsyncPaymentsClient, Money, PaymentsError, instant_retries
from payments_sdk._naming import CLIENT
from payments_sdk._operation_parts import parameters as operation_parameters
from payments_sdk._operation_table import OPERATIONS as TABLE
from payments_sdk.sandbox.contract import load_bundle
from tests.call.test_methods_send_the_bundles_requests import _operation, _success_example
from tests.support.keyscan import KEY, key_leaks
from tests.support.schema_values import call_arguments

BASE_URL = "https://api.payments.test/v1"
FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# -- the methods ------------------------------------------------------------------------------

# Which operation each wrapper method sends, from the operation table (so from the bundle): a
# method the client has that the table does not name fails the coverage test.
OPERATIONS: dict[str, str | None] = {
    (entry.method if entry.resource == CLIENT else f"{entry.resource}.{entry.method}"): (
        entry.operation_id
    )
    for entry in TABLE
} | {"request": None}  # any path the caller names: checked against that path


def wrapper_methods() -> dict[str, inspect.Signature]:
    """Every public method of every namespace of the client, and the client's own operations."""
    client = AsyncPaymentsClient(api_key=KEY, base_url=BASE_URL)
    found: dict[str, inspect.Signature] = {}
    members = {k: v for cls in reversed(AsyncPaymentsClient.__mro__) for k, v in vars(cls).items()}
    for name, attribute in members.items():
        if name.startswith("_") or name in ("aclose", "with_options", "with_raw_response"):
            continue
        if inspect.iscoroutinefunction(attribute):
            found[name] = inspect.signature(getattr(client, name))
        elif isinstance(attribute, cached_property):
            for method_name, method in inspect.getmembers(getattr(client, name), inspect.ismethod):
                if not method_name.startswith("_"):
                    found[f"{name}.{method_name}"] = inspect.signature(method)
    return found


METHODS = wrapper_methods()


def test_every_wrapper_method_is_fuzzed() -> None:
    """Every method of the client is an operation of the table (or ``request``), and back."""
    assert set(METHODS) == set(OPERATIONS)


# -- hostile values ---------------------------------------------------------------------------

SURROGATE = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
CONTROL = st.characters(max_codepoint=0x1F) | st.just("\x7f")
TEXT = st.one_of(
    st.text(st.one_of(st.characters(), SURROGATE, CONTROL), max_size=12),
    st.builds(
        lambda piece, n: piece * n,
        st.sampled_from(["a", "/", "\x00", "\u00e9", "\ud800", "%2F", "\r\n"]),
        st.integers(min_value=200, max_value=3000),
    ),
    st.sampled_from(["", " ", "\x00", "\ud800", "\udfff", "\ufeff", "\u202e", "NaN", "null"]),
)
ID_PIECES = [
    "/", ".", "..", "%2F", "%2f", "%2e", "%2e%2e", "%2E%2E", "?", "#", " ", "?page=2", "#top",
    "&a=1", "\\", "..%2F", "%00", "\x00", "\r\n", "\t", "\u00e9", "\u202e", "\ud800", "", "%",
    "%zz", ";", "*", "ord_1", "a",
]  # fmt: skip
# The id prefixes the bundle's patterns name (payt_, cust_...).
PREFIXES = sorted(set(re.findall(r'"pattern": "\^([A-Za-z]+_)', json.dumps(load_bundle())))) or [
    "x_"
]
IDS = st.one_of(
    st.sampled_from(ID_PIECES),
    st.builds(str.__add__, st.sampled_from(PREFIXES), st.sampled_from(ID_PIECES)),
    st.lists(st.sampled_from(ID_PIECES), min_size=1, max_size=4).map("".join),
    st.builds(str.__add__, st.sampled_from(PREFIXES), TEXT),
)
OFFSETS = st.integers(min_value=-1439, max_value=1439).map(
    lambda minutes: timezone(timedelta(minutes=minutes))
)
AWARE = st.builds(lambda moment, zone: moment.replace(tzinfo=zone), st.datetimes(), OFFSETS)
INSTANTS = st.one_of(
    st.datetimes(),  # naive
    AWARE,
    AWARE.map(datetime.isoformat),
    st.datetimes().map(datetime.isoformat),
    st.sampled_from(
        [
            datetime.max,
            datetime.min,
            datetime.max.replace(tzinfo=UTC),
            datetime.min.replace(tzinfo=UTC),
            "9999-12-31T23:59:59-01:00",
            "0001-01-01T00:00:00+01:00",
            "9999-12-31T23:59:59.999999Z",
            "2026-02-30T00:00:00Z",
            "2026-01-01",
            "yesterday",
            "",
            date(2026, 1, 1),
        ]
    ),
    TEXT,
)
NUMBERS = st.one_of(
    st.sampled_from(
        [
            10**400,
            -(10**400),
            2**63,
            2**64,
            -1,
            0,
            True,
            False,
            math.nan,
            math.inf,
            -math.inf,
            1.5,
            -0.0,
            Decimal("NaN"),
            Decimal("sNaN"),
            Decimal("Infinity"),
            Decimal("1E+400"),
            Decimal("1E-400"),
            Decimal("-0"),
        ]
    ),
    st.integers(),
    st.floats(),
)
MONEY = st.sampled_from(
    [
        Money.of("1.00", "USD"),
        Money.of("1", "EUR"),
        Money.of("0", "USD"),
        Money.of("-5", "USD"),
        Money.of("1", "JPY"),
        Money.of("1.010", "KWD"),
        Money.of("99999999999999999999", "USD"),
    ]
)
WRONG = st.sampled_from(
    [
        None,
        [],
        {},
        (),
        set(),
        object(),
        b"bytes",
        bytearray(b"x"),
        io.BytesIO(b"b"),
        Path("no\x00such"),
        Path("/nonexistent/payments-sdk-fuzz"),
        3j,
        ...,
    ]
) | st.builds(io.StringIO, st.just("text"))
LEAF = st.one_of(TEXT, IDS, NUMBERS, WRONG, INSTANTS)
ANY = st.one_of(
    LEAF,
    MONEY,
    st.lists(LEAF, max_size=3),
    st.dictionaries(st.one_of(TEXT, st.integers()), LEAF, max_size=3),
)

MAPPINGS = st.dictionaries(st.one_of(TEXT, st.integers(), st.sampled_from(["name", "type"])), ANY)

ENTRIES: dict[str, Any] = {
    (entry.method if entry.resource == CLIENT else f"{entry.resource}.{entry.method}"): entry
    for entry in TABLE
}


def _request_arguments() -> dict[str, Any]:
    """Valid arguments of ``client.request``: a GET the bundle declares, without path ids."""
    prefix = urlsplit(BASE_URL).path
    entry = next(e for e in TABLE if e.http_method == "GET" and "{" not in e.path)
    return {"method": "GET", "path": entry.path.removeprefix(prefix)}


@cache
def valid_arguments(method: str) -> dict[str, Any]:
    """Valid keyword arguments of ``method``, drawn from the bundle's schemas (schema_values)."""
    entry = ENTRIES.get(method)
    return call_arguments(entry) if entry is not None else _request_arguments()


def _for(method: str, name: str) -> st.SearchStrategy[Any]:
    """Hostile values aimed at one parameter, by what its schema says it is."""
    entry = ENTRIES.get(method)
    argument = next((a for a in entry.arguments if a.python_name == name), None) if entry else None
    if argument is None:  # client.request's own arguments, and the pager's prefetch
        if name == "path":
            return st.lists(st.sampled_from(ID_PIECES), max_size=4).map(lambda p: "/" + "/".join(p))
        return {"params": MAPPINGS, "json": ANY, "prefetch": NUMBERS}.get(name, TEXT)
    schema = argument.schema
    kind = schema.get("type")
    if argument.location == "path" or "pattern" in schema:
        return IDS
    if schema.get("format") in ("date-time", "date"):
        return INSTANTS
    if kind in ("integer", "number"):
        return NUMBERS | MONEY
    if kind == "object":
        fields = sorted(schema.get("properties", {}))[:2] or ["name"]
        return MAPPINGS | st.fixed_dictionaries({field: ANY for field in fields})
    if kind == "array":
        item = schema.get("items", {})
        item = item if isinstance(item, dict) else {}  # items: false (a prefixItems tuple)
        fields = sorted(item.get("properties", {}))
        shaped = st.fixed_dictionaries({field: IDS for field in fields}) if fields else IDS
        return st.lists(st.one_of(ANY, shaped))
    return TEXT


@st.composite
def _arguments(draw: st.DrawFn, method: str) -> dict[str, Any]:
    """Keyword arguments for ``method``: valid ones, with up to two made hostile.

    A hostile value is aimed at the parameter (ids for an id, instants for a date-time) or of
    any kind. Optional parameters without a valid value are left out unless made hostile.
    """
    parameters = [
        parameter
        for parameter in METHODS[method].parameters.values()
        if parameter.kind is not inspect.Parameter.VAR_KEYWORD  # per-call options: own test
    ]
    names = [parameter.name for parameter in parameters]
    count = draw(st.sampled_from([0, 1, 1, 1, 2]), label="hostile parameters")
    hostile = set(draw(st.permutations(names))[:count])
    valid = valid_arguments(method)
    kwargs: dict[str, Any] = {}
    for parameter in parameters:
        name = parameter.name
        if name in hostile or (name not in valid and parameter.default is inspect.Parameter.empty):
            kwargs[name] = draw(st.one_of(_for(method, name), ANY), label=name)
        elif name in valid:
            kwargs[name] = valid[name]
    return kwargs


# -- the server -------------------------------------------------------------------------------


@cache
def _folded() -> dict[str, Any]:
    return load_bundle()


class Server:
    """Answers each operation with its example and records what the SDK sent."""

    def __init__(self, method: str) -> None:
        self.method = method
        self.sent: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.sent.append(request)
        operation_id = OPERATIONS[self.method]
        if operation_id is None:
            return httpx.Response(200, json={})
        _, _, operation = _operation(_folded(), self.method)
        status, example = _success_example(_folded(), operation)
        if isinstance(example, dict) and "page_meta" in example:
            page = int(request.url.params.get("page", "1"))
            meta = {"current": page, "previous": None, "next": None, "per_page": 20, "pages": 1}
            example = {**example, "page_meta": {**meta, "count": len(example["data"])}}
        return (
            httpx.Response(status, json=example) if example is not None else httpx.Response(status)
        )


_PARAM = re.compile(r"\{([^}]+)\}")


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    """Follow a local ``$ref`` (``#/components/parameters/PerPage``) to what it names."""
    while "$ref" in node:
        target: Any = _folded()
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def _check_request(method: str, kwargs: dict[str, Any], request: httpx.Request) -> None:
    """The request went to the method's own operation: path template, one segment per id."""
    raw_path, _, query = request.url.raw_path.decode("ascii").partition("?")
    sent_query = [name for name, _ in parse_qsl(query, keep_blank_values=True)]
    operation_id = OPERATIONS[method]
    if operation_id is None:  # client.request(): the path exactly as written, params as the query
        prefix = "" if kwargs.get("root") is True else "/v1"
        assert raw_path == prefix + kwargs["path"], (raw_path, kwargs["path"])
        assert set(sent_query) <= {str(key) for key in kwargs.get("params") or {}}
        return
    http_method, template, _ = _operation(_folded(), method)
    assert request.method == http_method
    parameters = [p.value for p in operation_parameters(_folded(), template, http_method)]
    declared = {p["name"] for p in parameters if p.get("in") == "query"}
    for p in parameters:  # an object sent form-exploded sends its fields as names
        schema = _resolve(p.get("schema", {}))
        if p.get("in") == "query" and schema.get("type") == "object":
            declared |= set(schema.get("properties", {}))
    # A deepObject parameter is sent as ``name[key]``: it is the parameter ``name``.
    assert {sent.split("[", 1)[0] for sent in sent_query} <= declared, (sent_query, declared)
    expected = template.split("/")
    segments = raw_path.split("/")
    assert len(segments) == len(expected), (raw_path, template)
    for segment, part in zip(segments, expected, strict=True):
        name = _PARAM.fullmatch(part)
        if name is None:
            assert segment == part, (raw_path, template)
            continue
        assert segment not in ("", ".", ".."), raw_path
        python_name = next(
            a.python_name
            for a in ENTRIES[method].arguments
            if a.location == "path" and a.name == name.group(1)
        )
        given_id = kwargs.get(python_name)
        assert unquote(segment, errors="strict") == given_id, (segment, given_id)


async def _call(client: AsyncPaymentsClient, method: str, kwargs: dict[str, Any]) -> None:
    namespace, _, name = method.rpartition(".")
    target = getattr(getattr(client, namespace), name) if namespace else getattr(client, name)
    result = target(**kwargs)
    if isinstance(result, AsyncPager):
        await result
        async with aclosing(aiter(result)) as items:
            async for _ in items:
                pass
    else:
        await result


def _escaped(error: BaseException, method: str, kwargs: dict[str, Any]) -> str:
    return f"{type(error).__name__}: {error!r} escaped {method}({kwargs!r})"


@FUZZ
@given(data=st.data())
@pytest.mark.parametrize("method", sorted(OPERATIONS))
async def test_hostile_arguments_raise_only_sdk_errors_and_never_move_the_request(
    method: str, data: st.DataObject
) -> None:
    """Only SDK errors escape; what is sent goes to the method's own path; no key in errors."""
    kwargs = data.draw(_arguments(method), label="kwargs")
    server = Server(method)
    async with (
        httpx.AsyncClient(transport=httpx.MockTransport(server)) as pool,
        AsyncPaymentsClient(api_key=KEY, base_url=BASE_URL, http_client=pool) as client,
    ):
        try:
            with instant_retries():
                await _call(client, method, kwargs)
        except PaymentsError as error:
            event(f"raised {type(error).__name__}")
            assert key_leaks(error) == []
        except BaseException as error:  # the property: nothing else escapes
            raise AssertionError(_escaped(error, method, kwargs)) from error
        else:
            event("succeeded")
    event("sent a request" if server.sent else "sent nothing")
    for request in server.sent:
        _check_request(method, kwargs, request)


# -- hostile pages ----------------------------------------------------------------------------

JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=5),
)
PAGE_NUMBER = st.one_of(st.integers(min_value=-3, max_value=8), JSON_LEAF, st.just(10**30))
PAGE_META = st.fixed_dictionaries(
    {},
    optional={
        "current": PAGE_NUMBER,
        "previous": PAGE_NUMBER,
        "next": PAGE_NUMBER,
        "per_page": PAGE_NUMBER,
        "pages": PAGE_NUMBER,
        "count": PAGE_NUMBER,
    },
)
STAMP = st.one_of(
    st.sampled_from(
        [
            "2026-01-01T00:00:00Z",
            "9999-12-31T23:59:59.999999Z",
            "9999-12-31T23:30:00-01:00",
            "0001-01-01T00:30:00+01:00",
            "2026-01-01T00:00:00",
            "not a date",
        ]
    ),
    AWARE.map(datetime.isoformat),
    JSON_LEAF,
)
ITEM = st.fixed_dictionaries(
    {},
    optional={
        "id": st.one_of(st.text(max_size=5), JSON_LEAF),
        "status": st.one_of(st.just("success"), JSON_LEAF),
        "currency": st.one_of(st.just("USD"), JSON_LEAF),
        "amount": st.one_of(st.integers(min_value=1, max_value=100), JSON_LEAF),
        "created_at": STAMP,
    },
)
PAGE = st.fixed_dictionaries(
    {"data": st.lists(ITEM, max_size=3), "page_meta": PAGE_META},
    optional={"extra": JSON_LEAF},
) | st.one_of(JSON_LEAF, st.lists(JSON_LEAF, max_size=2))


@FUZZ
@given(pages=st.lists(PAGE, min_size=1, max_size=5), prefetch=st.sampled_from([0, 1, 3]))
async def test_any_page_ends_the_walk_with_an_sdk_error_or_nothing(
    pages: list[Any], prefetch: int
) -> None:
    """Whatever the pages say, the walk ends within a bounded number of requests, typed."""
    sent = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal sent
        sent += 1
        return httpx.Response(200, json=pages[(sent - 1) % len(pages)])

    async with (
        httpx.AsyncClient(transport=httpx.MockTransport(handler)) as pool,
        AsyncPaymentsClient(api_key=KEY, base_url=BASE_URL, http_client=pool) as client,
    ):
        try:
            async with aclosing(aiter(client.payments.list(prefetch=prefetch))) as items:
                async for _ in items:
                    assert sent <= 2 * len(pages) + prefetch + 2, "the walk did not end"
        except PaymentsError as error:
            assert key_leaks(error) == []
        except BaseException as error:
            raise AssertionError(_escaped(error, "payments.list", {"pages": pages})) from error
    assert sent <= 2 * len(pages) + prefetch + 2


# -- hostile answers --------------------------------------------------------------------------

BODY = st.one_of(
    st.binary(max_size=40),
    st.builds(lambda depth: b"[" * depth + b"]" * depth, st.integers(900, 200_000)),
    st.recursive(JSON_LEAF, lambda inner: st.lists(inner, max_size=3), max_leaves=6).map(
        lambda value: json.dumps(value).encode()
    ),
    st.sampled_from([f'{{"error": "{KEY}", "message": "Bearer {KEY}"}}'.encode(), KEY.encode()]),
)


@FUZZ
@given(
    status=st.integers(min_value=100, max_value=599),
    body=BODY,
    content_type=st.sampled_from(["application/json", "text/plain", "text/html", "", "x/y"]),
    call=st.sampled_from(["refunds.retrieve", "request", "payments.list"]),
)
async def test_any_answer_is_a_result_or_an_sdk_error(
    status: int, body: bytes, content_type: str, call: str
) -> None:
    """Any status, body and content type: a parsed result or an SDK error, without the key."""

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, content=body, headers={"content-type": content_type})

    kwargs: dict[str, Any] = {"id": "rfnd_1"} if call == "refunds.retrieve" else {}
    if call == "request":
        kwargs = {"method": "GET", "path": "/customers"}
    async with (
        httpx.AsyncClient(transport=httpx.MockTransport(handler)) as pool,
        AsyncPaymentsClient(api_key=KEY, base_url=BASE_URL, http_client=pool) as client,
    ):
        try:
            with instant_retries():
                await _call(client, call, kwargs)
        except PaymentsError as error:
            event(f"raised {type(error).__name__}")
            assert key_leaks(error) == []
        except BaseException as error:  # the property: nothing else escapes
            raise AssertionError(_escaped(error, call, {"status": status, "body": body})) from error
