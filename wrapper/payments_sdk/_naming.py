"""How an operation of the bundle is named in the SDK: its resource and its method.

One convention, shared by ``make generate`` (which writes the resource classes) and the sandbox
(which finds its business handlers by the same names), so that renaming an ``operationId`` in
the bundle changes neither:

- the **resource** is the first path segment below the server's base path (``/btl/v4``, when it
  is more than versions) that is not a version (``/v1/v2/virtual-accounts``
  → ``virtual_accounts``), in snake case and plural (``/v1/fx-rate`` → ``fx_rates``), unless the
  operation says ``x-sdk-resource`` (``client`` puts the method on the client itself);
- the **method** is ``x-sdk-method`` if given; else a last path segment after a path parameter
  is an action (``/orders/{id}/update-rfi`` → ``update_rfi``), and so is a last segment after
  the resource's own (``/payments/export`` → ``export``); else GET of an item or of a single
  record is ``retrieve``, GET of the list envelope ``list``, POST ``create``, PUT/PATCH
  ``update``, DELETE ``delete``. GET of an item beside a single record of the same resource
  (``/balances/{currency}`` beside ``/balances``) is ``retrieve_by_<parameter>``: the single
  record keeps ``retrieve``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = [
    "BASE_PATH",
    "CLIENT",
    "is_list_envelope",
    "method_of",
    "resource_of",
    "sdk_name",
    "snake",
]

BASE_PATH = "x-sdk-base-path"
"""Set by ``fold.py`` on a folded bundle whose server path is more than versions
(``/btl/v4``): the path the server gives every operation, which names no resource."""

CLIENT = "client"
"""``x-sdk-resource: client``: the operation is a method of the client itself (``client.ping``)."""

_VERSION = re.compile(r"v\d+")
_PARAM = re.compile(r"\{[^{}]+\}")


def snake(text: str) -> str:
    """``update-rfi`` → ``update_rfi``; ``createRefund`` → ``create_refund``."""
    text = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", text)
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower()


def _plural(word: str) -> str:
    return word if word.endswith("s") else word + "s"


def _relative(path: str, document: Mapping[str, Any] | None) -> tuple[str, str]:
    """Return the server's base path (see :data:`BASE_PATH`) and ``path`` below it."""
    base = str((document or {}).get(BASE_PATH, ""))
    if base and (path == base or path.startswith(base + "/")):
        return base, path[len(base) :] or "/"
    return "", path


def resource_of(
    path: str, operation: Mapping[str, Any], document: Mapping[str, Any] | None = None
) -> str:
    """Return the client attribute an operation belongs to (see the module's docstring).

    ``document`` (the folded bundle) gives the server's base path, which names no resource; an
    operation on that path itself is a method of the client.
    """
    if "x-sdk-resource" in operation:
        return str(operation["x-sdk-resource"])
    base, path = _relative(path, document)
    for segment in path.strip("/").split("/"):
        if segment and not _VERSION.fullmatch(segment) and not _PARAM.fullmatch(segment):
            return _plural(snake(segment))
    if base:
        return CLIENT
    raise ValueError(f"{operation.get('operationId')}: no resource noun in {path}")


def method_of(
    path: str,
    verb: str,
    operation: Mapping[str, Any],
    is_list: bool,
    document: Mapping[str, Any] | None = None,
) -> str:
    """Return the method's name (see the module's docstring); ``verb`` is lower-case.

    ``document`` (the bundle the path is in) tells an item beside a single record apart.
    """
    if "x-sdk-method" in operation:
        return str(operation["x-sdk-method"])
    base, path = _relative(path, document)
    segments = [s for s in path.strip("/").split("/") if s]
    if not segments:
        return {"get": "retrieve", "post": "create", "put": "update", "patch": "update"}.get(
            verb, verb
        )
    last = len(segments) - 1
    if last >= 1 and not _PARAM.fullmatch(segments[last]) and _noun_at(segments) < last:
        return snake(segments[last])  # an action, on a record or on the resource
    if verb == "get":
        if is_list and not _PARAM.fullmatch(segments[-1]):
            return "list"
        if document is not None and _PARAM.fullmatch(segments[-1]):
            parent = base + "/" + "/".join(segments[:-1])
            if _single_record(document, parent):
                return f"retrieve_by_{snake(segments[-1].strip('{}'))}"
        return "retrieve"
    return {"post": "create", "put": "update", "patch": "update", "delete": "delete"}[verb]


def _noun_at(segments: list[str]) -> int:
    """Return the index of the resource's noun: the first segment that is not a version."""
    nouns = (i for i, s in enumerate(segments) if not (_VERSION.fullmatch(s) or _PARAM.match(s)))
    return next(nouns, len(segments))


def _single_record(document: Mapping[str, Any], path: str) -> bool:
    """Whether ``path`` has a GET of one record (no path parameter, not the list envelope)."""
    item = document.get("paths", {}).get(path)
    if not isinstance(item, Mapping) or "get" not in item or _PARAM.search(path):
        return False
    for status, response in item["get"].get("responses", {}).items():
        if str(status).startswith("2"):
            content = _resolve(document, response).get("content", {})
            schema = _resolve(document, content.get("application/json", {}).get("schema"))
            one = isinstance(schema, Mapping) and (
                schema.get("type") == "object" or "properties" in schema
            )
            return one and not is_list_envelope(schema)
    return False


def _resolve(document: Mapping[str, Any], node: Any) -> Any:
    for _ in range(32):
        if not (isinstance(node, Mapping) and isinstance(node.get("$ref"), str)):
            return node
        target: Any = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target.get(part.replace("~1", "/").replace("~0", "~"), {})
        node = target
    return node


def sdk_name(resource: str, method: str) -> str:
    """How a user names the operation: ``refunds.create``; a method of the client: ``ping``."""
    return method if resource == CLIENT else f"{resource}.{method}"


def is_list_envelope(schema: Mapping[str, Any]) -> bool:
    """Whether a (resolved) response schema is the list envelope: ``data`` and ``page_meta``."""
    properties = schema.get("properties", {})
    return "page_meta" in properties and properties.get("data", {}).get("type") == "array"
