"""Query filters in every OpenAPI 3.1 style reach the SDK, the sandbox and the CLI, no hand line.

A maintainer adds, to a copy of ``openapi/payments.yaml`` only, filters to the refunds list in
each style the bundle may declare: an exploded array of enum values (``status=a&status=b``), an
array without explode (``id=a,b``), ``pipeDelimited`` and ``spaceDelimited`` arrays, a
``deepObject`` (``filter[currency]=EUR``, named like a Python builtin), a form-exploded object
(its fields are parameters of their own). The
documented workflow generates the SDK from that copy into a scratch checkout; a fresh
interpreter calls the new method against a sandbox built from the edited bundle, and the
``payments`` command line builds the same requests. api-diff calls every new filter compatible,
and a changed style of a list breaking.
"""

from __future__ import annotations

import copy
import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
from api_diff import diff
from fold import fold_server_prefixes

from tests.support.scratch_sdk import ROOT, run_in, scratch_sdk

MONEY = {"type": "integer", "minimum": 1}


def _query(name: str, schema: dict[str, Any], **style: Any) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": False, "schema": schema, **style}


def edit(document: dict[str, Any]) -> None:
    """Add one refunds-list filter per style (and a header array) to the bundle."""
    status = {"type": "array", "items": {"$ref": "#/components/schemas/RefundStatus"}}
    document["paths"]["/refunds"]["get"]["parameters"][:0] = [
        _query("status", status, explode=True),
        _query("id", {"type": "array", "items": {"type": "string"}}, explode=False),
        _query("amount", {"type": "array", "items": MONEY}, style="pipeDelimited", explode=False),
        _query(
            "currency",
            {"type": "array", "items": {"$ref": "#/components/schemas/CurrencyCode"}},
            style="spaceDelimited",
            explode=False,
        ),
        _query(
            "filter",
            {
                "type": "object",
                "additionalProperties": False,
                "properties": {"currency": {"type": "string"}, "amount": MONEY},
            },
            style="deepObject",
            explode=True,
        ),
        _query(
            "match",
            {"type": "object", "properties": {"payment_id": {"type": "string"}}},
            style="form",
            explode=True,
        ),
    ]


CALLS = textwrap.dedent(
    """
    import asyncio, json, sys
    import httpx
    from payments_sdk import AsyncPaymentsClient, InvalidParameterError
    from payments_sdk.sandbox._app import build_app
    from payments_sdk.sandbox._auth import KeyIssuer
    from payments_sdk.sandbox._spaces import Spaces

    document = json.load(open(sys.argv[1]))
    keys = KeyIssuer(None)
    app = build_app(Spaces.in_memory(seed_payments=6), keys, document)
    sent = []

    async def main():
        async def record(request):
            sent.append(request)
        http = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), event_hooks={"request": [record]}
        )
        async with AsyncPaymentsClient(
            api_key=keys.issue(), base_url="http://127.0.0.1/v1", http_client=http
        ) as client:
            payments = await client.payments.list(per_page=100)
            paid = [p for p in payments.data if p.status == "success"][:2]
            first = await client.refunds.create(payment_id=paid[0].id)
            second = await client.refunds.create(payment_id=paid[1].id)
            await client.refunds.mock_update_status(first.id)

            def query():
                return sent[-1].url.query.decode()

            async def ids(**filters):
                page = await client.refunds.list(**filters)
                return sorted(r.id for r in page.data)

            both = sorted([first.id, second.id])
            assert await ids(status=["success"]) == [first.id]
            assert query().startswith("status=success&"), query()
            assert await ids(status=["success", "in_progress"]) == both
            assert query().startswith("status=success&status=in_progress&"), query()
            assert await ids(id=[first.id, "rfnd_none"]) == [first.id]
            assert query().startswith(f"id={first.id},rfnd_none&"), query()
            assert await ids(amount=[first.amount, 1]) == [first.id] or first.amount == 1
            assert query().startswith(f"amount={first.amount}|1&"), query()
            assert await ids(currency=[first.currency, second.currency]) == both
            assert query().startswith(f"currency={first.currency}%20{second.currency}&"), query()
            wanted = {"currency": first.currency, "amount": first.amount}
            assert await ids(filter=wanted) == [first.id]
            assert query().startswith(
                f"filter[currency]={first.currency}&filter[amount]={first.amount}&"
            ), query()
            assert await ids(match={"payment_id": second.payment_id}) == [second.id]
            assert query().startswith(f"payment_id={second.payment_id}&"), query()
            for bad, field in (({"id": ["a,b"]}, "id"), ({"amount": [1, "x|y"]}, "amount[1]")):
                try:
                    await client.refunds.list(**bad)
                except InvalidParameterError as exc:
                    assert exc.field == field, exc
                else:
                    raise AssertionError(f"{bad} was sent")
            raw = await client.with_raw_response.refunds.list(status=["success"])
            assert raw.status_code == 200
        print("carried")

    asyncio.run(main())
    """
)

CLI = textwrap.dedent(
    """
    import json, sys
    from payments_sdk.cli import run

    code = run([
        "refunds", "list", "--status", "success", "--status", "in_progress",
        "--id", "rfnd_1,rfnd_2", "--amount", "5|7", "--currency", "EUR GBP",
        "--filter.currency", "EUR", "--match", '{"payment_id": "payt_1"}',
        "--base-url", "http://127.0.0.1:9/v1", "--dry-run", "--format", "json",
    ])
    assert code == 0, code
    """
)


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The SDK generated from the edited bundle, in a scratch checkout."""
    return scratch_sdk(tmp_path_factory.mktemp("styles"), edit)


def test_every_style_reaches_the_sdk_and_the_sandbox(edited: tuple[Path, dict[str, Any]]) -> None:
    """Each filter is written in its style, read back by the sandbox, and filters the list."""
    out, _ = edited
    stdout = run_in(out, CALLS, str(out / "payments.folded.json"))
    assert stdout.strip().endswith("carried")


def test_the_command_line_sends_each_style(edited: tuple[Path, dict[str, Any]]) -> None:
    """Repeated, delimited (``--id a,b``), dotted and JSON options become the styled query."""
    out, _ = edited
    stdout = run_in(out, CLI)
    url = json.loads(stdout)["url"]
    query = url.split("?", 1)[1]
    assert query.startswith(
        "status=success&status=in_progress&id=rfnd_1,rfnd_2&amount=5|7&currency=EUR%20GBP"
        "&filter[currency]=EUR&payment_id=payt_1&"
    ), url


def test_api_diff_calls_new_filters_compatible_and_a_new_style_breaking(
    edited: tuple[Path, dict[str, Any]],
) -> None:
    """Adding optional styled filters is compatible; writing an existing list differently is not."""
    _, source = edited
    before = json.loads((ROOT / "openapi" / "payments.json").read_text(encoding="utf-8"))
    changes = diff(fold_server_prefixes(before), fold_server_prefixes(source))
    assert changes and not [c for c in changes if c.breaking], "\n".join(map(str, changes))
    restyled = copy.deepcopy(source)
    for param in restyled["paths"]["/refunds"]["get"]["parameters"]:
        if param.get("name") == "id":
            param["explode"] = True
    changes = diff(fold_server_prefixes(source), fold_server_prefixes(restyled))
    assert [
        str(c) for c in changes if c.breaking and "style form without explode -> form" in c.what
    ]
