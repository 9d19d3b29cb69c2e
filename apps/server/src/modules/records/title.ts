import type { SelectOption } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import type { SchemaContext } from '../schema-context/context.js';

/** A value as a person reads it in a title: option labels, file names, an address. */
function display(field: FieldsTable | undefined, value: unknown): string {
  if (value === null || value === undefined || !field) return '';
  const options = (JSON.parse(field.settings) as { options?: SelectOption[] }).options ?? [];
  const one = (v: unknown): string => {
    if (v && typeof v === 'object') {
      const o = v as { name?: string; address?: string };
      return o.name ?? o.address ?? '';
    }
    return options.find((x) => x.id === v)?.label ?? String(v);
  };
  return Array.isArray(value) ? value.map(one).join('、') : one(value);
}

/**
 * The record's title: the table's title format with `{字段名}` placeholders filled in, else its title
 * field, else the first text field; never empty (falls back to the record id).
 */
export function recordTitle(ctx: SchemaContext, data: Record<string, unknown>, id: string): string {
  const live = ctx.fields.filter((f) => f.deleted_at === null);
  const byName = new Map(live.map((f) => [f.name, f]));
  let title = '';
  if (ctx.schema.title_format) {
    title = ctx.schema.title_format.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const field = byName.get(name);
      return field ? display(field, data[field.code]) : '';
    });
  } else {
    const field = live.find((f) => f.code === ctx.schema.title_field_code) ?? live.find((f) => f.type === 'text');
    title = field ? display(field, data[field.code]) : '';
  }
  return title.trim() || id;
}
