"""A 2xx body cut short, with or without undeclared fields, is only ever an SDK error.

The strict decoder stops at the first undeclared field, before it reads the rest of the body,
so a body that is both extended and truncated reaches the lenient path with bytes it never
checked (``POST /refunds`` answered ``201 {"data": [{"currency": "USD", ``). Every operation's
own example is extended with undeclared fields at every level, then cut at every offset.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payments_sdk import APIResponseValidationError, PaymentsError
from tests.call.test_methods_send_the_bundles_requests import (
    CASES,
    Case,
    _operation,
    _success_example,
)
from tests.conftest import MakeClient

BODY_CASES = [c for c in CASES if c.name not in ("virtual_accounts.close",)]


def _extended(value: Any) -> Any:
    """``value`` with an undeclared field first in every object, at every depth.

    Its value is a string, so that it is also a valid entry of a free-form string map.
    """
    if isinstance(value, dict):
        return {"undeclared_x": "y", **{k: _extended(v) for k, v in value.items()}}
    if isinstance(value, list):
        return [_extended(item) for item in value]
    return value


def _bodies(bundle: dict[str, Any], folded: dict[str, Any], case: Case) -> tuple[int, bytes]:
    _, _, operation = _operation(folded, case.name)
    status, example = _success_example(bundle, operation)
    return status, json.dumps(_extended(example)).encode()


@pytest.mark.parametrize("case", BODY_CASES, ids=[c.name for c in BODY_CASES])
async def test_every_cut_of_an_extended_body_is_a_validation_error(
    case: Case, bundle: dict[str, Any], folded: dict[str, Any], make_client: MakeClient
) -> None:
    """Cut at every offset, the extended example fails as APIResponseValidationError."""
    status, content = _bodies(bundle, folded, case)
    cuts: list[bytes] = []
    client, _ = make_client(lambda request: httpx.Response(status, content=cuts[-1]))
    if content.strip() in (b"{}", b'{"undeclared_x": "y"}'):
        pytest.skip("an empty record: nothing to cut")
    for offset in range(len(content)):
        cuts.append(content[:offset])
        with pytest.raises(APIResponseValidationError) as raised:
            await case.call(client)
        assert "not valid JSON" in str(raised.value) or "$" in str(raised.value), offset
    cuts.append(content)
    await case.call(client)  # whole, it parses: the undeclared fields are kept


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    case=st.sampled_from(BODY_CASES),
    cut=st.floats(min_value=0, max_value=1, allow_nan=False),
    tail=st.sampled_from([b"", b",", b'"', b"\\", b"\xff", b"{", b"[", b"nul", b"1e99999"]),
)
async def test_mangled_bodies_raise_only_sdk_errors(
    case: Case,
    cut: float,
    tail: bytes,
    bundle: dict[str, Any],
    folded: dict[str, Any],
    make_client: MakeClient,
) -> None:
    """Cut anywhere and followed by junk, a body raises nothing but a PaymentsError."""
    status, content = _bodies(bundle, folded, case)
    mangled = content[: int(len(content) * cut)] + tail
    client, _ = make_client(lambda request: httpx.Response(status, content=mangled))
    with contextlib.suppress(PaymentsError):  # anything else fails the test
        await case.call(client)
