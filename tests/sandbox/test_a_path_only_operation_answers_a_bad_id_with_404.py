"""An operation whose only input is its path may declare no 400: a bad id is then a 404.

The sandbox answers only the statuses an operation declares. An id that breaks the path
parameter's schema cannot name a record, so where the operation lists no 400 (as a service
may publish a retrieve), the answer is the operation's 404, with the same words.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fold import fold_server_prefixes

from payments_sdk.sandbox._app import build_app
from payments_sdk.sandbox._auth import KeyIssuer
from payments_sdk.sandbox._namespace_states import Spaces
from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_generate import with_overlay

# 257 characters: one more than the path id's pattern allows.
_TOO_LONG = "r" * 257


def _path_only_operations(spec: dict[str, Any]) -> list[tuple[str, str]]:
    """(path, verb) of each operation whose only parameter is a path id, from the bundle."""
    found = []
    for path, item in spec["paths"].items():
        for verb, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            # The path item's parameters and the operation's own (either may hold the id).
            params = [*item.get("parameters", []), *operation.get("parameters", [])]
            refs = [p.get("$ref", "") for p in params]
            if params and all(r.endswith("/ResourceId") for r in refs) and verb == "get":
                found.append((path, verb))
    return found


async def _answer(spec: dict[str, Any], path: str) -> httpx.Response:
    keys = KeyIssuer(None)
    app = build_app(Spaces.in_memory(seed_payments=1), keys, fold_server_prefixes(spec))
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app),
        base_url="http://127.0.0.1",
        headers={"Authorization": f"Bearer {keys.issue()}"},
    ) as http:
        return await http.get("/v1" + path.replace("{id}", _TOO_LONG))


@pytest.fixture(scope="module")
def source() -> dict[str, Any]:
    """The bundle as published."""
    loaded: dict[str, Any] = with_overlay(payments_yaml())
    return loaded


async def test_a_bad_id_is_404_where_the_operation_declares_no_400(source: dict[str, Any]) -> None:
    """Without a declared 400, the refusal is the 404 the operation declares, same message."""
    chosen = _path_only_operations(source)
    assert chosen, "the bundle has no retrieve by id"
    path, verb = chosen[0]
    responses = source["paths"][path][verb]["responses"]
    assert "400" in responses, f"{verb} {path} declares no 400 already"
    declared = await _answer(source, path)
    del responses["400"]
    responses.setdefault("404", {"$ref": "#/components/responses/NotFound"})
    undeclared = await _answer(source, path)
    assert declared.status_code == 400, declared.text
    assert undeclared.status_code == 404, undeclared.text
    assert undeclared.json()["message"] == declared.json()["message"]
