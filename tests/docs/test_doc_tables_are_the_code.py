"""The reference tables of the guides are the code's, row for row.

Each table below is read from its page and compared with what the code has: the client's
namespaces and their methods (client.md), the observer events' fields (observability.md), the
arguments every paged ``list()`` takes (pagination.md), the pytest plugin's fixtures
(testing.md), the Makefile's targets and the SDK's modules (development.md), every
``/_sandbox/*`` control the sandbox serves (sandbox.md), and what a status error carries and
what a copy or a pickle of each exception keeps (errors.md). A row missing, a
row too many, or a stale name fails, so a page cannot drift from the code again.

The other quoted signatures, option tables and exception trees are checked elsewhere:
``test_docs_match_the_code.py`` (constructor, ``with_options``, per-call options, timeouts,
exception trees), ``test_sandbox_cli_table_is_the_parser.py`` (the sandbox's command line),
``test_cli_examples_are_real.py`` (the ``payments`` command line) and ``test_samples_run.py``.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
from pathlib import Path

import doc_regions
import pytest
from surface import python_name

import payments_sdk
import payments_sdk.sandbox.pytest_plugin as plugin
from payments_sdk import AsyncPaymentsClient
from payments_sdk._observe import AttemptEvent, CallEvent
from payments_sdk._operation_table import OPERATIONS
from payments_sdk.sandbox.contract import load_bundle
from tests.conftest import TEST_KEY
from tests.support import description_facts as facts
from tests.support.markdown import column, names, table

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _namespace_table() -> dict[str, set[str]]:
    documented: dict[str, set[str]] = {}
    for cell, methods in table(_page("client.md"), "| namespace | methods |"):
        attribute = names(cell)[0].removeprefix("client.").removesuffix("()")
        documented[attribute] = set(re.findall(r"`(\w+)\(", methods))
    return documented


def test_the_namespace_table_names_only_the_clients_resources_and_methods() -> None:
    """Each row is a namespace of the client (or its own operation) and each method is real.

    The API reference (resources.md) is generated and lists every resource; this table is the
    guide's summary of the described ones (the next test), so a resource the bundle gains needs
    no line here.
    """
    documented = _namespace_table()
    client = AsyncPaymentsClient(api_key=TEST_KEY, base_url="https://api.payments.test/v1")
    own = {op.method for op in OPERATIONS if op.resource == "client"}
    for resource, listed in documented.items():
        if resource in own:
            continue
        methods = {
            name
            for name, _ in inspect.getmembers(type(getattr(client, resource)), inspect.isfunction)
            if not name.startswith("_")
        }
        assert listed == methods, resource


@pytest.mark.description
def test_the_namespace_table_has_every_resource_of_the_description() -> None:
    """Every operation of the description's table is in the guide, under its namespace."""
    documented = _namespace_table()
    for op in OPERATIONS:
        if (op.http_method, op.path) not in facts.OPERATIONS:
            continue
        if op.resource == "client":
            assert op.method in documented, op.operation_id
        else:
            assert op.method in documented.get(op.resource, set()), op.operation_id


def test_the_credential_table_names_every_operation_that_takes_a_second_one() -> None:
    """client.md's table of second credentials is the operation table's, row for row.

    Its last column is the header the bundle's scheme puts the credential in.
    """
    rows = table(_page("client.md"), "| method | argument | the bundle's scheme | sent as |")
    documented = {(names(m)[0], names(a)[0], names(s)[0], names(h)[0]) for m, a, s, h in rows}
    schemes = load_bundle()["components"]["securitySchemes"]
    expected = {
        (
            f"client.{op.method}()"
            if op.resource == "client"
            else f"client.{op.resource}.{op.method}()",
            f"{python_name(scheme)}=",
            scheme,
            f"{schemes[scheme]['name']}: <key>"
            if schemes[scheme]["type"] == "apiKey"
            else "Authorization: Bearer <token>",
        )
        for op in OPERATIONS
        for scheme in op.credentials
    }
    assert documented == expected


