"""A response's ``links`` are documentation: the method's docstring names the call they lead to.

An OpenAPI link says how an answer feeds another call (the ``id`` a create answers is the ``id``
of the retrieve). Nothing calls it for the user, so it changes no code: ``make generate``
accepts it, the created method's docstring says ``client.<resource>.<method>(<arg>=answer.id)``,
and ``make api-diff`` sees no change. A link to an operation the bundle does not have fails
``make generate`` naming the link. Every link here is derived from the bundle's structure: a
create (``POST`` of a collection answering a record with an ``id``) and the retrieve of the
same record (``GET`` of the collection's item, one path parameter).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from api_diff import diff
from features import unsupported
from fold import fold_server_prefixes
from surface import SurfaceError, build_table, environment

from payments_sdk import _operation_parts as parts
from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_generate import ROOT, with_overlay

GENERATED = ROOT / "generated" / "payments_sdk_generated"


def _source() -> dict[str, Any]:
    loaded: dict[str, Any] = with_overlay(payments_yaml())
    return loaded


def _create_and_retrieve(document: dict[str, Any]) -> tuple[str, str, str, str]:
    """A collection whose POST answers a record with an ``id`` and whose item has a GET.

    Returns the collection, the status of the create's answer, the item's path and its
    parameter's name.
    """
    for path, item in document["paths"].items():
        for item_path, other in document["paths"].items():
            params = [p.value for p in parts.parameters(document, item_path, "get")]
            names = [p["name"] for p in params if p["in"] == "path"]
            if (
                "post" in item
                and "get" in other
                and len(names) == 1
                and item_path == f"{path}/{{{names[0]}}}"
            ):
                for status, answer in parts.responses(document, path, "post").items():
                    media = answer.value.get("content", {}).get("application/json", {})
                    schema = parts.follow(document, media.get("schema")).value
                    if status.startswith("2") and "id" in (schema or {}).get("properties", {}):
                        return path, status, item_path, names[0]
    raise AssertionError("the bundle has no create with a retrieve of the same record")


def _linked(how: str) -> tuple[dict[str, Any], str, str]:
    """The bundle with a link from a create's answer to its retrieve, and the two operationIds."""
    document = _source()
    collection, status, item_path, name = _create_and_retrieve(document)
    create = document["paths"][collection]["post"]
    retrieve = document["paths"][item_path]["get"]
    link: dict[str, Any] = {
        "parameters": {name: "$response.body#/id"},
        "description": "The record's id is the id of its retrieve.",
    }
    if how == "operationRef":
        escaped = item_path.replace("~", "~0").replace("/", "~1")
        link["operationRef"] = f"#/paths/{escaped}/get"
    else:
        link["operationId"] = retrieve["operationId"]
    answer = parts.follow(document, create["responses"][status]).value
    if how == "component":
        document["components"]["links"] = {"Retrieve": link}
        answer = create["responses"][status] = copy.deepcopy(answer)
        answer["links"] = {"Retrieve": {"$ref": "#/components/links/Retrieve"}}
    else:
        answer["links"] = {"Retrieve": link}
    return document, create["operationId"], retrieve["operationId"]


@pytest.mark.parametrize("how", ["operationId", "operationRef", "component"])
def test_the_created_method_names_the_call_its_answer_leads_to(how: str) -> None:
    """The link becomes the docstring's ``client.<resource>.retrieve(id=answer.id)``."""
    document, create_id, retrieve_id = _linked(how)
    assert unsupported(document) == []
    table = {m.operation_id: m for m in build_table(fold_server_prefixes(document), GENERATED)}
    before = {m.operation_id: m for m in build_table(fold_server_prefixes(_source()), GENERATED)}
    create, retrieve = table[create_id], table[retrieve_id]
    # The bundle may have links of its own: the one added is the one more.
    (link,) = [found for found in create.links if found.name == "Retrieve"]
    assert [found for found in create.links if found is not link] == before[create_id].links
    (argument,) = [p.python_name for p in retrieve.parameters if p.location == "path"]
    assert link.call == f"client.{retrieve.resource}.{retrieve.method}({argument}=answer.id)"
    assert link.name == "Retrieve"
    assert link.description == "The record's id is the id of its retrieve."
    text = environment().get_template("_macros.jinja").module.docstring(create)
    assert f"``{link.call}`` (Retrieve, on {link.status})" in " ".join(text.split())
    assert all(m.links == before[m.operation_id].links for m in table.values() if m is not create)


def test_links_change_nothing_api_diff_sees() -> None:
    """A link is documentation: ``make api-diff`` reports no change."""
    document, _, _ = _linked("operationId")
    assert diff(fold_server_prefixes(_source()), fold_server_prefixes(document)) == []


def test_a_link_to_no_operation_fails_generate_naming_it() -> None:
    """A link that names no operation of the bundle is a mistake in the bundle: refused."""
    document, _, _ = _linked("operationId")
    folded = fold_server_prefixes(document)
    for item in folded["paths"].values():
        for answer in item.get("post", {}).get("responses", {}).values():
            for link in answer.get("links", {}).values():
                link["operationId"] = "noSuchOperation"
    with pytest.raises(SurfaceError, match="noSuchOperation"):
        build_table(folded, GENERATED)
