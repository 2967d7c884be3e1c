"""How the default wire finds where an answer ends, where aiohttp's parser alone reads otherwise.

aiohttp's C parser (llhttp) reads each answer's head and frames its body. Four rules
that httpx (h11) keeps, it does not, so the same bytes got two verdicts; this protocol wraps the
parser of each exchange to keep them:

- **The head is at most** :data:`~._wire.HEAD_LIMIT` **bytes** (status line, fields and the blank
  line), however it is made up: llhttp bounds one line and the number of fields, not their sum,
  and read 8,000 small fields (200 KiB) that httpx refuses.
- **Transfer-Encoding is** ``chunked`` **alone**, as h11 reads it: llhttp reads
  ``gzip, chunked`` as chunked and hands the gzip on as the body.
- **A status from 100 to 999, and never an unasked-for 101**: llhttp reads ``099`` as a
  status 99, and a ``101 Switching Protocols`` as a final answer; h11 refuses both. **The
  version is HTTP/1.0 or HTTP/1.1**, on both wires (llhttp reads ``HTTP/2.0`` and ``HTTP/0.9``
  but not ``HTTP/1.9``; h11 reads any ``HTTP/d.d``; ``_httpx_wire._check_head``).
- **RFC 9112 §6.3**: a ``Content-Length`` sent more than once with one value (two equal lines,
  or ``2, 2``) is read as that value; with ``Transfer-Encoding: chunked`` it is ignored (the
  Transfer-Encoding overrides it). llhttp refuses both; differing or invalid values stay refused.

Only the bytes of the head are kept, until the head is read (the body passes straight through),
and the last rule costs nothing until llhttp has refused a head. A head that breaks a rule is a
:class:`~aiohttp.http_exceptions.BadHttpMessage`, as llhttp's own refusals are: the protocol
closes the connection, and the wire reports it as ``httpx.RemoteProtocolError``.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from aiohttp.client_proto import ResponseHandler
from aiohttp.http_exceptions import BadHttpMessage, HttpProcessingError
from aiohttp.http_writer import HttpVersion10, HttpVersion11

from ._wire import HEAD_LIMIT

__all__ = ["FramedResponseHandler", "handler_factory", "reframed"]

# The end of a head: llhttp (lenient, as aiohttp runs it for answers) takes a bare LF too.
_HEAD_END = re.compile(rb"\r?\n\r?\n")
_DIGITS = re.compile(rb"[0-9]+")
_INFORMATIONAL = re.compile(rb"HTTP/[0-9]\.[0-9] 1[0-9][0-9]")
_NOTHING: tuple[tuple[()], bool, bytes] = ((), False, b"")  # what a parser returns for no message


class _Framed:
    """One exchange's parser, with the head's bytes kept until the head has been read."""

    __slots__ = ("_handler", "_held", "_kept", "_params", "_parser", "_refused", "_scan", "_size")

    def __init__(self, parser: Any, handler: FramedResponseHandler, params: dict[str, Any]) -> None:
        self._parser = parser
        self._handler = handler  # and ``params``: to make a fresh parser, if ever needed
        self._params = params
        self._kept: list[bytes] | None = []
        self._size = 0
        self._refused: HttpProcessingError | None = None
        self._held: bytearray | None = None
        self._scan = 0

    def feed_data(self, data: bytes) -> Any:
        kept = self._kept
        if kept is None:  # the head was read: the body goes straight to the parser
            return self._parser.feed_data(data)
        if self._refused is not None:
            return self._reread(data)
        kept.append(data)
        self._size += len(data)
        try:
            result = self._parser.feed_data(data)
        except HttpProcessingError as exc:
            if "Content-Length" not in exc.message:
                answered = self._answer_before_junk(b"".join(kept))
                if answered is None:
                    raise
                return answered
            # llhttp refused a Content-Length, maybe before the head's end: hold the bytes
            # until the head is whole, then read it as RFC 9112 §6.3 says, or refuse it.
            self._refused = exc
            self._held = bytearray(b"".join(kept))
            self._scan = _after_informational(self._held)
            return self._reread(b"")
        messages = result[0]
        if messages:
            self._headed(messages)
        elif self._size > HEAD_LIMIT:
            raise BadHttpMessage(f"the head is over {HEAD_LIMIT // 1024} KiB")
        return result

    def _answer_before_junk(self, raw: bytes) -> Any:
        """Read the whole answer that ``raw`` starts with, when bytes after it were refused.

        llhttp refuses the bytes after a complete answer (junk, or a body after a 204) and loses
        the answer with them; h11 reads the answer, and the connection is never reused. Only
        when a fresh parser reads ``raw`` up to the answer's end as one whole final answer; the
        rest is dropped, and the connection closed once the answer is read.
        """
        end = _answer_end(raw)
        if end is None or end >= len(raw):
            return None
        parser = self._handler.new_parser(self._params)
        try:
            result = parser.feed_data(raw[:end])
        except HttpProcessingError:
            return None
        messages = result[0]
        if not messages or messages[-1][0].code < 200 or not messages[-1][1].is_eof():
            return None
        self._headed(messages)
        self._parser = _Dropping(parser)
        self._handler._should_close = True
        return result

    def _reread(self, data: bytes) -> Any:
        """Hold ``data``; once the head is whole, parse it again with one Content-Length."""
        held, refused = self._held, self._refused
        assert held is not None and refused is not None
        held += data
        end = _HEAD_END.search(held, self._scan)
        if end is None:
            if len(held) > HEAD_LIMIT + self._scan:
                raise refused
            self._scan = max(self._scan, len(held) - 3)  # a head's end may straddle two reads
            return _NOTHING
        fixed = reframed(bytes(held))
        if fixed is None:
            raise refused
        self._parser = self._handler.new_parser(self._params)
        self._check_size(fixed[_after_informational(fixed) :])
        self._kept = [fixed]
        try:
            result = self._parser.feed_data(fixed)
        except HttpProcessingError:
            answered = self._answer_before_junk(fixed)
            if answered is None:
                raise
            return answered
        if result[0]:
            self._headed(result[0])  # the checks of every head: status, version, framing
        else:  # pragma: no cover - a whole head always makes a message
            self._kept = None
        return result

    def _headed(self, messages: Any) -> None:
        """Check the head just read; after a 1xx alone, keep the bytes that follow it."""
        kept = self._kept
        assert kept is not None
        raw = b"".join(kept) if len(kept) > 1 else kept[0]
        for message, _ in messages:
            code = message.code
            if code < 100 or code == 101:  # h11 refuses both: no request asked for an upgrade
                raise BadHttpMessage("Bad status line: a status HTTP/1.1 cannot answer with")
            version = message.version  # llhttp reads HTTP/0.9 and HTTP/2.0 too
            if version is not HttpVersion11 and version != HttpVersion10:  # the parser's own
                raise BadHttpMessage("Bad status line: Invalid HTTP version")
            if code >= 200:  # ``raw`` starts with its head
                self._kept = None
                if "Transfer-Encoding" in message.headers and not _chunked(message.headers):
                    raise BadHttpMessage("Only Transfer-Encoding: chunked is supported")
                if len(raw) > HEAD_LIMIT:
                    self._check_size(raw)
                return
            end = _HEAD_END.search(raw)  # a 1xx has no body: its head ends at its blank line
            raw = raw[end.end() :] if end is not None else b""
        self._kept = [raw]
        self._size = len(raw)

    @staticmethod
    def _check_size(raw: bytes) -> None:
        end = _HEAD_END.search(raw, 0, HEAD_LIMIT + 4)
        if end is None or end.end() > HEAD_LIMIT:
            raise BadHttpMessage(f"the head is over {HEAD_LIMIT // 1024} KiB")

    def feed_eof(self) -> Any:
        return self._parser.feed_eof()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._parser, name)


class _Dropping:
    """A parser whose answer is read: the bytes that still come are dropped."""

    __slots__ = ("_parser",)

    def __init__(self, parser: Any) -> None:
        self._parser = parser

    def feed_data(self, data: bytes) -> Any:
        return _NOTHING

    def __getattr__(self, name: str) -> Any:
        return getattr(self._parser, name)


_STATUS = re.compile(rb"HTTP/[0-9]\.[0-9] ([0-9]{3})")


def _answer_end(raw: bytes) -> int | None:
    """Where the first final answer in ``raw`` ends, by its framing; None if it cannot tell."""
    start = _after_informational(raw)
    end = _HEAD_END.search(raw, start)
    status = _STATUS.match(raw, start)
    if end is None or status is None:
        return None
    if status.group(1) in (b"204", b"304"):
        return end.end()
    lengths: list[bytes] = []
    chunked = False
    for line in raw[start : end.start()].split(b"\n")[1:]:
        name, _, value = line.partition(b":")
        name = name.lower()
        if name == b"transfer-encoding":
            chunked = True
        elif name == b"content-length":
            lengths.extend(part.strip() for part in value.split(b","))
    if chunked:
        return _chunks_end(raw, end.end())
    if lengths and len(set(lengths)) == 1 and _DIGITS.fullmatch(lengths[0]):
        return end.end() + int(lengths[0])
    return None


def _chunks_end(raw: bytes, at: int) -> int | None:
    """Where the chunks from ``at`` end (their trailers included), or None."""
    while (line_end := raw.find(b"\n", at)) >= 0:
        try:
            size = int(raw[at:line_end].split(b";", 1)[0].strip(), 16)
        except ValueError:
            return None
        at = line_end + 1
        if size == 0:
            while (line_end := raw.find(b"\n", at)) >= 0:
                line, at = raw[at:line_end].rstrip(b"\r"), line_end + 1
                if not line:
                    return at
            return None
        at += size
        at += 2 if raw.startswith(b"\r\n", at) else 1 if raw.startswith(b"\n", at) else 0
    return None


def _after_informational(raw: bytes | bytearray) -> int:
    """Return where the first head that is not a 1xx starts in ``raw`` (1xx have no body)."""
    start = 0
    while (end := _HEAD_END.search(raw, start)) is not None and _INFORMATIONAL.match(raw, start):
        start = end.end()
    return start


def _chunked(headers: Any) -> bool:
    """Whether a Transfer-Encoding is ``chunked`` alone, the only one h11 reads.

    llhttp reads ``gzip, chunked`` as chunked, and hands the gzip on as if it were the body.
    """
    values = headers.getall("Transfer-Encoding")
    return len(values) == 1 and values[0].strip().lower() == "chunked"


def reframed(raw: bytes) -> bytes | None:
    """Return ``raw`` with its head's Content-Length read as RFC 9112 §6.3 says, or None.

    None when the rules change nothing (so llhttp's refusal stands): no Content-Length sent
    more than once, none with a Transfer-Encoding, or values that differ or are not digits.
    """
    start = _after_informational(raw)  # a 1xx answer read in the same bytes: kept as it came
    end = _HEAD_END.search(raw, start)
    if end is None:
        return None
    head, body = raw[start : end.start()], raw[end.end() :]
    lines = head.split(b"\n")
    values: list[bytes] = []
    kept: list[bytes] = []
    chunked = False
    for line in lines:
        name, colon, value = line.partition(b":")
        lowered = name.lower()
        if colon and lowered == b"content-length":
            values.extend(part.strip() for part in value.split(b","))
            continue
        if colon and lowered == b"transfer-encoding":
            if chunked or value.strip().lower() != b"chunked":
                return None  # h11 reads one Transfer-Encoding, and only chunked
            chunked = True
        kept.append(line.rstrip(b"\r"))
    if not values or len(set(values)) != 1 or not _DIGITS.fullmatch(values[0]):
        return None
    if len(values) == 1 and not chunked:
        return None  # one plain Content-Length: llhttp refused something else
    if not chunked:
        kept.append(b"content-length: " + values[0])
    return raw[:start] + b"\r\n".join(kept) + b"\r\n\r\n" + body


class FramedResponseHandler(ResponseHandler):
    """aiohttp's response protocol, its parser wrapped for each exchange (:class:`_Framed`)."""

    def set_response_params(self, **params: Any) -> None:
        tail, self._tail = self._tail, b""  # fed below, through the wrapped parser
        super().set_response_params(**params)
        framed = _Framed(self._parser, self, params)
        self._parser = framed  # type: ignore[assignment]  # it reads as the parser it wraps
        if tail:
            drain = getattr(self, "_drain_tail", None)  # aiohttp >= 3.14; 3.13 feeds it itself
            if drain is None:
                self.data_received(tail)
            else:
                self._tail = tail
                drain()

    def new_parser(self, params: dict[str, Any]) -> Any:
        """Make a parser like the one ``set_response_params`` made, to read an exchange again."""
        parser = self._parser
        ResponseHandler.set_response_params(self, **params)
        fresh, self._parser = self._parser, parser
        return fresh


def handler_factory(loop: Any) -> functools.partial[ResponseHandler]:
    """Return the protocol factory for a connector on ``loop``."""
    return functools.partial(FramedResponseHandler, loop=loop)  # type: ignore[return-value]