def test_the_generated_parts_of_the_guides_are_the_bundles() -> None:
    """Each part between ``<!-- generated: NAME -->`` markers is what ``make generate`` writes.

    ``make check-generated`` checks the same against a fresh generation; this catches a part
    edited by hand, or a bundle changed without ``make generate``, in the tests too.
    """
    rendered = _rendered()
    marked = set()
    for page in sorted(DOCS.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        marked |= {m["name"] for m in doc_regions.REGION.finditer(text)}
        assert doc_regions.rewrite(text, rendered)[1] == [], page.name
    assert marked == set(rendered)


def test_a_part_edited_by_hand_is_reported_by_name() -> None:
    rendered = _rendered()
    page = doc_regions.rewrite(_page("pagination.md"), rendered)[0]
    bound = page.index("| `per_page` |")
    edited = page[:bound] + "| `per_page` | 1 to 99 |\n" + page[page.index("\n", bound) + 1 :]
    fixed, changed = doc_regions.rewrite(edited, rendered)
    assert changed == ["list_arguments"]
    assert fixed == page


def _rendered() -> dict[str, str]:
    generated = ROOT / "generated"
    document = json.loads((generated / "payments.folded.json").read_text(encoding="utf-8"))
    return doc_regions.regions(document, generated / "payments_sdk_generated")


def test_the_attempt_event_table_and_the_call_event_list_are_their_fields() -> None:
    page = _page("observability.md")
    cells = column(page, "| field | what |")
    assert [name for cell in cells for name in names(cell)] == [
        f.name for f in dataclasses.fields(AttemptEvent)
    ]
    prose = page.split("### `CallEvent`", 1)[1].split("\n\n", 2)[1]
    listed = [name for name in names(prose) if re.fullmatch(r"[a-z_]+", name)]
    assert listed == [f.name for f in dataclasses.fields(CallEvent)]


def _list_arguments() -> dict[str, str]:
    rows = table(_page("pagination.md"), "| argument | meaning |")
    return {names(cell)[0]: meaning for cell, meaning in rows}


def test_the_list_arguments_table_is_what_every_paged_list_takes() -> None:
    documented = _list_arguments()
    client = AsyncPaymentsClient(api_key=TEST_KEY, base_url="https://api.payments.test/v1")
    paged = [op for op in OPERATIONS if op.paged]
    assert paged
    common = set.intersection(
        *(set(inspect.signature(getattr(client, op.resource).list).parameters) for op in paged)
    )
    assert set(documented) == common - {"options"}  # per-call options: client.md


@pytest.mark.description
def test_the_list_arguments_table_says_the_descriptions_bounds_and_defaults() -> None:
    """'per_page 1 to 100 (default 20)': the page quotes the description, as the bundle does."""
    documented = _list_arguments()
    per_page = facts.COMMON_LIST_PARAMETERS["PerPage"]
    assert f"{per_page['minimum']} to {per_page['maximum']}" in documented["per_page"]
    assert f"default {per_page['default']}" in documented["per_page"]
    assert f"default {facts.COMMON_LIST_PARAMETERS['Page']['default']}" in documented["page"]


def test_the_fixture_table_is_the_plugins_fixtures() -> None:
    documented = set(column(_page("testing.md"), "| fixture | what the test gets |"))
    fixtures = {
        name
        for name in plugin.__all__
        if hasattr(getattr(plugin, name), "_fixture_function_marker")
        or type(getattr(plugin, name)).__name__ == "FixtureFunctionDefinition"
    }
    assert fixtures == {n for n in plugin.__all__ if n.startswith("payments_")}
    assert {name.strip("`") for name in documented} == fixtures


def test_the_make_target_table_is_the_makefiles() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z-]+):.*## ", makefile, re.MULTILINE))
    documented = {
        name
        for cell in column(_page("development.md"), "| target | does |")
        for name in names(cell)
    }
    assert documented == targets


def test_the_module_table_lists_every_module_of_the_sdk() -> None:
    found = [p for portion in payments_sdk.__path__ for p in Path(portion).iterdir()]
    modules = {p.name for p in found if p.suffix == ".py"}
    modules |= {f"{p.name}/" for p in found if p.is_dir() and p.name != "__pycache__"}
    cells = column(_page("development.md"), "| module | its one job |")
    documented = {name for cell in cells for name in names(cell)}
    assert documented == modules


def test_every_sandbox_control_is_in_the_sandbox_page_and_no_other() -> None:
    from payments_sdk.sandbox import Sandbox

    app = Sandbox(seed_payments=0).app.app  # inside the fault layer: the Starlette app
    served = {
        (method, route.path)
        for route in app.routes  # type: ignore[attr-defined]
        if route.path.startswith("/_sandbox/")
        for method in route.methods - {"HEAD"}
    }
    documented = set()
    for line in _page("sandbox.md").splitlines():
        if not line.startswith("|"):
            continue
        for cell in line.strip("|").split("|"):
            methods = re.findall(r"\b(GET|POST|DELETE|PATCH|PUT)\b", cell)
            paths = re.findall(r"/_sandbox/[\w{}/.-]*\w}?", cell)
            documented |= {(m, p) for m in methods for p in paths}
    assert documented == served


def test_the_status_error_attribute_table_is_what_one_carries() -> None:
    import httpx

    from payments_sdk import errors

    request = httpx.Request("GET", "https://api.payments.test/v1/balances")
    answer = httpx.Response(404, json={"error": "Not Found", "message": "no"}, request=request)
    error = errors.NotFoundError(
        status_code=404, error="Not Found", message="no", body=answer.json(), response=answer
    )
    cells = column(_page("errors.md"), "| attribute | value |")
    documented = [name for cell in cells for name in names(cell)]
    public = {n for n in vars(error) if not n.startswith("_")}
    assert set(documented) == public


def test_the_pickle_table_covers_every_exception_with_its_fields() -> None:
    from payments_sdk import errors

    rows = table(_page("errors.md"), "| exception | what a copy or a pickle keeps |")
    covered: set[str] = set()
    for cell, kept in rows:
        classes = names(cell)
        covered |= set(classes)
        if "each status subclass" in cell:
            covered |= {
                n for n in errors.__all__ if issubclass(getattr(errors, n), errors.APIStatusError)
            }
        for name in classes:
            for field in names(kept):
                assert field in _fields_of(getattr(errors, name)), (name, field)
    assert covered == set(errors.__all__) - {"PaymentsError"}


def _fields_of(cls: type) -> set[str]:
    source = "".join(
        inspect.getsource(c) for c in cls.__mro__ if c.__module__.startswith("payments")
    )
    return set(re.findall(r"self\.(\w+) =", source))
