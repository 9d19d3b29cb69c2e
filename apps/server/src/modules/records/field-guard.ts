import type { RecordItem } from '@canopy/contract';
import { type DefaultEnv, fieldType } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import { type FieldProblem, FieldValidationError } from '../../http/app-error.js';
import type { SchemaContext } from '../schema-context/context.js';
import { recordTitle } from './title.js';
import { fieldDefault, settingsOf } from './validation.js';

/** A new record's default of a field, as its type normalises it (what the form shows and sends back). */
function parsedDefault(field: FieldsTable, env: DefaultEnv | null): unknown {
  const input = fieldDefault(field, env);
  const parsed = fieldType(field.type)?.parse(input, settingsOf(field));
  return parsed?.ok ? parsed.value : input;
}

/**
 * A record as this member may see it: hidden fields are gone, and the title is worked out again
 * without them (a title built from a hidden field would show it).
 */
export function presentRecord(ctx: SchemaContext, item: RecordItem): RecordItem {
  const hidden = ctx.rights.hidden;
  if (!hidden.size) return item;
  const data: Record<string, unknown> = {};
  for (const [code, value] of Object.entries(item.data)) if (!hidden.has(code)) data[code] = value;
  return { ...item, data, title: recordTitle(ctx, data, item.id) };
}

/**
 * Fields a member may not write: hidden ones do not exist for them, read-only ones keep their value.
 * Compared after parsing, so a form sending a read-only field's current value (or, for a new record,
 * its default) back unchanged is fine.
 */
export function guardWrite(
  ctx: SchemaContext,
  given: string[],
  parsed: Record<string, unknown>,
  current: Record<string, unknown> | null,
  /** Who creates the record and when: its dynamic defaults (a new record only). */
  env: DefaultEnv | null = null,
): void {
  const { hidden, readonly } = ctx.rights;
  if (!hidden.size && !readonly.size) return;
  const problems: FieldProblem[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  for (const code of given) {
    const field = ctx.fields.find((f) => f.code === code);
    if (hidden.has(code)) problems.push({ field: code, key: 'validate.unknown' });
    else if (readonly.has(code)) {
      const before = current ? current[code] : field ? parsedDefault(field, env) : null;
      if (!same(parsed[code], before) && !(current === null && parsed[code] === null))
        problems.push({ field: code, key: 'record.fieldReadonly', ...(field ? { label: field.name } : {}) });
    }
  }
  if (problems.length) throw new FieldValidationError(problems);
}

/** A change-history entry without the fields this member cannot see. */
export function visibleChanges<T extends { field: string }>(ctx: SchemaContext, changes: T[]): T[] {
  return ctx.rights.hidden.size ? changes.filter((c) => !ctx.rights.hidden.has(c.field)) : changes;
}
