from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_body import BadRequestBody
from ...models.balance_list import BalanceList
from ...models.unauthorized_body import UnauthorizedBody
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/balances",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BadRequestBody | BalanceList | UnauthorizedBody | None:
    if response.status_code == 200:
        response_200 = BalanceList.from_dict(response.json())

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
) -> Response[BadRequestBody | BalanceList | UnauthorizedBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[BadRequestBody | BalanceList | UnauthorizedBody]:
    """Retrieve balances

     Returns the current balance in every currency enabled for the account.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | BalanceList | UnauthorizedBody]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> BadRequestBody | BalanceList | UnauthorizedBody | None:
    """Retrieve balances

     Returns the current balance in every currency enabled for the account.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | BalanceList | UnauthorizedBody
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[BadRequestBody | BalanceList | UnauthorizedBody]:
    """Retrieve balances

     Returns the current balance in every currency enabled for the account.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | BalanceList | UnauthorizedBody]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> BadRequestBody | BalanceList | UnauthorizedBody | None:
    """Retrieve balances

     Returns the current balance in every currency enabled for the account.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | BalanceList | UnauthorizedBody
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
