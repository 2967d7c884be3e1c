"""What every generated model and operation shares: the model base, decoding, and the response.

Written from ``openapi/templates/types.py.jinja`` (see the comment there): do not edit.

Models are :class:`msgspec.Struct` classes. A JSON body is decoded straight into them by a
cached :class:`msgspec.json.Decoder`, which checks every type as it parses and names the JSON
path of the first mismatch. A field the bundle does not declare makes that strict decoder stop;
the body is then decoded again, leniently, and the undeclared fields are kept in each model's
``additional_properties``. That path is slower, and rare: a body that matches the bundle is
parsed once, in C.

A JSON ``number`` is exact (money and rates are never floats): read from its text, it is an
``int`` when it is written as one and a :class:`~decimal.Decimal` otherwise, and sent back as
the same digits (:data:`Number`). No JSON value ever becomes a ``float``, in a declared field
or an undeclared one.
"""

from __future__ import annotations

import datetime
import re
import types
from collections.abc import Mapping
from decimal import Decimal
from functools import cache
from typing import (
    IO,
    TYPE_CHECKING,
    Annotated,
    Any,
    Generic,
    NamedTuple,
    Protocol,
    Self,
    TypeAlias,
    TypeVar,
    Union,
    get_args,
    get_origin,
)
from urllib.parse import quote

import msgspec

from .errors import InvalidPathParameter, ModelValidationError, UnexpectedBody

__all__ = [
    "File",
    "FileTypes",
    "Model",
    "Number",
    "Operation",
    "OperationLabel",
    "RawResponse",
    "RequestFiles",
    "Timestamp",
    "decode_bytes",
    "decode_response",
    "decode_text",
    "encode_json",
    "multipart",
    "no_content",
    "one_of",
    "path_segment",
]

Timestamp = Annotated[datetime.datetime, msgspec.Meta(tz=True)]
"""An ISO 8601 date-time with its UTC offset, as the service sends every timestamp."""


class _NumberMeta(type):
    def __instancecheck__(cls, instance: Any) -> bool:
        return type(instance) is int or type(instance) is Decimal


if TYPE_CHECKING:
    Number: TypeAlias = int | Decimal
else:

    class Number(metaclass=_NumberMeta):
        """A JSON ``number``: an ``int``, or a ``Decimal`` when written with a fraction or an
        exponent; never a ``float`` (no rounding), never a string or a boolean."""


# The types that `httpx.AsyncClient(files=...)` accepts.
FileContent = IO[bytes] | bytes | str
FileTypes = tuple[str | None, FileContent, str | None]
RequestFiles = list[tuple[str, FileTypes]]

_EXTRA = "_additional_properties"

M = TypeVar("M")


class OperationLabel(NamedTuple):
    """An operation's label (``operationId``, method, path template): how logs name a call.

    Events and traces name a request by it too.

    Never the path parameters or the query, which can carry customer data.
    """

    operation_id: str
    method: str
    template: str
    """The path with its parameters as ``{name}``, relative to the root address."""


