"""Everything the default wire changes inside aiohttp, in one place: its protocol and its pool.

These hooks reach into aiohttp's internals (a ``ResponseHandler`` subclass, ``TCPConnector._get``
and ``_release``, the parser's ``feed_data`` wrapped, the read timer): the range of aiohttp they
were tested on is pinned and tested at both ends (openapi/DECISIONS.md, "Pinned ranges").

**Where an answer ends.** aiohttp's C parser (llhttp) reads each answer's head and frames its
body. Four rules that httpx (h11) keeps, it does not, so the same bytes got two verdicts; the
protocol wraps the parser of each exchange to keep them:

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

**Which kept-alive connection may carry the next request.** A connection goes back to the pool
after a complete answer. Between two calls it must stay silent: anything that arrives on it then
is no answer to a request the SDK made. It is the server's close (a load balancer or a server
whose idle timeout ended, without ``Connection: close``), or bytes that would be read as the next
call's answer (a response desync: a proxy or server that wrote more than its answer declared).
Either way the connection is discarded and the request goes on a new one, as httpcore does (its
``has_expired`` asks whether an idle socket is readable): :class:`TrustingConnector` reuses a
connection only if nothing came on it while it sat in the pool (its protocol saw no bytes),
it still holds no parsed answer, no tail and no error (aiohttp's ``should_close``), and its
socket is not readable (a close or bytes that the kernel holds and the event loop has not read
yet). ``should_close`` is asked again though aiohttp asked it when it pooled the connection:
aiohttp pools it from inside the read that reaches the end of the body, and the rest of that
read (or of a paused parser's, on resume) is parsed as a second answer after it is pooled; and
a body read in paused turns ends in a resume that arms the read timer again once the connection
is pooled, so the timer fails the idle connection. Neither is a byte that comes while it is
pooled. One ``poll`` of one socket per reuse, with a poller made once per connection, where
httpcore polls every idle connection for each request.
Bytes that came in the same read as the whole answer are aiohttp's own case: it parses them as a
second answer and closes the connection instead of pooling it. (A caller's httpx client:
``_httpx_wire.py``.)

**The read timeout, one timer per pool.** ``read`` bounds the wait for each read, as httpx
applies it: a body trickled a byte at a time never trips it. aiohttp cancels its timer and arms a
new one on every read. Here each read notes its deadline on its protocol, and the pool's one
:class:`_ReadWatch` keeps one timer for all its connections, due at the soonest deadline any
exchange had when it was armed: when it fires, an exchange whose last read's deadline has passed
ends with aiohttp's own ``ServerTimeoutError``, and the timer is armed again for the soonest
deadline left. An exchange whose deadline is sooner than the timer's (a call with a shorter
``read``) moves it earlier. A call on a pool whose timer is armed touches no timer at all.
aiohttp stops timing reads once it has parsed an answer without a body, a 1xx too: after a 1xx
alone the next read is timed again, as h11 times the wait for the final answer. A connection
closed under a call (the pool closed by ``aclose``) ends the body that call reads: aiohttp's
``close`` let go of it, timer and all, and the call waited forever.
"""

from __future__ import annotations

import asyncio
import functools
import math
import re
import select
from typing import TYPE_CHECKING, Any

from aiohttp import ClientConnectionError, TCPConnector
from aiohttp.client_proto import ResponseHandler
from aiohttp.http_exceptions import BadHttpMessage, HttpProcessingError
from aiohttp.http_writer import HttpVersion10, HttpVersion11

from ._wire import HEAD_LIMIT, TIMER_EARLY

if TYPE_CHECKING:
    from aiohttp.client_reqrep import ConnectionKey
    from aiohttp.connector import Connection
    from aiohttp.tracing import Trace

__all__ = ["PARSER_LIMITS", "TrustingConnector", "WireProtocol", "reframed"]

# The end of a head: llhttp (lenient, as aiohttp runs it for answers) takes a bare LF too.
_HEAD_END = re.compile(rb"\r?\n\r?\n")
_DIGITS = re.compile(rb"[0-9]+")
_INFORMATIONAL = re.compile(rb"HTTP/[0-9]\.[0-9] 1[0-9][0-9]")
_NOTHING: tuple[tuple[()], bool, bytes] = ((), False, b"")  # what a parser returns for no message


