"""Shared fixtures: the bundle as published, and validators for its schemas."""

from __future__ import annotations

from typing import Any

import pytest
from payments_sdk.sandbox._bundle import load_bundle
from payments_sdk.sandbox._schemas import SchemaSet


@pytest.fixture(scope="session")
def bundle() -> dict[str, Any]:
    """The published bundle (openapi/payments.json)."""
    return load_bundle()


@pytest.fixture(scope="session")
def schemas(bundle: dict[str, Any]) -> SchemaSet:
    """Validators for any schema in the bundle."""
    return SchemaSet(bundle)
