import { fieldType } from '@canopy/fields';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { allows, type SchemaContext } from '../schema-context/context.js';
import type { MemberRows } from '../schema-context/permissions.js';
import type { TargetLoader } from './lookups.js';
import type { RecordRepository } from './repository.js';
import { queryEnv, type RecordWhere, scopeOnly } from './row-scope.js';
import { liveFields, settingsOf } from './validation.js';

/** Where this member's links of one relation may point: the related table within their row rule there. */
export interface RelationTarget {
  table: string;
  engineCode: string;
  /** The member's row rule on the related table (undefined: every record). */
  scope: RecordWhere | undefined;
}

/**
 * What writes on one context need to know besides the values: the member's row rule on the table
 * and, per related table, which records a link may name. Worked out once per context (a request, an
 * import, a workflow action) on the write's own connection: on SQLite a transaction holds the one
 * connection, so a query beside it would wait forever.
 */
export interface WritePlan {
  /** The records the member may edit: the rules of their roles allowed to edit. */
  scope: RecordWhere | undefined;
  /** The records the member may delete: the rules of their roles allowed to delete. */
  deleteScope: RecordWhere | undefined;
  /** Per related schema code; null when the member cannot view that table at all (no link may point there). */
  targets: Map<string, RelationTarget | null>;
}

async function scopeOf(
  ctx: SchemaContext,
  repo: RecordRepository,
  now: number,
  trx: Kysely<Database> | undefined,
  rows: MemberRows = ctx.rights.rows,
): Promise<RecordWhere | undefined> {
  if (rows.scope === 'all') return undefined;
  return scopeOnly(ctx, await queryEnv(ctx, repo, now, undefined, trx, rows), rows);
}

/**
 * Admin mode (a team administrator, or the workflow engine acting for a flow) links any record of the
 * team, as it reads any; everyone else only what their rights on the related table reach.
 */
async function targetOf(
  ctx: SchemaContext,
  code: string,
  repo: RecordRepository,
  loadTarget: TargetLoader,
  now: number,
  trx: Kysely<Database> | undefined,
): Promise<RelationTarget | null> {
  if (!code) return null;
  if (ctx.access.adminMode) {
    const table = await repo.tableOf(ctx.schema.engine_code, code, trx);
    return table ? { table, engineCode: ctx.schema.engine_code, scope: undefined } : null;
  }
  const target = await loadTarget(ctx, code, trx);
  if (!target || !allows(target, 'view')) return null;
  return {
    table: target.schema.table_name,
    engineCode: target.schema.engine_code,
    scope: await scopeOf(target, repo, now, trx),
  };
}

export async function buildWritePlan(
  ctx: SchemaContext,
  repo: RecordRepository,
  loadTarget: TargetLoader,
  now: number,
  trx?: Kysely<Database>,
): Promise<WritePlan> {
  const targets = new Map<string, RelationTarget | null>();
  for (const f of liveFields(ctx)) {
    if (fieldType(f.type)?.references !== 'record') continue;
    const code = (settingsOf(f) as { schemaCode?: string }).schemaCode ?? '';
    if (!targets.has(code)) targets.set(code, await targetOf(ctx, code, repo, loadTarget, now, trx));
  }
  return {
    scope: await scopeOf(ctx, repo, now, trx, ctx.rights.editRows),
    deleteScope: await scopeOf(ctx, repo, now, trx, ctx.rights.deleteRows),
    targets,
  };
}