class _Framed:
    """One exchange's parser, with the head's bytes kept until the head has been read."""

    __slots__ = ("_handler", "_kept", "_parser", "_size")

    def __init__(self, parser: Any, handler: WireProtocol) -> None:
        self._parser = parser
        self._handler = handler
        self._kept: list[bytes] | None = []
        self._size = 0

    def feed_data(self, data: bytes) -> Any:
        kept = self._kept
        if kept is None:  # the head was read: the body goes straight to the parser
            return self._parser.feed_data(data)
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
            self._kept = None
            self._parser = _Reread(self, exc, b"".join(kept))
            return self._parser.feed_data(b"")
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
        parser = self._handler.new_parser()
        try:
            result = parser.feed_data(raw[:end])
        except HttpProcessingError:
            return None
        messages = result[0]
        if not messages or messages[-1][0].code < 200 or not messages[-1][1].is_eof():
            return None
        self._parser = parser
        self._headed(messages)  # the checks of every head: status, version, framing, size
        self._handler.head_read(_Dropping(parser))
        self._handler._should_close = True
        return result

    def _headed(self, messages: Any) -> None:
        """Check the head just read; after a 1xx alone, keep the bytes that follow it."""
        kept = self._kept
        assert kept is not None
        raw = None
        for message, _ in messages:
            code = message.code
            if code < 100 or code == 101:  # h11 refuses both: no request asked for an upgrade
                raise BadHttpMessage("Bad status line: a status HTTP/1.1 cannot answer with")
            version = message.version  # llhttp reads HTTP/0.9 and HTTP/2.0 too
            if version is not HttpVersion11 and version != HttpVersion10:  # the parser's own
                raise BadHttpMessage("Bad status line: Invalid HTTP version")
            if code >= 200:  # the bytes kept start with its head, after any 1xx
                self._kept = None
                self._handler.head_read(self._parser)  # its body goes straight to the parser
                if "Transfer-Encoding" in message.headers and not _chunked(message.headers):
                    raise BadHttpMessage("Only Transfer-Encoding: chunked is supported")
                if self._size > HEAD_LIMIT:
                    self._check_size(b"".join(kept) if raw is None else raw)
                return
            raw = b"".join(kept) if raw is None else raw
            end = _HEAD_END.search(raw)  # a 1xx has no body: its head ends at its blank line
            raw = raw[end.end() :] if end is not None else b""
            kept = [raw]
            self._size = len(raw)
        self._kept = kept
        self._handler.informed = True  # aiohttp drops the read timer after a 1xx: time it again

    def reparsed(self, fixed: bytes) -> Any:
        """Read ``fixed`` (the exchange so far, its head made valid) with a fresh parser."""
        self._parser = self._handler.new_parser()
        self._check_size(fixed[_after_informational(fixed) :])
        self._kept = [fixed]
        self._size = len(fixed)
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

    @staticmethod
    def _check_size(raw: bytes) -> None:
        end = _HEAD_END.search(raw, 0, HEAD_LIMIT + 4)
        if end is None or end.end() > HEAD_LIMIT:
            raise BadHttpMessage(f"the head is over {HEAD_LIMIT // 1024} KiB")

    def feed_eof(self) -> Any:
        return self._parser.feed_eof()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._parser, name)


class _Reread:
    """Stands in for the parser llhttp broke off: holds the head until it is whole."""

    __slots__ = ("_framed", "_held", "_refused", "_scan")

    def __init__(self, framed: _Framed, refused: HttpProcessingError, held: bytes) -> None:
        self._framed = framed
        self._refused = refused
        self._held = bytearray(held)
        self._scan = _after_informational(held)

    def feed_data(self, data: bytes) -> Any:
        held = self._held
        held += data
        end = _HEAD_END.search(held, self._scan)
        if end is None:
            if len(held) > HEAD_LIMIT + self._scan:
                raise self._refused
            self._scan = max(self._scan, len(held) - 3)  # a head's end may straddle two reads
            return _NOTHING
        fixed = reframed(bytes(held))
        if fixed is None:
            raise self._refused
        return self._framed.reparsed(fixed)

    def feed_eof(self) -> Any:
        raise self._refused  # the head never ended

    def pause_reading(self) -> None:
        """Nothing to pause: no body is being read."""


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


