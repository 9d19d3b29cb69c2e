import { bad, type FieldType, isRecord } from '../definition.js';

/** Values the server sets; clients may read but never write them. */
function systemType(type: string, label: FieldType['label']): FieldType<string, object> {
  return {
    type,
    label,
    storage: null,
    system: true,
    defaultSettings: {},
    checkSettings: () => ({ ok: true, settings: {} }),
    parse: () => bad('record.systemField'),
    toStorage: () => null,
    fromStorage: (raw) => (raw === null || raw === undefined ? null : String(raw)),
  };
}

export const createdBy = systemType('createdBy', { zh: '创建人', en: 'Created by', jp: '作成者' });
export const createdAt = systemType('createdAt', { zh: '创建时间', en: 'Created at', jp: '作成日時' });
export const modifiedBy = systemType('modifiedBy', { zh: '修改人', en: 'Modified by', jp: '更新者' });
export const modifiedAt = systemType('modifiedAt', { zh: '修改时间', en: 'Modified at', jp: '更新日時' });

interface AutoNumberSettings {
  prefix: string;
  digits: number;
}

/** A per-table sequence, stored as the number; shown with its prefix and zero padding. */
export const autoNumber: FieldType<string, AutoNumberSettings> = {
  type: 'autoNumber',
  label: { zh: '流水号', en: 'Auto number', jp: '連番' },
  storage: 'bigint',
  system: true,
  defaultSettings: { prefix: '', digits: 4 },
  checkSettings(raw) {
    const s = isRecord(raw) ? raw : {};
    const prefix = typeof s.prefix === 'string' ? s.prefix : '';
    const digits = s.digits === undefined ? 4 : Number(s.digits);
    if (prefix.length > 20 || !Number.isInteger(digits) || digits < 1 || digits > 12)
      return { ok: false, key: 'field.settings.invalid' };
    return { ok: true, settings: { prefix, digits } };
  },
  parse: () => bad('record.systemField'),
  toStorage: () => null,
  fromStorage: (raw, settings) =>
    raw === null || raw === undefined ? null : `${settings.prefix}${String(raw).padStart(settings.digits, '0')}`,
};
