import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Dashboard nodes, their stored widgets, and the names a widget's groups are labelled with. */
export class DashboardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The Dashboard node of this app (and team), or undefined. */
  node(engineCode: string, appCode: string, code: string) {
    return this.db
      .selectFrom('function_nodes')
      .select(['code', 'display_name'])
      .where('engine_code', '=', engineCode)
      .where('app_code', '=', appCode)
      .where('code', '=', code)
      .where('type', '=', 'Dashboard')
      .executeTakeFirst();
  }

  find(code: string) {
    return this.db.selectFrom('dashboards').selectAll().where('node_code', '=', code).executeTakeFirst();
  }

  /** One statement either way: insert the row or replace its widgets. */
  async save(
    engineCode: string,
    code: string,
    widgets: string,
    filters: string | null,
    memberId: string,
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('dashboards')
      .values({ node_code: code, engine_code: engineCode, widgets, filters, updated_by: memberId, updated_at: now })
      .onConflict((oc) =>
        oc.column('node_code').doUpdateSet({ widgets, filters, updated_by: memberId, updated_at: now }),
      )
      .execute();
  }

  /** The roll-ups the dashboard's widgets read (see rollup.ts, tidyRollups). */
  async listRollups(code: string, names: string[]): Promise<void> {
    await this.db
      .updateTable('dashboards')
      .set({ rollups: JSON.stringify(names) })
      .where('node_code', '=', code)
      .execute();
  }

  /** Which of these codes are live data tables of the app. */
  async tablesOf(engineCode: string, appCode: string, codes: string[]): Promise<Set<string>> {
    if (!codes.length) return new Set();
    const rows = await this.db
      .selectFrom('schemas')
      .innerJoin('function_nodes', 'function_nodes.code', 'schemas.code')
      .select('schemas.code')
      .where('schemas.engine_code', '=', engineCode)
      .where('schemas.app_code', '=', appCode)
      .where('schemas.code', 'in', codes)
      .where('function_nodes.deleted_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.code));
  }

  /** Members' names in the team, by member id. */
  async memberNames(engineCode: string, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['members.member_id', 'users.user_name'])
      .where('members.engine_code', '=', engineCode)
      .where('members.member_id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.member_id, r.user_name]));
  }

  /** Departments' names in the team, by id. */
  async departmentNames(engineCode: string, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('departments')
      .select(['object_id', 'name'])
      .where('engine_code', '=', engineCode)
      .where('object_id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.object_id, r.name]));
  }
}
