"""Exceptions raised by payments-sdk.

Every failure of a wrapper call is one of these; no httpx exception, ``KeyError`` or
``JSONDecodeError`` escapes. The tree::

    PaymentsError
    ├── InvalidParameterError (also ValueError)   bad input, raised before any request
    │   └── CurrencyMismatchError                  Money of two currencies combined
    ├── ClientClosedError                          the client was used after aclose()
    ├── APIConnectionError                         the service could not be reached, or
    │                                              its answer was not valid HTTP/1.1
    │   └── APITimeoutError                        ... or did not answer in time
    ├── APIResponseValidationError                 a 2xx body that cannot be parsed, an
    │                                              answer whose content cannot be decoded,
    │                                              or pages that cannot be walked
    │   └── WebhookPayloadValidationError          a webhook payload that does not match
    └── APIStatusError                             the service answered 4xx or 5xx
        ├── BadRequestError             400
        ├── UnauthorizedError           401
        ├── PermissionDeniedError       403
        ├── NotFoundError               404
        ├── ConflictError               409
        ├── UnprocessableEntityError    422
        ├── RateLimitError              429
        └── InternalServerError         5xx

    ValueError
    └── ModelValidationError           Model.from_dict() with data that does not match

Every exception copies (``copy.copy``, ``copy.deepcopy``) and pickles with its class, message and
fields. The httpx request and response it holds are *detached* copies: method, URL and headers
(``Authorization`` masked) of the request; status, headers and body of the response. None of
them holds the API key: the call layer redacts it from every text, header and body first.
"""

from __future__ import annotations

from typing import Any, TypeVar

import httpx

from payments_sdk_generated.errors import ModelValidationError

from ._redact import MASKED_CREDENTIAL, detach_request, detach_response

__all__ = [
    "APIConnectionError",
    "APIResponseValidationError",
    "APIStatusError",
    "APITimeoutError",
    "BadRequestError",
    "ClientClosedError",
    "ConflictError",
    "CurrencyMismatchError",
    "InternalServerError",
    "InvalidParameterError",
    "ModelValidationError",
    "NotFoundError",
    "PaymentsError",
    "PermissionDeniedError",
    "RateLimitError",
    "UnauthorizedError",
    "UnprocessableEntityError",
    "WebhookPayloadValidationError",
]


