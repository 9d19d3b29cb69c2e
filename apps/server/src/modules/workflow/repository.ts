import { type Kysely, sql } from 'kysely';
import type {
  Database,
  WorkflowInstancesTable,
  WorkflowLogsTable,
  WorkflowsTable,
  WorkflowVersionsTable,
  WorkItemsTable,
} from '../../db/schema.js';

type Db = Kysely<Database>;
export type InstanceRow = WorkflowInstancesTable;
export type WorkItemRow = WorkItemsTable;
export type LogRow = Omit<WorkflowLogsTable, 'id'> & { id: number };

/** Workflows, their versions, instances, work items and logs. Every query names the team. */
export class WorkflowRepository {
  constructor(private readonly db: Db) {}

  private on(trx?: Db): Db {
    return trx ?? this.db;
  }

  // Definitions -------------------------------------------------------------------------------

  workflowOf(engineCode: string, schemaCode: string, trx?: Db): Promise<WorkflowsTable | undefined> {
    return this.on(trx)
      .selectFrom('workflows')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .executeTakeFirst();
  }

  async insertWorkflow(trx: Db, row: WorkflowsTable): Promise<void> {
    await trx.insertInto('workflows').values(row).execute();
  }

  async saveDraft(trx: Db, code: string, name: string, draft: string, memberId: string, now: number): Promise<void> {
    await trx
      .updateTable('workflows')
      .set({ name, draft, draft_updated_by: memberId, draft_updated_at: now })
      .where('code', '=', code)
      .execute();
  }

