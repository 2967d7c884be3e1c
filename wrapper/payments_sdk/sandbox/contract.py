"""The contract the sandbox serves: the folded bundle, and validators for the schemas in it.

The sandbox is built from ``openapi/payments.json`` with every path made relative to the service
root (``/ping`` is served as ``/v1/ping``; ``openapi/tools/fold.py`` writes that copy when the
SDK is generated, and the wheel ships it). Your tests can check their own fixtures against the
same contract::

    from payments_sdk.sandbox.contract import SchemaSet, load_bundle

    schemas = SchemaSet(load_bundle())
    schemas.component("Payment").validate(recorded_payment)  # raises jsonschema_rs.ValidationError

The validators are the SDK's own schema engine (``payments_sdk._engine``, jsonschema-rs): one
verdict for the SDK's checks, the sandbox's and yours.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from .._engine import document_validator
from .._schema_views import request_view, response_view

__all__ = [
    "BUNDLE_URI",
    "SchemaSet",
    "escape_pointer",
    "load_bundle",
    "resolve",
]

BUNDLE_URI = "urn:payments-sdk:bundle"
"""The URI under which :class:`SchemaSet` registers its document, for ``$ref`` resolution."""


@cache
def _bundle_text() -> str:
    shipped = resources.files(__package__).joinpath("openapi.json")
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    # A source checkout: the copy `make generate` writes next to the generated package. Not
    # resolved: a scratch checkout whose wrapper/ links to this one reads its own copy.
    checkout = Path(__file__).absolute().parents[3] / "generated" / "payments.folded.json"
    return checkout.read_text(encoding="utf-8")


def load_bundle() -> dict[str, Any]:
    """Return a fresh copy of the folded bundle the sandbox serves (every path from the root)."""
    document: dict[str, Any] = json.loads(_bundle_text())
    return document


def escape_pointer(segment: str) -> str:
    """Escape one JSON Pointer segment (``~`` and ``/``), such as a path or a media type."""
    return segment.replace("~", "~0").replace("/", "~1")


def resolve(document: dict[str, Any], node: Any) -> Any:
    """Follow local ``$ref`` links from ``node`` until it is no longer a reference."""
    while isinstance(node, dict) and "$ref" in node:
        target: Any = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


class SchemaSet:
    """JSON Schema (2020-12) validators for any JSON pointer into one OpenAPI document.

    ``$ref`` links resolve against the document, formats are checked, patterns are ECMA-262's and
    bounds exact: the validators are the SDK's engine (``payments_sdk._engine``).

    ``direction`` reads OpenAPI's ``readOnly`` and ``writeOnly`` as that side of the wire does:
    ``"response"`` (the default: recorded answers, fixtures) does not require a ``writeOnly``
    field; ``"request"`` neither requires nor accepts a ``readOnly`` one.
    """

    def __init__(self, document: dict[str, Any], *, direction: str = "response") -> None:
        if direction not in ("request", "response"):
            raise ValueError(f"direction must be 'request' or 'response', not {direction!r}")
        view = request_view if direction == "request" else response_view
        self.document: dict[str, Any] = view(document)
        """The document as this side of the wire reads it (an error's schema path points here)."""
        self._validator_at = lru_cache(maxsize=None)(self._build)

    def _build(self, pointer: str) -> Any:
        return document_validator(self.document, BUNDLE_URI, pointer)

    def validator(self, pointer: str) -> Any:
        """Return a validator for the schema at a JSON ``pointer`` into the document."""
        return self._validator_at(pointer)

    def component(self, name: str) -> Any:
        """Return a validator for ``#/components/schemas/<name>``."""
        return self.validator(f"/components/schemas/{name}")
