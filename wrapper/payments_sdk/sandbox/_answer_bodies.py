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
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from ._operation_index import bundle_operations
from ._schema_values import Answers, value_of
from .contract import load_bundle

__all__ = ["answer_body"]


@cache
def _document() -> dict[str, Any]:
    """Return the folded bundle, read once (completing a body never changes it)."""
    return load_bundle()


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
