from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_body import BadRequestBody
from ...models.bank_account import BankAccount
from ...models.bank_account_reference import BankAccountReference
from ...models.bank_account_validation import BankAccountValidation
from ...models.unauthorized_body import UnauthorizedBody
from ...types import Response


def _get_kwargs(
    *,
    body: BankAccount | BankAccountReference,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/bank_account_validation",
    }

    if isinstance(body, BankAccount):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BadRequestBody | BankAccountValidation | UnauthorizedBody | None:
    if response.status_code == 200:
        response_200 = BankAccountValidation.from_dict(response.json())

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
) -> Response[BadRequestBody | BankAccountValidation | UnauthorizedBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BankAccount | BankAccountReference,
) -> Response[BadRequestBody | BankAccountValidation | UnauthorizedBody]:
    """Validate a bank account

     Validates a bank account given in full, or an already saved beneficiary bank account given by its
    id.

    Args:
        body (BankAccount | BankAccountReference): A bank account given in full, or a reference to
            a saved one.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | BankAccountValidation | UnauthorizedBody]
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
    body: BankAccount | BankAccountReference,
) -> BadRequestBody | BankAccountValidation | UnauthorizedBody | None:
    """Validate a bank account

     Validates a bank account given in full, or an already saved beneficiary bank account given by its
    id.

    Args:
        body (BankAccount | BankAccountReference): A bank account given in full, or a reference to
            a saved one.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | BankAccountValidation | UnauthorizedBody
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BankAccount | BankAccountReference,
) -> Response[BadRequestBody | BankAccountValidation | UnauthorizedBody]:
    """Validate a bank account

     Validates a bank account given in full, or an already saved beneficiary bank account given by its
    id.

    Args:
        body (BankAccount | BankAccountReference): A bank account given in full, or a reference to
            a saved one.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | BankAccountValidation | UnauthorizedBody]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: BankAccount | BankAccountReference,
) -> BadRequestBody | BankAccountValidation | UnauthorizedBody | None:
    """Validate a bank account

     Validates a bank account given in full, or an already saved beneficiary bank account given by its
    id.

    Args:
        body (BankAccount | BankAccountReference): A bank account given in full, or a reference to
            a saved one.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | BankAccountValidation | UnauthorizedBody
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
