"""The public model classes a folded bundle generates, and where each operation uses them.

``payments_sdk.types`` re-exports every class openapi-python-client writes into
``payments_sdk_generated.models``: each model (an object: a request body, an answer, a nested
object, a webhook payload, a component nobody refers to) and each enum. So each of them is a
name users may import, and all of them are public here. Their names are not guessed: this asks
openapi-python-client's own parser (``GeneratorData.from_dict``, what ``make generate`` runs)
to read the generator's input (``generator_input.py``: titles left out, inline webhook payloads
moved to components) with ``generator-config.yaml``, and takes the classes it would write.

Each class is then found where it is used: an operation's body, answer (by status) or
parameter, and the fields inside them (``POST /v1/refunds body``, ``GET /v1/refunds/{id}
200.status``), and a webhook's payload (``webhook paymentSucceeded``). ``api_diff.py`` pairs a
class the bundle no longer has with the one that stands where it stood: a rename.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator_input import GeneratorInputError, generator_input

from payments_sdk import _webhook_parts as hooks

__all__ = ["Classes", "Use", "model_classes", "same_classes"]

CONFIG = Path(__file__).resolve().parent.parent.parent / "generator-config.yaml"
"""The generator's configuration ``make generate`` passes (``class_overrides`` would rename)."""
_PARAMETER = re.compile(r"\{[^{}/]*\}")
_METHODS = ("get", "put", "post", "patch", "delete", "head", "options", "trace")


@dataclass(frozen=True)
class Use:
    """One place a class stands: an operation (its operationId) and the part of it."""

    operation: str
    where: str
    """``METHOD /full/path`` and the part: ``body``, ``201.data[]``, ``query status``."""


@dataclass
class Classes:
    """The classes a bundle generates, each with the places it is used (none: only exported)."""

    uses: dict[str, list[Use]] = field(default_factory=dict)

    def at(self) -> dict[str, str]:
        """Return the class that stands at each place (``POST /v1/refunds body``)."""
        return {use.where: name for name, uses in self.uses.items() for use in uses}


def _text(value: Any) -> str:
    """Return a generator string (``UntrustedString``: what the bundle wrote) as text."""
    getter = getattr(value, "get_untrusted_value", None)
    return str(getter() if callable(getter) else value)


def _inner(prop: Any) -> Iterator[tuple[str, Any]]:
    """Yield the properties ``prop`` holds, each with the suffix of its place."""
    fields = getattr(prop, "required_properties", None) or []
    for sub in [*fields, *(getattr(prop, "optional_properties", None) or [])]:
        yield f".{_text(sub.name)}", sub
    extra = getattr(prop, "additional_properties", None)
    if extra is not None and not isinstance(extra, bool):
        yield ".*", extra
    for sub in getattr(prop, "inner_properties", None) or []:
        yield "", sub
    item = getattr(prop, "inner_property", None)
    if item is not None:
        yield "[]", item


def _walk(
    prop: Any, suffix: str, seen: set[str], by_name: dict[str, Any]
) -> Iterator[tuple[str, str]]:
    """Yield each class ``prop`` is or holds, with its first place (each class once)."""
    info = getattr(prop, "class_info", None)
    if info is not None:
        name = str(info.name)
        if name in seen:
            return
        seen.add(name)
        yield name, suffix
        prop = by_name.get(name, prop)  # the class as parsed, its fields filled in
    for more, sub in _inner(prop):
        yield from _walk(sub, f"{suffix}{more}", seen, by_name)


def _config() -> Any:
    """Return ``generator-config.yaml`` as openapi-python-client reads it."""
    from openapi_python_client.config import Config, ConfigFile, MetaType

    return Config.from_sources(
        ConfigFile.load_from_path(CONFIG), MetaType.NONE, "bundle", "utf-8", True, None
    )


def _generator_data(document: dict[str, Any], config: Any) -> Any:
    """Return what openapi-python-client parses ``document`` into, or None when it cannot."""
    from openapi_python_client.parser.openapi import GeneratorData

    try:
        data = GeneratorData.from_dict(generator_input(document), config=config)
    except GeneratorInputError:
        return None
    return data if isinstance(data, GeneratorData) else None


