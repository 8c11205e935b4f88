"""Players of the web app: the account at each seat of a web table, ratings per game and preset (OpenSkill),
the tables the ratings looked at and what each did to each rating, and reported chat messages.

Revision ID: p0001
Revises:
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "p0001"
down_revision = None
branch_labels = ("players",)
depends_on = ("u0001", "w0001")


def upgrade() -> None:
    op.create_table(
        "players_seats",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["web_tables.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["accounts_users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_index("ix_players_seats_user_id", "players_seats", ["user_id"])
    op.create_table(
        "players_ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(length=64), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["accounts_users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "preset"),
    )
    op.create_index("ix_players_ratings_game", "players_ratings", ["game"])
    op.create_table(
        "players_rated_tables",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["web_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id"),
    )
    op.create_table(
        "players_rating_changes",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(length=64), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["web_tables.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["accounts_users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "user_id"),
    )
    op.create_table(
        "players_chat_reports",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("room", sa.String(length=64), nullable=False),
        sa.Column("message_id", sa.Integer(), nullable=False),
        sa.Column("author", sa.String(length=100), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("reporter", sa.String(length=100), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_players_chat_reports_room", "players_chat_reports", ["room"])


def downgrade() -> None:
    op.drop_index("ix_players_chat_reports_room", table_name="players_chat_reports")
    op.drop_table("players_chat_reports")
    op.drop_table("players_rating_changes")
    op.drop_table("players_rated_tables")
    op.drop_index("ix_players_ratings_game", table_name="players_ratings")
    op.drop_table("players_ratings")
    op.drop_index("ix_players_seats_user_id", table_name="players_seats")
    op.drop_table("players_seats")
