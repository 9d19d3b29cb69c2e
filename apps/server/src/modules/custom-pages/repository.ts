import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Custom page nodes, their stored blocks, and what the blocks point at (tables, views, dashboards, images). */
export class CustomPageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The UserModule node of this app (and team), or undefined. */
  node(engineCode: string, appCode: string, code: string) {
    return this.db
      .selectFrom('function_nodes')
      .select(['code', 'display_name'])
      .where('engine_code', '=', engineCode)
      .where('app_code', '=', appCode)
      .where('code', '=', code)
      .where('type', '=', 'UserModule')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  find(code: string) {
    return this.db.selectFrom('custom_pages').selectAll().where('node_code', '=', code).executeTakeFirst();
  }

  /** One statement either way: insert the row or replace its blocks and roles. */
  async save(
    engineCode: string,
    code: string,
    page: { roles: string; blocks: string },
    memberId: string,
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('custom_pages')
      .values({ node_code: code, engine_code: engineCode, ...page, updated_by: memberId, updated_at: now })
      .onConflict((oc) => oc.column('node_code').doUpdateSet({ ...page, updated_by: memberId, updated_at: now }))
      .execute();
  }

  /** Public (shared) views of these tables, as "schemaCode/viewCode". */
  async publicViews(engineCode: string, schemaCodes: string[]): Promise<Set<string>> {
    if (!schemaCodes.length) return new Set();
    const rows = await this.db
      .selectFrom('views')
      .select(['schema_code', 'code'])
      .where('engine_code', '=', engineCode)
      .where('schema_code', 'in', schemaCodes)
      .where('owner_member_id', '=', '')
      .execute();
    return new Set(rows.map((r) => `${r.schema_code}/${r.code}`));
  }

  /** The widget ids of this app's live dashboards, as "dashboardCode/widgetId". */
  async widgets(engineCode: string, appCode: string, dashboardCodes: string[]): Promise<Set<string>> {
    if (!dashboardCodes.length) return new Set();
    const rows = await this.db
      .selectFrom('dashboards')
      .innerJoin('function_nodes', 'function_nodes.code', 'dashboards.node_code')
      .select(['dashboards.node_code', 'dashboards.widgets'])
      .where('function_nodes.engine_code', '=', engineCode)
      .where('function_nodes.app_code', '=', appCode)
      .where('function_nodes.type', '=', 'Dashboard')
      .where('function_nodes.deleted_at', 'is', null)
      .where('dashboards.node_code', 'in', dashboardCodes)
      .execute();
    return new Set(
      rows.flatMap((r) => (JSON.parse(r.widgets) as { id: string }[]).map((w) => `${r.node_code}/${w.id}`)),
    );
  }

  /** Which of these files are images uploaded in the team. */
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
}
