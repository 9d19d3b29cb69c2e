import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, RootOperationNode } from 'kysely';

/** Every table name a query's operation tree mentions (from, joins, subqueries). */
function tablesOf(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const n of node) tablesOf(n, out);
  else if (node && typeof node === 'object') {
    const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
    if (n.kind === 'TableNode' && n.table?.identifier?.name) out.add(n.table.identifier.name);
    for (const v of Object.values(node)) tablesOf(v, out);
  }
  return out;
}

/**
 * Records which tables each query reads while `on`: a test counts the statements of one request
 * that touch the tables it cares about (the server's background schedules read others meanwhile).
 */
export class QueryLog implements KyselyPlugin {
  on = false;
  readonly queries: Set<string>[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.on) this.queries.push(tablesOf(args.node, new Set()));
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }

  /** How many queries `work` sent that touch any of `tables`. */
  async count(tables: string[], work: () => Promise<unknown>): Promise<number> {
    this.queries.length = 0;
    this.on = true;
    try {
      await work();
    } finally {
      this.on = false;
    }
    return this.queries.filter((q) => tables.some((t) => q.has(t))).length;
  }
}
