"""A stateful local sandbox of the service, built from the published OpenAPI bundle.

Install with the ``sandbox`` extra. ``Sandbox`` runs it in process (``sandbox.client()``) or on a
loopback port (``sandbox.serve()``); ``sandbox.faults`` (:class:`Faults`) makes it fail, slow down
or drop connections on demand. ``payments-sandbox`` (or ``python -m payments_sdk.sandbox``)
serves it from a shell, and ``payments_sdk.sandbox.pytest_plugin`` gives pytest fixtures.
:class:`SandboxNamespace` drives one namespace of a served sandbox over HTTP, with the same
test helpers (it needs only httpx, not the extra).
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._answer_bodies import answer_body, webhook_body
    from ._faults import DropWhen, Fault, FaultKind, Faults
    from ._namespace_client import SandboxControlError, SandboxNamespace
    from ._sandbox import Sandbox

__all__ = [
    "DropWhen",
    "Fault",
    "FaultKind",
    "Faults",
    "Sandbox",
    "SandboxControlError",
    "SandboxNamespace",
    "answer_body",
    "webhook_body",
]

# The modules of the ``sandbox`` extra's distributions (alternatives: python-multipart's old and
# new names). Only looked up, not imported, so the check costs no import time.
_EXTRA_MODULES = (
    ("starlette",),
    ("uvicorn",),
    ("jwt",),
    ("python_multipart", "multipart"),
)
_INSTALL_HINT = 'pip install "payments-sdk[sandbox]"'


def _importable(name: str) -> bool:
    try:
        return find_spec(name) is not None
    except ImportError:
        return False


def _require_extra() -> None:
    """Raise ``ModuleNotFoundError`` saying how to install the extra when a module is missing."""
    for names in _EXTRA_MODULES:
        if not any(_importable(name) for name in names):
            raise ModuleNotFoundError(
                f"the payments-sdk sandbox needs the 'sandbox' extra (no module named "
                f"{names[0]!r}); install it with: {_INSTALL_HINT}",
                name=names[0],
            )


def __getattr__(name: str) -> Any:
    if name in ("SandboxNamespace", "SandboxControlError"):
        from . import _namespace_client

        return getattr(_namespace_client, name)
    if name == "Sandbox":
        _require_extra()
        from ._sandbox import Sandbox

        return Sandbox
    if name in ("answer_body", "webhook_body"):
        _require_extra()
        from . import _answer_bodies

        return getattr(_answer_bodies, name)
    if name in __all__:
        _require_extra()
        from . import _faults

        return getattr(_faults, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
