"""How to turn a 100-item page into typed models: the measurement behind the model templates.

Decodes the same ``GET /payments`` page (bytes, as the sandbox renders it) five ways, in process,
interleaved round by round, and reports the median µs per page:

- ``json.loads`` alone: what raw httpx's ``.json()`` costs, with no types at all;
- the stock openapi-python-client models (attrs, ``Unset``): ``json.loads`` + ``from_dict``,
  generated into a temporary folder from the same bundle with the generator's own templates;
- attrs models with ``X | None`` fields, decoded by msgspec (``msgspec.json.decode(raw,
  type=...)``), which checks types but cannot tell an undeclared field from a missing one;
- our models (``openapi/templates``): msgspec Structs, strict decoder, types checked;
- our models when every item carries one undeclared field (the lenient path).
"""

from __future__ import annotations

import asyncio
import importlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import attrs
import httpx
import msgspec

from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox.contract import load_bundle
from payments_sdk_generated.models import PaymentList
from payments_sdk_generated.types import decode_response

from ._server import PAGE_SIZE, canned_bodies

ROUNDS = 7
REPEAT = 40

ROOT = Path(__file__).resolve().parents[2]


@attrs.define
class _Fee:
    amount: int
    currency: str


@attrs.define
class _Document:
    id: str | None = None
    type: str | None = None
    status: str | None = None
    rfi_doc_id: str | None = None


@attrs.define
class _Rfi:
    id: str
    status: str | None = None


@attrs.define
class _Payment:
    id: str
    status: str
    currency: str
    amount: int
    created_at: datetime
    payin_id: str | None = None
    credit_account_number: str | None = None
    debit_account_number: str | None = None
    purpose_code: str | None = None
    transaction_reference_number: str | None = None
    sender_name: str | None = None
    metadata: dict[str, Any] | None = None
    error_message: str | None = None
    payment_date: datetime | None = None
    updated_at: datetime | None = None
    customer_id: str | None = None
    country: str | None = None
    ordered_amount: int | None = None
    ordered_currency: str | None = None
    fx_fee: _Fee | None = None
    txn_fee: _Fee | None = None
    documents: list[_Document] | None = None
    rfi: _Rfi | None = None


@attrs.define
class _PageMeta:
    current: int
    previous: int | None
    next: int | None
    per_page: int
    pages: int
    count: int


@attrs.define
class _PaymentList:
    data: list[_Payment]
    page_meta: _PageMeta


def _stock_from_dict() -> Callable[[Any], Any]:
    """Generate the stock models into a temporary folder; return ``PaymentList.from_dict``."""
    folder = Path(tempfile.mkdtemp(prefix="stock-client-"))
    (folder / "folded.json").write_text(json.dumps(load_bundle()))
    (folder / "config.yaml").write_text(
        "package_name_override: stock_client\nproject_name_override: stock-client\n"
        "literal_enums: false\n"
    )
    generator = Path(sys.executable).with_name("openapi-python-client")
    command = ["generate", "--path", "folded.json", "--config", "config.yaml", "--meta", "none"]
    subprocess.run(
        [str(generator), *command, "--output-path", "stock_client"],
        cwd=folder,
        check=True,
        capture_output=True,
    )
    sys.path.insert(0, str(folder))
    module = importlib.import_module("stock_client.models")
    from_dict: Callable[[Any], Any] = module.PaymentList.from_dict
    return from_dict


def _page_bytes() -> tuple[bytes, bytes]:
    """Return the page as the sandbox renders it, and again with one unknown field per item."""
    body = asyncio.run(canned_bodies(Sandbox(seed_payments=PAGE_SIZE)))["/v1/payments"]
    page = json.loads(body)
    for item in page["data"]:
        item["settlement_batch"] = "b-7"
    return body, json.dumps(page).encode()


def _us_per_call(call: Callable[[], object]) -> float:
    started = time.perf_counter()
    for _ in range(REPEAT):
        call()
    return (time.perf_counter() - started) / REPEAT * 1e6


def run() -> list[tuple[str, float, str]]:
    """Return ``(way, median µs per page, checks types?)`` for each way, fastest first."""
    body, with_extra = _page_bytes()
    stock = _stock_from_dict()
    to_attrs = msgspec.json.Decoder(_PaymentList)
    ok = httpx.Response(200, content=body)
    extra = httpx.Response(200, content=with_extra)
    ways: dict[str, tuple[Callable[[], object], str]] = {
        "`json.loads` only (raw httpx `.json()`)": (lambda: json.loads(body), "no"),
        "stock generator: `json.loads` + attrs `from_dict`": (
            lambda: stock(json.loads(body)),
            "no",
        ),
        "msgspec into attrs models (`X | None`)": (lambda: to_attrs.decode(body), "yes"),
        "**ours**: msgspec Structs, strict decoder": (
            lambda: decode_response(ok, PaymentList),
            "yes",
        ),
        "ours, every item with an undeclared field (lenient path)": (
            lambda: decode_response(extra, PaymentList),
            "yes",
        ),
    }
    samples: dict[str, list[float]] = {name: [] for name in ways}
    for call, _ in ways.values():
        call()  # warm up caches and decoders
    for _ in range(ROUNDS):
        for name, (call, _) in ways.items():
            samples[name].append(_us_per_call(call))
    rows = [(name, statistics.median(samples[name]), ways[name][1]) for name in ways]
    return sorted(rows, key=lambda row: row[1])


if __name__ == "__main__":
    for name, micros, checked in run():
        print(f"{micros:8.0f} µs  types checked: {checked:3}  {name}")
