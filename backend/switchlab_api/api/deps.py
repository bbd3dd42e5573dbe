"""Typed dependencies shared by the routes."""

from __future__ import annotations

from typing import Annotated

import psycopg
from fastapi import Depends

from ..core.config import Settings, get_settings
from ..core.db import get_conn
from ..core.security import require_write_token

ConnDep = Annotated[psycopg.Connection, Depends(get_conn)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
WriteAuth = Depends(require_write_token)
