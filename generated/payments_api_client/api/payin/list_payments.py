import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_body import BadRequestBody
from ...models.payment_list import PaymentList
from ...models.unauthorized_body import UnauthorizedBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    before: datetime.datetime | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    per_page: int | Unset = 20,
    page: int | Unset = 1,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_before: str | Unset = UNSET
    if not isinstance(before, Unset):
        json_before = before.isoformat()
    params["before"] = json_before

    json_after: str | Unset = UNSET
    if not isinstance(after, Unset):
        json_after = after.isoformat()
    params["after"] = json_after

    params["per_page"] = per_page

    params["page"] = page

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/payments",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BadRequestBody | PaymentList | UnauthorizedBody | None:
    if response.status_code == 200:
        response_200 = PaymentList.from_dict(response.json())

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
) -> Response[BadRequestBody | PaymentList | UnauthorizedBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    before: datetime.datetime | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    per_page: int | Unset = 20,
    page: int | Unset = 1,
) -> Response[BadRequestBody | PaymentList | UnauthorizedBody]:
    """List payments

     Lists payments received from customers, newest first.

    Args:
        before (datetime.datetime | Unset):
        after (datetime.datetime | Unset):
        per_page (int | Unset):  Default: 20.
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | PaymentList | UnauthorizedBody]
    """

    kwargs = _get_kwargs(
        before=before,
        after=after,
        per_page=per_page,
        page=page,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    before: datetime.datetime | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    per_page: int | Unset = 20,
    page: int | Unset = 1,
) -> BadRequestBody | PaymentList | UnauthorizedBody | None:
    """List payments

     Lists payments received from customers, newest first.

    Args:
        before (datetime.datetime | Unset):
        after (datetime.datetime | Unset):
        per_page (int | Unset):  Default: 20.
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | PaymentList | UnauthorizedBody
    """

    return sync_detailed(
        client=client,
        before=before,
        after=after,
        per_page=per_page,
        page=page,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    before: datetime.datetime | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    per_page: int | Unset = 20,
    page: int | Unset = 1,
) -> Response[BadRequestBody | PaymentList | UnauthorizedBody]:
    """List payments

     Lists payments received from customers, newest first.

    Args:
        before (datetime.datetime | Unset):
        after (datetime.datetime | Unset):
        per_page (int | Unset):  Default: 20.
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | PaymentList | UnauthorizedBody]
    """

    kwargs = _get_kwargs(
        before=before,
        after=after,
        per_page=per_page,
        page=page,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    before: datetime.datetime | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    per_page: int | Unset = 20,
    page: int | Unset = 1,
) -> BadRequestBody | PaymentList | UnauthorizedBody | None:
    """List payments

     Lists payments received from customers, newest first.

    Args:
        before (datetime.datetime | Unset):
        after (datetime.datetime | Unset):
        per_page (int | Unset):  Default: 20.
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | PaymentList | UnauthorizedBody
    """

    return (
        await asyncio_detailed(
            client=client,
            before=before,
            after=after,
            per_page=per_page,
            page=page,
        )
    ).parsed
