"""Score sheets confirmed by both captains instead of a second referee: each captain's agreement or
disagreement with a sheet.

Revision ID: d0004
Revises: d0003
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "d0004"
down_revision = "d0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "desk_captain_marks",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.Column("entrant", sa.String(length=100), nullable=False),
        sa.Column("by", sa.String(length=100), nullable=False),
        sa.Column("agrees", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["entry_id"], ["desk_entries.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_desk_captain_marks_entry_id", "desk_captain_marks", ["entry_id"])


def downgrade() -> None:
    op.drop_index("ix_desk_captain_marks_entry_id", table_name="desk_captain_marks")
    op.drop_table("desk_captain_marks")
