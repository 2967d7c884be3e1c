"""Webhooks: the requests the service sends to your endpoint, parsed into typed models.

The bundle's ``webhooks`` map names each kind of webhook and its JSON payload. In the handler of
your endpoint, hand the request body to :func:`parse` with the webhook's kind::

    from payments_sdk import webhooks

    event = webhooks.parse("paymentSucceeded", request_body)  # bytes or str

The payload is checked as an answer is (every type; a field the bundle does not declare is kept
in ``additional_properties``): a mismatch raises
:class:`~payments_sdk.WebhookPayloadValidationError` naming the JSON path, a kind the bundle does
not declare :class:`~payments_sdk.InvalidParameterError` naming ``kind``.

This verifies nothing about who sent the request: the service description does not show how
webhooks are signed or delivered. ``payments_sdk.sandbox.webhook_body(kind)`` writes a valid
payload of any kind, to test your handler with (docs/webhooks.md).

The kinds: none (the bundle declares no webhooks).

Written by ``make generate`` from the bundle's ``webhooks``
(``openapi/templates/surface/webhooks.py.jinja``): do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from payments_sdk_generated.types import Model

from . import _webhook_parsing

__all__ = [
    "KINDS",
    "KIND_FIELD",
    "Kind",
    "WebhookEvent",
    "parse",
]

Kind: TypeAlias = str
"""A webhook's kind: its key in the bundle's ``webhooks`` (the bundle declares none)."""

WebhookEvent: TypeAlias = Model
"""The model of any webhook's payload (the bundle declares none)."""

KINDS: tuple[str, ...] = ()
"""Every kind of webhook the bundle declares, in its order."""

KIND_FIELD: str | None = None
"""The payload field that names its kind (``None`` when not every payload has one)."""

_MODELS: Mapping[str, type[Model]] = {}


def parse(kind: str, payload: bytes | str) -> WebhookEvent:
    """Return the payload of a webhook of ``kind`` as its model, checked against the bundle.

    ``payload`` is the request body as received (bytes, or text). Raises
    :class:`~payments_sdk.WebhookPayloadValidationError` naming the JSON path of a mismatch, and
    :class:`~payments_sdk.InvalidParameterError` for a ``kind`` the bundle does not declare.
    """
    parsed = _webhook_parsing.parse(_MODELS, kind, payload)
    return parsed
