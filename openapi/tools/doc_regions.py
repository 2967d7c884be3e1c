"""Write the parts of the guides that the bundle decides, between marker comments.

A guide (``docs/*.md``) that lists what the bundle has (the client's namespaces and methods,
the bounds of the list arguments, the operations that take a second credential) does not
keep that list by hand: it marks the place, and this step writes it from the operation table
of ``openapi/tools/surface.py``, with the Jinja template of the same name in
``openapi/templates/docs/``::

    <!-- generated: namespaces (make generate writes it: openapi/templates/docs/...) -->

    | namespace | methods |
    ...

    <!-- /generated: namespaces -->

``make generate`` writes every marked part; ``make check-generated`` fails, naming the page and
the part, when one is not what the bundle gives (a page edited by hand, or a bundle changed
without ``make generate``). Text outside the markers is the page's own.

Usage: python openapi/tools/doc_regions.py [--check] FOLDED.json GENERATED_PACKAGE DOCS_DIR
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from surface import WINDOW, SurfaceMethod, TypedView, _models, build_table, by_resource, environment

from payments_sdk._naming import CLIENT
from payments_sdk._schema_views import merge_all_of

__all__ = ["REGION", "main", "regions", "rewrite"]

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "docs"
REGION = re.compile(
    r"(?P<open><!-- generated: (?P<name>[a-z_-]+)\b[^>]*-->\n)"
    r"(?P<body>.*?)"
    r"(?P<close><!-- /generated: (?P=name) -->)",
    re.DOTALL,
)
COMMON = ("per_page", "page", *WINDOW)
"""The arguments every paged list takes: pagination.md's table, not each method's summary."""


def _call(operation: SurfaceMethod) -> str:
    """``create(payment_id=)``: a method with its arguments, as the namespace table shows it."""
    text = _shapes(operation)
    return f"{text} (deprecated)" if operation.deprecated else text


def _shapes(operation: SurfaceMethod) -> str:
    if operation.body_schema is not None and len(operation.body_shapes) > 1:
        shapes = operation.body_schema.get("oneOf", [])
        names = {p.name: p.python_name for p in operation.parameters}
        positional = [p.python_name for p in operation.parameters if p.location == "path"]
        return " or ".join(
            _render(
                operation.method,
                positional,
                [names.get(field, field) for field in merge_all_of(shape).get("properties", {})],
            )
            for shape in shapes
        )
    positional, keywords, extras = [], [], []
    for parameter in operation.parameters:
        if parameter.python_name in COMMON and operation.paged:
            continue
        binary = parameter.location == "part" and parameter.schema.get("format") == "binary"
        if parameter.location == "path" or binary:
            positional.append(parameter.python_name)
        else:
            keywords.append(parameter.python_name)
        if binary:
            extras = ["file_name", "content_type"]  # the SDK's, for the part's headers
    return _render(operation.method, positional, keywords + extras)


def _method(operation: SurfaceMethod) -> str:
    """``client.refunds.create()``, or ``client.ping()`` for the client's own operation."""
    where = "client" if operation.resource == CLIENT else f"client.{operation.resource}"
    return f"`{where}.{operation.method}()`"


def _render(method: str, positional: list[str], keywords: list[str]) -> str:
    return f"`{method}({', '.join([*positional, *(f'{k}=' for k in keywords)])})`"


def _number(value: Any) -> str:
    """Write a bound as a reader takes it in: ``100``, ``10^15`` for a large power of ten."""
    if isinstance(value, int) and value >= 10**6 and str(value).strip("0") == "1":
        return f"10^{len(str(value)) - 1}"
    return str(value)  # no thousands separator: the bundle and the docstrings write none


