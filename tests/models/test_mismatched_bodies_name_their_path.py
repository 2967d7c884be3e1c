"""A 2xx body whose types do not match the bundle is an APIResponseValidationError with its path.

Every operation's own example answer is broken in each way a server could break it: a wrong
type in a required or optional field, a null where a value is required, a list where an object
belongs, a whole body sent as a list of pairs. The error names the JSON path of the first
mismatch and never repeats the value.
"""

from __future__ import annotations

import importlib
import json
import re
import typing
from collections.abc import Iterator
from copy import deepcopy
from typing import Any

import httpx
import msgspec
import pytest

from payments_sdk import APIResponseValidationError
from payments_sdk_generated.models import BadRequestBody, Payment, PaymentList
from payments_sdk_generated.types import Model, Timestamp, decode_response
from tests.call.test_methods_send_the_bundles_requests import (
    CASES,
    Case,
    _operation,
    _success_example,
)
from tests.conftest import MakeClient
from tests.support.schema_values import answered, record

SECRET = "sk_live_do_not_echo_4242"


def _model_of(name: str, folded: dict[str, Any]) -> Any:
    """The model the generated operation parses its 2xx body into (its module: the operationId)."""
    _, _, operation = _operation(folded, name)
    operation_id = operation["operationId"]
    tag = operation["tags"][0].lower().replace(" ", "_")
    module_name = re.sub(r"(?<!^)(?=[A-Z])", "_", operation_id).lower()
    module = importlib.import_module(f"payments_sdk_generated.api.{tag}.{module_name}")
    return module.OPERATION.answer


def _unwrap(annotation: Any) -> tuple[Any, bool]:
    """(the non-None type, whether None is allowed)."""
    args = typing.get_args(annotation)
    if type(None) in args:
        (inner,) = [a for a in args if a is not type(None)]
        return inner, True
    return annotation, False


def _mutations(model: Any, body: Any, path: str = "$") -> Iterator[tuple[str, Any, str]]:
    """Yield (path, wrong value, expected message) for each field present in ``body``."""
    if not isinstance(body, dict):
        return
    for field in msgspec.structs.fields(model):
        if field.encode_name not in body:
            continue
        value = body[field.encode_name]
        where = f"{path}.{field.encode_name}"
        inner, nullable = _unwrap(field.type)
        null = " | null" if nullable else ""
        if inner is int:
            yield where, "lots", f"{where}: expected int{null}, got str"
            if not nullable:
                yield where, None, f"{where}: expected int, got null"
        elif inner is str and not nullable:
            yield where, None, f"{where}: expected str, got null"
            yield where, {"token": SECRET}, f"{where}: expected str, got object"
        elif inner is Timestamp or inner is typing.Annotated[Any, Any]:
            yield where, 17, f"{where}: expected datetime{null}, got int"
        elif isinstance(inner, type) and issubclass(inner, Model):
            yield where, [["k", SECRET]], f"{where}: expected object{null}, got array"
            yield from _mutations(inner, value, where)
        elif typing.get_origin(inner) is list and isinstance(value, list) and value:
            (item,) = typing.get_args(inner)
            yield where, {"0": value[0]}, f"{where}: expected array{null}, got object"
            if isinstance(item, type) and issubclass(item, Model):
                yield f"{where}[0]", "lots", f"{where}[0]: expected object, got str"
                yield from _mutations(item, value[0], f"{where}[0]")


def _set(body: Any, path: str, value: Any) -> Any:
    broken = deepcopy(body)
    steps = re.findall(r"\.([^.\[]+)|\[(\d+)\]", path[1:])
    target = broken
    for key, index in steps[:-1]:
        target = target[key] if key else target[int(index)]
    key, index = steps[-1]
    if key:
        target[key] = value
    else:
        target[int(index)] = value
    return broken


BODY_CASES = [c for c in CASES if c.name not in ("virtual_accounts.close",)]


@pytest.mark.parametrize("case", BODY_CASES, ids=[c.name for c in BODY_CASES])
async def test_every_wrong_type_is_reported_with_its_path(
    case: Case, bundle: dict[str, Any], folded: dict[str, Any], make_client: MakeClient
) -> None:
    """Each mutation of the operation's example fails with `$.path: expected X, got Y`."""
    _, _, operation = _operation(folded, case.name)
    status, example = _success_example(bundle, operation)
    model = _model_of(case.name, folded)
    mutations = list(_mutations(model, example))
    mutations.append(("$", [[k, v] for k, v in example.items()], "$: expected object, got array"))
    if model.__struct_fields__:  # a list, a number or null where the record belongs
        mutations.append(("$", None, "$: expected object, got null"))
    assert len(mutations) >= (2 if model.__struct_fields__ else 1)
    for path, wrong, expected in mutations:
        content = json.dumps(wrong if path == "$" else _set(example, path, wrong)).encode()
        client, _ = make_client(
            lambda request, content=content: httpx.Response(status, content=content)
        )
        with pytest.raises(APIResponseValidationError) as raised:
            await case.call(client)
        message = str(raised.value)
        assert message.endswith(expected), (path, message)
        assert SECRET not in message and SECRET not in repr(raised.value)
        assert raised.value.status_code == status


