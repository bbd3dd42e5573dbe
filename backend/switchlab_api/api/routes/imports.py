"""Imports of other tools' configs; they store nothing, so they need no write token."""

from __future__ import annotations

from fastapi import APIRouter

from ...domain import engine
from ...http.offload import in_core_pool
from ...models.booksim import BooksimImport, BooksimImportRequest
from ...models.common import SERVER_ERRORS, error_responses
from ..deps import JsonBody, JsonBodyRoute

router = APIRouter(prefix="/import", tags=["import"], route_class=JsonBodyRoute)


@router.post("/booksim", operation_id="importBooksim", response_model=BooksimImport, dependencies=[JsonBody],
             responses={**error_responses(400, 413, 415, 422), **SERVER_ERRORS})
async def import_booksim(body: BooksimImportRequest) -> BooksimImport:
    """A BookSim 2.0 config file as a SwitchLab cycle-engine config (docs/engines.md, "BookSim configs in"). The
    keys SwitchLab does not model are listed, never dropped; a file it cannot translate is 422 whose `field` is
    the file's line (`line 12`)."""
    return BooksimImport(**await in_core_pool(engine.import_booksim, body.booksim))
