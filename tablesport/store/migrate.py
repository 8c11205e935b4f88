"""Bring a database to the newest schema: ``alembic upgrade heads`` over every branch."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

from .db import make_engine

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def upgrade(target: Engine | str | None = None) -> Engine:
    """Upgrade to all heads; returns the engine used."""
    engine = target if isinstance(target, Engine) else make_engine(target)
    cfg = alembic_config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "heads")
    return engine
