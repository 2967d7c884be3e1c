"""The sandbox reads each operation of the bundle once, and each request's credential once.

One table (``_operation_index.py``) holds every operation, read once; the routes, the request
validation, the handlers, the answers and the faults all take their operation from it. The
outermost layer reads and verifies a request's key once and hands it down in the request's
state, where the endpoint and the controls find it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import httpx
import pytest
from starlette.routing import Match, Route

from payments_sdk import _operation_parts
from payments_sdk.sandbox import Sandbox, _app
from payments_sdk.sandbox._app import build_app
from payments_sdk.sandbox._auth import KeyIssuer
from payments_sdk.sandbox._namespace_states import Spaces
from payments_sdk.sandbox._operation_index import OperationIndex, bundle_operations
from payments_sdk.sandbox.contract import load_bundle


def _concrete(path: str) -> str:
    """Return a request path the template ``path`` matches (each ``{name}`` one segment)."""
    return "/".join("x1" if part.startswith("{") else part for part in path.split("/"))


async def test_a_request_verifies_its_credential_once(monkeypatch: pytest.MonkeyPatch) -> None:
    verified: list[str | None] = []
    verify = KeyIssuer.verify

    def spy(self: KeyIssuer, authorization: str | None) -> dict[str, object]:
        verified.append(authorization)
        return verify(self, authorization)

    monkeypatch.setattr(KeyIssuer, "verify", spy)
    async with Sandbox(seed_payments=1) as sandbox:
        payment = sandbox.simulate_payment(amount=500)
        key = {"Authorization": f"Bearer {sandbox.api_key}"}
        other = {"Authorization": f"Bearer {sandbox.issue_key('other')}"}
        forged = {"Authorization": "Bearer x.y.z"}
        # Each request verifies its credential at most once; a key verified before is not
        # verified again until it expires (the same text, signed the same way).
        calls: list[tuple[str, str, dict[str, str], Any, int, int]] = [
            ("GET", "/v1/balances", key, None, 200, 1),  # the key's first request
            ("POST", "/v1/refunds", key, {"payment_id": payment["id"]}, 201, 0),
            ("GET", "/v1/balances", forged, None, 401, 1),
            ("GET", "/v1/balances", {}, None, 401, 1),
            ("GET", "/_sandbox/faults", other, None, 200, 1),  # a control reads it once too
            ("GET", "/_sandbox/faults", forged, None, 401, 1),
        ]
        transport = httpx.ASGITransport(app=sandbox.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
            for method, path, headers, body, status, times in calls:
                verified.clear()
                answer = await http.request(method, path, headers=headers, json=body)
                assert answer.status_code == status, answer.text
                assert len(verified) == times, (method, path, verified)


async def test_an_expired_key_is_refused_although_it_was_verified_before() -> None:
    async with Sandbox(seed_payments=0) as sandbox:
        short = sandbox.keys.issue(lifetime=1)
        headers = {"Authorization": f"Bearer {short}"}
        transport = httpx.ASGITransport(app=sandbox.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
            assert (await http.get("/v1/balances", headers=headers)).status_code == 200
            expired = sandbox.keys.issue(lifetime=-1)
            refused = await http.get("/v1/balances", headers={"Authorization": f"Bearer {expired}"})
            assert refused.status_code == 401
            assert refused.json()["message"] == "Authorization token has expired"


def test_each_operation_of_the_bundle_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    document = load_bundle()  # a fresh copy: its table is built here
    reads: Counter[tuple[str, str, str]] = Counter()
    for reader in ("parameters", "request_body", "responses"):
        original = getattr(_operation_parts, reader)

        def counted(
            doc: Any, path: str, verb: str, *, _reader: Any = original, _n: str = reader
        ) -> Any:
            if doc is document:
                reads[(_n, path, verb.lower())] += 1
            return _reader(doc, path, verb)

        monkeypatch.setattr(_operation_parts, reader, counted)
    build_app(Spaces.in_memory(seed_payments=0), KeyIssuer(None), document)
    expected = {
        (reader, path, verb)
        for path, item in document["paths"].items()
        for verb in ("get", "post", "put", "patch", "delete")
        if verb in item
        for reader in ("parameters", "request_body", "responses")
    }
    assert set(reads) == expected
    assert {key: count for key, count in reads.items() if count != 1} == {}


def test_the_routes_the_validation_the_answers_and_the_faults_share_one_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    used: dict[str, list[object]] = {"handler": [], "validation": [], "answers": []}
    handler_for, request_schema, answers = _app.handler_for, _app.RequestSchema, _app.Answers

    def spied_handler(name: Any) -> Any:
        used["handler"].append(name)
        return handler_for(name)

    def spied_schema(*args: Any, **kwargs: Any) -> Any:
        made = request_schema(*args, **kwargs)
        used["validation"].append(made.operation)
        return made

    def spied_answers(*args: Any) -> Any:
        made = answers(*args)
        used["answers"].append(made.operation)
        return made

    monkeypatch.setattr(_app, "handler_for", spied_handler)
    monkeypatch.setattr(_app, "RequestSchema", spied_schema)
    monkeypatch.setattr(_app, "Answers", spied_answers)
    sandbox = Sandbox(seed_payments=0)
    table = bundle_operations()
    rows = [table.operation(operation_id) for operation_id in table]
    for reader, operations in used.items():
        assert [id(o) for o in operations] == [id(o) for o in _in_route_order(table)], reader
    assert sandbox.app.operations is table  # type: ignore[attr-defined]
    assert sandbox.faults_of("default")._operations is table
    router = sandbox.app.app  # type: ignore[attr-defined]
    for row in rows:  # the operation the faults take a request for is the one it is routed to
        request = _concrete(row.path)
        found = table.match(row.verb, request)
        assert found is not None and found.path == _routed(router, row.verb, request)


def _in_route_order(table: OperationIndex) -> list[object]:
    return [operation for _, operations in table.paths() for operation in operations.values()]


def _routed(app: Any, method: str, path: str) -> str | None:
    """Return the path template of the route Starlette takes for a request."""
    scope = {"type": "http", "method": method, "path": path, "root_path": ""}
    for route in app.routes:
        if isinstance(route, Route) and route.matches(scope)[0] is Match.FULL:
            return route.path
    return None
