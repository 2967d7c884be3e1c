"""An operation's parts as OpenAPI 3.1 means them: every ``$ref`` followed, path parameters shared.

A bundle may say a part once and refer to it: a request body in ``components/requestBodies``, an
answer in ``components/responses``, a parameter in ``components/parameters``, a header in
``components/headers``, an example in ``components/examples``. And the ``parameters`` of a path
item apply to every operation of the path; an operation's parameter of the same ``name`` and
``in`` overrides it. Moving a part there changes nothing about the API, so every reader of the
bundle (``make generate``, ``make api-diff``, the sandbox, the command line, the tests) reads an
operation through here and sees the same parts, wherever the bundle wrote them.

Each part comes with the JSON pointer of where it is written (where its ``$ref`` chain ends), so
a validator or a message can name the place a maintainer edits.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

__all__ = [
    "Part",
    "escape",
    "examples",
    "follow",
    "headers",
    "parameters",
    "request_body",
    "responses",
]

_MAX_HOPS = 64
# What a Reference Object may say beside its ``$ref`` (OpenAPI 3.1): it overrides the target's.
_REFERENCE_WORDS = ("summary", "description")


class Part(NamedTuple):
    """A part of the bundle with its ``$ref`` followed, and the pointer of where it is written."""

    value: Any
    pointer: str


def escape(segment: object) -> str:
    """Escape one JSON Pointer segment (``~`` and ``/``): a path, a media type, a status."""
    return str(segment).replace("~", "~0").replace("/", "~1")


def follow(document: Mapping[str, Any], node: Any, pointer: str = "") -> Part:
    """Follow ``node``'s chain of local ``$ref`` to what it names, with that place's pointer.

    ``pointer`` is where ``node`` itself stands. A ``summary`` or ``description`` beside a
    ``$ref`` overrides the target's (a copy is returned then, the bundle is left as it is). A
    reference that names nothing is returned as it is.
    """
    words: dict[str, Any] = {}
    for _ in range(_MAX_HOPS):
        if not (isinstance(node, Mapping) and isinstance(node.get("$ref"), str)):
            break
        words = {k: node[k] for k in _REFERENCE_WORDS if k in node} | words
        ref = node["$ref"]
        if not ref.startswith("#"):
            break
        target: Any = document
        for part in ref.removeprefix("#").removeprefix("/").split("/") if ref != "#" else ():
            key = part.replace("~1", "/").replace("~0", "~")
            if isinstance(target, Mapping) and key in target:
                target = target[key]
            elif isinstance(target, list) and key.isdigit() and int(key) < len(target):
                target = target[int(key)]
            else:
                return Part(node, pointer)
        node, pointer = target, ref.removeprefix("#")
    if words and isinstance(node, Mapping):
        node = {**node, **words}
    return Part(node, pointer)


def _operation(document: Mapping[str, Any], path: str, verb: str) -> tuple[Any, Any, str]:
    item = document.get("paths", {}).get(path, {})
    where = f"/paths/{escape(path)}"
    item, where = follow(document, item, where)  # a path item may be a $ref too
    return item, item.get(verb.lower(), {}) if isinstance(item, Mapping) else {}, where


def parameters(document: Mapping[str, Any], path: str, verb: str) -> list[Part]:
    """Return the parameters of ``verb path``: its path item's, then its own, each followed.

    An operation's parameter overrides the path item's of the same ``name`` and ``in`` (in the
    path item's place); a parameter that is not an object is left out.
    """
    item, operation, where = _operation(document, path, verb)
    found: dict[tuple[Any, Any], Part] = {}
    for holder, base in ((item, where), (operation, f"{where}/{verb.lower()}")):
        raw = holder.get("parameters", []) if isinstance(holder, Mapping) else []
        for index, node in enumerate(raw if isinstance(raw, list) else []):
            part = follow(document, node, f"{base}/parameters/{index}")
            if isinstance(part.value, Mapping):
                found[(part.value.get("name"), part.value.get("in"))] = part
    return list(found.values())


def request_body(document: Mapping[str, Any], path: str, verb: str) -> Part | None:
    """Return the request body of ``verb path``, followed; ``None`` when it declares none."""
    _, operation, where = _operation(document, path, verb)
    if not isinstance(operation, Mapping) or operation.get("requestBody") is None:
        return None
    return follow(document, operation["requestBody"], f"{where}/{verb.lower()}/requestBody")


def responses(document: Mapping[str, Any], path: str, verb: str) -> dict[str, Part]:
    """Return the answers of ``verb path`` by status (as the bundle orders them), followed."""
    _, operation, where = _operation(document, path, verb)
    declared = operation.get("responses", {}) if isinstance(operation, Mapping) else {}
    base = f"{where}/{verb.lower()}/responses"
    return {
        str(status): follow(document, node, f"{base}/{escape(status)}")
        for status, node in (declared.items() if isinstance(declared, Mapping) else ())
    }


def headers(document: Mapping[str, Any], response: Part) -> dict[str, Part]:
    """Return the headers an answer (a followed response) declares, by name, each followed."""
    declared = response.value.get("headers", {}) if isinstance(response.value, Mapping) else {}
    return {
        str(name): follow(document, node, f"{response.pointer}/headers/{escape(name)}")
        for name, node in (declared.items() if isinstance(declared, Mapping) else ())
    }


def examples(document: Mapping[str, Any], holder: Part) -> dict[str, Part]:
    """Return the named ``examples`` of a media type, parameter or header, each followed."""
    declared = holder.value.get("examples", {}) if isinstance(holder.value, Mapping) else {}
    if not isinstance(declared, Mapping):  # a schema's ``examples`` is a list of values
        return {}
    return {
        str(name): follow(document, node, f"{holder.pointer}/examples/{escape(name)}")
        for name, node in declared.items()
    }
