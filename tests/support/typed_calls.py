"""The typed calls of the bundle: calls mypy must accept and calls it must refuse, from the bundle.

``make generate`` writes ``tests/typing/accepted_calls.py`` and ``tests/typing/refused_calls.py``
with ``python -m tests.support.typed_calls tests/typing``; ``make lint`` runs ``mypy --strict``
(which warns of an unused ``# type: ignore``) on them, and
``tests/spec/test_typed_calls_are_the_bundles.py`` fails when they are not what the bundle gives.

For every method of the operation table and every shape of its body (each ``@overload`` of the
typed view, ``surface.typed_overloads``), the accepted file holds its least call (the required
arguments), its fullest call (every argument, at every depth of a nested object) and the same
with each model class or enum class where the bundle names one. The refused file holds, one call
a line with the ``# type: ignore[<code>]`` mypy must report, each single violation of those
calls that a type can express: a required argument or key left out, an unknown keyword or key,
a value of a type the schema excludes (a text outside an enum too), a field of another shape of
a ``oneOf``. A violation is written only when the runtime check refuses it as well (it is run
on the same values here), so the types never refuse what the service would take. Every value
comes from the schema (``schema_values``), so a schema the bundle gains is covered unasked.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HEADER = '''"""{title}

Written by ``make generate`` (``tests/support/typed_calls.py``) from the bundle: do not edit.
{more}
"""
# ruff: noqa: E501
# fmt: off

from __future__ import annotations

from decimal import Decimal  # noqa: F401 - a number of the bundle is written as one

from payments_sdk import AsyncPaymentsClient
'''


@cache
def surface_module() -> Any:
    """Return ``openapi/tools/surface.py`` as a module (the generator's own code)."""
    tools = str(ROOT / "openapi" / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import surface

    return surface


def table(generated: Path | None = None) -> tuple[list[Any], Any]:
    """Return the operation table of the generated package and its typed view."""
    surface = surface_module()
    generated = generated or ROOT / "generated"
    document = json.loads((generated / "payments.folded.json").read_text(encoding="utf-8"))
    models = surface._models(generated / "payments_sdk_generated")
    view = surface.TypedView(models)
    return surface.build_table(document, generated / "payments_sdk_generated", view), view


@dataclass
class Value:
    """A value of a call: the Python value (for the runtime check) and its source text."""

    value: Any
    text: str
    checked: bool = True
    """False when the text names a model or enum instance (a parameter of the case function)."""


@dataclass
class Case:
    """One call of a method, as arguments (path ones first), with the parameters it needs."""

    arguments: dict[str, Value]
    classes: dict[str, str] = field(default_factory=dict)
    """``m1 -> ConversionCurrency``: parameters of the case function the call uses."""


def _schema_example(schema: dict[str, Any]) -> Any:
    from tests.support.schema_values import example

    clean = {k: v for k, v in schema.items() if k != "x-model"}
    return example({}, clean)


def _literal(value: Any) -> str:
    if isinstance(value, bytes):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if type(value).__name__ == "Decimal":
        return f'Decimal("{value}")'
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {_literal(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


class Builder:
    """Builds the values of calls from resolved schemas."""

    def __init__(self, models: set[str]) -> None:
        self.models = models
        self.covered: set[str] = set()
        """The keys (:func:`key`) of every object and enum a value was built for."""

    def value(
        self,
        schema: dict[str, Any],
        *,
        full: bool,
        classes: dict[str, str] | None = None,
        depth: int = 0,
        classes_from: int = 0,
    ) -> Value:
        """Return a valid value of ``schema``: every optional key too when ``full``.

        With ``classes``, a value at ``classes_from`` levels down or deeper that the bundle names
        a model or enum class for is that class's instance (a parameter of the case function,
        recorded in ``classes``).
        """
        model = schema.get("x-model")
        if "enum" in schema or (_record(schema) and schema.get("properties")):
            self.covered.add(key(schema))
        deeper = {"classes": classes, "depth": depth + 1, "classes_from": classes_from}
        if (
            classes is not None
            and depth >= classes_from
            and model in self.models
            and self._classed(schema)
        ):
            name = f"m{len(classes) + 1}"
            classes[name] = model
            return Value(None, name, checked=False)
        shapes = schema.get("oneOf") or schema.get("anyOf")
        if shapes and all(isinstance(s, dict) and _record(s) for s in shapes):
            return self.value(shapes[0], full=full, **deeper)
        if _record(schema) and schema.get("properties") and not _open(schema):
            made: dict[str, Value] = {}
            required = set(schema.get("required", []))
            for name, sub in schema["properties"].items():
                if sub.get("readOnly") is True or not (full or name in required):
                    continue
                made[name] = self.value(sub, full=full, **deeper)
            return Value(
                {k: v.value for k, v in made.items()},
                "{" + ", ".join(f"{json.dumps(k)}: {v.text}" for k, v in made.items()) + "}",
                all(v.checked for v in made.values()),
            )
        if schema.get("type") == "array" and isinstance(schema.get("items"), dict):
            item = self.value(schema["items"], full=full, **deeper)
            count = max(1, int(schema.get("minItems", 1)))
            if schema.get("uniqueItems") and count > 1:
                plain = _schema_example(schema)
                return Value(plain, _literal(plain))
            return Value(
                [item.value] * count, "[" + ", ".join([item.text] * count) + "]", item.checked
            )
        if schema.get("type") == "string" and schema.get("format") == "binary":
            return Value(b"%PDF-1.4", repr(b"%PDF-1.4"))
        plain = _schema_example(schema)
        return Value(plain, _literal(plain))

    def _classed(self, schema: dict[str, Any]) -> bool:
        return "enum" in schema or _record(schema)


def key(schema: dict[str, Any]) -> str:
    """The key of an object or enum schema in the coverage (its text, descriptions left out)."""
    return json.dumps(_bare(schema), sort_keys=True)


def _bare(node: Any) -> Any:
    if isinstance(node, dict):
        return {
            k: _bare(v) for k, v in node.items() if k not in ("description", "examples", "title")
        }
    if isinstance(node, list):
        return [_bare(v) for v in node]
    return node


def inventory(operations: list[Any]) -> dict[str, set[str]]:
    """Every request shape of the table: bodies, objects and enums (by :func:`key`), oneOfs."""
    found: dict[str, set[str]] = {"bodies": set(), "shapes": set(), "schemas": set()}

    def walk(schema: Any) -> None:
        if not isinstance(schema, dict) or schema.get("readOnly") is True:
            return
        if "enum" in schema or (_record(schema) and schema.get("properties")):
            found["schemas"].add(key(schema))
        for sub in (schema.get("properties") or {}).values():
            walk(sub)
        for sub in schema.get("oneOf") or schema.get("anyOf") or []:
            walk(sub)
        if isinstance(schema.get("items"), dict):
            walk(schema["items"])

    for operation in operations:
        label = f"{operation.resource}.{operation.method}"
        if operation.body_schema is not None:
            found["bodies"].add(label)
            for index in range(len(operation.body_schema.get("oneOf") or [])):
                found["shapes"].add(f"{label}#{index + 1}")
        for parameter in operation.parameters:
            walk(parameter.schema)
    return found


def _record(schema: dict[str, Any]) -> bool:
    return schema.get("type") == "object" or "properties" in schema


def _open(schema: dict[str, Any]) -> bool:
    return isinstance(schema.get("additionalProperties"), dict) or bool(
        schema.get("patternProperties")
    )


def _shape_schemas(operation: Any, overload: Any) -> dict[str, dict[str, Any]]:
    return {p.python_name: p.schema for p in overload.parameters}


def _call_text(operation: Any, arguments: dict[str, Value], path_names: list[str]) -> str:
    prefix = "client" if operation.resource == "client" else f"client.{operation.resource}"
    parts = [arguments[name].text for name in path_names if name in arguments]
    parts += [f"{name}={v.text}" for name, v in arguments.items() if name not in path_names]
    call = f"{prefix}.{operation.method}({', '.join(parts)})"
    return call if operation.is_list else f"await {call}"


def runtime_accepts(operation: Any, arguments: dict[str, Any]) -> bool:
    """Whether the SDK's runtime check takes ``arguments`` (no request is made)."""
    from payments_sdk._checks import check
    from payments_sdk.errors import InvalidParameterError
    from payments_sdk.resources._resource import Resource

    known = {p.python_name: p for p in operation.parameters}
    if any(name not in known for name in arguments):
        return False
    try:
        for parameter in operation.parameters:
            given = arguments.get(parameter.python_name)
            if parameter.location in ("body", "part"):
                continue
            if given is None:
                if parameter.required and not parameter.has_default:
                    return False
                continue
            check(given, parameter.schema, parameter.python_name)
        if operation.body_schema is not None:
            body = {
                p.name: arguments.get(p.python_name)
                for p in operation.parameters
                if p.location in ("body", "part")
            }
            body = {k: v for k, v in body.items() if v is not None}
            Resource._body(operation.body_schema, body)
    except (InvalidParameterError, TypeError, ValueError):
        return False
    return True


WRONG = {
    "string": 12345,
    "integer": "1",
    "number": 1.5,
    "boolean": "yes",
    "array": 7,
    "object": 7,
}


def _wrong(schema: dict[str, Any]) -> Any | None:
    """Return a value of a type ``schema`` excludes (and Python's types exclude), or None."""
    if "enum" in schema or "const" in schema:
        values = schema.get("enum", [schema.get("const")])
        if all(isinstance(v, str) for v in values if v is not None):
            return "NOT_ONE_OF_THEM"
        numbers = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
        if numbers and len(numbers) == len([v for v in values if v is not None]):
            return max(numbers) + 1  # an integer outside the enum: outside its Literal too
        return None
    if "x-currency-field" in schema:
        return "100"
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    if schema.get("oneOf") or schema.get("anyOf"):
        shapes = schema.get("oneOf") or schema.get("anyOf")
        kinds = [s.get("type") for s in shapes if isinstance(s, dict)]
        if all(isinstance(s, dict) and _record(s) for s in shapes):
            kinds = ["object"]
    if None in kinds or not kinds:
        return None
    for candidate in (12345, "text", 1.5, [7]):
        python = {int: "integer", str: "string", float: "number", list: "array"}[type(candidate)]
        if python in kinds or (python == "integer" and "number" in kinds):
            continue
        if python == "array" and "string" in kinds:
            continue
        if python == "string" and schema.get("format") in ("binary",):
            continue  # a path-like text names a file
        return candidate
    return None


COVERED: dict[str, set[str]] = {"bodies": set(), "shapes": set(), "schemas": set()}
"""What the last :func:`build` wrote calls of, as :func:`inventory` names the bundle's shapes."""


@dataclass
class Written:
    """The lines of both files, by function."""

    accepted: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    imports: set[str] = field(default_factory=set)


def _function(name: str, doc: str, classes: dict[str, str], lines: list[str]) -> list[str]:
    params = "".join(f", {k}: {v}" for k, v in classes.items())
    out = [f"async def {name}(client: AsyncPaymentsClient{params}) -> None:", f'    """{doc}"""']
    out += [f"    {line}" for line in lines]
    return [*out, "", ""]


@cache
def build(generated: Path | None = None) -> tuple[str, str]:
    """Return the text of ``accepted_calls.py`` and ``refused_calls.py``."""
    operations, view = table(generated)
    builder = Builder(view.models)
    written = Written()
    COVERED["bodies"].clear()
    COVERED["shapes"].clear()
    for operation in operations:
        overloads = operation.overloads or [
            surface_module().Overload(shape="", parameters=operation.parameters)
        ]
        path_names = [p.python_name for p in operation.parameters if p.location == "path"]
        file = next(
            (
                p.python_name
                for p in operation.parameters
                if p.location == "part" and p.schema.get("format") == "binary"
            ),
            None,
        )
        if file:
            path_names.append(file)
        if not operation.parameters:
            continue
        base = f"{operation.resource}_{operation.method}"
        for index, overload in enumerate(overloads):
            suffix = f"_{index + 1}" if len(overloads) > 1 else ""
            label = f"{operation.resource}.{operation.method}" + (
                f" ({overload.shape})" if overload.shape else ""
            )
            accepted: list[str] = []
            refused: list[str] = []
            classes: dict[str, str] = {}
            distinct = _distinct(operation, overload)
            least = _arguments(builder, overload, full=False, distinct=distinct)
            fullest = _arguments(builder, overload, full=True, distinct=distinct)
            fullest = _fullest_valid(operation, overload, fullest)
            least = _least_valid(operation, least, fullest)
            with_classes = _arguments(builder, overload, full=True, classes=classes)
            with_classes = {k: v for k, v in with_classes.items() if k in fullest}
            nested_classes = _arguments(builder, overload, full=True, classes=classes, below=1)
            nested_classes = {k: v for k, v in nested_classes.items() if k in fullest}
            if overload.shape and operation.body_schema and operation.body_schema.get("oneOf"):
                COVERED["shapes"].add(f"{operation.resource}.{operation.method}#{index + 1}")
            if operation.body_schema is not None:
                COVERED["bodies"].add(f"{operation.resource}.{operation.method}")
            for arguments in (least, fullest, with_classes, nested_classes):
                line = _call_text(operation, arguments, path_names)
                if line not in accepted:
                    accepted.append(line)
            for arguments in (least, fullest):
                plain = {k: v.value for k, v in arguments.items()}
                assert runtime_accepts(operation, plain), (label, plain)
            for mutated, _kind in _violations(operation, overload, fullest, least, builder):
                if runtime_accepts(operation, {k: v.value for k, v in mutated.items()}):
                    continue  # the check takes it: no type may refuse it
                line = _call_text(operation, mutated, path_names)
                if line not in refused:
                    refused.append(line)
            name = base + suffix
            written.accepted += _function(name, f"{label}: accepted.", classes, accepted)
            written.refused += _function(
                name, f"{label}: each single violation is refused.", {}, [r + MARK for r in refused]
            )
            written.imports.update(classes.values())
    more_accepted = (
        "Each method and each shape of its body: its least call, its fullest call (every nested\n"
        "key), and that call with the model and enum classes the bundle names."
    )
    more_refused = (
        "Each line is one violation a type can express and the runtime check refuses too; mypy\n"
        "--strict warns of an ignore it no longer needs, so a call it stops refusing fails."
    )
    imports = ""
    if written.imports:
        names = "".join(f"    {name},\n" for name in sorted(written.imports))
        imports = f"from payments_sdk.types import (\n{names})\n"
    accepted_text = (
        HEADER.format(
            title="Calls mypy must accept: every request shape of the bundle.", more=more_accepted
        )
        + imports
        + "\n\n"
        + "\n".join(written.accepted).rstrip()
        + "\n"
    )
    refused_text = _with_codes(
        HEADER.format(
            title="Calls mypy must refuse: each single violation a type can express.",
            more=more_refused,
        )
        + "\n\n"
        + "\n".join(written.refused).rstrip()
        + "\n"
    )
    COVERED["schemas"] = set(builder.covered)
    return accepted_text, refused_text


def _fullest_valid(operation: Any, overload: Any, arguments: dict[str, Value]) -> dict[str, Value]:
    """The fullest call the check takes: optional arguments left out, last first, until it does.

    (A rule no type says, such as ``not: {required: [a, b]}``, may refuse every argument at once.)
    """
    optional = [
        p.python_name
        for p in reversed(overload.parameters)
        if not (p.required and not p.has_default) and p.location != "path"
    ]
    current = dict(arguments)
    while not runtime_accepts(operation, {k: v.value for k, v in current.items()}) and optional:
        for name in optional:
            trial = {k: v for k, v in current.items() if k != name}
            if runtime_accepts(operation, {k: v.value for k, v in trial.items()}):
                return trial
        current.pop(optional.pop(0), None)
    return current


def _least_valid(
    operation: Any, least: dict[str, Value], fullest: dict[str, Value]
) -> dict[str, Value]:
    """The least call the check takes: the required arguments, and optional ones while it refuses.

    (``minProperties`` on a body, or a rule across fields, may want more than the required.)
    """
    current = dict(least)
    for name, value in fullest.items():
        if runtime_accepts(operation, {k: v.value for k, v in current.items()}):
            break
        if name not in current:
            current[name] = value
    return current


def _distinct(operation: Any, overload: Any) -> list[str]:
    """The body fields the bundle wants to differ (``x-distinct-fields``), as keywords."""
    names: list[str] = list((operation.body_schema or {}).get("x-distinct-fields", []))
    for parameter in overload.parameters:
        if parameter.name in names:
            names[names.index(parameter.name)] = parameter.python_name
    return names


MARK = "  # REFUSED"


def run_mypy(path: Path, *, warn_unused_ignores: bool = False) -> str:
    """Run ``mypy --strict`` on one file of calls and return what it prints, one error a line.

    The one command line of the typed calls (this module's refused calls, and
    ``tests/call/test_drawn_calls_are_typed_as_checked.py``'s drawn ones): no summary, no
    context lines, no colour, and the cache of its own (``.mypy_cache/typed-calls``), beside the
    per-``generated/`` caches of ``make lint``.
    """
    import os
    import subprocess

    flags = ["--warn-unused-ignores"] if warn_unused_ignores else []
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            *flags,
            "--no-error-summary",
            "--hide-error-context",
            "--cache-dir",
            str(ROOT / ".mypy_cache" / "typed-calls"),
            str(path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "MYPY_FORCE_COLOR": "0"},
    )
    return result.stdout


def _with_codes(text: str) -> str:
    """Give each refused call the ``# type: ignore[<codes>]`` mypy reports for it.

    mypy names the error of a call by where it finds it (``call-overload`` for a method of several
    shapes, ``arg-type``, ``list-item``, ``typeddict-item``...): the codes are mypy's own, read by
    running it once on the calls. A call mypy does not refuse fails here, naming it: a violation
    a type can express that the types let through.
    """
    import re

    scratch = ROOT / "build" / "typed-calls"
    scratch.mkdir(parents=True, exist_ok=True)
    probe = scratch / "refused_probe.py"
    probe.write_text(text.replace(MARK, ""), encoding="utf-8")
    output = run_mypy(probe)
    codes: dict[int, list[str]] = {}
    for found in re.finditer(r"^[^:\n]+:(\d+): error: .*\[([a-z-]+)\]$", output, re.M):
        line, code = int(found.group(1)), found.group(2)
        codes.setdefault(line, [])
        if code not in codes[line]:
            codes[line].append(code)
    lines = text.splitlines()
    missed = []
    for number, line in enumerate(lines, start=1):
        if line.endswith(MARK):
            if number not in codes:
                missed.append(line.removesuffix(MARK).strip())
            lines[number - 1] = (
                line.removesuffix(MARK) + f"  # type: ignore[{', '.join(codes.get(number, ['?']))}]"
            )
        elif number in codes:
            missed.append(f"line {number} of the accepted part: {line.strip()}")
    if missed:
        raise SystemExit(
            "typed_calls: mypy does not refuse these calls, which the runtime check refuses:\n  "
            + "\n  ".join(missed)
            + ("\n" + output if "error:" not in output else "")
        )
    return "\n".join(lines) + "\n"


def _arguments(
    builder: Builder,
    overload: Any,
    *,
    full: bool,
    classes: dict[str, str] | None = None,
    distinct: list[str] = (),  # type: ignore[assignment]
    below: int = 0,
) -> dict[str, Value]:
    made: dict[str, Value] = {}
    for parameter in overload.parameters:
        wanted = parameter.location == "path" or (parameter.required and not parameter.has_default)
        if wanted or (full and not parameter.deprecated):
            made[parameter.python_name] = builder.value(
                parameter.schema, full=full, classes=classes, classes_from=below
            )
    for position, name in enumerate(distinct):
        schema = next(p.schema for p in overload.parameters if p.python_name == name)
        values = schema.get("enum", [])
        if name in made and made[name].checked and len(values) > position:
            made[name] = Value(values[position], _literal(values[position]))
    return made


def _violations(
    operation: Any,
    overload: Any,
    fullest: dict[str, Value],
    least: dict[str, Value],
    builder: Builder,
) -> list[tuple[dict[str, Value], str]]:
    """Return each single violation of the calls (mutated arguments, kind)."""
    found: list[tuple[dict[str, Value], str]] = []
    schemas = {p.python_name: p.schema for p in overload.parameters}
    required = [
        p.python_name
        for p in overload.parameters
        if (p.required and not p.has_default) or p.location == "path"
    ]
    for name in required:
        if operation.resource != "client" and name in [
            p.python_name for p in operation.parameters if p.location == "path"
        ]:
            continue  # a positional id: leaving it out is refused by Python itself
        found.append(({k: v for k, v in least.items() if k != name}, "missing"))
    typo = next(iter(fullest), "field") + "_typo"
    found.append(({**least, typo: Value("x", '"x"')}, "unknown"))
    others = [
        p
        for p in operation.parameters
        if p.python_name not in schemas and p.location in ("body", "part")
    ]
    for other in others:  # a field of another shape of the oneOf
        found.append(
            ({**least, other.python_name: builder.value(other.schema, full=False)}, "shape")
        )
    for name, value in fullest.items():
        schema = schemas[name]
        wrong = _wrong(schema)
        if wrong is not None:
            found.append(({**fullest, name: Value(wrong, _literal(wrong))}, "type"))
        for _path, broken in _nested(schema, value.value, builder):
            found.append(({**fullest, name: Value(broken, _literal(broken))}, "nested"))
    return found


def _nested(schema: dict[str, Any], value: Any, builder: Builder) -> list[tuple[str, Any]]:
    """Each single violation inside a nested object of ``value``: a key left out, unknown, wrong."""
    found: list[tuple[str, Any]] = []
    shapes = schema.get("oneOf") or schema.get("anyOf")
    if shapes and all(isinstance(s, dict) and _record(s) for s in shapes):
        schema = shapes[0]
    if isinstance(value, list) and isinstance(schema.get("items"), dict) and value:
        for path, broken in _nested(schema["items"], value[0], builder):
            found.append((f"[0]{path}", [broken, *value[1:]]))
        return found
    if not (isinstance(value, dict) and _record(schema) and schema.get("properties")) or _open(
        schema
    ):
        return found
    properties = schema["properties"]
    for key in schema.get("required", []):
        if key in value:
            found.append((f".{key}", {k: v for k, v in value.items() if k != key}))
    found.append((".typo", {**value, next(iter(properties)) + "_typo": "x"}))
    for key, item in value.items():
        sub = properties.get(key, {})
        wrong = _wrong(sub)
        if wrong is not None:
            found.append((f".{key}", {**value, key: wrong}))
        for path, broken in _nested(sub, item, builder):
            found.append((f".{key}{path}", {**value, key: broken}))
    return found


def main(argv: list[str]) -> int:
    """``python -m tests.support.typed_calls DIR [--check]``: write (or compare) both files."""
    out = Path(argv[0])
    accepted, refused = build()
    stale = []
    for name, text in (("accepted_calls.py", accepted), ("refused_calls.py", refused)):
        path = out / name
        if "--check" in argv:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path))
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    for path in stale:
        print(f"{path} is not what the bundle gives: run make generate", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))


