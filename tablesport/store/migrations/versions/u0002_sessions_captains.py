"""Server-side sessions (sign-out, a new password and a disabled account end them) and the accounts the
organiser appoints as entrants' captains (a captain is never matched to an account by name).

Revision ID: u0002
Revises: u0001
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "u0002"
down_revision = "u0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts_sessions",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["accounts_users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_accounts_sessions_user_id", "accounts_sessions", ["user_id"])
    op.create_table(
        "accounts_captains",
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("entrant", sa.String(length=100), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("appointed_by", sa.String(length=100), nullable=False),
        sa.Column("appointed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["competition_id"], ["tournament_competitions.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["accounts_users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("competition_id", "entrant"),
    )


def downgrade() -> None:
    op.drop_table("accounts_captains")
    op.drop_index("ix_accounts_sessions_user_id", table_name="accounts_sessions")
    op.drop_table("accounts_sessions")
