"""The business rules of compliance: RFIs, the documents that answer them, and KYC links.

An RFI is opened when sanction screening holds a payment or an order (:mod:`._payin`), and
moves to ``under_review`` when the documents it asks for are submitted. Each rule takes the
namespace's :class:`~._store.Store` (under its lock); the store notices what changed.
"""

from __future__ import annotations

from typing import Any

from ._errors import UnknownShape, bad_request, has
from ._store import Store

__all__ = ["add_document", "create_kyc_link", "open_rfi", "update_order_rfi"]


def open_rfi(store: Store, entity_id: str, entity_type: str, document_type: str) -> dict[str, Any]:
    """Open an RFI on a held payment or order, asking for one document of ``document_type``."""
    rfi: dict[str, Any] = {
        "id": store.new_id("rfi"),
        "status": "action_required",
        "entity_id": entity_id,
        "entity_type": entity_type,
        "documents": [
            {"rfi_doc_id": store.new_id("rfidoc"), "type": document_type, "status": "pending"}
        ],
        "created_at": store.now(),
    }
    store.rfis[rfi["id"]] = rfi
    return rfi


def update_order_rfi(store: Store, order_id: str, body: Any) -> dict[str, Any]:
    """Submit documents for the order's RFI; the RFI moves to ``under_review``."""
    documents = body.get("documents") if isinstance(body, dict) else None
    known = isinstance(documents, list) and all(
        has(entry, "id", "rfi_doc_id") for entry in documents
    )
    if not known or not isinstance(documents, list):
        raise UnknownShape("RFI update", body, "documents, each with id and rfi_doc_id")
    order = store.get(store.orders, order_id, "order")
    reference = order.get("rfi")
    rfi = store.rfis.get(reference["id"]) if reference else None
    if rfi is None or rfi["status"] != "action_required":
        raise bad_request("id refers to an order with no RFI awaiting documents")
    requested = {entry["rfi_doc_id"]: entry for entry in rfi["documents"]}
    for index, submission in enumerate(documents):
        if submission["id"] not in store.documents:
            raise bad_request(f"documents[{index}].id does not match an uploaded document")
        if submission["rfi_doc_id"] not in requested:
            raise bad_request(f"documents[{index}].rfi_doc_id is not requested by {rfi['id']}")
    for submission in documents:
        entry = requested[submission["rfi_doc_id"]]
        entry["id"] = submission["id"]
        entry["status"] = "submitted"
        store.documents[submission["id"]]["status"] = "submitted"
    rfi["status"] = "under_review"
    order["rfi"] = {"id": rfi["id"], "status": "under_review"}
    return order


def add_document(store: Store, file_name: str, content: bytes, kind: str | None) -> dict[str, Any]:
    """Store an uploaded document's record (its bytes are not kept)."""
    document: dict[str, Any] = {
        "id": store.new_id("doc"),
        "type": kind or "other",
        "status": "pending",
        "file_name": file_name,
        "_size": len(content),
        "created_at": store.now(),
    }
    store.documents[document["id"]] = document
    return document


def create_kyc_link(store: Store, body: dict[str, Any]) -> dict[str, Any]:
    """Create a KYC link for an existing customer, or a new one identified by e-mail."""
    link_id = store.new_id("kyc")
    link: dict[str, Any] = {
        "id": link_id,
        "url": f"https://verify.payments.example/kyc/{link_id}",
        "status": "pending",
        "customer_id": body.get("customer_id") or store.new_id("cust"),
        "documents": [],
        "created_at": store.now(),
    }
    if "email" in body:
        link["email"] = body["email"]
    store.kyc_links[link_id] = link
    return link
