import type { RecordItem } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import { allows, type SchemaContext } from '../schema-context/context.js';
import type { RecordRepository, RecordRow } from './repository.js';
import { queryEnv, scopeOnly } from './row-scope.js';

/** A related table as this member sees it; inside a transaction pass it (`trx`). */
export type TargetLoader = (
  ctx: SchemaContext,
  schemaCode: string,
  trx?: Kysely<Database>,
) => Promise<SchemaContext | null>;

interface LookupSettings {
  relationFieldCode: string;
  targetFieldCode: string;
}

/**
 * Fills lookup fields of many records at once: per related table one query for all the ids the
 * records point at, and nothing at all from a table the reader may not view (no leak through links).
 */
export async function fillLookups(
  ctx: SchemaContext,
  items: RecordItem[],
  loadTarget: TargetLoader,
  repo: RecordRepository,
  toItem: (target: SchemaContext, row: RecordRow) => RecordItem,
  now: number,
): Promise<void> {
  const lookups = ctx.fields.filter((f) => f.type === 'lookup' && f.deleted_at === null);
  if (!lookups.length || !items.length) return;
  const relations = new Map(ctx.fields.map((f) => [f.code, f]));
  const targets = new Map<string, { target: SchemaContext | null; rows: Map<string, RecordItem> }>();
  for (const lookup of lookups) {
    const settings = JSON.parse(lookup.settings) as LookupSettings;
    const relation: FieldsTable | undefined = relations.get(settings.relationFieldCode);
    const schemaCode = relation ? (JSON.parse(relation.settings) as { schemaCode: string }).schemaCode : '';
    if (!targets.has(schemaCode)) {
      const target = schemaCode ? await loadTarget(ctx, schemaCode) : null;
      targets.set(schemaCode, { target: target && allows(target, 'view') ? target : null, rows: new Map() });
    }
    const entry = targets.get(schemaCode);
    const target = entry?.target;
    // The target's own rules for this member: a hidden field looks up nothing, and a record outside
    // the member's row rule there is skipped as if unlinked.
    if (!relation || !target || !entry || target.rights.hidden.has(settings.targetFieldCode)) {
      for (const item of items) item.data[lookup.code] = null;
      continue;
    }
    const ids = [...new Set(items.flatMap((i) => (i.data[relation.code] as string[] | null) ?? []))].filter(
      (id) => !entry.rows.has(id),
    );
    if (ids.length) {
      const scope =
        target.rights.rows.scope === 'all' ? undefined : scopeOnly(target, await queryEnv(target, repo, now));
      for (const row of await repo.findMany(target.schema.table_name, target.schema.engine_code, ids, scope)) {
        entry.rows.set(row.id, toItem(target, row));
      }
    }
    const targetField = target.fields.find((f) => f.code === settings.targetFieldCode);
    for (const item of items) {
      const linked = (item.data[relation.code] as string[] | null) ?? [];
      item.data[lookup.code] = linked
        .map((id) => entry.rows.get(id)?.data[settings.targetFieldCode])
        .filter((v) => v !== undefined && v !== null);
    }
    if (targetField) await showAsText(ctx, targetField, lookup.code, items, repo);
  }
}

const PEOPLE = new Set(['member', 'createdBy', 'modifiedBy']);

/**
 * A lookup answers what the related records show, not their stored ids: a choice's label, a
 * member's or department's name, a file's name. Its values are read-only text to every reader
 * (grid, detail, exports, print, formulas, the open API), who may not see the related table's
 * options or the team's directory in that table's terms. One query per kind of name for all items.
 */
async function showAsText(
  ctx: SchemaContext,
  target: FieldsTable,
  code: string,
  items: RecordItem[],
  repo: RecordRepository,
): Promise<void> {
  const values = (item: RecordItem) => ((item.data[code] as unknown[] | null) ?? []).flat();
  let name: ((v: unknown) => unknown) | null = null;
  if (target.type === 'singleSelect' || target.type === 'multiSelect') {
    const options = (JSON.parse(target.settings) as { options?: { id: string; label: string }[] }).options ?? [];
    const labels = new Map(options.map((o) => [o.id, o.label]));
    name = (v) => labels.get(String(v));
  } else if (PEOPLE.has(target.type) || target.type === 'department') {
    const ids = [...new Set(items.flatMap(values).map(String))];
    const names = ids.length
      ? target.type === 'department'
        ? await repo.departmentNames(ctx.schema.engine_code, ids)
        : await repo.memberNames(ctx.schema.engine_code, ids)
      : new Map<string, string>();
    name = (v) => names.get(String(v));
  } else if (target.type === 'attachment' || target.type === 'image') {
    name = (v) => (v && typeof v === 'object' ? (v as { name?: unknown }).name : undefined);
  }
  if (!name) return;
  const show = name;
  for (const item of items)
    item.data[code] = values(item)
      .map((v) => show(v))
      .filter((v) => v !== undefined && v !== null && v !== '');
}
