"""Hypothesis throws hostile input at every sandbox operation of the bundle.

Operations come from the folded bundle, so a new operation is fuzzed without a change here. For
each one: hostile JSON bodies (lone surrogates, control characters, huge integers, 1e308, -0.0,
nesting up to the limit, wrong types, extra fields, bytes that are not UTF-8), hostile query
strings and hostile path ids; and hostile bodies for the fault controls (``/_sandbox/faults``).
After every hostile request:

- the answer is below 500, and a 4xx body is exactly ``{"error": <reason phrase>, "message"}``
  with a short message;
- a normal ``GET /v1/balances`` on the same client still answers 200 with integer balances, and
  the list the operation writes to still renders (one bad request never breaks a later one).

Every loop is bounded (``max_examples``); the whole module takes well under 30 s.
"""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any
from urllib.parse import quote, quote_from_bytes

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payments_sdk._operation_parts import parameters, request_body
from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox.contract import load_bundle, resolve
from tests.support.schema_values import error_fields

FOLDED = load_bundle()
SANDBOX = Sandbox(seed_payments=10)
HEADERS = {"Authorization": f"Bearer {SANDBOX.api_key}"}
FUZZ = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MAX_MESSAGE = 300


class Op:
    """One operation of the folded bundle, as the fuzzer needs it."""

    def __init__(self, path: str, method: str, spec: dict[str, Any]) -> None:
        self.path, self.method, self.operation_id = path, method.upper(), spec["operationId"]
        params = [p.value for p in parameters(FOLDED, path, method)]
        self.query = [p["name"] for p in params if p["in"] == "query"]
        self.path_params = [p["name"] for p in params if p["in"] == "path"]
        body = request_body(FOLDED, path, method)
        content = body.value.get("content", {}) if body is not None else {}
        self.media = next(iter(content), None)
        self.fields = sorted(_property_names(content[self.media]["schema"])) if content else []
        collection = path.split("/{")[0].replace("/v1/v2/", "/v1/")
        writes = self.method != "GET"
        has_list = "get" in FOLDED["paths"].get(collection, {})
        self.listing = collection if writes and has_list else None
        self.answers = {
            status: set(resolve(FOLDED, answer).get("content", {}))
            for status, answer in spec.get("responses", {}).items()
        }
        """Each declared status's media types (a success is checked against its own)."""

    def __repr__(self) -> str:
        return self.operation_id


def _property_names(schema: Any, seen: frozenset[str] = frozenset()) -> set[str]:
    """Every property name a request schema mentions, at any depth (for plausible keys)."""
    if isinstance(schema, dict) and "$ref" in schema:
        if schema["$ref"] in seen:
            return set()
        return _property_names(resolve(FOLDED, schema), seen | {schema["$ref"]})
    names: set[str] = set()
    if isinstance(schema, dict):
        names |= set(schema.get("properties", {}))
        for value in schema.values():
            names |= _property_names(value, seen)
    elif isinstance(schema, list):
        for value in schema:
            names |= _property_names(value, seen)
    return names


OPS = [
    Op(path, method, spec)
    for path, item in FOLDED["paths"].items()
    for method, spec in item.items()
    if isinstance(spec, dict) and "operationId" in spec
]
JSON_OPS = [op for op in OPS if op.media == "application/json"]
UPLOAD_OPS = [op for op in OPS if op.media == "multipart/form-data"]
PATH_OPS = [op for op in OPS if op.path_params]

# Bodies that pass validation, so that a mutation of one leaf reaches the handler with a
# hostile value in a place the schema would otherwise guard.
VALID_BODIES: dict[str, Any] = {
    "createBalanceConversion": {
        "source_currency": "USD",
        "target_currency": "EUR",
        "source_amount": 1000,
    },
    "createBankAccountValidation": {
        "country": "GBR",
        "holder_name": "Jane",
        "account_number": "31926819",
        "bic_primary": "NWBKGB2L",
        "bic_secondary": "NWBKGB2LXXX",
    },
    "createBeneficiaryV2": {
        "category": "payout",
        "beneficiary": {"name": "Jane", "type": "individual", "address": {"city": "London"}},
        "bank_account": {"account_number": "31926819", "local_routing_number": "601613"},
        "notes": {"ref": "x"},
    },
    "createOrder": {"amount": 5000, "currency": "USD", "payment_methods": ["card"]},
    "updateOrderRfi": {"documents": [{"id": "doc_x", "rfi_doc_id": "rfidoc_x"}]},
    "createRefund": {"payment_id": "payt_x"},
    "createVirtualAccount": {"payment_type": "local", "currency": "EUR"},
    "createKycLink": {"email": "a@example.com"},
}