async def test_a_page_names_the_item_that_broke(make_client: MakeClient) -> None:
    """The fourth item's amount: `$.data[3].amount: expected int, got str`."""
    item = {"id": "payt_1", "status": "success", "currency": "USD", "amount": 100}
    items = [record("Payment", {**item, "created_at": f"2026-11-2{n}T10:00:00Z"}) for n in range(5)]
    items[3]["amount"] = "lots"
    meta = {"current": 1, "previous": None, "next": None, "per_page": 5, "pages": 1, "count": 5}
    client, _ = make_client(
        lambda request: httpx.Response(200, json={"data": items, "page_meta": meta})
    )
    with pytest.raises(APIResponseValidationError, match=r"\$\.data\[3\]\.amount: expected int"):
        await client.payments.list()


def test_a_value_that_could_be_a_secret_is_never_repeated() -> None:
    """A constant or enum mismatch names the path and the problem, not the value sent."""
    response = httpx.Response(200, json={"error": SECRET, "message": "x"})
    with pytest.raises(ValueError) as raised:
        decode_response(response, BadRequestBody)
    assert str(raised.value).startswith("$.error: ")
    assert SECRET not in str(raised.value)


def test_timestamps_must_carry_their_offset() -> None:
    """A timestamp without `Z` or an offset does not match the bundle's UTC date-times."""
    payment = {"id": "p", "status": "s", "currency": "USD", "amount": 1}
    naive = httpx.Response(200, json={**payment, "created_at": "2026-11-21T14:00:00"})
    with pytest.raises(ValueError, match=r"\$\.created_at: expected datetime with a timezone"):
        decode_response(naive, Payment)


_FULL_PAGE = (
    b'{"data": [], "page_meta": {"current": 1, "previous": null, "next": null, "per_page": 20,'
    b' "pages": 1, "count": 0}'
)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"{not json", "$: the body is not valid JSON"),
        (b"", "$: the body is not valid JSON"),
        (b'{"data": [' + b"[" * 100_000, "$.data[0]: expected object, got array"),
        (_FULL_PAGE + b', "x": ' + b"[" * 100_000, "$: the body"),
        (_FULL_PAGE + b', "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "$: the body"),
    ],
)
def test_malformed_and_deep_bodies_are_validation_errors(content: bytes, expected: str) -> None:
    """Bad JSON and absurd nesting are reported as body problems, never RecursionError."""
    with pytest.raises(ValueError) as raised:
        decode_response(httpx.Response(200, content=content), PaymentList)
    assert str(raised.value).startswith(expected)


def test_unknown_fields_take_the_lenient_path_and_are_kept() -> None:
    """An undeclared field anywhere still parses, and reaches additional_properties."""
    page = {
        "data": [
            {
                "id": "payt_1",
                "status": "success",
                "currency": "USD",
                "amount": 1,
                "created_at": "2026-11-21T14:00:00Z",
                "fx_fee": {"amount": 0, "currency": "USD", "waived": True},
                "risk": {"score": 3},
            }
        ],
        "page_meta": {
            "current": 1,
            "previous": None,
            "next": None,
            "per_page": 20,
            "pages": 1,
            "count": 1,
            "cursor": "c",
        },
        "has_more": False,
    }
    page = answered("payments.list", page)
    result = decode_response(httpx.Response(200, content=json.dumps(page).encode()), PaymentList)
    assert result.additional_properties == {"has_more": False}
    assert result.page_meta["cursor"] == "c"
    (payment,) = result.data
    assert payment["risk"] == {"score": 3}
    assert payment.fx_fee is not None and payment.fx_fee["waived"] is True
    assert payment.to_dict()["fx_fee"]["waived"] is True
    broken = deepcopy(page)
    broken["data"][0]["amount"] = "lots"  # the lenient path still checks every type
    with pytest.raises(ValueError, match=r"^\$\.data\[0\]\.amount: expected int, got str$"):
        decode_response(httpx.Response(200, content=json.dumps(broken).encode()), PaymentList)
