"""The errors generated code raises. Written from ``openapi/templates/errors.py.jinja``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .types import RawResponse

__all__ = ["InvalidPathParameter", "ModelValidationError", "UnexpectedBody"]


class ModelValidationError(ValueError):
    """Data does not match a model: the message is ``$.path: problem`` (never the value)."""


class UnexpectedBody(ModelValidationError):
    """A 2xx response's body does not match the model the bundle names for it."""

    def __init__(self, message: str, response: RawResponse) -> None:
        super().__init__(message)
        self.response = response


class InvalidPathParameter(ValueError):
    """A path parameter cannot be sent as exactly one path segment (empty, ``.`` or ``..``)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name}: must be one path segment (not empty, '.' or '..')")
        self.name = name
