import type { Kysely } from 'kysely';
import type { Database, WorkflowDelegationsTable } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { AppRepository } from '../apps/repository.js';
import { factsOf } from '../apps/role-holders.js';

type Db = Kysely<Database>;

/** Where a new task belongs: its flow and app (a delegation may cover only some of them). */
export interface TaskScope {
  appCode: string;
  workflowCode: string;
}

/** A flow a member may delegate: its app and the name of its table (one flow per table). */
export interface ScopeFlow {
  app_code: string;
  app_name: string;
  workflow_code: string;
  name: string;
}

const codes = (json: string): string[] => {
  const v: unknown = JSON.parse(json || '[]');
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
};

/** The apps and flows a delegation row covers (both empty: every flow). */
export function scopeOf(row: Pick<WorkflowDelegationsTable, 'app_codes' | 'workflow_codes'>) {
  return { appCodes: codes(row.app_codes), workflowCodes: codes(row.workflow_codes) };
}

/** True when a delegation with this scope covers a task of this flow and app. */
export function covers(row: Pick<WorkflowDelegationsTable, 'app_codes' | 'workflow_codes'>, task: TaskScope): boolean {
  const { appCodes, workflowCodes } = scopeOf(row);
  if (!appCodes.length && !workflowCodes.length) return true;
  return appCodes.includes(task.appCode) || workflowCodes.includes(task.workflowCode);
}

/** Out-of-office delegations: one per member and team. */
export class DelegationRepository {
  constructor(private readonly db: Db) {}

  /**
   * The delegate who receives `memberId`'s new task of this flow at `now`, if a delegation covering
   * it is in force and the delegate is still an active member. One hop: the delegate's own
   * delegation is not followed.
   */
  async delegateOf(trx: Db, engineCode: string, memberId: string, now: number, task: TaskScope) {
    const row = await trx
      .selectFrom('workflow_delegations')
      .innerJoin('members', (j) =>
        j
          .onRef('members.engine_code', '=', 'workflow_delegations.engine_code')
          .onRef('members.member_id', '=', 'workflow_delegations.delegate_member_id'),
      )
      .select([
        'workflow_delegations.delegate_member_id',
        'workflow_delegations.app_codes',
        'workflow_delegations.workflow_codes',
      ])
      .where('workflow_delegations.engine_code', '=', engineCode)
      .where('workflow_delegations.member_id', '=', memberId)
      .where('workflow_delegations.starts_at', '<=', now)
      .where('workflow_delegations.ends_at', '>', now)
      .where('members.state', '=', 'ACTIVE')
      .executeTakeFirst();
    return row && covers(row, task) ? row.delegate_member_id : null;
  }

  mine(engineCode: string, memberId: string): Promise<WorkflowDelegationsTable | undefined> {
    return this.db
      .selectFrom('workflow_delegations')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  }

  forDelegate(engineCode: string, delegateId: string, now: number): Promise<WorkflowDelegationsTable[]> {
    return this.db
      .selectFrom('workflow_delegations')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('delegate_member_id', '=', delegateId)
      .where('ends_at', '>', now)
      .orderBy('starts_at')
      .execute();
  }

  async save(trx: Db, row: WorkflowDelegationsTable): Promise<void> {
    const { engine_code: _e, member_id: _m, ...change } = row;
    await trx
      .insertInto('workflow_delegations')
      .values(row)
      .onConflict((oc) => oc.columns(['engine_code', 'member_id']).doUpdateSet(change))
      .execute();
  }

  async remove(trx: Db, engineCode: string, memberId: string): Promise<number> {
    const r = await trx
      .deleteFrom('workflow_delegations')
      .where('engine_code', '=', engineCode)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Names of the team's apps among these codes (any state: a delegation names what it named). */
  async appNames(engineCode: string, appCodes: string[]): Promise<Map<string, string>> {
    if (!appCodes.length) return new Map();
    const rows = await this.db
      .selectFrom('apps')
      .select(['code', 'display_name', 'state'])
      .where('engine_code', '=', engineCode)
      .where('code', 'in', appCodes)
      .execute();
    return new Map(rows.map((r) => [r.code, r.display_name]));
  }

  /** The team's published flows among these codes (or in these apps), named by their tables. */
  flows(engineCode: string, of: { workflowCodes?: string[]; appCodes?: string[] }): Promise<ScopeFlow[]> {
    const wanted = of.workflowCodes ?? [];
    const inApps = of.appCodes ?? [];
    if (!wanted.length && !inApps.length) return Promise.resolve([]);
    return this.db
      .selectFrom('workflows as w')
      .innerJoin('apps as a', (j) => j.onRef('a.code', '=', 'w.app_code').onRef('a.engine_code', '=', 'w.engine_code'))
      .innerJoin('function_nodes as f', (j) =>
        j.onRef('f.code', '=', 'w.schema_code').onRef('f.app_code', '=', 'w.app_code'),
      )
      .select(['w.app_code', 'a.display_name as app_name', 'w.code as workflow_code', 'f.display_name as name'])
      .where('w.engine_code', '=', engineCode)
      .where('w.published_version', '>', 0)
      .where('a.state', '=', 'ACTIVE')
      .where('f.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          ...(wanted.length ? [eb('w.code', 'in', wanted)] : []),
          ...(inApps.length ? [eb('w.app_code', 'in', inApps)] : []),
        ]),
      )
      .orderBy('a.display_name')
      .orderBy('f.display_name')
      .execute();
  }

  /**
   * The apps a member may delegate: the team's active apps for a manager; otherwise the apps in
   * the member's app list (owned, managed or reached by a role's grant) and those where the member
   * has had tasks (an approver needs no app role).
   */
  async scopeApps(tenant: TenantContext, everyApp: boolean): Promise<string[]> {
    const apps = new AppRepository(this.db);
    if (everyApp) return (await apps.listActive(tenant.engineCode, null)).map((a) => a.code);
    const [listed, worked] = await Promise.all([
      apps.listActive(tenant.engineCode, await factsOf(this.db, tenant)),
      this.db
        .selectFrom('work_items')
        .select('app_code as code')
        .where('engine_code', '=', tenant.engineCode)
        .where('participant_member_id', '=', tenant.memberId)
        .groupBy('app_code')
        .execute(),
    ]);
    return [...new Set([...listed, ...worked].map((r) => r.code))];
  }
}
