"""An answer that is not JSON is returned as text or bytes, never parsed as JSON.

An operation whose success is ``text/*`` (a CSV statement) returns ``str``, decoded in the
charset its Content-Type names (UTF-8 without one); any other media type (a PDF) returns the
body's ``bytes`` as received, not copied. Text that is not in its charset is an
``UnexpectedBody``, as a JSON body that does not match is.
"""

from __future__ import annotations

import pytest

from payments_sdk_generated.errors import UnexpectedBody
from payments_sdk_generated.types import decode_bytes, decode_text


class _Answer:
    status_code = 200

    def __init__(self, content: bytes, content_type: str) -> None:
        self.content = content
        self.headers = {"content-type": content_type}


@pytest.mark.parametrize(
    ("content", "content_type", "text"),
    [
        (b"a,b\n1,2\n", "text/csv", "a,b\n1,2\n"),
        ("é,€\n".encode(), "text/csv; charset=utf-8", "é,€\n"),
        ("é,€\n".encode("cp1252"), 'text/csv; charset="cp1252"', "é,€\n"),
        ("é".encode("latin-1"), "text/plain;charset=ISO-8859-1", "é"),
        (b"", "text/csv", ""),
    ],
)
def test_text_is_decoded_in_its_charset(content: bytes, content_type: str, text: str) -> None:
    """The charset parameter decides; UTF-8 without one."""
    answer = decode_text(_Answer(content, content_type))
    assert answer == text


@pytest.mark.parametrize(
    ("content", "content_type", "words"),
    [
        (b"\xff\xfe", "text/csv", "$: the body is not utf-8 text (byte 0"),
        (b"ok", "text/csv; charset=klingon", "$: the body's charset 'klingon' is unknown"),
    ],
)
def test_text_not_in_its_charset_is_an_unexpected_body(
    content: bytes, content_type: str, words: str
) -> None:
    """Undecodable text names the problem, never with a UnicodeDecodeError or LookupError."""
    with pytest.raises(UnexpectedBody) as caught:
        decode_text(_Answer(content, content_type))
    assert str(caught.value).startswith(words), caught.value


def test_bytes_are_returned_as_received() -> None:
    """A binary answer is the very bytes object the wire read: not parsed, not copied."""
    content = b"%PDF-1.7\n\x00\xff{not json"
    answer = decode_bytes(_Answer(content, "application/pdf"))
    assert answer is content
