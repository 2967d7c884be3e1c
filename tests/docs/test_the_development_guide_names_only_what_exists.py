"""docs/development.md names only what exists, as it exists: a maintainer can trust every name.

Every file path, make target, extra, dependency group, module, class, function, field and
keyword the guide gives, the SDK modules it says the build's tools load, and every figure it
quotes are checked against the checkout by ``tests/support/guide_names.py`` (its docstring says
how each kind is read). A failure names each name the guide gets wrong, so whoever renames or
moves the code fixes the page in the same change. The negative cases prove that each check
reports a made-up name, target, extra, import claim or figure.
"""

from __future__ import annotations

import pytest

from tests.support import guide_names

GATE = int(guide_names.FIGURES[r"≤ (\d+) on the SDK's own wire"]())
LOADING = next(t for t in guide_names.generate_tools() if guide_names.loaded_sdk_modules(t))
"""A tool of ``make generate`` that loads SDK modules."""
GUIDE = (guide_names.ROOT / "docs" / "development.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("check", guide_names.CHECKS, ids=lambda check: check.__name__)
def test_the_development_guide_names_only_what_exists(check: object) -> None:
    """No problem of this kind in docs/development.md."""
    found = list(dict.fromkeys(check(GUIDE)))  # type: ignore[operator]
    assert not found, "docs/development.md is wrong about the code:\n  " + "\n  ".join(found)


TOOLS = (
    "`openapi/tools/` holds the build's tools; those `make generate` runs load from the SDK only "
    "`payments_sdk._naming`, `payments_sdk._schema_views`.\n\n"
)
TARGETS = "| target | does |\n|---|---|\n| `lint` | ruff |\n| `nosuch` | nothing |\n"
STAMPS = (
    "| stamp | installs | used by |\n|---|---|---|\n"
    "| `.dist-installed` | the `dist` group: build, and nothing else | `make dist` |\n"
)


@pytest.mark.parametrize(
    "sample,reported",
    [
        ("`check_id(value, field, prefix)` checks an id.", "check_id"),
        ("The pager reads `PageRequest.per_page`.", "PageRequest.per_page"),
        ("It builds `PageRequest(page=1, per_page=100)`.", "per_page"),
        ("```text\nSender.sendd(...)     _sender.py\n```\n", "Sender.sendd"),
        ("```text\nNoSuchThing.send(...)     _sender.py\n```\n", "NoSuchThing"),
        ("```text\nPool.gate()     _secret.py\n```\n", "defines none of the line's names"),
        ("See `wrapper/payments_sdk/_no_such_module.py`.", "_no_such_module.py"),
        ("See `_no_such_module.py`.", "_no_such_module.py"),
        ("The helper `made_up_helper` does it.", "made_up_helper"),
        ("`payments_sdk._naming.no_such_function`", "no_such_function"),
        ("`client.refunds.no_such_method(...)`", "no_such_method"),
        ("`Sandbox.no_such_control`", "Sandbox.no_such_control"),
        ("Run `make no-such-target`.", "make no-such-target"),
        ("`pip install -e .[nosuchextra]`", "nosuchextra"),
        ("It installs the `otel` extra and the `nosuchextra` extra.", "nosuchextra"),
        ("`pip install --group nosuchgroup`", "nosuchgroup"),
        ("The `nosuchgroup` group has the tools.", "nosuchgroup"),
        ("`-e .[otel]` is installed.", "-e .[otel] is installed"),
        ("The SDK, with its one user extra.", "one user extra"),
        (TARGETS, "lists `nosuch`, which the Makefile has no target for"),
        (TARGETS, "does not list"),
        ("| target | does |\n|---|---|\n| `test` | `lint unit docs dist` |\n", "Makefile runs"),
        ("| target | does |\n|---|---|\n| `lint` | fast (a few seconds) |\n", "a few seconds"),
        (STAMPS, "nothing else"),
        (
            f"(`{LOADING}.py`: a tool; it imports nothing of the SDK)",
            f"{LOADING}.py imports nothing",
        ),
        (TOOLS, "which the paragraph on the tools does not name"),
        ("`make bench` takes ~3 min.", "'~3 min'"),
        ("About 1,900 requests: about 1,900 requests in 20 s.", "1,900 requests"),
        (f"The gate (≤ {GATE + 1} on the SDK's own wire).", f"it is {GATE} now"),
        ("Our `x-no-such-extension` says so.", "x-no-such-extension"),
        ("Run it with `--no-such-option`.", "--no-such-option"),
        ("Set `NO_SUCH_VARIABLE=1`.", "NO_SUCH_VARIABLE"),
        ("The key `max-exampless` bounds it.", "max-exampless"),
        ("It runs openapi-python-client 0.0.1 on it.", "0.0.1"),
    ],
    ids=lambda value: value[:40] if isinstance(value, str) else value,
)
def test_a_name_that_does_not_exist_is_reported(sample: str, reported: str) -> None:
    """A made-up name, target, extra, group, import claim or figure is reported by name."""
    found = guide_names.problems(sample)
    assert any(reported in problem for problem in found), (
        f"{reported!r} is not reported for the sample {sample!r}; reported: {found}"
    )


def _real_names() -> str:
    """A sample naming things that exist, picked from the repository as it is now."""
    import ast

    (klass, method) = next(
        (node.name, child.name)
        for module in guide_names.modules()
        if module.path.parent == guide_names.SDK
        for node in module.tree.body
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_")
        for child in node.body
        if isinstance(child, ast.FunctionDef) and not child.name.startswith("_")
    )
    (record, field) = next(
        (node.name, child.target.id)
        for module in guide_names.modules()
        if module.path.parent == guide_names.SDK
        for node in module.tree.body
        if isinstance(node, ast.ClassDef) and guide_names.parameters(node)
        for child in node.body
        if isinstance(child, ast.AnnAssign)
        and isinstance(child.target, ast.Name)
        and not child.target.id.startswith("_")
    )
    (module, function) = next(
        (m.dotted, node.name)
        for m in guide_names.modules()
        if m.path.parent == guide_names.SDK and m.dotted.startswith("payments_sdk._")
        for node in m.tree.body
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")
    )
    resource, methods = next(
        (name, methods) for name, methods in guide_names.sdk_methods().items() if name != "client"
    )
    target = next(name for name, help_text in guide_names.targets().items() if help_text)
    tool = sorted((guide_names.ROOT / "openapi" / "tools").glob("*.py"))[0].name
    apart = next(t for t in guide_names.generate_tools() if not guide_names.loaded_sdk_modules(t))
    return (
        f"`{klass}.{method}`, `{record}({field}=1)`, `{module}.{function}`, `{tool}`, "
        f"`openapi/tools/{tool}`, `make {target}`, `.[{next(iter(guide_names.extras()))}]`, "
        f"the `{next(iter(guide_names.groups()))}` group, `client.{resource}.{min(methods)}`, "
        f"`httpx.AsyncClient`, `{apart}.py` (it imports nothing of the SDK).\n"
    )


def test_true_names_are_not_reported() -> None:
    """What exists passes: the checks do not report a name that is there."""
    sample = _real_names()
    assert guide_names.problems(sample) == [], sample
