"""Fail `make generate` on an OpenAPI feature the pipeline does not carry, naming it and its place.

The generator, the SDK's checks, the sandbox and the command line carry a set of OpenAPI 3.1
features (docs/development.md, "OpenAPI 3.1 features"). A bundle that uses another one would be
generated without it: a cookie the SDK never sends, a keyword its checks never enforce, a
callback nobody serves. That is a silent skip, so this step refuses it first, one line each::

    unsupported OpenAPI feature cookie parameter at /paths/~1refunds/get/parameters/2

and exits 1. It walks the bundle with our overlay applied (``overlay.py``), which adds to the
provider's bundle (``openapi/payments.json``) and moves nothing, so each JSON pointer is a place
in the provider's file, or one our overlay adds. ``make generate`` runs it before
openapi-python-client.

Usage: python openapi/tools/features.py BUNDLE.json
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["FORMATS", "REFUSED_FORMATS", "SCHEMA_KEYWORDS", "Finding", "main", "unsupported"]

METHODS = ("get", "put", "post", "patch", "delete", "options", "head", "trace")

SCHEMA_KEYWORDS = {
    # JSON Schema 2020-12 keywords the SDK's checks cannot carry. $dynamicRef/$dynamicAnchor
    # resolve at validation time, along the dynamic scope: the generator resolves every $ref
    # once, into one model and one schema per argument. unevaluatedProperties/unevaluatedItems
    # depend on what every applicator (oneOf, if/then/else, dependentSchemas, contains) has
    # evaluated, which the SDK's checks, keyword by keyword, do not track.
    "$dynamicRef": "$dynamicRef",
    "$dynamicAnchor": "$dynamicAnchor",
    "unevaluatedProperties": "unevaluatedProperties",
    "unevaluatedItems": "unevaluatedItems",
}
"""Each unsupported schema keyword, and the feature it is reported as."""

# Keywords whose value is a schema, a list of schemas, or a map of names to schemas.
_ONE = ("items", "additionalProperties", "not", "contains", "if", "then", "else", "propertyNames")
_MANY = ("oneOf", "anyOf", "allOf", "prefixItems")
_MAP = ("properties", "patternProperties", "$defs", "dependentSchemas")


def _sdk_module(name: str) -> Any:
    """``payments_sdk/<name>.py``, loaded by path (it imports nothing of the package)."""
    where = Path(__file__).resolve().parents[2] / "wrapper" / "payments_sdk" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_payments_sdk{name}", where)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a NamedTuple of the module looks itself up there
    spec.loader.exec_module(module)
    return module


def _tool_module(name: str) -> Any:
    """``openapi/tools/<name>.py``, loaded by path (features.py runs as a script or a module)."""
    spec = importlib.util.spec_from_file_location(
        f"_tool_{name}", Path(__file__).with_name(f"{name}.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# Which security schemes the SDK sends: one reading, shared with the folded copy.
_FOLD = _tool_module("fold")
_FORMATS = _sdk_module("_formats")
# The one reading of an operation's parts: $ref followed, path-item parameters shared.
_PARTS = _sdk_module("_operation_parts")
FORMATS: frozenset[str] = _FORMATS.CHECKED | _FORMATS.ANNOTATIONS
"""Every ``format`` the pipeline knows: checked by the SDK and the sandbox, or documentation.