class Operation(Generic[M]):
    """One operation of the bundle, as data: all the SDK's call layer needs to send it.

    Each ``api/<tag>/<operation>.py`` states its operation once, as one of these; the SDK's
    resource method hands it, with the call's checked arguments, to the call layer, which sends
    the request and reads the answer with :meth:`parse`. Nothing here sends anything.
    """

    __slots__ = ("answer", "label", "media_type", "method", "path")

    def __init__(
        self,
        operation_id: str,
        method: str,
        path: str,
        *,
        answer: Any,
        media_type: str | None = None,
    ) -> None:
        self.label = OperationLabel(operation_id, method, path)
        """How logs, events and traces name the operation (never its ids or query)."""
        self.method = method
        """The HTTP method."""
        self.path = path
        """The path template, relative to the service's root address."""
        self.answer = answer
        """The 2xx body: a model (or a union of models), ``str`` for text, ``bytes`` for another
        media type, ``None`` for no body."""
        self.media_type = media_type
        """The request body's media type (``multipart/form-data`` or a JSON one); ``None``
        when the operation takes no body."""

    def encode(
        self, body: Any, headers: Mapping[str, str] | None
    ) -> tuple[bytes | None, RequestFiles | None, Mapping[str, str] | None]:
        """Return the request's content, multipart parts and headers for ``body``.

        ``None`` sends no body (an optional body left out).
        """
        if body is None or self.media_type is None:
            return None, None, headers
        if self.media_type == "multipart/form-data":
            return None, multipart(body), headers
        return encode_json(body), None, {**(headers or {}), "Content-Type": self.media_type}

    def parse(self, response: RawResponse) -> M:
        """Read the 2xx answer as the bundle describes it.

        Raises :class:`~.errors.UnexpectedBody`, naming the JSON path of the first mismatch,
        when it does not match.
        """
        answer = self.answer
        if answer is None:
            return no_content(response)  # type: ignore[return-value]
        if answer is str:
            return decode_text(response)  # type: ignore[return-value]
        if answer is bytes:
            return decode_bytes(response)  # type: ignore[return-value]
        return decode_response(response, answer)

    def __repr__(self) -> str:
        return f"Operation({self.label.operation_id!r}, {self.method!r}, {self.path!r})"


class RawResponse(Protocol):
    """What a sender returns: a complete answer's status, headers and body bytes."""

    @property
    def status_code(self) -> int:
        """The HTTP status."""
        ...

    @property
    def headers(self) -> Mapping[str, str]:
        """The response headers (case-insensitive)."""
        ...

    @property
    def content(self) -> bytes:
        """The body, decoded from any Content-Encoding."""
        ...


