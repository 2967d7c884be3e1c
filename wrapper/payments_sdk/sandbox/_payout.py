"""The business rules of the Payout group: beneficiaries and bank account validations.

A beneficiary's bank account is saved under a ``bene_`` id, which a validation may name
instead of giving the account in full. Each rule takes the namespace's
:class:`~._store.Store` (under its lock).
"""

from __future__ import annotations

import re
from typing import Any

from ._errors import UnknownShape, bad_request, has, shown
from ._store import Store

__all__ = ["create_beneficiary", "validate_bank_account"]

_BIC = re.compile(r"[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?")
_ACCOUNT = re.compile(r"[A-Za-z0-9]{4,34}")


def create_beneficiary(store: Store, body: dict[str, Any]) -> dict[str, Any]:
    """Create a beneficiary and save its bank account under a ``bene_`` id."""
    given = body.get("bank_account")
    account = dict(given) if isinstance(given, dict) else {}
    account["id"] = store.new_id("bene")
    beneficiary = {
        "id": store.new_id("bnf"),
        "category": body.get("category", "payout"),
        "beneficiary": body.get("beneficiary") or {},
        "bank_account": account,
        "notes": body.get("notes") or {},
        "_created_at": store.now(),
    }
    store.beneficiaries[beneficiary["id"]] = beneficiary
    store.saved_accounts[account["id"]] = beneficiary
    return beneficiary


def validate_bank_account(store: Store, body: dict[str, Any]) -> dict[str, Any]:
    """Validate a bank account given in full, or a saved one by ``bene_`` id."""
    full = ("country", "holder_name", "account_number", "bic_primary")
    if not (has(body, "id") or has(body, *full)):
        raise UnknownShape("bank account validation", body, "id, or " + ", ".join(full))
    record: dict[str, Any] = {"id": store.new_id("bav")}
    if has(body, "id"):
        saved = store.saved_accounts.get(body["id"])
        if saved is None:
            raise bad_request(
                f"id {shown(body['id'])} does not match a saved beneficiary bank account"
            )
        details, account = saved["beneficiary"], saved["bank_account"]
        record |= {
            "beneficiary_account_id": body["id"],
            "holder_name": details.get("name", ""),
            "account_number": account.get("account_number", ""),
            "status": "valid" if account.get("account_number") else "invalid",
        }
        address = details.get("address")
        country = address.get("country_code") if isinstance(address, dict) else None
        if country:
            record["country"] = country
    else:
        record |= {k: body[k] for k in ("holder_name", "account_number", "bic_primary")}
        if "bic_secondary" in body:
            record["bic_secondary"] = body["bic_secondary"]
        record["country"] = body["country"].upper()
        valid = (
            _ACCOUNT.fullmatch(body["account_number"]) is not None
            and _BIC.fullmatch(body["bic_primary"]) is not None
        )
        record["status"] = "valid" if valid else "invalid"
    record["created_at"] = store.now()
    store.validations[record["id"]] = record
    return record
