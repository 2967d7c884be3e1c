"""docs/development.md's "OpenAPI 3.1 features" table names every feature `make generate` refuses.

The refusals are read from ``openapi/tools/features.py`` (its schema keywords) and from what it
reports for the feature edits of ``tests/spec/test_unsupported_features_fail_generate.py``: a
refusal the table does not name fails here, so the table cannot fall behind the check.
"""

from __future__ import annotations

from pathlib import Path

from features import SCHEMA_KEYWORDS, unsupported

from tests.spec.test_unsupported_features_fail_generate import CASES, _source

PAGE = Path(__file__).resolve().parents[2] / "docs" / "development.md"


def _section() -> str:
    text = PAGE.read_text(encoding="utf-8")
    return text.split("## OpenAPI 3.1 features", 1)[1].split("\n## ", 1)[0]


def test_every_refused_keyword_is_in_the_table() -> None:
    section = _section()
    missing = sorted({f for f in SCHEMA_KEYWORDS.values() if f"`{f}`" not in section})
    assert missing == [], f"add them to docs/development.md's feature table: {missing}"


def test_every_refused_feature_is_named_in_the_table() -> None:
    section = _section().lower()
    words = {
        "cookie parameter": "cookie",
        "callbacks": "callbacks",
        "webhook parameters": "webhook parameters",
        "webhook body of media type text/plain": "webhook body of another media type",
        "webhook without a JSON request body": "webhook without a json request body",
        "webhook with 2 operations (one is carried)": "webhook with several operations",
        "webhook payload that is not one object schema": "payload that is not one object schema",
        "style: matrix": "matrix",
        "style: label": "label",
        "allowReserved": "allowreserved",
        "security scheme of type http basic (no other alternative)": "http basic",
        "$ref to another document": "$ref to another document",
        "security scheme of type apiKey in query (no other alternative)": "apikey in query",
        "request body with several media types": "of several",
        "header parameter of type array": "header or path parameter of type array",
        "path parameter of type array": "header or path parameter of type array",
    }
    for edit, feature, _ in CASES.values():
        document = _source()
        edit(document)
        for found in unsupported(document):
            if found.feature == feature and feature in words:
                assert words[feature] in section, f"{feature} is not in the table"
