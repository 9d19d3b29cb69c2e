import {
  type DurationFigures,
  InstanceState,
  ItemType,
  type WorkflowAnalytics,
  type WorkflowDefinition,
  WorkItemState,
} from '@canopy/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { requireEdit } from '../apps/access.js';
import type { SchemaContexts } from '../schema-context/context.js';
import { memberRef } from './dto.js';
import type { WorkflowRepository } from './repository.js';

type Db = Kysely<Database>;

interface PercentileRow {
  g: string | null;
  label: string | null;
  n: number | string;
  median: number | string | null;
  p90: number | string | null;
}

const figures = (r: PercentileRow | undefined): DurationFigures => ({
  count: Number(r?.n ?? 0),
  medianMs: Math.round(Number(r?.median ?? 0)),
  p90Ms: Math.round(Number(r?.p90 ?? 0)),
});

/**
 * Median and 90th percentile by nearest rank (the value at rank ⌈p·n⌉), per group, in the database:
 * `row_number()` and `count(*)` over the group's ordered durations, then the rows at those ranks.
 * Window functions and integer division behave the same on SQLite (≥ 3.25) and PostgreSQL, which
 * has percentile_cont but SQLite has none. Nothing but one row per group leaves the database.
 */
async function percentiles(
  db: Db,
  source: {
    from: RawBuilder<unknown>;
    duration: RawBuilder<unknown>;
    group: RawBuilder<unknown>;
    label: RawBuilder<unknown>;
  },
): Promise<PercentileRow[]> {
  const { from, duration, group, label } = source;
  const rows = await sql<PercentileRow>`
    select g, max(label) as label, max(n) as n,
      max(case when rn = (n * 50 + 99) / 100 then d end) as median,
      max(case when rn = (n * 90 + 99) / 100 then d end) as p90
    from (
      select ${group} as g, ${label} as label, ${duration} as d,
        row_number() over (partition by ${group} order by ${duration}) as rn,
        count(*) over (partition by ${group}) as n
      ${from}
    ) ranked
    group by g
    order by max(n) desc`.execute(db);
  return rows.rows;
}

/** A flow in figures for its designer (the app's edit right): SQL aggregates over indexed columns. */
export class WorkflowAnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly repo: WorkflowRepository,
    private readonly schemaContexts: SchemaContexts,
    private readonly now: () => number,
  ) {}

  async analytics(
    tenant: TenantContext | null,
    adminHeader: boolean,
    appCode: string,
    schemaCode: string,
  ): Promise<WorkflowAnalytics> {
    const ctx = await this.schemaContexts.context(tenant, appCode, schemaCode, adminHeader);
    requireEdit(ctx.access);
    const engine = ctx.schema.engine_code;
    const schema = ctx.schema.code;
    const wf = await this.repo.workflowOf(engine, schema);
    const byState = await this.db
      .selectFrom('workflow_instances')
      .select(['state', 'result', (eb) => eb.fn.countAll().as('n')])
      .where('schema_code', '=', schema)
      .where('engine_code', '=', engine)
      .groupBy(['state', 'result'])
      .orderBy('state')
      .execute();
    const [finished] = await percentiles(this.db, {
      from: sql`from workflow_instances where schema_code = ${schema} and engine_code = ${engine}
        and state = ${InstanceState.Finished} and started_at is not null and finished_at is not null`,
      duration: sql`finished_at - started_at`,
      group: sql`state`,
      label: sql`''`,
    });
    // The originator's own step (submitting, resubmitting) is no one's handling time.
    const starts = await this.startNodeIds(engine, wf?.code);
    const completed = sql`from work_items where schema_code = ${schema} and engine_code = ${engine}
      and state = ${WorkItemState.Done} and item_type <> ${ItemType.Circulate} and finished_at is not null
      and node_id not in (${sql.join(starts)})`;
    const nodes = await percentiles(this.db, {
      from: completed,
      duration: sql`finished_at - created_at`,
      group: sql`node_id`,
      label: sql`node_name`,
    });
    const approvers = await percentiles(this.db, {
      from: completed,
      duration: sql`finished_at - created_at`,
      group: sql`participant_member_id`,
      label: sql`''`,
    });
    const waiting = await this.db
      .selectFrom('work_items')
      .innerJoin('workflow_instances', 'workflow_instances.id', 'work_items.instance_id')
      .select((eb) => [
        'work_items.node_id',
        eb.fn.max('work_items.node_name').as('node_name'),
        eb.fn.count('work_items.instance_id').distinct().as('instances'),
        eb.fn.countAll().as('items'),
        eb.fn.min('work_items.created_at').as('oldest'),
      ])
      .where('work_items.schema_code', '=', schema)
      .where('work_items.engine_code', '=', engine)
      .where('work_items.state', '=', WorkItemState.Todo)
      .where('work_items.item_type', '<>', ItemType.Circulate)
      .where('workflow_instances.state', 'in', [InstanceState.Running, InstanceState.Returned])
      .groupBy('work_items.node_id')
      .orderBy('items', 'desc')
      .execute();
    const names = await this.repo.memberNames(
      engine,
      approvers.map((a) => a.g ?? ''),
    );
    return {
      workflowCode: wf?.code ?? '',
      instancesByState: byState.map((r) => ({
        instanceState: Number(r.state),
        result: r.result === 'approved' || r.result === 'rejected' ? r.result : '',
        count: Number(r.n),
      })),
      timeToFinish: figures(finished),
      nodes: nodes.map((r) => ({ activityCode: r.g ?? '', activityName: r.label ?? '', ...figures(r) })),
      approvers: approvers.map((r) => ({
        member: memberRef(names, r.g) ?? { memberId: '', name: '' },
        ...figures(r),
      })),
      waiting: waiting.map((r) => ({
        activityCode: r.node_id,
        activityName: r.node_name ?? '',
        instances: Number(r.instances),
        workItems: Number(r.items),
        oldestSince: Number(r.oldest ?? 0),
      })),
      computedAt: this.now(),
    };
  }

  /** The start node ids of every published version (a handful of rows; usually just 'start'). */
  private async startNodeIds(engineCode: string, workflowCode: string | undefined): Promise<string[]> {
    const ids = new Set<string>(['start']);
    if (workflowCode)
      for (const v of await this.repo.versions(engineCode, workflowCode)) {
        const definition = JSON.parse(v.definition) as WorkflowDefinition;
        for (const n of definition.nodes) if (n.type === 'start') ids.add(n.id);
      }
    return [...ids];
  }
}
