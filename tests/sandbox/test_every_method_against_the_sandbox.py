"""Every wrapper method against the sandbox over real loopback HTTP."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from payments_sdk import (
    AsyncPaymentsClient,
    BadRequestError,
    Money,
    NotFoundError,
    UnauthorizedError,
)
from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox.rules import FEE_BPS, SANCTIONS_THRESHOLD, SEED_BALANCES
from payments_sdk_generated.models import (
    RfiDocument,
    RfiDocumentSubmission,
    RfiReference,
    RfiStatus,
)

pytestmark = pytest.mark.integration


@pytest.fixture
def sandbox() -> Iterator[Sandbox]:
    """A fresh sandbox served on a free 127.0.0.1 port."""
    box = Sandbox()
    with box.serve("127.0.0.1", 0):
        yield box


_GENEROUS = httpx.Timeout(120.0)
"""Connect included (a float would keep the SDK's 5 s connect timeout)."""


@contextlib.asynccontextmanager
async def _client_on(
    sandbox: Sandbox, wire: str, limits: httpx.Limits | None = None
) -> AsyncIterator[AsyncPaymentsClient]:
    """An SDK client of ``sandbox`` on ``wire``: its own, or a caller's httpx.

    The caller's httpx client has httpx's default limits unless ``limits`` is given.
    """
    assert sandbox.base_url.startswith("http://127.0.0.1:")
    async with contextlib.AsyncExitStack() as stack:
        http = None
        if wire == "httpx":
            http = await stack.enter_async_context(
                httpx.AsyncClient(timeout=_GENEROUS)
                if limits is None
                else httpx.AsyncClient(timeout=_GENEROUS, limits=limits)
            )
        yield await stack.enter_async_context(
            AsyncPaymentsClient(
                api_key=sandbox.api_key,
                base_url=sandbox.base_url,
                http_client=http,
                timeout=_GENEROUS,
            )
        )


@pytest.fixture(params=["aiohttp", "httpx"])
async def client(
    sandbox: Sandbox, request: pytest.FixtureRequest
) -> AsyncIterator[AsyncPaymentsClient]:
    """An SDK client talking to the sandbox over HTTP: on its own wire, or a caller's httpx.

    Its timeout is generous: these tests check what the sandbox answers (500 concurrent
    conversions, say), not how fast a loaded machine connects.
    """
    async with _client_on(sandbox, request.param) as client:
        yield client


async def _balances(client: AsyncPaymentsClient) -> dict[str, int]:
    return {b.currency: b.amount for b in (await client.balances.retrieve()).data}


async def test_ping_balances_and_fx(client: AsyncPaymentsClient) -> None:
    """Ping answers, balances are seeded, and the FX rate is a cached mid-market rate."""
    ping = await client.ping()
    assert ping.additional_properties == {}  # the Ping body's fields are not published
    assert await _balances(client) == SEED_BALANCES
    rate = await client.fx_rates.retrieve(source_currency="USD", target_currency="GBP")
    again = await client.fx_rates.retrieve(source_currency="USD", target_currency="GBP")
    assert 0.7 < rate.mid_market_rate < 0.9
    assert (again.mid_market_rate, again.expires_at) == (rate.mid_market_rate, rate.expires_at)
    assert rate.expires_at > datetime.now(UTC)


async def test_fx_rate_is_redrawn_after_it_expires() -> None:
    """After expires_at a fresh rate is drawn, with a new expiry."""
    now = [datetime(2026, 11, 22, 12, 0, tzinfo=UTC)]
    async with Sandbox(clock=lambda: now[0], fx_ttl=timedelta(seconds=60)) as box:
        client = box.client()
        first = await client.fx_rates.retrieve(source_currency="EUR", target_currency="USD")
        now[0] += timedelta(seconds=59)
        cached = await client.fx_rates.retrieve(source_currency="EUR", target_currency="USD")
        now[0] += timedelta(seconds=2)
        fresh = await client.fx_rates.retrieve(source_currency="EUR", target_currency="USD")
    assert cached.expires_at == first.expires_at == datetime(2026, 11, 22, 12, 1, tzinfo=UTC)
    assert fresh.expires_at == datetime(2026, 11, 22, 12, 2, 1, tzinfo=UTC)


async def test_conversion_shows_up_in_the_balances(client: AsyncPaymentsClient) -> None:
    """Both balances move by the recorded amounts; the record shows rate and fee."""
    conversion = await client.balance_conversions.create(
        source_currency="USD", target_currency="EUR", source_amount=Money.of("1000.00", "USD")
    )
    after = await _balances(client)
    assert after["USD"] == SEED_BALANCES["USD"] - 100_000
    assert after["EUR"] == SEED_BALANCES["EUR"] + conversion.target_amount
    rate_ppm = round(conversion.mid_market_rate * 1_000_000)  # type: ignore[operator]
    gross = 100_000 * rate_ppm // 1_000_000
    assert conversion.fx_fee.amount == -(-gross * FEE_BPS // 10_000)  # type: ignore[union-attr]
    assert conversion.target_amount + conversion.fx_fee.amount == gross  # type: ignore[union-attr]

    by_target = await client.balance_conversions.create(
        source_currency="GBP", target_currency="USD", target_amount=5000
    )
    assert by_target.target_amount == 5000 and by_target.source_amount > 0
    listed = [c.id async for c in client.balance_conversions.list(source_currency="GBP")]
    assert listed == [by_target.id]


async def test_conversion_errors_carry_the_service_message(
    client: AsyncPaymentsClient, sandbox: Sandbox
) -> None:
    """Overdrawing is refused; both amounts get the description's message."""
    with pytest.raises(BadRequestError, match="available GBP balance"):
        await client.balance_conversions.create(
            source_currency="GBP", target_currency="EUR", source_amount=SEED_BALANCES["GBP"] + 1
        )
    # The SDK refuses both amounts before sending; send them raw to see the service's answer.
    async with httpx.AsyncClient() as raw:
        response = await raw.post(
            f"{sandbox.base_url}/balance_conversions",
            headers={"Authorization": f"Bearer {sandbox.api_key}"},
            json={
                "source_currency": "USD",
                "target_currency": "EUR",
                "source_amount": 100,
                "target_amount": 100,
            },
        )
    assert response.status_code == 400
    body = response.json()
    assert {key: body.get(key) for key in ("error", "message")} == {
        "error": "Bad Request",
        "message": "Only one of source_amount or target_amount may be sent",
    }
    assert await _balances(client) == SEED_BALANCES


async def test_refund_rules(client: AsyncPaymentsClient, sandbox: Sandbox) -> None:
    """Only a success payment with no refund is refunded; completion happens once."""
    paid = sandbox.simulate_payment(amount=4200, currency="EUR")
    failed = sandbox.simulate_payment(amount=100, status="failed")
    held = sandbox.simulate_payment(amount=100, held=True)

    refund = await client.refunds.create(payment_id=paid["id"])
    assert (refund.status, refund.amount, refund.currency) == ("in_progress", 4200, "EUR")
    with pytest.raises(BadRequestError, match="already has a refund"):
        await client.refunds.create(payment_id=paid["id"])
    for payment in (failed, held):
        with pytest.raises(BadRequestError, match="not in the success state"):
            await client.refunds.create(payment_id=payment["id"])
    with pytest.raises(BadRequestError, match="does not match any payment"):
        await client.refunds.create(payment_id="payt_unknown")

    done = await client.refunds.mock_update_status(refund.id)
    assert done.status == "success"
    with pytest.raises(BadRequestError, match="in_progress"):
        await client.refunds.mock_update_status(refund.id)
    assert (await client.refunds.retrieve(refund.id)).status == "success"
    assert [r.id async for r in client.refunds.list()] == [refund.id]
    with pytest.raises(NotFoundError):
        await client.refunds.retrieve("rfnd_missing")


async def test_orders_rfi_documents_and_held_payments(
    client: AsyncPaymentsClient, sandbox: Sandbox
) -> None:
    """A large order is held with an RFI; submitting documents moves it to under_review."""
    small = await client.orders.create(amount=2500, currency="USD", payment_methods=["card"])
    quoted = await client.orders.create(quote_id="quote_abc123")
    big = await client.orders.create(
        amount=SANCTIONS_THRESHOLD, currency="USD", payment_methods=["bank_transfer"]
    )
    assert small.status == "created" and quoted.quote_id == "quote_abc123"
    assert big.status == "action_required" and big.rfi.status == RfiStatus.ACTION_REQUIRED  # type: ignore[union-attr]
    assert [o.id async for o in client.orders.list()] == [big.id, quoted.id, small.id]
    assert (await client.orders.retrieve(big.id)).rfi.id == big.rfi.id  # type: ignore[union-attr]

    (rfi,) = [r async for r in client.rfis.list(search=big.id)]
    requested = rfi.documents[0].rfi_doc_id  # type: ignore[index]
    with pytest.raises(BadRequestError, match="does not match an uploaded document"):
        await client.orders.update_rfi(big.id, documents=[{"id": "doc_x", "rfi_doc_id": requested}])

    held = sandbox.simulate_payment(amount=777, held=True)
    (held_rfi,) = [r async for r in client.rfis.list(search=held["id"])]
    assert held_rfi.id == held["rfi"]["id"] and held_rfi.entity_type == "payment"
    assert [r.id async for r in client.rfis.list(search=held_rfi.id)] == [held_rfi.id]


async def test_rfi_workflow_is_typed_end_to_end(client: AsyncPaymentsClient) -> None:
    """Held order -> its RFI -> upload -> update_rfi -> under_review, with declared fields only."""
    order = await client.orders.create(
        amount=SANCTIONS_THRESHOLD, currency="EUR", payment_methods=["card"], split_ids=["s1"]
    )
    assert order.status == "action_required"
    reference = order.rfi
    assert isinstance(reference, RfiReference) and reference.status == RfiStatus.ACTION_REQUIRED

    (rfi,) = [r async for r in client.rfis.list(search=reference.id)]
    assert rfi.entity_id == order.id and rfi.entity_type == "order"
    assert isinstance(rfi.documents, list) and len(rfi.documents) == 1
    wanted = rfi.documents[0]
    assert isinstance(wanted, RfiDocument) and wanted.rfi_doc_id.startswith("rfidoc_")
    assert wanted.status == "pending"

    document = await client.documents.upload(b"%PDF-1.7 proof", type=str(wanted.type_))
    updated = await client.orders.update_rfi(
        order.id, documents=[RfiDocumentSubmission(id=document.id, rfi_doc_id=wanted.rfi_doc_id)]
    )
    assert isinstance(updated.rfi, RfiReference)
    assert updated.rfi.status == RfiStatus.UNDER_REVIEW

    (after,) = [r async for r in client.rfis.list(status="under_review")]
    assert after.id == rfi.id and isinstance(after.documents, list)
    assert (after.documents[0].id, after.documents[0].status) == (document.id, "submitted")
    assert (await client.documents.retrieve(document.id)).status == "submitted"
    for record in (order, rfi, wanted, document, updated, updated.rfi, after):
        assert record.additional_properties == {}, type(record).__name__


async def test_documents_kyc_links_and_virtual_accounts(
    client: AsyncPaymentsClient, tmp_path: Any
) -> None:
    """Upload/list/retrieve documents, KYC links with a status filter, virtual accounts."""
    path = tmp_path / "passport.pdf"
    path.write_bytes(b"%PDF-1.7 passport")
    uploaded = await client.documents.upload(path, type="passport")
    assert uploaded.file_name == "passport.pdf" and uploaded.additional_properties == {}
    assert [d.id async for d in client.documents.list()] == [uploaded.id]

    existing = await client.kyc_links.create(customer_id="cust_42")
    new = await client.kyc_links.create(email="new@example.com")
    assert existing.customer_id == "cust_42" and new.customer_id.startswith("cust_")  # type: ignore[union-attr]
    assert (await client.kyc_links.retrieve(new.id)).email == "new@example.com"
    assert [k.id async for k in client.kyc_links.list(status="pending")] == [new.id, existing.id]
    assert [k.id async for k in client.kyc_links.list(status="approved")] == []

    eur = await client.virtual_accounts.create(payment_type="local", currency="EUR")
    usd = await client.virtual_accounts.create(payment_type="swift", currency="USD")
    await client.virtual_accounts.close(payment_type="local", currency="EUR")
    listed = {a.id: a.status async for a in client.virtual_accounts.list()}
    assert listed == {eur.id: "closed", usd.id: "active"}


async def test_beneficiaries_and_bank_account_validation(client: AsyncPaymentsClient) -> None:
    """A beneficiary is created at the root URL; its saved account validates by reference."""
    beneficiary = await client.beneficiaries.create(
        beneficiary={
            "name": "Jane Doe",
            "type": "individual",
            "address": {"city": "London", "country_code": "GBR", "postal_code": "EC1A 1BB"},
        },
        bank_account={
            "account_number": "31926819",
            "local_routing_number": "601613",
            "currency": "GBP",
        },
    )
    saved = beneficiary.bank_account.id  # type: ignore[union-attr]
    assert saved.startswith("bene_")  # type: ignore[union-attr]
    by_reference = await client.bank_account_validations.create(id=saved)  # type: ignore[arg-type]
    assert by_reference.status == "valid" and by_reference.country == "GBR"
    full = await client.bank_account_validations.create(
        country="DEU",
        holder_name="Erika Mustermann",
        account_number="DE89370400440532013000",
        bic_primary="COBADEFFXXX",
        bic_secondary="COBADEFF",
    )
    assert full.status == "valid"
    assert [v.id async for v in client.bank_account_validations.list(country="deu")] == [full.id]
    assert [
        v.id
        async for v in client.bank_account_validations.list(beneficiary_account_id=saved)  # type: ignore[arg-type]
    ] == [by_reference.id]
    with pytest.raises(BadRequestError, match="saved beneficiary bank account"):
        await client.bank_account_validations.create(id="bene_missing")


async def test_drift_records_created_mid_walk_are_neither_lost_nor_duplicated(
    client: AsyncPaymentsClient, sandbox: Sandbox
) -> None:
    """Payments created while a pager walks do not shift the walk."""
    before = [p.id async for p in client.payments.list(per_page=100)]
    walked: list[str] = []
    async for payment in client.payments.list(per_page=7):
        walked.append(payment.id)
        if len(walked) % 5 == 0:
            sandbox.simulate_payment(amount=len(walked))
    assert walked == before
    assert len(set(walked)) == len(walked) == 45


async def test_prefetching_walk_over_http(client: AsyncPaymentsClient) -> None:
    """Prefetch over real HTTP yields the same order as a plain walk."""
    plain = [p.id async for p in client.payments.list(per_page=4)]
    prefetched = [p.id async for p in client.payments.list(per_page=4, prefetch=3)]
    assert prefetched == plain and len(plain) == 45


async def test_401_and_400_surface_with_the_service_message(sandbox: Sandbox) -> None:
    """Expired, foreign and missing tokens are 401; bad parameters are 400 naming them."""
    expired = sandbox.keys.issue(lifetime=-10)
    foreign = Sandbox().api_key
    for key, words in ((expired, "expired"), (foreign, "malformed")):
        async with AsyncPaymentsClient(api_key=key, base_url=sandbox.base_url) as client:
            with pytest.raises(UnauthorizedError, match=words) as raised:
                await client.balances.retrieve()
            assert raised.value.error == "Unauthorized"
    async with httpx.AsyncClient(base_url=sandbox.base_url + "/") as raw:
        missing = await raw.get("balances")
        auth = {"Authorization": f"Bearer {sandbox.api_key}"}
        blank = await raw.get("fx-rate?target_currency=EUR", headers=auth)
        not_string = await raw.get(
            "fx-rate?source_currency[x]=USD&target_currency=EUR", headers=auth
        )
        per_page = await raw.get("payments?per_page=0", headers=auth)
        unknown = await raw.get("payments?perpage=5", headers=auth)
    assert missing.status_code == 401 and "missing" in missing.json()["message"]
    assert blank.json()["message"] == "source_currency can't be blank"
    assert not_string.json()["message"] == "source_currency must be a string"
    assert per_page.status_code == 400 and per_page.json()["message"].startswith("per_page")
    assert unknown.status_code == 400 and "perpage" in unknown.json()["message"]
    async with AsyncPaymentsClient(api_key=sandbox.api_key, base_url=sandbox.base_url) as client:
        with pytest.raises(BadRequestError) as bad:
            await client.fx_rates.retrieve(source_currency="USD", target_currency="XYZ")
    assert bad.value.message == "target_currency is not a valid currency"


async def test_beneficiaries_live_at_the_root_not_under_v1(sandbox: Sandbox) -> None:
    """POST /v2/beneficiaries answers at the root; /v1/v2/beneficiaries does not exist."""
    auth = {"Authorization": f"Bearer {sandbox.api_key}"}
    root = sandbox.base_url.removesuffix("/v1")
    async with httpx.AsyncClient() as raw:
        ok = await raw.post(f"{root}/v2/beneficiaries", json={}, headers=auth)
        wrong = await raw.post(f"{sandbox.base_url}/v2/beneficiaries", json={}, headers=auth)
        va = await raw.post(
            f"{sandbox.base_url}/v2/virtual-accounts",
            json={"payment_type": "local", "currency": "EUR"},
            headers=auth,
        )
    assert ok.status_code == 201 and wrong.status_code == 404 and va.status_code == 201


@pytest.mark.parametrize("wire", ["aiohttp", "httpx"])
async def test_concurrent_conversions_conserve_money(sandbox: Sandbox, wire: str) -> None:
    """500 concurrent conversions both ways: balances equal seed - sent + received, exactly.

    A caller's httpx client here has no connection limit, so all 500 reach the sandbox at once:
    behind httpx's default limit of 100, 400 would wait in httpcore's queue, which it scans
    for every free connection against every queued request (about 20 s of CPU, no more proven).
    """
    async with _client_on(sandbox, wire, httpx.Limits(max_connections=None)) as client:
        await _convert_500_and_check(client)


async def _convert_500_and_check(client: AsyncPaymentsClient) -> None:
    pairs = [("USD", "EUR"), ("EUR", "USD"), ("GBP", "USD"), ("EUR", "GBP")]

    async def convert(n: int) -> None:
        source, target = pairs[n % len(pairs)]
        if n % 2:
            await client.balance_conversions.create(
                source_currency=source, target_currency=target, source_amount=1000 + n
            )
        else:
            await client.balance_conversions.create(
                source_currency=source, target_currency=target, target_amount=900 + n
            )

    await asyncio.gather(*(convert(n) for n in range(500)))
    records = [c async for c in client.balance_conversions.list(per_page=100)]
    assert len(records) == 500 and len({c.id for c in records}) == 500
    expected = dict(SEED_BALANCES)
    for c in records:
        expected[c.source_currency] -= c.source_amount
        expected[c.target_currency] += c.target_amount
        gross = c.target_amount + c.fx_fee.amount  # type: ignore[union-attr]
        rate_ppm = round(c.mid_market_rate * 1_000_000)  # type: ignore[operator]
        assert c.source_amount * rate_ppm // 1_000_000 >= gross  # never more than the rate gives
    assert await _balances(client) == expected


async def test_a_thousand_concurrent_retrieves_with_the_default_pool(
    client: AsyncPaymentsClient,
) -> None:
    """1,000 concurrent retrieves on one default client: no PoolTimeout, no error, right ids."""
    orders = [
        await client.orders.create(amount=100 + n, currency="USD", payment_methods=["card"])
        for n in range(5)
    ]
    results = await asyncio.gather(
        *(client.orders.retrieve(orders[n % 5].id) for n in range(1000)),
        return_exceptions=True,
    )
    assert [r for r in results if isinstance(r, BaseException)] == []
    assert [r.id for r in results if not isinstance(r, BaseException)] == [
        orders[n % 5].id for n in range(1000)
    ]
