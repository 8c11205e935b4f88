"""Double entry of score sheets: every sheet as one person typed it, and its outcome (waiting for a second
entry, disagreeing with one, accepted, superseded).

Revision ID: d0001
Revises:
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "d0001"
down_revision = None
branch_labels = ("desk",)
depends_on = "t0001"


def upgrade() -> None:
    op.create_table(
        "desk_entries",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("fixture", sa.String(length=64), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("entered_by", sa.String(length=100), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("confirmed_by", sa.String(length=100), nullable=True),
        sa.ForeignKeyConstraint(["competition_id"], ["tournament_competitions.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_desk_entries_competition_id", "desk_entries", ["competition_id"])


def downgrade() -> None:
    op.drop_index("ix_desk_entries_competition_id", table_name="desk_entries")
    op.drop_table("desk_entries")
