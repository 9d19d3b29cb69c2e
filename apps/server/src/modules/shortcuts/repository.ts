import type { Kysely } from 'kysely';
import type { Database, ShortcutsTable } from '../../db/schema.js';

/** Queries on a team's workbench shortcuts (the spec's "dashboard nodes"); every one is bounded by the team. */
export class ShortcutRepository {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): ShortcutRepository {
    return new ShortcutRepository(db);
  }

  /** The team's root and shortcuts. */
  list(engineCode: string): Promise<ShortcutsTable[]> {
    return this.db
      .selectFrom('shortcuts')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .orderBy('created_at')
      .orderBy('code')
      .execute();
  }

  find(engineCode: string, code: string): Promise<ShortcutsTable | undefined> {
    return this.db
      .selectFrom('shortcuts')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** Adds the root unless it is there (two first requests at once make one root). */
  async ensureRoot(root: ShortcutsTable): Promise<void> {
    await this.db
      .insertInto('shortcuts')
      .values(root)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }

  async insert(rows: ShortcutsTable[]): Promise<void> {
    if (rows.length) await this.db.insertInto('shortcuts').values(rows).execute();
  }

  async update(
    engineCode: string,
    code: string,
    values: Partial<Pick<ShortcutsTable, 'display_name' | 'mode' | 'properties' | 'updated_at'>>,
  ): Promise<void> {
    await this.db
      .updateTable('shortcuts')
      .set(values)
      .where('engine_code', '=', engineCode)
      .where('code', '=', code)
      .execute();
  }

  async remove(engineCode: string, code: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('shortcuts')
      .where('engine_code', '=', engineCode)
      .where('code', '=', code)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The active apps of the team (the creation dialog's top level). */
  apps(engineCode: string) {
    return this.db
      .selectFrom('apps')
      .select(['code', 'display_name', 'color', 'icon', 'state'])
      .where('engine_code', '=', engineCode)
      .where('state', '=', 'ACTIVE')
      .orderBy('created_at')
      .execute();
  }

  /** Menu items of the team's given apps (not deleted). */
  nodesOf(engineCode: string, appCodes: string[]) {
    if (!appCodes.length) return Promise.resolve([]);
    return this.db
      .selectFrom('function_nodes')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('app_code', 'in', appCodes)
      .where('deleted_at', 'is', null)
      .orderBy('sort_key')
      .execute();
  }
}
