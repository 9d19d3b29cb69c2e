import { IMPORTABLE_FIELD_TYPES } from '@canopy/contract';
import type { FieldsTable } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import type { SchemaContext } from '../schema-context/context.js';

/** Fields a column may fill for this member (visible, writable, of a type a cell can hold). */
export function importTargets(ctx: SchemaContext): FieldsTable[] {
  return ctx.fields.filter(
    (f) =>
      f.deleted_at === null &&
      IMPORTABLE_FIELD_TYPES.has(f.type) &&
      !ctx.rights.hidden.has(f.code) &&
      !ctx.rights.readonly.has(f.code),
  );
}

/** The upload's suggestion: columns whose header is a field's name map to it. */
export function suggestMapping(ctx: SchemaContext, columns: string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  const targets = importTargets(ctx);
  for (const column of columns) {
    const field = targets.find((f) => f.name === column.trim());
    if (field) mapping[column] = field.code;
  }
  return mapping;
}

/**
 * The member's mapping as the job keeps it: blank choices dropped, every column one of the sheet's
 * and every field one the member may fill (checked again at start: rights may have changed since
 * the upload), at least one column mapped.
 */
export function checkedMapping(
  ctx: SchemaContext,
  columns: string[],
  input: Record<string, string>,
): Record<string, string> {
  const targets = new Map(importTargets(ctx).map((f) => [f.code, f]));
  const mapping: Record<string, string> = {};
  for (const [column, code] of Object.entries(input)) {
    if (!code) continue;
    if (!columns.includes(column) || !targets.has(code))
      throw new FieldValidationError([{ field: column, key: 'import.badMapping', params: { column } }]);
    mapping[column] = code;
  }
  if (!Object.keys(mapping).length) throw new FieldValidationError([{ field: 'mapping', key: 'import.noMapping' }]);
  return mapping;
}
