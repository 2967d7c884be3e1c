"""Drive each feature edit (``feature_edits.py``) through a scratch SDK and its sandbox.

Run as ``python feature_calls.py FOLDED.json OUT_DIR NAME...`` by an interpreter whose
``PYTHONPATH`` holds the scratch ``generated/`` and ``wrapper/`` (``scratch_generate.py``). Each
named check calls the edited operations through ``AsyncPaymentsClient``, against the sandbox
built from the same folded bundle, or against a ``MockTransport`` for answers the sandbox does
not produce; it prints ``NAME ok`` per check, and fails with an assertion otherwise.
"""

from __future__ import annotations

import asyncio
import datetime
import io
import json
import re
import sys
import warnings
from collections.abc import Awaitable, Callable
from typing import Any

import httpx

from payments_sdk import (
    APIResponseValidationError,
    AsyncPaymentsClient,
    InvalidParameterError,
    NotFoundError,
)
from payments_sdk.sandbox._app import build_app
from payments_sdk.sandbox._auth import KeyIssuer
from payments_sdk.sandbox._namespace_states import Spaces

Check = Callable[["Harness"], Awaitable[None]]
_TEMPLATED = re.compile(r"\\\{[^}]*\\\}")  # a path template's ``{name}``, as re.escape writes it
CHECKS: dict[str, Check] = {}


def check(function: Check) -> Check:
    """Register a check under its name (the name of the feature edit it drives)."""
    CHECKS[function.__name__] = function
    return function


