"""The customer's JWT is sent for the one call that takes it, and never shown, like the key.

The bundle lists a second bearer scheme on the virtual-account list (``CustomerJWT``: "the
virtual-account list uses the customer's JWT"); the generated method takes its token as
``customer_jwt=``. Here the token is the distinctive key of ``tests/support/keyscan.py``, and
the service echoes it back every way it can: the exception, its rendering, its pickle and every
log line of the call must hold no fragment of it. A bad token is refused before any request,
naming the argument and not quoting it. On both wires.
"""

from __future__ import annotations

import logging
import pickle
from typing import Any

import httpx
import pytest

from payments_sdk import (
    APIResponseValidationError,
    APIStatusError,
    InvalidParameterError,
    UnauthorizedError,
)
from payments_sdk._operation_table import OPERATIONS
from tests.conftest import TEST_KEY, MakeClient
from tests.support.keyscan import KEY, key_leaks, leaked_fragment

META = {"current": 1, "previous": None, "next": None, "per_page": 20, "pages": 1, "count": 0}
PAGE = {"data": [], "page_meta": META}


def _page(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, json=PAGE)


def _echo(status: int) -> Any:
    def answer(request: httpx.Request) -> httpx.Response:
        seen = request.headers["authorization"]
        return httpx.Response(
            status,
            json={"error": seen, "message": f"token {seen} refused", seen: seen},
            headers={"X-Seen": seen.removeprefix("Bearer ")},
        )

    return answer


def _second_credentials(folded: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """Every operation whose ``security`` lists a scheme the document's does not: its schemes."""
    default = {name for requirement in folded.get("security", []) for name in requirement}
    found: dict[str, tuple[str, ...]] = {}
    for item in folded["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict) or "operationId" not in operation:
                continue
            schemes: list[str] = []
            for requirement in operation.get("security", []):
                schemes += [n for n in requirement if n not in default and n not in schemes]
            if schemes:
                found[operation["operationId"]] = tuple(schemes)
    return found


def test_the_table_says_which_operations_take_a_second_credential(
    folded: dict[str, Any],
) -> None:
    """The operation table names the schemes, read from each operation's ``security``."""
    taking = {entry.operation_id: entry.credentials for entry in OPERATIONS if entry.credentials}
    assert taking == _second_credentials(folded)
    assert taking  # the bundle has one: the customer's JWT


@pytest.mark.description
def test_the_virtual_account_list_takes_the_customers_jwt() -> None:
    """'The virtual-account list uses the customer's JWT': its method takes ``customer_jwt=``."""
    (listing,) = [
        op for op in OPERATIONS if (op.resource, op.method) == ("virtual_accounts", "list")
    ]
    assert "CustomerJWT" in listing.credentials


async def test_the_token_replaces_the_key_for_that_call_only(make_client: MakeClient) -> None:
    """``Authorization: Bearer <customer JWT>`` on that call; the key again on the next."""
    client, recorder = make_client(_page)
    await client.virtual_accounts.list(customer_jwt=KEY)
    assert recorder.last.headers.get_list("authorization") == [f"Bearer {KEY}"]
    await client.virtual_accounts.list()
    assert recorder.last.headers["authorization"] == f"Bearer {TEST_KEY}"
    await client.with_raw_response.virtual_accounts.list(customer_jwt=KEY, timeout=5)
    assert recorder.last.headers["authorization"] == f"Bearer {KEY}"


async def test_a_body_that_does_not_match_holds_no_fragment(make_client: MakeClient) -> None:
    """A 2xx that echoes the token where the bundle has no such field: redacted of the token."""

    def answer(request: httpx.Request) -> httpx.Response:
        seen = request.headers["authorization"]
        return httpx.Response(200, json={"data": seen, "page_meta": {"count": seen}})

    client, _ = make_client(answer)
    with pytest.raises(APIResponseValidationError) as raised:
        await client.virtual_accounts.list(customer_jwt=KEY)
    assert key_leaks(raised.value) == [], key_leaks(raised.value)


@pytest.mark.parametrize("status", [401, 403, 500])
async def test_errors_and_logs_hold_no_fragment_of_the_token(
    make_client: MakeClient, status: int, caplog: pytest.LogCaptureFixture
) -> None:
    """An answer that echoes the token everywhere leaves none of it in what the caller sees."""
    client, _ = make_client(_echo(status), max_retries=0)
    caplog.set_level(logging.DEBUG, logger="payments_sdk")
    with pytest.raises(APIStatusError) as raised:
        await client.virtual_accounts.list(customer_jwt=KEY)
    if status == 401:
        assert isinstance(raised.value, UnauthorizedError)
    assert key_leaks(raised.value) == [], key_leaks(raised.value)
    assert leaked_fragment(pickle.dumps(raised.value)) is None
    assert leaked_fragment(caplog.text) is None, caplog.text
    assert caplog.records, "the call logged nothing: the check above would be empty"


@pytest.mark.parametrize(
    "token",
    [f"Bearer {KEY}", f"{KEY} ", KEY.replace(".", "-"), "", 42],
    ids=["bearer-prefix", "whitespace", "not-jwt-form", "empty", "not-a-str"],
)
async def test_a_bad_token_is_refused_before_the_wire(make_client: MakeClient, token: Any) -> None:
    """``InvalidParameterError`` naming ``customer_jwt``, with no fragment of the token."""
    client, recorder = make_client(_page)
    with pytest.raises(InvalidParameterError) as raised:
        await client.virtual_accounts.list(customer_jwt=token)
    assert raised.value.field == "customer_jwt"
    assert leaked_fragment(str(raised.value)) is None
    assert recorder.requests == []
