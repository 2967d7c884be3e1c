"""An operation the bundle opens to everyone (``security: []``) is served with no credential.

The sandbox refuses exactly what the bundle refuses: a call with no key to an operation that
needs none is answered as a call with a key is (the default namespace's state), a key that is
sent is still checked, and every other operation still answers 401 without one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from fold import fold_server_prefixes
from spec_edit_set import apply_edits, by_name

from payments_sdk.sandbox._app import build_app
from payments_sdk.sandbox._auth import KeyIssuer
from payments_sdk.sandbox._namespace_states import Spaces
from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_generate import with_overlay

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = by_name("public_operation")


def _opened() -> tuple[dict[str, Any], str, str]:
    """The bundle with the edit applied, the folded path it opened, and one it did not."""
    source = with_overlay(payments_yaml())
    folded = fold_server_prefixes(apply_edits(source, [PUBLIC]))
    open_paths = [
        p for p, item in folded["paths"].items() if item.get("get", {}).get("security") == []
    ]
    closed = [
        p
        for p, item in folded["paths"].items()
        if "get" in item and "security" not in item["get"] and "{" not in p
    ]
    (public,) = open_paths
    return folded, public, closed[0]


async def test_no_key_is_served_where_the_bundle_needs_none() -> None:
    folded, public, closed = _opened()
    keys = KeyIssuer(None)
    app = build_app(Spaces.in_memory(seed_payments=1), keys, folded)
    query = {"source_currency": "USD", "target_currency": "EUR"}
    key = {"Authorization": f"Bearer {keys.issue()}"}
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        keyed = await http.get(public, params=query, headers=key)
        bare = await http.get(public, params=query)
        assert bare.status_code == keyed.status_code != 401, bare.text
        assert set(bare.json()) == set(keyed.json())
        forged = await http.get(public, params=query, headers={"Authorization": "Bearer x.y.z"})
        assert forged.status_code == 401, forged.text
        assert (await http.get(closed)).status_code == 401
