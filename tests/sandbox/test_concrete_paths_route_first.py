"""A concrete path is matched before a templated one, as OpenAPI says (/payments/export, {id})."""

from __future__ import annotations

import re
from pathlib import Path

from fold import fold_server_prefixes
from spec_edit_set import apply_edits, by_name
from starlette.routing import Route

from payments_sdk.sandbox._app import build_app
from payments_sdk.sandbox._auth import KeyIssuer
from payments_sdk.sandbox._namespace_states import Spaces
from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_generate import with_overlay

ROOT = Path(__file__).resolve().parents[2]


def test_a_concrete_path_routes_before_a_templated_one_whatever_the_bundles_order() -> None:
    """GET /payments/{id} comes first in the bundle; /payments/export still reaches its own."""
    source = with_overlay(payments_yaml())
    edited = apply_edits(source, [by_name("new_operation"), by_name("csv_response")])
    # The templated path first, whatever order the bundle had (it may carry either edit).
    templated = next(p for p in edited["paths"] if re.fullmatch(r"/payments/\{[^{}/]+\}", p))
    edited["paths"]["/payments/export"] = edited["paths"].pop("/payments/export")
    paths = list(edited["paths"])
    assert paths.index(templated) < paths.index("/payments/export")
    app = build_app(Spaces.in_memory(), KeyIssuer(None), fold_server_prefixes(edited))
    routes = [route.path for route in app.routes if isinstance(route, Route)]
    assert routes.index("/v1/payments/export") < routes.index("/v1" + templated)
