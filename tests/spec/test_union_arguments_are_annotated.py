"""An argument whose schema lists several types, or is a union of values, is annotated by them.

``type: ["string", "null"]`` is OpenAPI 3.1's nullable text: the argument is ``str`` (and, being
optional, ``| None``: None is "not sent"). A union of values (``anyOf``/``oneOf`` of a text and
a number) is each shape's annotation; a union of records stays the model or a mapping.
"""

from __future__ import annotations

from typing import Any

import pytest
from surface import annotation


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"type": ["string", "null"]}, "str"),
        ({"type": ["integer", "string"]}, "int | str"),
        ({"type": ["number", "null"]}, "int | Decimal"),
        (
            {"anyOf": [{"type": "string", "format": "date-time"}, {"type": "null"}]},
            "datetime | str",
        ),
        ({"oneOf": [{"type": "string"}, {"type": "integer"}]}, "str | int"),
        ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, "int | Decimal"),
        (
            {"anyOf": [{"type": "string", "enum": ["a"], "x-model": "Kind"}, {"type": "string"}]},
            "Kind | str",
        ),
        (
            {"oneOf": [{"type": "object", "properties": {"a": {}}}], "x-model": "Shape"},
            "Shape | Mapping[str, Any]",
        ),
    ],
)
def test_a_union_is_annotated_by_its_shapes(schema: dict[str, Any], expected: str) -> None:
    assert annotation(schema) == expected