def _bounds(operation: SurfaceMethod, name: str) -> str | None:
    """``1 to 100; default 20``: what the bundle allows for a paged list's ``name``."""
    for parameter in operation.parameters:
        if parameter.python_name == name:
            schema = parameter.schema
            low, high = schema.get("minimum"), schema.get("maximum")
            text = (
                f"{_number(low)} to {_number(high)}"
                if low is not None and high is not None
                else f"at least {_number(low)}"
                if low is not None
                else f"at most {_number(high)}"
                if high is not None
                else "any"
            )
            if parameter.has_default:
                text += f"; default {_number(parameter.default)}"
            return text
    return None


def _shared(paged: list[SurfaceMethod], name: str) -> list[tuple[str, list[str]]]:
    """Each distinct bound of ``name`` over the paged lists, with the lists that have it.

    The most common first: the table says it plainly, and names the lists that differ.
    """
    groups: dict[str, list[str]] = {}
    for operation in paged:
        text = _bounds(operation, name)
        if text is not None:
            groups.setdefault(text, []).append(_method(operation))
    return sorted(groups.items(), key=lambda item: -len(item[1]))


def regions(document: dict[str, Any], generated: Path) -> dict[str, str]:
    """Return the text of every region, by name, rendered from the bundle's operation table."""
    view = TypedView(_models(generated))
    table = build_table(document, generated, view)
    env = environment(TEMPLATES)
    resources = by_resource(table)
    paged = [op for op in table if op.paged]
    context = {
        "client_operations": resources.pop(CLIENT, []),
        "resources": resources,
        "call": _call,
        "method": _method,
        "per_page": _shared(paged, "per_page"),
        "page": _shared(paged, "page"),
        "unpaged_lists": [op for op in table if op.is_list and not op.paged],
        "credentials": [op for op in table if op.credentials],
        "dicts": view.dicts,
    }
    return {
        template.removesuffix(".md.jinja"): env.get_template(template).render(context)
        for template in env.list_templates()
        if template.endswith(".md.jinja")
    }


def rewrite(page: str, rendered: dict[str, str]) -> tuple[str, list[str]]:
    """Return ``page`` with each marked region rendered, and the names of those that changed.

    Raises:
        KeyError: the page marks a region that has no template.

    """
    changed: list[str] = []

    def replace(match: re.Match[str]) -> str:
        name = match["name"]
        body = f"\n{rendered[name]}\n"  # blank lines: Markdown reads the part as its own block
        if body != match["body"]:
            changed.append(name)
        return match["open"] + body + match["close"]

    return REGION.sub(replace, page), changed


def main(argv: list[str]) -> int:
    """Write (or with ``--check``, compare) the regions of every page of DOCS_DIR."""
    check = "--check" in argv
    folded, generated, docs = (Path(a) for a in argv if a != "--check")
    document = json.loads(folded.read_text(encoding="utf-8"))
    rendered = regions(document, generated)
    used: set[str] = set()
    stale = 0
    for path in sorted(docs.glob("*.md")):
        page = path.read_text(encoding="utf-8")
        try:
            new, changed = rewrite(page, rendered)
        except KeyError as exc:
            print(
                f"doc_regions.py: {path} marks the region {exc}, which has no template in "
                f"{TEMPLATES}",
                file=sys.stderr,
            )
            return 1
        used |= {m["name"] for m in REGION.finditer(page)}
        if not changed:
            continue
        if check:
            stale += 1
            for name in changed:
                print(f"{path}: the part '{name}' is not what the bundle gives", file=sys.stderr)
            sys.stderr.writelines(
                difflib.unified_diff(
                    page.splitlines(keepends=True),
                    new.splitlines(keepends=True),
                    str(path),
                    f"{path} (from the bundle)",
                )
            )
        else:
            path.write_text(new, encoding="utf-8")
            print(f"wrote {path}: {', '.join(changed)}")
    unused = sorted(set(rendered) - used)
    if unused:
        print(f"doc_regions.py: no page marks {', '.join(unused)}", file=sys.stderr)
        return 1
    if stale:
        print("the guides are stale: run 'make generate' and commit", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
