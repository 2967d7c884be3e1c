"""Per-call options on every method: extra_headers, extra_query, extra_body and timeout."""

from __future__ import annotations

import inspect
import json
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payments_sdk import AsyncPaymentsClient, InvalidParameterError, PaymentsError
from payments_sdk._operation_parts import request_body
from tests.call.test_hostile_caller_input_fuzz import (
    BASE_URL,
    METHODS,
    Server,
    _call,
    valid_arguments,
)
from tests.support.keyscan import KEY, key_leaks

OPTIONS = {
    "extra_headers": {"X-Extra": "yes"},
    "extra_query": {"trace": "t-1"},
    "extra_body": {"note": "undocumented"},
    "timeout": 7,
}


def _valid(method: str) -> dict[str, Any]:
    """The method's valid keyword arguments, drawn from the bundle's schemas (schema_values)."""
    return dict(valid_arguments(method))


def test_every_method_takes_the_per_call_options() -> None:
    """Each method (one per operation of the table, and ``request``) ends in ``**options``."""
    for method, signature in METHODS.items():
        last = list(signature.parameters.values())[-1]
        assert last.kind is inspect.Parameter.VAR_KEYWORD, method
        assert last.name == "options" and "Unpack[RequestOptions]" in str(last.annotation), method
    from payments_sdk._operation_table import OPERATIONS

    assert len(METHODS) == len(OPERATIONS) + 1


def _refuses_extra_body(method: str) -> bool:
    """Whether the method takes no ``extra_body``: no request body, or one the bundle closes."""
    from payments_sdk._operation_table import OPERATIONS
    from payments_sdk.sandbox.contract import load_bundle, resolve

    folded = load_bundle()
    resource, _, name = method.rpartition(".")
    entry = next(
        (e for e in OPERATIONS if (e.resource, e.method) == (resource or "client", name)), None
    )
    if entry is None:  # client.request: an operation the bundle does not describe
        return False
    body = request_body(folded, entry.path, entry.http_method)
    if body is None:
        return True  # no body to add a field to: sending one would leave the contract
    (media,) = body.value["content"].values()
    schema = resolve(folded, media["schema"])
    shapes = [resolve(folded, s) for s in schema.get("oneOf", [schema])]
    return all(shape.get("additionalProperties") is False for shape in shapes)


@pytest.mark.parametrize("method", sorted(METHODS))
async def test_each_method_sends_its_per_call_options(method: str) -> None:
    """The extra header, query parameter and body field reach the wire; the timeout applies.

    An operation with no request body, or one the bundle closes, takes no extra field:
    ``extra_body`` is refused before sending (naming the operation), and the other options
    still go.
    """
    server = Server(method)
    options = dict(OPTIONS)
    async with (
        httpx.AsyncClient(transport=httpx.MockTransport(server)) as pool,
        AsyncPaymentsClient(api_key=KEY, base_url=BASE_URL, http_client=pool) as client,
    ):
        if _refuses_extra_body(method):
            with pytest.raises(InvalidParameterError) as raised:
                await _call(client, method, {**_valid(method), **options})
            assert raised.value.field == "extra_body" and not server.sent
            options.pop("extra_body")
        await _call(client, method, {**_valid(method), **options})
    assert server.sent, method
    for request in server.sent:
        assert request.headers["x-extra"] == "yes"
        assert request.headers["authorization"] == "Bearer ***"  # masked once sent
        assert request.url.params["trace"] == "t-1"
        assert request.extensions["timeout"]["read"] == 7
        content = request.read()
        if "extra_body" not in options:
            assert b"undocumented" not in content
        elif request.headers.get("content-type", "").startswith("multipart/form-data"):
            assert b'name="note"' in content and b"undocumented" in content
        else:
            assert json.loads(content)["note"] == "undocumented"


