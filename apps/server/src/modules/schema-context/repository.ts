import type { Kysely } from 'kysely';
import { FIELD_COLUMNS, FIXED } from '../../db/fixed.js';
import type { Database, FieldsTable } from '../../db/schema.js';

export interface SchemaRow {
  code: string;
  app_code: string;
  engine_code: string;
  table_name: string;
  title_field_code: string;
  permissions: string;
  form_layout: string;
  title_format: string;
  display_name: string;
  /** The menu node's tag: Normal, SharedSchema or SyncSchema (records of a sync table are read-only). */
  tag: string;
}

/** The metadata a request needs about one data table: its row and its fields. */
export class SchemaContextRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(engineCode: string, appCode: string, schemaCode: string): Promise<SchemaRow | undefined> {
    return this.rows(engineCode)
      .modifyFront(FIXED)
      .where('schemas.app_code', '=', appCode)
      .where('schemas.code', '=', schemaCode)
      .executeTakeFirst();
  }

  /** These tables of the team that are not in the table trash, in one query. */
  findMany(engineCode: string, schemaCodes: string[]): Promise<SchemaRow[]> {
    if (!schemaCodes.length) return Promise.resolve([]);
    return this.rows(engineCode).where('schemas.code', 'in', schemaCodes).execute();
  }

  private rows(engineCode: string) {
    return this.db
      .selectFrom('schemas')
      .innerJoin('function_nodes', 'function_nodes.code', 'schemas.code')
      .select([
        'schemas.code',
        'schemas.app_code',
        'schemas.engine_code',
        'schemas.table_name',
        'schemas.title_field_code',
        'schemas.permissions',
        'schemas.form_layout',
        'schemas.title_format',
        'function_nodes.display_name',
        'function_nodes.tag',
      ])
      .where('schemas.engine_code', '=', engineCode)
      .where('function_nodes.deleted_at', 'is', null);
  }

  fields(schemaCode: string): Promise<FieldsTable[]> {
    return this.db
      .selectFrom('fields')
      .modifyFront(FIXED)
      .select(FIELD_COLUMNS)
      .where('schema_code', '=', schemaCode)
      .orderBy('sort_key')
      .execute();
  }

  /** The fields of these tables, in one query, each table's in order. */
  fieldsOfMany(schemaCodes: string[]): Promise<FieldsTable[]> {
    if (!schemaCodes.length) return Promise.resolve([]);
    return this.db
      .selectFrom('fields')
      .select(FIELD_COLUMNS)
      .where('schema_code', 'in', schemaCodes)
      .orderBy('schema_code')
      .orderBy('sort_key')
      .execute();
  }

  /** The app of a table in this team, or undefined. */
  async appOf(engineCode: string, schemaCode: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('schemas')
      .modifyFront(FIXED)
      .select('app_code')
      .where('engine_code', '=', engineCode)
      .where('code', '=', schemaCode)
      .executeTakeFirst();
    return row?.app_code;
  }
}
