import type { SelectOption } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import type { SchemaContext } from '../schema-context/context.js';

type Display = (value: unknown) => string;

/** A field's values as a person reads them in a title: option labels, file names, an address. */
function displayOf(field: FieldsTable): Display {
  const options = (JSON.parse(field.settings) as { options?: SelectOption[] }).options ?? [];
  const labels = new Map(options.map((o) => [o.id, o.label]));
  const one = (v: unknown): string => {
    if (v && typeof v === 'object') {
      const o = v as { name?: string; address?: string };
      return o.name ?? o.address ?? '';
    }
    return labels.get(v as string) ?? String(v);
  };
  return (value) =>
    value === null || value === undefined ? '' : Array.isArray(value) ? value.map(one).join('、') : one(value);
}

type TitleOf = (data: Record<string, unknown>) => string;

/**
 * Title makers compiled once per fields list and title setting (the schema context keeps one fields
 * list per table version), not per record: the format is split once and each field's option labels
 * are parsed once.
 */
const makers = new WeakMap<readonly FieldsTable[], Map<string, TitleOf>>();

function compileTitle(fields: readonly FieldsTable[], format: string | null, titleField: string | null): TitleOf {
  const live = fields.filter((f) => f.deleted_at === null);
  if (format) {
    const byName = new Map(live.map((f) => [f.name, f]));
    const parts: (string | { code: string; display: Display })[] = [];
    let at = 0;
    for (const m of format.matchAll(/\{([^}]+)\}/g)) {
      parts.push(format.slice(at, m.index));
      const field = byName.get(m[1] as string);
      if (field) parts.push({ code: field.code, display: displayOf(field) });
      at = m.index + m[0].length;
    }
    parts.push(format.slice(at));
    return (data) => {
      let title = '';
      for (const p of parts) title += typeof p === 'string' ? p : p.display(data[p.code]);
      return title;
    };
  }
  const field = live.find((f) => f.code === titleField) ?? live.find((f) => f.type === 'text');
  if (!field) return () => '';
  const display = displayOf(field);
  return (data) => display(data[field.code]);
}

/**
 * The record's title: the table's title format with `{字段名}` placeholders filled in, else its title
 * field, else the first text field; never empty (falls back to the record id).
 */
export function recordTitle(ctx: SchemaContext, data: Record<string, unknown>, id: string): string {
  let bySetting = makers.get(ctx.fields);
  if (!bySetting) {
    bySetting = new Map();
    makers.set(ctx.fields, bySetting);
  }
  const format = ctx.schema.title_format || null;
  const titleField = ctx.schema.title_field_code ?? null;
  const key = `${format ?? ''}\u0000${titleField ?? ''}`;
  let titleOf = bySetting.get(key);
  if (!titleOf) {
    titleOf = compileTitle(ctx.fields, format, titleField);
    if (bySetting.size > 50) bySetting.clear();
    bySetting.set(key, titleOf);
  }
  return titleOf(data).trim() || id;
}
