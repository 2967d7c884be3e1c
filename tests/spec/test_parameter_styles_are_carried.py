"""Query filters in every OpenAPI 3.1 style reach the SDK, the sandbox and the CLI, no hand line.

A maintainer adds to a copy of ``openapi/payments.yaml`` only a new list-and-create resource
(``/style-probes``, so that the edit meets no other) whose list takes a filter in each style the
bundle may declare: an exploded array of enum values (``status=a&status=b``), an array without
explode (``id=a,b``), ``pipeDelimited`` and ``spaceDelimited`` arrays, a ``deepObject``
(``filter[currency]=EUR``, named like a Python builtin), and a form-exploded object (its fields
are parameters of their own). The documented workflow generates the SDK from that copy into a
scratch checkout; a fresh interpreter calls the new methods against a sandbox built from the
edited bundle (the REST convention serves the resource), and the ``payments`` command line
builds the same requests. api-diff calls the edit compatible, and a changed style of a list
breaking.
"""

from __future__ import annotations

import copy
import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
from api_diff import diff
from fold import fold_server_prefixes, load_published

from tests.support.scratch_sdk import run_in, scratch_sdk

MONEY = {"$ref": "#/components/schemas/MinorAmount"}
CURRENCY = {"$ref": "#/components/schemas/CurrencyCode"}


def _query(name: str, schema: dict[str, Any], **style: Any) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": False,
        "description": f"Only probes matching {name}.",
        "schema": schema,
        **style,
    }


def edit(document: dict[str, Any]) -> None:
    """Add the ``/style-probes`` resource, its list filtered in every style."""
    schemas = document["components"]["schemas"]
    schemas["StyleProbeStatus"] = {
        "type": "string",
        "description": "A probe's status.",
        "enum": ["open", "closed"],
    }
    fields = {
        "status": {"$ref": "#/components/schemas/StyleProbeStatus"},
        "amount": MONEY,
        "currency": CURRENCY,
        "label": {"type": "string", "minLength": 1, "maxLength": 40},
    }
    schemas["StyleProbeCreateRequest"] = {
        "type": "object",
        "description": "A probe to create.",
        "required": ["status", "amount", "currency", "label"],
        "additionalProperties": False,
        "properties": fields,
    }
    schemas["StyleProbe"] = {
        "type": "object",
        "description": "A probe.",
        "required": ["id", "status", "amount", "currency", "label", "created_at"],
        "properties": {
            "id": {"type": "string", "pattern": "^sp_[A-Za-z0-9_-]+$"},
            **fields,
            "created_at": {"$ref": "#/components/schemas/Timestamp"},
        },
    }
    schemas["StyleProbeList"] = {
        "type": "object",
        "description": "A page of probes.",
        "required": ["data", "page_meta"],
        "properties": {
            "data": {"type": "array", "items": {"$ref": "#/components/schemas/StyleProbe"}},
            "page_meta": {"$ref": "#/components/schemas/PageMeta"},
        },
    }
    unauthorized = {"$ref": "#/components/responses/Unauthorized"}

    def answer(schema: str, text: str) -> dict[str, Any]:
        ref = {"$ref": f"#/components/schemas/{schema}"}
        return {"description": text, "content": {"application/json": {"schema": ref}}}

    status = {"type": "array", "items": {"$ref": "#/components/schemas/StyleProbeStatus"}}
    document["paths"]["/style-probes"] = {
        "post": {
            "operationId": "createStyleProbe",
            "tags": ["Payin"],
            "summary": "Create a style probe",
            "description": "Creates a probe.",
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {"$ref": "#/components/schemas/StyleProbeCreateRequest"}
                    }
                },
            },
            "responses": {
                "201": answer("StyleProbe", "The probe."),
                "400": {"$ref": "#/components/responses/BadRequest"},
                "401": unauthorized,
            },
        },
        "get": {
            "operationId": "listStyleProbes",
            "tags": ["Payin"],
            "summary": "List style probes",
            "description": "Lists probes, newest first.",
            "parameters": [
                _query("status", status, explode=True),
                _query("id", {"type": "array", "items": {"type": "string"}}, explode=False),
                _query(
                    "amount",
                    {"type": "array", "items": MONEY},
                    style="pipeDelimited",
                    explode=False,
                ),
                _query(
                    "currency",
                    {"type": "array", "items": CURRENCY},
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
                    {"type": "object", "properties": {"label": {"type": "string"}}},
                    style="form",
                    explode=True,
                ),
                *(
                    {"$ref": f"#/components/parameters/{name}"}
                    for name in ("Before", "After", "PerPage", "Page")
                ),
            ],
            "responses": {
                "200": answer("StyleProbeList", "A page of probes."),
                "400": {"$ref": "#/components/responses/InvalidListParameter"},
                "401": unauthorized,
            },
        },
    }


