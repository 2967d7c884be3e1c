"""Seven compatible edits of the bundle reach the SDK and the sandbox with no hand-written line.

The edits a maintainer makes (a header parameter, a raised bound, a new query filter, a new
list-and-retrieve resource, an operationId rename, a new default page size, a new optional
request field) are applied together to a scratch copy of ``openapi/payments.yaml``. The
documented workflow (`make generate`: bundle, fold, openapi-python-client, the surface step)
runs into a scratch directory, and a fresh interpreter that imports the SDK from there calls
every new or changed method against a sandbox built from the edited bundle. `api_diff` reports
each edit as compatible. Nothing outside ``openapi/`` is touched.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml
from api_diff import diff
from fold import fold_server_prefixes

from tests.support.scratch_generate import generate_into

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def _edit(document: dict[str, Any]) -> None:
    paths, schemas = document["paths"], document["components"]["schemas"]
    parameters = document["components"]["parameters"]
    # 1. a header parameter
    paths["/refunds"]["post"].setdefault("parameters", []).append(
        {
            "name": "Idempotency-Key",
            "in": "header",
            "required": False,
            "description": "Makes a retried create safe.",
            "schema": {"type": "string", "minLength": 1, "maxLength": 64},
        }
    )
    # 2. a raised bound and 6. a new default page size
    parameters["PerPage"]["schema"]["maximum"] = 200
    parameters["PerPage"]["schema"]["default"] = 50
    # 3. a new query filter
    paths["/refunds"]["get"]["parameters"].insert(
        0,
        {
            "name": "status",
            "in": "query",
            "required": False,
            "description": "Only refunds in this status.",
            "schema": {"$ref": "#/components/schemas/RefundStatus"},
        },
    )
    # 4. a new list-and-retrieve resource
    schemas["Widget"] = {
        "type": "object",
        "description": "A widget.",
        "required": ["id", "colour"],
        "properties": {
            "id": {"type": "string", "pattern": "^wdg_[A-Za-z0-9_-]+$"},
            "colour": {"type": "string", "examples": ["blue"]},
            "created_at": {"$ref": "#/components/schemas/Timestamp"},
        },
        "additionalProperties": True,
    }
    schemas["WidgetList"] = {
        "type": "object",
        "description": "A page of widgets.",
        "required": ["data", "page_meta"],
        "properties": {
            "data": {"type": "array", "items": {"$ref": "#/components/schemas/Widget"}},
            "page_meta": {"$ref": "#/components/schemas/PageMeta"},
        },
    }
    ok = {"description": "Unauthorized.", "$ref": "#/components/responses/Unauthorized"}
    paths["/widgets"] = {
        "get": {
            "operationId": "listWidgets",
            "tags": ["Payin"],
            "summary": "List widgets",
            "description": "Lists widgets, newest first.",
            "parameters": [
                {"$ref": f"#/components/parameters/{name}"}
                for name in ("Before", "After", "PerPage", "Page")
            ],
            "responses": {
                "200": {
                    "description": "A page of widgets.",
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/WidgetList"}}
                    },
                },
                "400": {"$ref": "#/components/responses/InvalidListParameter"},
                "401": {"$ref": ok["$ref"]},
            },
        }
    }
    paths["/widgets/{id}"] = {
        "get": {
            "operationId": "getWidget",
            "tags": ["Payin"],
            "summary": "Retrieve a widget",
            "description": "Returns one widget by its id.",
            "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
            "responses": {
                "200": {
                    "description": "The widget.",
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/Widget"}}
                    },
                },
                "400": {"$ref": "#/components/responses/BadRequest"},
                "401": {"$ref": ok["$ref"]},
                "404": {"$ref": "#/components/responses/NotFound"},
            },
        }
    }
    # 5. an operationId rename
    paths["/refunds"]["post"]["operationId"] = "refundPayment"
    # 7. a new optional request field (also on the record, so the answer carries it)
    schemas["RefundCreateRequest"]["properties"]["reason"] = {
        "type": "string",
        "minLength": 1,
        "description": "Why the payment is refunded.",
    }
    schemas["Refund"]["properties"]["reason"] = {"type": "string"}


CALLS = textwrap.dedent(
    """
    import asyncio, inspect, json, sys
    import httpx
    import payments_sdk.resources.refunds as refunds_module
    from payments_sdk import AsyncPaymentsClient, NotFoundError, InvalidParameterError
    from payments_sdk.sandbox._app import build_app
    from payments_sdk.sandbox._auth import KeyIssuer
    from payments_sdk.sandbox._spaces import Spaces

    assert refunds_module.__file__.startswith(sys.argv[2]), refunds_module.__file__
    document = json.load(open(sys.argv[1]))
    keys = KeyIssuer(None)
    app = build_app(Spaces.in_memory(seed_payments=5), keys, document)
    sent = []

    async def main():
        async def record(request):
            sent.append(request)
        transport = httpx.ASGITransport(app=app)
        http = httpx.AsyncClient(transport=transport, event_hooks={"request": [record]})
        async with AsyncPaymentsClient(
            api_key=keys.issue(), base_url="http://127.0.0.1/v1", http_client=http
        ) as client:
            signature = inspect.signature(client.refunds.list)
            assert signature.parameters["per_page"].default == 50, signature
            payments = await client.payments.list(per_page=150)
            paid = next(p for p in payments.data if p.status == "success")
            refund = await client.refunds.create(
                payment_id=paid.id, reason="duplicate", idempotency_key="k-1"
            )
            assert sent[-1].headers["Idempotency-Key"] == "k-1"
            assert json.loads(sent[-1].content) == {"payment_id": paid.id, "reason": "duplicate"}
            reason = getattr(refund, "reason", None) or refund.additional_properties["reason"]
            assert reason == "duplicate", refund
            await client.refunds.mock_update_status(refund.id)
            second = next(p for p in payments.data if p.status == "success" and p.id != paid.id)
            await client.refunds.create(payment_id=second.id)
            done = await client.refunds.list(status="success")
            assert [r.id for r in done.data] == [refund.id], done.data
            assert sent[-1].url.params["status"] == "success"
            assert sent[-1].url.params["per_page"] == "50"
            try:
                await client.refunds.list(status="lost")
            except InvalidParameterError as exc:
                assert exc.field == "status", exc
            else:
                raise AssertionError("an unknown status was sent")
            widgets = await client.widgets.list()
            assert widgets.data == [] and widgets.page_meta.count == 0
            try:
                await client.widgets.retrieve("wdg_1")
            except NotFoundError:
                pass
            else:
                raise AssertionError("a widget that does not exist was found")
            raw = await client.with_raw_response.widgets.list()
            assert raw.status_code == 200
        print("carried")

    asyncio.run(main())
    """
)


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The edited bundle, generated into a scratch directory as `make generate` does."""
    # A scratch checkout: generated/ beside a link to the wrapper, as `make generate` writes it.
    source = yaml.safe_load((ROOT / "openapi" / "payments.yaml").read_text(encoding="utf-8"))
    _edit(source)
    out = generate_into(tmp_path_factory.mktemp("edited"), source)
    return out, source


