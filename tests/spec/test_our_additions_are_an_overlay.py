"""Our additions live in an OpenAPI Overlay beside the provider's bundle, and fail by name.

``openapi/payments.yaml`` is the provider's bundle ("their file": no ``x-`` key of ours);
``openapi/overlay.yaml`` adds our decisions; ``make generate`` applies it first
(``openapi/tools/overlay.py``). The overlay on today's bundle gives exactly the document the SDK
is generated from; a bundle whose schema was renamed still takes every action that does not
name that schema, and fails ``make generate`` naming the action that does; a target that
selects nothing is never skipped. The overlay adds ``x-`` keys only and never replaces a value
their file has (an edit, like a provider, may write extensions of its own there).
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from api_diff import current, diff, load_baseline
from fold import render
from jsonpath import JSONPathEnvironment
from overlay import OVERLAY, OverlayError, apply_overlay, load_document

from tests.support.provider_bundle import payments_yaml

ROOT = Path(__file__).resolve().parents[2]
THEIRS = ROOT / "openapi" / "payments.json"
TOOL = ROOT / "openapi" / "tools" / "overlay.py"
JSONPATH = JSONPathEnvironment(strict=True)
# The action that names a schema: the SDK's default of a beneficiary's category.
CATEGORY = "$.components.schemas.BeneficiaryV2Request.properties.category"


@pytest.fixture(scope="module")
def theirs() -> dict[str, Any]:
    """The provider's bundle, as the repository holds it."""
    loaded: dict[str, Any] = json.loads(THEIRS.read_text(encoding="utf-8"))
    return loaded


@pytest.fixture(scope="module")
def ours() -> dict[str, Any]:
    """Our overlay, loaded."""
    loaded: dict[str, Any] = yaml.safe_load(OVERLAY.read_text(encoding="utf-8"))
    return loaded


def our_keys(node: Any, where: str = "") -> list[str]:
    """Return the JSON pointer of every ``x-`` key in ``node``, outside example values."""
    found: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{where}/{str(key).replace('~', '~0').replace('/', '~1')}"
            if isinstance(key, str) and key.startswith("x-"):
                found.append(here)
            elif key not in ("example", "examples", "value"):
                found += our_keys(value, here)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += our_keys(value, f"{where}/{index}")
    return found


def renamed(document: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """Return ``document`` with the schema ``old`` renamed ``new``, every reference to it too."""
    text = json.dumps(document)
    text = text.replace(f'"#/components/schemas/{old}"', f'"#/components/schemas/{new}"')
    copied: dict[str, Any] = json.loads(text)
    schemas = copied["components"]["schemas"]
    copied["components"]["schemas"] = {(new if k == old else k): v for k, v in schemas.items()}
    assert old in schemas and f'"#/components/schemas/{old}"' not in json.dumps(copied)
    return copied


def run_overlay(
    tmp_path: Path, bundle: dict[str, Any], *extra: str
) -> subprocess.CompletedProcess[str]:
    """Run ``overlay.py`` on ``bundle`` as ``make generate`` does; return the finished process."""
    source = tmp_path / "payments.json"
    source.write_text(json.dumps(bundle), encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(TOOL), str(source), str(tmp_path / "merged.json"), *extra],
        capture_output=True,
        text=True,
        check=False,
    )


# -- the split ------------------------------------------------------------------------------------


def overrides(document: dict[str, Any], overlay: dict[str, Any]) -> list[str]:
    """Return each place where an action would replace a value ``document`` already has.

    An update replaces a value its target holds (Overlay 1.0); for our overlay that would be
    a provider's fact, or the same decision written twice, silently changed. Equal values and
    additions are not overrides.
    """
    found: list[str] = []

    def walk(target: Any, update: Any, where: str) -> None:
        if isinstance(target, dict) and isinstance(update, dict):
            for key, value in update.items():
                if key in target:
                    walk(target[key], value, f"{where}/{key}")
        elif isinstance(target, list) and isinstance(update, list):
            return  # appended, never replaced
        elif target != update:
            found.append(where)

    for index, action in enumerate(overlay["actions"]):
        for match in JSONPATH.finditer(action["target"], document):
            if isinstance(match.obj, dict):
                walk(match.obj, action.get("update", {}), f"action {index} at {match.path}")
    return found


def test_the_overlay_never_overrides_their_file(
    theirs: dict[str, Any], ours: dict[str, Any]
) -> None:
    """Each of our additions is stated once, in the overlay: it replaces nothing of theirs."""
    assert overrides(theirs, ours) == []
    yaml_source = payments_yaml()
    assert overrides(yaml_source, ours) == []


def test_the_check_for_overrides_can_fail(theirs: dict[str, Any], ours: dict[str, Any]) -> None:
    """A decision of ours written into their file with another value is found, with its place."""
    spoiled = copy.deepcopy(theirs)
    spoiled["paths"]["/ping"]["get"]["x-sdk-method"] = "pong"
    spoiled["paths"]["/ping"]["get"]["x-provider-own"] = "theirs"
    spoiled["components"]["schemas"]["Order"]["properties"]["amount"]["x-currency-field"] = "x"
    assert overrides(spoiled, ours) == [
        "action 1 at $['paths']['/ping']['get']/x-sdk-method",
        "action 10 at $['components']['schemas']['Order']['properties']['amount']/x-currency-field",
    ]


