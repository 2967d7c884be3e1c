"""Shared fixtures: the bundle, schema validators, and SDK clients over a mock transport."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest
from fold import fold_server_prefixes, load_published

from payments_sdk import AsyncPaymentsClient
from payments_sdk.sandbox.contract import SchemaSet

# A syntactically valid JWT-form test key (header.payload.signature, base64url).
TEST_KEY = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1bml0LXRlc3QifQ.c2VjcmV0LXNpZ25hdHVyZS0xMjM0NQ"
BASE_URL = "https://api.payments.test/v1"

Handler = Callable[[httpx.Request], httpx.Response]


@pytest.fixture(scope="session")
def bundle() -> dict[str, Any]:
    """The published bundle (openapi/payments.json)."""
    return load_published()


@pytest.fixture(scope="session")
def folded(bundle: dict[str, Any]) -> dict[str, Any]:
    """The bundle with server prefixes folded into its paths, as the generator sees it."""
    return fold_server_prefixes(bundle)


@pytest.fixture(scope="session")
def schemas(bundle: dict[str, Any]) -> SchemaSet:
    """Validators for any schema in the bundle."""
    return SchemaSet(bundle)


class Recorder:
    """Answers requests with a handler and keeps every request it saw."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        # A snapshot: the SDK masks the key in its request once the call is over.
        snapshot = httpx.Request(
            request.method, request.url, headers=request.headers.copy(), content=request.read()
        )
        self.requests.append(snapshot)
        return self.handler(request)

    @property
    def last(self) -> httpx.Request:
        return self.requests[-1]

    def last_json(self) -> Any:
        return json.loads(self.last.content)


MakeClient = Callable[..., tuple[AsyncPaymentsClient, Recorder]]


@pytest.fixture
async def make_client() -> AsyncIterator[MakeClient]:
    """Build clients whose requests go to a handler; all are closed after the test."""
    made: list[tuple[AsyncPaymentsClient, httpx.AsyncClient]] = []

    def build(handler: Handler, **options: Any) -> tuple[AsyncPaymentsClient, Recorder]:
        recorder = Recorder(handler)
        http = httpx.AsyncClient(transport=httpx.MockTransport(recorder))
        client = AsyncPaymentsClient(
            api_key=TEST_KEY, base_url=BASE_URL, http_client=http, **options
        )
        made.append((client, http))
        return client, recorder

    yield build
    for client, http in made:
        await client.aclose()
        await http.aclose()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failing ``description`` test says what its failure means, and where to act."""
    report = yield
    if report.failed and call.when == "call" and item.get_closest_marker("description"):
        report.sections.append(
            (
                "spec fidelity",
                "This test pins the bundle to ../shared/service-description.md. If the service "
                "itself changed, update the fact in tests/description_facts.py (one place); "
                "otherwise the bundle no longer says what the description says.",
            )
        )
    return report
