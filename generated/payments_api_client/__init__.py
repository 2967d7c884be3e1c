"""A client library for accessing Payments, Payouts and Multi-Currency Account API"""

from .client import AuthenticatedClient, Client

__all__ = (
    "AuthenticatedClient",
    "Client",
)