def test_every_compatible_edit_reaches_the_sdk_and_the_sandbox(
    edited: tuple[Path, dict[str, Any]],
) -> None:
    """The new header, filter, bound, default, field and resource work end to end."""
    out, _ = edited
    env = {**os.environ, "PYTHONPATH": f"{out}{os.pathsep}{out.parent / 'wrapper'}"}
    result = subprocess.run(
        [sys.executable, "-c", CALLS, str(out / "payments.folded.json"), str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip().endswith("carried")


def test_the_api_diff_calls_every_edit_compatible(edited: tuple[Path, dict[str, Any]]) -> None:
    """No edit is breaking for SDK users; the new default is reported."""
    _, source = edited
    before = json.loads((ROOT / "openapi" / "payments.json").read_text(encoding="utf-8"))
    changes = diff(fold_server_prefixes(before), fold_server_prefixes(source))
    assert not [c for c in changes if c.breaking], "\n".join(map(str, changes))
    text = "\n".join(map(str, changes))
    for words in (
        "default 20 -> 50",
        "maximum 100 -> 200",
        "new operation",
        "stays refunds.create",
    ):
        assert words in text, text


def test_the_scratch_copy_does_not_touch_the_checkout(edited: tuple[Path, dict[str, Any]]) -> None:
    """The edits live in the scratch directory only."""
    out, _ = edited
    assert (out / "payments_sdk" / "resources" / "widgets.py").is_file()
    assert not (ROOT / "generated" / "payments_sdk" / "resources" / "widgets.py").exists()
    assert shutil.which("git") is None or "widgets" not in (
        ROOT / "openapi" / "payments.yaml"
    ).read_text(encoding="utf-8")
