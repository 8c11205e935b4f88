"""Organiser API tokens: the tokens (stored as their SHA-256), the events each may write to, and every
use of a token.

Revision ID: a0001
Revises:
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "a0001"
down_revision = None
branch_labels = ("api",)
depends_on = "t0001"


def upgrade() -> None:
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("owner", sa.String(length=100), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("hint", sa.String(length=16), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("scopes", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_by", sa.String(length=100), nullable=True),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("digest"),
    )
    op.create_index("ix_api_tokens_owner", "api_tokens", ["owner"])
    op.create_table(
        "api_token_events",
        sa.Column("token_id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["token_id"], ["api_tokens.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["event_id"], ["tournament_events.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("token_id", "event_id"),
    )
    op.create_table(
        "api_token_uses",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("token_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("method", sa.String(length=8), nullable=False),
        sa.Column("path", sa.String(length=300), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=True),
        sa.Column("scope", sa.String(length=16), nullable=True),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(length=16), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["token_id"], ["api_tokens.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_api_token_uses_token_id", "api_token_uses", ["token_id"])


def downgrade() -> None:
    op.drop_index("ix_api_token_uses_token_id", table_name="api_token_uses")
    op.drop_table("api_token_uses")
    op.drop_table("api_token_events")
    op.drop_index("ix_api_tokens_owner", table_name="api_tokens")
    op.drop_table("api_tokens")
