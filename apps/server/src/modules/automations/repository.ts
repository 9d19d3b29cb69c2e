import type { AutomationRunStatus } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type {
  AutomationDatePlansTable,
  AutomationRunsTable,
  AutomationStepsTable,
  AutomationsTable,
  AutomationVersionsTable,
  Database,
} from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';

type Db = Kysely<Database>;
/** Trigger kinds that belong to one table. */
export type TableTriggerKind = 'record' | 'flow' | 'date' | 'form' | 'button';

/** The queries of automations, their versions, runs and steps (every one filtered by team). */
export class AutomationRepository {
  constructor(private readonly db: Db) {}

  list(engineCode: string, appCode: string): Promise<AutomationsTable[]> {
    return this.db
      .selectFrom('automations')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('app_code', '=', appCode)
      .orderBy('created_at')
      .execute();
  }

  find(engineCode: string, id: string, db: Db = this.db): Promise<AutomationsTable | undefined> {
    return db
      .selectFrom('automations')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** By id alone: the incoming webhook, which knows no team until the automation names it. */
  findAnyTeam(id: string): Promise<AutomationsTable | undefined> {
    return this.db.selectFrom('automations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(trx: Db, row: AutomationsTable): Promise<void> {
    await trx.insertInto('automations').values(row).execute();
  }

  async update(trx: Db, engineCode: string, id: string, set: Partial<AutomationsTable>): Promise<void> {
    await trx.updateTable('automations').set(set).where('engine_code', '=', engineCode).where('id', '=', id).execute();
  }

  async remove(trx: Db, engineCode: string, id: string): Promise<void> {
    await trx.deleteFrom('automations').where('engine_code', '=', engineCode).where('id', '=', id).execute();
  }

  async removeOfApp(trx: Db, engineCode: string, appCode: string): Promise<void> {
    await trx.deleteFrom('automations').where('engine_code', '=', engineCode).where('app_code', '=', appCode).execute();
  }

  async insertVersion(trx: Db, row: AutomationVersionsTable): Promise<void> {
    await trx.insertInto('automation_versions').values(row).execute();
  }

  version(id: string, version: number, db: Db = this.db): Promise<AutomationVersionsTable | undefined> {
    return db
      .selectFrom('automation_versions')
      .selectAll()
      .where('automation_id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  /** Enabled, published automations of a table with these trigger kinds (one indexed query per write). */
  ofTable(trx: Db, engineCode: string, schemaCode: string, kind: TableTriggerKind | TableTriggerKind[]) {
    return trx
      .selectFrom('automations')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .where('trigger_kind', 'in', Array.isArray(kind) ? kind : [kind])
      .where('enabled', '=', 1)
      .where('version', '>', 0)
      .execute();
  }

  /** Schedules whose time has come. */
  dueSchedules(now: number, limit: number): Promise<AutomationsTable[]> {
    return this.db
      .selectFrom('automations')
      .selectAll()
      .where('trigger_kind', '=', 'schedule')
      .where('enabled', '=', 1)
      .where('next_fire_at', '<=', now)
      .orderBy('next_fire_at')
      .limit(limit)
      .execute();
  }

  /** Moves a schedule on, only from the time this process read (another process may have moved it). */
  async moveSchedule(trx: Db, id: string, from: number, to: number | null): Promise<boolean> {
    const r = await trx
      .updateTable('automations')
      .set({ next_fire_at: to })
      .where('id', '=', id)
      .where('next_fire_at', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Inserts a run unless its event was already recorded (the idempotency key); answers whether it did. */
  async insertRun(trx: Db, row: AutomationRunsTable): Promise<boolean> {
    const r = await trx
      .insertInto('automation_runs')
      .values(row)
      .onConflict((oc) => oc.columns(['automation_id', 'event_key']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  run(id: string, db: Db = this.db): Promise<AutomationRunsTable | undefined> {
    return db.selectFrom('automation_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  runOf(engineCode: string, automationId: string, id: string): Promise<AutomationRunsTable | undefined> {
    return this.db
      .selectFrom('automation_runs')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('automation_id', '=', automationId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  runs(
    engineCode: string,
    automationId: string,
    query: { status?: AutomationRunStatus; before?: number },
    limit: number,
  ): Promise<AutomationRunsTable[]> {
    return this.db
      .selectFrom('automation_runs')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('automation_id', '=', automationId)
      .$if(query.status !== undefined, (q) => q.where('status', '=', query.status as string))
      .$if(query.before !== undefined, (q) => q.where('created_at', '<', query.before as number))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async setRun(trx: Db, id: string, set: Partial<AutomationRunsTable>, onlyStatus?: string[]): Promise<boolean> {
    const r = await trx
      .updateTable('automation_runs')
      .set(set)
      .where('id', '=', id)
      .$if(onlyStatus !== undefined, (q) => q.where('status', 'in', onlyStatus as string[]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Runs of a team created since `since` (the day's quota). */
  async runsSince(trx: Db, engineCode: string, since: number): Promise<number> {
    const r = await trx
      .selectFrom('automation_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('engine_code', '=', engineCode)
      .where('created_at', '>=', since)
      .where('status', 'not in', ['stopped', 'skipped'])
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** Runs of a team executing now (the concurrency quota). */
  async running(trx: Db, engineCode: string, except: string): Promise<number> {
    const r = await trx
      .selectFrom('automation_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('engine_code', '=', engineCode)
      .where('status', '=', 'running')
      .where('id', '!=', except)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  steps(runId: string, db: Db = this.db): Promise<AutomationStepsTable[]> {
    return db.selectFrom('automation_steps').selectAll().where('run_id', '=', runId).orderBy('seq').execute();
  }

  /** A step's row; written once per path (a replay that reached it again updates a waiting one). */
  async putStep(trx: Db, row: AutomationStepsTable): Promise<void> {
    await trx
      .insertInto('automation_steps')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['run_id', 'path']).doUpdateSet({
          status: row.status,
          output: row.output,
          error: row.error,
          duration_ms: row.duration_ms,
        }),
      )
      .execute();
  }

  /**
   * Takes a step's path for this transaction's work: false when another executor of the same run
   * holds or finished it (its insert waits for that one's commit on PostgreSQL, then conflicts).
   */
  async claimStep(trx: Db, row: AutomationStepsTable): Promise<boolean> {
    const r = await trx
      .insertInto('automation_steps')
      .values(row)
      .onConflict((oc) => oc.columns(['run_id', 'path']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async finishStep(trx: Db, runId: string, path: string, set: Partial<AutomationStepsTable>): Promise<void> {
    await trx.updateTable('automation_steps').set(set).where('run_id', '=', runId).where('path', '=', path).execute();
  }

  async removeFailedSteps(trx: Db, runId: string): Promise<void> {
    await trx.deleteFrom('automation_steps').where('run_id', '=', runId).where('status', '=', 'failed').execute();
  }

  /** A member of the team as the acting tenant, with their team role; undefined when they left. */
  async tenantOf(db: Db, engineCode: string, memberId: string): Promise<TenantContext | undefined> {
    const row = await db
      .selectFrom('members')
      .innerJoin('engines', 'engines.engine_code', 'members.engine_code')
      .select(['members.role', 'engines.corp_id', 'engines.engine_shard', 'engines.time_zone'])
      .where('members.engine_code', '=', engineCode)
      .where('members.member_id', '=', memberId)
      .where('members.state', '=', 'ACTIVE')
      .executeTakeFirst();
    if (!row) return undefined;
    const role = row.role === 'owner' || row.role === 'admin' ? row.role : 'member';
    return {
      engineCode,
      corpId: row.corp_id,
      memberId,
      role,
      engineShard: row.engine_shard,
      timeZone: row.time_zone,
    };
  }

  async timeZone(engineCode: string, db: Db = this.db): Promise<string | undefined> {
    const row = await db
      .selectFrom('engines')
      .select('time_zone')
      .where('engine_code', '=', engineCode)
      .executeTakeFirst();
    return row?.time_zone;
  }

  /** Which of these member ids are active members of the team. */
  async activeMembers(db: Db, engineCode: string, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await db
      .selectFrom('members')
      .select('member_id')
      .where('engine_code', '=', engineCode)
      .where('member_id', 'in', ids)
      .where('state', '=', 'ACTIVE')
      .execute();
    return rows.map((r) => r.member_id);
  }

  /** The team's department ids (a letter's or mail's departments are checked against them). */
  async departmentIds(db: Db, engineCode: string): Promise<string[]> {
    const rows = await db.selectFrom('departments').select('object_id').where('engine_code', '=', engineCode).execute();
    return rows.map((r) => r.object_id);
  }

  /** The app's role keys (a button's roles are checked against them). */
  async roleKeys(db: Db, engineCode: string, appCode: string): Promise<string[]> {
    const rows = await db
      .selectFrom('app_roles')
      .select('role_key')
      .where('engine_code', '=', engineCode)
      .where('app_code', '=', appCode)
      .execute();
    return rows.map((r) => r.role_key);
  }

  datePlan(db: Db, automationId: string, recordId: string): Promise<AutomationDatePlansTable | undefined> {
    return db
      .selectFrom('automation_date_plans')
      .selectAll()
      .where('automation_id', '=', automationId)
      .where('record_id', '=', recordId)
      .executeTakeFirst();
  }

  async putDatePlan(db: Db, row: AutomationDatePlansTable): Promise<void> {
    await db
      .insertInto('automation_date_plans')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['automation_id', 'record_id']).doUpdateSet({ fire_at: row.fire_at, job_id: row.job_id }),
      )
      .execute();
  }

  /** A plan goes, and its job with it unless it is the job running now (`dropJob` false). */
  async dropDatePlan(db: Db, plan: AutomationDatePlansTable, dropJob = true): Promise<void> {
    await db
      .deleteFrom('automation_date_plans')
      .where('automation_id', '=', plan.automation_id)
      .where('record_id', '=', plan.record_id)
      .execute();
    if (dropJob) await this.dropPendingJobs(db, [plan.job_id]);
  }

  /** The plans of deleted records, with their jobs (by the plans' record index). */
  async dropDatePlansOf(db: Db, engineCode: string, schemaCode: string, recordIds: string[]): Promise<void> {
    if (!recordIds.length) return;
    const plans = await db
      .selectFrom('automation_date_plans')
      .select(['job_id'])
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .where('record_id', 'in', recordIds)
      .execute();
    if (!plans.length) return;
    await db
      .deleteFrom('automation_date_plans')
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .where('record_id', 'in', recordIds)
      .execute();
    await this.dropPendingJobs(
      db,
      plans.map((p) => p.job_id),
    );
  }

  async dropDatePlansOfAutomation(db: Db, automationId: string): Promise<void> {
    const plans = await db
      .selectFrom('automation_date_plans')
      .select('job_id')
      .where('automation_id', '=', automationId)
      .execute();
    await db.deleteFrom('automation_date_plans').where('automation_id', '=', automationId).execute();
    for (let i = 0; i < plans.length; i += 500)
      await this.dropPendingJobs(
        db,
        plans.slice(i, i + 500).map((p) => p.job_id),
      );
  }

  /** Jobs not yet taken by a process (one that runs finds its plan gone and does nothing). */
  private async dropPendingJobs(db: Db, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await db.deleteFrom('jobs').where('id', 'in', ids).where('state', '=', 'pending').execute();
  }
}
