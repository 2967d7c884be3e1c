"""``GET /v1/ping``: Check connectivity and credentials.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Answers when the bearer token is accepted. Useful as a first call to prove that the key and base
URL are right.
"""

from __future__ import annotations

from ...models.ping import Ping
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[Ping] = Operation(
    "ping",
    "GET",
    "/v1/ping",
    answer=Ping,
)
"""Check connectivity and credentials: answers ``Ping`` (200)."""