def test_the_overlay_on_todays_bundle_is_the_document_generated_from(
    theirs: dict[str, Any], ours: dict[str, Any]
) -> None:
    """Folded, the bundle with the overlay is ``generated/payments.folded.json``, byte for byte."""
    merged = apply_overlay(theirs, ours)
    shipped = (ROOT / "generated" / "payments.folded.json").read_text(encoding="utf-8")
    assert render(merged) == shipped
    # And the check can fail: the same bundle without one action's addition is another text.
    fewer = {**ours, "actions": ours["actions"][1:]}
    assert render(apply_overlay(theirs, fewer)) != shipped


def test_each_action_is_named_and_adds_only_our_keys(
    theirs: dict[str, Any], ours: dict[str, Any]
) -> None:
    """Every action has a unique description, and the overlay adds ``x-`` keys and nothing else."""
    descriptions = [action.get("description") for action in ours["actions"]]
    assert all(descriptions) and len(set(descriptions)) == len(descriptions)
    merged = apply_overlay(theirs, ours)
    added = our_keys(merged)
    assert added, "the overlay adds our keys"

    def without_ours(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: without_ours(v) for k, v in node.items() if not str(k).startswith("x-")}
        if isinstance(node, list):
            return [without_ours(v) for v in node]
        return node

    assert without_ours(merged) == without_ours(theirs)
    # And the check can fail: an action that adds a field of the service's own.
    wrong = {
        **ours,
        "actions": [*ours["actions"], {"target": "$.info", "update": {"summary": "x"}}],
    }
    assert without_ours(apply_overlay(theirs, wrong)) != without_ours(theirs)


# -- a bundle that changed under the overlay ------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # The answer of GET /payments: operations are targeted by path and method.
        pytest.param("PaymentList", "PaymentPage", id="an operation's answer"),
        # Order.amount: the currency rule is targeted by the fields, not the schema's name.
        pytest.param("Order", "PayinOrder", id="a schema with a currency rule"),
    ],
)
def test_a_renamed_schema_no_action_names_still_takes_the_whole_overlay(
    tmp_path: Path, theirs: dict[str, Any], ours: dict[str, Any], old: str, new: str
) -> None:
    """A schema no target names is renamed: every addition still lands, on the new name too."""
    assert not any(old in action["target"] for action in ours["actions"])
    done = run_overlay(tmp_path, renamed(theirs, old, new))
    assert done.returncode == 0, done.stderr
    merged = json.loads((tmp_path / "merged.json").read_text(encoding="utf-8"))
    assert len(our_keys(merged)) == len(our_keys(apply_overlay(theirs, ours)))
    assert new in merged["components"]["schemas"]
    if old == "Order":
        amount = merged["components"]["schemas"][new]["properties"]["amount"]
        assert amount["x-currency-field"] == "currency"


def test_a_renamed_schema_an_action_names_fails_by_the_actions_name(
    tmp_path: Path, theirs: dict[str, Any], ours: dict[str, Any]
) -> None:
    """``BeneficiaryV2Request`` renamed: the overlay fails, naming the action and its target."""
    done = run_overlay(tmp_path, renamed(theirs, "BeneficiaryV2Request", "BeneficiaryRequest"))
    assert done.returncode == 1
    index, action = next((i, a) for i, a in enumerate(ours["actions"]) if a["target"] == CATEGORY)
    assert (
        f"overlay: openapi/overlay.yaml, action {index} ({action['description']}): "
        f"target {CATEGORY} selects nothing in the bundle"
    ) in done.stderr
    assert not (tmp_path / "merged.json").exists()
    # The guide quotes this very message (docs/development.md, "The pipeline").
    guide = " ".join((ROOT / "docs" / "development.md").read_text(encoding="utf-8").split())
    quoted = re.search(r"`(overlay: openapi/overlay\.yaml, action [^`]*)`", guide)
    assert quoted is not None and quoted.group(1) in " ".join(done.stderr.split())


