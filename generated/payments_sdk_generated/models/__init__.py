"""Contains all the data models used in inputs/outputs"""

from .bad_request_body import BadRequestBody
from .balance import Balance
from .balance_conversion import BalanceConversion
from .balance_conversion_by_source import BalanceConversionBySource
from .balance_conversion_by_target import BalanceConversionByTarget
from .balance_conversion_list import BalanceConversionList
from .balance_list import BalanceList
from .bank_account import BankAccount
from .bank_account_reference import BankAccountReference
from .bank_account_validation import BankAccountValidation
from .bank_account_validation_list import BankAccountValidationList
from .beneficiary_address import BeneficiaryAddress
from .beneficiary_bank_account import BeneficiaryBankAccount
from .beneficiary_bank_account_request import BeneficiaryBankAccountRequest
from .beneficiary_details import BeneficiaryDetails
from .beneficiary_v2 import BeneficiaryV2
from .beneficiary_v2_notes import BeneficiaryV2Notes
from .beneficiary_v2_request import BeneficiaryV2Request
from .beneficiary_v2_request_notes import BeneficiaryV2RequestNotes
from .conversion_currency import ConversionCurrency
from .document import Document
from .document_list import DocumentList
from .document_upload_request import DocumentUploadRequest
from .fee import Fee
from .fx_rate import FxRate
from .kyc_document import KycDocument
from .kyc_link import KycLink
from .kyc_link_create_request import KycLinkCreateRequest
from .kyc_link_list import KycLinkList
from .not_found_body import NotFoundBody
from .order import Order
from .order_create_inline import OrderCreateInline
from .order_create_with_quote import OrderCreateWithQuote
from .order_list import OrderList
from .page_meta import PageMeta
from .payment import Payment
from .payment_document import PaymentDocument
from .payment_list import PaymentList
from .payment_metadata import PaymentMetadata
from .ping import Ping
from .refund import Refund
from .refund_create_request import RefundCreateRequest
from .refund_list import RefundList
from .refund_status import RefundStatus
from .rfi import Rfi
from .rfi_document import RfiDocument
from .rfi_document_submission import RfiDocumentSubmission
from .rfi_list import RfiList
from .rfi_reference import RfiReference
from .rfi_status import RfiStatus
from .unauthorized_body import UnauthorizedBody
from .update_rfi_request import UpdateRfiRequest
from .virtual_account import VirtualAccount
from .virtual_account_create_request import VirtualAccountCreateRequest
from .virtual_account_list import VirtualAccountList

__all__ = (
    "BadRequestBody",
    "Balance",
    "BalanceConversion",
    "BalanceConversionBySource",
    "BalanceConversionByTarget",
    "BalanceConversionList",
    "BalanceList",
    "BankAccount",
    "BankAccountReference",
    "BankAccountValidation",
    "BankAccountValidationList",
    "BeneficiaryAddress",
    "BeneficiaryBankAccount",
    "BeneficiaryBankAccountRequest",
    "BeneficiaryDetails",
    "BeneficiaryV2",
    "BeneficiaryV2Notes",
    "BeneficiaryV2Request",
    "BeneficiaryV2RequestNotes",
    "ConversionCurrency",
    "Document",
    "DocumentList",
    "DocumentUploadRequest",
    "Fee",
    "FxRate",
    "KycDocument",
    "KycLink",
    "KycLinkCreateRequest",
    "KycLinkList",
    "NotFoundBody",
    "Order",
    "OrderCreateInline",
    "OrderCreateWithQuote",
    "OrderList",
    "PageMeta",
    "Payment",
    "PaymentDocument",
    "PaymentList",
    "PaymentMetadata",
    "Ping",
    "Refund",
    "RefundCreateRequest",
    "RefundList",
    "RefundStatus",
    "Rfi",
    "RfiDocument",
    "RfiDocumentSubmission",
    "RfiList",
    "RfiReference",
    "RfiStatus",
    "UnauthorizedBody",
    "UpdateRfiRequest",
    "VirtualAccount",
    "VirtualAccountCreateRequest",
    "VirtualAccountList",
)
