"""An SDK client for a test server's URL, on either wire."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx

from payments_sdk import AsyncPaymentsClient
from tests.support.keyscan import KEY

__all__ = ["sdk"]


@contextlib.asynccontextmanager
async def sdk(
    url: str, wire: str, *, api_key: str = KEY, **options: Any
) -> AsyncIterator[AsyncPaymentsClient]:
    """A client for ``url`` on ``wire``: ``httpx`` (a caller's client) or the default aiohttp."""
    if wire == "httpx":
        async with (
            httpx.AsyncClient() as http,
            AsyncPaymentsClient(
                api_key=api_key, base_url=url, http_client=http, **options
            ) as client,
        ):
            yield client
    else:
        async with AsyncPaymentsClient(api_key=api_key, base_url=url, **options) as client:
            yield client
