"""The bundle's webhooks as every reader sees them: kind, payload schema, model name, kind field.

OpenAPI 3.1's top-level ``webhooks`` map describes the requests the *service* sends to an
endpoint of the user's: each key (``paymentSucceeded``) is a kind of webhook, and its one
operation's JSON request body is the payload. ``openapi/tools/features.py`` refuses what is not
carried (parameters, several operations, a body that is not one JSON object schema) before
anything reads them here, so this module reads a bundle that passed it.

One reading for ``make generate`` (``generator_input.py`` names an inline payload's model,
``surface.py`` writes ``payments_sdk.webhooks``), the sandbox (``webhook_body``) and
``make api-diff``:

- :func:`webhooks`: each webhook, in the bundle's order, with the JSON pointer of its payload
  schema (where it is written, ``$ref`` chains of the path item and the body followed);
- :func:`model_name`: a ``$ref`` to ``components/schemas/X`` is the model ``X``; an inline
  schema is ``<Kind in PascalCase>WebhookEvent`` (``paymentSucceeded`` and
  ``payment.succeeded`` are both ``PaymentSucceededWebhookEvent``; openapi/DECISIONS.md);
- :func:`kind_field`: the field that names a payload's kind, when every payload has one
  (required, with a ``const`` or a one-value ``enum``, a different value for each kind; or,
  when every payload is a component a ``discriminator`` tags, that discriminator's
  ``propertyName`` and each component's tag), so a payload can be parsed without naming its
  kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ._naming import snake
from ._operation_parts import escape, follow
from ._schema_views import merge_all_of

__all__ = [
    "SUFFIX",
    "Webhook",
    "discriminator_tags",
    "inline_name",
    "kind_field",
    "model_name",
    "webhooks",
]

SUFFIX = "WebhookEvent"
"""What an inline payload's model name ends with, after its kind in PascalCase."""

_COMPONENT = "#/components/schemas/"
_VERBS = ("get", "put", "post", "patch", "delete", "options", "head", "trace")


class Webhook(NamedTuple):
    """One webhook of the bundle: the payload the service sends for one kind of event."""

    kind: str
    """The webhook's key in the bundle (``paymentSucceeded``): what ``parse(kind, ...)`` takes."""
    method: str
    """The HTTP method the service sends it with (``POST``)."""
    summary: str
    description: str
    schema: Any
    """The payload's JSON schema as written (a ``$ref``, or an inline schema)."""
    pointer: str
    """The JSON pointer of ``schema`` in the bundle (``/webhooks/x/post/requestBody/...``)."""
    deprecated: bool


def webhooks(document: Mapping[str, Any]) -> list[Webhook]:
    """Return the webhooks ``document`` declares, in its order (none: an empty list)."""
    found: list[Webhook] = []
    declared = document.get("webhooks") or {}
    for kind, raw in declared.items() if isinstance(declared, Mapping) else ():
        item = follow(document, raw, f"/webhooks/{escape(kind)}")
        if not isinstance(item.value, Mapping):
            continue
        verb = next((v for v in _VERBS if isinstance(item.value.get(v), Mapping)), None)
        if verb is None:
            continue
        operation = item.value[verb]
        body = follow(document, operation.get("requestBody"), f"{item.pointer}/{verb}/requestBody")
        content = body.value.get("content", {}) if isinstance(body.value, Mapping) else {}
        media = next((m for m in content if _is_json(m)), None)
        if media is None or not isinstance(content[media], Mapping):
            continue
        found.append(
            Webhook(
                kind=str(kind),
                method=verb.upper(),
                summary=str(operation.get("summary") or "").strip(),
                description=str(operation.get("description") or "").strip(),
                schema=content[media].get("schema", {}),
                pointer=f"{body.pointer}/content/{escape(media)}/schema",
                deprecated=operation.get("deprecated") is True,
            )
        )
    return found


def _is_json(media: str) -> bool:
    return media.split(";", 1)[0].strip().lower() == "application/json"


