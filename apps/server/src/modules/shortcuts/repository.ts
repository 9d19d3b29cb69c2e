import type { Kysely } from 'kysely';
import type { DashboardNodesTable, Database } from '../../db/schema.js';

/** Queries on a team's dashboard nodes; every one is bounded by the team. */
export class ShortcutRepository {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): ShortcutRepository {
    return new ShortcutRepository(db);
  }

  /** The team's root and shortcuts. */
  list(engineCode: string): Promise<DashboardNodesTable[]> {
    return this.db
      .selectFrom('dashboard_nodes')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .orderBy('created_at')
      .orderBy('code')
      .execute();
  }

  find(engineCode: string, code: string): Promise<DashboardNodesTable | undefined> {
    return this.db
      .selectFrom('dashboard_nodes')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** Adds the root unless it is there (two first requests at once make one root). */
  async ensureRoot(root: DashboardNodesTable): Promise<void> {
    await this.db
      .insertInto('dashboard_nodes')
      .values(root)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }

  async insert(rows: DashboardNodesTable[]): Promise<void> {
    if (rows.length) await this.db.insertInto('dashboard_nodes').values(rows).execute();
  }

  async update(
    engineCode: string,
    code: string,
    values: Partial<Pick<DashboardNodesTable, 'display_name' | 'mode' | 'properties' | 'updated_at'>>,
  ): Promise<void> {
    await this.db
      .updateTable('dashboard_nodes')
      .set(values)
      .where('engine_code', '=', engineCode)
      .where('code', '=', code)
      .execute();
  }

  async remove(engineCode: string, code: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('dashboard_nodes')
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
