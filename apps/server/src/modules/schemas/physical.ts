import type { StorageKind } from '@canopy/fields';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Identifiers we generate ourselves; anything else never reaches DDL. */
const SAFE_IDENTIFIER = /^[a-z][a-z0-9_]{1,62}$/;

function assertIdentifier(name: string): string {
  if (!SAFE_IDENTIFIER.test(name)) throw new Error(`unsafe identifier ${name}`);
  return name;
}

export function tableNameFor(schemaCode: string): string {
  return assertIdentifier(`d_${schemaCode}`);
}

export function columnNameFor(fieldCode: string): string {
  return assertIdentifier(`f_${fieldCode}`);
}

const COLUMN_TYPES: Record<StorageKind, 'text' | 'integer' | 'bigint' | 'double precision' | 'smallint'> = {
  text: 'text',
  json: 'text',
  integer: 'integer',
  bigint: 'bigint',
  real: 'double precision',
  boolean: 'smallint',
};

/** A data table's own physical table: system columns first, field columns added as fields are. */
export async function createPhysicalTable(trx: Kysely<Database>, table: string): Promise<void> {
  const db = trx as unknown as Kysely<unknown>;
  await db.schema
    .createTable(assertIdentifier(table))
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    // The record's approval flow: instance state (spec numbers) and the nodes it waits at.
    .addColumn('wf_state', 'smallint')
    .addColumn('wf_node', 'varchar(500)')
    .execute();
  await db.schema.createIndex(`${table}_created_idx`).on(table).columns(['created_at', 'id']).execute();
  // Row rules "mine" and "my departments" filter by the creator.
  await db.schema.createIndex(`${table}_creator_idx`).on(table).column('created_by').execute();
  // Lists filter and sort by the flow status (流程状态, 当前节点) without a join.
  await db.schema.createIndex(`${table}_wf_state_idx`).on(table).columns(['wf_state', 'created_at', 'id']).execute();
  await db.schema.createIndex(`${table}_wf_node_idx`).on(table).column('wf_node').execute();
}

export async function addPhysicalColumn(
  trx: Kysely<Database>,
  table: string,
  column: string,
  kind: StorageKind,
  unique: boolean,
) {
  const db = trx as unknown as Kysely<unknown>;
  await db.schema.alterTable(assertIdentifier(table)).addColumn(assertIdentifier(column), COLUMN_TYPES[kind]).execute();
  if (unique) await setUniqueIndex(trx, table, column, true);
}

/** A unique index allows many empty values on both databases (NULLs are distinct). */
export async function setUniqueIndex(
  trx: Kysely<Database>,
  table: string,
  column: string,
  unique: boolean,
): Promise<void> {
  const db = trx as unknown as Kysely<unknown>;
  const index = assertIdentifier(`${table}_${column}_uq`.slice(0, 63));
  if (unique)
    await db.schema
      .createIndex(index)
      .ifNotExists()
      .on(assertIdentifier(table))
      .column(assertIdentifier(column))
      .unique()
      .execute();
  else await db.schema.dropIndex(index).ifExists().execute();
}
