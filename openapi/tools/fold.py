"""Fold the bundle's server prefixes into its paths, for the tools that ignore ``servers``.

The published bundle keeps the description's addressing: most paths are relative to
``{base_url}`` (which ends in ``/v1``) and ``/v2/beneficiaries`` carries a path-level server,
``{root_url}``. openapi-python-client and Prism ignore ``servers``, so they get a *folded* copy in
which every path is relative to ``{root_url}``: ``/ping`` becomes ``/v1/ping`` and
``/v2/beneficiaries`` stays as it is. ``make generate`` writes that copy to
``generated/payments.folded.json``; the generator reads it, and the sandbox ships and routes by
it, so the generated operations, the mock server and the sandbox agree on every full path.

The folded copy also keys a JSON body written ``application/json; charset=utf-8`` by its bare
media type, which means the same (JSON is UTF-8), so every tool reads one key.

OpenAPI 3.1 allows ``servers`` at three levels: the document, a path item and an operation. The
nearest one wins (operation, then path item, then document), and folding honours all three: an
operation that moves ``GET /refunds/{id}`` to a ``/v2`` server is folded to ``/v2/refunds/{id}``
while its siblings stay under ``/v1``. A server that cannot be folded into a path below the one
service root is refused with :class:`FoldError`, naming the operation: another host, a
variable without a default, or several servers of one path item or operation whose paths
differ (which one would the SDK call?). The document's own ``servers`` are the alternatives a
user picks from (a sandbox, a live host, a wallet address's own path): the first is folded.

A ``schema`` written as a ``$ref`` to a parameter or a header is read as that one's schema, and
an OpenAPI 3.0 bundle's ``nullable`` and boolean exclusive bounds are written as 3.1 says them.

The folded copy keeps only the ``security`` alternatives the SDK can send (:func:`carried`):
a bearer token (``http bearer``; ``oauth2`` and ``openIdConnect``, whose access token is sent
as one) or a key in a header. An alternative that needs another kind (``http basic``, a key
in the query or a cookie, mutual TLS) is left out, so no part offers it; an operation left
with none is refused by ``features.py``, by name and pointer, before this step runs.

Usage: python openapi/tools/fold.py [SOURCE.json [TARGET.json]]
(defaults: openapi/payments.json with our overlay applied, printed to standard output)
"""

from __future__ import annotations

import copy
import json
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from overlay import merged_bundle

__all__ = [
    "METHODS",
    "PUBLISHED",
    "FoldError",
    "carried",
    "fold_server_prefixes",
    "full_path",
    "load_published",
    "server_of",
]

PUBLISHED = Path(__file__).resolve().parent.parent / "payments.json"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
_VARIABLE = re.compile(r"\{([^{}]*)\}")
BASE_PATH = "x-sdk-base-path"
"""The server's path when it is more than versions (``payments_sdk._naming.BASE_PATH``)."""


class FoldError(ValueError):
    """A ``servers`` entry that cannot be folded into a path below the service root."""


def load_published() -> dict[str, Any]:
    """Return the bundle the SDK is generated from, with our overlay applied.

    That is ``openapi/payments.json``, the provider's bundle as the repository holds it, with
    ``openapi/overlay.yaml`` applied.
    """
    document: dict[str, Any] = merged_bundle(PUBLISHED)
    return document


def _expand(server: dict[str, Any], where: str) -> str:
    """Return a server's URL with its variables at their defaults (no trailing ``/``)."""
    url = server.get("url")
    if not isinstance(url, str) or not url:
        raise FoldError(f"{where}: a server has no url")
    variables = server.get("variables") or {}

    def default(match: re.Match[str]) -> str:
        name = match.group(1)
        variable = variables.get(name)
        if not isinstance(variable, dict) or not isinstance(variable.get("default"), str):
            raise FoldError(f"{where}: server variable {{{name}}} in {url!r} has no default")
        value: str = variable["default"]
        return value

    return _VARIABLE.sub(default, url).rstrip("/")


