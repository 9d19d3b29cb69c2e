import type { Kysely } from 'kysely';
import { autoIncrementId } from '../dialect.js';

/** Team invitations, the developer outbox (mail and SMS without a gateway) and the instance admin flag. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull().references('engines.engine_code').onDelete('cascade'))
    .addColumn('inviter_member_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('inviter_name', 'varchar(64)', (c) => c.notNull())
    // mobile | email | link
    .addColumn('target_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(254)')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_by_user_id', 'varchar(36)')
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('invitations_engine_idx')
    .on('invitations')
    .columns(['engine_code', 'created_at'])
    .execute();
  await db.schema.createIndex('invitations_target_idx').on('invitations').columns(['target', 'state']).execute();

  await db.schema
    .createTable('dev_outbox')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('instance_admin', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('instance_admin').execute();
  await db.schema.dropTable('dev_outbox').ifExists().execute();
  await db.schema.dropTable('invitations').ifExists().execute();
}
