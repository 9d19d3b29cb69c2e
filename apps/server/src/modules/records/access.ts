import { ErrorCode, SchemaTag, type ServerMessageKey, type TableAction } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { allows, type SchemaContext } from '../schema-context/context.js';
import type { RecordRepository, RecordRow } from './repository.js';
import type { RecordWhere } from './row-scope.js';

/** What a member without the right is told, per action. */
export const DENIED = {
  add: 'record.noAdd',
  view: 'record.noView',
  edit: 'record.noEdit',
  delete: 'record.noDelete',
  import: 'record.noImport',
  export: 'record.noExport',
  print: 'record.noPrint',
} as const satisfies Record<TableAction, ServerMessageKey>;

/** 404 数据已被删除: the record is gone. */
export const recordDeleted = () => new AppError(404, ErrorCode.notFound, 'record.deleted');
/** 409: the record changed since the version the caller read. */
export const recordConflict = () => new AppError(409, ErrorCode.conflict, 'record.conflict');

/** Refuses an action the member's app role does not grant on this table (403 with the action's message). */
export function requireRight(ctx: SchemaContext, action: TableAction): void {
  // A sync table's records change only by syncing (datasources module): refused for everyone.
  if (ctx.schema.tag === SchemaTag.sync && action !== 'view' && action !== 'export' && action !== 'print')
    throw new AppError(403, ErrorCode.forbidden, 'record.syncReadOnly');
  if (!allows(ctx, action)) throw new AppError(403, ErrorCode.forbidden, DENIED[action]);
}

/**
 * A record this member's row rule (`scope`) reaches. One outside the rule is refused as not
 * permitted (the action's own message); one that is gone is 数据已被删除.
 */
export async function reachableRow(
  repo: RecordRepository,
  ctx: SchemaContext,
  id: string,
  action: TableAction,
  scope: RecordWhere | undefined,
  trx?: Kysely<Database>,
): Promise<RecordRow> {
  const row = await repo.find(ctx.schema.table_name, ctx.schema.engine_code, id, trx, scope);
  if (row) return row;
  if (scope && (await repo.find(ctx.schema.table_name, ctx.schema.engine_code, id, trx))) {
    throw new AppError(403, ErrorCode.forbidden, DENIED[action]);
  }
  throw recordDeleted();
}
