import { fieldType } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import type { RecordRow } from './repository.js';
import { settingsOf } from './validation.js';

/** A physical row's values by field code, as the field types read them (system fields from system columns). */
export function rowValues(fields: FieldsTable[], row: RecordRow): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of fields) {
    const type = fieldType(f.type);
    if (!type) continue;
    const raw =
      f.type === 'createdBy'
        ? row.created_by
        : f.type === 'createdAt'
          ? new Date(Number(row.created_at)).toISOString()
          : f.type === 'modifiedBy'
            ? row.modified_by
            : f.type === 'modifiedAt'
              ? new Date(Number(row.modified_at)).toISOString()
              : row[f.column_name];
    data[f.code] = type.storage === null ? raw : type.fromStorage(raw, settingsOf(f));
  }
  return data;
}
