from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_body import BadRequestBody
from ...models.document import Document
from ...models.document_upload_request import DocumentUploadRequest
from ...models.unauthorized_body import UnauthorizedBody
from ...types import Response


def _get_kwargs(
    *,
    body: DocumentUploadRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/document",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BadRequestBody | Document | UnauthorizedBody | None:
    if response.status_code == 201:
        response_201 = Document.from_dict(response.json())

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
) -> Response[BadRequestBody | Document | UnauthorizedBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DocumentUploadRequest,
) -> Response[BadRequestBody | Document | UnauthorizedBody]:
    """Upload a document

     Uploads a document as multipart form data, with the file in the `file` part.

    Args:
        body (DocumentUploadRequest): The document file and, optionally, what kind of document it
            is.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | Document | UnauthorizedBody]
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
    body: DocumentUploadRequest,
) -> BadRequestBody | Document | UnauthorizedBody | None:
    """Upload a document

     Uploads a document as multipart form data, with the file in the `file` part.

    Args:
        body (DocumentUploadRequest): The document file and, optionally, what kind of document it
            is.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | Document | UnauthorizedBody
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DocumentUploadRequest,
) -> Response[BadRequestBody | Document | UnauthorizedBody]:
    """Upload a document

     Uploads a document as multipart form data, with the file in the `file` part.

    Args:
        body (DocumentUploadRequest): The document file and, optionally, what kind of document it
            is.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestBody | Document | UnauthorizedBody]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: DocumentUploadRequest,
) -> BadRequestBody | Document | UnauthorizedBody | None:
    """Upload a document

     Uploads a document as multipart form data, with the file in the `file` part.

    Args:
        body (DocumentUploadRequest): The document file and, optionally, what kind of document it
            is.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestBody | Document | UnauthorizedBody
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
