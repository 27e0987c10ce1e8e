"""games keep their settings (a JSON object; missing settings read as their defaults)

Revision ID: 8e3f2b6d1c07
Revises: 5c0d7a1e9b42
Create Date: 2026-11-22 17:30:00

Games started before this revision have no settings stored: FOOT! and ZOOT! have none, so
they read exactly as before.
"""
from alembic import op
import sqlalchemy as sa


revision = '8e3f2b6d1c07'
down_revision = '5c0d7a1e9b42'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('settings', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('settings')
