"""An SDK client for a test server's URL, on either wire."""

from __future__ import annotations

import contextlib
import functools
import os
import ssl
from collections.abc import AsyncIterator
from typing import Any

import httpx

from payments_sdk import AsyncPaymentsClient
from tests.support.keyscan import KEY

__all__ = ["default_tls", "sdk"]


def default_tls() -> ssl.SSLContext:
    """The TLS context a caller's ``httpx.AsyncClient()`` builds by default, built once.

    httpx builds it anew for each client (``httpx.create_ssl_context()``: the certificate
    authorities of ``SSL_CERT_FILE``, ``SSL_CERT_DIR`` or certifi, read from disk, some 50 ms),
    and the Hypothesis tests build a client for each example. The context is built again
    whenever what it is read from changes (a test that trusts its own authority sets
    ``SSL_CERT_FILE``), and is never changed once built.
    """
    places = (os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR"))
    stamps = tuple(_stamp(place) for place in places)
    return _tls(places, stamps)


def _stamp(place: str | None) -> tuple[int, int] | None:
    if not place or not os.path.exists(place):
        return None
    status = os.stat(place)
    return (status.st_mtime_ns, status.st_size)


@functools.cache
def _tls(places: tuple[str | None, str | None], stamps: tuple[object, ...]) -> ssl.SSLContext:
    del places, stamps  # the key of the cache: httpx reads them from the environment
    return httpx.create_ssl_context()


@contextlib.asynccontextmanager
async def sdk(
    url: str, wire: str, *, api_key: str = KEY, **options: Any
) -> AsyncIterator[AsyncPaymentsClient]:
    """A client for ``url`` on ``wire``: ``httpx`` (a caller's client) or the default aiohttp."""
    if wire == "httpx":
        async with (
            httpx.AsyncClient(verify=default_tls()) as http,
            AsyncPaymentsClient(
                api_key=api_key, base_url=url, http_client=http, **options
            ) as client,
        ):
            yield client
    else:
        async with AsyncPaymentsClient(api_key=api_key, base_url=url, **options) as client:
            yield client
