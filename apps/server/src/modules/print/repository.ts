import type { Kysely } from 'kysely';
import type { Database, PrintTemplatesTable } from '../../db/schema.js';

/** Print templates of a table, and the team's images they place. Every query names the team. */
export class PrintRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(engineCode: string, schemaCode: string): Promise<PrintTemplatesTable[]> {
    return this.db
      .selectFrom('print_templates')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  find(engineCode: string, schemaCode: string, id: string): Promise<PrintTemplatesTable | undefined> {
    return this.db
      .selectFrom('print_templates')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async count(engineCode: string, schemaCode: string): Promise<number> {
    const row = await this.db
      .selectFrom('print_templates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(row: PrintTemplatesTable): Promise<void> {
    await this.db.insertInto('print_templates').values(row).execute();
  }

  async update(
    engineCode: string,
    id: string,
    values: Pick<PrintTemplatesTable, 'name' | 'layout' | 'updated_by' | 'updated_at'>,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('print_templates')
      .set(values)
      .where('engine_code', '=', engineCode)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async remove(engineCode: string, schemaCode: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('print_templates')
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Which of these ids are images uploaded to the team. */
  async images(engineCode: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .selectFrom('files')
      .select('id')
      .where('engine_code', '=', engineCode)
      .where('id', 'in', ids)
      .where('is_image', '=', 1)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** One file of the team (its stored name and type). */
  file(engineCode: string, id: string) {
    return this.db
      .selectFrom('files')
      .select(['id', 'engine_code', 'content_type'])
      .where('engine_code', '=', engineCode)
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
