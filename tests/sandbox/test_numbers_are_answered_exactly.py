"""The sandbox takes a JSON ``number`` exactly and answers it with the same digits.

It parsed every number with a fraction as a Decimal and then refused it ("no request field of
the bundle takes a fractional number"): a rule only its code knew. Where the bundle says
``number``, ``0.30000000000000000000001`` is taken as those digits (never a float, which would
answer 0.3), checked against the schema's bounds exactly, stored (the state file too) and
answered as the same JSON number; an ``integer`` still refuses a fraction. The FX rate it
draws in millionths is answered exactly as well.

The edited bundle adds a bounded ``number`` to the request and the record of the first create
of the bundle that answers a record with the request's example, whatever it is named.
"""

from __future__ import annotations

import copy
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import httpx
import pytest
from fold import fold_server_prefixes

from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox._input import parse_json
from payments_sdk.sandbox._json_answer import JSONAnswer
from payments_sdk.sandbox._state_file import decode, encode
from payments_sdk.sandbox.contract import SchemaSet, resolve
from tests.support.edited_sandbox import edited_sandbox
from tests.support.provider_bundle import payments_yaml
from tests.support.schema_values import request_example
from tests.support.scratch_generate import with_overlay

RATE = {"type": "number", "minimum": 0, "maximum": 1, "description": "A share, 0 to 1."}
EXACT = "0.30000000000000000000001"


def _component(schema: dict[str, Any]) -> str | None:
    ref = schema.get("$ref", "")
    return ref.rsplit("/", 1)[1] if ref.startswith("#/components/schemas/") else None


def _creates(source: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Each POST without path parameters: its path, request component and answer component."""
    found = []
    for path, item in source["paths"].items():
        operation = item.get("post")
        if "{" in path or not isinstance(operation, dict) or "requestBody" not in operation:
            continue
        body = resolve(source, operation["requestBody"]).get("content", {})
        request = _component(body.get("application/json", {}).get("schema", {}))
        answers = [
            _component(
                resolve(source, answer)
                .get("content", {})
                .get("application/json", {})
                .get("schema", {})
            )
            for code, answer in operation["responses"].items()
            if code.startswith("2")
        ]
        if request and answers and answers[0]:
            found.append((path, request, answers[0]))
    return found


@pytest.fixture(scope="module")
def edited() -> tuple[dict[str, Any], list[str]]:
    """The folded bundle with ``x_rate`` on every create's request and record; their paths."""
    source = with_overlay(payments_yaml())
    for _, request, answer in _creates(source):
        for name in (request, answer):
            schema = source["components"]["schemas"][name]
            if "properties" in schema:
                schema["properties"]["x_rate"] = copy.deepcopy(RATE)
    folded = fold_server_prefixes(source)
    return folded, [path for path, _, _ in _creates(folded)]


@pytest.fixture
async def http(edited: tuple[dict[str, Any], list[str]]) -> AsyncIterator[httpx.AsyncClient]:
    async with edited_sandbox(edited[0], seed_payments=3) as client:
        yield client


async def _create(
    http: httpx.AsyncClient, edited: tuple[dict[str, Any], list[str]], rate: str
) -> tuple[str, httpx.Response]:
    """POST the first create that answers 201 with its example and ``x_rate`` as ``rate``."""
    folded, paths = edited
    for path in paths:
        operation = folded["paths"][path]["post"]
        schema = resolve(folded, operation["requestBody"])["content"]["application/json"]["schema"]
        body = request_example(folded, schema)
        if not isinstance(body, dict) or "x_rate" not in json.dumps(resolve(folded, schema)):
            continue
        body.pop("x_rate", None)
        text = json.dumps(body)[:-1] + (", " if body else "") + f'"x_rate": {rate}}}'
        answer = await http.post(path, content=text, headers={"content-type": "application/json"})
        if answer.status_code != 201 and "x_rate" not in answer.text:
            continue  # the rule refused the example for its own reasons: try the next
        return path, answer
    raise AssertionError(f"no create of {paths} answered its example")


async def test_a_fraction_is_taken_and_answered_with_its_digits(
    http: httpx.AsyncClient, edited: tuple[dict[str, Any], list[str]]
) -> None:
    _, answer = await _create(http, edited, EXACT)
    assert answer.status_code == 201, answer.text
    assert f'"x_rate":{EXACT}' in answer.text  # the same JSON number, not 0.3 and not a string
    assert json.loads(answer.text, parse_float=Decimal)["x_rate"] == Decimal(EXACT)
    _, whole = await _create(http, edited, "1")
    assert (whole.status_code, whole.json()["x_rate"]) == (201, 1)


@pytest.mark.parametrize("rate", ["1.0000000000000000000001", "-0.5", '"0.5"', "true", "1e99999"])
async def test_a_number_its_schema_refuses_is_a_400_naming_it(
    http: httpx.AsyncClient, edited: tuple[dict[str, Any], list[str]], rate: str
) -> None:
    _, answer = await _create(http, edited, rate)
    assert answer.status_code == 400, answer.text
    assert answer.json()["message"].startswith("x_rate"), answer.text


def test_numbers_are_parsed_stored_and_answered_exactly() -> None:
    """The JSON parser, the state file and the answers keep a Decimal's digits and an int."""
    value = parse_json(f'{{"a": {EXACT}, "b": 7, "c": 1.50, "d": 1e3}}'.encode())
    assert value == {"a": Decimal(EXACT), "b": 7, "c": Decimal("1.50"), "d": 1000}
    assert [type(value[k]) for k in "abcd"] == [Decimal, int, Decimal, int]
    kept = {**value, "at": datetime(2026, 1, 2, tzinfo=UTC)}
    assert decode(encode(kept)) == kept
    assert type(decode(encode(kept))["a"]) is Decimal
    assert JSONAnswer(value).body == f'{{"a":{EXACT},"b":7,"c":1.50,"d":1000}}'.encode()


async def test_the_fx_rate_is_answered_exactly() -> None:
    """The rate drawn in millionths is the JSON number of those millionths, not a float's."""
    sandbox = Sandbox()
    transport = httpx.ASGITransport(app=sandbox.app)
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    async with httpx.AsyncClient(
        transport=transport, base_url="http://127.0.0.1", headers=headers
    ) as http:
        answer = await http.get(
            "/v1/fx-rate", params={"source_currency": "USD", "target_currency": "JPY"}
        )
    assert answer.status_code == 200, answer.text
    rate = json.loads(answer.text, parse_float=Decimal)["mid_market_rate"]
    assert isinstance(rate, Decimal) and rate == rate.quantize(Decimal("0.000001"))
    async with sandbox.client() as client:
        quoted = await client.fx_rates.retrieve(source_currency="USD", target_currency="JPY")
    assert type(quoted.mid_market_rate) is Decimal and quoted.mid_market_rate == rate


def test_a_bound_with_a_fraction_is_the_decimal_it_spells() -> None:
    """The sandbox's validator reads ``minimum: 0.1`` as one tenth, as the SDK does."""
    document = {
        "components": {"schemas": {"R": {"type": "number", "minimum": 0.1, "maximum": 0.3}}}
    }
    validator = SchemaSet(document).component("R")
    taken = [Decimal("0.1"), Decimal("0.3"), Decimal("0.2000000000000000000001")]
    refused = [Decimal("0.0999999999999999999999"), Decimal("0.3000000000000000000001")]
    assert [validator.is_valid(value) for value in taken] == [True] * 3
    assert [validator.is_valid(value) for value in refused] == [False] * 2
