"""The exit codes of ``payments``, one per class of error, and how an exception maps to one.

A script can rely on them; ``payments --help`` and docs/cli.md list them.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

__all__ = ["ExitCode", "Failure", "UsageError", "classify"]


class ExitCode(IntEnum):
    """Why ``payments`` exited."""

    OK = 0
    """The command did what it was asked."""
    ERROR = 1
    """Any other failure: an API error without a class of its own (400, 409, 422, ...), an
    answer that does not match the bundle, an unexpected error."""
    USAGE = 2
    """A usage error or an invalid parameter: nothing was sent."""
    AUTHENTICATION = 3
    """No API key, a malformed one, or the service refused it (401, 403)."""
    NOT_FOUND = 4
    """The service has no such resource (404)."""
    RATE_LIMITED = 5
    """Too many requests (429), after the SDK's retries."""
    SERVER_ERROR = 6
    """The service failed (5xx), after the SDK's retries."""
    CONNECTION = 7
    """The service could not be reached, or did not answer in time."""
    INTERRUPTED = 130
    """Interrupted by Ctrl-C (SIGINT); the output ends with the last whole row."""
    BROKEN_PIPE = 141
    """The reader of standard output went away (``| head``), as a command killed by SIGPIPE."""


class UsageError(Exception):
    """A command line that cannot be run as written (an unknown option, a missing argument)."""


class Failure(NamedTuple):
    """An error, classified: the exit code, a short type name, and the message to show."""

    code: ExitCode
    kind: str
    message: str
    field: str | None = None
    status_code: int | None = None


def classify(error: BaseException) -> Failure:
    """Return the exit code, kind and message of an error the command raised."""
    from .. import errors  # the SDK's exceptions (imports httpx): only when something failed

    message = str(error)
    if isinstance(error, UsageError):
        return Failure(ExitCode.USAGE, "usage", message)
    if isinstance(error, ModuleNotFoundError) and "extra" in message:
        return Failure(ExitCode.USAGE, "missing_extra", message)  # --sandbox without [sandbox]
    if isinstance(error, errors.InvalidParameterError):
        if error.field in ("api_key", "api_key_file"):
            return Failure(ExitCode.AUTHENTICATION, "authentication", message, error.field)
        return Failure(ExitCode.USAGE, "invalid_parameter", message, error.field)
    if isinstance(error, errors.APIStatusError):
        status = error.status_code
        if isinstance(error, errors.UnauthorizedError | errors.PermissionDeniedError):
            return Failure(ExitCode.AUTHENTICATION, "authentication", message, None, status)
        if isinstance(error, errors.NotFoundError):
            return Failure(ExitCode.NOT_FOUND, "not_found", message, None, status)
        if isinstance(error, errors.RateLimitError):
            return Failure(ExitCode.RATE_LIMITED, "rate_limited", message, None, status)
        if isinstance(error, errors.InternalServerError):
            return Failure(ExitCode.SERVER_ERROR, "server_error", message, None, status)
        return Failure(ExitCode.ERROR, "api_error", message, None, status)
    if isinstance(error, errors.APIConnectionError):
        kind = "timeout" if isinstance(error, errors.APITimeoutError) else "connection"
        return Failure(ExitCode.CONNECTION, kind, message)
    if isinstance(error, errors.APIResponseValidationError):
        return Failure(ExitCode.ERROR, "response_validation", message)
    if isinstance(error, errors.PaymentsError):
        return Failure(ExitCode.ERROR, "error", message)
    return Failure(ExitCode.ERROR, "internal", f"{type(error).__name__}: {message}")
