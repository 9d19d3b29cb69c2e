import type { TodoGroup, TodoTaskType, WorkflowDefinition, WorkflowSettings } from '@canopy/contract';
import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { containsText } from '../../db/like.js';
import type { Database } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { factsOf } from '../apps/role-holders.js';
import { grantedApp, type MemberFacts } from '../apps/role-reach.js';

type Db = Kysely<Database>;

/** The asker: every query of this file names the team and the member, so lists never leave them. */
export interface Asker {
  engineCode: string;
  memberId: string;
}

export interface ListFilter {
  group?: TodoGroup;
  /** Only these apps / tables (the panel's paging parameters). */
  appCodes?: string[];
  schemaCodes?: string[];
  keyword?: string;
  /** Order by finish time instead of receive time (where the list has one). */
  byFinish?: boolean;
  /** Latest first. */
  desc: boolean;
}

/** A row of the participant's lists (one work item) or of the originator's (one instance). */
export interface TodoRow {
  item_id: string;
  instance_id: string;
  item_type: number;
  item_state: number;
  node_id: string;
  node_name: string;
  run_id: string;
  received_at: number;
  finished_at: number | null;
  app_code: string;
  schema_code: string;
  workflow_code: string;
  workflow_version: number;
  instance_state: number;
  record_id: string;
  originator_member_id: string;
  instance_created_at: number;
  workflow_name: string | null;
  originator_name: string | null;
  /** The member the item was first meant for (delegation, transfer); null for instances and own items. */
  acting_for_member_id: string | null;
}

export interface GroupCount {
  app_code: string;
  schema_code: string;
  count: number;
  /** Null when the app is in the recycle bin or gone (then its items are "other"). */
  app_name: string | null;
  /** Null when the table is in the table trash or gone. */
  schema_name: string | null;
}

/** workflow_timers.state of a timer its item's closing canceled. */
const CANCELED_TIMER = 2;

/**
 * The instance states "我发起的" lists (state 0 of the originator's list: still running): Running,
 * and Returned to the originator for resubmission (contract InstanceState).
 */
const RUNNING = [2, 6];

/**
 * Literal, never a parameter: both databases use a partial index only when the query repeats its
 * predicate (`20261123T1630_todos`).
 */
const notCopy = sql<SqlBool>`work_items.item_type <> 3`;
const copy = sql<SqlBool>`work_items.item_type = 3`;

/** The app is in this member's app list: they own, manage or hold a role in it (as `GET /v1/apps` lists it). */
const listedBy = (facts: MemberFacts) =>
  sql<SqlBool>`(exists (select 1 from app_members am where am.app_code = a.code and am.member_id = ${facts.memberId}) or ${grantedApp(sql.ref('a.code'), facts)})`;

type ItemQuery = SelectQueryBuilder<Database, 'work_items', object>;
type InstanceQuery = SelectQueryBuilder<Database, 'workflow_instances', object>;

/** The to-do lists, counts and summaries, each reading one member's range of one index. */
export class TodoRepository {
  constructor(private readonly db: Db) {}

  /** The participant's items of a list: todo (open) and done, without copies; or the copies. */
  private items(who: Asker, type: Exclude<TodoTaskType, 'original'>): ItemQuery {
    const q = this.db
      .selectFrom('work_items')
      .where('work_items.engine_code', '=', who.engineCode)
      .where('work_items.participant_member_id', '=', who.memberId);
    if (type === 'circulated') return q.where(copy);
    return q.where('work_items.state', '=', type === 'todo' ? 0 : 1).where(notCopy);
  }

  private started(who: Asker, states: number[] = RUNNING): InstanceQuery {
    return this.db
      .selectFrom('workflow_instances')
      .where('workflow_instances.engine_code', '=', who.engineCode)
      .where('workflow_instances.originator_member_id', '=', who.memberId)
      .where('workflow_instances.state', 'in', states);
  }

