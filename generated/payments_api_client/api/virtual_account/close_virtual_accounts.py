from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_body import BadRequestBody
from ...models.unauthorized_body import UnauthorizedBody
from ...types import UNSET, Response


def _get_kwargs(
    *,
    payment_type: str,
    currency: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["payment_type"] = payment_type

    params["currency"] = currency

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/virtual-accounts",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | BadRequestBody | UnauthorizedBody | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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
) -> Response[Any | BadRequestBody | UnauthorizedBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    payment_type: str,
    currency: str,
) -> Response[Any | BadRequestBody | UnauthorizedBody]:
    """Close virtual accounts

     Closes all active virtual accounts of the given payment type and currency.

    Args:
        payment_type (str): Payment type of a virtual account; allowed values are not published.
        currency (str): ISO 4217 currency code.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | BadRequestBody | UnauthorizedBody]
    """

    kwargs = _get_kwargs(
        payment_type=payment_type,
        currency=currency,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    payment_type: str,
    currency: str,
) -> Any | BadRequestBody | UnauthorizedBody | None:
    """Close virtual accounts

     Closes all active virtual accounts of the given payment type and currency.

    Args:
        payment_type (str): Payment type of a virtual account; allowed values are not published.
        currency (str): ISO 4217 currency code.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | BadRequestBody | UnauthorizedBody
    """

    return sync_detailed(
        client=client,
        payment_type=payment_type,
        currency=currency,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    payment_type: str,
    currency: str,
) -> Response[Any | BadRequestBody | UnauthorizedBody]:
    """Close virtual accounts

     Closes all active virtual accounts of the given payment type and currency.

    Args:
        payment_type (str): Payment type of a virtual account; allowed values are not published.
        currency (str): ISO 4217 currency code.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | BadRequestBody | UnauthorizedBody]
    """

    kwargs = _get_kwargs(
        payment_type=payment_type,
        currency=currency,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    payment_type: str,
    currency: str,
) -> Any | BadRequestBody | UnauthorizedBody | None:
    """Close virtual accounts

     Closes all active virtual accounts of the given payment type and currency.

    Args:
        payment_type (str): Payment type of a virtual account; allowed values are not published.
        currency (str): ISO 4217 currency code.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | BadRequestBody | UnauthorizedBody
    """

    return (
        await asyncio_detailed(
            client=client,
            payment_type=payment_type,
            currency=currency,
        )
    ).parsed
