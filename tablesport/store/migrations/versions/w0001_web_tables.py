"""Web tables: live and finished tables of the web app, their seats and every step as it happened.

Revision ID: w0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0001"
down_revision = None
branch_labels = ("tables",)
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_tables",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("preset", sa.String(length=64), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("header", sa.JSON(), nullable=False),
        sa.Column("footer", sa.JSON(), nullable=True),
        sa.Column("steps", sa.Integer(), nullable=False),
        sa.Column("last_h", sa.String(length=32), nullable=False),
        sa.Column("timers", sa.JSON(), nullable=False),
        sa.Column("clock_used", sa.Float(), nullable=False),
        sa.Column("bot_delay", sa.Float(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("updated", sa.Float(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_web_tables_status", "web_tables", ["status"])
    op.create_table(
        "web_seats",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("bot", sa.String(length=128), nullable=True),
        sa.Column("token", sa.String(length=64), nullable=True),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("claimed", sa.Boolean(), nullable=False),
        sa.Column("joined", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["web_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "seat"),
        sa.UniqueConstraint("token"),
    )
    op.create_table(
        "web_steps",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("i", sa.Integer(), nullable=False),
        sa.Column("line", sa.JSON(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("meta", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["web_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "i"),
    )
    op.create_table(
        "web_notes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["web_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_web_notes_table_id", "web_notes", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_web_notes_table_id", table_name="web_notes")
    op.drop_table("web_notes")
    op.drop_table("web_steps")
    op.drop_table("web_seats")
    op.drop_index("ix_web_tables_status", table_name="web_tables")
    op.drop_table("web_tables")