def _server_url(servers: list[dict[str, Any]], where: str) -> str:
    """Return the one URL a ``servers`` list means; refuse a list whose entries disagree.

    The document's list is of alternatives (OpenAPI 3.1, 4.8.1): its first server is the one.
    """
    if not isinstance(servers, list) or not servers:
        raise FoldError(f"{where}: servers must be a non-empty list")
    urls = [_expand(server, where) for server in servers]
    paths = {urlsplit(url).path.rstrip("/") for url in urls}
    if len(paths) > 1 and where != "the document":
        raise FoldError(
            f"{where}: its servers have different paths ({', '.join(sorted(paths))}); "
            "the SDK calls one address per operation, so list one server, or several that "
            "differ only in host"
        )
    return urls[0]


def server_of(document: dict[str, Any], path: str, method: str | None = None) -> str:
    """Return the server URL (variables at their defaults) that ``method path`` is served from.

    The nearest ``servers`` wins: the operation's, then the path item's, then the document's.
    """
    item = document["paths"][path]
    if method is not None and (item.get(method) or {}).get("servers"):
        return _server_url(item[method]["servers"], f"{method.upper()} {path}")
    if item.get("servers"):
        return _server_url(item["servers"], path)
    return _server_url(document["servers"], "the document")


def _root(document: dict[str, Any]) -> tuple[str, str]:
    """Return the document server's root (scheme and host) and its path (``/v1``)."""
    base = urlsplit(_server_url(document["servers"], "the document"))
    return base._replace(path="", query="", fragment="").geturl(), base.path.rstrip("/")


def full_path(document: dict[str, Any], path: str, method: str | None = None) -> str:
    """Return ``path`` (of ``method``, if given) relative to the root address of the service.

    A path-level or operation-level server such as ``{root_url}`` has no path of its own; the
    document's server (``{base_url}``) contributes its version segment, ``/v1``. A server on
    another host than the document's cannot be folded and raises :class:`FoldError`.
    """
    root, _ = _root(document)
    url = urlsplit(server_of(document, path, method))
    here = url._replace(path="", query="", fragment="").geturl()
    where = f"{method.upper()} {path}" if method else path
    if here != root:
        raise FoldError(
            f"{where}: its server {url.geturl()!r} is not on the service root {root!r}; "
            "the SDK has one root address, so serve it there (or fold this change by hand)"
        )
    return url.path.rstrip("/") + path


def fold_server_prefixes(document: dict[str, Any]) -> dict[str, Any]:
    """Return a copy whose paths are all relative to ``{root_url}``, with no other servers.

    Each operation lands at the full path its nearest server gives it; operations of one path
    item that are served from different servers land in different path items, each with the
    path item's shared fields (``parameters``, ``summary``, ...). Two operations that land on
    the same method and full path raise :class:`FoldError`.
    """
    folded = copy.deepcopy(document)
    folded["paths"] = {}
    for path, item in document["paths"].items():
        shared = {
            key: copy.deepcopy(value)
            for key, value in item.items()
            if key not in METHODS and key != "servers"
        }
        methods = [method for method in item if method in METHODS]
        targets: list[tuple[str, str | None]] = (
            [(full_path(document, path, method), method) for method in methods]
            if methods
            else [(full_path(document, path), None)]
        )
        for target, method in targets:
            new_item = folded["paths"].setdefault(target, copy.deepcopy(shared))
            if method is None:
                continue
            if method in new_item:
                raise FoldError(
                    f"{method.upper()} {path} folds to {method.upper()} {target}, "
                    "which another operation already has"
                )
            operation = copy.deepcopy(item[method])
            operation.pop("servers", None)
            new_item[method] = operation
    _from_3_0(folded)
    _bare_json_media(folded)
    _carried_security(folded)
    _schemas_of_parameters(folded)
    _fold_operation_refs(document, folded)
    root_default, version_segment = _root(document)
    if any(not re.fullmatch(r"v\d+", part) for part in version_segment.split("/") if part):
        folded[BASE_PATH] = version_segment  # names no resource (payments_sdk._naming)
    folded["servers"] = [
        {
            "url": "{root_url}",
            "description": f"The service root; paths carry their version ({version_segment}).",
            "variables": {"root_url": {"default": root_default}},
        }
    ]
    return folded