class Model(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True, dict=True):
    """Base of every generated model.

    Optional fields are ``X | None`` and default to ``None``. Fields the bundle does not
    declare, as received, are in :attr:`additional_properties` (and readable as
    ``model["name"]``).
    """

    @property
    def additional_properties(self) -> dict[str, Any]:
        """Fields the bundle does not declare, as received; empty when there are none."""
        extra: dict[str, Any] | None = self.__dict__.get(_EXTRA)
        if extra is None:
            extra = self.__dict__[_EXTRA] = {}
        return extra

    @property
    def additional_keys(self) -> list[str]:
        """The names of the undeclared fields."""
        return list(self.additional_properties)

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

    def __copy__(self) -> Self:
        copied = msgspec.structs.replace(self)
        extra = self.__dict__.get(_EXTRA)
        if extra:
            copied.__dict__[_EXTRA] = dict(extra)
        return copied

    def __reduce__(self) -> tuple[Any, ...]:
        # msgspec pickles the declared fields only; the undeclared ones travel too.
        return (_rebuild, (type(self), msgspec.structs.asdict(self), self.__dict__.get(_EXTRA)))

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        """Build a model from a JSON-like mapping, checking every type.

        Undeclared fields land in :attr:`additional_properties`. Raises
        :class:`~.errors.ModelValidationError` naming the path of the first mismatch.
        """
        return _lenient(cls, src_dict, lambda message: ModelValidationError(message))

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict: declared fields that are set, then undeclared ones."""
        result = _builtins(self)
        assert isinstance(result, dict)
        return result


def _rebuild(cls: type[Model], fields: dict[str, Any], extra: dict[str, Any] | None) -> Model:
    model = cls(**fields)
    if extra:
        model.__dict__[_EXTRA] = extra
    return model


def _builtins(value: Any) -> Any:
    if isinstance(value, Model):
        out: dict[str, Any] = dict(value.__dict__.get(_EXTRA) or {})
        config = value.__struct_config__
        if config.tag_field is not None:  # a member of a discriminated union: its tag first
            out[config.tag_field] = config.tag
        for field in msgspec.structs.fields(value):
            item = getattr(value, field.name)
            if item is None and field.default is None:
                continue  # not set: omitted, as the encoder omits it
            out[field.encode_name] = _builtins(item)
        return out
    if isinstance(value, list | tuple):
        return [_builtins(item) for item in value]
    if isinstance(value, dict):
        return {key: _builtins(item) for key, item in value.items()}
    if isinstance(value, File | Decimal):
        return value  # a Decimal stays exact: encode_json writes it as a JSON number
    return msgspec.to_builtins(value)


def encode_json(body: Model | Mapping[str, Any]) -> bytes:
    """Encode a request body: a model (fields the caller did not set left out) or a mapping.

    A mapping is what the SDK's resource methods send: the fields they checked against the
    bundle, already as JSON values (models inside it are encoded as their fields).
    """
    if not isinstance(body, Model):
        return _ENCODER.encode(_builtins(body))
    if not _has_extra(body):
        return _ENCODER.encode(body)
    return _ENCODER.encode(body.to_dict())


def multipart(body: Any) -> RequestFiles:
    """Return the multipart/form-data parts of a body: files as files, other fields as text."""
    if hasattr(body, "to_multipart"):
        parts: RequestFiles = body.to_multipart()
        return parts
    result: RequestFiles = []
    for name, value in body.items():
        if isinstance(value, File):
            result.append((name, value.to_tuple()))
        elif value is not None:
            result.append((name, (None, str(value).encode(), "text/plain")))
    return result


def _has_extra(value: Any) -> bool:
    if isinstance(value, Model):
        return bool(value.__dict__.get(_EXTRA)) or any(
            _has_extra(getattr(value, name)) for name in value.__struct_fields__
        )
    if isinstance(value, list | tuple):
        return any(_has_extra(item) for item in value)
    if isinstance(value, dict):
        return any(_has_extra(item) for item in value.values())
    return False


# -- decoding ---------------------------------------------------------------------------------


@cache
def _decoder(model: type[M]) -> msgspec.json.Decoder[M]:
    # float_hook: a number in an untyped place (a free-form map, an undeclared field) is exact
    # too, and a Number field receives the number as its text spells it.
    return msgspec.json.Decoder(model, dec_hook=_dec_hook, float_hook=Decimal)


_UNTYPED = msgspec.json.Decoder(float_hook=Decimal)
"""Decodes any JSON value, each number with a fraction or an exponent as an exact Decimal."""

_ENCODER = msgspec.json.Encoder(decimal_format="number")
"""Encodes a body, each Decimal as the JSON number it is (msgspec's default is a string)."""


# -- untagged unions (oneOf of objects without a discriminator) --------------------------------
#
# msgspec decodes a union of structs only when they are tagged (a discriminated oneOf: see
# generator_input.py). An untagged one is typed, for mypy, as the plain union of its members
# and, at run time, as a `one_of(...)` class msgspec does not know: it hands the JSON value to
# `_dec_hook`, which keeps the one member it matches, as `oneOf` says (none or several is an
# error naming the path).


class _OneOfMeta(type):
    members: tuple[Any, ...]

    def __instancecheck__(cls, instance: Any) -> bool:
        if all(isinstance(member, type) and issubclass(member, Model) for member in cls.members):
            return isinstance(instance, cls.members)
        return _is_one_of(instance, cls.members)


@cache
def one_of(*members: Any) -> type:
    """Return the run-time type of an untagged union of models (see the comment above).

    Or of a union of a :data:`Number` and other types (``str | Number``): msgspec takes no
    other type beside a custom one, so the value is matched here, against each in turn.
    """
    names = " | ".join(getattr(member, "__name__", str(member)) for member in members)
    return _OneOfMeta(f"OneOf[{names}]", (), {"members": members})


def _is_one_of(instance: Any, members: tuple[Any, ...]) -> bool:
    return any(_is(instance, member) for member in members)


def _is(instance: Any, member: Any) -> bool:
    try:
        msgspec.convert(instance, member, dec_hook=_dec_hook)
    except msgspec.ValidationError:
        return False
    return True


def _dec_hook(kind: type, value: Any) -> Any:
    if kind is Number:
        if not isinstance(value, Number):  # a string, a boolean, an object...
            raise ValueError(f"expected a number, got {_json_type(value)}")
        return value
    if not isinstance(kind, _OneOfMeta):
        raise NotImplementedError(f"no decoder for {kind!r}")
    if not all(isinstance(m, type) and issubclass(m, Model) for m in kind.members):
        # A number beside other types (`str | Number`): the first member the value is.
        for member in kind.members:
            try:
                return msgspec.convert(value, member, dec_hook=_dec_hook)
            except msgspec.ValidationError:
                continue
        raise ValueError(f"expected {kind.__name__.removeprefix('OneOf[').rstrip(']')}")
    names = ", ".join(member.__name__ for member in kind.members)
    if type(value) is not dict:
        raise ValueError(f"expected an object (one of {names})")
    matched: list[Any] = []
    for member in kind.members:
        try:
            matched.append(msgspec.convert(value, member, dec_hook=_dec_hook))
        except msgspec.ValidationError:
            continue
    if not matched:  # undeclared fields stop the strict conversion: keep them, as elsewhere
        for member in kind.members:
            try:
                matched.append(_lenient(member, value, ValueError))
            except ValueError:
                continue
    if len(matched) != 1:
        raise ValueError(f"matches {'none' if not matched else 'more than one'} of {names}")
    return matched[0]


def _json_type(value: Any) -> str:
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    return type(value).__name__


def decode_response(response: RawResponse, model: type[M]) -> M:
    """Decode a 2xx response's body into ``model``.

    Raises :class:`~.errors.UnexpectedBody`, naming the JSON path of the first mismatch, when
    the body does not match the bundle.
    """
    content = response.content
    try:
        parsed = _decoder(model).decode(content)
    except msgspec.ValidationError as exc:
        message = str(exc)
        if not message.startswith("Object contains unknown field"):
            raise UnexpectedBody(_describe(message), response) from None
        # The strict decoder stopped at the undeclared field, before reading the rest: the body
        # may still be malformed or truncated further on.
        try:
            data = _UNTYPED.decode(content)
        except msgspec.DecodeError as exc:
            raise UnexpectedBody(_malformed(exc, content), response) from None
        except RecursionError:
            raise UnexpectedBody("$: the body is nested too deeply", response) from None
        except UnicodeDecodeError:
            raise UnexpectedBody(_not_utf8(content), response) from None
        parsed = _lenient(model, data, lambda text: UnexpectedBody(text, response))
    except msgspec.DecodeError as exc:
        raise UnexpectedBody(_malformed(exc, content), response) from None
    except RecursionError:
        raise UnexpectedBody("$: the body is nested too deeply", response) from None
    except UnicodeDecodeError:
        # msgspec before 0.23 checks UTF-8 inside each string it decodes, and raises Python's
        # own error; 0.23 raises a DecodeError (_malformed).
        raise UnexpectedBody(_not_utf8(content), response) from None
    return parsed


def _malformed(exc: msgspec.DecodeError, content: bytes) -> str:
    """Describe a body msgspec could not read: not UTF-8 (naming where), or not JSON.

    UTF-8 is asked of the bytes themselves, not read from msgspec's wording, which changed in
    0.23: so every msgspec our range allows gives one verdict for the same bytes.
    """
    try:
        content.decode("utf-8")
    except UnicodeDecodeError:
        return _not_utf8(content)
    reason = str(exc).removeprefix("JSON is malformed: ")
    return f"$: the body is not valid JSON ({reason})"


def _not_utf8(content: bytes) -> str:
    """Name the JSON path of the first string that is not UTF-8 (``$`` if none is found)."""
    import json  # only on this failure: the stdlib parser keeps the bad bytes as surrogates

    try:
        data = json.loads(content.decode("utf-8", "surrogateescape"))
    except (ValueError, RecursionError):
        return "$: the body is not valid UTF-8"
    return f"{_first_not_utf8(data, '$') or '$'}: the text is not valid UTF-8"


def _first_not_utf8(value: Any, path: str) -> str | None:
    if isinstance(value, str):
        return None if value.isascii() or _is_utf8(value) else path
    if isinstance(value, dict):
        for key, item in value.items():
            if not _is_utf8(key):
                return path
            found = _first_not_utf8(item, f"{path}.{key}")
            if found is not None:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _first_not_utf8(item, f"{path}[{index}]")
            if found is not None:
                return found
    return None


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def decode_text(response: RawResponse) -> str:
    """Return a text answer (``text/*``) as ``str``, in the charset its Content-Type names.

    Without a charset the text is read as UTF-8. Raises :class:`~.errors.UnexpectedBody` when
    the bytes are not text in that charset.
    """
    charset = _charset(response.headers.get("content-type", "")) or "utf-8"
    try:
        text = response.content.decode(charset)
    except LookupError:
        raise UnexpectedBody(f"$: the body's charset {charset!r} is unknown", response) from None
    except UnicodeDecodeError as exc:
        raise UnexpectedBody(
            f"$: the body is not {charset} text (byte {exc.start} cannot be decoded)", response
        ) from None
    return text


def decode_bytes(response: RawResponse) -> bytes:
    """Return a binary answer (``application/pdf``, ``application/octet-stream``...) as received."""
    return response.content


_CHARSET = re.compile(r";\s*charset\s*=\s*\"?([^\";\s]+)", re.IGNORECASE)


def _charset(content_type: str) -> str | None:
    match = _CHARSET.search(content_type)
    return match.group(1) if match else None


def no_content(response: RawResponse) -> None:
    """Read a response whose success has no body: nothing."""
    return


_AT = re.compile(r"^(?P<what>.*?)(?: - at `(?P<path>\$[^`]*)`)?$", re.DOTALL)
_EXPECTED = re.compile(r"^Expected `(?P<want>[^`]*)`, got `(?P<got>[^`]*)`$")
_MISSING = re.compile(r"^Object missing required field `(?P<field>[^`]*)`$")
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'")


def _describe(message: str, prefix: str = "$") -> str:
    """Turn msgspec's message into ``$.path: problem``, never repeating the offending value."""
    match = _AT.match(message)
    what = match.group("what") if match else message
    path = prefix + ((match.group("path") or "$")[1:] if match else "")
    expected = _EXPECTED.match(what)
    if expected:
        return f"{path}: expected {expected['want']}, got {expected['got']}"
    missing = _MISSING.match(what)
    if missing:
        return f"{path}.{missing['field']}: required field is missing"
    # Other messages can quote the value (an enum or a constant): keep the reason only.
    reason = _QUOTED.sub("a value", what).replace("`", "")
    return f"{path}: {reason[:1].lower()}{reason[1:]}"


# -- the lenient path: undeclared fields --------------------------------------------------------
#
# The body is stripped of every field the models do not declare, guided by the model types;
# msgspec then converts what remains, checking types and reporting paths exactly as the strict
# decoder does; finally the stripped fields are attached to the models they came from.

_Plan = tuple[str, Any]  # ("model", cls) | ("list", plan) | ("dict", plan) | ("tagged", ...)


def _plan(annotation: Any) -> _Plan | None:
    """How to walk a value of this type to find models in it; None if it holds none."""
    if isinstance(annotation, type) and issubclass(annotation, Model):
        return ("model", annotation)
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin is Annotated:
        return _plan(args[0])
    if origin is list and args:
        inner = _plan(args[0])
        return None if inner is None else ("list", inner)
    if origin is dict and len(args) == 2:
        inner = _plan(args[1])
        return None if inner is None else ("dict", inner)
    if origin is Union or origin is types.UnionType:
        plans = [p for p in map(_plan, args) if p is not None]
        if len(plans) > 1 and all(kind == "model" for kind, _ in plans):
            tagged = {cls.__struct_config__.tag: ("model", cls) for _, cls in plans}
            field = plans[0][1].__struct_config__.tag_field
            return ("tagged", (field, tagged)) if field is not None else None
        return plans[0] if len(plans) == 1 else None
    return None


@cache
def _layout(cls: type[Model]) -> tuple[frozenset[str], dict[str, tuple[str, _Plan]]]:
    fields = msgspec.structs.fields(cls)
    nested = {}
    for field in fields:
        plan = _plan(field.type)
        if plan is not None:
            nested[field.encode_name] = (field.name, plan)
    known = {field.encode_name for field in fields}
    tag_field = cls.__struct_config__.tag_field
    if tag_field is not None:
        known.add(tag_field)  # a discriminated union's tag: declared, though not a field
    return frozenset(known), nested


def _strip(plan: _Plan, value: Any) -> tuple[Any, Any]:
    """Return ``value`` without undeclared fields, and a tree of what was taken out."""
    kind, inner = plan
    if kind == "tagged":  # a discriminated union: the member its tag names
        field, members = inner
        chosen = members.get(value.get(field)) if type(value) is dict else None
        if chosen is None:
            return value, None  # the conversion reports the unknown tag, with its path
        return _strip(chosen, value)
    if kind == "model":
        if type(value) is not dict:
            return value, None  # the conversion reports the wrong type, with its path
        known, nested = _layout(inner)
        kept: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        children: dict[str, Any] = {}
        for key, item in value.items():
            if key not in known:
                extra[key] = item
                continue
            walk = nested.get(key)
            if walk is not None and item is not None:
                item, tree = _strip(walk[1], item)
                if tree is not None:
                    children[walk[0]] = tree
            kept[key] = item
        return kept, ((extra, children) if extra or children else None)
    if kind == "list" and type(value) is list:
        trees = {}
        items = []
        for index, item in enumerate(value):
            item, tree = _strip(inner, item)
            items.append(item)
            if tree is not None:
                trees[index] = tree
        return items, (trees or None)
    if kind == "dict" and type(value) is dict:
        trees = {}
        entries = {}
        for key, item in value.items():
            item, tree = _strip(inner, item)
            entries[key] = item
            if tree is not None:
                trees[key] = tree
        return entries, (trees or None)
    return value, None


def _attach(value: Any, tree: Any) -> None:
    """Put the fields ``_strip`` took out back on the models they belong to."""
    if isinstance(tree, tuple):
        extra, children = tree
        if extra:
            value.__dict__[_EXTRA] = extra
        for name, child in children.items():
            _attach(getattr(value, name), child)
    else:
        for key, child in tree.items():
            _attach(value[key], child)


def _lenient(model: type[M], data: Any, error: Any) -> M:
    plan = _plan(model)
    stripped, tree = _strip(plan, data) if plan is not None else (data, None)
    try:
        parsed = msgspec.convert(stripped, model, dec_hook=_dec_hook)
    except msgspec.ValidationError as exc:
        raise error(_describe(str(exc))) from None
    if tree is not None:
        _attach(parsed, tree)
    return parsed


# -- path parameters -------------------------------------------------------------------------


def path_segment(value: str, name: str) -> str:
    """Return ``value`` as exactly one path segment, percent-encoded.

    Empty strings, ``.`` and ``..`` cannot be one segment (URL normalisation removes or climbs
    them), so they are refused with :class:`~.errors.InvalidPathParameter`.
    """
    if not isinstance(value, str) or value in ("", ".", ".."):
        raise InvalidPathParameter(name)
    return quote(value, safe="")


# -- what an operation returns ---------------------------------------------------------------

T = TypeVar("T")


class File:
    """A file to upload as one part of a multipart/form-data body (immutable)."""

    __slots__ = ("file_name", "mime_type", "payload")

    payload: IO[bytes] | bytes
    file_name: str | None
    mime_type: str | None

    def __init__(self, payload: IO[bytes] | bytes, file_name: str | None = None, mime_type: str | None = None) -> None:
        object.__setattr__(self, "payload", payload)
        object.__setattr__(self, "file_name", file_name)
        object.__setattr__(self, "mime_type", mime_type)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"File is immutable: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, File):
            return NotImplemented
        return (self.payload, self.file_name, self.mime_type) == (
            other.payload,
            other.file_name,
            other.mime_type,
        )

    def __hash__(self) -> int:
        return hash((self.file_name, self.mime_type))

    def __repr__(self) -> str:
        return f"File(file_name={self.file_name!r}, mime_type={self.mime_type!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (File, (self.payload, self.file_name, self.mime_type))

    def to_tuple(self) -> FileTypes:
        """Return the ``(file name, content, content type)`` tuple httpx sends."""
        return self.file_name, self.payload, self.mime_type
