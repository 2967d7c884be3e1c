"""payments-sdk: the async SDK for the Payments, Payouts and Multi-Currency Account service.

Importing the package is cheap: each public name is imported on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# The generated part of the package (resources, namespaces, the operation table) lives in
# generated/payments_sdk in a checkout; the wheel merges both into one directory.
from ._portions import portions
from ._version import __version__

__path__ = portions(__path__, __name__)

if TYPE_CHECKING:
    from ._call_options import RequestOptions
    from ._client import AsyncPaymentsClient
    from ._money import Money
    from ._observe import AttemptEvent, CallEvent, Observer
    from ._pagination import AsyncPager, Page
    from ._response import APIResponse
    from ._retry import instant_retries
    from ._validation import Undocumented
    from ._window import Window
    from .errors import (
        APIConnectionError,
        APIResponseValidationError,
        APIStatusError,
        APITimeoutError,
        BadRequestError,
        ClientClosedError,
        ConflictError,
        CurrencyMismatchError,
        InternalServerError,
        InvalidParameterError,
        ModelValidationError,
        NotFoundError,
        PaymentsError,
        PermissionDeniedError,
        RateLimitError,
        UnauthorizedError,
        UnprocessableEntityError,
        WebhookPayloadValidationError,
    )

__all__ = [
    "APIConnectionError",
    "APIResponse",
    "APIResponseValidationError",
    "APIStatusError",
    "APITimeoutError",
    "AsyncPager",
    "AsyncPaymentsClient",
    "AttemptEvent",
    "BadRequestError",
    "CallEvent",
    "ClientClosedError",
    "ConflictError",
    "CurrencyMismatchError",
    "InternalServerError",
    "InvalidParameterError",
    "ModelValidationError",
    "Money",
    "NotFoundError",
    "Observer",
    "Page",
    "PaymentsError",
    "PermissionDeniedError",
    "RateLimitError",
    "RequestOptions",
    "UnauthorizedError",
    "Undocumented",
    "UnprocessableEntityError",
    "WebhookPayloadValidationError",
    "Window",
    "__version__",
    "instant_retries",
]

_HOMES = {
    "AsyncPaymentsClient": "._client",
    "RequestOptions": "._call_options",
    "Money": "._money",
    "AttemptEvent": "._observe",
    "CallEvent": "._observe",
    "Observer": "._observe",
    "AsyncPager": "._pagination",
    "Page": "._pagination",
    "APIResponse": "._response",
    "instant_retries": "._retry",
    "Undocumented": "._validation",
    "Window": "._window",
}


def __getattr__(name: str) -> Any:
    if name in __all__ and name != "__version__":
        module = import_module(_HOMES.get(name, ".errors"), __name__)
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
