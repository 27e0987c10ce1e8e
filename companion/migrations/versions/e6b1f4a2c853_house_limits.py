"""tries counted in the database, admin sign-ins kept server-side, a word-list import's progress

Revision ID: e6b1f4a2c853
Revises: d5a8c2f71e39
Create Date: 2026-11-26 15:00:00

Codes that matched no game and wrong admin secrets were counted in each process's memory:
`attempt` counts them where every worker and server sees them. `admin_session` lets signing
out revoke a sign-in. `word_list.progressed_at` tells an import cut off by a crash from one
still running.
"""
from alembic import op
import sqlalchemy as sa


revision = 'e6b1f4a2c853'
down_revision = 'd5a8c2f71e39'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'attempt',
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('address', sa.String(length=64), nullable=False),
        sa.Column('period', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('count', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('kind', 'address', 'period'))
    with op.batch_alter_table('attempt', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_attempt_period'), ['period'], unique=False)
    op.create_table(
        'admin_session',
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('token_hash'))
    with op.batch_alter_table('admin_session', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_admin_session_created_at'), ['created_at'],
                              unique=False)
    with op.batch_alter_table('word_list', schema=None) as batch_op:
        batch_op.add_column(sa.Column('progressed_at', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('word_list', schema=None) as batch_op:
        batch_op.drop_column('progressed_at')
    with op.batch_alter_table('admin_session', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_admin_session_created_at'))
    op.drop_table('admin_session')
    with op.batch_alter_table('attempt', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_attempt_period'))
    op.drop_table('attempt')