# -- strategies -----------------------------------------------------------------------------

SURROGATES = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
ODD_CHARACTERS = st.sampled_from('\x00\x01\x1f\x7f\u2028\u202e\ufeff\ufffd\U0001f600"\\/[{')
TEXT = st.one_of(
    st.text(st.one_of(st.characters(), SURROGATES, ODD_CHARACTERS), max_size=12),
    st.sampled_from(
        [
            "",
            " ",
            "\ud800",
            "a\udfffb",
            "USD",
            "USD\n",
            "usd",
            "payt_x",
            "doc_x",
            "bene_x",
            "cust_x",
            "../..",
            "%2F",
            "1e3",
            "-0",
            "null",
            "x" * 3000,
            "[" * 70,
        ]
    ),
)
NUMBERS = st.one_of(
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        [
            0,
            1,
            -1,
            10**15,
            10**15 + 1,
            -(10**15) - 1,
            2**63,
            10**400,
            -(10**400),
            1e308,
            -1e308,
            -0.0,
            0.5,
            1000.0,
            5e-324,
            1e-7,
        ]
    ),
)
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, TEXT)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=10,
)


def _nest(value: Any, depth: int, as_object: bool) -> Any:
    for _ in range(depth):
        value = {"a": value} if as_object else [value]
    return value


# Nesting up to the limit (64) and just past it: the depth check and the deep paths both run.
DEEP = st.builds(_nest, VALUES, st.integers(min_value=0, max_value=66), st.booleans())


def _leaves(value: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict) and value:
        return [p for key, child in value.items() for p in _leaves(child, (*where, key))]
    if isinstance(value, list) and value:
        return [p for i, child in enumerate(value) for p in _leaves(child, (*where, i))]
    return [where]


def _mutate(template: Any, pick: int, replacement: Any, extra: tuple[str, Any] | None) -> Any:
    """Replace one leaf of a valid body, and perhaps add one field beside it."""
    body = json.loads(json.dumps(template))
    paths = _leaves(body)
    where = paths[pick % len(paths)]
    parent = body
    for part in where[:-1]:
        parent = parent[part]
    if where:
        parent[where[-1]] = replacement
    if extra is not None and isinstance(parent, dict):
        parent[extra[0]] = extra[1]
    return body


def json_bodies(op: Op) -> st.SearchStrategy[bytes]:
    """Hostile bodies for a JSON operation, as the bytes sent."""
    keys = st.sampled_from(op.fields) | TEXT if op.fields else TEXT
    shapes: list[st.SearchStrategy[Any]] = [
        VALUES,
        DEEP,
        st.dictionaries(keys, VALUES, max_size=5),
    ]
    template = VALID_BODIES.get(op.operation_id)
    if template is not None:
        extra = st.none() | st.tuples(keys, VALUES)
        mutated = st.builds(_mutate, st.just(template), st.integers(0, 50), VALUES, extra)
        shapes.append(mutated)
    encoded = st.one_of(*shapes).map(lambda value: json.dumps(value).encode())
    raw = st.one_of(
        st.binary(max_size=40),
        st.sampled_from([b"", b"{", b'{"a": NaN}', b"\xed\xa0\x80", b"\xff\xfe{}", b"[" * 65]),
    )
    return st.one_of(encoded, encoded, encoded, raw)


CONTENT_TYPES = st.one_of(
    st.just("application/json"),
    st.sampled_from(
        [
            "",
            "text/plain",
            "application/json; charset=latin-1",
            "APPLICATION/JSON",
            "a/b;;=;",
            "multipart/form-data",
            "application/x-www-form-urlencoded",
        ]
    ),
)


def _multipart(filename: bytes, kind: bytes | None, content: bytes, boundary: bytes) -> bytes:
    parts = [
        b"--" + boundary + b"\r\n"
        b'Content-Disposition: form-data; name="file"; filename="' + filename + b'"\r\n'
        b"Content-Type: application/octet-stream\r\n\r\n" + content + b"\r\n"
    ]
    if kind is not None:
        parts.append(
            b"--" + boundary + b'\r\nContent-Disposition: form-data; name="type"\r\n\r\n'
            b"" + kind + b"\r\n"
        )
    return b"".join(parts) + b"--" + boundary + b"--\r\n"


