"""Contract: every wrapper call is a request the bundle accepts, answered by a Prism mock.

Prism is an implementation of the bundle independent of ours. It serves the folded bundle
(written at test time, never committed) and validates each request against it. With
``--errors`` a violation is a 4xx answer; without it, an ``sl-violations`` header. The tests
check both, and that the SDK parses Prism's example answer into the model the bundle names.
A deliberately invalid request proves that the check can fail.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import payments_sdk_generated.models
from payments_sdk import (
    APIStatusError,
    AsyncPaymentsClient,
    BadRequestError,
    Page,
    UnauthorizedError,
)
from tests.call.test_methods_send_the_bundles_requests import BY_NAME, CASES, Case
from tests.conftest import TEST_KEY

pytestmark = pytest.mark.contract

ROOT = Path(__file__).resolve().parents[2]
PRISM = ROOT / "node_modules" / ".bin" / "prism"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def prism(folded: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Start `prism mock` on a free loopback port; yield its /v1 base URL."""
    if not PRISM.exists() or shutil.which("node") is None:
        pytest.fail("Prism is not installed: run `make setup` (npm ci)")
    spec = tmp_path_factory.mktemp("prism") / "folded.json"
    spec.write_text(json.dumps(folded))
    port = _free_port()
    process = subprocess.Popen(
        [str(PRISM), "mock", str(spec), "-h", "127.0.0.1", "-p", str(port), "--errors"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{base_url}/ping", timeout=1)
                break
            except httpx.TransportError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("Prism did not start within 60 s")
                time.sleep(0.2)
        yield base_url
    finally:
        process.terminate()
        process.wait(timeout=10)


class Exchanges:
    """Every response the SDK received, recorded by an httpx response hook."""

    def __init__(self) -> None:
        self.responses: list[httpx.Response] = []

    async def __call__(self, response: httpx.Response) -> None:
        self.responses.append(response)


@pytest.fixture
async def exchanges() -> Exchanges:
    """A fresh response recorder."""
    return Exchanges()


@pytest.fixture
async def client(prism: str, exchanges: Exchanges) -> AsyncIterator[AsyncPaymentsClient]:
    """An SDK client pointed at Prism, over a pool that records every response."""
    async with (
        httpx.AsyncClient(event_hooks={"response": [exchanges]}) as pool,
        AsyncPaymentsClient(
            api_key=TEST_KEY, base_url=prism, max_retries=0, http_client=pool
        ) as sdk,
    ):
        yield sdk


def expected_model(folded: dict[str, Any], name: str) -> tuple[type | None, bool]:
    """The generated model of the 2xx body of the SDK's ``name``; for a paged list, its items'."""
    operation_id = BY_NAME[name].operation_id
    for item in folded["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict) or operation.get("operationId") != operation_id:
                continue
            for code, response in operation["responses"].items():
                schema = response.get("content", {}).get("application/json", {}).get("schema")
                if not code.startswith("2"):
                    continue
                if schema is None:
                    return None, False
                name = schema["$ref"].rsplit("/", 1)[-1]
                properties = folded["components"]["schemas"][name].get("properties", {})
                data = properties.get("data")
                if "page_meta" in properties and "$ref" in data.get("items", {}):
                    item_name = data["items"]["$ref"].rsplit("/", 1)[-1]
                    return getattr(payments_sdk_generated.models, item_name), True
                return getattr(payments_sdk_generated.models, name), False
    raise AssertionError(f"{operation_id} is not in the bundle")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_wrapper_requests_conform_to_the_bundle(
    case: Case, client: AsyncPaymentsClient, exchanges: Exchanges, folded: dict[str, Any]
) -> None:
    """Prism accepts the request, and the SDK parses its example into the bundle's model."""
    result = await case.call(client)
    assert len(exchanges.responses) == 1
    response = exchanges.responses[0]
    assert 200 <= response.status_code < 300, response.text
    violations = json.loads(response.headers.get("sl-violations", "[]"))
    # Calling a deprecated operation or giving a deprecated parameter is what the bundle allows:
    # Prism notes it as a warning, as the SDK does with its DeprecationWarning.
    assert [v for v in violations if v.get("code") != "deprecated"] == [], violations
    model, is_list = expected_model(folded, case.name)
    if model is None:
        assert result is None
    elif is_list:
        assert isinstance(result, Page) and result.data
        assert all(isinstance(item, model) for item in result.data)
    else:
        assert isinstance(result, model)


async def test_an_invalid_request_is_rejected(
    client: AsyncPaymentsClient, exchanges: Exchanges
) -> None:
    """The check can fail: a body the bundle forbids, sent raw, is refused with violations."""
    with pytest.raises(APIStatusError) as raised:
        await client.request(
            "POST",
            "/balance_conversions",
            json={"source_currency": "USD", "target_currency": "EUR", "source_amount": "ten"},
        )
    response = exchanges.responses[-1]
    assert response.status_code in (400, 422)
    assert "source_amount" in response.text
    assert raised.value.status_code == response.status_code


async def test_prism_rejections_map_to_typed_errors(prism: str) -> None:
    """Prism's 401 for a missing token and its 400 example surface as typed errors."""
    async with httpx.AsyncClient() as raw:
        response = await raw.get(f"{prism}/balances")
    assert response.status_code == 401
    async with AsyncPaymentsClient(
        api_key=TEST_KEY, base_url=prism, default_headers={"Prefer": "code=400"}
    ) as client:
        with pytest.raises(BadRequestError) as raised:
            await client.fx_rates.retrieve(source_currency="USD", target_currency="EUR")
        assert "can't be blank" in str(raised.value)
    async with AsyncPaymentsClient(
        api_key=TEST_KEY, base_url=prism, default_headers={"Prefer": "code=401"}
    ) as client:
        with pytest.raises(UnauthorizedError, match="missing"):
            await client.balances.retrieve()
