"""A stateful local sandbox of the service, built from the published OpenAPI bundle.

Install with the ``sandbox`` extra. ``Sandbox`` runs it in process (``sandbox.client()``) or on a
loopback port (``sandbox.serve()``); ``python -m payments_sdk.sandbox`` serves it from a shell.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._sandbox import Sandbox

__all__ = ["Sandbox"]


def __getattr__(name: str) -> Any:
    if name == "Sandbox":
        from ._sandbox import Sandbox

        return Sandbox
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