# -- drawn calls (the Hypothesis property of tests/call/test_drawn_calls_are_typed_as_checked.py)


def strategy(schema: dict[str, Any]) -> Any:
    """Return a Hypothesis strategy of values of a resolved request ``schema``.

    Drawn from the schema's own keywords (``enum``, bounds, lengths, ``pattern``, ``format``,
    ``required``, ``oneOf``...); a value that breaks a rule drawn loosely here (a pattern with a
    lookahead) is filtered out by the caller's validation against the bundle.
    """
    import re

    from hypothesis import strategies as st

    from payments_sdk._formats import EXAMPLES
    from tests.support.schema_values import _FORMATS

    if not isinstance(schema, dict):
        return st.nothing()
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from([v for v in schema["enum"] if v is not None] or [None])
    shapes = schema.get("oneOf") or schema.get("anyOf")
    if shapes:
        return st.one_of([strategy(s) for s in shapes if isinstance(s, dict)])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([strategy({**schema, "type": k}) for k in kind if k != "null"])
    if kind == "string":
        fmt = schema.get("format")
        if fmt == "binary":
            return st.binary(min_size=1, max_size=8)
        if fmt:
            sample = _FORMATS.get(fmt) or EXAMPLES.get(fmt)
            return st.just(sample if sample is not None else _schema_example(schema))
        least = int(schema.get("minLength", 0))
        most = schema.get("maxLength")
        if "pattern" in schema:
            try:
                drawn = st.from_regex(schema["pattern"])
            except Exception:  # a construct Hypothesis cannot draw from: the bundle's example
                drawn = st.just(_schema_example(schema))
            return drawn.filter(
                lambda t: (
                    "\n" not in t
                    and least <= len(t) <= (most if most is not None else len(t))
                    and re.search(schema["pattern"], t) is not None
                )
            )
        alphabet = st.characters(min_codepoint=0x21, max_codepoint=0x7E)
        return st.text(alphabet, min_size=least, max_size=most if most is not None else least + 12)
    if kind == "integer" or "x-currency-field" in schema:
        from payments_sdk._formats import INTEGER_RANGES

        least, most = INTEGER_RANGES.get(str(schema.get("format")), (None, None))
        low = max(v for v in (schema.get("minimum"), least, -(10**6)) if v is not None)
        high = min(v for v in (schema.get("maximum"), most, 10**6) if v is not None)
        if schema.get("exclusiveMinimum") is not None:
            low = max(low, int(schema["exclusiveMinimum"]) + 1)
        if schema.get("exclusiveMaximum") is not None:
            high = min(high, int(schema["exclusiveMaximum"]) - 1)
        step = schema.get("multipleOf")
        if isinstance(step, int) and step > 0:
            return st.integers(-(-int(low) // step), int(high) // step).map(lambda n: n * step)
        return st.integers(int(low), int(high))
    if kind == "number":
        from decimal import Decimal

        return st.decimals(
            min_value=Decimal(str(schema.get("minimum", -(10**6)))),
            max_value=Decimal(str(schema.get("maximum", 10**6))),
            places=2,
            allow_nan=False,
            allow_infinity=False,
        )
    if kind == "boolean":
        return st.booleans()
    if kind == "array":
        items = schema.get("items")
        if not isinstance(items, dict):
            return st.nothing()
        least = int(schema.get("minItems", 0))
        most = min(int(schema.get("maxItems", least + 2)), least + 2)
        return st.lists(
            strategy(items), min_size=least, max_size=most, unique=bool(schema.get("uniqueItems"))
        )
    if kind == "object" or "properties" in schema:
        properties = {
            name: sub
            for name, sub in (schema.get("properties") or {}).items()
            if isinstance(sub, dict) and sub.get("readOnly") is not True
        }
        extra = schema.get("additionalProperties")
        if not properties and isinstance(extra, dict):
            keys = st.text(st.characters(min_codepoint=0x61, max_codepoint=0x7A), min_size=1)
            return st.dictionaries(keys, strategy(extra), max_size=2)
        required = set(schema.get("required", []))
        return st.fixed_dictionaries(
            {k: strategy(v) for k, v in properties.items() if k in required},
            optional={k: strategy(v) for k, v in properties.items() if k not in required},
        )
    return st.nothing()


def call_strategy(operation: Any, overload: Any) -> Any:
    """A strategy of ``{keyword: value}`` for one overload (shape) of ``operation``."""
    from hypothesis import strategies as st

    required: dict[str, Any] = {}
    optional: dict[str, Any] = {}
    for parameter in overload.parameters:
        if parameter.python_name in ("before", "after"):
            continue  # the pager's window: its checks are the pager's, drawn elsewhere
        drawn = strategy(parameter.schema)
        if parameter.location == "path" or (parameter.required and not parameter.has_default):
            required[parameter.python_name] = drawn
        elif not parameter.deprecated:
            optional[parameter.python_name] = drawn
    return st.fixed_dictionaries(required, optional=optional)


def bundle_valid(operation: Any, arguments: dict[str, Any]) -> bool:
    """Whether ``arguments`` make a request the bundle allows (JSON Schema, and its x- rules)."""
    from payments_sdk._engine import conforms

    for parameter in operation.parameters:
        value = arguments.get(parameter.python_name)
        if value is None or parameter.location in ("body", "part"):
            continue
        if not _valid(value, parameter.schema, conforms):
            return False
    if operation.body_schema is None:
        return True
    body = {
        p.name: arguments[p.python_name]
        for p in operation.parameters
        if p.location in ("body", "part") and arguments.get(p.python_name) is not None
    }
    if not _valid(body, operation.body_schema, conforms):
        return False
    distinct = operation.body_schema.get("x-distinct-fields", [])
    present = [body[name] for name in distinct if name in body]
    return len(set(map(str, present))) == len(present)


def _valid(value: Any, schema: dict[str, Any], conforms: Any) -> bool:
    from payments_sdk._engine import validator

    def plain(node: Any) -> Any:
        if isinstance(node, bytes):
            return "file"
        if isinstance(node, dict):
            return {k: plain(v) for k, v in node.items()}
        if isinstance(node, list):
            return [plain(v) for v in node]
        return node

    if not validator(_bare_binary(schema)).is_valid(plain(value)):
        return False
    return all(conforms(fmt, item) for fmt, item in _formatted(schema, value))


def _formatted(schema: Any, value: Any) -> list[tuple[str, Any]]:
    """Each value under a declared property or item with its ``format`` (the SDK's formats)."""
    found: list[tuple[str, Any]] = []
    if not isinstance(schema, dict):
        return found
    if isinstance(schema.get("format"), str) and not isinstance(value, (dict, list, bytes)):
        found.append((schema["format"], value))
    if isinstance(value, dict):
        shapes = [schema, *(schema.get("oneOf") or schema.get("anyOf") or [])]
        for shape in shapes:
            for name, sub in (shape.get("properties") or {}).items():
                if name in value:
                    found += _formatted(sub, value[name])
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for item in value:
            found += _formatted(schema["items"], item)
    return found


def _bare_binary(schema: Any) -> Any:
    """The schema as a request sees it: a file part is any value; a readOnly field not required."""
    if isinstance(schema, dict):
        if schema.get("format") == "binary":
            return {}
        made = {k: _bare_binary(v) for k, v in schema.items()}
        properties = schema.get("properties")
        if isinstance(properties, dict) and isinstance(schema.get("required"), list):
            made["required"] = [
                name
                for name in schema["required"]
                if not (isinstance(properties.get(name), dict) and properties[name].get("readOnly"))
            ]
        return made
    if isinstance(schema, list):
        return [_bare_binary(v) for v in schema]
    return schema


def mutations(operation: Any, overload: Any, arguments: dict[str, Any]) -> list[dict[str, Any]]:
    """Each single-keyword violation of ``arguments`` a type can express.

    A required keyword left out, a keyword of a type its schema excludes (a text outside an
    enum), or, in a nested object, a required key left out, an unknown key, a wrong value.
    """
    found: list[dict[str, Any]] = []
    schemas = {p.python_name: p.schema for p in overload.parameters}
    for parameter in overload.parameters:
        name = parameter.python_name
        if name not in arguments or parameter.location == "path":
            continue
        if parameter.required and not parameter.has_default:
            found.append({k: v for k, v in arguments.items() if k != name})
        wrong = _wrong(schemas[name])
        if wrong is not None:
            found.append({**arguments, name: wrong})
        for _path, broken in _nested(schemas[name], arguments[name], None):  # type: ignore[arg-type]
            found.append({**arguments, name: broken})
    return found


def call_line(operation: Any, arguments: dict[str, Any]) -> str:
    """The source of one call with ``arguments`` (path ones positional)."""
    path_names = [p.python_name for p in operation.parameters if p.location == "path"]
    path_names += [
        p.python_name
        for p in operation.parameters
        if p.location == "part" and p.schema.get("format") == "binary"
    ]
    values = {k: Value(v, _literal(v)) for k, v in arguments.items()}
    return _call_text(operation, values, path_names)