class PaymentsError(Exception):
    """Base class of every exception raised by payments-sdk."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Python rebuilds an exception by calling its class with ``args``; ours take keyword
        # fields, so they are rebuilt without __init__, from their message and their fields.
        return (_rebuild, (type(self), self.args, _detached(self.__dict__)))


E = TypeVar("E", bound=PaymentsError)


def _rebuild(cls: type[E], args: tuple[Any, ...], state: dict[str, Any]) -> E:
    error = cls.__new__(cls, *args)
    error.__dict__.update(state)
    return error


def _detached(state: dict[str, Any]) -> dict[str, Any]:
    """Return the fields, with httpx objects as detached copies that hold no credential."""
    copied: dict[str, Any] = {}
    for name, value in state.items():
        if isinstance(value, httpx.Response):
            value = detach_response(value)
        elif isinstance(value, httpx.Request):
            value = detach_request(value)
        elif isinstance(value, httpx.Headers):
            value = httpx.Headers(
                [
                    (
                        header,
                        MASKED_CREDENTIAL.encode() if header.lower() == b"authorization" else raw,
                    )
                    for header, raw in value.raw  # bytes: a value may not be ASCII
                ]
            )
        copied[name] = value
    return copied


class InvalidParameterError(PaymentsError, ValueError):
    """An argument is invalid; raised before any request is sent.

    ``field`` names the offending argument, as the caller wrote it.
    """

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


class CurrencyMismatchError(InvalidParameterError):
    """Two amounts of different currencies were combined or compared."""


class ClientClosedError(PaymentsError):
    """The client (or the connection pool it shares) was closed: a programming error.

    It is not a connection error, so code that retries connection errors does not retry it.
    """


class APIConnectionError(PaymentsError):
    """The request could not be completed (connection refused or reset, DNS failure, …).

    Also an answer that is not valid HTTP/1.1 (its status line, a header, its framing, a head
    over 100 KiB): retried as a dropped connection is, and its connection closed.
    """

    def __init__(self, message: str, *, request: httpx.Request | None = None) -> None:
        super().__init__(message)
        self.request = request


class APITimeoutError(APIConnectionError):
    """The service did not answer within the timeout, or the call outlasted ``total_timeout``."""


class APIResponseValidationError(PaymentsError):
    """A successful (2xx) response whose body does not match what the bundle describes.

    Also a well-framed answer whose content cannot be used, whatever its status (a coding that
    cannot be decoded, a body not in its coding); it is never retried, and ``response`` is None.
    (An answer that is not valid HTTP/1.1 at all is an :class:`APIConnectionError`.)

    The message names the JSON path of the mismatch. A list walk whose ``page_meta`` cannot be
    followed (the next page is not the one after, or the walk outgrows its pages) raises it
    too, naming ``$.page_meta``; ``response``, ``status_code`` and ``body`` are then ``None``.
    """

    def __init__(
        self,
        message: str,
        *,
        response: httpx.Response | None = None,
        body: Any = None,
    ) -> None:
        super().__init__(message)
        self.response = response
        self.status_code = response.status_code if response is not None else None
        self.body = body


class WebhookPayloadValidationError(APIResponseValidationError):
    """A webhook payload (``payments_sdk.webhooks.parse``) that does not match the bundle.

    Like an answer's body, the payload is written by the service and described by the bundle,
    so a mismatch is this subclass of :class:`APIResponseValidationError`; the message names the
    JSON path (``$.amount: expected int, got str``), never the value. ``kind`` is the webhook's
    kind (``None`` when the payload did not name a known one); ``response`` and
    ``status_code`` are ``None``: there was no call.
    """

    def __init__(self, message: str, *, kind: str | None) -> None:
        super().__init__(message)
        self.kind = kind


class APIStatusError(PaymentsError):
    """The service answered with a 4xx or 5xx status.

    Attributes: ``status_code``; ``error`` and ``message`` from the service's ``Error`` body
    (``None`` when the body had none); ``body`` (parsed JSON, or text when it was not JSON);
    ``headers`` and the ``response`` itself.
    """

    status_code: int

    def __init__(
        self,
        *,
        status_code: int,
        error: str | None,
        message: str | None,
        body: Any,
        response: httpx.Response,
    ) -> None:
        self.status_code = status_code
        self.error = error
        self.message = message
        self.body = body
        self.response = response
        self.headers = response.headers
        super().__init__(self._describe())

    def _describe(self) -> str:
        reason = self.error or httpx.codes.get_reason_phrase(self.status_code) or "Error"
        text = f"{self.status_code} {reason}"
        return f"{text}: {self.message}" if self.message else text


class BadRequestError(APIStatusError):
    """400: the request is invalid; ``message`` says what is wrong."""


class UnauthorizedError(APIStatusError):
    """401: the token is missing, malformed or expired."""


class PermissionDeniedError(APIStatusError):
    """403: the key may not perform this operation."""


class NotFoundError(APIStatusError):
    """404: no resource matches."""


class ConflictError(APIStatusError):
    """409: the request conflicts with the resource's state."""


class UnprocessableEntityError(APIStatusError):
    """422: the request is well-formed but cannot be processed."""


class RateLimitError(APIStatusError):
    """429: too many requests; the SDK already retried as allowed."""


class InternalServerError(APIStatusError):
    """5xx: the service failed."""


_BY_STATUS: dict[int, type[APIStatusError]] = {
    400: BadRequestError,
    401: UnauthorizedError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


def status_error_class(status_code: int) -> type[APIStatusError]:
    """Return the exception class for an error status (any 5xx maps to InternalServerError)."""
    if status_code >= 500:
        return InternalServerError
    return _BY_STATUS.get(status_code, APIStatusError)
