"""The shapes of the SDK's requests, for mypy and the editor: ``payments_sdk.params``.

Every object a request takes (a nested argument, an item of a list, a shape of a body) is a
``TypedDict`` here, named after its model (``BeneficiaryDetailsParam``) or, for an object the
bundle names no component for, after where it stands. Its keys are the schema's fields:
``Required`` when the schema requires them, ``NotRequired`` otherwise; a ``readOnly`` field is
absent (the service sets it). Where a model class was accepted, it still is, beside the dict.
An enum is a ``Literal`` of its values (its enum class still accepted).

What a type cannot say (a pattern, a bound, a length, ``not``, a field the runtime check
requires only together with another) stays in the check every call runs before sending; each
key's docstring states it.

Written by ``make generate`` from the bundle (``openapi/templates/surface/params.py.jinja``):
do not edit. The resources name these for type checkers only: ``import payments_sdk`` does not
load this module (it loads the models it names, as ``payments_sdk.types`` does).
"""

from typing import NotRequired, Required, TypedDict

from payments_sdk_generated.models import BeneficiaryAddress

__all__ = [
    "BeneficiaryAddressParam",
    "BeneficiaryBankAccountRequestParam",
    "BeneficiaryDetailsParam",
    "RfiDocumentSubmissionParam",
]


class BeneficiaryAddressParam(TypedDict):
    """The beneficiary's address.

    Taken as ``BeneficiaryDetails.address``; the model
    :class:`~payments_sdk.types.BeneficiaryAddress` is accepted there too.
    """

    address_line1: NotRequired[str]

    city: NotRequired[str]

    state: NotRequired[str]

    country_code: NotRequired[str]
    """ISO 3166-1 alpha-3 country code. Matches ``^[A-Z]{3}$``."""

    postal_code: NotRequired[str]


class BeneficiaryDetailsParam(TypedDict):
    """Who the beneficiary is.

    Taken as ``client.beneficiaries.create(beneficiary=...)``; the model
    :class:`~payments_sdk.types.BeneficiaryDetails` is accepted there too.
    """

    name: NotRequired[str]

    type: NotRequired[str]
    """`individual` or `business` appear; other values are not published."""

    address: NotRequired[BeneficiaryAddress | BeneficiaryAddressParam]
    """The beneficiary's address."""


class BeneficiaryBankAccountRequestParam(TypedDict):
    """Where payouts go. USD uses `swift_code`; EUR and AED use the IBAN as `account_number` alone;
    GBP and AUD use `local_routing_number` (sort code, BSB; IFSC for INR).

    Taken as ``client.beneficiaries.create(bank_account=...)``; the model
    :class:`~payments_sdk.types.BeneficiaryBankAccountRequest` is accepted there too.
    """

    account_number: NotRequired[str]
    """The account number; an IBAN for EUR and AED accounts."""

    swift_code: NotRequired[str]
    """The SWIFT code, used for USD."""

    local_routing_number: NotRequired[str]
    """Sort code for GBP, BSB for AUD, IFSC for INR."""

    currency: NotRequired[str]
    """ISO 4217 currency code. Matches ``^[A-Z]{3}$``. Format ``iso-4217``."""


class RfiDocumentSubmissionParam(TypedDict):
    """A document submitted for one document an RFI asked for.

    Taken as ``client.orders.update_rfi(documents=[...])``; the model
    :class:`~payments_sdk.types.RfiDocumentSubmission` is accepted there too.
    """

    id: Required[str]
    """Required. A document id. Matches ``^doc_[A-Za-z0-9_-]+$``."""

    rfi_doc_id: Required[str]
    """Required. An RFI document id. Matches ``^rfidoc_[A-Za-z0-9_-]+$``."""
