"""Fold the bundle's server prefixes into its paths, for the tools that ignore ``servers``.

The published bundle keeps the description's addressing: most paths are relative to
``{base_url}`` (which ends in ``/v1``) and ``/v2/beneficiaries`` carries a path-level server,
``{root_url}``. openapi-python-client and Prism ignore ``servers``, so they get a *folded* copy in
which every path is relative to ``{root_url}``: ``/ping`` becomes ``/v1/ping`` and
``/v2/beneficiaries`` stays as it is. ``make generate`` writes that copy to
``generated/payments.folded.json``; the generator reads it, and the sandbox ships and routes by
it, so the generated operations, the mock server and the sandbox agree on every full path.

Usage: python openapi/tools/fold.py [SOURCE.json [TARGET.json]]
(defaults: openapi/payments.json, printed to standard output)
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

__all__ = ["PUBLISHED", "fold_server_prefixes", "full_path", "load_published"]

PUBLISHED = Path(__file__).resolve().parent.parent / "payments.json"


def load_published() -> dict[str, Any]:
    """Return the published bundle, ``openapi/payments.json``, as the repository holds it."""
    document: dict[str, Any] = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    return document


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


def render(document: dict[str, Any]) -> str:
    """Return the folded copy of ``document`` as the JSON text ``make generate`` commits."""
    return json.dumps(fold_server_prefixes(document), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) > 2:
        print("usage: python openapi/tools/fold.py [SOURCE.json [TARGET.json]]", file=sys.stderr)
        return 2
    source = Path(argv[0]) if argv else PUBLISHED
    text = render(json.loads(source.read_text(encoding="utf-8")))
    if len(argv) == 2:
        Path(argv[1]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
