from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_body import BadRequestBody
from ...models.balance_conversion import BalanceConversion
from ...models.balance_conversion_by_source import BalanceConversionBySource
from ...models.balance_conversion_by_target import BalanceConversionByTarget
from ...models.unauthorized_body import UnauthorizedBody
from ...types import Response


def _get_kwargs(
    *,
    body: BalanceConversionBySource | BalanceConversionByTarget,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/balance_conversions",
    }

    if isinstance(body, BalanceConversionBySource):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BadRequestBody | BalanceConversion | UnauthorizedBody | None:
    if response.status_code == 201:
        response_201 = BalanceConversion.from_dict(response.json())

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
) -> Response[BadRequestBody | BalanceConversion | UnauthorizedBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BalanceConversionBySource | BalanceConversionByTarget,
) -> Response[BadRequestBody | BalanceConversion | UnauthorizedBody]:
    """Convert a balance

     Converts part of the balance in one supported currency into another. Send exactly one
    amount: `source_amount` (what to convert) or `target_amount` (what to receive). The service
    calculates the other one. Sending both is rejected.

    Args:
        body (BalanceConversionBySource | BalanceConversionByTarget): Exactly one of the two
            shapes; sending both amounts is invalid.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | BalanceConversion | UnauthorizedBody]
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
    body: BalanceConversionBySource | BalanceConversionByTarget,
) -> BadRequestBody | BalanceConversion | UnauthorizedBody | None:
    """Convert a balance

     Converts part of the balance in one supported currency into another. Send exactly one
    amount: `source_amount` (what to convert) or `target_amount` (what to receive). The service
    calculates the other one. Sending both is rejected.

    Args:
        body (BalanceConversionBySource | BalanceConversionByTarget): Exactly one of the two
            shapes; sending both amounts is invalid.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | BalanceConversion | UnauthorizedBody
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BalanceConversionBySource | BalanceConversionByTarget,
) -> Response[BadRequestBody | BalanceConversion | UnauthorizedBody]:
    """Convert a balance

     Converts part of the balance in one supported currency into another. Send exactly one
    amount: `source_amount` (what to convert) or `target_amount` (what to receive). The service
    calculates the other one. Sending both is rejected.

    Args:
        body (BalanceConversionBySource | BalanceConversionByTarget): Exactly one of the two
            shapes; sending both amounts is invalid.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | BalanceConversion | UnauthorizedBody]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: BalanceConversionBySource | BalanceConversionByTarget,
) -> BadRequestBody | BalanceConversion | UnauthorizedBody | None:
    """Convert a balance

     Converts part of the balance in one supported currency into another. Send exactly one
    amount: `source_amount` (what to convert) or `target_amount` (what to receive). The service
    calculates the other one. Sending both is rejected.

    Args:
        body (BalanceConversionBySource | BalanceConversionByTarget): Exactly one of the two
            shapes; sending both amounts is invalid.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | BalanceConversion | UnauthorizedBody
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