  /**
   * Open to-dos (the badge): the kept count, one primary-key read. Never shown below zero; a count
   * that drifted is found and set right by maintenance (count-repair.ts), which logs it.
   */
  async count(who: Asker): Promise<number> {
    const row = await this.db
      .selectFrom('todo_counts')
      .select('open_items')
      .where('engine_code', '=', who.engineCode)
      .where('member_id', '=', who.memberId)
      .executeTakeFirst();
    return Math.max(0, Number(row?.open_items ?? 0));
  }

  /** The kept open count as a column of the page query (one statement instead of two). */
  private keptOpen(who: Asker) {
    return sql<number | string | null>`(select open_items from todo_counts
      where todo_counts.engine_code = ${who.engineCode} and todo_counts.member_id = ${who.memberId})`;
  }

  /**
   * Counts per app and table of one list (the summary's groups), with the names of the apps and
   * tables that exist and are in the member's app list (`listedFor`; null: a manager, who lists every
   * app): one round trip, the grouping read from the index alone.
   */
  async groups(who: Asker, type: TodoTaskType, listedFor: TenantContext | null): Promise<GroupCount[]> {
    const facts = listedFor ? await factsOf(this.db, listedFor) : null;
    const counted = (type === 'original'
      ? this.started(who)
          .select(['app_code', 'schema_code', (eb) => eb.fn.countAll<number | string>().as('count')])
          .groupBy(['app_code', 'schema_code'])
      : this.items(who, type)
          .select(['app_code', 'schema_code', (eb) => eb.fn.countAll<number | string>().as('count')])
          .groupBy(['app_code', 'schema_code'])) as ReturnType<ItemQuery['select']> as unknown as SelectQueryBuilder<
      Database,
      'work_items',
      { app_code: string; schema_code: string; count: number | string }
    >;
    const rows = await this.db
      .selectFrom(counted.as('g'))
      .leftJoin('apps as a', (j) =>
        (facts === null ? j : j.on(listedBy(facts)))
          .onRef('a.code', '=', 'g.app_code')
          .on('a.engine_code', '=', who.engineCode)
          .on('a.state', '=', 'ACTIVE'),
      )
      .leftJoin('function_nodes as f', (j) =>
        j.onRef('f.code', '=', 'g.schema_code').onRef('f.app_code', '=', 'g.app_code').on('f.deleted_at', 'is', null),
      )
      .select(['g.app_code', 'g.schema_code', 'g.count', 'a.display_name as app_name', 'f.display_name as schema_name'])
      .execute();
    return rows.map((r) => ({
      app_code: r.app_code,
      schema_code: r.schema_code,
      count: Number(r.count),
      app_name: r.app_name,
      schema_name: r.schema_name,
    }));
  }

