"""Turn a received webhook payload into its model, checked as an answer is.

``payments_sdk.webhooks`` (written by ``make generate`` from the bundle's ``webhooks``) calls
these with its table of kinds and models. The payload is decoded by the same decoder as a 2xx
answer's body (``decode_response``): every type is checked, a field the bundle does not declare
is kept in ``additional_properties``, a number is exact. A mismatch is
:class:`~payments_sdk.errors.WebhookPayloadValidationError` naming the JSON path; a kind the
bundle does not declare, or a payload that is not bytes or text, is
:class:`~payments_sdk.errors.InvalidParameterError` naming the argument.

Nothing here verifies who sent the payload: the service description does not show how webhooks
are signed (docs/webhooks.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from payments_sdk_generated.errors import UnexpectedBody
from payments_sdk_generated.types import Model, decode_response

from ._validation import shown
from .errors import InvalidParameterError, WebhookPayloadValidationError

__all__ = ["parse", "parse_any"]


class _Received:
    """A payload as the decoder reads an answer: its bytes (no status, no headers)."""

    __slots__ = ("content",)
    status_code = 200
    headers: Mapping[str, str] = {}

    def __init__(self, content: bytes) -> None:
        self.content = content


def _content(payload: object) -> bytes:
    if isinstance(payload, bytes | bytearray | memoryview):
        return bytes(payload)
    if isinstance(payload, str):
        try:
            return payload.encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidParameterError(
                "payload", "is not valid Unicode text (a lone surrogate)"
            ) from None
    raise InvalidParameterError(
        "payload", f"must be the request body as bytes or str, got {shown(payload)}"
    )


def _kinds(models: Mapping[str, type[Model]]) -> str:
    return ", ".join(sorted(models)) or "none: the bundle declares no webhooks"


def parse(models: Mapping[str, type[Model]], kind: object, payload: object) -> Model:
    """Return ``payload`` (a webhook of ``kind``) as ``models[kind]``, checked."""
    if not isinstance(kind, str) or kind not in models:
        raise InvalidParameterError(
            "kind", f"names no webhook of the bundle, got {shown(kind)} (kinds: {_kinds(models)})"
        )
    content = _content(payload)
    try:
        parsed: Model = decode_response(_Received(content), models[kind])
    except UnexpectedBody as exc:
        raise WebhookPayloadValidationError(
            f"the {kind} webhook payload does not match the bundle: {exc}", kind=kind
        ) from None
    return parsed


def parse_any(
    models: Mapping[str, type[Model]], field: str, kinds: Mapping[str, str], payload: object
) -> Model:
    """Return ``payload`` as the model of the kind its ``field`` names (``kinds``: value→kind)."""
    content = _content(payload)
    data = _json(content)
    if not isinstance(data, dict):
        raise WebhookPayloadValidationError(
            "the webhook payload does not match the bundle: $: expected an object", kind=None
        )
    if field not in data:
        raise WebhookPayloadValidationError(
            f"the webhook payload does not match the bundle: $.{field}: required field is "
            "missing (it names the webhook's kind)",
            kind=None,
        )
    value = data[field]
    kind = kinds.get(value) if isinstance(value, str) else None
    if kind is None:
        raise WebhookPayloadValidationError(
            f"the webhook payload does not match the bundle: $.{field}: names no webhook kind "
            f"of the bundle (known: {', '.join(sorted(kinds))}); a kind the service added since "
            "this SDK was generated is not parsed",
            kind=None,
        )
    return parse(models, kind, content)


def _json(content: bytes) -> Any:
    import msgspec

    try:  # only the kind is read; a number is still never a float
        return msgspec.json.Decoder(float_hook=Decimal).decode(content)
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        raise WebhookPayloadValidationError(
            "the webhook payload does not match the bundle: $: the body is not valid JSON",
            kind=None,
        ) from None
