"""What the SDK writes for a styled query parameter is what the sandbox reads back, in every style.

OpenAPI 3.1 lets a query parameter carry a list or a mapping in five ways (``form`` with and
without ``explode``, ``spaceDelimited``, ``pipeDelimited``, ``deepObject``). For each style the
bundle may declare, a Hypothesis property draws a value, writes it with the SDK's own encoder
(:func:`payments_sdk._param_styles.encode_query`, what the sender uses) and hands the query
string to the sandbox's request parser for an operation declaring that parameter: the parser
must return the value drawn, items holding the delimiter included (``a,b`` travels as
``a%2Cb``). The one value the SDK may refuse is a delimited list of one empty item (``ids=`` is
the empty list), and then it names the parameter.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.requests import Request

from payments_sdk import InvalidParameterError
from payments_sdk._param_styles import Style, encode_query
from payments_sdk.sandbox._errors import ApiError
from payments_sdk.sandbox._request_validation import RequestSchema
from payments_sdk.sandbox.contract import SchemaSet

# (style, explode, schema type): the combinations OpenAPI 3.1 defines for a query parameter.
ARRAY_STYLES = [
    ("form", True),
    ("form", False),
    ("spaceDelimited", False),
    ("spaceDelimited", True),
    ("pipeDelimited", False),
    ("pipeDelimited", True),
]
OBJECT_STYLES = [
    ("form", True),
    ("form", False),
    ("deepObject", True),
    ("spaceDelimited", False),
    ("pipeDelimited", False),
]
ITEMS = {
    "string": st.text(max_size=12),
    "integer": st.integers(min_value=-(10**15), max_value=10**15),
    "boolean": st.booleans(),
}
FIELDS = {"text": "string", "count": "integer", "flag": "boolean"}


def _operation(name: str, style: str, explode: bool, schema: dict[str, Any]) -> RequestSchema:
    document: dict[str, Any] = {
        "openapi": "3.1.0",
        "info": {"title": "styles", "version": "1"},
        "paths": {
            "/things": {
                "get": {
                    "operationId": "listThings",
                    "parameters": [
                        {
                            "name": name,
                            "in": "query",
                            "style": style,
                            "explode": explode,
                            "schema": schema,
                        }
                    ],
                    "responses": {"200": {"description": "ok"}},
                }
            }
        },
    }
    return RequestSchema(document, SchemaSet(document), "/things", "get")


def _read(operation: RequestSchema, query: str) -> dict[str, Any]:
    scope = {
        "type": "http",
        "method": "GET",
        "path": "/things",
        "query_string": query.encode("ascii"),
        "headers": [],
        "path_params": {},
    }
    return asyncio.run(operation.validate(Request(scope))).query


def _round_trip(name: str, value: Any, style: Style, schema: dict[str, Any]) -> None:
    try:
        query = encode_query({name: value}, {name: style})
    except InvalidParameterError as exc:
        # Only an item holding its style's delimiter cannot travel; the SDK says which.
        # A single empty item (``ids=`` reads as the empty list), or a pipe or space in an item
        # of pipeDelimited or spaceDelimited (clients encode those delimiters too).
        assert exc.field == name and style.delimiter is not None, exc
        texts = value.items() if isinstance(value, dict) else [(None, v) for v in value]
        held = any(style.delimiter in str(part) for pair in texts for part in pair)
        assert value == [""] or (held and style.delimiter in "| "), exc
        return
    operation = _operation(name, style.style, style.explode, schema)
    try:
        got = _read(operation, query)
    except ApiError as exc:
        raise AssertionError(f"the sandbox refused {query!r}: {exc.message}") from None
    assert got == {name: value}, query


@pytest.mark.parametrize(("style", "explode"), ARRAY_STYLES)
@pytest.mark.parametrize("kind", sorted(ITEMS))
def test_an_array_reads_back_as_written(style: str, explode: bool, kind: str) -> None:
    """Every array of strings, integers or booleans survives the trip in every array style."""
    schema = {"type": "array", "items": {"type": kind}, "minItems": 1}

    @settings(max_examples=60, deadline=None)
    @given(st.lists(ITEMS[kind], min_size=1, max_size=5))
    def trip(value: list[Any]) -> None:
        _round_trip("ids", value, Style(style, explode), schema)

    trip()


@pytest.mark.parametrize(("style", "explode"), OBJECT_STYLES)
def test_an_object_reads_back_as_written(style: str, explode: bool) -> None:
    """A mapping of declared scalar fields survives the trip in every object style."""
    schema = {
        "type": "object",
        "properties": {field: {"type": kind} for field, kind in FIELDS.items()},
        "additionalProperties": False,
    }
    fields = st.fixed_dictionaries({}, optional={f: ITEMS[kind] for f, kind in FIELDS.items()})

    @settings(max_examples=80, deadline=None)
    @given(fields.filter(bool))
    def trip(value: dict[str, Any]) -> None:
        _round_trip("filter", value, Style(style, explode), schema)

    trip()


def test_a_deep_object_map_reads_back_with_any_keys() -> None:
    """A deepObject map (``additionalProperties``) takes any key its schema allows.

    The empty key (``metadata[]=v``) and keys holding ``[``, ``]``, ``=``, ``&`` or any text
    travel as ``metadata[<key>]``, percent-encoded, and read back as drawn.
    """
    schema = {"type": "object", "additionalProperties": {"type": "string"}}
    keys = st.one_of(st.sampled_from(["", "[", "]", "[]", "a]b", "=", "&", " ", "%"]), st.text())

    @settings(max_examples=150, deadline=None)
    @given(st.dictionaries(keys, st.text(max_size=8), min_size=1, max_size=4))
    def trip(value: dict[str, str]) -> None:
        _round_trip("metadata", value, Style("deepObject", True), schema)

    trip()


@pytest.mark.parametrize(
    ("style", "explode", "query"),
    [
        ("form", True, "ids=a&ids=b"),
        ("form", False, "ids=a,b"),
        ("spaceDelimited", False, "ids=a%20b"),
        ("pipeDelimited", False, "ids=a|b"),
    ],
)
def test_each_style_is_written_as_openapi_shows_it(style: str, explode: bool, query: str) -> None:
    """The wire forms of OpenAPI 3.1's style table (section 4.8.12.4), for ``["a", "b"]``."""
    assert encode_query({"ids": ["a", "b"]}, {"ids": Style(style, explode)}) == query


