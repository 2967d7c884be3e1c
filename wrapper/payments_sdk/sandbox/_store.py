"""The sandbox's in-memory state and business rules.

Every mutation runs under one lock, and money moves with integer arithmetic only, so concurrent
conversions can never create or lose a minor unit. Records are plain dicts shaped like the
bundle's schemas; timestamps stay ``datetime`` until they are rendered.
"""

from __future__ import annotations

import bisect
import random
import re
import threading
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from ._errors import ApiError, UnknownShape, bad_request, not_found, shown
from ._fx import PPM, FxDesk
from .rules import FEE_BPS, SANCTIONS_THRESHOLD, SEED_BALANCES

__all__ = [
    "TABLES",
    "ApiError",
    "Store",
    "paginate",
    "render",
]


_BIC = re.compile(r"[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?")
_ACCOUNT = re.compile(r"[A-Za-z0-9]{4,34}")


_PLAIN = frozenset({str, int, float, bool, type(None)})


def render(value: Any) -> Any:
    """Return a JSON-ready copy: datetimes become ISO 8601 UTC strings ending in Z.

    Keys starting with ``_`` are internal and left out. Plain values are checked first by exact
    type: this runs for every field of every record on every page.
    """
    if type(value) in _PLAIN:
        return value
    if isinstance(value, dict):
        return {
            k: v if type(v) in _PLAIN else render(v)
            for k, v in value.items()
            if not k.startswith("_")
        }
    if isinstance(value, list | tuple):
        return [v if type(v) in _PLAIN else render(v) for v in value]
    if isinstance(value, datetime):
        return value.astimezone(UTC).replace(tzinfo=None).isoformat() + "Z"
    return value


TABLES: dict[str, str] = {
    "balance_conversions": "conversions",
    "bank_account_validations": "validations",
    "beneficiaries": "beneficiaries",
    "documents": "documents",
    "kyc_links": "kyc_links",
    "orders": "orders",
    "payments": "payments",
    "refunds": "refunds",
    "rfis": "rfis",
    "virtual_accounts": "virtual_accounts",
}
"""The store attribute holding each business resource's records, in creation order."""


