"""A JSON answer with no component schema is typed as the generated operation parses it.

An inline object (``GET /payments/summary``) or a top-level array has no ``x-model``; the surface
typed it ``Any`` and imported ``Any`` from the models, which ``mypy`` refused (``make lint``).
It now reads the generated operation's own return type: the class openapi-python-client named
(``SummarisePaymentsResponse200``), or ``list[str]``; only model classes are imported.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from spec_edit_set import apply_edits, by_name
from surface import build_table

from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_generate import generate_into


def test_inline_and_array_answers_name_what_the_generator_wrote(tmp_path: Path) -> None:
    source = payments_yaml()
    edited = apply_edits(source, [by_name("resource_action")])
    edited["paths"]["/supported_currencies"] = {
        "get": {
            "operationId": "listSupportedCurrencies",
            "tags": ["Multi Currency Account"],
            "summary": "List supported currencies",
            "description": "The currencies an account may hold.",
            "responses": {
                "200": {
                    "description": "The currencies.",
                    "content": {
                        "application/json": {
                            "schema": {"type": "array", "items": {"type": "string"}}
                        }
                    },
                }
            },
        }
    }
    out = generate_into(tmp_path, edited)
    folded = yaml.safe_load((out / "payments.folded.json").read_text(encoding="utf-8"))
    table = {m.operation_id: m for m in build_table(folded, out / "payments_sdk_generated")}
    summary, currencies = table["summarisePayments"], table["listSupportedCurrencies"]
    assert summary.result == "SummarisePaymentsResponse200"
    assert summary.result in summary.models
    assert currencies.result == "list[str]" and not currencies.models
