from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_body import BadRequestBody
from ...models.fx_rate import FxRate
from ...models.unauthorized_body import UnauthorizedBody
from ...types import UNSET, Response


def _get_kwargs(
    *,
    source_currency: str,
    target_currency: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["source_currency"] = source_currency

    params["target_currency"] = target_currency

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/fx-rate",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BadRequestBody | FxRate | UnauthorizedBody | None:
    if response.status_code == 200:
        response_200 = FxRate.from_dict(response.json())

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
) -> Response[BadRequestBody | FxRate | UnauthorizedBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    source_currency: str,
    target_currency: str,
) -> Response[BadRequestBody | FxRate | UnauthorizedBody]:
    """Retrieve the mid-market FX rate

     Returns the current mid-market rate for a currency pair, before FX fees. The rate is cached
    until `expires_at`; after that a fresh rate is fetched from the provider.

    Args:
        source_currency (str): ISO 4217 currency code.
        target_currency (str): ISO 4217 currency code.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | FxRate | UnauthorizedBody]
    """

    kwargs = _get_kwargs(
        source_currency=source_currency,
        target_currency=target_currency,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    source_currency: str,
    target_currency: str,
) -> BadRequestBody | FxRate | UnauthorizedBody | None:
    """Retrieve the mid-market FX rate

     Returns the current mid-market rate for a currency pair, before FX fees. The rate is cached
    until `expires_at`; after that a fresh rate is fetched from the provider.

    Args:
        source_currency (str): ISO 4217 currency code.
        target_currency (str): ISO 4217 currency code.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | FxRate | UnauthorizedBody
    """

    return sync_detailed(
        client=client,
        source_currency=source_currency,
        target_currency=target_currency,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    source_currency: str,
    target_currency: str,
) -> Response[BadRequestBody | FxRate | UnauthorizedBody]:
    """Retrieve the mid-market FX rate

     Returns the current mid-market rate for a currency pair, before FX fees. The rate is cached
    until `expires_at`; after that a fresh rate is fetched from the provider.

    Args:
        source_currency (str): ISO 4217 currency code.
        target_currency (str): ISO 4217 currency code.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | FxRate | UnauthorizedBody]
    """

    kwargs = _get_kwargs(
        source_currency=source_currency,
        target_currency=target_currency,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    source_currency: str,
    target_currency: str,
) -> BadRequestBody | FxRate | UnauthorizedBody | None:
    """Retrieve the mid-market FX rate

     Returns the current mid-market rate for a currency pair, before FX fees. The rate is cached
    until `expires_at`; after that a fresh rate is fetched from the provider.

    Args:
        source_currency (str): ISO 4217 currency code.
        target_currency (str): ISO 4217 currency code.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | FxRate | UnauthorizedBody
    """

    return (
        await asyncio_detailed(
            client=client,
            source_currency=source_currency,
            target_currency=target_currency,
        )
    ).parsed
