"""The SDK names a method by the bundle's structure, so a new operation never takes a used name.

``payments_sdk._naming`` is shared by ``make generate`` and the sandbox. An item beside a single
record of the same resource (``GET /balances/{currency}`` beside ``GET /balances``) made both
``balances.retrieve``, which ``make generate`` refused: the item is ``retrieve_by_currency``, and
the single record keeps its name. A last segment after the resource's own is an action
(``/payments/summary`` → ``summary``), as one after a record's id is.
"""

from __future__ import annotations

from typing import Any

import pytest

from payments_sdk._naming import method_of

_ONE = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Balances"}}}}
DOCUMENT: dict[str, Any] = {
    "paths": {
        "/v1/balances": {"get": {"responses": {"200": _ONE}}},
        "/v1/payments": {"get": {"responses": {"200": {"content": {}}}}},
    },
    "components": {
        "schemas": {"Balances": {"type": "object", "properties": {"total": {"type": "integer"}}}}
    },
}


@pytest.mark.parametrize(
    ("path", "verb", "is_list", "method"),
    [
        ("/v1/balances", "get", False, "retrieve"),
        ("/v1/balances/{currency}", "get", False, "retrieve_by_currency"),
        ("/v1/payments/{id}", "get", False, "retrieve"),  # beside a list: an item, as ever
        ("/v1/payments", "get", True, "list"),
        ("/v1/payments/summary", "get", False, "summary"),
        ("/v1/orders/{id}/update-rfi", "patch", False, "update_rfi"),
        ("/v2/virtual-accounts", "post", False, "create"),
        ("/v1/refunds/{id}", "delete", False, "delete"),
    ],
)
def test_a_method_is_named_by_its_path_and_its_neighbours(
    path: str, verb: str, is_list: bool, method: str
) -> None:
    assert method_of(path, verb, {}, is_list, DOCUMENT) == method


def test_x_sdk_method_still_decides() -> None:
    assert method_of(
        "/v1/balances/{currency}", "get", {"x-sdk-method": "one"}, False, DOCUMENT
    ) == ("one")
