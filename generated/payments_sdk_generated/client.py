"""``Sender``: what every generated operation sends its request through.

Written from ``openapi/templates/client.py.jinja``. The generator names this module
``client.py``; it holds no client, only the protocol the SDK's call layer implements.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .types import OperationLabel, RawResponse, RequestFiles

__all__ = ["Sender"]


class Sender(Protocol):
    """Sends one operation's request and returns its successful (2xx) response.

    ``url`` is the operation's path relative to the service's root address, with its path
    parameters already encoded as single segments; ``operation`` names the operation (its id,
    method and path template, never the ids or the query). Any other status, and any transport
    failure, is the sender's to raise: an operation only ever parses a success.
    """

    async def send(
        self,
        method: str,
        url: str,
        *,
        operation: OperationLabel | None = None,
        params: Mapping[str, Any] | None = None,
        content: bytes | None = None,
        files: RequestFiles | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> RawResponse:
        """Send the request; return the 2xx answer."""
        ...
