import type { Kysely } from 'kysely';
import type { AppRolesTable, Database } from '../../db/schema.js';

type Db = Kysely<Database>;
export type RoleRecord = Pick<AppRolesTable, 'role_key' | 'name' | 'nodes' | 'flows' | 'created_at'> & {
  description: string;
  sort_key: number;
};

/** An app's roles, grants and tables' permissions. Every query names the app (apps belong to one team). */
export class AppRolesRepository {
  constructor(private readonly db: Db) {}

  roles(appCode: string, db: Db = this.db): Promise<RoleRecord[]> {
    return db
      .selectFrom('app_roles')
      .select(['role_key', 'name', 'description', 'sort_key', 'nodes', 'flows', 'created_at'])
      .where('app_code', '=', appCode)
      .orderBy('sort_key')
      .orderBy('created_at')
      .execute();
  }

  /** Grants with the grantee's name (a member's user name, a department's name; '' otherwise). */
  grants(appCode: string) {
    return this.db
      .selectFrom('app_role_grants as g')
      .leftJoin('members as m', (j) => j.onRef('m.member_id', '=', 'g.target').on('g.kind', '=', 'member'))
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('departments as d', (j) =>
        j.onRef('d.object_id', '=', 'g.target').on('g.kind', 'in', ['department', 'departmentTree']),
      )
      .select(['g.role_key', 'g.kind', 'g.target', 'u.user_name', 'd.name as department_name'])
      .where('g.app_code', '=', appCode)
      .orderBy('g.created_at')
      .execute();
  }

  /** The app's live tables in menu order, with their stored permissions. */
  tables(appCode: string, db: Db = this.db) {
    return db
      .selectFrom('schemas')
      .innerJoin('function_nodes as n', 'n.code', 'schemas.code')
      .select(['schemas.code', 'schemas.permissions', 'n.display_name'])
      .where('schemas.app_code', '=', appCode)
      .where('n.deleted_at', 'is', null)
      .orderBy('n.sort_key')
      .execute();
  }

  /** Menu node codes of the app (visibility lists name them). */
  async nodeCodes(appCode: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('function_nodes')
      .select(['code', 'type'])
      .where('app_code', '=', appCode)
      .where('deleted_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.code));
  }

  async departments(engineCode: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .selectFrom('departments')
      .select('object_id')
      .where('engine_code', '=', engineCode)
      .where('object_id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.object_id));
  }
}
