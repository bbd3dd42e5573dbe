"""MPI time-independent traces: upload (stored once by content), read, list (docs/api.md, "Traces")."""

from __future__ import annotations

from fastapi import APIRouter, Path, Query, Request, Response

from ...domain import engine
from ...domain.engine import FieldError
from ...http.errors import ApiError
from ...http.offload import in_core_pool, in_db_pool
from ...db import repository as repo
from ...db.pool import connection
from ...models.common import BY_ID_ERRORS, ID_DESCRIPTION, ID_PATTERN, SERVER_ERRORS, WRITE_ERRORS, error_responses
from ...models.history import Limit
from ...models.trace import TraceList, TraceListItem, TraceOut
from ...services import ids, trace_upload, traces
from ..deps import WriteAuth
from .experiments import IMMUTABLE

TRACES_PATH = "/api/traces"
router = APIRouter(prefix="/traces", tags=["traces"])
TraceId = Path(description=ID_DESCRIPTION, json_schema_extra={"pattern": ID_PATTERN})
# The upload is the request body as is: no multipart, so a gzip or an archive streams straight in.
UPLOAD_BODY = {"requestBody": {"required": True, "description": (
    "the trace: one rank file (text), the same gzip'd, or a tar, tar.gz or zip archive holding the index file "
    "and its rank files; the format is read from the bytes"),
    "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}}


def _links(trace_id: str) -> dict[str, str]:
    return {"location": f"{TRACES_PATH}/{trace_id}", "files_href": f"{TRACES_PATH}/{trace_id}/files"}


@router.post(
    "", operation_id="uploadTrace", status_code=201, response_model=TraceOut, dependencies=[WriteAuth],
    openapi_extra=UPLOAD_BODY,
    responses={200: {"model": TraceOut, "description": "the server already stores this content: the same id"},
               **SERVER_ERRORS, **error_responses(401, 413, 422)},
)
async def upload_trace(request: Request, response: Response,
                       name: str = Query("trace.txt", min_length=1, max_length=255, pattern=r"^[^/\\\u0000-\u001f\u007f]+$",
                                         description="the uploaded file's name (errors name the files by it)")
                       ) -> TraceOut:
    """Store a trace once by its content id (the core's): 201 when new, 200 with the same id when the
    server has it already. Refused before the core reads anything: an upload over
    SWITCHLAB_MAX_TRACE_UPLOAD_BYTES (413), content past the core's trace limits when unpacked (413,
    gzip bombs included), archive members with absolute paths, `..`, links, devices, duplicates or
    too many of them (422); the core then refuses a malformed trace naming the file and line (422).
    Every refusal names the file in `field`."""
    data = await request.body()
    if not data:
        raise ApiError(422, "is empty", field="body", allowed="a trace file or archive", code=trace_upload.INVALID_TRACE)
    new = await in_core_pool(_load, data, name)
    created, record = await in_db_pool(_store, new)
    response.status_code = 201 if created else 200
    response.headers["Location"] = f"{TRACES_PATH}/{new['id']}"
    return _out(record)


def _load(data: bytes, name: str) -> repo.NewTrace:
    limits = engine.trace_limits()
    files = trace_upload.unpack(data, name, trace_upload.Limits(
        max_files=limits["max_files"], max_bytes=limits["max_bytes"]))
    try:
        loaded = traces.load(files)
    except FieldError as exc:  # the core's words, naming the file and line
        raise ApiError(422, exc.message, field=exc.field or name, allowed=exc.allowed,
                       code=trace_upload.INVALID_TRACE) from None
    return repo.NewTrace(id=loaded["id"], name=name, files=traces.pack(files), file_names=sorted(files),
                         bytes=sum(len(t.encode()) for t in files.values()), summary=loaded["summary"])


def _store(new: repo.NewTrace) -> tuple[bool, repo.TraceRecord]:
    """(stored now, the stored row): a second upload of the same content keeps the first row."""
    with connection() as conn:
        created = repo.insert_trace(conn, new)
        record = repo.get_trace(conn, new["id"])
    assert record is not None
    return created, record


def _out(r: repo.TraceRecord) -> TraceOut:
    return TraceOut(**r, **_links(r["id"]))


@router.get("", operation_id="listTraces", response_model=TraceList, responses={**error_responses(422), **SERVER_ERRORS})
async def list_traces(limit: Limit = 50) -> TraceList:
    """The server's traces, newest first (without their summaries: GET one for it)."""
    return await in_db_pool(_list, limit)


def _list(limit: int) -> TraceList:
    with connection() as conn:
        rows = repo.list_traces(conn, limit)
    return TraceList(items=[TraceListItem(**{k: v for k, v in r.items() if k != "summary"}, **_links(r["id"]))
                            for r in rows])


@router.get("/{trace_id}", operation_id="getTrace", response_model=TraceOut, responses={**BY_ID_ERRORS, **SERVER_ERRORS})
async def get_trace(trace_id: str = TraceId) -> TraceOut:
    return await in_db_pool(_read, trace_id)


def _read(trace_id: str) -> TraceOut:
    with connection() as conn:
        full = ids.resolve(conn, "traces", trace_id, "trace")
        record = repo.get_trace(conn, full)
    assert record is not None
    return _out(record)


@router.get(
    "/{trace_id}/files", operation_id="getTraceFiles",
    responses={200: {"description": "{file name: text}: what the browser's core loads (traceLoad); sent gzip'd "
                                    "(Content-Encoding: gzip), as stored",
                     "content": {"application/json": {"schema": {"type": "object",
                                                                 "additionalProperties": {"type": "string"}}}}},
               **BY_ID_ERRORS, **SERVER_ERRORS},
)
async def get_trace_files(trace_id: str = TraceId) -> Response:
    full, blob = await in_db_pool(_files, trace_id)
    # A trace never changes (its id is its content), so the full id's answer is cached for good.
    cache = IMMUTABLE if trace_id.lower() == full else "no-cache"
    return Response(blob, media_type="application/json",
                    headers={"Content-Encoding": "gzip", "Cache-Control": cache, "Vary": "Accept-Encoding"})


def _files(trace_id: str) -> tuple[str, bytes]:
    with connection() as conn:
        full = ids.resolve(conn, "traces", trace_id, "trace")
        blob = repo.trace_files(conn, full)
    assert blob is not None
    return full, blob
