import { type Kysely, sql } from 'kysely';

/**
 * Departments (a tree per team), members' departments, member privacy. Teams that already exist get
 * a root department named after the team, with all their members in it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('departments')
    .addColumn('object_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull().references('engines.engine_code').onDelete('cascade'))
    // '' for the root: a real value keeps the (team, parent) index usable on both databases.
    .addColumn('parent_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('manager_member_id', 'varchar(36)')
    .addColumn('sort_key', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('departments_parent_idx')
    .on('departments')
    .columns(['engine_code', 'parent_id', 'sort_key'])
    .execute();

  await db.schema
    .createTable('member_departments')
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull().references('members.member_id').onDelete('cascade'))
    .addColumn('department_id', 'varchar(36)', (c) =>
      c.notNull().references('departments.object_id').onDelete('cascade'),
    )
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('is_main', 'smallint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('member_departments_pk', ['member_id', 'department_id'])
    .execute();
  await db.schema
    .createIndex('member_departments_dept_idx')
    .on('member_departments')
    .columns(['department_id'])
    .execute();

  await db.schema
    .alterTable('members')
    .addColumn('privacy_items', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();

  // Root departments for existing teams, ids derived from the team (stable, no per-row queries).
  await sql`insert into departments (object_id, engine_code, parent_id, name, manager_member_id, sort_key, created_at)
    select engine_code, engine_code, '', corp_name, null, 0, created_at from engines`.execute(db);
  await sql`insert into member_departments (member_id, department_id, engine_code, is_main)
    select member_id, engine_code, engine_code, 1 from members`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('privacy_items').execute();
  await db.schema.dropTable('member_departments').ifExists().execute();
  await db.schema.dropTable('departments').ifExists().execute();
}
