import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, RootOperationNode } from 'kysely';

/**
 * Makes the next `remaining` UPDATEs of one table fail with a database error, as PostgreSQL's own
 * would (a deadlock victim 40P01, a dropped connection 08006): the code paths that retry them run
 * for real, against a real database, without staging the race itself.
 */
export class FailingUpdates implements KyselyPlugin {
  /** How many more UPDATEs of the table fail. */
  remaining = 0;
  /** How many have failed so far. */
  fired = 0;

  constructor(
    private readonly table: string,
    private readonly error: { message: string; code: string },
  ) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node as { kind: string; table?: { table?: { identifier?: { name?: string } } } };
    if (this.remaining > 0 && node.kind === 'UpdateQueryNode' && node.table?.table?.identifier?.name === this.table) {
      this.remaining -= 1;
      this.fired += 1;
      throw Object.assign(new Error(this.error.message), { code: this.error.code });
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}
