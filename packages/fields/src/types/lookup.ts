import { bad, type FieldType, isRecord } from '../definition.js';

interface LookupSettings {
  /** A relation field of the same table. */
  relationFieldCode: string;
  /** The field of the related table whose values are shown. */
  targetFieldCode: string;
}

/**
 * Values of a related table's field, read through a relation when records are read (never stored),
 * and only when the reader may view the related table.
 */
export const lookup: FieldType<unknown[], LookupSettings> = {
  type: 'lookup',
  label: { zh: '查找引用', en: 'Lookup', jp: 'ルックアップ' },
  storage: null,
  system: true,
  defaultSettings: { relationFieldCode: '', targetFieldCode: '' },
  checkSettings(raw) {
    if (!isRecord(raw) || typeof raw.relationFieldCode !== 'string' || typeof raw.targetFieldCode !== 'string') {
      return { ok: false, key: 'field.settings.invalid' };
    }
    return { ok: true, settings: { relationFieldCode: raw.relationFieldCode, targetFieldCode: raw.targetFieldCode } };
  },
  parse: () => bad('record.systemField'),
  toStorage: () => null,
  fromStorage: () => null,
};
