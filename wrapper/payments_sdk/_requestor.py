"""The call layer: every resource method hands its call to a ``Requestor``, which sends it.

A call is described once: the generated :class:`~payments_sdk_generated.types.Operation` (its
label, method, path template, request media type and 2xx answer) and the method's checked
arguments by their names on the wire (path, query, headers, body). The requestor writes the
request from them, sends it through its :class:`~._sender.Sender` (the wire, auth, retries,
status errors), and parses the answer with the operation. It translates the only two failures
the generated code raises on purpose:

- a 2xx body that does not match the bundle (``UnexpectedBody``) becomes
  :class:`~payments_sdk.APIResponseValidationError`, with the response;
- a path parameter that cannot be one path segment becomes
  :class:`~payments_sdk.InvalidParameterError` naming it.

Nothing else is caught: a bug in the SDK surfaces as itself.
"""

from __future__ import annotations

import json
from collections.abc import Coroutine, Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar
from urllib.parse import urlsplit

import httpx

from payments_sdk_generated.errors import InvalidPathParameter, UnexpectedBody
from payments_sdk_generated.types import path_segment

from ._response import APIResponse
from ._sender import DEFERRED_RECORDS, Sender
from ._validation import exact_number
from .errors import APIResponseValidationError, ClientClosedError, InvalidParameterError

if TYPE_CHECKING:
    from payments_sdk_generated.types import Operation

    from ._call_options import CallOptions
    from ._instrument import CallRecord, Instruments
    from ._options import ClientOptions
    from ._pool import Pool
    from ._secret import SecretKey

__all__ = ["Requestor"]

T = TypeVar("T")


class _Call(NamedTuple, Generic[T]):
    """One call, as the resource method described it: the operation and its checked arguments."""

    operation: Operation[T]
    path: Mapping[str, str] | None
    query: Mapping[str, Any] | None
    headers: Mapping[str, Any] | None
    body: Any
    whole: bool
    """Whether the caller wants the answer with the response (``call``), or the answer only."""


