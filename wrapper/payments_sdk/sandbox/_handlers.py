"""The sandbox's business handlers: the operations whose answer is a rule of the service.

Each handler reads the request's values and calls a rule, kept in the module of its resource
group (``_payin``, ``_multi_currency``, ``_payout``, ``_virtual_accounts``, ``_compliance``).
Each is keyed by the operation's SDK name (``resource.method``, :mod:`payments_sdk._naming`), so
renaming an ``operationId`` changes nothing here. Every other operation is served by the
REST convention (:mod:`._generic`): listing, retrieving by id, and, for resources with no rule,
creating and updating. :data:`TABLES` says where the records of a resource with business rules
live, and :data:`MATCHERS` the filters that are not an equality of one field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import _compliance, _multi_currency, _payin, _payout, _virtual_accounts
from ._errors import bad_request
from ._request_validation import Validated
from ._store import TABLES, Store

__all__ = ["BUSINESS", "MATCHERS", "TABLES", "Handler"]  # TABLES: the store's, for the rules

Handler = Callable[[Store, Validated], tuple[int, Any]]


def _required(v: Validated, *names: str) -> list[Any]:
    """Return query values a rule needs, or refuse (400) one the bundle made optional."""
    missing = next((name for name in names if v.query.get(name) is None), None)
    if missing is not None:
        raise bad_request(f"{missing} can't be blank")
    return [v.query[name] for name in names]


def _fx_rate(store: Store, v: Validated) -> tuple[int, Any]:
    source, target = _required(v, "source_currency", "target_currency")
    quote = store.fx.quote(source, target)
    return 200, {
        "source_currency": source,
        "target_currency": target,
        "mid_market_rate": quote.rate,
        "expires_at": quote.expires_at,
    }


def _close_virtual_accounts(store: Store, v: Validated) -> tuple[int, Any]:
    _virtual_accounts.close_virtual_accounts(store, *_required(v, "payment_type", "currency"))
    return 204, None


BUSINESS: dict[str, Handler] = {
    "client.ping": lambda s, v: (200, {}),  # the Ping body's fields are not published
    "balances.retrieve": lambda s, v: (
        200,
        {"data": [{"currency": c, "amount": a} for c, a in sorted(s.balances.items())]},
    ),
    "balance_conversions.create": lambda s, v: (201, _multi_currency.convert(s, v.body)),
    "fx_rates.retrieve": _fx_rate,
    "bank_account_validations.create": lambda s, v: (
        200,
        _payout.validate_bank_account(s, v.body),
    ),
    "beneficiaries.create": lambda s, v: (201, _payout.create_beneficiary(s, v.body)),
    "orders.create": lambda s, v: (201, _payin.create_order(s, v.body)),
    "orders.update_rfi": lambda s, v: (
        200,
        _compliance.update_order_rfi(s, v.path["id"], v.body),
    ),
    "refunds.create": lambda s, v: (201, _payin.create_refund(s, v.body)),
    "refunds.mock_update_status": lambda s, v: (200, _payin.complete_refund(s, v.path["id"])),
    "virtual_accounts.close": _close_virtual_accounts,
    "virtual_accounts.create": lambda s, v: (
        201,
        _virtual_accounts.create_virtual_account(s, v.body),
    ),
    "kyc_links.create": lambda s, v: (201, _compliance.create_kyc_link(s, v.body)),
    "documents.upload": lambda s, v: (
        201,
        _compliance.add_document(s, v.body["file_name"], v.body["content"], v.body["type"]),
    ),
}
"""The operations whose answers follow the service's rules, by SDK name."""


def _rfi_search(record: Mapping[str, Any], term: Any) -> bool:
    # "search: exact match on the RFI id or the underlying entity id" (service description).
    return term in (record.get("id"), record.get("entity_id"))


def _country(record: Mapping[str, Any], wanted: Any) -> bool:
    # "country (ISO 3166-1 alpha-3, case-insensitive)" (service description).
    return str(record.get("country", "")).upper() == str(wanted).upper()


MATCHERS: dict[tuple[str, str], Callable[[Mapping[str, Any], Any], bool]] = {
    ("rfis", "search"): _rfi_search,
    ("bank_account_validations", "country"): _country,
}
"""Filters that are not an equality of the record's field of the same name."""