UPLOADS = st.builds(
    _multipart,
    st.binary(max_size=20) | st.sampled_from([b"\xed\xa0\x80.pdf", b"a\x00b", b"x" * 2000]),
    st.none() | st.binary(max_size=20) | st.just(b"\xed\xa0\x80"),
    st.binary(max_size=64),
    st.sampled_from([b"zz", b"boundary", b"x" * 80]),
)
INTEGER_TEXT = st.sampled_from(
    [
        "0",
        "1",
        "-1",
        "100",
        "101",
        str(10**15),
        str(10**15 + 1),
        str(10**30),
        "9" * 5000,
        "1.5",
        "1e3",
        " 1",
        "1_0",
        "\uff15",
        "\u0661",
        "+1",
        "0x10",
        "",
        "NaN",
    ]
)
DATE_TEXT = st.sampled_from(
    [
        "2026-01-01T00:00:00Z",
        "9999-12-31T23:59:59-01:00",
        "0001-01-01T00:00:00+01:00",
        "2026-13-01T00:00:00Z",
        "2026-01-01",
        "0001-01-01T00:00:00Z",
        "20260101T000000Z",
    ]
)
QUERY_VALUES = st.one_of(
    TEXT.map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.binary(max_size=12),
    INTEGER_TEXT.map(str.encode),
    DATE_TEXT.map(str.encode),
)


@st.composite
def query_strings(draw: st.DrawFn, op: Op) -> str:
    """A query string of declared and undeclared names, repeated or nested, values any bytes."""
    undeclared = st.sampled_from(["perpage", "page[x]", "a" * 500, "\u00e9", ""])
    names = st.sampled_from(op.query) | undeclared if op.query else undeclared
    pairs = draw(st.lists(st.tuples(names, QUERY_VALUES), max_size=5))
    return "&".join(f"{quote(name)}={quote_from_bytes(value)}" for name, value in pairs)


PATH_IDS = st.one_of(
    st.sampled_from(
        [
            "%2F",
            "..",
            "%2E%2E",
            "%00",
            "ord_%00",
            "doc_%00",
            "%ED%A0%80",
            "%FF",
            "%C0%AF",
            "doc_x",
            "ord_x",
            "rfnd_x",
            "kyc_x",
            "x" * 5000,
            "doc_" + "y" * 5000,
            "%20",
            "a%3Fb",
        ]
    ),
    st.binary(min_size=1, max_size=16).map(lambda raw: quote_from_bytes(raw, safe="")),
)


# -- the checks -----------------------------------------------------------------------------


async def _send(op: Op, url: str, **kwargs: Any) -> None:
    """Send one hostile request, then check its answer and that later requests still work."""
    transport = httpx.ASGITransport(app=SANDBOX.app)
    async with httpx.AsyncClient(
        transport=transport, base_url="http://127.0.0.1", headers=HEADERS
    ) as http:
        response = await http.request(op.method, url, **kwargs)
        _check_answer(response, op)
        balances = await http.get("/v1/balances")
        assert balances.status_code == 200, balances.text[:300]
        amounts = [row["amount"] for row in balances.json()["data"]]
        assert amounts and all(type(amount) is int for amount in amounts), amounts
        if op.listing is not None:  # what the operation may have written still renders
            listing = await http.get(op.listing)
            assert listing.status_code == 200, listing.text[:300]


def _check_answer(response: httpx.Response, op: Op | None = None) -> None:
    """A 4xx is the service's error body; a success is one its operation declares."""
    status = response.status_code
    # Below 500, and no redirect: a hostile id is not a variant of another resource.
    assert status < 300 or 400 <= status < 500, (
        status,
        response.request.method,
        str(response.request.url)[:300],
    )
    if 400 <= status < 500:
        body = response.json()
        required, declared = error_fields(status)
        if response.request.url.path.startswith("/_sandbox/"):
            required = frozenset()  # a control's error is the sandbox's, not the bundle's
        assert {"error", "message"} | required <= set(body) <= declared | {"error", "message"}, body
        assert body["error"] == HTTPStatus(status).phrase
        assert isinstance(body["message"], str) and 0 < len(body["message"]) <= MAX_MESSAGE
    elif status != 204:
        media = response.headers.get("content-type", "").split(";")[0].strip()
        declared = op.answers.get(str(status), set()) if op is not None else {"application/json"}
        assert media in declared, (status, media, declared)
        if media == "application/json" or media.endswith("+json"):
            response.json()  # a JSON success parses


def _url(op: Op, ids: dict[str, str] | None = None, query: str = "") -> str:
    path = op.path
    for name in op.path_params:
        path = path.replace("{" + name + "}", (ids or {}).get(name, "x_1"))
    return path + ("?" + query if query else "")


