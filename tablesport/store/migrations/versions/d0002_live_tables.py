"""Fixtures played at live tables: which table plays which fixture, and whether its result was entered.

Revision ID: d0002
Revises: d0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "d0002"
down_revision = "d0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "desk_live_tables",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("fixture", sa.String(length=64), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("created_by", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["competition_id"], ["tournament_competitions.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id"),
    )
    op.create_index("ix_desk_live_tables_competition_id", "desk_live_tables", ["competition_id"])


def downgrade() -> None:
    op.drop_index("ix_desk_live_tables_competition_id", table_name="desk_live_tables")
    op.drop_table("desk_live_tables")