def test_make_generate_fails_by_the_actions_name(tmp_path: Path, theirs: dict[str, Any]) -> None:
    """The recipe of ``make generate`` stops at the overlay, before generating anything."""
    bundle = tmp_path / "payments.json"
    bundle.write_text(
        json.dumps(renamed(theirs, "BeneficiaryV2Request", "BeneficiaryRequest")),
        encoding="utf-8",
    )
    out = tmp_path / "out"
    done = subprocess.run(
        ["make", "--no-print-directory", "generate-into", f"DIR={out}", f"BUNDLE={bundle}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0
    assert re.search(
        r"overlay: openapi/overlay\.yaml, action \d+ \(BeneficiaryV2Request\.category: "
        r"[^)]*\(x-sdk-default\)\): " + re.escape(f"target {CATEGORY} selects nothing"),
        done.stderr,
    ), done.stderr
    assert not (out / "payments_sdk_generated").exists()
    # The same bundle with no overlay is generated past that step (another provider's bundle).
    with_none = subprocess.run(
        [sys.executable, str(TOOL), str(bundle), str(tmp_path / "plain.json"), "--overlay", "none"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert with_none.returncode == 0, with_none.stderr
    assert json.loads((tmp_path / "plain.json").read_text("utf-8")) == json.loads(
        bundle.read_text("utf-8")
    )


def test_api_diff_still_reports_the_removal_that_left_an_action_without_target(
    tmp_path: Path, theirs: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    """The operation named ``close`` by the overlay is removed: the removal is flagged, warned."""
    edited = copy.deepcopy(theirs)
    del edited["paths"]["/virtual-accounts"]["delete"]
    bundle = tmp_path / "payments.json"
    bundle.write_text(json.dumps(edited), encoding="utf-8")
    old, _ = load_baseline()
    changes = diff(old, current(bundle))
    assert any(c.breaking and c.operation == "closeVirtualAccounts" for c in changes), changes
    warned = capsys.readouterr().err
    assert "$.paths['/virtual-accounts'].delete selects nothing" in warned
    assert "(left out)" in warned


# -- the applier ----------------------------------------------------------------------------------

OVERLAY_HEAD = {"overlay": "1.0.0", "info": {"title": "test", "version": "1"}}
DOCUMENT = {
    "a": {"b": {"c": 1}, "list": [1, 2]},
    "items": [{"id": 1, "keep": True}, {"id": 2}, {"id": 3, "keep": True}],
}


def apply(*actions: dict[str, Any]) -> Any:
    """Apply an overlay of ``actions`` to a copy of :data:`DOCUMENT`."""
    return apply_overlay(DOCUMENT, {**OVERLAY_HEAD, "actions": list(actions)}, name="test.yaml")


def test_update_merges_objects_recursively_and_appends_to_arrays() -> None:
    """Overlay 1.0's ``update``: a merge into an object, an append to an array."""
    merged = apply(
        {"target": "$.a", "update": {"b": {"d": 2}, "list": [3], "e": "new"}},
        {"target": "$.a.list", "update": 4},
    )
    assert merged["a"] == {"b": {"c": 1, "d": 2}, "list": [1, 2, 3, 4], "e": "new"}
    assert DOCUMENT["a"] == {"b": {"c": 1}, "list": [1, 2]}, "the input is not changed"


def test_remove_removes_every_node_selected() -> None:
    """``remove: true`` removes each match from its parent, array items included."""
    removed = apply({"target": "$.items[?@.keep]", "remove": True})
    assert removed["items"] == [{"id": 2}]
    assert apply({"target": "$.a.b", "remove": True})["a"] == {"list": [1, 2]}
    # remove: false is no removal: the update applies.
    kept = apply({"target": "$.a.b", "remove": False, "update": {"z": 0}})
    assert kept["a"]["b"] == {"c": 1, "z": 0}


@pytest.mark.parametrize(
    ("action", "words"),
    [
        pytest.param(
            {"description": "nothing there", "target": "$.nowhere", "update": {"x-a": 1}},
            "test.yaml, action 0 (nothing there): target $.nowhere selects nothing in the bundle",
            id="no match",
        ),
        pytest.param(
            {"description": "bad path", "target": "$.a[", "update": {}},
            "test.yaml, action 0 (bad path): target is not an RFC 9535 JSONPath",
            id="no JSONPath",
        ),
        pytest.param(
            {"description": "a number", "target": "$.a.b.c", "update": {"x": 1}},
            "test.yaml, action 0 (a number): target $.a.b.c selects $['a']['b']['c'], a int",
            id="update of a value",
        ),
        pytest.param(
            {"description": "no verb", "target": "$.a"},
            "test.yaml, action 0 (no verb): an action needs `update` or `remove: true`",
            id="neither update nor remove",
        ),
    ],
)
def test_an_action_that_cannot_apply_fails_by_its_name(action: dict[str, Any], words: str) -> None:
    """Never a silent skip: the message names the action's index, description and target."""
    with pytest.raises(OverlayError) as raised:
        apply(action)
    assert words in str(raised.value)


def test_a_document_that_is_no_overlay_is_refused() -> None:
    """The overlay's own shape is checked: version, info, a list of actions."""
    for broken, words in (
        ({"openapi": "3.1.0"}, "no OpenAPI Overlay 1.0 document"),
        ({**OVERLAY_HEAD, "info": {"title": "t"}}, "needs a title and a version"),
        ({**OVERLAY_HEAD, "actions": []}, "at least one action"),
    ):
        with pytest.raises(OverlayError, match=words):
            apply_overlay(DOCUMENT, broken, name="test.yaml")


def test_load_document_keeps_the_order_of_a_json_bundle(tmp_path: Path) -> None:
    """A JSON bundle is read as JSON (its key order is the generated code's order)."""
    path = tmp_path / "b.json"
    path.write_text('{"z": 1, "a": {"y": 2, "b": 3}}', encoding="utf-8")
    assert list(load_document(path)) == ["z", "a"]
    assert list(load_document(path)["a"]) == ["y", "b"]