def _from_3_0(document: dict[str, Any]) -> None:
    """Write an OpenAPI 3.0 bundle's 3.0-only schema keywords as 3.1 says them, in place.

    ``nullable: true`` becomes ``null`` among the ``type``s (or the ``enum``'s values; a schema
    with no ``type`` becomes ``anyOf`` it and ``null``); a boolean ``exclusiveMinimum`` or
    ``exclusiveMaximum`` becomes the number its ``minimum``/``maximum`` gave. The copy then says
    ``openapi: 3.1.0``, so every tool (the generator, jsonschema, schemathesis) reads one
    dialect. A 3.1 bundle is left as it is.
    """
    if not str(document.get("openapi", "")).startswith("3.0"):
        return

    def convert(node: Any) -> Any:
        if isinstance(node, list):
            return [convert(item) for item in node]
        if not isinstance(node, dict):
            return node
        node = {
            key: value if key in ("example", "examples") else convert(value)
            for key, value in node.items()
        }
        for bound, exclusive in (("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")):
            if node.get(exclusive) is True and bound in node:
                node[exclusive] = node.pop(bound)
            elif node.get(exclusive) is False:
                del node[exclusive]
        nullable = node.pop("nullable", None) if isinstance(node.get("nullable"), bool) else None
        if nullable is not True:
            return node
        kind = node.get("type")
        if isinstance(kind, str):
            node["type"] = [kind, "null"]
            if isinstance(node.get("enum"), list) and None not in node["enum"]:
                node["enum"] = [*node["enum"], None]
            return node
        return {"anyOf": [node, {"type": "null"}]}

    for key in ("paths", "components", "webhooks"):
        if key in document:
            document[key] = convert(document[key])
    document["openapi"] = "3.1.0"


def _schemas_of_parameters(document: dict[str, Any]) -> None:
    """Read a ``schema`` that is a ``$ref`` to a parameter or a header as that one's schema.

    ``schema: {$ref: '#/components/parameters/signature'}`` names a Parameter Object, not a
    schema (Open Payments does so): read as JSON Schema it would be an object of unknown
    keywords and a boolean ``required``. What it means is the parameter's schema, so the folded
    copy holds a copy of that (followed through such references, at most 8).
    """
    kinds = ("#/components/parameters/", "#/components/headers/")

    def target(ref: str) -> Any:
        node: Any = document
        for part in ref.removeprefix("#/").split("/"):
            node = (
                node.get(part.replace("~1", "/").replace("~0", "~"), {})
                if isinstance(node, dict)
                else {}
            )
        return node

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                for _ in range(8):
                    ref = value.get("$ref") if isinstance(value, dict) and key == "schema" else None
                    if not (isinstance(ref, str) and ref.startswith(kinds)):
                        break
                    named = target(ref)
                    value = (
                        copy.deepcopy(named.get("schema", {})) if isinstance(named, dict) else {}
                    )
                    node[key] = value
                walk(node[key])
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(document)


def carried(scheme: Any) -> bool:
    """Whether the SDK can send a credential of this security scheme (a resolved object).

    A bearer token in ``Authorization`` (``http bearer``; the access token of ``oauth2`` or
    ``openIdConnect``: obtaining it is the user's), or a key in a header (``apiKey`` in header).
    """
    if not isinstance(scheme, dict):
        return False
    kind = scheme.get("type")
    if kind == "http":
        return str(scheme.get("scheme", "")).lower() == "bearer"
    if kind == "apiKey":
        return scheme.get("in") == "header"
    return kind in ("oauth2", "openIdConnect")


