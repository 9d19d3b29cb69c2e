import {
  CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { dialectOf } from '../src/db/dialect.js';

/**
 * Keeps the statements the server sends while `during` runs, compiled as they go to the database
 * (SQL and parameters), so a test can EXPLAIN exactly what a request ran.
 */
export class PlanCapture implements KyselyPlugin {
  private db: Kysely<unknown> | null = null;
  private kept: CompiledQuery[] | null = null;

  /** The handle whose compiler writes the SQL (the server's, without this plugin). */
  compileWith(db: Kysely<unknown>): void {
    this.db = db;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.kept && this.db) this.kept.push(this.db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  async during(work: () => Promise<unknown>): Promise<CompiledQuery[]> {
    const kept: CompiledQuery[] = [];
    this.kept = kept;
    try {
      await work();
    } finally {
      this.kept = null;
    }
    return kept;
  }
}

/** What a plan does, told the same way on both databases. */
export interface PlanShape {
  /** Index names read (SQLite: also the FTS5 tables a plan reads as virtual tables). */
  indexes: string[];
  /** Whether any step sorts rows read from a table scan or index read as a whole (not a page). */
  sortsAll: boolean;
  /** The plan as text, for failure messages. */
  text: string;
  /** Steps reading `table` whole (SQLite `SCAN t` without an index; PostgreSQL a Seq Scan on it). */
  fullScans(table: string): string[];
}

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Key'?: string[];
  'Plan Rows'?: number;
  Plans?: PgNode[];
}

/** Rows a PostgreSQL plan may sort in one step (a few pages), against the tests' tens of thousands. */
const SORTED_ROWS_MAX = 1_000;

const flatten = (node: PgNode): PgNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** EXPLAINs one compiled statement with its parameters. */
export async function planOf(db: Kysely<unknown>, statement: CompiledQuery): Promise<PlanShape> {
  if (dialectOf(db) === 'postgres') {
    const res = await db.executeQuery<{ 'QUERY PLAN': { Plan: PgNode }[] }>(
      CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
    );
    const [explained] = res.rows;
    if (!explained) throw new Error(`no plan for ${statement.sql}`);
    const root = (explained['QUERY PLAN'] as { Plan: PgNode }[])[0]?.Plan as PgNode;
    const nodes = flatten(root);
    const text = JSON.stringify(root);
    // A full Sort (not an Incremental Sort over an index's order) of more rows than a few pages:
    // the page's rows, a keyset's empties or a rare needle's hits are sorted, never the table.
    const sortsAll = nodes.some(
      (n) => n['Node Type'] === 'Sort' && (n.Plans ?? []).some((c) => (c['Plan Rows'] ?? 0) > SORTED_ROWS_MAX),
    );
    return {
      indexes: nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
      sortsAll,
      text,
      fullScans: (table) =>
        nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table).map((n) => n['Node Type']),
    };
  }
  const res = await db.executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
  );
  const details = res.rows.map((r) => r.detail);
  // A temporary B-tree beside a scan of a CTE's page re-orders that page's rows after the join.
  const pageSort = (parent: number) =>
    res.rows.some((r) => r.parent === parent && /^SCAN (page|hits|valued|empties)\b/.test(r.detail));
  const text = details.join(' | ');
  return {
    indexes: details.flatMap((d) => {
      const index = /USING (?:COVERING )?INDEX (\S+)/.exec(d)?.[1];
      const virtual = /^SCAN (\S+) VIRTUAL TABLE/.exec(d)?.[1];
      return [index, virtual].filter((x): x is string => Boolean(x));
    }),
    // SQLite sorts in a temporary B-tree; the page's rows re-ordered after the join (read from the
    // CTE's page) are not the table's.
    sortsAll: res.rows.some(
      (r) => /TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)/.test(r.detail) && !pageSort(r.parent),
    ),
    text,
    fullScans: (table) => details.filter((d) => new RegExp(`^SCAN ${table}(?: AS \\S+)?$`).test(d)),
  };
}
