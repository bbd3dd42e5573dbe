"""MPI time-independent traces (docs/api.md, "Traces")."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field


class TraceListItem(BaseModel):
    id: str = Field(description="the core's content id of the trace's files (64 hex characters)")
    name: str = Field(description="the uploaded file's name")
    file_names: list[str] = Field(description="the files the core read (one rank file, or the index and its rank files)")
    bytes: int = Field(description="the files' text, uncompressed, in bytes (B)")
    compressed_bytes: int = Field(description="as stored (gzip), in bytes (B)")
    created_at: datetime = Field(description="when it was first uploaded")
    location: str = Field(description="this trace's URL")
    files_href: str = Field(description="its files, as the core loads them: GET answers {file name: text}")


class TraceOut(TraceListItem):
    summary: dict[str, Any] = Field(description="the core's summary of the trace (switchlab_core.trace_summary): ranks, "
                                                "messages and bytes per operation type, compute, the rank-to-rank bytes")


class TraceList(BaseModel):
    items: list[TraceListItem] = Field(description="newest first")
