"""Bodies for a mocked answer (respx, ``httpx.MockTransport``) that keep up with the bundle.

A test that mocks the service writes the answer's JSON by hand. When the service makes a field
of that answer required, every such literal body stops matching the contract, and the SDK,
which checks each answer, raises :class:`~payments_sdk.APIResponseValidationError` in tests
that have nothing to do with the new field. :func:`answer_body` writes the body the way the
sandbox writes its own answers: the fields the test gives, and each required field it leaves
out, at any depth, filled with a value its schema allows (``_schema_values``). So a test says
only what it is about::

    service.get("/balances").respond(
        json=answer_body("balances.retrieve", {"data": [{"currency": "USD", "amount": 5}]})
    )

The service writes webhook payloads too: :func:`webhook_body` writes one of any kind the bundle
declares, the same way, to post to the endpoint under test or to hand to
``payments_sdk.webhooks.parse``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from .._webhook_parts import kind_field, webhooks
from ._operation_index import bundle_operations
from ._schema_values import Answers, complete, value_of

__all__ = ["answer_body", "webhook_body"]


def _document() -> dict[str, Any]:
    """Return the folded bundle its table reads, read once (completing never changes it)."""
    return bundle_operations().document


def answer_body(operation: str, body: Any = None, *, status: int | None = None) -> Any:
    """Return the JSON body ``operation`` answers: ``body``, with each required field filled.

    ``operation`` is named as the SDK names it (``refunds.create``, ``ping`` for a method of the
    client), or by its ``operationId`` or method and path (``GET /v1/balances``). ``status`` is
    the answer's (by default the operation's first success that has a JSON body). ``body`` is
    copied, never changed; each required field it lacks, in nested objects and list items
    too, gets a value of its schema, the same every time. Without ``body``, the least body the
    schema allows. A field ``body`` gives is kept as given, so a test can still send a wrong
    one on purpose.

    Raises ``ValueError`` for a name that is no operation (naming the closest ones), or a
    status the operation does not answer with a JSON body.
    """
    index = bundle_operations()
    operation_id = index.resolve(operation)
    if operation_id is None:
        near = ", ".join(index.closest(operation)) or "none"
        raise ValueError(f"{operation!r} names no operation of the bundle (closest: {near})")
    verb, path = index.route(operation_id)
    answers = Answers(_document(), path, verb)
    if status is None:
        successes = sorted(code for code in answers.schemas if code.startswith("2"))
        if not successes:
            raise ValueError(f"{operation} answers no JSON body on success")
        status = int(successes[0].replace("X", "0"))
    schema = answers.schema(status)
    if schema is None:
        declared = ", ".join(sorted(answers.schemas)) or "none"
        raise ValueError(
            f"{operation} answers no JSON body with status {status} (JSON answers: {declared})"
        )
    if body is None:
        return answers.complete(status, value_of(schema, _document()))
    return answers.complete(status, copy.deepcopy(body))


def webhook_body(kind: str, body: Mapping[str, Any] | None = None, /, **fields: Any) -> Any:
    """Return a payload of the webhook ``kind``: ``body`` and ``fields``, required fields filled.

    ``kind`` is the webhook's key in the bundle's ``webhooks`` (``payments_sdk.webhooks.KINDS``).
    ``fields`` are top-level fields, over those of ``body`` (a mapping, for nested objects and
    names that are not Python identifiers); both are copied, never changed. Each required field
    they leave out, at any depth, gets a value its schema allows (its ``const``, ``default``,
    example or enum value, else the least value its bounds, ``format`` and ``pattern`` allow),
    the same every time; without either, the least payload the schema allows, which
    ``payments_sdk.webhooks.parse(kind, json.dumps(payload))`` returns as its model. A field
    given is kept as given, so a test can still send a wrong one on purpose.

    Raises ``ValueError`` for a kind the bundle does not declare, naming the ones it does.
    """
    hooks = {hook.kind: hook for hook in webhooks(_document())}
    hook = hooks.get(kind)
    if hook is None:
        known = ", ".join(hooks) or "none: the bundle declares no webhooks"
        raise ValueError(f"{kind!r} names no webhook of the bundle (kinds: {known})")
    given = {**copy.deepcopy(dict(body or {})), **copy.deepcopy(fields)}
    made = (
        complete(given, hook.schema, _document()) if given else value_of(hook.schema, _document())
    )
    named = kind_field(_document())  # the field the payload names its kind by, if any
    if named is not None and isinstance(made, dict) and named[0] not in given:
        # A discriminator's tag is the kind's own value, whatever else its schema allows.
        made[named[0]] = next(value for value, of in named[1].items() if of == kind)
    return made
