"""A client library for accessing Payments, Payouts and Multi-Currency Account API"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .types import Operation

__all__ = ("Operation",)


def __getattr__(name: str) -> Any:
    # Importing a submodule (errors, api.*) must not import the models and msgspec with it.
    if name == "Operation":
        from .types import Operation

        return Operation
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