PARSER_LIMITS: dict[str, Any] = {
    "max_line_size": HEAD_LIMIT,
    "max_field_size": HEAD_LIMIT,
    "max_headers": HEAD_LIMIT // 4,  # the shortest field, "a:\r\n", is 4 bytes
}
"""aiohttp's own limits, as the default wire's session sets them: one line up to the whole
head's limit, and as many fields as fit (aiohttp's defaults, 8,190 bytes and 128 fields, refuse
answers that proxies and CDNs send and httpx reads)."""


class _ReadWatch:
    """One timer for the read timeouts of every connection of one pool.

    Each timed protocol is in :attr:`_timed` from its first timed read until its connection
    closes, the watch ends its exchange, or the watch finds it untimed (its deadline 0). The
    timer is due at :attr:`due`: when it fires, it ends every exchange whose deadline has passed
    and is armed again for the soonest deadline left.
    """

    __slots__ = ("_handle", "_loop", "_timed", "due")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._timed: set[WireProtocol] = set()
        self._handle: asyncio.TimerHandle | None = None
        self.due = math.inf
        """When the timer fires (infinity while none is armed)."""

    def watch(self, protocol: WireProtocol, due: float) -> None:
        """Time ``protocol``'s reads; move the timer earlier if ``due`` is sooner."""
        self._timed.add(protocol)
        if due < self.due:
            if self._handle is not None:
                self._handle.cancel()
            self._arm(due)

    def forget(self, protocol: WireProtocol) -> None:
        """Stop timing ``protocol``: its connection is closed."""
        self._timed.discard(protocol)

    def _arm(self, due: float) -> None:
        self._handle = self._loop.call_at(due, self._fire)
        self.due = due

    def _fire(self) -> None:
        self._handle = None
        self.due = math.inf
        now = self._loop.time()
        soonest = math.inf
        late: list[WireProtocol] = []
        for protocol in list(self._timed):
            due = protocol.read_due
            if not due:
                self._timed.discard(protocol)  # its answer was read, or it stopped reading
            elif due <= now + TIMER_EARLY:
                self._timed.discard(protocol)
                late.append(protocol)
            else:
                soonest = min(soonest, due)
        if soonest < math.inf:
            self._arm(soonest)
        for protocol in late:  # after the timer is armed again: ending one may start another
            protocol.read_timed_out()