  /** One page of a list and its total, with what the answer shows of each row. */
  async page(
    who: Asker,
    type: TodoTaskType,
    filter: ListFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: TodoRow[]; total: number }> {
    const dir = filter.desc ? 'desc' : 'asc';
    if (type === 'original') {
      let base = this.started(who);
      const narrowing = this.narrowed('workflow_instances', filter);
      for (const e of narrowing) base = base.where(e);
      // One ordered walk per running state, each cut at the page's end: `state in (2, 6)` is two
      // ranges of the originator's index, and ordering their union by receive time would sort every
      // running flow of the member for each page (query-plans-work.test.ts). The page's rows are
      // then sorted among at most 2 × (offset + limit) (each walk is named `page`, as the plan
      // tests know a page's rows; the names live in separate branches).
      const upTo = offset + limit;
      const walk = (state: number) => {
        let q = this.started(who, [state]);
        for (const e of narrowing) q = q.where(e);
        return this.db
          .selectFrom(
            q
              .select([
                'workflow_instances.id',
                'workflow_instances.state',
                'workflow_instances.created_at',
                'workflow_instances.finished_at',
                'workflow_instances.app_code',
                'workflow_instances.schema_code',
                'workflow_instances.workflow_code',
                'workflow_instances.workflow_version',
                'workflow_instances.record_id',
                'workflow_instances.originator_member_id',
              ])
              .orderBy('workflow_instances.created_at', dir)
              .limit(upTo)
              .as('page'),
          )
          .selectAll();
      };
      const [first, ...more] = RUNNING.map(walk);
      let union = first as NonNullable<typeof first>;
      for (const q of more) union = union.unionAll(q);
      const [rows, total] = await Promise.all([
        this.db
          .selectFrom(union.as('i'))
          .leftJoin('workflows as wf', 'wf.code', 'i.workflow_code')
          .leftJoin('members as om', 'om.member_id', 'i.originator_member_id')
          .leftJoin('users as ou', 'ou.id', 'om.user_id')
          .select([
            'i.id as item_id',
            'i.id as instance_id',
            sql<number>`-1`.as('item_type'),
            'i.state as item_state',
            sql<string>`''`.as('node_id'),
            sql<string>`''`.as('node_name'),
            sql<string>`''`.as('run_id'),
            'i.created_at as received_at',
            'i.finished_at',
            'i.app_code',
            'i.schema_code',
            'i.workflow_code',
            'i.workflow_version',
            'i.state as instance_state',
            'i.record_id',
            'i.originator_member_id',
            'i.created_at as instance_created_at',
            'wf.name as workflow_name',
            'ou.user_name as originator_name',
            sql<null>`null`.as('acting_for_member_id'),
          ])
          .orderBy('i.created_at', dir)
          .limit(limit)
          .offset(offset)
          .execute(),
        base
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst()
          .then((r) => Number(r?.n ?? 0)),
      ]);
      return { rows: rows as TodoRow[], total };
    }
    let base = this.items(who, type);
    const narrowing = this.narrowed('work_items', filter);
    for (const e of narrowing) base = base.where(e);
    const byFinish = filter.byFinish && type === 'done';
    // The whole open list's total is kept (todo_counts): it comes with the page, in one statement.
    const kept = type === 'todo' && narrowing.length === 0;
    // The page of items first (one member's range of one index, sorted, limited), then only its
    // rows meet their instance, and the names come by key: PostgreSQL plans this in about half the
    // time of one five-way join, and planning was most of the panel's cost (bench/README.md "To-dos").
    const pageOfItems = base
      .select([
        'work_items.id as item_id',
        'work_items.instance_id',
        'work_items.item_type',
        'work_items.state as item_state',
        'work_items.node_id',
        'work_items.node_name',
        'work_items.run_id',
        'work_items.created_at as received_at',
        'work_items.finished_at',
        'work_items.app_code',
        'work_items.schema_code',
        'work_items.acting_for_member_id',
      ])
      .orderBy(byFinish ? 'work_items.finished_at' : 'work_items.created_at', dir)
      .limit(limit)
      .offset(offset)
      .as('p');
    const pageQuery = this.db
      .selectFrom(pageOfItems)
      .innerJoin('workflow_instances as inst', 'inst.id', 'p.instance_id')
      .select((eb) => [
        'p.item_id',
        'p.instance_id',
        'p.item_type',
        'p.item_state',
        'p.node_id',
        'p.node_name',
        'p.run_id',
        'p.received_at',
        'p.finished_at',
        'p.app_code',
        'p.schema_code',
        'p.acting_for_member_id',
        'inst.workflow_code',
        'inst.workflow_version',
        'inst.state as instance_state',
        'inst.record_id',
        'inst.originator_member_id',
        'inst.created_at as instance_created_at',
        eb
          .selectFrom('workflows as wf')
          .select('wf.name')
          .whereRef('wf.code', '=', 'inst.workflow_code')
          .as('workflow_name'),
        eb
          .selectFrom('members as om')
          .innerJoin('users as ou', 'ou.id', 'om.user_id')
          .select('ou.user_name')
          .whereRef('om.member_id', '=', 'inst.originator_member_id')
          .as('originator_name'),
        (kept ? this.keptOpen(who) : sql<null>`null`).as('kept_total'),
      ])
      .orderBy(byFinish ? 'p.finished_at' : 'p.received_at', dir);
    if (kept) {
      const rows = await pageQuery.execute();
      // A page past the end has no row to carry the total: then it is read on its own.
      const total = rows.length ? Math.max(0, Number(rows[0]?.kept_total ?? 0)) : await this.count(who);
      return { rows: rows.map(({ kept_total: _, ...r }) => r) as TodoRow[], total };
    }
    const [rows, total] = await Promise.all([
      pageQuery.execute(),
      base
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst()
        .then((r) => Number(r?.n ?? 0)),
    ]);
    return { rows: rows.map(({ kept_total: _, ...r }) => r) as TodoRow[], total };
  }

