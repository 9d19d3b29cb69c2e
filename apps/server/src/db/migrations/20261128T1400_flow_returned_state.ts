import type { Kysely } from 'kysely';

/**
 * Issue 29: a flow sent back to its originator has its own state, Returned (6, the number the spec
 * leaves open), instead of Running (2). Instances already waiting only at their start node after a
 * revert or a rejection to the originator take it now, and so does their record's flow status
 * (`wf_state` on the table's own row, what lists show and filter). Down puts them back to Running.
 */
const RUNNING = 2;
const RETURNED = 6;

// biome-ignore lint/suspicious/noExplicitAny: the tables are read without the app's types (they change later)
type Db = Kysely<any>;

interface Candidate {
  id: string;
  engine_code: string;
  schema_code: string;
  record_id: string;
  runtime: string;
  definition: string;
}

/** Whether the instance waits only at its start node (every open node run is the start node's). */
function waitsAtStart(c: Candidate): boolean {
  const start = (JSON.parse(c.definition) as { nodes: { id: string; type: string }[] }).nodes.find(
    (n) => n.type === 'start',
  )?.id;
  const runs = Object.values((JSON.parse(c.runtime) as { runs?: Record<string, { nodeId: string }> }).runs ?? {});
  return Boolean(start) && runs.length > 0 && runs.every((r) => r.nodeId === start);
}

async function move(db: Db, from: number, to: number, pick: (c: Candidate) => boolean): Promise<void> {
  const rows = (await db
    .selectFrom('workflow_instances as i')
    .innerJoin('workflow_versions as v', (j) =>
      j
        .onRef('v.engine_code', '=', 'i.engine_code')
        .onRef('v.workflow_code', '=', 'i.workflow_code')
        .onRef('v.version', '=', 'i.workflow_version'),
    )
    .select(['i.id', 'i.engine_code', 'i.schema_code', 'i.record_id', 'i.runtime', 'v.definition'])
    .where('i.state', '=', from)
    .execute()) as Candidate[];
  for (const c of rows.filter(pick)) {
    await db.updateTable('workflow_instances').set({ state: to }).where('id', '=', c.id).execute();
    const schema = await db
      .selectFrom('schemas')
      .select('table_name')
      .where('engine_code', '=', c.engine_code)
      .where('code', '=', c.schema_code)
      .executeTakeFirst();
    if (schema?.table_name)
      await db
        .updateTable(schema.table_name)
        .set({ wf_state: to })
        .where('engine_code', '=', c.engine_code)
        .where('id', '=', c.record_id)
        .execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await move(db as Db, RUNNING, RETURNED, waitsAtStart);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await move(db as Db, RETURNED, RUNNING, () => true);
}
