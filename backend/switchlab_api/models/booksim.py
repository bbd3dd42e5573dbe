"""POST /api/import/booksim: a BookSim 2.0 config file in, a SwitchLab cycle-engine config out."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class BooksimImportRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"example": {"booksim": "topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dim_order;\n"}},
    )
    booksim: str = Field(max_length=1_000_000, description="the text of a BookSim 2.0 config file")


class UnmodelledKey(BaseModel):
    key: str
    value: str = Field(description="its value as the file gives it")
    line: int = Field(description="its line in the file (0: BookSim's default)")
    reason: str = Field(description="what SwitchLab does instead")


class DefaultUsed(BaseModel):
    key: str
    value: str = Field(description="BookSim's default, used because the file does not set the key")


class BooksimImport(BaseModel):
    config: dict[str, Any] = Field(description="the cycle-engine experiment config (valid: the core prepared it)")
    unmodelled: list[UnmodelledKey] = Field(description="keys of the file SwitchLab does not model, by line")
    defaults: list[DefaultUsed]
    notes: list[str] = Field(description="where the translation approximates BookSim")
