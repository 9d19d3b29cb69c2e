import type { RecordItem } from '@canopy/contract';
import type { SchemaContext } from '../schema-context/context.js';
import type { RecordRow } from './repository.js';
import { rowValues } from './row-values.js';
import { recordTitle } from './title.js';
import { liveFields } from './validation.js';

/**
 * A record's physical row as the API's record item: the live fields' values, its title, version,
 * creator and modifier, flow state. Every value of the row, hidden fields too: what leaves the
 * server goes through presentRecord (field-guard.ts).
 */
export function recordItem(ctx: SchemaContext, row: RecordRow): RecordItem {
  const data = rowValues(liveFields(ctx), row);
  return {
    id: row.id,
    title: recordTitle(ctx, data, row.id),
    version: Number(row.version),
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    modifiedBy: row.modified_by,
    modifiedAt: Number(row.modified_at),
    data,
    flowState: row.wf_state === null || row.wf_state === undefined ? null : Number(row.wf_state),
    flowNode: typeof row.wf_node === 'string' ? row.wf_node : '',
  };
}
