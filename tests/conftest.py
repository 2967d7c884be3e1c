"""Shared fixtures: the bundle, schema validators, and SDK clients over a mock transport."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest
from fold import fold_server_prefixes, load_published

from payments_sdk import AsyncPaymentsClient
from payments_sdk.sandbox.contract import SchemaSet
from tests.support.handler_server import HandlerServer, serve_handler, served_wire

# The loop_watchdog fixture (tests/support/loop_watchdog.py), for tests that use it by name.
pytest_plugins = ["tests.support.loop_watchdog"]

# A syntactically valid JWT-form test key (header.payload.signature, base64url).
TEST_KEY = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1bml0LXRlc3QifQ.c2VjcmV0LXNpZ25hdHVyZS0xMjM0NQ"
BASE_URL = "https://api.payments.test/v1"

Handler = Callable[[httpx.Request], httpx.Response]


@pytest.fixture(scope="session")
def bundle() -> dict[str, Any]:
    """The bundle the SDK is generated from: openapi/payments.json with our overlay applied."""
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

WIRES = ["httpx", "aiohttp"]
"""The two wires every call-level test runs on: a caller's httpx client over
``httpx.MockTransport``, and the SDK's default (aiohttp) against the same handler served on
127.0.0.1 (tests/support/handler_server.py)."""


@pytest.fixture(params=WIRES)
def wire(request: pytest.FixtureRequest) -> str:
    """The wire under test, for tests that build clients themselves."""
    return str(request.param)


@pytest.fixture
async def make_client(wire: str) -> AsyncIterator[MakeClient]:
    """Build clients whose requests go to a handler, on each wire; all closed after the test.

    On ``httpx`` the handler is the client's ``MockTransport``; on ``aiohttp`` it answers
    over loopback HTTPS (tests/support/handler_server.py), and the client still has ``BASE_URL``. A
    difference between the wires is a failing test.
    """
    made: list[tuple[AsyncPaymentsClient, httpx.AsyncClient | None]] = []
    servers = contextlib.ExitStack()
    running: list[HandlerServer] = []

    def build(handler: Handler, **options: Any) -> tuple[AsyncPaymentsClient, Recorder]:
        recorder = Recorder(handler)
        if wire == "httpx":
            http = httpx.AsyncClient(transport=httpx.MockTransport(recorder))
            client = AsyncPaymentsClient(
                api_key=TEST_KEY, base_url=BASE_URL, http_client=http, **options
            )
            made.append((client, http))
            return client, recorder
        origin = str(httpx.URL(BASE_URL).copy_with(path="/")).rstrip("/")
        server = servers.enter_context(serve_handler(recorder, origin))
        running.append(server)
        client = AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL, **options)
        served_wire(client, server)
        made.append((client, None))
        return client, recorder

    try:
        yield build
    finally:
        for client, http in made:
            await client.aclose()
            if http is not None:
                await http.aclose()
        servers.close()
    for server in running:
        if server.errors:
            raise server.errors[0]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failing ``description`` test says what its failure means, and where to act."""
    report = yield
    if report.failed and call.when == "call" and item.get_closest_marker("description"):
        report.sections.append(
            (
                "spec fidelity",
                "This test pins the bundle to ../shared/service-description.md. If the service "
                "itself changed, update the fact in tests/support/description_facts.py "
                "(one place); "
                "otherwise the bundle no longer says what the description says.",
            )
        )
    return report
