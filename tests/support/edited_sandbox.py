"""A sandbox built from an edited bundle, in process, and raw HTTP to it with a key it issued."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx

from payments_sdk.sandbox._app import build_app
from payments_sdk.sandbox._auth import KeyIssuer
from payments_sdk.sandbox._namespace_states import Spaces

__all__ = ["edited_sandbox"]


@contextlib.asynccontextmanager
async def edited_sandbox(
    folded: dict[str, Any], *, seed_payments: int = 0, base_url: str = "http://127.0.0.1"
) -> AsyncIterator[httpx.AsyncClient]:
    """Yield an httpx client on a sandbox built from ``folded`` (a folded bundle), with a key."""
    keys = KeyIssuer(None)
    app = build_app(Spaces.in_memory(seed_payments=seed_payments), keys, folded)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app),
        base_url=base_url,
        headers={"Authorization": f"Bearer {keys.issue()}"},
    ) as client:
        yield client