  /** The group and the search: the flow's name, the table's name or the originator's name. */
  private narrowed(t: 'work_items' | 'workflow_instances', f: ListFilter): Expression<SqlBool>[] {
    const out: Expression<SqlBool>[] = [];
    const app = sql.ref(`${t}.app_code`);
    const schema = sql.ref(`${t}.schema_code`);
    const list = (codes: string[]) => sql.join(codes.map((c) => sql`${c}`));
    if (f.appCodes?.length) out.push(sql<SqlBool>`${app} in (${list(f.appCodes)})`);
    if (f.schemaCodes?.length) out.push(sql<SqlBool>`${schema} in (${list(f.schemaCodes)})`);
    const g = f.group;
    if (g?.kind === 'app') out.push(sql<SqlBool>`${app} = ${g.appCode}`);
    if (g?.kind === 'schema') out.push(sql<SqlBool>`${app} = ${g.appCode} and ${schema} = ${g.schemaCode}`);
    if (g?.kind === 'other' && g.appCodes.length && g.schemaCodes.length)
      out.push(sql<SqlBool>`(${app} not in (${list(g.appCodes)}) or ${schema} not in (${list(g.schemaCodes)}))`);
    const text = f.keyword?.trim();
    if (text) {
      const instanceId = sql.ref(t === 'work_items' ? 'work_items.instance_id' : 'workflow_instances.id');
      const engine = sql.ref(`${t}.engine_code`);
      out.push(sql<SqlBool>`(
        exists (select 1 from workflow_instances si
          join members sm on sm.member_id = si.originator_member_id
          join users su on su.id = sm.user_id
          where si.id = ${instanceId} and ${containsText('su.user_name', text)})
        or exists (select 1 from workflows sw
          where sw.engine_code = ${engine} and sw.schema_code = ${schema} and ${containsText('sw.name', text)})
        or exists (select 1 from function_nodes sf
          where sf.code = ${schema} and ${containsText('sf.display_name', text)}))`);
    }
    return out;
  }

