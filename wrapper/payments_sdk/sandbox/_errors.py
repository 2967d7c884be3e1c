"""The sandbox's error answers, in the bundle's ``Error`` shape."""

from __future__ import annotations

from http import HTTPStatus

__all__ = ["ApiError", "bad_request", "not_found"]


class ApiError(Exception):
    """An error answer: status and the ``message`` of the ``Error`` body."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message

    def body(self) -> dict[str, str]:
        """Return the ``Error`` body: ``{error: <reason phrase>, message}``."""
        return {"error": HTTPStatus(self.status).phrase, "message": self.message}


def bad_request(message: str) -> ApiError:
    """Return a 400 Bad Request."""
    return ApiError(400, message)


def not_found(message: str) -> ApiError:
    """Return a 404 Not Found."""
    return ApiError(404, message)
