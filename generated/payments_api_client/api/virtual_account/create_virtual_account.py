from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_body import BadRequestBody
from ...models.unauthorized_body import UnauthorizedBody
from ...models.virtual_account import VirtualAccount
from ...models.virtual_account_create_request import VirtualAccountCreateRequest
from ...types import Response


def _get_kwargs(
    *,
    body: VirtualAccountCreateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/v2/virtual-accounts",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BadRequestBody | UnauthorizedBody | VirtualAccount | None:
    if response.status_code == 201:
        response_201 = VirtualAccount.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = BadRequestBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UnauthorizedBody.from_dict(response.json())

        return response_401

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[BadRequestBody | UnauthorizedBody | VirtualAccount]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: VirtualAccountCreateRequest,
) -> Response[BadRequestBody | UnauthorizedBody | VirtualAccount]:
    """Create a virtual account

     Provisions a virtual account with the given payment type and currency.

    Args:
        body (VirtualAccountCreateRequest): The payment type and currency of the account to
            provision.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | UnauthorizedBody | VirtualAccount]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: VirtualAccountCreateRequest,
) -> BadRequestBody | UnauthorizedBody | VirtualAccount | None:
    """Create a virtual account

     Provisions a virtual account with the given payment type and currency.

    Args:
        body (VirtualAccountCreateRequest): The payment type and currency of the account to
            provision.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | UnauthorizedBody | VirtualAccount
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: VirtualAccountCreateRequest,
) -> Response[BadRequestBody | UnauthorizedBody | VirtualAccount]:
    """Create a virtual account

     Provisions a virtual account with the given payment type and currency.

    Args:
        body (VirtualAccountCreateRequest): The payment type and currency of the account to
            provision.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | UnauthorizedBody | VirtualAccount]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: VirtualAccountCreateRequest,
) -> BadRequestBody | UnauthorizedBody | VirtualAccount | None:
    """Create a virtual account

     Provisions a virtual account with the given payment type and currency.

    Args:
        body (VirtualAccountCreateRequest): The payment type and currency of the account to
            provision.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | UnauthorizedBody | VirtualAccount
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
