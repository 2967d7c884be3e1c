"""``Store``: one namespace's records, where they are kept, and how they are read out.

The store is storage only: its tables, its ids and time, the whole state (for a state file and
snapshots), pages (:func:`paginate`) and JSON (:func:`render`). What the service does with the
records, its business rules, is in the modules named after its resource groups (``_payin``,
``_multi_currency``, ``_payout``, ``_virtual_accounts``, ``_compliance``), which take a store.

Every mutation runs under the store's one lock. Records are plain dicts shaped like the bundle's
schemas; timestamps stay ``datetime`` until they are rendered.
"""

from __future__ import annotations

import bisect
import random
import threading
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from ._errors import ApiError, not_found, shown
from ._fx import FxDesk
from .rules import SEED_BALANCES

__all__ = [
    "TABLES",
    "ApiError",
    "Store",
    "paginate",
    "render",
]


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
        first_id: int = 1,
    ) -> None:
        self.lock = threading.Lock()
        self.clock = clock or (lambda: datetime.now(UTC))
        """The namespace's clock (:meth:`now` is the time a record is stamped with)."""
        self.random = random.Random(seed)
        """The namespace's random draws (ids, account numbers): seeded, kept by :meth:`dump`."""
        self._next_id = first_id
        self.retired = False
        """Set when the namespace is deleted or unloaded: this store must not be saved again."""
        self._last_stamp = datetime.min.replace(tzinfo=UTC)
        self.fx = FxDesk(self.clock, ttl=fx_ttl, seed=seed)
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

    # -- ids and time ---------------------------------------------------------------------

    def new_id(self, prefix: str) -> str:
        """Return a fresh id with the type prefix, such as ``payt_000042x7kq``."""
        tail = "".join(self.random.choices("abcdefghjkmnpqrstuvwxyz23456789", k=4))
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
        stamp = max(self.clock(), self._last_stamp + timedelta(microseconds=1))
        self._last_stamp = stamp
        return stamp

    def created(self, at: datetime | None) -> datetime:
        """Return a new record's creation time: :meth:`now`, or ``at`` (a simulated time).

        After ``at``, :meth:`now` stays later still, so creation order stays total.
        """
        if at is None:
            return self.now()
        self._last_stamp = max(self._last_stamp, at)
        return at

    # -- the whole state, for a state file and for snapshots -------------------------------

    RECORD_TABLES = (
        *(name for name in TABLES.values() if name != "conversions"),  # a list, kept apart
        "saved_accounts",
        "answer_fields",
    )
    """The record tables, by attribute name (each maps an id to its record): :data:`TABLES`'s
    and the two no resource is served from."""

    GENERIC = "generic."
    """The prefix of a generic resource's table in :meth:`dump` (``generic.widgets``)."""

    def dump(self) -> dict[str, Any]:
        """Return the whole state (records as they are, not copied): see :meth:`restore`."""
        generic = {self.GENERIC + name: table for name, table in self.collections.items()}
        return {
            "tables": {name: getattr(self, name) for name in self.RECORD_TABLES} | generic,
            "conversions": self.conversions,
            "balances": self.balances,
            "next_id": self._next_id,
            "random": self.random.getstate(),
            "last_stamp": self._last_stamp,
        }

    def restore(self, state: dict[str, Any]) -> None:
        """Replace the whole state with one :meth:`dump` gave (deep-copied by the caller)."""
        for name in self.RECORD_TABLES:
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
        self.random.setstate((version, tuple(internal), gauss))
        self._last_stamp = state["last_stamp"]

    def insert(self, table_name: str, record: dict[str, Any]) -> None:
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

    # -- helpers --------------------------------------------------------------------------

    @staticmethod
    def get(table: dict[str, dict[str, Any]], key: str, kind: str) -> dict[str, Any]:
        """Return a record by id, or raise a 404 naming the id."""
        record = table.get(key)
        if record is None:
            raise not_found(f"id {shown(key)} does not match any {kind}")
        return record


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


def _created_at(record: dict[str, Any]) -> datetime:
    stamp: datetime = record["created_at"]
    return stamp
