from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_body import BadRequestBody
from ...models.unauthorized_body import UnauthorizedBody
from ...models.virtual_account_list import VirtualAccountList
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/virtual-accounts",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BadRequestBody | UnauthorizedBody | VirtualAccountList | None:
    if response.status_code == 200:
        response_200 = VirtualAccountList.from_dict(response.json())

        return response_200

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
) -> Response[BadRequestBody | UnauthorizedBody | VirtualAccountList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[BadRequestBody | UnauthorizedBody | VirtualAccountList]:
    """List the customer's virtual accounts

     Lists the virtual accounts of the customer whose JWT authenticates the call, newest first.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | UnauthorizedBody | VirtualAccountList]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> BadRequestBody | UnauthorizedBody | VirtualAccountList | None:
    """List the customer's virtual accounts

     Lists the virtual accounts of the customer whose JWT authenticates the call, newest first.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | UnauthorizedBody | VirtualAccountList
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[BadRequestBody | UnauthorizedBody | VirtualAccountList]:
    """List the customer's virtual accounts

     Lists the virtual accounts of the customer whose JWT authenticates the call, newest first.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | UnauthorizedBody | VirtualAccountList]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> BadRequestBody | UnauthorizedBody | VirtualAccountList | None:
    """List the customer's virtual accounts

     Lists the virtual accounts of the customer whose JWT authenticates the call, newest first.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | UnauthorizedBody | VirtualAccountList
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
