"""Alembic migrations of the tablesport store (branches: tournament, tables, ...)."""
