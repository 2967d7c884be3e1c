"""Folding honours servers at every level OpenAPI 3.1 allows, or refuses them by name."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fold import FoldError, fold_server_prefixes, full_path

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def bundle() -> dict[str, Any]:
    """The last release's bundle, so that these tests do not depend on edits in progress."""
    document: dict[str, Any] = json.loads(
        (ROOT / "openapi" / "baseline" / "payments.json").read_text(encoding="utf-8")
    )
    return document


ROOT_SERVER = {
    "url": "{root_url}",
    "variables": {"root_url": {"default": "https://api.payments.example"}},
}


def _v2(path: str = "") -> list[dict[str, Any]]:
    return [{"url": "{root_url}/v2" + path, "variables": ROOT_SERVER["variables"]}]


def _routes(document: dict[str, Any]) -> dict[tuple[str, str], str]:
    return {
        (method.upper(), path): operation["operationId"]
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict) and "operationId" in operation
    }


def test_an_operation_level_server_moves_only_that_operation(bundle: dict[str, Any]) -> None:
    """GET /refunds/{id} on a /v2 server folds to /v2/refunds/{id}; its siblings stay on /v1."""
    moved = copy.deepcopy(bundle)
    moved["paths"]["/refunds/{id}"]["get"]["servers"] = _v2()
    moved["paths"]["/refunds"]["post"]["servers"] = _v2()
    routes = _routes(fold_server_prefixes(moved))
    assert routes[("GET", "/v2/refunds/{id}")] == "getRefund"
    assert ("GET", "/v1/refunds/{id}") not in routes
    assert routes[("POST", "/v2/refunds")] == "createRefund"
    assert routes[("GET", "/v1/refunds")] == "listRefunds"
    assert len(routes) == len(_routes(fold_server_prefixes(bundle)))
    assert full_path(moved, "/refunds/{id}", "get") == "/v2/refunds/{id}"
    assert full_path(moved, "/refunds", "get") == "/v1/refunds"


def test_the_nearest_server_wins(bundle: dict[str, Any]) -> None:
    """Operation over path item over document."""
    document = copy.deepcopy(bundle)
    document["paths"]["/orders"]["servers"] = _v2()
    document["paths"]["/orders"]["get"]["servers"] = [{"url": "https://api.payments.example/v3"}]
    routes = _routes(fold_server_prefixes(document))
    assert routes[("POST", "/v2/orders")] == "createOrder"
    assert routes[("GET", "/v3/orders")] == "listOrders"


def test_path_item_fields_follow_each_moved_operation(bundle: dict[str, Any]) -> None:
    """Shared path-item parameters go with every operation, wherever it lands."""
    document = copy.deepcopy(bundle)
    item = document["paths"]["/orders/{id}"]
    item["parameters"] = item["get"].pop("parameters")
    item["get"]["servers"] = _v2()
    folded = fold_server_prefixes(document)
    assert folded["paths"]["/v2/orders/{id}"]["parameters"] == item["parameters"]


@pytest.mark.parametrize(
    ("servers", "words"),
    [
        ([{"url": "https://elsewhere.example/v1"}], "is not on the service root"),
        ([{"url": "{host}/v2"}], "server variable {host}"),
        (
            [
                {"url": "https://api.payments.example/v1"},
                {"url": "https://api.payments.example/v2"},
            ],
            "different paths",
        ),
        ([], "non-empty list"),
    ],
)
def test_a_server_that_cannot_fold_is_refused_naming_the_operation(
    bundle: dict[str, Any], servers: list[dict[str, Any]], words: str
) -> None:
    """Another host, a variable without a default, or disagreeing servers: FoldError by name."""
    document = copy.deepcopy(bundle)
    document["paths"]["/refunds/{id}"]["get"]["servers"] = servers
    if not servers:  # an empty list means "inherit" in OpenAPI; on a path item it is refused
        document["paths"]["/refunds/{id}"]["servers"] = [{}]
    with pytest.raises(FoldError) as raised:
        fold_server_prefixes(document)
    assert "/refunds/{id}" in str(raised.value)
    if servers:
        assert words in str(raised.value)


def test_two_operations_folding_onto_one_route_are_refused(bundle: dict[str, Any]) -> None:
    """A move onto a route another operation already has is an error, not an overwrite."""
    document = copy.deepcopy(bundle)
    document["paths"]["/v1/orders"] = {"get": {**document["paths"]["/orders"]["get"]}}
    document["paths"]["/v1/orders"]["get"]["servers"] = [ROOT_SERVER]
    with pytest.raises(FoldError, match="already has"):
        fold_server_prefixes(document)


def test_the_command_line_refuses_with_a_message_and_status_1(
    bundle: dict[str, Any], tmp_path: Path
) -> None:
    """The fold step of `make generate` stops on an unfoldable server, naming it on stderr."""
    document = copy.deepcopy(bundle)
    document["paths"]["/ping"]["get"]["servers"] = [{"url": "https://other.example"}]
    source = tmp_path / "payments.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(ROOT / "openapi" / "tools" / "fold.py"), str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "GET /ping" in result.stderr and "not on the service root" in result.stderr
