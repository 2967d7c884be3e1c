"""The bundle said another way OpenAPI 3.1 allows: each shareable part written once, referred to.

A maintainer may move a part of an operation without changing the API: a request body into
``components/requestBodies``, an answer into ``components/responses``, a parameter every
operation of a path takes up to the path item, a named example into ``components/examples``, a
response header into ``components/headers``. :func:`refactored` does all of that to a copy of a
bundle, derived from what the bundle holds (no operation, path or field is named), so a test can
hold every reader of the bundle to reading the copy exactly as it reads the original.
"""

from __future__ import annotations

import copy
import json
from typing import Any

__all__ = ["refactored"]

_METHODS = ("get", "put", "post", "patch", "delete", "options", "head", "trace")


def _name(*words: str) -> str:
    """A component name made of words of the place (``PostRefunds201``)."""
    text = "".join(word.title() for word in words)
    return "".join(ch for ch in text if ch.isalnum()) or "Part"


def _move(components: dict[str, Any], kind: str, name: str, node: Any) -> dict[str, str]:
    """Write ``node`` under ``components/kind`` (a fresh name) and return a reference to it."""
    shelf = components.setdefault(kind, {})
    unique, number = name, 1
    while unique in shelf:
        number += 1
        unique = f"{name}{number}"
    shelf[unique] = node
    return {"$ref": f"#/components/{kind}/{unique}"}


def _examples(components: dict[str, Any], holder: Any, name: str) -> None:
    """Move each inline named example of a media type, parameter or header to components."""
    named = holder.get("examples") if isinstance(holder, dict) else None
    if not isinstance(named, dict):
        return
    for key, example in list(named.items()):
        if isinstance(example, dict) and "$ref" not in example:
            named[key] = _move(components, "examples", _name(name, key), example)


def _content(components: dict[str, Any], holder: dict[str, Any], name: str) -> None:
    for media, described in holder.get("content", {}).items():
        _examples(components, described, _name(name, media.split("/")[-1]))


def _hoist_parameters(item: dict[str, Any]) -> None:
    """Move the parameters every operation of ``item`` takes alike up to the path item."""
    operations = [item[m] for m in _METHODS if isinstance(item.get(m), dict)]
    if not operations:
        return
    texts = [
        {json.dumps(p, sort_keys=True) for p in operation.get("parameters", [])}
        for operation in operations
    ]
    common = set.intersection(*texts)
    if not common:
        return
    first = operations[0].get("parameters", [])
    shared = [p for p in first if json.dumps(p, sort_keys=True) in common]
    item["parameters"] = [*item.get("parameters", []), *shared]
    for operation in operations:
        kept = [
            p
            for p in operation.get("parameters", [])
            if json.dumps(p, sort_keys=True) not in common
        ]
        if kept:
            operation["parameters"] = kept
        else:
            operation.pop("parameters", None)


def refactored(document: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of ``document`` (a bundle, folded or not) with every shareable part moved.

    Inline request bodies, answers, response headers and named examples move to their
    ``components`` section and are referred to by ``$ref``; parameters that every operation of a
    path takes alike move to the path item. The API it describes is the same.
    """
    moved = copy.deepcopy(document)
    components = moved.setdefault("components", {})
    for path, item in moved.get("paths", {}).items():
        _hoist_parameters(item)
        for method in _METHODS:
            operation = item.get(method)
            if not isinstance(operation, dict):
                continue
            words = (method, *path.strip("/").split("/"))
            for parameter in [*item.get("parameters", []), *operation.get("parameters", [])]:
                _examples(components, parameter, _name(*words, str(parameter.get("name"))))
            body = operation.get("requestBody")
            if isinstance(body, dict) and "$ref" not in body:
                _content(components, body, _name(*words, "body"))
                operation["requestBody"] = _move(
                    components, "requestBodies", _name(*words, "body"), body
                )
            for status, answer in operation.get("responses", {}).items():
                if not isinstance(answer, dict) or "$ref" in answer:
                    continue
                _content(components, answer, _name(*words, status))
                for header, described in list(answer.get("headers", {}).items()):
                    if isinstance(described, dict) and "$ref" not in described:
                        answer["headers"][header] = _move(
                            components, "headers", _name(*words, status, header), described
                        )
                operation["responses"][status] = _move(
                    components, "responses", _name(*words, status), answer
                )
    return moved
