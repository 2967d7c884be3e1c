"""payments-sdk: the async SDK for the Payments, Payouts and Multi-Currency Account service."""