  /** The next version number, claimed atomically: two publishers never get the same one. */
  async claimVersion(trx: Db, code: string, expected: number): Promise<boolean> {
    const r = await trx
      .updateTable('workflows')
      .set({ published_version: expected + 1 })
      .where('code', '=', code)
      .where('published_version', '=', expected)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async insertVersion(trx: Db, row: WorkflowVersionsTable): Promise<void> {
    await trx.insertInto('workflow_versions').values(row).execute();
  }

  versions(engineCode: string, workflowCode: string) {
    return this.db
      .selectFrom('workflow_versions')
      .leftJoin('members', 'members.member_id', 'workflow_versions.published_by')
      .leftJoin('users', 'users.id', 'members.user_id')
      .select([
        'workflow_versions.version',
        'workflow_versions.published_by',
        'workflow_versions.published_at',
        'workflow_versions.definition',
        'workflow_versions.name',
        'users.user_name',
      ])
      .where('workflow_versions.engine_code', '=', engineCode)
      .where('workflow_versions.workflow_code', '=', workflowCode)
      .orderBy('workflow_versions.version', 'desc')
      .execute();
  }

  version(engineCode: string, workflowCode: string, version: number, trx?: Db) {
    return this.on(trx)
      .selectFrom('workflow_versions')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('workflow_code', '=', workflowCode)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  // Instances ---------------------------------------------------------------------------------

  instance(engineCode: string, id: string, trx?: Db): Promise<InstanceRow | undefined> {
    return this.on(trx)
      .selectFrom('workflow_instances')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  instanceOfRecord(engineCode: string, schemaCode: string, recordId: string, trx?: Db) {
    return this.on(trx)
      .selectFrom('workflow_instances')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .where('record_id', '=', recordId)
      .executeTakeFirst();
  }

  /** Instances of an app still open (a draft or running), for ending them when the app goes. */
  openInstancesOfApp(trx: Db, engineCode: string, appCode: string): Promise<InstanceRow[]> {
    return trx
      .selectFrom('workflow_instances')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('app_code', '=', appCode)
      .where('state', 'in', [0, 1, 2, 3])
      .execute();
  }

  async insertInstance(trx: Db, row: InstanceRow): Promise<void> {
    await trx.insertInto('workflow_instances').values(row).execute();
  }

  /**
   * Takes the instance for this action: bumps its version only if nobody changed it since it was
   * read. Doing this first also orders the row locks (instance, then items) the same way in every
   * action, so two actions on one instance never deadlock on PostgreSQL.
   */
  async lockInstance(trx: Db, id: string, version: number): Promise<boolean> {
    const r = await trx
      .updateTable('workflow_instances')
      .set({ version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Takes the instance whatever its version (engine-driven changes: app or record deletion): the
   * update locks the row, the read after it sees the latest committed state.
   */
  async lockAndRead(trx: Db, id: string): Promise<InstanceRow | undefined> {
    await trx.updateTable('workflow_instances').set({ version: sql`version + 1` }).where('id', '=', id).execute();
    const row = await trx.selectFrom('workflow_instances').selectAll().where('id', '=', id).executeTakeFirst();
    return row && { ...row, version: row.version - 1 };
  }

  async updateInstance(
    trx: Db,
    id: string,
    set: Partial<
      Pick<InstanceRow, 'state' | 'result' | 'runtime' | 'current_nodes' | 'started_at' | 'finished_at' | 'updated_at'>
    >,
  ): Promise<void> {
    await trx.updateTable('workflow_instances').set(set).where('id', '=', id).execute();
  }

  // Work items --------------------------------------------------------------------------------

  item(engineCode: string, id: string, trx?: Db): Promise<WorkItemRow | undefined> {
    return this.on(trx)
      .selectFrom('work_items')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  itemsOf(instanceId: string, trx?: Db): Promise<WorkItemRow[]> {
    return this.on(trx)
      .selectFrom('work_items')
      .selectAll()
      .where('instance_id', '=', instanceId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  openItemsOf(trx: Db, instanceId: string): Promise<WorkItemRow[]> {
    return trx
      .selectFrom('work_items')
      .selectAll()
      .where('instance_id', '=', instanceId)
      .where('state', '=', 0)
      .execute();
  }

  async insertItem(trx: Db, row: WorkItemRow): Promise<void> {
    await trx.insertInto('work_items').values(row).execute();
  }

  /**
   * Completes an open item exactly once: only while it is still open and unchanged. Of any number of
   * concurrent attempts (any process, either database) exactly one sees a row updated.
   */
  async completeItem(
    trx: Db,
    id: string,
    version: number,
    set: { state: number; action: string; comment: string; finished_at: number },
  ): Promise<boolean> {
    const r = await trx
      .updateTable('work_items')
      .set({ ...set, version: sql`version + 1` })
      .where('id', '=', id)
      .where('state', '=', 0)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Closes open items without their participant (another decided, the flow moved or ended). */
  async cancelItems(trx: Db, ids: string[], now: number): Promise<void> {
    if (!ids.length) return;
    await trx
      .updateTable('work_items')
      .set({ state: 2, finished_at: now, version: sql`version + 1` })
      .where('id', 'in', ids)
      .where('state', '=', 0)
      .execute();
  }

  /** Opens a completed item again (a revert taken back). */
  async reopenItem(trx: Db, id: string, now: number): Promise<void> {
    await trx
      .updateTable('work_items')
      .set({ state: 0, finished_at: null, action: '', comment: '', created_at: now, version: sql`version + 1` })
      .where('id', '=', id)
      .execute();
  }

  openItemsForRecord(engineCode: string, instanceId: string, memberId: string) {
    return this.db
      .selectFrom('work_items')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('instance_id', '=', instanceId)
      .where('participant_member_id', '=', memberId)
      .where('state', '=', 0)
      .orderBy('created_at')
      .execute();
  }

  // Logs --------------------------------------------------------------------------------------

  async insertLog(trx: Db, row: Omit<WorkflowLogsTable, 'id'>): Promise<void> {
    await trx.insertInto('workflow_logs').values(row).execute();
  }

  logs(instanceId: string): Promise<LogRow[]> {
    return this.db
      .selectFrom('workflow_logs')
      .selectAll()
      .where('instance_id', '=', instanceId)
      .orderBy('id')
      .execute() as Promise<LogRow[]>;
  }

  // Names, notices, the record's flow status ----------------------------------------------------

  async memberNames(engineCode: string, ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids.filter(Boolean))];
    if (!unique.length) return new Map();
    const rows = await this.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['members.member_id', 'users.user_name'])
      .where('members.engine_code', '=', engineCode)
      .where('members.member_id', 'in', unique)
      .execute();
    return new Map(rows.map((r) => [r.member_id, r.user_name]));
  }

  /**
   * The record's flow status columns (lists filter and sort by them; no current node is empty, so it
   * sorts last); the record's version is left alone: the flow moving on is no edit of the record.
   */
  async setFlowStatus(trx: Db, table: string, engineCode: string, recordId: string, state: number, node: string) {
    // biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
    await (trx as Kysely<any>)
      .updateTable(table)
      .set({ wf_state: state, wf_node: node ? node.slice(0, 500) : null })
      .where('engine_code', '=', engineCode)
      .where('id', '=', recordId)
      .execute();
  }

  schemaTable(engineCode: string, schemaCode: string, trx?: Db) {
    return this.on(trx)
      .selectFrom('schemas')
      .select(['table_name', 'app_code', 'code'])
      .where('engine_code', '=', engineCode)
      .where('code', '=', schemaCode)
      .executeTakeFirst();
  }
}
