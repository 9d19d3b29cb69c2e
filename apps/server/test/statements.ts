import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

interface Statement {
  kind: 'select' | 'insert' | 'update' | 'delete' | 'other';
  table: string;
}

/** The first table a statement names (enough to tell which table a write went to). */
function tableOf(node: RootOperationNode): string {
  const named = (n: unknown): string => {
    const t = n as { kind?: string; table?: unknown; node?: unknown; identifier?: { name?: string } } | undefined;
    if (!t) return '';
    if (t.kind === 'TableNode') return (t.table as { identifier: { name: string } }).identifier.name;
    if (t.kind === 'AliasNode') return named(t.node);
    if (t.kind === 'SchemableIdentifierNode') return t.identifier?.name ?? '';
    // sql.table(name) inside a raw statement
    if (t.kind === 'RawNode') return named((t as { parameters?: unknown[] }).parameters?.[0]);
    return '';
  };
  switch (node.kind) {
    case 'UpdateQueryNode':
      return named(node.table);
    case 'InsertQueryNode':
      return named(node.into);
    case 'DeleteQueryNode':
      return named(node.from.froms[0]);
    case 'SelectQueryNode':
      return named(node.from?.froms[0]);
    case 'RawNode':
      return named(node.parameters[0]);
    default:
      return '';
  }
}

/** A raw statement's kind by its first word (`sql\`update ${sql.table(t)} …\``). */
function kindOf(node: RootOperationNode): Statement['kind'] {
  if (node.kind === 'RawNode') {
    const word = (node.sqlFragments[0] ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
    return (['select', 'insert', 'update', 'delete'] as const).find((k) => k === word) ?? 'other';
  }
  return KINDS[node.kind] ?? 'other';
}

const KINDS: Record<string, Statement['kind']> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};

/**
 * Records every statement the server sends through Kysely (kind and table), so a test can say how
 * many statements a request took: "one UPDATE for the batch", "no query per row".
 */
export class StatementLog implements KyselyPlugin {
  readonly statements: Statement[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.statements.push({ kind: kindOf(args.node), table: tableOf(args.node) });
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  clear(): void {
    this.statements.length = 0;
  }

  count(kind: Statement['kind'], table: string): number {
    return this.statements.filter((s) => s.kind === kind && s.table === table).length;
  }
}

/**
 * Holds the first statement of one kind on one table once it has run, until the test opens the
 * gate: a job can be caught between two batches (and its process stopped there).
 */
export class StatementGate implements KyselyPlugin {
  private target: Statement | null = null;
  private readonly held = new Set<unknown>();
  private reached: () => void = () => undefined;
  private opened: Promise<void> = Promise.resolve();
  private openGate: () => void = () => undefined;

  /** Arms the gate; `reached` settles once a matching statement is held. */
  arm(kind: Statement['kind'], table: string): { reached: Promise<void>; open: () => void } {
    this.target = { kind, table };
    const reached = new Promise<void>((resolve) => {
      this.reached = resolve;
    });
    this.opened = new Promise<void>((resolve) => {
      this.openGate = resolve;
    });
    return {
      reached,
      open: () => {
        this.target = null;
        this.openGate();
      },
    };
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const t = this.target;
    if (t && kindOf(args.node) === t.kind && tableOf(args.node) === t.table) {
      this.target = null;
      this.held.add(args.queryId);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.held.delete(args.queryId)) {
      this.reached();
      await this.opened;
    }
    return args.result;
  }
}