class Store:
    """All sandbox state, guarded by one lock."""

    def __init__(
        self,
        *,
        clock: Callable[[], datetime] | None = None,
        fx_ttl: timedelta = timedelta(minutes=5),
        seed: int = 7,
        seed_payments: int = 45,
        first_id: int = 1,
        seed_span: tuple[datetime, datetime] | None = None,
    ) -> None:
        self.lock = threading.Lock()
        self._clock = clock or (lambda: datetime.now(UTC))
        self._random = random.Random(seed)
        self._next_id = first_id
        self.retired = False
        """Set when the namespace is deleted or unloaded: this store must not be saved again."""
        self.touched: set[tuple[str, str]] = set()
        """Records changed in place since the state file last saw them: (table, id)."""
        self._last_stamp = datetime.min.replace(tzinfo=UTC)
        self.fx = FxDesk(self._clock, ttl=fx_ttl, seed=seed)
        self.balances = dict(SEED_BALANCES)
        self.conversions: list[dict[str, Any]] = []
        self.payments: dict[str, dict[str, Any]] = {}
        self.refunds: dict[str, dict[str, Any]] = {}
        self.orders: dict[str, dict[str, Any]] = {}
        self.rfis: dict[str, dict[str, Any]] = {}
        self.documents: dict[str, dict[str, Any]] = {}
        self.kyc_links: dict[str, dict[str, Any]] = {}
        self.virtual_accounts: dict[str, dict[str, Any]] = {}
        self.validations: dict[str, dict[str, Any]] = {}
        self.beneficiaries: dict[str, dict[str, Any]] = {}
        self.saved_accounts: dict[str, dict[str, Any]] = {}
        self.collections: dict[str, dict[str, dict[str, Any]]] = {}
        """Records of the resources served by the REST convention, by resource name."""
        self.answer_fields: dict[str, dict[str, Any]] = {}
        """Fields set on the answers no record backs (an FX rate, the balances), by resource.

        Each entry is ``{"id": resource, field: value, ...}``, kept as a record is (state file,
        snapshots), and added to every answer of the resource's reads (``PATCH
        /_sandbox/records/{resource}``, :mod:`._record_fields`).
        """
        self._seed_payments(seed_payments, seed_span)

    # -- ids and time ---------------------------------------------------------------------

    def new_id(self, prefix: str) -> str:
        """Return a fresh id with the type prefix, such as ``payt_000042x7kq``."""
        tail = "".join(self._random.choices("abcdefghjkmnpqrstuvwxyz23456789", k=4))
        number, self._next_id = self._next_id, self._next_id + 1
        return f"{prefix}_{number:06d}{tail}"

    @property
    def next_id(self) -> int:
        """The number the next id gets: every id issued so far has a smaller one."""
        return self._next_id

    def raise_next_id(self, floor: int) -> None:
        """Never issue a number below ``floor`` (after a restore, so no id is issued twice)."""
        self._next_id = max(self._next_id, floor)

    def now(self) -> datetime:
        """Return the time, made strictly increasing so that creation order is total."""
        stamp = max(self._clock(), self._last_stamp + timedelta(microseconds=1))
        self._last_stamp = stamp
        return stamp

    # -- the whole state, for a state file and for snapshots -------------------------------

    TABLES = (
        "payments",
        "refunds",
        "orders",
        "rfis",
        "documents",
        "kyc_links",
        "virtual_accounts",
        "validations",
        "beneficiaries",
        "saved_accounts",
        "answer_fields",
    )
    """The record tables, by attribute name (each maps an id to its record)."""

    GENERIC = "generic."
    """The prefix of a generic resource's table in :meth:`dump` (``generic.widgets``)."""

    def table_name(self, resource: str) -> str:
        """Return the table a resource's records are kept in, as :meth:`dump` names it."""
        return TABLES.get(resource) or self.GENERIC + resource

    def dump(self) -> dict[str, Any]:
        """Return the whole state (records as they are, not copied): see :meth:`restore`."""
        generic = {self.GENERIC + name: table for name, table in self.collections.items()}
        return {
            "tables": {name: getattr(self, name) for name in self.TABLES} | generic,
            "conversions": self.conversions,
            "balances": self.balances,
            "next_id": self._next_id,
            "random": self._random.getstate(),
            "last_stamp": self._last_stamp,
        }

    def restore(self, state: dict[str, Any]) -> None:
        """Replace the whole state with one :meth:`dump` gave (deep-copied by the caller)."""
        for name in self.TABLES:
            setattr(self, name, dict(state["tables"].get(name, {})))
        self.collections = {
            name.removeprefix(self.GENERIC): dict(table)
            for name, table in state["tables"].items()
            if name.startswith(self.GENERIC)
        }
        self.conversions = list(state["conversions"])
        self.balances = dict(state["balances"])
        self._next_id = int(state["next_id"])
        version, internal, gauss = state["random"]
        self._random.setstate((version, tuple(internal), gauss))
        self._last_stamp = state["last_stamp"]
        self.touched.clear()

    # -- payments -------------------------------------------------------------------------

    def _seed_payments(self, count: int, span: tuple[datetime, datetime] | None = None) -> None:
        """Add ``count`` payments: one minute apart ending now, or spread evenly over ``span``.

        Over ``span`` (``[start, end)``), the first payment is created at ``start`` exactly and
        the others at equal steps (whole microseconds) before ``end``.
        """
        if span is None:
            start = self._clock() - timedelta(minutes=count + 1)
            stamps = [start + timedelta(minutes=n) for n in range(count)]
        else:
            start, end = span
            width = (end - start) // timedelta(microseconds=1)
            stamps = [start + timedelta(microseconds=width * n // count) for n in range(count)]
        currencies = ("USD", "EUR", "GBP")
        for n, stamp in enumerate(stamps):
            status = "failed" if n % 7 == 3 else "success"
            self.add_payment(
                amount=1000 + 250 * n,
                currency=currencies[n % 3],
                status=status,
                held=(n == count - 5),
                created_at=stamp,
            )

    def add_payment(
        self,
        *,
        amount: int,
        currency: str,
        status: str = "success",
        held: bool = False,
        created_at: datetime | None = None,
        sender_name: str = "Sandbox Customer",
    ) -> dict[str, Any]:
        """Record a payment; ``held`` puts it on a sanctions-screening hold with an RFI."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise bad_request("amount must be a positive integer in the smallest unit")
        step = wire_step(currency)
        if amount % step:
            raise bad_request(
                f"amount of {currency} must end in 0: the service sends three-decimal amounts "
                f"with a last digit of 0 (295.991 is sent as 295990), got {amount}"
            )
        stamp = created_at or self.now()
        self._last_stamp = max(self._last_stamp, stamp)
        payment_id = self.new_id("payt")
        n_ref = self._random.randint(0, 999_999)
        payment: dict[str, Any] = {
            "id": payment_id,
            "payin_id": self.new_id("payin"),
            "status": "on_hold" if held else status,
            "currency": currency,
            "amount": amount,
            "credit_account_number": f"40001234{self._random.randint(0, 99999999):08d}",
            "debit_account_number": f"{self._random.randint(0, 9999999999):010d}",
            "purpose_code": "P0101",
            "transaction_reference_number": f"TRN{stamp:%Y%m%d}{n_ref:06d}",
            "sender_name": sender_name,
            "metadata": {"source": "sandbox"},
            "error_message": "Insufficient funds at the sender's bank"
            if status == "failed"
            else "",
            "payment_date": stamp,
            "created_at": stamp,
            "updated_at": stamp,
            "customer_id": self.new_id("cust"),
            "country": "USA",
            "ordered_amount": amount,
            "ordered_currency": currency,
            "fx_fee": {"amount": 0, "currency": currency},
            "txn_fee": {"amount": fee(amount, step), "currency": currency},
            "documents": [],
        }
        if held:
            rfi = self._open_rfi(payment_id, "payment", "passport")
            payment["rfi"] = {"id": rfi["id"], "status": rfi["status"]}
            payment["documents"] = [
                {
                    "id": self.new_id("doc"),
                    "type": "passport",
                    "status": "pending",
                    "rfi_doc_id": rfi["documents"][0]["rfi_doc_id"],
                }
            ]
        self._insert("payments", payment)
        return payment

    def in_the_past(self, created_at: datetime | None) -> datetime | None:
        """Return a simulated record's ``created_at``, refused when later than the clock's time."""
        if created_at is not None:
            now = self._clock()
            if created_at > now:
                raise bad_request(
                    "created_at must not be later than the namespace's clock "
                    f"({render(now)}): a record is created now or in the past"
                )
        return created_at

    def _insert(self, table_name: str, record: dict[str, Any]) -> None:
        """Add a record to a table, keeping the table in creation order.

        A record created in the past (a simulated ``created_at``) goes in its place, so
        :func:`paginate` still finds every window by binary search.
        """
        table: dict[str, dict[str, Any]] = getattr(self, table_name)
        stamp = record["created_at"]
        if table and _created_at(next(reversed(table.values()))) > stamp:
            rows = list(table.values())
            rows.insert(bisect.bisect_right(rows, stamp, key=_created_at), record)
            setattr(self, table_name, {row["id"]: row for row in rows})
        else:
            table[record["id"]] = record

    # -- RFIs -----------------------------------------------------------------------------

    def _open_rfi(self, entity_id: str, entity_type: str, document_type: str) -> dict[str, Any]:
        rfi: dict[str, Any] = {
            "id": self.new_id("rfi"),
            "status": "action_required",
            "entity_id": entity_id,
            "entity_type": entity_type,
            "documents": [
                {"rfi_doc_id": self.new_id("rfidoc"), "type": document_type, "status": "pending"}
            ],
            "created_at": self.now(),
        }
        self.rfis[rfi["id"]] = rfi
        return rfi

    # -- balances and conversions ---------------------------------------------------------

    def convert(self, body: dict[str, Any]) -> dict[str, Any]:
        """Convert between balances at the cached mid-market rate, less the FX fee."""
        shaped = _has(body, "source_currency", "target_currency") and (
            _has(body, "source_amount") or _has(body, "target_amount")
        )
        if not shaped:
            raise UnknownShape(
                "balance conversion",
                body,
                "source_currency, target_currency and source_amount or target_amount",
            )
        source, target = body["source_currency"], body["target_currency"]
        if source == target:
            raise bad_request("target_currency must differ from source_currency")
        quote = self.fx.quote(source, target)
        if _has(body, "source_amount"):
            source_amount = body["source_amount"]
            gross = source_amount * quote.rate_ppm // PPM
            fee = -(-gross * FEE_BPS // 10_000)  # ceiling division, in integers
            target_amount = gross - fee
            if target_amount < 1:
                raise bad_request(f"source_amount is too small to convert to {target}")
        else:
            target_amount = body["target_amount"]
            fee = -(-target_amount * FEE_BPS // (10_000 - FEE_BPS))  # ceiling division
            gross = target_amount + fee
            source_amount = -(-gross * PPM // quote.rate_ppm)
        available = self.balances.get(source, 0)
        if source_amount > available:
            field = "source_amount" if "source_amount" in body else "target_amount"
            raise bad_request(
                f"{field} needs {source_amount} {source} minor units but the available "
                f"{source} balance is {available}"
            )
        self.balances[source] = available - source_amount
        self.balances[target] = self.balances.get(target, 0) + target_amount
        record = {
            "id": self.new_id("conv"),
            "source_currency": source,
            "target_currency": target,
            "source_amount": source_amount,
            "target_amount": target_amount,
            "mid_market_rate": quote.rate,
            "fx_fee": {"amount": fee, "currency": target},
            "created_at": self.now(),
        }
        self.conversions.append(record)
        return record

    # -- refunds --------------------------------------------------------------------------

    def create_refund(self, body: Any) -> dict[str, Any]:
        """Refund a ``success`` payment that has no refund yet."""
        if not _has(body, "payment_id"):
            raise UnknownShape("refund", body, "payment_id")
        payment_id = body["payment_id"]
        payment = self.payments.get(payment_id)
        if payment is None:
            raise bad_request(f"payment_id {shown(payment_id)} does not match any payment")
        if payment["status"] != "success":
            raise bad_request(
                f"payment_id refers to a payment that is not in the success state "
                f"(it is {payment['status']})"
            )
        if any(refund["payment_id"] == payment_id for refund in self.refunds.values()):
            raise bad_request(f"payment_id {shown(payment_id)} already has a refund")
        refund = {
            "id": self.new_id("rfnd"),
            "payment_id": payment_id,
            "status": "in_progress",
            "amount": payment["amount"],
            "currency": payment["currency"],
            "created_at": self.now(),
        }
        self.refunds[refund["id"]] = refund
        return refund

    def complete_refund(self, refund_id: str) -> dict[str, Any]:
        """Move an ``in_progress`` refund to ``success``."""
        refund = self.get(self.refunds, refund_id, "refund")
        if refund["status"] != "in_progress":
            raise bad_request(
                f"status must be in_progress to be updated (it is {refund['status']})"
            )
        refund["status"] = "success"
        refund["_updated_at"] = self.now()
        self.touched.add(("refunds", refund_id))
        return refund

    # -- orders ---------------------------------------------------------------------------

    def create_order(self, body: dict[str, Any]) -> dict[str, Any]:
        """Create an order inline or from a quote; large inline orders are held with an RFI."""
        if not (_has(body, "quote_id") or _has(body, "amount", "currency")):
            raise UnknownShape("order", body, "quote_id, or amount and currency")
        order_id = self.new_id("ord")
        order: dict[str, Any] = {"id": order_id, "status": "created"}
        if isinstance(body.get("split_ids"), list):
            order["_split_ids"] = list(body["split_ids"])  # the Order record does not declare it
        if _has(body, "quote_id"):
            order["quote_id"] = body["quote_id"]
        else:
            order |= {k: body[k] for k in ("amount", "currency", "payment_methods") if k in body}
            if body["amount"] >= SANCTIONS_THRESHOLD:
                rfi = self._open_rfi(order_id, "order", "proof_of_address")
                order["status"] = "action_required"
                order["rfi"] = {"id": rfi["id"], "status": rfi["status"]}
        order["created_at"] = self.now()
        self.orders[order_id] = order
        return order

    def update_order_rfi(self, order_id: str, body: Any) -> dict[str, Any]:
        """Submit documents for the order's RFI; the RFI moves to ``under_review``."""
        documents = body.get("documents") if isinstance(body, dict) else None
        known = isinstance(documents, list) and all(
            _has(entry, "id", "rfi_doc_id") for entry in documents
        )
        if not known or not isinstance(documents, list):
            raise UnknownShape("RFI update", body, "documents, each with id and rfi_doc_id")
        order = self.get(self.orders, order_id, "order")
        reference = order.get("rfi")
        rfi = self.rfis.get(reference["id"]) if reference else None
        if rfi is None or rfi["status"] != "action_required":
            raise bad_request("id refers to an order with no RFI awaiting documents")
        requested = {entry["rfi_doc_id"]: entry for entry in rfi["documents"]}
        for index, submission in enumerate(documents):
            if submission["id"] not in self.documents:
                raise bad_request(f"documents[{index}].id does not match an uploaded document")
            if submission["rfi_doc_id"] not in requested:
                raise bad_request(f"documents[{index}].rfi_doc_id is not requested by {rfi['id']}")
        for submission in documents:
            entry = requested[submission["rfi_doc_id"]]
            entry["id"] = submission["id"]
            entry["status"] = "submitted"
            self.documents[submission["id"]]["status"] = "submitted"
        rfi["status"] = "under_review"
        order["rfi"] = {"id": rfi["id"], "status": "under_review"}
        self.touched |= {("orders", order_id), ("rfis", rfi["id"])}
        self.touched |= {("documents", submission["id"]) for submission in documents}
        return order

    # -- documents, KYC links, virtual accounts -------------------------------------------

    def add_document(self, file_name: str, content: bytes, kind: str | None) -> dict[str, Any]:
        """Store an uploaded document's record (its bytes are not kept)."""
        document: dict[str, Any] = {
            "id": self.new_id("doc"),
            "type": kind or "other",
            "status": "pending",
            "file_name": file_name,
            "_size": len(content),
            "created_at": self.now(),
        }
        self.documents[document["id"]] = document
        return document

    def create_kyc_link(self, body: dict[str, Any]) -> dict[str, Any]:
        """Create a KYC link for an existing customer, or a new one identified by e-mail."""
        link_id = self.new_id("kyc")
        link: dict[str, Any] = {
            "id": link_id,
            "url": f"https://verify.payments.example/kyc/{link_id}",
            "status": "pending",
            "customer_id": body.get("customer_id") or self.new_id("cust"),
            "documents": [],
            "created_at": self.now(),
        }
        if "email" in body:
            link["email"] = body["email"]
        self.kyc_links[link_id] = link
        return link

    def create_virtual_account(self, body: Any) -> dict[str, Any]:
        """Provision an active virtual account."""
        if not _has(body, "payment_type", "currency"):
            raise UnknownShape("virtual account", body, "payment_type and currency")
        payment_type, currency = body["payment_type"], body["currency"]
        account: dict[str, Any] = {
            "id": self.new_id("va"),
            "payment_type": payment_type,
            "currency": currency,
            "status": "active",
            "account_number": f"{self._random.randint(0, 10**12 - 1):012d}",
            "created_at": self.now(),
        }
        self.virtual_accounts[account["id"]] = account
        return account

    def close_virtual_accounts(self, payment_type: str, currency: str) -> int:
        """Close every active account of that type and currency; return how many."""
        closed = 0
        for account in self.virtual_accounts.values():
            matches = (account["payment_type"], account["currency"]) == (payment_type, currency)
            if matches and account["status"] == "active":
                account["status"] = "closed"
                account["_closed_at"] = self.now()
                self.touched.add(("virtual_accounts", account["id"]))
                closed += 1
        return closed

    # -- beneficiaries and bank account validation ----------------------------------------

    def create_beneficiary(self, body: dict[str, Any]) -> dict[str, Any]:
        """Create a beneficiary and save its bank account under a ``bene_`` id."""
        given = body.get("bank_account")
        account = dict(given) if isinstance(given, dict) else {}
        account["id"] = self.new_id("bene")
        beneficiary = {
            "id": self.new_id("bnf"),
            "category": body.get("category", "payout"),
            "beneficiary": body.get("beneficiary") or {},
            "bank_account": account,
            "notes": body.get("notes") or {},
            "_created_at": self.now(),
        }
        self.beneficiaries[beneficiary["id"]] = beneficiary
        self.saved_accounts[account["id"]] = beneficiary
        return beneficiary

    def validate_bank_account(self, body: dict[str, Any]) -> dict[str, Any]:
        """Validate a bank account given in full, or a saved one by ``bene_`` id."""
        full = ("country", "holder_name", "account_number", "bic_primary")
        if not (_has(body, "id") or _has(body, *full)):
            raise UnknownShape("bank account validation", body, "id, or " + ", ".join(full))
        record: dict[str, Any] = {"id": self.new_id("bav")}
        if _has(body, "id"):
            saved = self.saved_accounts.get(body["id"])
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
        record["created_at"] = self.now()
        self.validations[record["id"]] = record
        return record

    # -- helpers --------------------------------------------------------------------------

    @staticmethod
    def get(table: dict[str, dict[str, Any]], key: str, kind: str) -> dict[str, Any]:
        """Return a record by id, or raise a 404 naming the id."""
        record = table.get(key)
        if record is None:
            raise not_found(f"id {shown(key)} does not match any {kind}")
        return record


def _has(body: Any, *fields: str) -> bool:
    """Whether ``body`` is an object giving every one of ``fields`` a value."""
    return isinstance(body, dict) and all(body.get(name) is not None for name in fields)


def paginate(records: Iterable[dict[str, Any]], query: dict[str, Any]) -> dict[str, Any]:
    """Cut one page, newest first, from ``records`` filtered by ``before``/``after``.

    ``records`` must be in creation order, oldest first: every table is, because records are
    only appended and :meth:`Store.now` is strictly increasing. The window is found by binary
    search, so a page costs O(log n + per_page) however many records exist.
    """
    rows = records if isinstance(records, list) else list(records)
    before, after = query.get("before"), query.get("after")
    end = len(rows) if before is None else bisect.bisect_left(rows, before, key=_created_at)
    start = 0 if after is None else bisect.bisect_right(rows, after, key=_created_at)
    count = max(0, end - start)
    per_page, page = query.get("per_page", 20), query.get("page", 1)
    pages = max(1, -(-count // per_page))  # ceiling division, in integers
    top = end - (page - 1) * per_page
    bottom = max(start, top - per_page)
    return {
        "data": rows[bottom:top][::-1] if top > bottom else [],
        "page_meta": {
            "current": page,
            "previous": page - 1 if page > 1 else None,
            "next": page + 1 if page < pages else None,
            "per_page": per_page,
            "pages": pages,
            "count": count,
        },
    }


def creation_time(value: object, field: str = "created_at") -> datetime:
    """Return a simulated record's creation time: an aware datetime or ISO 8601 with an offset.

    Raises :class:`ApiError` (400) naming ``field`` otherwise.
    """
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
        except ValueError:
            raise bad_request(
                f"{field} must be an ISO 8601 time with its offset, such as "
                f"2026-10-31T23:59:59.999999Z, got {shown(str(value))}"
            ) from None
    if not isinstance(value, datetime):
        raise bad_request(f"{field} must be an ISO 8601 time, got a {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise bad_request(f"{field} must carry its UTC offset (Z or +hh:mm)")
    try:
        return value.astimezone(UTC)
    except OverflowError:
        raise bad_request(f"{field} is outside the years 1 to 9999 in UTC") from None


def wire_step(currency: str) -> int:
    """Return the step of a currency's amounts on the wire: 10 for three decimals, else 1.

    The service's three-decimal amounts (KWD, BHD, OMR) end in 0 ("295.991 is sent as
    295990"); a code ISO 4217 does not know has no rule.
    """
    from .._money import currency_exponent
    from ..errors import InvalidParameterError

    try:
        return 10 if currency_exponent(currency) == 3 else 1
    except InvalidParameterError:
        return 1


def fee(amount: int, step: int) -> int:
    """Return the sandbox's transaction fee of a payment: 0.3%, rounded down to the step.

    At least one step, so that no fee is 0; a three-decimal fee ends in 0, as its amount does.
    """
    return max(amount * 3 // 1000 // step * step, step)


def _created_at(record: dict[str, Any]) -> datetime:
    stamp: datetime = record["created_at"]
    return stamp