Any other format is carried as an annotation (and said to be unchecked in the docstrings);
only :data:`REFUSED_FORMATS` fail ``make generate``.
"""
REFUSED_FORMATS: dict[str, str] = _FORMATS.REFUSED
"""Formats refused by name, each with the reason no honest rule is written for it."""

QUERY_STYLES = ("form", "spaceDelimited", "pipeDelimited", "deepObject")
REQUEST_MEDIA = ("application/json", "multipart/form-data")


class Finding(NamedTuple):
    """One unsupported feature and where the bundle uses it."""

    feature: str
    pointer: str

    def __str__(self) -> str:
        return f"unsupported OpenAPI feature {self.feature} at {self.pointer}"


def _escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


def _at(pointer: str, *segments: str | int) -> str:
    return pointer + "".join("/" + _escape(str(segment)) for segment in segments)


def _unreadable(pattern: Any) -> str:
    r"""Name the syntax of ``pattern`` a reader of the bundle cannot compile, else ``""``.

    The SDK and the sandbox check patterns with the schema engine (jsonschema-rs, ECMA-262); the
    tests' value generators (Hypothesis, schemathesis) compile them with Python's ``re``, which
    has no Unicode property escapes (``\p{L}``, ECMA-262's ``u`` flag) and no ``(?<name>...)``:
    they could not draw a value for it.
    """
    if not isinstance(pattern, str):
        return ""
    if re.search(r"\\[pP]\{", pattern):
        return "pattern with a Unicode property escape (\\p{...})"
    try:
        re.compile(pattern)
    except re.error as exc:
        return f"pattern Python's re cannot compile ({exc.msg})"
    import jsonschema_rs

    try:
        jsonschema_rs.validator_for({"pattern": pattern})
    except ValueError as exc:
        return f"pattern the schema engine cannot compile ({exc})"
    return ""


class _Walker:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.found: list[Finding] = []

    def add(self, feature: str, pointer: str) -> None:
        self.found.append(Finding(feature, pointer))

    def resolve(self, node: Any) -> Any:
        seen = 0
        while isinstance(node, dict) and "$ref" in node and seen < 50:
            target: Any = self.document
            ref = str(node["$ref"])
            if not ref.startswith("#/"):
                return {}
            for part in ref.removeprefix("#/").split("/"):
                target = target.get(part.replace("~1", "/").replace("~0", "~"), {})
            node, seen = target, seen + 1
        return node

    # -- schemas ---------------------------------------------------------------------------

    def schema(self, node: Any, pointer: str) -> None:
        if not isinstance(node, dict):
            return
        for keyword, feature in SCHEMA_KEYWORDS.items():
            if keyword in node:
                self.add(feature, _at(pointer, keyword))
        step = node.get("multipleOf")
        if step is not None and (
            isinstance(step, bool) or not isinstance(step, int | float) or step <= 0
        ):
            # JSON Schema 2020-12 (6.2.1): "strictly greater than 0". Any positive step, 0.01
            # too, is checked exactly (the bundle's literal read as the decimal it spells).
            self.add("multipleOf other than a positive number", _at(pointer, "multipleOf"))
        fmt = node.get("format")
        if fmt in REFUSED_FORMATS:
            # A format nobody knows is an annotation (JSON Schema 2020-12, 7.2), said so in the
            # method's docstring; one we know we cannot check honestly is refused by name.
            self.add(f"format: {fmt}", _at(pointer, "format"))
        negated = node.get("not")
        empty = not any(dict(negated.get("properties", {})).values()) if negated else True
        if isinstance(negated, dict) and (
            set(negated) - {"required", "description", "properties"} or not empty
        ):
            # _checks.py and the sandbox's messages carry `not: {required: [...]}` (fields that
            # may not be sent together), nothing else.
            self.add("not (other than not: {required})", _at(pointer, "not"))
        named = node.get("patternProperties", {})
        patterns = [(node.get("pattern"), _at(pointer, "pattern"))] + [
            (key, _at(pointer, "patternProperties", key)) for key in named
        ]
        for pattern, where in patterns:
            unreadable = _unreadable(pattern)
            if unreadable:
                self.add(unreadable, where)
        for keyword in _ONE:
            if isinstance(node.get(keyword), dict) and keyword not in SCHEMA_KEYWORDS:
                self.schema(node[keyword], _at(pointer, keyword))
        for keyword in _MANY:
            if isinstance(node.get(keyword), list) and keyword not in SCHEMA_KEYWORDS:
                for index, branch in enumerate(node[keyword]):
                    self.schema(branch, _at(pointer, keyword, index))
        for keyword in _MAP:
            if isinstance(node.get(keyword), dict) and keyword not in SCHEMA_KEYWORDS:
                for name, sub in node[keyword].items():
                    self.schema(sub, _at(pointer, keyword, name))

    # -- parameters ------------------------------------------------------------------------

    def parameter(self, raw: Any, pointer: str, siblings: set[str]) -> None:
        param = self.resolve(raw)
        if not isinstance(param, dict):
            return
        if "$ref" in raw:
            pointer = str(raw["$ref"]).removeprefix("#")
        where = param.get("in")
        if where == "cookie":
            self.add("cookie parameter", pointer)
            return
        if "content" in param:
            self.add(f"{where} parameter with content (not schema)", _at(pointer, "content"))
            return
        for flag in ("allowReserved", "allowEmptyValue"):
            if param.get(flag):
                self.add(flag, _at(pointer, flag))
        schema = self.resolve(param.get("schema", {}))
        kind = schema.get("type") if isinstance(schema, dict) else None
        style = param.get("style")
        explode = param.get("explode", (style or "form") == "form" if where == "query" else False)
        if where in ("path", "header"):
            if style not in (None, "simple"):
                self.add(f"style: {style}", _at(pointer, "style"))
            elif where == "path" and kind in ("array", "object"):
                self.add(f"path parameter of type {kind}", _at(pointer, "schema"))
            elif where == "header" and kind in ("array", "object"):
                # openapi-python-client refuses a list in a header ("not allowed in header").
                self.add(f"header parameter of type {kind}", _at(pointer, "schema"))
            return
        if where != "query":
            return
        style = style or "form"
        if style not in QUERY_STYLES:
            self.add(f"style: {style}", _at(pointer, "style"))
            return
        if kind == "array":
            if style == "deepObject":
                self.add("style: deepObject on an array", _at(pointer, "style"))
            elif self._structured(schema.get("items")):
                self.add("query array of arrays or objects", _at(pointer, "schema", "items"))
        elif kind == "object":
            self.object_parameter(param, schema, pointer, style, bool(explode), siblings)
        elif style != "form":
            self.add(f"style: {style} on a {kind or 'untyped'} parameter", _at(pointer, "style"))

    def object_parameter(
        self,
        param: dict[str, Any],
        schema: dict[str, Any],
        pointer: str,
        style: str,
        explode: bool,
        siblings: set[str],
    ) -> None:
        if style in ("spaceDelimited", "pipeDelimited") and explode:
            self.add(f"style: {style} with explode on an object", _at(pointer, "explode"))
        for name, sub in schema.get("properties", {}).items():
            if self._structured(sub):
                self.add(
                    "nested array or object in a query parameter",
                    _at(pointer, "schema", "properties", name),
                )
            if style == "form" and explode and name in siblings:
                self.add(
                    f"form-exploded field {name} that is also a parameter",
                    _at(pointer, "schema", "properties", name),
                )
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and self._structured(extra):
            self.add(
                "nested array or object in a query parameter",
                _at(pointer, "schema", "additionalProperties"),
            )
        if style == "form" and explode and isinstance(extra, dict):
            self.add(
                "form-exploded object with additionalProperties",
                _at(pointer, "schema", "additionalProperties"),
            )

    def _structured(self, node: Any) -> bool:
        schema = self.resolve(node)
        return isinstance(schema, dict) and (
            schema.get("type") in ("array", "object") or "properties" in schema
        )

    # -- operations ------------------------------------------------------------------------

    def operation(self, path: str, method: str, pointer: str) -> None:
        spec = self.document["paths"][path][method]
        if spec.get("callbacks"):
            self.add("callbacks", _at(pointer, "callbacks"))
        names = {part.value.get("name") for part in _PARTS.parameters(self.document, path, method)}
        for index, param in enumerate(spec.get("parameters", [])):
            self.parameter(param, _at(pointer, "parameters", index), names)
        body = _PARTS.request_body(self.document, path, method)
        if body is not None and isinstance(body.value, dict):
            content = body.value.get("content", {})
            where = _at(body.pointer, "content")
            if len(content) > 1:
                self.add("request body with several media types", where)
            for media in content:
                kind, _, parameters = media.partition(";")
                bare, said = kind.strip().lower(), parameters.replace(" ", "").lower()
                utf8_json = bare == "application/json" and said == "charset=utf-8"  # fold.py
                if bare not in REQUEST_MEDIA or (said and not utf8_json):
                    self.add(f"request body of media type {media}", _at(where, media))
        # A response's ``links`` (which call its answer leads to) are documentation: the
        # method's docstring says so; nothing calls them.

    # -- webhooks --------------------------------------------------------------------------

    def webhook(self, kind: str, raw: Any) -> None:
        """Refuse what a webhook carries beyond one operation with a JSON object body.

        Its payload becomes a model, ``payments_sdk.webhooks.parse`` and the sandbox's
        ``webhook_body`` (docs/webhooks.md). Parameters (a signature header, for one) would be
        left unchecked and a body of another media type unparsed: each is refused by name.
        """
        pointer = _at("/webhooks", kind)
        item = self.resolve(raw)
        if isinstance(raw, dict) and "$ref" in raw:
            pointer = str(raw["$ref"]).removeprefix("#")
        if not isinstance(item, dict):
            return
        if item.get("parameters"):
            self.add("webhook parameters", _at(pointer, "parameters"))
        verbs = [verb for verb in METHODS if isinstance(item.get(verb), dict)]
        if len(verbs) != 1:
            self.add(f"webhook with {len(verbs) or 'no'} operations (one is carried)", pointer)
            return
        where = _at(pointer, verbs[0])
        spec = item[verbs[0]]
        if spec.get("callbacks"):
            self.add("callbacks", _at(where, "callbacks"))
        if spec.get("parameters"):
            self.add("webhook parameters", _at(where, "parameters"))
        body = self.resolve(spec.get("requestBody"))
        if isinstance(spec.get("requestBody"), dict) and "$ref" in spec["requestBody"]:
            where = str(spec["requestBody"]["$ref"]).removeprefix("#")
        else:
            where = _at(where, "requestBody")
        content = body.get("content") if isinstance(body, dict) else None
        if not isinstance(content, dict) or not content:
            self.add("webhook without a JSON request body", where)
            return
        where = _at(where, "content")
        if len(content) > 1:
            self.add("webhook body with several media types", where)
            return
        ((media, holder),) = content.items()
        bare, _, said = (part.strip().lower() for part in media.partition(";"))
        if bare != "application/json" or said.replace(" ", "") not in ("", "charset=utf-8"):
            self.add(f"webhook body of media type {media}", _at(where, media))
            return
        schema = holder.get("schema") if isinstance(holder, dict) else None
        target = self.resolve(schema)
        if (
            not isinstance(target, dict)
            or not (target.get("type") == "object" or "properties" in target or "allOf" in target)
            or "oneOf" in target
            or "anyOf" in target
        ):
            self.add("webhook payload that is not one object schema", _at(where, media, "schema"))
            return
        self.schema(schema, _at(where, media, "schema"))

    def run(self) -> list[Finding]:
        document = self.document
        webhooks = document.get("webhooks") or {}
        for kind, raw in webhooks.items() if isinstance(webhooks, dict) else ():
            self.webhook(str(kind), raw)
        components = document.get("components", {})
        if components.get("callbacks"):
            self.add("callbacks", "/components/callbacks")
        self._security()
        self._external_refs(document, "")
        for name, schema in components.get("schemas", {}).items():
            self.schema(schema, _at("/components/schemas", name))
        for path, item in document.get("paths", {}).items():
            base = _at("/paths", path)
            shared = item.get("parameters", [])
            names = {self.resolve(p).get("name") for p in shared}
            for index, param in enumerate(shared):
                self.parameter(param, _at(base, "parameters", index), names)
            for method in METHODS:
                if isinstance(item.get(method), dict):
                    self.operation(path, method, _at(base, method))
        for name, param in components.get("parameters", {}).items():
            schema = self.resolve(param).get("schema") if isinstance(param, dict) else None
            self.schema(schema, _at("/components/parameters", name, "schema"))
        self._inline_schemas()
        return sorted(set(self.found), key=lambda f: (f.pointer, f.feature))

    def _external_refs(self, node: Any, pointer: str) -> None:
        """Refuse a ``$ref`` to another file (``./schemas.yaml#/...``): a bundle is one document.

        Every tool reads the bundle alone (the generator, the sandbox, api-diff), so a part in
        another file would be missing from each; bundle the files first (``redocly bundle``).
        """
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and not ref.startswith("#"):
                self.add("$ref to another document", _at(pointer, "$ref"))
            for key, value in node.items():
                self._external_refs(value, _at(pointer, key))
        elif isinstance(node, list):
            for index, value in enumerate(node):
                self._external_refs(value, _at(pointer, index))

    def _security(self) -> None:
        """Refuse a ``security`` list none of whose alternatives the SDK can send.

        Alternatives are what a client may choose from: a scheme the SDK cannot send (``http
        basic``, a key in the query) is left out of the folded copy (``fold.carried``) when
        another alternative remains; a list with none left is refused, naming each scheme.
        """
        document = self.document
        schemes = document.get("components", {}).get("securitySchemes", {})
        lists: list[tuple[str, Any]] = []
        if "security" in document:
            lists.append(("/security", document["security"]))
        for path, item in document.get("paths", {}).items():
            for method in METHODS:
                operation = item.get(method)
                if isinstance(operation, dict) and "security" in operation:
                    lists.append((_at("/paths", path, method, "security"), operation["security"]))
        for where, requirements in lists:
            if not isinstance(requirements, list) or not requirements:
                continue
            if any(
                all(_FOLD.carried(self.resolve(schemes.get(name))) for name in requirement)
                for requirement in requirements
                if isinstance(requirement, dict)
            ):
                continue
            for requirement in requirements:
                for name in requirement if isinstance(requirement, dict) else ():
                    scheme = self.resolve(schemes.get(name))
                    if _FOLD.carried(scheme) or not isinstance(scheme, dict):
                        continue
                    kind = [str(scheme.get("type", "")), str(scheme.get("scheme", "")).lower()]
                    label = " ".join(part for part in kind if part)
                    if scheme.get("type") == "apiKey":
                        label = f"apiKey in {scheme.get('in')}"
                    self.add(f"security scheme of type {label} (no other alternative)", where)

    def _inline_schemas(self) -> None:
        """Walk the schemas of parameters, bodies, responses and headers, where they are written.

        A part written once in ``components`` (``requestBodies``, ``responses``, ``headers``)
        is walked there, under its own pointer, whether an operation refers to it or not.
        """
        for path, item in self.document.get("paths", {}).items():
            for method in METHODS:
                if not isinstance(item.get(method), dict):
                    continue
                for param in _PARTS.parameters(self.document, path, method):
                    self.schema(param.value.get("schema"), _at(param.pointer, "schema"))
                for where, holder in self._media(path, method):
                    self.schema(holder.get("schema"), _at(where, "schema"))
                for response in _PARTS.responses(self.document, path, method).values():
                    self._headers(response)
        components = self.document.get("components", {})
        for kind in ("requestBodies", "responses"):
            for name, node in components.get(kind, {}).items():
                part = _PARTS.follow(self.document, node, _at("/components", kind, name))
                self._content(part)
                if kind == "responses":
                    self._headers(part)
        for name, node in components.get("headers", {}).items():
            header = _PARTS.follow(self.document, node, _at("/components/headers", name))
            if isinstance(header.value, dict):
                self.schema(header.value.get("schema"), _at(header.pointer, "schema"))

    def _content(self, part: Any) -> None:
        for media, holder in (part.value or {}).get("content", {}).items():
            if isinstance(holder, dict):
                self.schema(holder.get("schema"), _at(part.pointer, "content", media, "schema"))

    def _headers(self, response: Any) -> None:
        for header in _PARTS.headers(self.document, response).values():
            if isinstance(header.value, dict):
                self.schema(header.value.get("schema"), _at(header.pointer, "schema"))

    def _media(self, path: str, method: str) -> Iterator[tuple[str, dict[str, Any]]]:
        """Yield each media type of the operation's body and answers, with its pointer."""
        body = _PARTS.request_body(self.document, path, method)
        answers = list(_PARTS.responses(self.document, path, method).values())
        for part in [*([body] if body is not None else []), *answers]:
            if not isinstance(part.value, dict):
                continue
            for media, holder in part.value.get("content", {}).items():
                if isinstance(holder, dict):
                    yield _at(part.pointer, "content", media), holder


def unsupported(document: dict[str, Any]) -> list[Finding]:
    """Return every use of a feature the pipeline does not carry, in pointer order."""
    return _Walker(document).run()


def main(argv: list[str]) -> int:
    """``features.py BUNDLE.json``: print each unsupported feature; exit 1 if there is one."""
    document = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    findings = unsupported(document)
    for finding in findings:
        print(finding, file=sys.stderr)
    if findings:
        print(
            f"{len(findings)} unsupported OpenAPI feature(s): see docs/development.md, "
            '"OpenAPI 3.1 features"',
            file=sys.stderr,
        )
    return 1 if findings else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
