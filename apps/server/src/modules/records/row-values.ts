import { fieldType } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import type { RecordRow } from './repository.js';
import { settingsOf } from './validation.js';

type RowReader = (row: RecordRow) => Record<string, unknown>;

/**
 * Readers compiled once per fields list (the schema context keeps one list per table version): the
 * field type, its parsed settings and the column are looked up once, not for every value of every
 * row of a page (issue 15: a list's CPU went to per-value lookups).
 */
const readers = new WeakMap<readonly FieldsTable[], RowReader>();

function compileReader(fields: readonly FieldsTable[]): RowReader {
  const reads: { code: string; read: (row: RecordRow) => unknown }[] = [];
  for (const f of fields) {
    const type = fieldType(f.type);
    if (!type) continue;
    const column = f.column_name;
    const raw: (row: RecordRow) => unknown =
      f.type === 'createdBy'
        ? (row) => row.created_by
        : f.type === 'createdAt'
          ? (row) => new Date(Number(row.created_at)).toISOString()
          : f.type === 'modifiedBy'
            ? (row) => row.modified_by
            : f.type === 'modifiedAt'
              ? (row) => new Date(Number(row.modified_at)).toISOString()
              : (row) => row[column];
    if (type.storage === null) reads.push({ code: f.code, read: raw });
    else {
      const settings = settingsOf(f);
      reads.push({ code: f.code, read: (row) => type.fromStorage(raw(row), settings) });
    }
  }
  return (row) => {
    const data: Record<string, unknown> = {};
    for (const { code, read } of reads) data[code] = read(row);
    return data;
  };
}

/** A physical row's values by field code, as the field types read them (system fields from system columns). */
export function rowValues(fields: readonly FieldsTable[], row: RecordRow): Record<string, unknown> {
  let reader = readers.get(fields);
  if (!reader) {
    reader = compileReader(fields);
    readers.set(fields, reader);
  }
  return reader(row);
}
