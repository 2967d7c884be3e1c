"""An OpenAPI feature the pipeline does not carry fails `make generate`, naming it and its place.

Each edit below uses one such feature on a copy of ``openapi/payments.yaml``; the check that
`make generate` runs first (``openapi/tools/features.py``) must report exactly that feature at
that JSON pointer, never skip it silently (the generator itself would: it drops a cookie
parameter, a callback or a ``$dynamicRef`` without a word). The published bundle has none.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from features import unsupported

from payments_sdk._operation_parts import Part, request_body
from tests.support.provider_bundle import payments_yaml

ROOT = Path(__file__).resolve().parents[2]
Edit = Callable[[dict[str, Any]], None]


def _source() -> dict[str, Any]:
    return payments_yaml()


def _refund_list_param(param: dict[str, Any]) -> Edit:
    def edit(document: dict[str, Any]) -> None:
        document["paths"]["/refunds"]["get"]["parameters"].append(param)

    return edit


def _request_field(schema: dict[str, Any]) -> Edit:
    def edit(document: dict[str, Any]) -> None:
        request = document["components"]["schemas"]["RefundCreateRequest"]
        request["properties"]["extra"] = schema

    return edit


def _path_param(param: dict[str, Any]) -> Edit:
    def edit(document: dict[str, Any]) -> None:
        document["paths"]["/refunds/{id}"]["get"]["parameters"] = [param]

    return edit


def _refund_body(document: dict[str, Any]) -> Part:
    """The request body of POST /refunds, wherever the bundle writes it (``$ref`` followed)."""
    body = request_body(document, "/refunds", "post")
    assert body is not None
    return body


def _body_media(media: str, keep_json: bool) -> Edit:
    def edit(document: dict[str, Any]) -> None:
        content = _refund_body(document).value["content"]
        content[media] = (
            content["application/json"] if keep_json else content.pop("application/json")
        )

    return edit


def _webhook(change: Callable[[dict[str, Any]], None]) -> Edit:
    """A webhook whose JSON payload is a refund, then ``change`` d (the path item)."""

    def edit(document: dict[str, Any]) -> None:
        payload = {"$ref": "#/components/schemas/Refund"}
        item: dict[str, Any] = {
            "post": {
                "requestBody": {"content": {"application/json": {"schema": payload}}},
                "responses": {"200": {"description": "Received."}},
            }
        }
        change(item)
        document["webhooks"] = {"refundDone": item}

    return edit


def _webhook_media(media: str) -> Callable[[dict[str, Any]], None]:
    def change(item: dict[str, Any]) -> None:
        content = item["post"]["requestBody"]["content"]
        content[media] = content.pop("application/json")

    return change


HOOK = "/webhooks/refundDone/post"


def _callbacks(document: dict[str, Any]) -> None:
    document["paths"]["/refunds"]["post"]["callbacks"] = {
        "done": {"{$request.body#/url}": {"post": {"responses": {"200": {"description": "ok"}}}}}
    }


def _shared_body_keyword(document: dict[str, Any]) -> None:
    """The refund body, moved to components/requestBodies, with an inline schema refused there."""
    shared = copy.deepcopy(_refund_body(document).value)
    document["components"].setdefault("requestBodies", {})["Shared"] = shared
    document["paths"]["/refunds"]["post"]["requestBody"] = {
        "$ref": "#/components/requestBodies/Shared"
    }
    media = document["components"]["requestBodies"]["Shared"]["content"]["application/json"]
    media["schema"] = {"allOf": [media["schema"]], "unevaluatedProperties": False}


def _shared_response_header(document: dict[str, Any]) -> None:
    """A header of a shared (components/responses) answer whose schema uses a refused keyword."""
    headers = document["components"].setdefault("headers", {})
    headers["Trace"] = {"schema": {"$dynamicRef": "#node"}}
    answer = next(iter(document["components"]["responses"].values()))
    answer["headers"] = {"X-Trace": {"$ref": "#/components/headers/Trace"}}


def _basic_only(document: dict[str, Any]) -> None:
    document["components"]["securitySchemes"]["Basic"] = {"type": "http", "scheme": "basic"}
    document["paths"]["/refunds"]["get"]["security"] = [{"Basic": []}]


def _external_ref(document: dict[str, Any]) -> None:
    document["components"]["schemas"]["Elsewhere"] = {"$ref": "./schemas.yaml#/Amount"}


def _query_key(document: dict[str, Any]) -> None:
    document["components"]["securitySchemes"]["QueryKey"] = {
        "type": "apiKey",
        "in": "query",
        "name": "key",
    }
    document["paths"]["/refunds"]["get"]["security"] = [{"QueryKey": []}]


STRING = {"type": "string"}
# Where a parameter appended to the refunds list lands (read from the bundle, whatever it holds).
REFUNDS = "/paths/~1refunds/get/parameters/" + str(
    len(_source()["paths"]["/refunds"]["get"]["parameters"])
)
FIELD = "/components/schemas/RefundCreateRequest/properties/extra"
BODY = _refund_body(_source()).pointer
CASES: dict[str, tuple[Edit, str, str]] = {
    "cookie": (
        _refund_list_param({"name": "session", "in": "cookie", "schema": STRING}),
        "cookie parameter",
        REFUNDS,
    ),
    "matrix": (
        _path_param(
            {"name": "id", "in": "path", "required": True, "style": "matrix", "schema": STRING}
        ),
        "style: matrix",
        "/paths/~1refunds~1{id}/get/parameters/0/style",
    ),
    "label": (
        _path_param(
            {"name": "id", "in": "path", "required": True, "style": "label", "schema": STRING}
        ),
        "style: label",
        "/paths/~1refunds~1{id}/get/parameters/0/style",
    ),
    "header array": (
        _refund_list_param(
            {"name": "X-Tags", "in": "header", "schema": {"type": "array", "items": STRING}}
        ),
        "header parameter of type array",
        f"{REFUNDS}/schema",
    ),
    "path array": (
        _path_param(
            {
                "name": "id",
                "in": "path",
                "required": True,
                "schema": {"type": "array", "items": STRING},
            }
        ),
        "path parameter of type array",
        "/paths/~1refunds~1{id}/get/parameters/0/schema",
    ),
    "header object": (
        _refund_list_param(
            {"name": "X-Filter", "in": "header", "schema": {"type": "object", "properties": {}}}
        ),
        "header parameter of type object",
        f"{REFUNDS}/schema",
    ),
    "query content": (
        _refund_list_param(
            {"name": "q", "in": "query", "content": {"application/json": {"schema": STRING}}}
        ),
        "query parameter with content (not schema)",
        f"{REFUNDS}/content",
    ),
    "allowReserved": (
        _refund_list_param({"name": "q", "in": "query", "allowReserved": True, "schema": STRING}),
        "allowReserved",
        f"{REFUNDS}/allowReserved",
    ),
    "deepObject array": (
        _refund_list_param(
            {
                "name": "q",
                "in": "query",
                "style": "deepObject",
                "schema": {"type": "array", "items": STRING},
            }
        ),
        "style: deepObject on an array",
        f"{REFUNDS}/style",
    ),
    "nested deepObject": (
        _refund_list_param(
            {
                "name": "q",
                "in": "query",
                "style": "deepObject",
                "schema": {"type": "object", "properties": {"inner": {"type": "object"}}},
            }
        ),
        "nested array or object in a query parameter",
        f"{REFUNDS}/schema/properties/inner",
    ),
    "array of objects": (
        _refund_list_param(
            {"name": "q", "in": "query", "schema": {"type": "array", "items": {"type": "object"}}}
        ),
        "query array of arrays or objects",
        f"{REFUNDS}/schema/items",
    ),
    "form-exploded map": (
        _refund_list_param(
            {
                "name": "q",
                "in": "query",
                "schema": {"type": "object", "additionalProperties": STRING},
            }
        ),
        "form-exploded object with additionalProperties",
        f"{REFUNDS}/schema/additionalProperties",
    ),
    "form-exploded clash": (
        _refund_list_param(
            {
                "name": "q",
                "in": "query",
                "schema": {"type": "object", "properties": {"page": {"type": "integer"}}},
            }
        ),
        "form-exploded field page that is also a parameter",
        f"{REFUNDS}/schema/properties/page",
    ),
    "form-urlencoded body": (
        _body_media("application/x-www-form-urlencoded", keep_json=False),
        "request body of media type application/x-www-form-urlencoded",
        f"{BODY}/content/application~1x-www-form-urlencoded",
    ),
    "two media types": (
        _body_media("text/plain", keep_json=True),
        "request body with several media types",
        f"{BODY}/content",
    ),
    "callbacks": (_callbacks, "callbacks", "/paths/~1refunds/post/callbacks"),
    "webhook parameters": (
        _webhook(lambda item: item["post"].update(parameters=[{"name": "X-Sig", "in": "header"}])),
        "webhook parameters",
        f"{HOOK}/parameters",
    ),
    "webhook path-item parameters": (
        _webhook(lambda item: item.update(parameters=[{"name": "X-Sig", "in": "header"}])),
        "webhook parameters",
        "/webhooks/refundDone/parameters",
    ),
    "webhook of text": (
        _webhook(_webhook_media("text/plain")),
        "webhook body of media type text/plain",
        f"{HOOK}/requestBody/content/text~1plain",
    ),
    "webhook of form fields": (
        _webhook(_webhook_media("application/x-www-form-urlencoded")),
        "webhook body of media type application/x-www-form-urlencoded",
        f"{HOOK}/requestBody/content/application~1x-www-form-urlencoded",
    ),
    "webhook without a body": (
        _webhook(lambda item: item["post"].pop("requestBody")),
        "webhook without a JSON request body",
        f"{HOOK}/requestBody",
    ),
    "webhook of two operations": (
        _webhook(lambda item: item.update(put=item["post"])),
        "webhook with 2 operations (one is carried)",
        "/webhooks/refundDone",
    ),
    "webhook payload that is a list": (
        _webhook(
            lambda item: item["post"]["requestBody"]["content"]["application/json"].update(
                schema={"type": "array", "items": {"$ref": "#/components/schemas/Refund"}}
            )
        ),
        "webhook payload that is not one object schema",
        f"{HOOK}/requestBody/content/application~1json/schema",
    ),
    "webhook payload keyword": (
        _webhook(
            lambda item: item["post"]["requestBody"]["content"]["application/json"].update(
                schema={"type": "object", "unevaluatedProperties": False}
            )
        ),
        "unevaluatedProperties",
        f"{HOOK}/requestBody/content/application~1json/schema/unevaluatedProperties",
    ),
    "webhook callbacks": (
        _webhook(lambda item: item["post"].update(callbacks={"x": {}})),
        "callbacks",
        f"{HOOK}/callbacks",
    ),
    "keyword in a shared request body": (
        _shared_body_keyword,
        "unevaluatedProperties",
        "/components/requestBodies/Shared/content/application~1json/schema/unevaluatedProperties",
    ),
    "keyword in a shared header": (
        _shared_response_header,
        "$dynamicRef",
        "/components/headers/Trace/schema/$dynamicRef",
    ),
    "http basic with no other alternative": (
        _basic_only,
        "security scheme of type http basic (no other alternative)",
        "/paths/~1refunds/get/security",
    ),
    "$ref to another file": (
        _external_ref,
        "$ref to another document",
        "/components/schemas/Elsewhere/$ref",
    ),
    "apiKey in query with no other alternative": (
        _query_key,
        "security scheme of type apiKey in query (no other alternative)",
        "/paths/~1refunds/get/security",
    ),
    "unevaluatedProperties": (
        _request_field(
            {"allOf": [{"type": "object"}], "unevaluatedProperties": False, "type": "object"}
        ),
        "unevaluatedProperties",
        f"{FIELD}/unevaluatedProperties",
    ),
    "unevaluatedItems": (
        _request_field({"type": "array", "prefixItems": [STRING], "unevaluatedItems": False}),
        "unevaluatedItems",
        f"{FIELD}/unevaluatedItems",
    ),
    "$dynamicRef": (
        _request_field({"$dynamicRef": "#node"}),
        "$dynamicRef",
        f"{FIELD}/$dynamicRef",
    ),
    "$dynamicRef inside if": (
        _request_field({"type": "object", "if": {"$dynamicRef": "#node"}, "then": {}}),
        "$dynamicRef",
        f"{FIELD}/if/$dynamicRef",
    ),
    "multipleOf of 0": (
        _request_field({"type": "number", "multipleOf": 0}),
        "multipleOf other than a positive number",
        f"{FIELD}/multipleOf",
    ),
    "negative multipleOf": (
        _request_field({"type": "integer", "multipleOf": -0.5}),
        "multipleOf other than a positive number",
        f"{FIELD}/multipleOf",
    ),
    # JSON Schema's idn-hostname (IDNA2008's tables are not in the standard library): refused
    # by name. A format of no standard (``phone``) is an annotation, not refused.
    "format idn-hostname": (
        _request_field({"type": "string", "format": "idn-hostname"}),
        "format: idn-hostname",
        f"{FIELD}/format",
    ),
    "not a schema": (
        _request_field({"type": "string", "not": {"const": "x"}}),
        "not (other than not: {required})",
        f"{FIELD}/not",
    ),
}


def test_the_published_bundle_uses_only_supported_features() -> None:
    """`make generate` passes on the bundle as it is."""
    document = json.loads((ROOT / "openapi" / "payments.json").read_text(encoding="utf-8"))
    assert unsupported(document) == []


# ECMA-262 pattern syntax Python's re cannot compile: the schema engine of the SDK and the
# sandbox would, but the tests' value generators (Hypothesis, schemathesis) could draw no value
# for it, so `make generate` names it instead.
CASES.update(
    {
        "Unicode property escape": (
            _request_field({"type": "string", "pattern": "^[\\p{L}][\\p{L} '-]*$"}),
            "pattern with a Unicode property escape (\\p{...})",
            f"{FIELD}/pattern",
        ),
        "named group": (
            _request_field({"type": "string", "pattern": "^(?<year>[0-9]{4})$"}),
            "pattern Python's re cannot compile (unknown extension ?<y)",
            f"{FIELD}/pattern",
        ),
        "property escape in a field name": (
            _request_field({"type": "object", "patternProperties": {"^\\p{Lu}": STRING}}),
            "pattern with a Unicode property escape (\\p{...})",
            f"{FIELD}/patternProperties/^\\p{{Lu}}",
        ),
    }
)


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_unsupported_feature_is_named_at_its_place(case: str) -> None:
    """The check names the feature and the JSON pointer of its use, and nothing else."""
    edit, feature, pointer = CASES[case]
    document = _source()
    edit(document)
    found = [(f.feature, f.pointer) for f in unsupported(document)]
    assert (feature, pointer) in found, found
    assert all(where.startswith(pointer.rsplit("/", 1)[0]) for _, where in found), found


def test_each_format_is_checked_annotated_or_refused_by_name() -> None:
    """A format is checked, an annotation, or (``idn-hostname``) refused by name.

    The formats OpenAPI 3.1, JSON Schema and the OpenAPI Format Registry define, and one no
    registry does (``phone``): each is in ``_formats.CHECKED`` (the SDK and the sandbox enforce
    it) or ``_formats.ANNOTATIONS`` (it states no rule), or it is an annotation nobody knows
    (JSON Schema 2020-12, 7.2), which `make generate` passes and the docstring names as
    unchecked; only ``_formats.REFUSED`` fails `make generate`, naming the format.
    """
    from features import FORMATS, REFUSED_FORMATS

    common = [
        "date-time", "date", "time", "duration", "email", "idn-email", "hostname",
        "idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uuid",
        "uri-template", "json-pointer", "relative-json-pointer", "regex", "int32", "int64",
        "float", "double", "byte", "binary", "password",
    ]  # fmt: skip
    registry = [
        "base64url", "char", "commonmark", "date-time-local", "decimal", "decimal128",
        "double-int", "html", "http-date", "int8", "int16", "media-range", "sf-binary",
        "sf-boolean", "sf-decimal", "sf-integer", "sf-string", "sf-token", "time-local", "uint8",
        "uint16", "uint32", "uint64",
    ]  # fmt: skip
    assert set(registry) <= FORMATS
    assert set(REFUSED_FORMATS) == {"idn-hostname"}
    for fmt in [*common, *registry, "phone"]:
        document = _source()
        _request_field({"type": "string", "format": fmt})(document)
        found = [f.feature for f in unsupported(document)]
        if fmt in REFUSED_FORMATS:
            assert found == [f"format: {fmt}"], (fmt, found)
        else:
            assert found == [], (fmt, found)


def test_an_unknown_format_is_named_unchecked_in_the_docstring() -> None:
    """The generated docstring of an argument whose format no list knows says it is unchecked."""
    from surface import environment

    env = environment(ROOT / "openapi" / "templates" / "surface")
    rules = env.get_template("_macros.jinja").module.rules  # type: ignore[attr-defined]
    said = " ".join(str(rules({"type": "string", "format": "phone"})).split())
    assert "Format ``phone`` is not checked" in said, said
    for fmt in ("decimal", "uint8", "commonmark", "ipv4"):
        assert "not checked" not in str(rules({"type": "string", "format": fmt})), fmt


def test_the_check_fails_make_generate_first(tmp_path: Path) -> None:
    """Run as `make generate` runs it: exit 1 and one line per use, before the generator."""
    document = _source()
    CASES["cookie"][0](document)
    bundle = tmp_path / "payments.json"
    bundle.write_text(json.dumps(document), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(ROOT / "openapi" / "tools" / "features.py"), str(bundle)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert f"unsupported OpenAPI feature cookie parameter at {REFUNDS}" in done.stderr
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    steps = makefile.split("define generate_into", 1)[1].split("endef", 1)[0]
    # The bundle is openapi/payments.json, or the one `make generate-into BUNDLE=` is given,
    # with our overlay applied first (DIR/payments.json), and the check reads that.
    applied = r"overlay\.py \$\(or \$\(2\),openapi/payments\.json\) \$\(1\)/payments\.json .*\n"
    checked = r"\s*\$\(PY\) openapi/tools/features\.py \$\(1\)/payments\.json\n"
    assert re.search(applied + checked + r"(.|\n)*openapi-python-client", steps)


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda item: None, id="a $ref payload"),
        pytest.param(
            lambda item: item["post"]["requestBody"]["content"].update(
                {
                    "application/json; charset=utf-8": item["post"]["requestBody"]["content"].pop(
                        "application/json"
                    )
                }
            ),
            id="JSON with its charset",
        ),
        pytest.param(
            lambda item: item["post"]["requestBody"]["content"]["application/json"].update(
                schema={"allOf": [{"$ref": "#/components/schemas/Refund"}], "required": ["id"]}
            ),
            id="an inline allOf payload",
        ),
        pytest.param(
            lambda item: item["post"].update(deprecated=True, security=[], summary="Done."),
            id="documentation beside it",
        ),
    ],
)
def test_a_webhook_with_one_json_object_payload_passes(change: Any) -> None:
    """A webhook of one operation whose JSON payload is an object schema is carried."""
    document = _source()
    _webhook(change)(document)
    assert unsupported(document) == []


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "integer", "multipleOf": 5, "exclusiveMinimum": 0, "exclusiveMaximum": 100},
        {"type": "array", "items": STRING, "uniqueItems": True, "contains": {"const": "a"}},
        {"type": "array", "prefixItems": [STRING], "items": False, "minContains": 0},
        {"type": "object", "minProperties": 1, "maxProperties": 3, "propertyNames": STRING},
        {"type": "object", "patternProperties": {"^x_": STRING}, "additionalProperties": False},
        {"type": "object", "dependentRequired": {"a": ["b"]}, "dependentSchemas": {"a": {}}},
        {"type": "object", "if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {}},
        {"type": "string", "contentEncoding": "base64", "contentMediaType": "image/png"},
        {"$ref": "#/components/schemas/MinorAmount", "multipleOf": 100},
        {"type": ["integer", "null"], "multipleOf": 5},
        {"type": "number", "multipleOf": 0.01, "exclusiveMinimum": 0, "maximum": 1},
        {"type": "number", "minimum": 0.5, "multipleOf": 0.5},
        {"type": "integer", "multipleOf": 1.5},
        {"type": "string", "format": "phone"},
    ],
)
def test_the_carried_keywords_pass(schema: dict[str, Any]) -> None:
    """The JSON Schema assertions the SDK and the sandbox enforce alike are not refused."""
    document = _source()
    _request_field(schema)(document)
    assert unsupported(document) == []