@pytest.mark.parametrize("op", JSON_OPS, ids=repr)
@FUZZ
@given(body=st.data(), content_type=CONTENT_TYPES)
async def test_hostile_json_bodies(op: Op, body: st.DataObject, content_type: str) -> None:
    """Any bytes as the JSON body of any JSON operation: a 4xx (or a success), never a 5xx."""
    content = body.draw(json_bodies(op))
    headers = {"content-type": content_type} if content_type else {}
    await _send(op, _url(op), content=content, headers=headers)


@pytest.mark.parametrize("op", UPLOAD_OPS, ids=repr)
@FUZZ
@given(content=UPLOADS, content_type=st.sampled_from(["zz", "boundary", "", None]))
async def test_hostile_uploads(op: Op, content: bytes, content_type: str | None) -> None:
    """Hostile multipart bodies: file names and parts of any bytes, wrong or missing boundary."""
    header = "multipart/form-data" + (f"; boundary={content_type}" if content_type else "")
    await _send(op, _url(op), content=content, headers={"content-type": header})


@pytest.mark.parametrize("op", OPS, ids=repr)
@FUZZ
@given(data=st.data())
async def test_hostile_query_strings(op: Op, data: st.DataObject) -> None:
    """Every operation: declared, undeclared, repeated and nested names, any bytes as values."""
    await _send(op, _url(op, query=data.draw(query_strings(op))))


@pytest.mark.parametrize("op", PATH_OPS, ids=repr)
@FUZZ
@given(path_id=PATH_IDS, body=st.sampled_from([None, b"{}", b'{"documents": []}']))
async def test_hostile_path_ids(op: Op, path_id: str, body: bytes | None) -> None:
    """Encoded slashes, dots, NULs, invalid UTF-8 and very long ids as path parameters."""
    url = _url(op, dict.fromkeys(op.path_params, path_id))
    kwargs: dict[str, Any] = {}
    if body is not None and op.media == "application/json":
        kwargs = {"content": body, "headers": {"content-type": "application/json"}}
    await _send(op, url, **kwargs)


# -- the fault controls -----------------------------------------------------------------------

FAULT_FIELDS = ["operation", "kind", "times", "status", "retry_after", "seconds", "when"]
VALID_FAULTS = [
    {"operation": "createRefund", "kind": "fail", "status": 429, "retry_after": 2, "times": 1},
    {"operation": "GET /v1/balances", "kind": "latency", "seconds": 0.001, "times": 2},
    {"operation": "ping", "kind": "drop", "when": "after", "times": None},
]


def fault_bodies() -> st.SearchStrategy[bytes]:
    """Hostile bodies for POST /_sandbox/faults: valid faults with one leaf replaced, and junk."""
    keys = st.sampled_from(FAULT_FIELDS) | TEXT
    extra = st.none() | st.tuples(keys, VALUES)
    plausible = st.sampled_from([None, 0, 1, 2, 60, 429, 503, 0.5, "after", "ping", "drop"])
    mutated = st.builds(
        _mutate, st.sampled_from(VALID_FAULTS), st.integers(0, 50), VALUES | plausible, extra
    )
    shapes = st.one_of(
        st.sampled_from(VALID_FAULTS),
        mutated,
        mutated,
        st.dictionaries(keys, VALUES, max_size=6),
        VALUES,
        DEEP,
    )
    encoded = shapes.map(lambda value: json.dumps(value).encode())
    raw = st.one_of(st.binary(max_size=40), st.sampled_from([b"", b"{", b'{"kind": NaN}']))
    return st.one_of(encoded, encoded, encoded, raw)


@FUZZ
@given(body=fault_bodies())
async def test_hostile_fault_bodies(body: bytes) -> None:
    """Any body at POST /_sandbox/faults: a 201 with the fault or a 4xx, never a 5xx.

    The faults are cleared after each example, and the operations still answer.
    """
    transport = httpx.ASGITransport(app=SANDBOX.app)
    async with httpx.AsyncClient(
        transport=transport, base_url="http://127.0.0.1", headers=HEADERS
    ) as http:
        response = await http.post(
            "/_sandbox/faults", content=body, headers={"content-type": "application/json"}
        )
        _check_answer(response)
        if response.status_code == 201:
            assert response.json()["kind"] in ("fail", "latency", "drop")
        assert (await http.delete("/_sandbox/faults")).status_code == 204
        assert (await http.get("/v1/balances")).status_code == 200