  /**
   * The items of these instances that are not canceled (participants per node run), in one query.
   * The team is checked on the instance rows found by primary key. Written as an expression so no
   * planner reads it as an index condition: SQLite (without statistics) would otherwise walk an
   * index led by engine_code — the team's instances or its million items — instead of the ids.
   */
  runItems(engineCode: string, instanceIds: string[]) {
    if (!instanceIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('workflow_instances as inst')
      .innerJoin('work_items as wi', 'wi.instance_id', 'inst.id')
      .select([
        'wi.id',
        'wi.instance_id',
        'wi.run_id',
        'wi.node_id',
        'wi.node_name',
        'wi.item_type',
        'wi.state',
        'wi.participant_member_id',
        'wi.created_at',
        'wi.finished_at',
      ])
      .where(sql<string>`coalesce(inst.engine_code, '')`, '=', engineCode)
      .where('inst.id', 'in', instanceIds)
      .where('wi.state', 'in', [0, 1])
      .orderBy('wi.created_at')
      .execute();
  }

  /** These items' nodes and flow versions (a batch reads their comment rules), in one query. */
  itemNodes(engineCode: string, ids: string[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('work_items as wi')
      .innerJoin('workflow_instances as inst', 'inst.id', 'wi.instance_id')
      .select(['wi.id', 'wi.node_id', 'inst.workflow_code', 'inst.workflow_version'])
      .where('wi.engine_code', '=', engineCode)
      .where('wi.id', 'in', ids)
      .execute();
  }

  /** The definitions of these flow versions (for the node's comment rule), in one query. */
  definitions(engineCode: string, versions: { code: string; version: number }[]) {
    if (!versions.length) return Promise.resolve([]);
    return this.db
      .selectFrom('workflow_versions')
      .select(['workflow_code', 'version', 'definition'])
      .where('engine_code', '=', engineCode)
      .where((eb) =>
        eb.or(versions.map((v) => eb.and([eb('workflow_code', '=', v.code), eb('version', '=', v.version)]))),
      )
      .execute();
  }

  /**
   * The summary settings of these flows' published versions (what the designer chose last), in one
   * query; a flow never published has none.
   */
  async publishedSettings(engineCode: string, workflowCodes: string[]): Promise<Map<string, WorkflowSettings>> {
    if (!workflowCodes.length) return new Map();
    const rows = await this.db
      .selectFrom('workflows as w')
      .innerJoin('workflow_versions as v', (j) =>
        j.onRef('v.workflow_code', '=', 'w.code').onRef('v.version', '=', 'w.published_version'),
      )
      .select(['w.code', 'v.definition'])
      .where('w.engine_code', '=', engineCode)
      .where('w.code', 'in', workflowCodes)
      .execute();
    return new Map(rows.map((r) => [r.code, (JSON.parse(r.definition) as WorkflowDefinition).settings ?? {}]));
  }

  /**
   * Each open item's deadline (epoch ms), in one query: when its node's time limit acts, else when
   * it reminds; items without timers are absent. A timer already fired still says when it was due.
   */
  async deadlines(engineCode: string, itemIds: string[]): Promise<Map<string, number>> {
    if (!itemIds.length) return new Map();
    const rows = await this.db
      .selectFrom('workflow_timers')
      .select(['work_item_id', 'kind', 'due_at'])
      .where('engine_code', '=', engineCode)
      .where('work_item_id', 'in', itemIds)
      .where('state', '<>', CANCELED_TIMER)
      .execute();
    const out = new Map<string, number>();
    for (const kind of ['remind', 'act'])
      for (const r of rows) if (r.kind === kind) out.set(r.work_item_id, Number(r.due_at));
    return out;
  }

  /** Names of these departments of the team. */
  async departmentNames(engineCode: string, ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.db
      .selectFrom('departments')
      .select(['object_id', 'name'])
      .where('engine_code', '=', engineCode)
      .where('object_id', 'in', unique)
      .execute();
    return new Map(rows.map((r) => [r.object_id, r.name]));
  }

  /** Names of the apps that exist (not in the recycle bin). */
  apps(engineCode: string, codes: string[]) {
    if (!codes.length) return Promise.resolve([]);
    return this.db
      .selectFrom('apps')
      .select(['code', 'display_name'])
      .where('engine_code', '=', engineCode)
      .where('code', 'in', codes)
      .where('state', '=', 'ACTIVE')
      .execute();
  }

  /** Names of the data tables that exist (not in the table trash). */
  schemas(engineCode: string, codes: string[]) {
    if (!codes.length) return Promise.resolve([]);
    return this.db
      .selectFrom('function_nodes')
      .select(['code', 'app_code', 'display_name'])
      .where('engine_code', '=', engineCode)
      .where('code', 'in', codes)
      .where('deleted_at', 'is', null)
      .execute();
  }
}
