"""A concrete path is matched before a templated one, as OpenAPI says (/payments/export, {id})."""

from __future__ import annotations

from pathlib import Path

import yaml
from fold import fold_server_prefixes
from spec_edit_set import apply_edits, by_name
from starlette.routing import Route

from payments_sdk.sandbox._app import build_app
from payments_sdk.sandbox._auth import KeyIssuer
from payments_sdk.sandbox._namespace_states import Spaces

ROOT = Path(__file__).resolve().parents[2]


def test_a_concrete_path_routes_before_a_templated_one_whatever_the_bundles_order() -> None:
    """GET /payments/{id} comes first in the bundle; /payments/export still reaches its own."""
    source = yaml.safe_load((ROOT / "openapi" / "payments.yaml").read_text(encoding="utf-8"))
    edited = apply_edits(source, [by_name("new_operation"), by_name("csv_response")])
    paths = list(edited["paths"])
    assert paths.index("/payments/{id}") < paths.index("/payments/export")
    app = build_app(Spaces.in_memory(), KeyIssuer(None), fold_server_prefixes(edited))
    routes = [route.path for route in app.routes if isinstance(route, Route)]
    assert routes.index("/v1/payments/export") < routes.index("/v1/payments/{id}")
