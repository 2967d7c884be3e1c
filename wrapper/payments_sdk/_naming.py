"""How an operation of the bundle is named in the SDK: its resource and its method.

One convention, shared by ``make generate`` (which writes the resource classes) and the sandbox
(which finds its business handlers by the same names), so that renaming an ``operationId`` in
the bundle changes neither:

- the **resource** is the first path segment that is not a version (``/v1/v2/virtual-accounts``
  → ``virtual_accounts``), in snake case and plural (``/v1/fx-rate`` → ``fx_rates``), unless the
  operation says ``x-sdk-resource`` (``client`` puts the method on the client itself);
- the **method** is ``x-sdk-method`` if given; else a last path segment after a path parameter
  is an action (``/orders/{id}/update-rfi`` → ``update_rfi``); else GET of an item or of a single
  record is ``retrieve``, GET of the list envelope ``list``, POST ``create``, PUT/PATCH
  ``update``, DELETE ``delete``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["CLIENT", "is_list_envelope", "method_of", "resource_of", "sdk_name", "snake"]

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


def resource_of(path: str, operation: Mapping[str, Any]) -> str:
    """Return the client attribute an operation belongs to (see the module's docstring)."""
    if "x-sdk-resource" in operation:
        return str(operation["x-sdk-resource"])
    for segment in path.strip("/").split("/"):
        if segment and not _VERSION.fullmatch(segment) and not _PARAM.fullmatch(segment):
            return _plural(snake(segment))
    raise ValueError(f"{operation.get('operationId')}: no resource noun in {path}")


def method_of(path: str, verb: str, operation: Mapping[str, Any], is_list: bool) -> str:
    """Return the method's name (see the module's docstring); ``verb`` is lower-case."""
    if "x-sdk-method" in operation:
        return str(operation["x-sdk-method"])
    segments = [s for s in path.strip("/").split("/") if s]
    if len(segments) >= 2 and _PARAM.fullmatch(segments[-2]) and not _PARAM.fullmatch(segments[-1]):
        return snake(segments[-1])
    if verb == "get":
        return "list" if is_list and not _PARAM.fullmatch(segments[-1]) else "retrieve"
    return {"post": "create", "put": "update", "patch": "update", "delete": "delete"}[verb]


def sdk_name(resource: str, method: str) -> str:
    """How a user names the operation: ``refunds.create``; a method of the client: ``ping``."""
    return method if resource == CLIENT else f"{resource}.{method}"


def is_list_envelope(schema: Mapping[str, Any]) -> bool:
    """Whether a (resolved) response schema is the list envelope: ``data`` and ``page_meta``."""
    properties = schema.get("properties", {})
    return "page_meta" in properties and properties.get("data", {}).get("type") == "array"
