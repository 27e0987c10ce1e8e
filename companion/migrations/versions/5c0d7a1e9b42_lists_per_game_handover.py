"""word lists belong to a game (or to the server) and import in chunks; handing a game over

Revision ID: 5c0d7a1e9b42
Revises: 151e54154793
Create Date: 2026-11-22 17:00:00

Lists imported before this revision become server-wide lists, complete. The anagram key of
each entry is dropped: "what could I have made?" counts letters instead.
"""
from alembic import op
import sqlalchemy as sa


revision = '5c0d7a1e9b42'
down_revision = '151e54154793'
branch_labels = None
depends_on = None

# SQLite's reflection does not name the old unique constraint on word_list.name: name it.
NAMING = {"uq": "uq_%(table_name)s_%(column_0_name)s"}


def _unique_on_name() -> str:
    for unique in sa.inspect(op.get_bind()).get_unique_constraints("word_list"):
        if unique["column_names"] == ["name"] and unique["name"]:
            return unique["name"]  # PostgreSQL: word_list_name_key
    return "uq_word_list_name"


def upgrade():
    old_unique = _unique_on_name()
    with op.batch_alter_table('word_list', naming_convention=NAMING) as batch_op:
        batch_op.add_column(sa.Column('game_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('complete', sa.Boolean(), server_default=sa.true(),
                                      nullable=False))
        batch_op.drop_constraint(old_unique, type_='unique')
        batch_op.create_unique_constraint('uq_word_list_game_name', ['game_id', 'name'])
        batch_op.create_index(batch_op.f('ix_word_list_game_id'), ['game_id'], unique=False)
        batch_op.create_foreign_key('fk_word_list_game_id_game', 'game', ['game_id'], ['id'],
                                    ondelete='CASCADE')
    with op.batch_alter_table('word_list_entry', schema=None) as batch_op:
        batch_op.drop_index('ix_word_list_entry_key')
        batch_op.drop_column('key')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('handover_hash', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('handover_until', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('handover_until')
        batch_op.drop_column('handover_hash')
    with op.batch_alter_table('word_list_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('key', sa.String(length=30), nullable=False,
                                      server_default=''))
        batch_op.create_index('ix_word_list_entry_key', ['list_id', 'key'], unique=False)
    op.execute("DELETE FROM word_list WHERE game_id IS NOT NULL")
    with op.batch_alter_table('word_list', schema=None) as batch_op:
        batch_op.drop_constraint('fk_word_list_game_id_game', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_word_list_game_id'))
        batch_op.drop_constraint('uq_word_list_game_name', type_='unique')
        batch_op.create_unique_constraint('uq_word_list_name', ['name'])
        batch_op.drop_column('complete')
        batch_op.drop_column('game_id')