def _carried_security(document: dict[str, Any]) -> None:
    """Keep only the ``security`` alternatives whose every scheme the SDK carries.

    A list that had alternatives and loses them all is left as it was (``features.py`` has
    refused it already); an empty list (no credential) stays empty.
    """
    schemes = document.get("components", {}).get("securitySchemes", {})

    def keep(requirements: Any) -> Any:
        if not isinstance(requirements, list) or not requirements:
            return requirements
        kept = [
            requirement
            for requirement in requirements
            if all(carried(schemes.get(name)) for name in requirement)
        ]
        return kept or requirements

    if "security" in document:
        document["security"] = keep(document["security"])
    for item in document.get("paths", {}).values():
        for method in METHODS:
            operation = item.get(method)
            if isinstance(operation, dict) and "security" in operation:
                operation["security"] = keep(operation["security"])


def _bare_json_media(document: dict[str, Any]) -> None:
    """Key each JSON body written ``application/json; charset=utf-8`` by its bare media type.

    JSON is UTF-8 (RFC 8259, section 8.1) and ``application/json`` defines no parameter, so the
    two keys mean one thing; the generator, the sandbox and api-diff read ``application/json``.
    A key with another parameter, or one whose bare type is also a key, is left as written.
    """
    holders = [*document.get("components", {}).get("responses", {}).values()]
    holders += document.get("components", {}).get("requestBodies", {}).values()
    for item in document.get("paths", {}).values():
        for method in METHODS:
            operation = item.get(method)
            if isinstance(operation, dict):
                holders.append(operation.get("requestBody"))
                holders.extend(operation.get("responses", {}).values())
    for holder in holders:
        content = holder.get("content") if isinstance(holder, dict) else None
        if not isinstance(content, dict):
            continue
        for key in list(content):
            kind, _, parameters = key.partition(";")
            bare = kind.strip().lower()
            is_json = bare == "application/json" or bare.endswith("+json")
            utf8 = parameters.replace(" ", "").lower() == "charset=utf-8"
            if is_json and utf8 and bare not in content:
                content[bare] = content.pop(key)


def _fold_operation_refs(document: dict[str, Any], folded: dict[str, Any]) -> None:
    """Point each link's local ``operationRef`` (``#/paths/~1refunds~1{id}/get``) at its fold."""
    holders: list[Any] = list(folded.get("components", {}).get("responses", {}).values())
    holders += [
        response
        for item in folded["paths"].values()
        for method in METHODS
        if isinstance(item.get(method), dict)
        for response in item[method].get("responses", {}).values()
    ]
    links = [
        link
        for response in holders
        if isinstance(response, dict)
        for link in response.get("links", {}).values()
    ]
    links += folded.get("components", {}).get("links", {}).values()
    for link in links:
        ref = link.get("operationRef") if isinstance(link, dict) else None
        if not isinstance(ref, str) or not ref.startswith("#/paths/"):
            continue
        escaped, _, method = ref.removeprefix("#/paths/").rpartition("/")
        path = escaped.replace("~1", "/").replace("~0", "~")
        if path in document["paths"] and method in METHODS:
            target = full_path(document, path, method)
            link["operationRef"] = (
                f"#/paths/{target.replace('~', '~0').replace('/', '~1')}/{method}"
            )


def render(document: dict[str, Any]) -> str:
    """Return the folded copy of ``document`` as the JSON text ``make generate`` commits."""
    return json.dumps(fold_server_prefixes(document), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) > 2:
        print("usage: python openapi/tools/fold.py [SOURCE.json [TARGET.json]]", file=sys.stderr)
        return 2
    source = Path(argv[0]) if argv else PUBLISHED
    try:
        text = render(json.loads(source.read_text(encoding="utf-8")) if argv else load_published())
    except FoldError as exc:
        print(f"fold.py: cannot fold {source}: {exc}", file=sys.stderr)
        return 1
    if len(argv) == 2:
        Path(argv[1]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
