"""The published OpenAPI bundle, and its paths folded onto the service's root address.

The bundle keeps the description's addressing: most paths are relative to ``{base_url}`` (which
ends in ``/v1``) and ``/v2/beneficiaries`` carries a path-level server ``{root_url}``. Tools that
ignore ``servers`` (openapi-python-client, Prism) get a *folded* copy instead, in which every path
is relative to ``{root_url}``: ``/ping`` becomes ``/v1/ping`` and ``/v2/beneficiaries`` stays as it
is. The sandbox routes with the same function, so the generated client, the mock server and the
sandbox agree on every full path.
"""

from __future__ import annotations

import copy
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

__all__ = ["escape_pointer", "fold_server_prefixes", "full_path", "load_bundle", "resolve"]


def load_bundle() -> dict[str, Any]:
    """Return the bundle as shipped in the wheel, or from the repository in a source checkout."""
    shipped = resources.files(__package__).joinpath("openapi.json")
    if shipped.is_file():
        text = shipped.read_text(encoding="utf-8")
    else:
        text = (Path(__file__).resolve().parents[3] / "openapi" / "payments.json").read_text(
            encoding="utf-8"
        )
    document: dict[str, Any] = json.loads(text)
    return document


def escape_pointer(segment: str) -> str:
    """Escape one JSON Pointer segment (``~`` and ``/``), such as a path or a media type."""
    return segment.replace("~", "~0").replace("/", "~1")


def resolve(document: dict[str, Any], node: Any) -> Any:
    """Follow local ``$ref`` links from ``node`` until it is no longer a reference."""
    while isinstance(node, dict) and "$ref" in node:
        target: Any = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def _server_url(servers: list[dict[str, Any]]) -> str:
    """Return the first server's URL with its variables at their defaults."""
    server = servers[0]
    url: str = server["url"]
    for name, variable in server.get("variables", {}).items():
        url = url.replace("{" + name + "}", variable["default"])
    return url.rstrip("/")


def full_path(document: dict[str, Any], path: str) -> str:
    """Return ``path`` relative to the root address, honouring a path-level server.

    A path-level server (``{root_url}``) has no path of its own; the document's server
    (``{base_url}``) contributes its version segment, ``/v1``.
    """
    servers = document["paths"][path].get("servers") or document["servers"]
    return urlsplit(_server_url(servers)).path + path


def fold_server_prefixes(document: dict[str, Any]) -> dict[str, Any]:
    """Return a copy whose paths are all relative to ``{root_url}``, with no path-level servers."""
    folded = copy.deepcopy(document)
    folded["paths"] = {}
    for path, item in document["paths"].items():
        new_item = copy.deepcopy(item)
        new_item.pop("servers", None)
        folded["paths"][full_path(document, path)] = new_item
    base = urlsplit(_server_url(document["servers"]))
    version_segment = base.path
    root_default = base._replace(path="").geturl()
    folded["servers"] = [
        {
            "url": "{root_url}",
            "description": f"The service root; paths carry their version ({version_segment}).",
            "variables": {"root_url": {"default": root_default}},
        }
    ]
    return folded


def _main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(
            "usage: python -m payments_sdk.sandbox._bundle SOURCE.json TARGET.json", file=sys.stderr
        )
        return 2
    source, target = (Path(arg) for arg in argv)
    folded = fold_server_prefixes(json.loads(source.read_text(encoding="utf-8")))
    target.write_text(json.dumps(folded, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
