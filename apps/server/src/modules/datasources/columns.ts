import { DataSourceLimits, type SourceColumn, type SyncFieldType } from '@canopy/contract';

/** A source column as a sync table's field gets it (the number field's precision among its settings). */
export interface ColumnSpec extends SourceColumn {
  precision: number;
}

const INTEGER = new Set([
  'int2',
  'int4',
  'int8',
  'oid',
  'smallint',
  'integer',
  'bigint',
  'int',
  'tinyint',
  'mediumint',
  'year',
]);
const DECIMAL = new Set([
  'numeric',
  'decimal',
  'float4',
  'float8',
  'real',
  'double precision',
  'double',
  'float',
  'money',
]);

/**
 * A database type name (PostgreSQL's `udt_name`, MySQL's `DATA_TYPE`) as a field type. `length`: a
 * character type's limit (short ones are single-line text); `scale`: a decimal's digits; `bit1`:
 * MySQL's tinyint(1), its boolean.
 */
export function mapDatabaseType(
  name: string,
  opts: { length?: number | null; scale?: number | null; bit1?: boolean } = {},
): ColumnSpec {
  const type = name.toLowerCase();
  const col = (fieldType: SyncFieldType, precision = 0): ColumnSpec => ({
    name: '',
    sourceType: type,
    fieldType,
    precision,
  });
  if (type === 'bool' || type === 'boolean' || opts.bit1 || type === 'bit') return col('checkbox');
  if (INTEGER.has(type)) return col('number', 0);
  if (DECIMAL.has(type)) {
    const scale = opts.scale ?? null;
    return col('number', scale !== null && scale >= 0 && scale <= 8 ? scale : 4);
  }
  if (type === 'date') return col('date');
  if (type.startsWith('timestamp') || type === 'datetime') return col('datetime');
  const short = opts.length !== null && opts.length !== undefined && opts.length > 0 && opts.length <= 500;
  if (['varchar', 'bpchar', 'char', 'character varying', 'character', 'uuid', 'name', 'enum'].includes(type))
    return col(short || type === 'uuid' || type === 'name' || type === 'enum' ? 'text' : 'textarea');
  return col('textarea');
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** Columns of JSON objects: every key in order of first appearance, typed by the values seen. */
export function inferJsonColumns(rows: Record<string, unknown>[]): ColumnSpec[] {
  const seen = new Map<string, unknown[]>();
  for (const row of rows.slice(0, 500)) {
    for (const [k, v] of Object.entries(row)) {
      if (!seen.has(k)) {
        if (seen.size >= DataSourceLimits.columns) continue;
        seen.set(k, []);
      }
      if (v !== null && v !== undefined) seen.get(k)?.push(v);
    }
  }
  return [...seen].map(([name, values]) => ({ name, ...inferValues(values) }));
}

function inferValues(values: unknown[]): Omit<ColumnSpec, 'name'> {
  if (!values.length) return { sourceType: 'null', fieldType: 'text', precision: 0 };
  if (values.every((v) => typeof v === 'boolean'))
    return { sourceType: 'boolean', fieldType: 'checkbox', precision: 0 };
  if (values.every((v) => typeof v === 'number')) {
    const decimals = Math.max(...values.map((v) => (String(v).split('.')[1] ?? '').length));
    return { sourceType: 'number', fieldType: 'number', precision: Math.min(decimals, 8) };
  }
  if (values.every((v) => typeof v === 'string')) {
    const strings = values as string[];
    if (strings.every((v) => DATE.test(v))) return { sourceType: 'string', fieldType: 'date', precision: 0 };
    if (strings.every((v) => DATETIME.test(v) && !Number.isNaN(Date.parse(v))))
      return { sourceType: 'string', fieldType: 'datetime', precision: 0 };
    const long = strings.some((v) => v.length > 500 || v.includes('\n'));
    return { sourceType: 'string', fieldType: long ? 'textarea' : 'text', precision: 0 };
  }
  return { sourceType: typeof values[0] === 'object' ? 'object' : 'mixed', fieldType: 'textarea', precision: 0 };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A source value as the field's stored column value (physical.ts): text as text, numbers as
 * numbers, checkboxes 1/0, dates 'YYYY-MM-DD', date-times epoch milliseconds; what cannot be read
 * as the type is left empty rather than failing the sync.
 */
export function toStored(fieldType: SyncFieldType, v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  switch (fieldType) {
    case 'text':
    case 'textarea': {
      const s =
        v instanceof Date
          ? v.toISOString()
          : typeof v === 'object' && !Buffer.isBuffer(v)
            ? JSON.stringify(v)
            : Buffer.isBuffer(v)
              ? v.toString('utf8')
              : String(v);
      const limit = fieldType === 'text' ? 500 : 20_000;
      const trimmed = fieldType === 'text' ? s.trim() : s;
      return [...trimmed].length > limit ? [...trimmed].slice(0, limit).join('') : trimmed;
    }
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : Number(String(v).trim());
      return Number.isFinite(n) && String(v).trim() !== '' ? n : null;
    }
    case 'checkbox': {
      if (typeof v === 'boolean') return v ? 1 : 0;
      if (Buffer.isBuffer(v)) return v[0] ? 1 : 0;
      const s = String(v).trim().toLowerCase();
      if (['1', 't', 'true', 'y', 'yes', 'on'].includes(s)) return 1;
      if (['0', 'f', 'false', 'n', 'no', 'off'].includes(s)) return 0;
      return null;
    }
    case 'date': {
      if (v instanceof Date)
        return Number.isNaN(v.getTime())
          ? null
          : `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
      const s = String(v).slice(0, 10);
      return DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) ? s : null;
    }
    case 'datetime': {
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.getTime();
      if (typeof v === 'number') return v;
      const s = String(v).trim();
      // Without a zone a source's date-time is read as UTC.
      const t = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(s) ? s.replace(' ', 'T') : `${s.replace(' ', 'T')}Z`);
      return Number.isNaN(t) ? null : t;
    }
  }
}

/** A value for a preview (what the wizard shows): dates as ISO text, objects as JSON. */
export function previewValue(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  if (typeof v === 'bigint') return v.toString();
  return v;
}