def model_name(webhook: Webhook) -> str:
    """Return the class of ``webhook``'s payload: its component's, or one named after its kind."""
    ref = webhook.schema.get("$ref") if isinstance(webhook.schema, Mapping) else None
    if isinstance(ref, str) and ref.startswith(_COMPONENT) and "/" not in ref[len(_COMPONENT) :]:
        return ref[len(_COMPONENT) :].replace("~1", "/").replace("~0", "~")
    return inline_name(webhook.kind)


def inline_name(kind: str) -> str:
    """``paymentSucceeded`` → ``PaymentSucceededWebhookEvent``."""
    return "".join(part[:1].upper() + part[1:] for part in snake(kind).split("_")) + SUFFIX


def _payload(document: Mapping[str, Any], schema: Any) -> Mapping[str, Any]:
    node = follow(document, schema).value
    if isinstance(node, Mapping) and node.get("allOf"):
        node = {**node, "allOf": [follow(document, part).value for part in node["allOf"]]}
    merged = merge_all_of(node)
    return merged if isinstance(merged, Mapping) else {}


def _constant(document: Mapping[str, Any], schema: Any) -> Any:
    """Return the one value ``schema`` allows (``const``, or a one-value ``enum``), else None."""
    node = follow(document, schema).value
    if not isinstance(node, Mapping):
        return None
    if isinstance(node.get("const"), str):
        return node["const"]
    values = node.get("enum")
    if isinstance(values, list) and len(values) == 1 and isinstance(values[0], str):
        return values[0]
    return None


def kind_field(document: Mapping[str, Any]) -> tuple[str, dict[str, str]] | None:
    """Return the field naming each payload's kind and the kind of each of its values, or None.

    The field is required in every payload, with one text value there (``const``, or an
    ``enum`` of one), a different one in each. The first such field, in the first payload's
    order of properties, is the one; None when the bundle has no webhook or no such field.
    """
    hooks = webhooks(document)
    if not hooks:
        return None
    payloads = [_payload(document, hook.schema) for hook in hooks]
    for name in payloads[0].get("properties", {}):
        values: dict[str, str] = {}
        for hook, payload in zip(hooks, payloads, strict=True):
            value = _constant(document, payload.get("properties", {}).get(name))
            if name not in payload.get("required", []) or value is None or value in values:
                break
            values[value] = hook.kind
        else:
            return str(name), values
    return _tagged(document, hooks)


def _tagged(document: Mapping[str, Any], hooks: list[Webhook]) -> tuple[str, dict[str, str]] | None:
    """Return the discriminator that tags every payload's component apart (its field, tags)."""
    tags = discriminator_tags(document)
    field: str | None = None
    values: dict[str, str] = {}
    for hook in hooks:
        tagged = tags.get(model_name(hook))
        if tagged is None or tagged[0] != (field or tagged[0]) or tagged[1] in values:
            return None
        field, values[tagged[1]] = tagged[0], hook.kind
    return (field, values) if field is not None else None


def discriminator_tags(document: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """Return each component a ``discriminator`` tags: its ``propertyName`` and its tag.

    The tag is the ``mapping`` value that names the component, or, as OpenAPI says, the
    component's name (``generator_input.py`` tags the models the same way).
    """
    found: dict[str, tuple[str, str]] = {}
    stack: list[Any] = [document.get("components"), document.get("paths"), document.get("webhooks")]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
            continue
        if not isinstance(node, Mapping):
            continue
        stack.extend(node.values())
        discriminator = node.get("discriminator")
        members = node.get("oneOf") or node.get("anyOf")
        if not isinstance(discriminator, Mapping) or not isinstance(members, list):
            continue
        field = str(discriminator.get("propertyName", ""))
        mapping = discriminator.get("mapping") or {}
        by_ref = {
            str(ref) if str(ref).startswith("#") else _COMPONENT + str(ref): str(value)
            for value, ref in (mapping.items() if isinstance(mapping, Mapping) else ())
        }
        for member in members:
            ref = member.get("$ref") if isinstance(member, Mapping) else None
            if isinstance(ref, str) and ref.startswith(_COMPONENT):
                name = ref[len(_COMPONENT) :]
                found.setdefault(name, (field, by_ref.get(ref, name)))
    return found
