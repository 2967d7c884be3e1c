"""One call is followed in a dozen files, and nothing of ours is called back from below.

The generated surface hands the call layer one description of the call (the operation's
``OPERATION`` and the checked arguments); the call layer sends it and parses the answer with it.
No lambda is built in one layer and called in another, the generated package never calls the
SDK, and the only functions of ours a library calls are the aiohttp protocol and connector hooks
of the default wire (``_aiohttp_hooks``; the range of aiohttp they were tested on is pinned,
openapi/DECISIONS.md "Pinned ranges").
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.conftest import MakeClient
from tests.support.call_trace import Trace, trace
from tests.support.schema_values import answered

REFUND = answered(
    "refunds.create", {"id": "rfnd_1", "status": "in_progress", "payment_id": "payt_1"}
)
PAGE = answered(
    "payments.list",
    {
        "data": [],
        "page_meta": {"current": 1, "previous": None, "next": None, "per_page": 20, "pages": 1},
    },
)

MOST_FILES = {"httpx": 11, "aiohttp": 12}
"""Files of ours one call runs, at most, per wire (on aiohttp, 18 before the call was described
once, at 4ffbb7c). The default wire adds its aiohttp hooks (one module)."""


async def _traced(make_client: MakeClient, body: Any, call: Any) -> Trace:
    client, _ = make_client(lambda request: httpx.Response(200, json=body), opentelemetry=False)
    await call(client)  # the first call imports what the call path needs: not counted
    return await trace(lambda: call(client))


@pytest.mark.parametrize(
    ("name", "body", "call"),
    [
        ("refunds.create", REFUND, lambda c: c.refunds.create(payment_id="payt_1")),
        ("payments.list", PAGE, lambda c: c.payments.list(per_page=20)),
    ],
)
async def test_a_call_runs_through_a_dozen_files_and_nothing_calls_back_up(
    make_client: MakeClient, wire: str, name: str, body: Any, call: Any
) -> None:
    """At most MOST_FILES files of ours; no call back up but aiohttp's protocol hooks."""
    seen = await _traced(make_client, body, call)
    print(f"\n{name} on the {wire} wire: {seen.table()}")
    assert len(seen.files) <= MOST_FILES[wire], seen.table()
    assert not any("payments_sdk_generated" in caller for caller in seen.back_up), seen.table()
    assert not any("<lambda>" in call for call in seen.back_up), seen.table()
    library_calls = {call.split(" -> ")[0].split(":")[0] for call in seen.back_up}
    if wire == "httpx":
        assert seen.back_up == set(), seen.table()
    else:
        hooks = {"connector.py", "base_protocol.py", "client_proto.py", "streams.py"}
        assert library_calls <= hooks, seen.table()  # streams.py: an answer's end drops its timer


async def test_the_trace_sees_a_call_back_up(make_client: MakeClient, wire: str) -> None:
    """The tracer can fail: a generated module calling into the SDK is reported."""
    import payments_sdk_generated.types as generated_types

    client, _ = make_client(lambda request: httpx.Response(200, json=REFUND), opentelemetry=False)
    await client.refunds.create(payment_id="payt_1")
    from payments_sdk._validation import check_text

    original = generated_types.Operation.parse
    # A parse whose code is the generated module's and which calls the SDK: a call back up.
    code = compile(
        "def parse(self, response):\n"
        "    check_text('x', 'probe')\n"
        "    return original(self, response)\n",
        generated_types.__file__,
        "exec",
    )
    scope: dict[str, Any] = {"check_text": check_text, "original": original}
    exec(code, scope)
    generated_types.Operation.parse = scope["parse"]  # type: ignore[method-assign]
    try:
        seen = await trace(lambda: client.refunds.create(payment_id="payt_1"))
    finally:
        generated_types.Operation.parse = original  # type: ignore[method-assign]
    assert any(
        caller.startswith("payments_sdk_generated/types.py:parse") for caller in seen.back_up
    ), seen.table()