def test_objects_are_written_as_openapi_shows_them() -> None:
    """deepObject, form exploded and form without explode, for ``{"R": 100, "G": 200}``."""
    value = {"R": 100, "G": 200}
    assert encode_query({"c": value}, {"c": Style("deepObject", True)}) == "c[R]=100&c[G]=200"
    assert encode_query({"c": value}, {"c": Style("form", True)}) == "R=100&G=200"
    assert encode_query({"c": value}, {"c": Style("form", False)}) == "c=R,100,G,200"


def test_an_item_holding_its_delimiter_travels_encoded() -> None:
    """RFC 6570: the delimiter is literal, an item's own comma is ``%2C`` (as schemathesis).

    A pipe delimiter is read encoded too (``%7C``: a URL cannot carry it literally).
    """
    style = Style("form", False)
    assert encode_query({"ids": ["a,b", "c"]}, {"ids": style}) == "ids=a%2Cb,c"
    operation = _operation("ids", "form", False, {"type": "array", "items": {"type": "string"}})
    assert _read(operation, "ids=a%2Cb,c") == {"ids": ["a,b", "c"]}
    piped = _operation(
        "ids", "pipeDelimited", False, {"type": "array", "items": {"type": "string"}}
    )
    assert _read(piped, "ids=a%7Cb|c") == {"ids": ["a", "b", "c"]}


def test_an_empty_delimited_value_is_the_empty_list() -> None:
    """``ids=`` is ``[]`` without explode (as schemathesis and other clients write ``[]``)."""
    operation = _operation("ids", "form", False, {"type": "array", "items": {"type": "integer"}})
    assert _read(operation, "ids=") == {"ids": []}


def test_a_single_value_of_an_exploded_array_is_a_list_of_one() -> None:
    """``status=paid`` is ``["paid"]`` for an exploded array filter, not "must be an array"."""
    schema = {"type": "array", "items": {"type": "string", "enum": ["paid", "failed"]}}
    operation = _operation("status", "form", True, schema)
    assert _read(operation, "status=paid") == {"status": ["paid"]}
    assert _read(operation, "status=paid&status=failed") == {"status": ["paid", "failed"]}
    with pytest.raises(ApiError) as refused:
        _read(operation, "status=lost")
    assert refused.value.message.startswith("status[0] must be one of paid, failed")
