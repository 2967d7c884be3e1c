"""The public surface as data: every method users call on the client and its namespaces.

``surface()`` lists each method's parameters (name, kind, annotation, default) and return
annotation, read with ``inspect`` from the installed SDK. ``tests/spec/snapshots/surface.json``
holds the surface of the last release; the surface test compares the two.
"""

from __future__ import annotations

import inspect
from functools import cached_property
from typing import Any

from payments_sdk import AsyncPaymentsClient

_EMPTY = inspect.Parameter.empty


def _method(function: Any) -> dict[str, Any]:
    signature = inspect.signature(function)
    parameters = []
    for parameter in list(signature.parameters.values())[1:]:  # without self
        parameters.append(
            {
                "name": parameter.name,
                "kind": parameter.kind.name,
                "annotation": str(parameter.annotation),
                "default": None if parameter.default is _EMPTY else repr(parameter.default),
                "required": parameter.default is _EMPTY
                and parameter.kind not in (parameter.VAR_KEYWORD, parameter.VAR_POSITIONAL),
            }
        )
    return {"parameters": parameters, "returns": str(signature.return_annotation)}


def _public(cls: type) -> dict[str, Any]:
    return {
        name: _method(member)
        for name, member in inspect.getmembers(cls, inspect.isfunction)
        if not name.startswith("_")
    }


def surface() -> dict[str, Any]:
    """Return ``{"client.ping": {...}, "refunds.create": {...}, ...}`` for the installed SDK."""
    key = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzdXJmYWNlIn0.c2lnbmF0dXJl"
    client = AsyncPaymentsClient(api_key=key, base_url="http://127.0.0.1:9/v1")
    result: dict[str, Any] = {}
    for name, member in inspect.getmembers(AsyncPaymentsClient):
        if name.startswith("_"):
            continue
        if inspect.isfunction(member) and name in ("ping",):
            result[f"client.{name}"] = _method(member)
    namespaces = [
        name
        for name, member in inspect.getmembers(type(client))
        if not name.startswith("_")
        and isinstance(member, property | cached_property)
        and name not in ("with_raw_response",)
    ]
    for name in namespaces:
        value = getattr(client, name)
        if type(value).__module__.startswith("payments_sdk.resources."):
            for method, spec in _public(type(value)).items():
                result[f"{name}.{method}"] = spec
    raw = client.with_raw_response
    for name in dir(raw):
        if name.startswith("_"):
            continue
        value = getattr(raw, name)
        if callable(value):
            result[f"with_raw_response.{name}"] = sorted(inspect.signature(value).parameters)
        else:
            for method in sorted(vars(value)):
                result[f"with_raw_response.{name}.{method}"] = sorted(
                    inspect.signature(getattr(value, method)).parameters
                )
    return result