class Harness:
    """A client on the sandbox of the edited bundle, the requests it sent, and raw HTTP to it."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.keys = KeyIssuer(None)
        self.key = self.keys.issue()
        self.app = build_app(Spaces.in_memory(seed_payments=5), self.keys, document)
        self.sent: list[httpx.Request] = []

    def client(self, handler: Callable[[httpx.Request], httpx.Response] | None = None) -> Any:
        """A client on the sandbox, or on ``handler`` (a MockTransport) when one is given.

        A JSON answer of ``handler`` is completed as the sandbox completes its own: each
        required field of the operation's answer that the literal lacks gets a value of its
        schema, so a required field the bundle gains leaves the check's literals valid.
        """

        async def record(request: httpx.Request) -> None:
            self.sent.append(request)

        transport: httpx.AsyncBaseTransport = (
            httpx.MockTransport(self._completing(handler))
            if handler
            else httpx.ASGITransport(app=self.app)
        )
        http = httpx.AsyncClient(transport=transport, event_hooks={"request": [record]})
        return AsyncPaymentsClient(
            api_key=self.key, base_url="http://127.0.0.1/v1", http_client=http, max_retries=0
        )

    def _completing(
        self, handler: Callable[[httpx.Request], httpx.Response]
    ) -> Callable[[httpx.Request], httpx.Response]:
        from payments_sdk.sandbox._schema_values import Answers

        def answer(request: httpx.Request) -> httpx.Response:
            response = handler(request)
            kind = response.headers.get("content-type", "")
            path = next(
                (
                    template
                    for template, item in self.document["paths"].items()
                    if request.method.lower() in item
                    and re.fullmatch(_TEMPLATED.sub("[^/]+", re.escape(template)), request.url.path)
                ),
                None,
            )
            if path is None or not kind.startswith("application/json"):
                return response
            answers = Answers(self.document, path, request.method)
            body = answers.complete(response.status_code, json.loads(response.content))
            kept = {k: v for k, v in response.headers.items() if k.lower() != "content-length"}
            return httpx.Response(response.status_code, json=body, headers=kept)

        return answer

    async def raw(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """Send one request to the sandbox as it is, with the key."""
        transport = httpx.ASGITransport(app=self.app)
        headers = {"Authorization": f"Bearer {self.key}"}
        async with httpx.AsyncClient(
            transport=transport, base_url="http://127.0.0.1", headers=headers
        ) as http:
            return await http.request(method, path, **kwargs)


def _answer(body: Any, status: int = 200) -> Callable[[httpx.Request], httpx.Response]:
    return lambda request: httpx.Response(status, json=body)


def _page(item: dict[str, Any]) -> dict[str, Any]:
    meta = {"current": 1, "previous": None, "next": None, "per_page": 20, "pages": 1, "count": 1}
    return {"data": [item], "page_meta": meta}


_PAYMENT = {
    "id": "payt_1",
    "status": "success",
    "currency": "USD",
    "amount": 100,
    "created_at": "2026-11-21T14:00:00Z",
}


async def _refuses(call: Callable[[], Any], error: type[Exception], *words: str) -> Exception:
    """Assert that ``call()`` (awaited when it is awaitable) raises ``error`` saying ``words``."""
    try:
        result = call()
        if hasattr(result, "__await__"):
            await result
    except error as exc:
        text = str(exc)
        assert all(word in text for word in words), (text, words)
        return exc
    raise AssertionError(f"no {error.__name__}")


@check
async def discriminated_union(h: Harness) -> None:
    """Payments list with and without ``method_details``; each shape; an unknown tag."""
    from payments_sdk_generated.models import BankTransferDetails, CardDetails

    async with h.client() as client:
        page = await client.payments.list()  # the sandbox's payments carry no method_details
        assert page.data and all(p.method_details is None for p in page.data)
    card = {**_PAYMENT, "method_details": {"type": "card", "last4": "4242", "wallet": "x"}}
    bank = {**_PAYMENT, "method_details": {"type": "bank_transfer", "bank_name": "B"}}
    async with h.client(_answer(_page(card))) as client:
        (paid,) = (await client.payments.list()).data
        assert isinstance(paid.method_details, CardDetails), paid
        assert paid.method_details.type == "card" and paid.method_details.last4 == "4242"
        assert paid.method_details["wallet"] == "x"  # an undeclared field is kept
        assert paid.to_dict()["method_details"]["type"] == "card"
    async with h.client(_answer(_page(bank))) as client:
        (paid,) = (await client.payments.list()).data
        assert isinstance(paid.method_details, BankTransferDetails), paid
    unknown = {**_PAYMENT, "method_details": {"type": "cash"}}
    async with h.client(_answer(_page(unknown))) as client:
        await _refuses(
            lambda: client.payments.list(),
            APIResponseValidationError,
            "data[0].method_details.type",
        )


@check
async def untagged_union(h: Harness) -> None:
    """A refund's ``destination``: absent, either shape, none, or both."""
    from payments_sdk_generated.models import BankDestination, CardDestination

    async with h.client() as client:
        payments = await client.payments.list()
        paid = next(p for p in payments.data if p.status == "success")
        refund = await client.refunds.create(payment_id=paid.id)
        assert refund.destination is None
    base = {"id": "rfnd_1", "status": "success", "payment_id": "payt_1"}
    for destination, kind in (
        ({"card_last4": "4242"}, CardDestination),
        ({"iban": "GB33BUKB20201555555555"}, BankDestination),
    ):
        async with h.client(_answer({**base, "destination": destination})) as client:
            got = await client.refunds.retrieve("rfnd_1")
            assert isinstance(got.destination, kind), got
    for destination, words in (({"card_last4": 4242}, "matches none"), ([], "an object")):
        async with h.client(_answer({**base, "destination": destination})) as client:
            await _refuses(
                lambda: client.refunds.retrieve("rfnd_1"),
                APIResponseValidationError,
                "destination",
                words,
            )


