from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_body import BadRequestBody
from ...models.kyc_link import KycLink
from ...models.kyc_link_create_request import KycLinkCreateRequest
from ...models.unauthorized_body import UnauthorizedBody
from ...types import Response


def _get_kwargs(
    *,
    body: KycLinkCreateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/kyc-links",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BadRequestBody | KycLink | UnauthorizedBody | None:
    if response.status_code == 201:
        response_201 = KycLink.from_dict(response.json())

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
) -> Response[BadRequestBody | KycLink | UnauthorizedBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: KycLinkCreateRequest,
) -> Response[BadRequestBody | KycLink | UnauthorizedBody]:
    """Create a KYC link

     Creates a link to share with a customer, for an existing customer (`customer_id`) or a new one
    (`email`).

    Args:
        body (KycLinkCreateRequest): For an existing customer (`customer_id`) or a new one
            (`email`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | KycLink | UnauthorizedBody]
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
    body: KycLinkCreateRequest,
) -> BadRequestBody | KycLink | UnauthorizedBody | None:
    """Create a KYC link

     Creates a link to share with a customer, for an existing customer (`customer_id`) or a new one
    (`email`).

    Args:
        body (KycLinkCreateRequest): For an existing customer (`customer_id`) or a new one
            (`email`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | KycLink | UnauthorizedBody
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: KycLinkCreateRequest,
) -> Response[BadRequestBody | KycLink | UnauthorizedBody]:
    """Create a KYC link

     Creates a link to share with a customer, for an existing customer (`customer_id`) or a new one
    (`email`).

    Args:
        body (KycLinkCreateRequest): For an existing customer (`customer_id`) or a new one
            (`email`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | KycLink | UnauthorizedBody]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: KycLinkCreateRequest,
) -> BadRequestBody | KycLink | UnauthorizedBody | None:
    """Create a KYC link

     Creates a link to share with a customer, for an existing customer (`customer_id`) or a new one
    (`email`).

    Args:
        body (KycLinkCreateRequest): For an existing customer (`customer_id`) or a new one
            (`email`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | KycLink | UnauthorizedBody
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
