#!/usr/bin/env python3
"""Apply migrations/NNN_*.sql in order, once each, and procrastinate's schema once.

Idempotent and safe to run concurrently (an advisory lock serialises appliers):
    python migrations/apply.py [--database-url URL] [--no-procrastinate]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import sys

import psycopg

HERE = pathlib.Path(__file__).resolve().parent
LOCK_KEY = 815_2024  # arbitrary constant shared by every applier


def migration_files() -> list[tuple[str, pathlib.Path]]:
    files = []
    for path in sorted(HERE.glob("*.sql")):
        m = re.match(r"^(\d+)_.*\.sql$", path.name)
        if m:
            files.append((m.group(1), path))
    return files


def create_database(url: str) -> None:
    """Create the target database if missing (connects to the 'postgres' maintenance db)."""
    from psycopg import sql
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    params = conninfo_to_dict(url)
    name = params.get("dbname") or "postgres"
    with psycopg.connect(make_conninfo(url, dbname="postgres"), autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            try:
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
            except psycopg.errors.DuplicateDatabase:
                pass  # another applier won the race


def apply(url: str, with_procrastinate: bool = True, verbose: bool = True) -> list[str]:
    applied_now: list[str] = []
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (LOCK_KEY,))
        try:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version text PRIMARY KEY, name text NOT NULL,"
                " applied_at timestamptz NOT NULL DEFAULT now())"
            )
            done = {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}
            for version, path in migration_files():
                if version in done:
                    continue
                # Each file and its bookkeeping row commit together or not at all.
                with conn.transaction():
                    conn.execute(path.read_text())
                    conn.execute(
                        "INSERT INTO schema_migrations (version, name) VALUES (%s, %s)",
                        (version, path.name),
                    )
                applied_now.append(path.name)
            if with_procrastinate:
                exists = conn.execute("SELECT to_regclass('procrastinate_jobs')").fetchone()[0]
                if exists is None:  # procrastinate's schema.sql is not re-runnable
                    from procrastinate.schema import SchemaManager

                    with conn.transaction():
                        conn.execute(SchemaManager.get_schema())
                    applied_now.append("procrastinate schema")
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (LOCK_KEY,))
    if verbose:
        print("migrations: " + (", ".join(applied_now) if applied_now else "up to date"))
    return applied_now


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    parser.add_argument("--no-procrastinate", action="store_true")
    parser.add_argument("--create-database", action="store_true", help="create the database if missing")
    args = parser.parse_args()
    if not args.database_url:
        parser.error("--database-url or DATABASE_URL is required")
    if args.create_database:
        create_database(args.database_url)
    apply(args.database_url, with_procrastinate=not args.no_procrastinate)
    return 0


if __name__ == "__main__":
    sys.exit(main())