@check
async def all_of_record(h: Harness) -> None:
    """Disputes: created from the merged request, answered with the base's id and created_at."""
    async with h.client() as client:
        payments = await client.payments.list()
        paid = payments.data[0]
        dispute = await client.disputes.create(payment_id=paid.id, reason="fraud", amount=100)
        assert dispute.id and dispute.created_at.tzinfo is not None, dispute
        assert (dispute.payment_id, dispute.reason, dispute.amount) == (paid.id, "fraud", 100)
        assert dispute.status == "open"
        assert (await client.disputes.retrieve(dispute.id)) == dispute
        assert [d.id for d in (await client.disputes.list()).data] == [dispute.id]
        sent = len(h.sent)
        try:
            client.disputes.create(payment_id=paid.id)  # a required argument left out
        except TypeError as exc:
            assert "reason" in str(exc), exc
        else:
            raise AssertionError("create() took no reason")
        await _refuses(
            lambda: client.disputes.create(payment_id="nope", reason="x"),
            InvalidParameterError,
            "payment_id",
        )
        assert len(h.sent) == sent, "a refused argument was sent"
    answer = await h.raw("POST", "/v1/disputes", json={"payment_id": paid.id})
    assert answer.status_code == 400 and "reason" in answer.text, answer.text


@check
async def text_response(h: Harness) -> None:
    """The CSV statement is ``str``, through the method and ``with_raw_response``."""
    async with h.client() as client:
        text = await client.balances.statement(currency="USD")
        assert text == "created_at,amount,currency\n", repr(text)
        raw = await client.with_raw_response.balances.statement(currency="EUR")
        assert raw.headers["content-type"].startswith("text/csv") and raw.parse() == text
    latin = "montant,devise\n12,€\n".encode("cp1252")

    def csv(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200, content=latin, headers={"content-type": "text/csv; charset=cp1252"}
        )

    async with h.client(csv) as client:
        assert await client.balances.statement(currency="EUR") == "montant,devise\n12,€\n"
    bad = httpx.Response(200, content=b"\xff\xfe", headers={"content-type": "text/csv"})
    async with h.client(lambda request: bad) as client:
        await _refuses(
            lambda: client.balances.statement(currency="USD"), APIResponseValidationError, "utf-8"
        )


@check
async def binary_response(h: Harness) -> None:
    """A document's content is ``bytes``, as sent; a document that does not exist is a 404."""
    async with h.client() as client:
        document = await client.documents.upload(io.BytesIO(b"%PDF-1.7"), file_name="a.pdf")
        content = await client.documents.content(document.id)
        assert isinstance(content, bytes), content
        await _refuses(lambda: client.documents.content("doc_missing"), NotFoundError)
    pdf = b"%PDF-1.7\n\x00\xff binary"
    answer = httpx.Response(200, content=pdf, headers={"content-type": "application/pdf"})
    async with h.client(lambda request: answer) as client:
        assert await client.documents.content("doc_1") == pdf


@check
async def read_write_only(h: Harness) -> None:
    """A readOnly id is neither demanded nor sent; a writeOnly secret is sent, never answered."""
    async with h.client() as client:
        hook = await client.webhooks.create(url="https://example.com/hook", secret="s" * 16)
        assert hook.id.startswith("whk_") and hook.url == "https://example.com/hook"
        assert hook.secret is None and "secret" not in hook.to_dict()
        assert json.loads(h.sent[-1].content) == {
            "url": "https://example.com/hook",
            "secret": "s" * 16,
        }
        sent = len(h.sent)
        await _refuses(
            lambda: client.webhooks.create(
                url="https://e.com", secret="s" * 16, extra_body={"id": "x"}
            ),
            InvalidParameterError,
        )
        assert len(h.sent) == sent
        listed = await client.webhooks.list()
        assert [w.id for w in listed.data] == [hook.id]
        payments = await client.payments.list()
        refund = await client.refunds.create(payment_id=payments.data[0].id)
        assert refund.id  # Refund.id is readOnly: answered as before
    answer = await h.raw(
        "POST", "/v1/webhooks", json={"id": "whk_1", "url": "https://e.com", "secret": "s" * 16}
    )
    assert answer.status_code == 400 and "id is read-only" in answer.text, answer.text
    answer = await h.raw("POST", "/v1/webhooks", json={"url": "https://e.com"})
    assert answer.status_code == 400 and "secret" in answer.text, answer.text