class WireProtocol(ResponseHandler):
    """aiohttp's response protocol, as the default wire reads answers and reuses connections.

    Each exchange's parser is wrapped until its head is read; its reads are timed by its
    pool's :class:`_ReadWatch`; and it knows whether bytes came while the connection sat in
    the pool.
    """

    _head_read: Any = None  # the parser of this exchange whose head was read, unwrapped
    read_due = 0.0
    """The loop time by which the next byte is due; 0 while no read is timed."""
    _poller: Any = None  # a poll object watching this connection's socket, made once
    pooled = False
    """Between a complete answer and the next request."""
    stale = False
    """Bytes came while :attr:`pooled`: never reused."""
    informed = False
    """A 1xx alone was just read: the final answer is still due, within the read timeout."""

    def __init__(self, loop: asyncio.AbstractEventLoop, watch: _ReadWatch | None = None) -> None:
        super().__init__(loop)
        self._watch = watch if watch is not None else _ReadWatch(loop)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Take the connection, and make the poller that asks whether it is readable."""
        super().connection_made(transport)
        self._poller = _poller(transport)

    def close(self) -> None:
        """Close the connection, and end the body being read on it (see :meth:`_end_body`)."""
        self._end_body()
        super().close()

    def abort(self) -> None:
        """Abort the connection, and end the body being read on it (see :meth:`_end_body`)."""
        self._end_body()
        super().abort()

    def _end_body(self) -> None:
        """End the body still being read, as a connection lost ends it.

        aiohttp's ``close`` lets go of the body first, and drops the read timer: a call reading
        it (the pool closed under it, by ``aclose``) would wait forever.
        """
        payload = self._payload
        if payload is not None and not payload.is_eof():
            payload.set_exception(ClientConnectionError("Connection closed"))

    def connection_lost(self, exc: BaseException | None) -> None:
        """Let the connection go: its pool's read timer no longer knows it."""
        super().connection_lost(exc)
        self._watch.forget(self)

    def readable(self) -> bool:
        """Whether the socket holds bytes or a close the event loop has not read yet.

        A connection without a socket cannot be vouched for: it counts as readable, as
        httpcore counts it.
        """
        poller = self._poller
        return poller is None or bool(poller.poll(0))

    def data_received(self, data: bytes) -> None:
        """Feed aiohttp's parser; remember any byte that came while pooled."""
        if not data:  # aiohttp resuming a paused parser: no byte came
            ResponseHandler.data_received(self, data)
            return
        if self.pooled:
            self.stale = True
        parser: Any = self._parser
        if parser is not None and parser is not self._head_read and type(parser) is not _Framed:
            self._parser = _Framed(parser, self)  # type: ignore[assignment]  # a new exchange
        ResponseHandler.data_received(self, data)
        if self.informed:  # aiohttp dropped the timer (a 1xx has no body): time the next read
            self.informed = False
            if self.exception() is None:
                self._reschedule_timeout()

    def _reschedule_timeout(self) -> None:
        """Note the deadline of the next read; the pool's watch times it (no timer of its own)."""
        timeout = self._read_timeout
        if not timeout:
            self.read_due = 0.0
            return
        due = self._loop.time() + timeout
        watch = self._watch
        if not self.read_due or due < watch.due:  # not watched yet, or due before its timer
            watch.watch(self, due)
        self.read_due = due

    def _drop_timeout(self) -> None:
        """No read is timed any more (the answer is read, reading paused, or the exchange ended)."""
        self.read_due = 0.0

    def read_timed_out(self) -> None:
        """End the exchange: no byte came within the read timeout."""
        self.read_due = 0.0
        self._on_read_timeout()

    def head_read(self, parser: Any) -> None:
        """Hand the body of this exchange straight to ``parser``."""
        self._parser = self._head_read = parser

    def new_parser(self) -> Any:
        """Make a parser like the one this exchange started with, to read it again."""
        parser = self._parser
        ResponseHandler.set_response_params(
            self,
            skip_payload=self._skip_payload,
            read_until_eof=True,  # as the default wire's session reads
            auto_decompress=False,
            read_timeout=self._read_timeout,
            read_bufsize=self._read_bufsize,
            timeout_ceil_threshold=self._timeout_ceil_threshold or 5,
            **PARSER_LIMITS,
        )
        fresh, self._parser = self._parser, parser
        return fresh


def _poller(transport: asyncio.BaseTransport) -> Any:
    """Return a poller of ``transport``'s socket, or None when it has none."""
    sock = transport.get_extra_info("socket")
    fd = -1 if sock is None else sock.fileno()
    if fd < 0:
        return None
    if not hasattr(select, "poll"):  # pragma: no cover - Windows
        return _Selecting(fd)
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return poller


class _Selecting:
    """A poller where ``select.poll`` is missing (Windows): ``select`` on one socket."""

    __slots__ = ("_fd",)

    def __init__(self, fd: int) -> None:  # pragma: no cover - Windows
        self._fd = fd

    def poll(self, timeout: int) -> bool:  # pragma: no cover - Windows
        return bool(select.select([self._fd], [], [], timeout)[0])


class TrustingConnector(TCPConnector):
    """aiohttp's TCP pool that reuses a kept-alive connection only if it stayed silent."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        watch = _ReadWatch(self._loop)
        self._factory = functools.partial(WireProtocol, self._loop, watch)  # type: ignore[assignment]

    async def _get(self, key: ConnectionKey, traces: list[Trace]) -> Connection | None:
        while (conn := await TCPConnector._get(self, key, traces)) is not None:
            proto = conn.protocol
            if isinstance(proto, WireProtocol) and not (
                proto.stale or proto.should_close or proto.readable()
            ):
                proto.pooled = False
                return conn
            conn.close()  # closed, not pooled again; the next idle one is tried
        return None

    def _release(
        self, key: ConnectionKey, protocol: ResponseHandler, *, should_close: bool = False
    ) -> None:
        TCPConnector._release(self, key, protocol, should_close=should_close)
        if isinstance(protocol, WireProtocol):
            protocol.pooled = True
