"""``application/json; charset=utf-8`` is JSON: one key for every tool, and no change at all.

A maintainer who writes a body's media type with its charset (as many servers send it) means the
same JSON body. The folded bundle keys it ``application/json``, so the generator, the sandbox
and api-diff read it as before, and ``make generate`` does not refuse it as another media type.
Another parameter, or a key whose bare type is also there, is left as written.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from features import unsupported
from fold import fold_server_prefixes

from tests.support.provider_bundle import payments_yaml


@pytest.fixture(scope="module")
def source() -> dict[str, Any]:
    """The bundle as its maintainers write it (openapi/payments.yaml)."""
    document: dict[str, Any] = payments_yaml()
    return document


def _with_charset(document: dict[str, Any], key: str) -> dict[str, Any]:
    """Return a copy where every JSON body (request and answer) is keyed ``key`` instead."""
    edited = copy.deepcopy(document)
    components = edited["components"]
    holders: list[Any] = [
        *components.get("responses", {}).values(),
        *components.get("requestBodies", {}).values(),
    ]
    for item in edited["paths"].values():
        for operation in item.values():
            if isinstance(operation, dict):
                holders.append(operation.get("requestBody"))
                holders.extend(operation.get("responses", {}).values())
    for holder in holders:
        content = holder.get("content") if isinstance(holder, dict) else None
        if content and "application/json" in content:
            content[key] = content.pop("application/json")
    return edited


@pytest.mark.parametrize(
    "key", ["application/json; charset=utf-8", "application/json;charset=UTF-8"]
)
def test_a_charset_of_utf_8_folds_to_the_same_bundle(source: dict[str, Any], key: str) -> None:
    edited = _with_charset(source, key)
    assert edited != source
    assert fold_server_prefixes(edited) == fold_server_prefixes(source)
    assert unsupported(edited) == unsupported(source)


def test_another_parameter_is_left_as_written_and_refused_in_a_request(
    source: dict[str, Any],
) -> None:
    key = "application/json; charset=latin-1"
    edited = _with_charset(source, key)
    folded = fold_server_prefixes(edited)
    bodies = [
        _follow(folded, operation["requestBody"])
        for item in folded["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "requestBody" in operation
    ]
    sent_as_json = [body for body in bodies if _json(body)]
    assert sent_as_json and all(key in body["content"] for body in sent_as_json)
    refused = [str(finding) for finding in unsupported(edited)]
    assert any(f"request body of media type {key}" in line for line in refused), refused


def _follow(document: dict[str, Any], node: Any) -> Any:
    """Return ``node``, its local ``$ref`` followed (a body kept in components/requestBodies)."""
    while isinstance(node, dict) and "$ref" in node:
        target: Any = document
        for part in str(node["$ref"]).removeprefix("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def _json(body: Any) -> bool:
    """Whether a request body is sent as JSON (whatever parameters its media type carries)."""
    return any(media.startswith("application/json") for media in body.get("content", {}))
