"""Persistence (SQLAlchemy 2): an SQLite file by default, PostgreSQL by URL."""
