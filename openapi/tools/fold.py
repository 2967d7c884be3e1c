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
variable without a default, or several servers whose paths differ (which one would the SDK
call?).

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
    "fold_server_prefixes",
    "full_path",
    "load_published",
    "server_of",
]

PUBLISHED = Path(__file__).resolve().parent.parent / "payments.json"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
_VARIABLE = re.compile(r"\{([^{}]*)\}")


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
    """Return the one URL a ``servers`` list means; refuse a list whose entries disagree."""
    if not isinstance(servers, list) or not servers:
        raise FoldError(f"{where}: servers must be a non-empty list")
    urls = [_expand(server, where) for server in servers]
    paths = {urlsplit(url).path.rstrip("/") for url in urls}
    if len(paths) > 1:
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
    _bare_json_media(folded)
    _fold_operation_refs(document, folded)
    root_default, version_segment = _root(document)
    folded["servers"] = [
        {
            "url": "{root_url}",
            "description": f"The service root; paths carry their version ({version_segment}).",
            "variables": {"root_url": {"default": root_default}},
        }
    ]
    return folded


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