_NAMES_NO_CLASS = frozenset(
    {
        "description",
        "summary",
        "example",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minLength",
        "maxLength",
        "pattern",
        "minItems",
        "maxItems",
        "uniqueItems",
        "minProperties",
        "maxProperties",
        "deprecated",
    }
)
"""Keywords whose values name no class: words, examples and bounds. Only their scalar values
are left out (a property or component of that name is a mapping, and stays)."""


def _skeleton(node: Any) -> Any:
    """Return ``node`` without the scalar values of :data:`_NAMES_NO_CLASS`."""
    if isinstance(node, dict):
        return {
            key: _skeleton(value)
            for key, value in node.items()
            if key not in _NAMES_NO_CLASS or isinstance(value, dict)
        }
    if isinstance(node, list):
        return [_skeleton(item) for item in node]
    return node


def same_classes(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether two folded documents differ only in words, examples and bounds.

    Then they generate the same classes, and neither is parsed (about half a second each): most
    edits a provider publishes are of that kind. Any other difference is read by the parser.
    """
    return old == new or _skeleton(old) == _skeleton(new)


def model_classes(document: dict[str, Any]) -> Classes | None:
    """Return the public classes the folded ``document`` generates, or None if it generates none.

    None: ``make generate`` refuses the bundle (it fails there, by name), so no class is known.
    A document read before (the same text) is not parsed again, and its answer is shared (do
    not change it): api-diff's callers compare one baseline with many edits.
    """
    return _classes_of(json.dumps(document, default=str))


@functools.lru_cache(maxsize=8)
def _classes_of(text: str) -> Classes | None:
    document: dict[str, Any] = json.loads(text)
    config = _config()
    data = _generator_data(document, config)
    if data is None:
        return None
    by_name = {str(prop.class_info.name): prop for prop in [*data.models, *data.enums]}
    classes = Classes({name: [] for name in by_name})
    for use, prop in [*_operation_parts(document, data), *_payloads(document, config, by_name)]:
        for name, suffix in _walk(prop, "", set(), by_name):
            classes.uses[name].append(Use(use.operation, use.where + suffix))
    return classes


def _operation_parts(document: dict[str, Any], data: Any) -> Iterator[tuple[Use, Any]]:
    """Yield each part of each operation the generator read (its body, answers, parameters)."""
    operations = {  # by path with parameters unnamed: the generator renames them (snake case)
        (method.upper(), _PARAMETER.sub("{}", path)): Use(
            str(operation.get("operationId", f"{method.upper()} {path}")),
            f"{method.upper()} {path}",
        )
        for path, item in document.get("paths", {}).items()
        for method, operation in item.items()
        if method in _METHODS and isinstance(operation, dict)
    }
    done: set[Use] = set()
    for collection in data.endpoint_collections_by_tag.values():
        for endpoint in collection.endpoints:
            method, path = endpoint.method.upper(), _text(endpoint.path)
            fallback = Use(f"{method} {path}", f"{method} {path}")
            operation = operations.get((method, _PARAMETER.sub("{}", path)), fallback)
            if operation in done:
                continue  # an operation of several tags is in each of their collections
            done.add(operation)
            parts: list[tuple[str, Any]] = [("body", body.prop) for body in endpoint.bodies]
            parts += [(r.status_code.pattern, r.prop) for r in endpoint.responses]
            for place in ("path", "query", "header", "cookie"):
                parts += [
                    (f"{place} {_text(p.name)}", p)
                    for p in getattr(endpoint, f"{place}_parameters")
                ]
            for part, prop in parts:
                yield Use(operation.operation, f"{operation.where} {part}"), prop


def _payloads(
    document: dict[str, Any], config: Any, by_name: dict[str, Any]
) -> Iterator[tuple[Use, Any]]:
    """Yield each webhook's payload class (generator_input made each payload a component)."""
    from openapi_python_client.parser.properties.schemas import Class

    for hook in hooks.webhooks(document):
        payload = Class.from_string(string=hooks.model_name(hook), config=config)
        if str(payload.name) in by_name:
            yield Use(f"webhook {hook.kind}", f"{hook.method} payload"), by_name[payload.name]
