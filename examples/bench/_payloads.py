"""Realistic response bodies of the peer SDKs' APIs, for the static loopback server.

Shaped after the public API references of OpenAI (``Model``, ``FileObject``) and Stripe
(``Balance``, ``Charge``), with every field those objects carry today; values are made up
and deterministic (a seeded generator), so that every run serves the same bytes.
"""

from __future__ import annotations

import json
import random
import string
from typing import Any

PAGE_SIZE = 100
OPENAI_MODEL_ID = "gpt-4o-mini"
STRIPE_KEY = "sk_test_loopback"
OPENAI_KEY = "sk-test"

_EPOCH = 1_764_000_000  # 2025-11-24, a Unix timestamp in seconds
_ALNUM = string.ascii_letters + string.digits


def _token(rng: random.Random, length: int) -> str:
    return "".join(rng.choice(_ALNUM) for _ in range(length))


def _openai_model() -> dict[str, Any]:
    return {
        "id": OPENAI_MODEL_ID,
        "object": "model",
        "created": 1_721_172_741,
        "owned_by": "system",
    }


def _openai_file(rng: random.Random, n: int) -> dict[str, Any]:
    purpose, extension = rng.choice(
        [("batch", "jsonl"), ("fine-tune", "jsonl"), ("assistants", "pdf"), ("user_data", "pdf")]
    )
    created = _EPOCH - n * 3_600 - rng.randrange(3_600)
    return {
        "id": f"file-{_token(rng, 22)}",
        "object": "file",
        "bytes": rng.randrange(1_000, 50_000_000),
        "created_at": created,
        "expires_at": created + 30 * 86_400 if purpose == "batch" else None,
        "filename": f"{purpose.replace('-', '_')}_{n:04d}.{extension}",
        "purpose": purpose,
        "status": "processed",
        "status_details": None,
    }


def _openai_files(rng: random.Random) -> dict[str, Any]:
    files = [_openai_file(rng, n) for n in range(PAGE_SIZE)]
    return {
        "object": "list",
        "data": files,
        "first_id": files[0]["id"],
        "last_id": files[-1]["id"],
        "has_more": True,
    }


def _stripe_balance() -> dict[str, Any]:
    def amounts(usd: int, eur: int) -> list[dict[str, Any]]:
        return [
            {"amount": usd, "currency": "usd", "source_types": {"bank_account": 0, "card": usd}},
            {"amount": eur, "currency": "eur", "source_types": {"bank_account": 0, "card": eur}},
        ]

    return {
        "object": "balance",
        "available": amounts(2_217_713, 440_050),
        "connect_reserved": [{"amount": 0, "currency": "usd"}, {"amount": 0, "currency": "eur"}],
        "instant_available": [
            {
                "amount": 1_200_000,
                "currency": "usd",
                "net_available": [
                    {"amount": 1_188_000, "destination": "ba_1QkJ7fLkdIwHu7ixTq9zB0aV"}
                ],
                "source_types": {"card": 1_200_000},
            }
        ],
        "issuing": {"available": [{"amount": 51_000, "currency": "usd"}]},
        "livemode": False,
        "pending": amounts(76_304, 12_990),
        "refund_and_dispute_prefunding": {
            "available": [{"amount": 0, "currency": "usd"}],
            "pending": [{"amount": 0, "currency": "usd"}],
        },
    }