async def test_options_do_not_outlive_the_call() -> None:
    """The next call without options sends none of them."""
    server = Server("balances.retrieve")
    async with (
        httpx.AsyncClient(transport=httpx.MockTransport(server)) as pool,
        AsyncPaymentsClient(api_key=KEY, base_url=BASE_URL, http_client=pool) as client,
    ):
        await client.balances.retrieve(**{**OPTIONS, "extra_body": None})  # type: ignore[arg-type]
        await client.balances.retrieve()
    later = server.sent[-1]
    assert "x-extra" not in later.headers and "trace" not in later.url.params
    assert later.content == b"" and later.extensions["timeout"]["read"] == 30


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"extra_headers": {"X-A": "1\r\nX-Injected: 1"}}, "extra_headers['X-A']"),
        ({"extra_headers": {"Authorization": "Bearer other"}}, "extra_headers['Authorization']"),
        ({"extra_headers": {"authorization": "x"}}, "extra_headers['authorization']"),
        ({"extra_headers": {"Bad Name": "x"}}, "extra_headers['Bad Name']"),
        ({"extra_headers": ["X-A"]}, "extra_headers"),
        ({"extra_query": {"a": object()}}, "extra_query"),
        ({"extra_query": "a=1"}, "extra_query"),
        ({"extra_body": {"x": float("nan")}}, "extra_body"),
        ({"extra_body": {"x": {1, 2}}}, "extra_body"),
        ({"extra_body": {1: "x"}}, "extra_body"),
        ({"extra_body": [1]}, "extra_body"),
        ({"timeout": -1}, "timeout"),
        ({"timeout": "5"}, "timeout"),
        ({"extra_json": {}}, "extra_json"),
    ],
)
async def test_bad_options_are_refused_before_sending(options: dict[str, Any], field: str) -> None:
    """Each bad option is an InvalidParameterError naming it, and nothing is sent."""
    server = Server("refunds.create")
    async with (
        httpx.AsyncClient(transport=httpx.MockTransport(server)) as pool,
        AsyncPaymentsClient(api_key=KEY, base_url=BASE_URL, http_client=pool) as client,
    ):
        with pytest.raises(InvalidParameterError) as raised:
            await client.refunds.create(payment_id="payt_1", **options)
    assert raised.value.field == field
    assert server.sent == []


HEADER_TEXT = st.text(max_size=12)
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    headers=st.dictionaries(HEADER_TEXT, HEADER_TEXT | st.integers(), max_size=3),
    query=st.dictionaries(HEADER_TEXT, JSONISH, max_size=3),
    body=st.dictionaries(HEADER_TEXT | st.integers(), JSONISH | st.sets(st.integers()), max_size=3),
    seconds=st.one_of(st.floats(), st.integers(), st.text(max_size=3), st.none()),
)
async def test_hostile_options_raise_only_sdk_errors_and_keep_the_key(
    headers: dict[Any, Any], query: dict[str, Any], body: dict[Any, Any], seconds: Any
) -> None:
    """Any options: a result or an SDK error; the key is sent as is and never shows."""
    server = Server("refunds.create")
    options = {"extra_headers": headers, "extra_query": query, "extra_body": body}
    if seconds is not None:
        options["timeout"] = seconds
    async with (
        httpx.AsyncClient(transport=httpx.MockTransport(server)) as pool,
        AsyncPaymentsClient(api_key=KEY, base_url=BASE_URL, http_client=pool) as client,
    ):
        try:
            await client.refunds.create(payment_id="payt_1", **options)
        except PaymentsError as error:
            assert key_leaks(error) == []
    for request in server.sent:
        assert request.url.path == "/v1/refunds"
        assert request.headers.get_list("authorization") == ["Bearer ***"]


def test_a_misspelt_option_is_a_type_error_for_mypy(tmp_path: Any) -> None:
    """Under mypy --strict the four options type-check and a name not among them does not."""
    from mypy import api

    snippet = tmp_path / "snippet.py"
    snippet.write_text(
        "from payments_sdk import AsyncPaymentsClient\n\n\n"
        "async def f(client: AsyncPaymentsClient) -> None:\n"
        "    await client.balances.retrieve(extra_headers={'X': '1'}, timeout=2.0)\n"
        "    await client.balances.retrieve(extra_header={'X': '1'})\n"
        "    await client.balances.retrieve(extra_query=5)\n"
    )
    out, _, status = api.run(["--strict", "--no-incremental", str(snippet)])
    assert status == 1
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 2, out
    assert ":6:" in errors[0] and "extra_header" in errors[0]
    assert ":7:" in errors[1] and "extra_query" in errors[1]
