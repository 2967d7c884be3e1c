"""Every failure surfaces as a typed SDK exception, never a raw httpx or parsing error."""

from __future__ import annotations

import httpx
import pytest

from payments_sdk import (
    APIConnectionError,
    APIResponseValidationError,
    APIStatusError,
    APITimeoutError,
    BadRequestError,
    ClientClosedError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    PaymentsError,
    PermissionDeniedError,
    RateLimitError,
    UnauthorizedError,
    UnprocessableEntityError,
    instant_retries,
)
from tests.conftest import MakeClient
from tests.support.schema_values import answered


@pytest.mark.parametrize(
    ("status", "exception"),
    [
        (400, BadRequestError),
        (401, UnauthorizedError),
        (403, PermissionDeniedError),
        (404, NotFoundError),
        (409, ConflictError),
        (418, APIStatusError),
        (422, UnprocessableEntityError),
        (429, RateLimitError),
        (500, InternalServerError),
        (503, InternalServerError),
        (599, InternalServerError),
    ],
)
async def test_status_maps_to_its_exception(
    status: int, exception: type[APIStatusError], make_client: MakeClient
) -> None:
    """Each status has its class; any 5xx, 599 included, is an InternalServerError."""
    client, _ = make_client(
        lambda r: httpx.Response(
            status, json={"error": "E", "message": "m"}, headers={"x-id": "7"}
        ),
        max_retries=0,
    )
    with pytest.raises(exception) as raised:
        await client.balances.retrieve()
    error = raised.value
    assert type(error) is exception
    assert (error.status_code, error.error, error.message) == (status, "E", "m")
    assert error.body == {"error": "E", "message": "m"}
    assert error.headers["x-id"] == "7"
    assert error.response.status_code == status
    assert str(error) == f"{status} E: m"


async def test_html_error_body_still_maps(make_client: MakeClient) -> None:
    """A 400 whose body is an HTML page is a BadRequestError with the page as its body."""
    html = "<html><body><h1>400 Bad Request</h1></body></html>"
    client, _ = make_client(
        lambda r: httpx.Response(400, text=html, headers={"content-type": "text/html"})
    )
    with pytest.raises(BadRequestError) as raised:
        await client.fx_rates.retrieve(source_currency="USD", target_currency="EUR")
    assert raised.value.body == html
    assert raised.value.message is None
    assert str(raised.value) == "400 Bad Request"


async def test_truncated_error_body_still_maps(make_client: MakeClient) -> None:
    """A 401 with truncated JSON keeps its text and its status class."""
    client, _ = make_client(lambda r: httpx.Response(401, content=b'{"error": "Unauth'))
    with pytest.raises(UnauthorizedError) as raised:
        await client.ping()
    assert raised.value.body == '{"error": "Unauth'
    assert raised.value.error is None


@pytest.mark.parametrize(
    "content",
    [b'{"data": [{"currency": "USD"', b"<html>ok</html>", b"[]", b'{"data": "x"}', b""],
    ids=["truncated", "html", "array", "wrong-type", "empty"],
)
async def test_unparseable_success_body_is_a_validation_error(
    content: bytes, make_client: MakeClient
) -> None:
    """A 2xx body that is not the documented shape raises APIResponseValidationError."""
    client, _ = make_client(lambda r: httpx.Response(200, content=content))
    with pytest.raises(APIResponseValidationError) as raised:
        await client.balances.retrieve()
    assert raised.value.status_code == 200
    assert isinstance(raised.value, PaymentsError)
    assert raised.value.response is not None
    assert raised.value.response.content == content


async def test_missing_required_field_is_a_validation_error(make_client: MakeClient) -> None:
    """A refund without its required status is reported with the path, not as KeyError."""
    refund = {"id": "rfnd_1", "payment_id": "payt_1"}
    client, _ = make_client(lambda r: httpx.Response(200, json=refund))
    with pytest.raises(APIResponseValidationError, match=r"\$\.status: required field is missing"):
        await client.refunds.retrieve("rfnd_1")


async def test_another_success_status_still_parses_the_model(make_client: MakeClient) -> None:
    """A 202 where the bundle documents 201 is parsed as the documented model, never None."""
    body = answered("refunds.create", {"id": "rfnd_1", "status": "x", "payment_id": "payt_1"})
    client, _ = make_client(lambda r: httpx.Response(202, json=body))
    refund = await client.refunds.create(payment_id="payt_1")
    assert (refund.id, refund.status) == ("rfnd_1", "x")
    bad, _ = make_client(lambda r: httpx.Response(202, json={**body, "id": 1}))
    with pytest.raises(APIResponseValidationError, match=r"\$\.id: expected str, got int"):
        await bad.refunds.create(payment_id="payt_1")


@pytest.mark.parametrize(
    ("raised", "expected"),
    [
        (httpx.ConnectError("refused"), APIConnectionError),
        (httpx.ReadError("reset"), APIConnectionError),
        (httpx.RemoteProtocolError("garbage"), APIConnectionError),
        (httpx.ReadTimeout("slow"), APITimeoutError),
        (httpx.ConnectTimeout("slow"), APITimeoutError),
        (httpx.PoolTimeout("busy"), APITimeoutError),
    ],
)
async def test_transport_errors_map(
    raised: Exception, expected: type[Exception], make_client: MakeClient
) -> None:
    """Httpx exceptions never escape; timeouts are APITimeoutError."""

    def fail(request: httpx.Request) -> httpx.Response:
        raise raised

    client, _ = make_client(fail)
    with instant_retries(), pytest.raises(expected) as caught:
        await client.balances.retrieve()
    assert not isinstance(caught.value, httpx.HTTPError)


async def test_closed_client_raises_its_own_error(make_client: MakeClient) -> None:
    """Use after aclose() is ClientClosedError: a programming error, not a connection error."""
    client, recorder = make_client(lambda r: httpx.Response(200, json={}))
    copy = client.with_options(max_retries=0)
    await client.aclose()
    for call in (client.ping(), client.request("GET", "/customers"), client.refunds.retrieve("r")):
        with pytest.raises(ClientClosedError, match="closed") as raised:
            await call
        assert not isinstance(raised.value, APIConnectionError)
    await copy.aclose()
    with pytest.raises(ClientClosedError):
        await copy.with_raw_response.ping()
    assert recorder.requests == []


async def test_request_escape_hatch_maps_errors_and_parses_json(make_client: MakeClient) -> None:
    """client.request() uses the same auth and error mapping, and returns parsed JSON."""

    def answer(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/customers":
            return httpx.Response(200, json={"data": [{"id": "cust_1"}]})
        if request.url.path == "/v2/quotes":
            return httpx.Response(204)
        if request.url.path == "/v1/broken":
            return httpx.Response(200, content=b"{nope")
        return httpx.Response(404, json={"error": "Not Found", "message": "no such path"})

    client, recorder = make_client(answer)
    assert await client.request("GET", "/customers", params={"page": 2}) == {
        "data": [{"id": "cust_1"}]
    }
    assert recorder.last.url.params["page"] == "2"
    assert recorder.last.headers["authorization"].startswith("Bearer ")
    assert await client.request("post", "/v2/quotes", json={"a": 1}, root=True) is None
    assert str(recorder.last.url) == "https://api.payments.test/v2/quotes"
    with pytest.raises(APIResponseValidationError):
        await client.request("GET", "/broken")
    with pytest.raises(NotFoundError, match="no such path"):
        await client.request("GET", "/payouts")
