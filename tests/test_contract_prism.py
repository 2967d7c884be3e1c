"""Contract: every wrapper call is a request the bundle accepts, answered by a Prism mock.

Prism serves the folded bundle and validates each request against it (``--errors``), so a
wrapper method that sends a parameter or body the bundle does not allow fails here.
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

from payments_sdk import AsyncPaymentsClient, BadRequestError, UnauthorizedError
from tests.conftest import TEST_KEY
from tests.test_resources import CASES, Case

pytestmark = pytest.mark.contract

ROOT = Path(__file__).resolve().parent.parent
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


@pytest.fixture
async def client(prism: str) -> AsyncIterator[AsyncPaymentsClient]:
    """An SDK client pointed at Prism."""
    async with AsyncPaymentsClient(api_key=TEST_KEY, base_url=prism, max_retries=0) as sdk:
        yield sdk


@pytest.mark.parametrize("case", CASES, ids=[c.operation_id for c in CASES])
async def test_wrapper_requests_conform_to_the_bundle(
    case: Case, client: AsyncPaymentsClient
) -> None:
    """Prism accepts the request and the wrapper parses Prism's example answer."""
    result = await case.call(client)
    if case.operation_id == "closeVirtualAccounts":
        assert result is None
    else:
        assert result is not None


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
