import { bad, type FieldType, isEmpty, isRecord, ok, randomId } from '../definition.js';

export interface SubField {
  code: string;
  name: string;
  type: string;
  settings: object;
  required: boolean;
  /** Shown but not editable here (a flow node's column rule; never stored). */
  readOnly?: boolean;
}

interface SubTableSettings {
  fields: SubField[];
}

export type SubRow = { id: string } & Record<string, unknown>;

/** Column types a sub-table row may hold: plain values, edited inline in the form. */
const SUB_TYPES = new Set([
  'text',
  'textarea',
  'number',
  'money',
  'percent',
  'date',
  'datetime',
  'singleSelect',
  'multiSelect',
  'checkbox',
  'phone',
  'email',
  'url',
]);
const MAX_ROWS = 500;

/**
 * Child rows with their own fields, kept with the record (one write, one version) and validated
 * row by row with the same field types as top-level fields.
 */
export function makeSubTable(
  resolve: (type: string) => FieldType<unknown, object> | undefined,
): FieldType<SubRow[], SubTableSettings> {
  return {
    type: 'subTable',
    label: { zh: '子表单', en: 'Sub-table', jp: 'サブテーブル' },
    storage: 'json',
    system: false,
    defaultSettings: { fields: [] },
    checkSettings(raw) {
      const list = isRecord(raw) && Array.isArray(raw.fields) ? raw.fields : [];
      const fields: SubField[] = [];
      for (const f of list) {
        if (
          !isRecord(f) ||
          typeof f.code !== 'string' ||
          !/^[\w-]{1,36}$/.test(f.code) ||
          typeof f.name !== 'string' ||
          !f.name.trim()
        ) {
          return { ok: false, key: 'field.settings.invalid' };
        }
        const type = typeof f.type === 'string' && SUB_TYPES.has(f.type) ? resolve(f.type) : undefined;
        if (!type) return { ok: false, key: 'field.settings.invalid' };
        const checked = type.checkSettings(f.settings ?? type.defaultSettings);
        if (!checked.ok) return checked;
        fields.push({
          code: f.code,
          name: f.name.trim().slice(0, 64),
          type: type.type,
          settings: checked.settings,
          required: f.required === true,
        });
      }
      if (!fields.length || fields.length > 50 || new Set(fields.map((f) => f.code)).size !== fields.length) {
        return { ok: false, key: 'field.settings.invalid' };
      }
      return { ok: true, settings: { fields } };
    },
    parse(input, settings) {
      if (isEmpty(input)) return ok(null);
      if (!Array.isArray(input)) return bad('validate.type');
      if (input.length > MAX_ROWS) return bad('validate.maxLength', { limit: MAX_ROWS });
      const rows: SubRow[] = [];
      for (const [index, raw] of input.entries()) {
        if (!isRecord(raw)) return bad('validate.type');
        const row: SubRow = { id: typeof raw.id === 'string' && /^[\w-]{1,64}$/.test(raw.id) ? raw.id : randomId() };
        for (const key of Object.keys(raw)) {
          if (key !== 'id' && !settings.fields.some((f) => f.code === key))
            return bad('field.subtable.invalid', { row: index + 1, column: key });
        }
        for (const f of settings.fields) {
          const result = resolve(f.type)?.parse(raw[f.code], f.settings);
          if (!result?.ok || (f.required && result.value === null))
            return bad('field.subtable.invalid', { row: index + 1, column: f.name });
          row[f.code] = result.value;
        }
        rows.push(row);
      }
      return ok(rows);
    },
    toStorage: (v) => (v === null ? null : JSON.stringify(v)),
    fromStorage: (raw) => (typeof raw === 'string' ? (JSON.parse(raw) as SubRow[]) : null),
  };
}