def _stripe_charge(rng: random.Random, n: int) -> dict[str, Any]:
    amount = rng.randrange(500, 250_000)
    refunded = amount // 2 if n % 17 == 0 else 0
    charge_id = f"ch_3{_token(rng, 23)}"
    brand, last4 = rng.choice([("visa", "4242"), ("mastercard", "4444"), ("amex", "8431")])
    city, state, postal = rng.choice(
        [("San Francisco", "CA", "94111"), ("Brooklyn", "NY", "11201"), ("Austin", "TX", "73301")]
    )
    risk = rng.randrange(0, 65)
    return {
        "id": charge_id,
        "object": "charge",
        "amount": amount,
        "amount_captured": amount,
        "amount_refunded": refunded,
        "application": None,
        "application_fee": None,
        "application_fee_amount": None,
        "balance_transaction": f"txn_3{_token(rng, 23)}",
        "billing_details": {
            "address": {
                "city": city,
                "country": "US",
                "line1": f"{rng.randrange(1, 999)} Market Street",
                "line2": None,
                "postal_code": postal,
                "state": state,
            },
            "email": f"customer{n}@example.com",
            "name": f"Customer {n}",
            "phone": None,
            "tax_id": None,
        },
        "calculated_statement_descriptor": "EXAMPLE.COM",
        "captured": True,
        "created": _EPOCH - n * 600,
        "currency": "usd",
        "customer": f"cus_{_token(rng, 14)}",
        "description": f"Order #{10_000 + n}",
        "destination": None,
        "dispute": None,
        "disputed": False,
        "failure_balance_transaction": None,
        "failure_code": None,
        "failure_message": None,
        "fraud_details": {},
        "livemode": False,
        "metadata": {"order_id": f"ord_{10_000 + n}", "channel": "web"},
        "on_behalf_of": None,
        "outcome": {
            "advice_code": None,
            "network_advice_code": None,
            "network_decline_code": None,
            "network_status": "approved_by_network",
            "reason": None,
            "risk_level": "normal",
            "risk_score": risk,
            "seller_message": "Payment complete.",
            "type": "authorized",
        },
        "paid": True,
        "payment_intent": f"pi_3{_token(rng, 23)}",
        "payment_method": f"pm_1{_token(rng, 23)}",
        "payment_method_details": {
            "card": {
                "amount_authorized": amount,
                "authorization_code": f"{rng.randrange(1_000_000):06d}",
                "brand": brand,
                "checks": {
                    "address_line1_check": "pass",
                    "address_postal_code_check": "pass",
                    "cvc_check": "pass",
                },
                "country": "US",
                "exp_month": rng.randrange(1, 13),
                "exp_year": rng.randrange(2026, 2032),
                "extended_authorization": {"status": "disabled"},
                "fingerprint": _token(rng, 16),
                "funding": "credit",
                "incremental_authorization": {"status": "unavailable"},
                "installments": None,
                "last4": last4,
                "mandate": None,
                "multicapture": {"status": "unavailable"},
                "network": brand,
                "network_token": {"used": False},
                "network_transaction_id": str(rng.randrange(10**14, 10**15)),
                "overcapture": {"maximum_amount_capturable": amount, "status": "unavailable"},
                "regulated_status": "unregulated",
                "three_d_secure": None,
                "wallet": None,
            },
            "type": "card",
        },
        "radar_options": {},
        "receipt_email": f"customer{n}@example.com",
        "receipt_number": None,
        "receipt_url": f"https://pay.stripe.com/receipts/payment/{_token(rng, 60)}",
        "refunded": refunded == amount,
        "review": None,
        "shipping": None,
        "source": None,
        "source_transfer": None,
        "statement_descriptor": None,
        "statement_descriptor_suffix": None,
        "status": "succeeded",
        "transfer_data": None,
        "transfer_group": None,
    }


def _stripe_charges(rng: random.Random) -> dict[str, Any]:
    return {
        "object": "list",
        "data": [_stripe_charge(rng, n) for n in range(PAGE_SIZE)],
        "has_more": True,
        "url": "/v1/charges",
    }


def peer_bodies() -> dict[str, bytes]:
    """Return the body of each peer route, keyed by path.

    OpenAI: ``GET /v1/models/{id}`` and a 100-item ``GET /v1/files``; Stripe: ``GET
    /v1/balance`` and a 100-item ``GET /v1/charges``. None of them collides with ours.
    """
    rng = random.Random(20261122)
    bodies: dict[str, Any] = {
        f"/v1/models/{OPENAI_MODEL_ID}": _openai_model(),
        "/v1/files": _openai_files(rng),
        "/v1/balance": _stripe_balance(),
        "/v1/charges": _stripe_charges(rng),
    }
    return {path: json.dumps(body).encode() for path, body in bodies.items()}
