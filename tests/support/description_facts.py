"""Facts of the service description that the bundle is pinned to, as data, in one place.

Tests marked ``@pytest.mark.description`` compare the bundle with these. They fail only when the
bundle stops saying what ``../shared/service-description.md`` says: when the *service* really
changes, update the fact here (and nowhere else). A compatible edit of the bundle that the
description allows (a new optional filter, a renamed operationId) never touches them.
"""

from __future__ import annotations

from typing import Any

# The description's Operations table, as full paths relative to {root_url}.
OPERATIONS = {
    ("GET", "/v1/ping"),
    ("GET", "/v1/balances"),
    ("POST", "/v1/balance_conversions"),
    ("GET", "/v1/balance_conversions"),
    ("GET", "/v1/fx-rate"),
    ("POST", "/v1/bank_account_validation"),
    ("GET", "/v1/bank_account_validation"),
    ("POST", "/v2/beneficiaries"),
    ("POST", "/v1/orders"),
    ("GET", "/v1/orders"),
    ("GET", "/v1/orders/{id}"),
    ("PATCH", "/v1/orders/{id}/update-rfi"),
    ("POST", "/v1/refunds"),
    ("GET", "/v1/refunds"),
    ("GET", "/v1/refunds/{id}"),
    ("PATCH", "/v1/refunds/{id}/mock_update_status"),
    ("GET", "/v1/virtual-accounts"),
    ("DELETE", "/v1/virtual-accounts"),
    ("POST", "/v1/v2/virtual-accounts"),
    ("GET", "/v1/kyc-links"),
    ("POST", "/v1/kyc-links"),
    ("GET", "/v1/kyc-links/{id}"),
    ("POST", "/v1/document"),
    ("GET", "/v1/document"),
    ("GET", "/v1/document/{document_id}"),
    ("GET", "/v1/rfis"),
    ("GET", "/v1/payments"),
}

# The operations that take "the common list parameters" in the description's table.
LIST_ROUTES = {
    ("GET", "/v1/balance_conversions"),
    ("GET", "/v1/bank_account_validation"),
    ("GET", "/v1/orders"),
    ("GET", "/v1/refunds"),
    ("GET", "/v1/kyc-links"),
    ("GET", "/v1/document"),
    ("GET", "/v1/rfis"),
    ("GET", "/v1/payments"),
}

# "Common list parameters (query)": before/after timestamps, per_page 1 to 100 (default 20),
# page from 1 (default 1; our bound of 10^15 is in DECISIONS).
COMMON_LIST_PARAMETERS: dict[str, dict[str, Any]] = {
    "Before": {"type": "string", "format": "date-time"},
    "After": {"type": "string", "format": "date-time"},
    "PerPage": {"type": "integer", "minimum": 1, "maximum": 100, "default": 20},
    "Page": {"type": "integer", "minimum": 1, "maximum": 10**15, "default": 1},
}

# "Identifiers are strings with a type prefix".
ID_PREFIXES = ("payt_", "payin_", "cust_", "doc_", "rfidoc_", "rfi_", "bene_")