CALLS = textwrap.dedent(
    """
    import asyncio, json, sys
    import httpx
    from payments_sdk import AsyncPaymentsClient, InvalidParameterError
    from payments_sdk.sandbox._app import build_app
    from payments_sdk.sandbox._auth import KeyIssuer
    from payments_sdk.sandbox._namespace_states import Spaces

    document = json.load(open(sys.argv[1]))
    keys = KeyIssuer(None)
    app = build_app(Spaces.in_memory(seed_payments=0), keys, document)
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
            probes = client.style_probes
            first = await probes.create(status="open", amount=500, currency="EUR", label="a")
            second = await probes.create(status="closed", amount=700, currency="GBP", label="b")

            def query():
                return sent[-1].url.query.decode()

            async def ids(**filters):
                page = await probes.list(**filters)
                return sorted(r.id for r in page.data)

            both = sorted([first.id, second.id])
            assert await ids(status=["open"]) == [first.id]
            assert query().startswith("status=open&"), query()
            assert await ids(status=["open", "closed"]) == both
            assert query().startswith("status=open&status=closed&"), query()
            assert await ids(id=[first.id, "sp_none"]) == [first.id]
            assert query().startswith(f"id={first.id},sp_none&"), query()
            assert await ids(amount=[500, 1]) == [first.id]
            assert query().startswith("amount=500|1&"), query()
            assert await ids(currency=["EUR", "GBP"]) == both
            assert query().startswith("currency=EUR%20GBP&"), query()
            assert await ids(filter={"currency": "GBP", "amount": 700}) == [second.id]
            assert query().startswith("filter[currency]=GBP&filter[amount]=700&"), query()
            assert await ids(match={"label": "b"}) == [second.id]
            assert query().startswith("label=b&"), query()
            assert await ids(id=[second.id, "sp_x,y"]) == [second.id]
            assert query().startswith(f"id={second.id},sp_x%2Cy&"), query()
            for bad, field in (({"id": [""]}, "id"), ({"currency": ["EU R"]}, "currency[0]")):
                try:
                    await probes.list(**bad)
                except InvalidParameterError as exc:
                    assert exc.field == field, exc
                else:
                    raise AssertionError(f"{bad} was sent")
            raw = await client.with_raw_response.style_probes.list(status=["open"])
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
        "style-probes", "list", "--status", "open", "--status", "closed",
        "--id", "sp_1,sp_2", "--amount", "5|7", "--currency", "EUR GBP",
        "--filter.currency", "EUR", "--match", '{"label": "b"}',
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
        "status=open&status=closed&id=sp_1,sp_2&amount=5|7&currency=EUR%20GBP"
        "&filter[currency]=EUR&label=b&"
    ), url


def test_api_diff_calls_new_filters_compatible_and_a_new_style_breaking(
    edited: tuple[Path, dict[str, Any]],
) -> None:
    """A new resource with styled filters is compatible; writing a list differently is not."""
    _, source = edited
    before = load_published()
    changes = diff(fold_server_prefixes(before), fold_server_prefixes(source))
    assert changes and not [c for c in changes if c.breaking], "\n".join(map(str, changes))
    restyled = copy.deepcopy(source)
    for param in restyled["paths"]["/style-probes"]["get"]["parameters"]:
        if param.get("name") == "id":
            param["explode"] = True
    changes = diff(fold_server_prefixes(source), fold_server_prefixes(restyled))
    assert [
        str(c) for c in changes if c.breaking and "style form without explode -> form" in c.what
    ]
