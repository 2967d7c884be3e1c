r"""A 2xx body that is not UTF-8 is an APIResponseValidationError naming the string's path.

msgspec before 0.23 checks UTF-8 inside each string it decodes and raises Python's own
``UnicodeDecodeError``, which escaped every generated method on both wires
(``{"data":[{"currency":"USD\xff","amount":5}]}`` from ``balances.retrieve()``); msgspec 0.23
raises a ``DecodeError`` worded ``Invalid UTF-8 encoded string`` instead, which the SDK first
reported as a body that is not JSON. Every operation's own example answer is sent with one
byte that is not UTF-8 in its first string: the verdict names that string on every msgspec the
range allows (``make test`` runs the newest, ``make lowest`` the oldest).
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from payments_sdk import APIResponseValidationError
from tests.call.test_methods_send_the_bundles_requests import (
    CASES,
    Case,
    _operation,
    _success_example,
)
from tests.conftest import MakeClient

MARK = "\u2603not-utf8\u2603"


def _first_string(value: Any, path: str = "$") -> tuple[Any, str | None]:
    """``value`` with MARK at the start of its first string value, and that string's path."""
    if isinstance(value, str):
        return MARK + value, path
    if isinstance(value, dict):
        for key, item in value.items():
            marked, where = _first_string(item, f"{path}.{key}")
            if where is not None:
                return {**value, key: marked}, where
    if isinstance(value, list):
        for index, item in enumerate(value):
            marked, where = _first_string(item, f"{path}[{index}]")
            if where is not None:
                return [*value[:index], marked, *value[index + 1 :]], where
    return value, None


def _not_utf8(example: Any) -> tuple[bytes, str | None]:
    marked, where = _first_string(example)
    content = json.dumps(marked, ensure_ascii=False).encode()
    return content.replace(MARK.encode(), b"USD\xff"), where


STRING_CASES = [c for c in CASES if c.name not in ("virtual_accounts.close",)]


@pytest.mark.parametrize("case", STRING_CASES, ids=[c.name for c in STRING_CASES])
async def test_every_method_reports_a_body_that_is_not_utf8(
    case: Case, bundle: dict[str, Any], folded: dict[str, Any], make_client: MakeClient
) -> None:
    """The first string of the example, made not UTF-8: the error names its path."""
    _, _, operation = _operation(folded, case.name)
    status, example = _success_example(bundle, operation)
    content, where = _not_utf8(example)
    if where is None:
        pytest.skip("the example has no string")
    client, _ = make_client(lambda request: httpx.Response(status, content=content))
    with pytest.raises(APIResponseValidationError) as raised:
        await case.call(client)
    assert str(raised.value).endswith(f"{where}: the text is not valid UTF-8"), str(raised.value)


@pytest.mark.parametrize("undeclared", [b"", b'"undeclared": "x", '])
async def test_the_reported_balance_is_a_validation_error(
    make_client: MakeClient, undeclared: bytes
) -> None:
    """The body from the report, on both wires, from the generated method and client.request.

    With an undeclared field first, the strict decoder stops there and the lenient one reads
    the bad string.
    """
    content = b"{" + undeclared + b'"data":[{"currency":"USD\xff","amount":5}]}'
    client, _ = make_client(lambda request: httpx.Response(200, content=content))
    with pytest.raises(APIResponseValidationError) as raised:
        await client.balances.retrieve()
    assert "$.data[0].currency: the text is not valid UTF-8" in str(raised.value)
    assert raised.value.__cause__ is None  # no UnicodeDecodeError chained into the traceback
    with pytest.raises(APIResponseValidationError):
        await client.request("GET", "/balances")


@pytest.mark.parametrize(
    "content",
    [b'{"data": [\xff]}', b'\xff{"data": []}', b'{"data": [{"currency": "USD\xff"'],
    ids=["outside-a-string", "first-byte", "in-a-truncated-body"],
)
async def test_a_body_not_utf8_outside_a_whole_string_is_named_at_the_root(
    make_client: MakeClient, content: bytes
) -> None:
    """A byte that is not UTF-8 where no whole string holds it: one verdict, at ``$``.

    msgspec words these differently from version to version (an invalid character, invalid
    UTF-8, a truncated body); the SDK asks the bytes whether they are UTF-8 before it reads
    msgspec's words.
    """
    client, _ = make_client(lambda request: httpx.Response(200, content=content))
    with pytest.raises(APIResponseValidationError) as raised:
        await client.balances.retrieve()
    assert str(raised.value).endswith("$: the body is not valid UTF-8"), str(raised.value)
