import type { Kysely } from 'kysely';
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
}

/** Data-table metadata of one team. */
export class SchemaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(engineCode: string, appCode: string, schemaCode: string): Promise<SchemaRow | undefined> {
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
      ])
      .where('schemas.engine_code', '=', engineCode)
      .where('schemas.app_code', '=', appCode)
      .where('schemas.code', '=', schemaCode)
      .where('function_nodes.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  fields(schemaCode: string): Promise<FieldsTable[]> {
    return this.db.selectFrom('fields').selectAll().where('schema_code', '=', schemaCode).orderBy('sort_key').execute();
  }

  tablesOfApp(appCode: string): Promise<{ table_name: string }[]> {
    return this.db.selectFrom('schemas').select('table_name').where('app_code', '=', appCode).execute();
  }
}
