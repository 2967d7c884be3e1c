"""A ``number`` beside other types in a union is exact too, and a value of none is refused.

msgspec takes no other type in a union beside a custom one, so a field the bundle types
``oneOf: [string, number]`` (or an array of ``anyOf: [integer, number, boolean]``) is generated
as an alias that ``one_of`` decodes: the first member the JSON value is, a number with a
fraction as its exact Decimal; a value that is none of them is a mismatch naming its path. The
edited bundle is generated into a scratch directory, as ``make generate`` does.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgspec
from fold import fold_server_prefixes

from payments_sdk.sandbox._schema_values import value_of
from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_generate import generate_into, scratch_env

CHECK = r"""
import json, sys
from decimal import Decimal
import httpx
from payments_sdk_generated.models import Refund
from payments_sdk_generated.types import decode_response, encode_json
from payments_sdk_generated.errors import UnexpectedBody

base = json.loads(sys.argv[1])
def decode(extra):
    text = json.dumps(base)[:-1] + ", " + extra + "}"
    return decode_response(httpx.Response(200, content=text.encode()), Refund)

out = {}
for extra in sys.argv[2:]:
    try:
        parsed = decode(extra)
    except UnexpectedBody as exc:
        out[extra] = "refused: " + str(exc)
    else:
        value = {k: v for k, v in parsed.to_dict().items() if k in ("ref_or_rate", "rates")}
        out[extra] = [repr(value), encode_json(parsed).decode()]
print(json.dumps(out))
"""


def test_a_union_with_a_number_decodes_exactly(tmp_path: Path) -> None:
    source = payments_yaml()
    refund = source["components"]["schemas"]["Refund"]["properties"]
    refund["ref_or_rate"] = {"oneOf": [{"type": "string", "maxLength": 9}, {"type": "number"}]}
    refund["rates"] = {
        "type": "array",
        "items": {"anyOf": [{"type": "integer"}, {"type": "number"}, {"type": "boolean"}]},
    }
    out = generate_into(tmp_path, source)
    # A refund with every field the bundle requires (whatever an edit made required).
    base = value_of({"$ref": "#/components/schemas/Refund"}, fold_server_prefixes(source))
    cases = [
        '"ref_or_rate": "abc"',
        '"ref_or_rate": 0.30000000000000000000001',
        '"ref_or_rate": 7',
        '"ref_or_rate": true',
        '"rates": [1, 2.5, true]',
        '"rates": [1, "x"]',
    ]
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            CHECK,
            msgspec.json.Encoder(decimal_format="number").encode(base),
            *cases,
        ],
        env=scratch_env(out),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    seen = json.loads(result.stdout)
    assert seen[cases[0]][0] == "{'ref_or_rate': 'abc'}"
    assert seen[cases[1]][0] == "{'ref_or_rate': Decimal('0.30000000000000000000001')}"
    assert '"ref_or_rate":0.30000000000000000000001' in seen[cases[1]][1]
    assert seen[cases[2]][0] == "{'ref_or_rate': 7}"
    assert seen[cases[3]].startswith("refused: $.ref_or_rate")
    assert seen[cases[4]][0] == "{'rates': [1, Decimal('2.5'), True]}"
    assert seen[cases[5]].startswith("refused: $.rates[1]")
