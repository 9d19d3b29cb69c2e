import { randomBytes } from 'node:crypto';
import type { FieldInfo } from '@canopy/contract';
import { type FieldType, fieldType, type SelectOption } from '@canopy/fields';
import { type Kysely, sql } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import { appError, requireEdit } from '../apps/access.js';
import type { SchemaContext } from '../schema-context/context.js';
import { addPhysicalColumn, columnNameFor } from './physical.js';
import { toFieldInfo } from './service.js';

// biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
type DynamicDb = Kysely<any>;
const CHUNK = 500;
const LIST_LIMIT = 100;

/** A value of the old type as input for the new one: options by label, lists joined, flags as words. */
function asInput(value: unknown, from: FieldsTable, to: FieldType<unknown, object>, toSettings: object): unknown {
  const options = (JSON.parse(from.settings) as { options?: SelectOption[] }).options ?? [];
  const label = (id: unknown) => options.find((o) => o.id === id)?.label ?? id;
  let v = value;
  if (from.type === 'singleSelect') v = label(v);
  if (from.type === 'multiSelect' && Array.isArray(v)) v = v.map(label);
  const targetOptions = (toSettings as { options?: SelectOption[] }).options ?? [];
  const idOf = (x: unknown) => targetOptions.find((o) => o.label === x || o.id === x)?.id ?? x;
  if (to.type === 'singleSelect') return Array.isArray(v) ? (v.length === 1 ? idOf(v[0]) : v) : idOf(v);
  if (to.type === 'multiSelect') return (Array.isArray(v) ? v : v === null ? [] : [v]).map(idOf);
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'boolean' && to.storage === 'text') return v ? '是' : '否';
  if (typeof v === 'number' && to.storage === 'text') return String(v);
  return v;
}

/**
 * Changes a field's type under existing data. Every value is converted by the new type's own rules;
 * values that do not convert are listed and nothing changes unless the designer insists. The old
 * column stays in place (a backup); the field moves to a new column written in chunks.
 */
export async function changeFieldType(
  db: Kysely<Database>,
  ctx: SchemaContext,
  fieldCode: string,
  input: { type: string; settings?: Record<string, unknown>; force?: boolean },
): Promise<{
  applied: boolean;
  converted: number;
  lostRows: { id: string; value: unknown }[];
  lostCount: number;
  field: FieldInfo;
}> {
  requireEdit(ctx.access);
  const field = ctx.fields.find((f) => f.code === fieldCode && f.deleted_at === null);
  if (!field) throw appError(404, 'field.notFound');
  const from = fieldType(field.type);
  const to = fieldType(input.type);
  if (!from?.storage || from.system) throw new FieldValidationError([{ field: 'type', key: 'field.unknownType' }]);
  if (!to?.storage || to.system || to.references === 'record')
    throw new FieldValidationError([{ field: 'type', key: 'field.unknownType' }]);
  const checked = to.checkSettings(input.settings ?? to.defaultSettings);
  if (!checked.ok) throw new FieldValidationError([{ field: 'settings', key: checked.key }]);
  const fromSettings = JSON.parse(field.settings) as object;
  const table = ctx.schema.table_name;
  const dyn = db as DynamicDb;

  const converted = new Map<string, unknown>();
  const lostRows: { id: string; value: unknown }[] = [];
  let lostCount = 0;
  // Keyset over ids: a big table is read in chunks, never all at once.
  for (let after = ''; ; ) {
    const rows = (await dyn
      .selectFrom(table)
      .select(['id', `${field.column_name} as v`])
      .where('engine_code', '=', ctx.schema.engine_code)
      .where('id', '>', after)
      .orderBy('id')
      .limit(CHUNK)
      .execute()) as { id: string; v: unknown }[];
    for (const row of rows) {
      const old = from.fromStorage(row.v, fromSettings);
      if (old === null) continue;
      const result = to.parse(asInput(old, field, to, checked.settings), checked.settings);
      if (result.ok && result.value !== null) converted.set(row.id, to.toStorage(result.value, checked.settings));
      else {
        lostCount += 1;
        if (lostRows.length < LIST_LIMIT) lostRows.push({ id: row.id, value: old });
      }
    }
    if (rows.length < CHUNK) break;
    after = rows.at(-1)?.id ?? after;
  }
  if (lostCount && !input.force) {
    return { applied: false, converted: converted.size, lostRows, lostCount, field: toFieldInfo(field) };
  }

  const column = columnNameFor(`${field.code}_${randomBytes(2).toString('hex')}`);
  const updated: FieldsTable = {
    ...field,
    type: to.type,
    settings: JSON.stringify(checked.settings),
    column_name: column,
  };
  await db.transaction().execute(async (trx) => {
    await addPhysicalColumn(trx, table, column, to.storage as NonNullable<typeof to.storage>, field.unique_flag === 1);
    const entries = [...converted];
    for (let i = 0; i < entries.length; i += CHUNK) {
      const chunk = entries.slice(i, i + CHUNK);
      await (trx as DynamicDb)
        .updateTable(table)
        .set({
          // `else` names the column so PostgreSQL types the parameters by it.
          [column]: sql`case id ${sql.join(
            chunk.map(([id, v]) => sql`when ${id} then ${v}`),
            sql` `,
          )} else ${sql.ref(column)} end`,
        })
        .where(
          'id',
          'in',
          chunk.map(([id]) => id),
        )
        .execute();
    }
    await trx
      .updateTable('fields')
      .set({ type: updated.type, settings: updated.settings, column_name: column })
      .where('code', '=', field.code)
      .execute();
  });
  return { applied: true, converted: converted.size, lostRows, lostCount, field: toFieldInfo(updated) };
}
