"""``answer_body`` gives a mocked answer every field the bundle requires, and keeps the rest.

A user's respx or ``MockTransport`` test writes one answer by hand. The bundle making a field
of that answer required must not break it: ``answer_body`` fills what the body leaves out, at
any depth, with a value its schema allows, for every operation and every JSON answer it
declares, and leaves what the test wrote as written.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from payments_sdk import AsyncPaymentsClient
from payments_sdk._naming import sdk_name
from payments_sdk._operation_table import OPERATIONS
from payments_sdk.sandbox import _answer_bodies, answer_body
from payments_sdk.sandbox.contract import SchemaSet, escape_pointer, load_bundle, resolve
from tests.conftest import BASE_URL, TEST_KEY


def _json_answers() -> Iterator[tuple[str, int, str]]:
    """Each operation's SDK name, each status it answers with a JSON body, and its pointer."""
    document = load_bundle()
    for entry in OPERATIONS:
        operation = document["paths"][entry.path][entry.http_method.lower()]
        for status, response in operation.get("responses", {}).items():
            content = resolve(document, response).get("content", {})
            if "application/json" not in content or "schema" not in content["application/json"]:
                continue
            base = (
                response["$ref"].removeprefix("#")
                if "$ref" in response
                else f"/paths/{escape_pointer(entry.path)}/{entry.http_method.lower()}"
                f"/responses/{status}"
            )
            code = int(status) if status.isdigit() else 200
            name = sdk_name(entry.resource, entry.method)
            yield name, code, f"{base}/content/application~1json/schema"


ANSWERS = sorted(set(_json_answers()))


@pytest.mark.parametrize(("name", "status", "pointer"), ANSWERS, ids=lambda v: str(v))
def test_the_least_body_of_every_answer_keeps_its_schema(
    name: str, status: int, pointer: str
) -> None:
    """Without a body, each declared JSON answer of each operation matches its schema."""
    body = answer_body(name, status=status)
    validator = SchemaSet(load_bundle()).validator(pointer)
    assert not [error.message for error in validator.iter_errors(body)], (name, status, body)
    assert answer_body(name, status=status) == body  # the same every time


def test_fields_given_are_kept_and_the_body_is_not_changed() -> None:
    """A field the test gives, even one the schema does not declare, is answered as given."""
    given = {"data": [{"currency": "USD", "amount": 5, "x_note": "kept"}]}
    before = copy.deepcopy(given)
    body = answer_body("balances.retrieve", given)
    assert body["data"][0] == given["data"][0]
    assert given == before


def test_a_field_the_bundle_makes_required_is_filled_at_any_depth(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A balance gains a required ``x_as_of`` (a date-time): a literal body gets one."""
    document = load_bundle()
    balance = document["components"]["schemas"]["Balance"]
    balance.setdefault("required", []).append("x_as_of")
    balance.setdefault("properties", {})["x_as_of"] = {"type": "string", "format": "date-time"}
    monkeypatch.setattr(_answer_bodies, "_document", lambda: document)
    body = answer_body("balances.retrieve", {"data": [{"currency": "USD", "amount": 5}]})
    assert body["data"][0]["amount"] == 5 and "x_as_of" in body["data"][0]
    (entry,) = [e for e in OPERATIONS if sdk_name(e.resource, e.method) == "balances.retrieve"]
    pointer = (
        f"/paths/{escape_pointer(entry.path)}/get/responses/200/content/application~1json/schema"
    )
    errors = list(SchemaSet(document).validator(pointer).iter_errors(body))
    assert not errors, [error.message for error in errors]


async def test_a_mock_answered_with_it_is_parsed_by_the_sdk() -> None:
    """The body of each success passes the SDK's own check of the answer."""
    page = answer_body("balances.retrieve", {"data": [{"currency": "USD", "amount": 5}]})
    transport = httpx.MockTransport(lambda request: httpx.Response(200, json=page))
    async with (
        httpx.AsyncClient(transport=transport) as http,
        AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL, http_client=http) as client,
    ):
        balances = await client.balances.retrieve()
    assert balances.data[0].amount == 5


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: answer_body("refund.create"), "closest: refunds.create"),
        (lambda: answer_body("refunds.create", status=418), "status 418"),
        (lambda: answer_body("no such thing at all"), "names no operation"),
    ],
)
def test_a_wrong_name_or_status_is_a_value_error_saying_what_exists(
    call: Any, message: str
) -> None:
    """A typo names the operations it is close to; a status, the ones that are answered."""
    with pytest.raises(ValueError, match=message):
        call()
