"""The sandbox serves a bundle whose parts are written once and referred to exactly as the original.

:func:`tests.support.refactored_bundle.refactored` moves every request body, answer, header and
named example to ``components`` and every parameter all operations of a path share to the path
item (OpenAPI 3.1: a path item's parameters apply to each of its operations). The API is the
same, so the sandbox must read each operation the same (its parameters, body and answers) and
answer a tour of every operation with the same statuses.
"""

from __future__ import annotations

from typing import Any

from fold import fold_server_prefixes

from payments_sdk._operation_parts import follow, request_body
from payments_sdk.sandbox._generic import OperationShape
from payments_sdk.sandbox._request_validation import RequestSchema
from payments_sdk.sandbox.contract import SchemaSet, load_bundle
from tests.support.edited_sandbox import edited_sandbox
from tests.support.refactored_bundle import refactored
from tests.support.schema_values import request_example

FOLDED = load_bundle()
MOVED = fold_server_prefixes(refactored(FOLDED))
_METHODS = ("get", "put", "post", "patch", "delete")


def _operations() -> list[tuple[str, str]]:
    return [
        (path, method)
        for path, item in FOLDED["paths"].items()
        for method in _METHODS
        if isinstance(item.get(method), dict)
    ]


def _reading(document: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    """What the sandbox reads of one operation: its shape and its request's parts."""
    shape = OperationShape(document, path, method)
    request = RequestSchema(document, SchemaSet(document, direction="request"), path, method)
    return {
        "key": shape.key,
        "path_params": shape.path_params,
        "filters": shape.filters,
        "paged": shape.paged,
        "status": shape.status,
        "response": shape.response,
        "raw": (shape.media_type, shape.raw_example),
        "parameters": sorted(
            (param["in"], param["name"], str(follow(document, {"$ref": "#" + pointer}).value))
            for param, pointer, _ in request._params
        ),
        "body": None
        if request._body is None
        else (request._body[0], follow(document, {"$ref": "#" + request._body[1]}).value),
    }


def test_the_refactor_moves_the_path_ids_to_the_path_items() -> None:
    """The check can fail: some path item now holds the parameters its operations share."""
    assert any(item.get("parameters") for item in MOVED["paths"].values())
    assert MOVED["components"].get("requestBodies")


def test_every_operation_reads_the_same() -> None:
    """Each operation's shape, parameters (with the schema each is checked by) and body agree."""
    for path, method in _operations():
        assert _reading(MOVED, path, method) == _reading(FOLDED, path, method), (method, path)


async def _tour(document: dict[str, Any]) -> list[tuple[str, str, int]]:
    """Create a record of each resource, then call every operation on it; return the statuses."""
    made: dict[str, str] = {}
    statuses: list[tuple[str, str, int]] = []
    ordered = sorted(_operations(), key=lambda op: ("{" in op[0], op[1] != "post", op))
    async with edited_sandbox(document, seed_payments=2) as http:
        for path, method in ordered:
            shape = OperationShape(document, path, method)
            url = path
            for name in shape.path_params:
                url = url.replace("{" + name + "}", made.get(shape.resource, "unknown_1"))
            body = request_body(document, path, method)
            media = body.value.get("content", {}).get("application/json") if body else None
            sent: dict[str, Any] = {}
            if media is not None:
                sent["json"] = request_example(document, media["schema"])
            elif body is not None:  # an upload: the sandbox's multipart rule
                sent["files"] = {"file": ("a.pdf", b"%PDF-1.7", "application/pdf")}
            answer = await http.request(method.upper(), url, **sent)
            statuses.append((method, path, answer.status_code))
            if answer.status_code < 300 and not shape.path_params and method == "post":
                record = answer.json()
                if isinstance(record, dict) and isinstance(record.get("id"), str):
                    made.setdefault(shape.resource, record["id"])
    return statuses


async def test_a_tour_of_every_operation_answers_the_same_statuses() -> None:
    """The same requests get the same statuses from both readings of the API."""
    assert await _tour(MOVED) == await _tour(FOLDED)
