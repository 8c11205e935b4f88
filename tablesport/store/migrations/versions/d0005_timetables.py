"""An event's timetable: its time slots, the tables of each competition and the fixtures placed in them.

Revision ID: d0005
Revises: d0004
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "d0005"
down_revision = "d0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "desk_timetables",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("slots", sa.JSON(), nullable=False),
        sa.Column("tables", sa.JSON(), nullable=False),
        sa.Column("bookings", sa.JSON(), nullable=False),
        sa.Column("made_by", sa.String(length=100), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["tournament_events.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("event_id"),
    )


def downgrade() -> None:
    op.drop_table("desk_timetables")