class Requestor:
    """Runs operations for one set of options over one connection pool."""

    __slots__ = ("_sender", "closed", "options")

    def __init__(self, options: ClientOptions, pool: Pool) -> None:
        self.options = options
        self.closed = False
        """Set by the client's ``aclose()``; a closed requestor refuses every call."""
        self._sender = Sender(
            pool=pool,
            root_url=options.root_url,
            api_key=options.api_key,
            headers=options.headers,
            timeout=options.timeout,
            max_retries=options.max_retries,
            total_timeout=options.total_timeout,
            instruments=_instruments(options),
        )

    @property
    def pool_closed(self) -> bool:
        """Whether the connection pool this requestor sends through was closed."""
        return self._sender.pool_closed

    def _check_open(self) -> None:
        if self.closed or self._sender.pool_closed:
            raise ClientClosedError("the client is closed; create a new one")

    async def call(
        self,
        operation: Operation[T],
        options: CallOptions | None = None,
        *,
        path: Mapping[str, str] | None = None,
        query: Mapping[str, Any] | None = None,
        headers: Mapping[str, Any] | None = None,
        body: Any = None,
    ) -> APIResponse[T]:
        """Send ``operation`` with the checked arguments (with one call's options).

        ``path``, ``query`` and ``headers`` are keyed by the names in the path template and on
        the wire; a ``None`` query or header value is not sent. ``body`` is the checked body
        (``None``: no body). Returns the parsed 2xx answer with its status and headers.
        """
        call = _Call(operation, path, query, headers, body, True)
        response, parsed = await self._exchange(call, options)
        return APIResponse(response, parsed)

    def parsed(
        self,
        operation: Operation[T],
        options: CallOptions | None = None,
        *,
        path: Mapping[str, str] | None = None,
        query: Mapping[str, Any] | None = None,
        headers: Mapping[str, Any] | None = None,
        body: Any = None,
    ) -> Coroutine[Any, Any, T]:
        """Send ``operation`` as :meth:`call` does; await only its parsed answer.

        No coroutine of its own (it returns the one that runs the call): one frame less for
        every resumption of every call.
        """
        return self._exchange(_Call(operation, path, query, headers, body, False), options)

    def _exchange(self, call: _Call[T], options: CallOptions | None) -> Coroutine[Any, Any, Any]:
        """Return the call sent with its options' sender, recorded when something observes it.

        It refuses a closed client at once (in the awaiting resource method), and returns the
        coroutine to await.
        """
        self._check_open()
        sender = self._sender if options is None else self._sender.for_call(options)
        instruments = sender.observing()  # asked once per call
        if instruments is None:  # nothing records the call: no context to set on the hot path
            return self._run(sender, call, None)
        return self._recorded(sender, call, instruments)

    async def _recorded(self, sender: Sender, call: _Call[T], instruments: Instruments) -> Any:
        """Run the call with a list for its observers' records, ended with its outcome."""
        records: list[CallRecord] = []
        token = DEFERRED_RECORDS.set(records)
        outcome = None
        try:
            return await self._run(sender, call, instruments)
        except BaseException as exc:
            outcome = type(exc).__name__
            raise
        finally:
            DEFERRED_RECORDS.reset(token)
            for record in records:
                record.ended(outcome)

    async def _run(self, sender: Sender, call: _Call[T], instruments: Instruments | None) -> Any:
        """Write, send and parse; translate what the generated code raises into SDK errors.

        Returns the parsed answer, or the answer and it when the call asked for ``whole``.
        ``instruments`` record it (None: nothing does).
        """
        operation, path, query, headers, body, whole = call
        try:
            url = operation.path
            if path:
                url = url.format_map(
                    {name: path_segment(value, name) for name, value in path.items()}
                )
            given = (
                None if not headers else {n: str(v) for n, v in headers.items() if v is not None}
            )
            sent: Mapping[str, str] | None = given
            content = files = None
            if body is not None:  # else nothing to encode (no body, or one left out)
                content, files, sent = operation.encode(body, given)
        except InvalidPathParameter as exc:
            raise InvalidParameterError(
                exc.name, "must be one path segment, not '.' or '..'"
            ) from None
        except (UnicodeEncodeError, TypeError, ValueError) as exc:
            # Only the caller's values reach the encoder (a lone surrogate, for example);
            # msgspec (imported by the operation, not here: importing it costs 5 ms) raises
            # EncodeError, a ValueError. Anything else is a bug, and stays itself.
            if not isinstance(exc, UnicodeEncodeError) and not _is_encode_error(exc):
                raise
            raise InvalidParameterError("body", f"cannot be sent as JSON: {exc}") from None
        response = await sender.send(
            operation.method,
            url,
            instruments,
            operation=operation.label,
            params=query,
            content=content,
            files=files,
            headers=sent,
        )
        try:
            answer = operation.parse(response)
        except UnexpectedBody as exc:
            raise _mismatch(response.to_httpx(), str(exc), sender.credential, exc) from None
        return (response, answer) if whole else answer

    async def request_json(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, Any] | None,
        body: Any,
        options: CallOptions | None = None,
    ) -> Any:
        """Send a request the bundle does not describe; return its JSON body, or None.

        A number with a fraction or an exponent in the answer is an exact ``Decimal``.
        """
        self._check_open()
        sender = self._sender if options is None else self._sender.for_call(options)
        try:
            content = None if body is None else _json_bytes(body)
        except (TypeError, ValueError, RecursionError) as exc:
            # Not JSON (NaN, a set, a cycle) or not Unicode text (a lone surrogate).
            raise InvalidParameterError("json", f"cannot be sent as JSON: {exc}") from None
        response = await sender.send(
            method,
            path,
            sender.observing(),
            params=params,
            content=content,
            headers=None if content is None else {"Content-Type": "application/json"},
        )
        if not response.content:
            return None
        try:
            return json.loads(response.content, parse_float=Decimal)  # exact: never a float
        except (ValueError, RecursionError) as exc:
            problem = "$: the body is not valid JSON"
            raise _mismatch(response.to_httpx(), problem, sender.credential, exc) from None


def _json_bytes(body: Any) -> bytes:
    """Return ``body`` as JSON: a Decimal as the number it is, digit for digit.

    The standard library checks it first (no NaN, no set, no cycle, Unicode text only); it
    cannot write a Decimal as a number, which msgspec (loaded on first use) does.
    """
    text = json.dumps(body, allow_nan=False, ensure_ascii=False, default=exact_number)
    encoded = text.encode("utf-8")
    if not _has_decimal(body):
        return encoded
    import msgspec

    return msgspec.json.Encoder(decimal_format="number").encode(body)


def _has_decimal(value: Any) -> bool:
    if isinstance(value, Decimal):
        return True
    if isinstance(value, Mapping):
        return any(_has_decimal(item) for item in value.values())
    if isinstance(value, list | tuple):
        return any(_has_decimal(item) for item in value)
    return False


def _instruments(options: ClientOptions) -> Instruments | None:
    """Return the client's observers and tracing; None when it has neither."""
    if not options.observers and not options.opentelemetry:
        return None
    from ._instrument import Instruments

    root = urlsplit(options.root_url)
    port = root.port or (443 if root.scheme == "https" else 80)
    return Instruments(
        options.observers, otel=options.opentelemetry, host=root.hostname or "", port=port
    )


def _is_encode_error(exc: BaseException) -> bool:
    import msgspec

    return isinstance(exc, msgspec.EncodeError)


def _mismatch(
    response: httpx.Response, problem: str, key: SecretKey, context: BaseException
) -> APIResponseValidationError:
    """Return the error for a 2xx body that does not match; it and its context hold no key."""
    key.scrub(context)  # stays the hidden __context__: it held the raw response or text
    held, body = key.evidence(response)
    return APIResponseValidationError(
        f"the {response.status_code} response does not match the bundle: {key.redact(problem)}",
        response=held,
        body=body,
    )