@check
async def date_fields(h: Harness) -> None:
    """Dates are ``datetime.date``, sent as YYYY-MM-DD, parsed in models, checked by the sandbox."""
    day = datetime.date(2026, 11, 30)
    async with h.client() as client:
        await client.payments.list(value_date=day)
        assert h.sent[-1].url.params["value_date"] == "2026-11-30"
        await client.payments.list(value_date="2026-12-01")
        assert h.sent[-1].url.params["value_date"] == "2026-12-01"
        sent = len(h.sent)
        for wrong in ("2026-13-01", "30/11/2026", datetime.datetime(2026, 11, 30), 20261130):
            await _refuses(
                lambda wrong=wrong: client.payments.list(value_date=wrong),
                InvalidParameterError,
                "value_date",
            )
        assert len(h.sent) == sent
        order = await client.orders.create(
            amount=100, currency="USD", payment_methods=["card"], expires_on=day
        )
        assert json.loads(h.sent[-1].content)["expires_on"] == "2026-11-30"
        assert order.expires_on == day, order
    async with h.client(_answer(_page({**_PAYMENT, "value_date": "2026-11-30"}))) as client:
        (paid,) = (await client.payments.list()).data
        assert paid.value_date == day
    answer = await h.raw("GET", "/v1/payments", params={"value_date": "tomorrow"})
    assert answer.status_code == 400 and "value_date" in answer.text, answer.text
    body = {"amount": 100, "currency": "USD", "payment_methods": ["card"], "expires_on": "soon"}
    answer = await h.raw("POST", "/v1/orders", json=body)
    assert answer.status_code == 400 and "expires_on" in answer.text, answer.text


@check
async def deprecations(h: Harness) -> None:
    """Deprecated operation, parameter and field: a DeprecationWarning at the caller's line."""
    async with h.client() as client:
        assert "deprecated" in (client.bank_account_validations.list.__doc__ or "")
        for call, words in (
            (lambda: client.bank_account_validations.list(), "bank_account_validations.list"),
            (lambda: client.balance_conversions.list(source_currency="USD"), "source_currency"),
            (lambda: client.kyc_links.create(email="a@example.com"), "email"),
            (lambda: client.with_raw_response.bank_account_validations.list(), "list"),
        ):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                result = call()
                if hasattr(result, "__await__"):
                    await result
            (warning,) = [w for w in caught if issubclass(w.category, DeprecationWarning)]
            assert words in str(warning.message), warning.message
            assert warning.filename == __file__, (warning.filename, words)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            await client.balance_conversions.list(target_currency="USD")
            await client.kyc_links.create(customer_id="cust_1")
        assert not [w for w in caught if issubclass(w.category, DeprecationWarning)]
    from payments_sdk.cli._commands import build_parser

    parser = build_parser()
    help_text = _help(parser, ["bank-account-validations", "list", "--help"])
    assert "Deprecated" in help_text, help_text
    help_text = _help(parser, ["balance-conversions", "list", "--help"])
    assert "Deprecated." in help_text, help_text


def _help(parser: Any, argv: list[str]) -> str:
    out = io.StringIO()
    stdout, sys.stdout = sys.stdout, out
    try:
        parser.parse_args(argv)
    except SystemExit:
        pass
    finally:
        sys.stdout = stdout
    return out.getvalue()


async def main(argv: list[str], document: dict[str, Any]) -> None:
    """Run the named checks (every one by default) on the folded bundle ``document``."""
    import payments_sdk_generated

    assert payments_sdk_generated.__file__ and payments_sdk_generated.__file__.startswith(argv[1])
    for name in argv[2:] or list(CHECKS):
        await CHECKS[name](Harness(document))
        print(f"{name} ok", flush=True)


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as bundle:
        folded = json.load(bundle)
    asyncio.run(main(sys.argv[1:], folded))
