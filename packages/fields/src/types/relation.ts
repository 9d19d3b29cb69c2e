import { type FieldType, isRecord, parseIdList } from '../definition.js';

interface RelationSettings {
  /** The related data table (of the same team). */
  schemaCode: string;
  multiple: boolean;
}

/** Links to records of another table, by id; the server checks they exist and may be seen. */
export const relation: FieldType<string[], RelationSettings> = {
  type: 'relation',
  label: { zh: '关联数据', en: 'Related records', jp: '関連データ' },
  storage: 'json',
  system: false,
  references: 'record',
  defaultSettings: { schemaCode: '', multiple: false },
  checkSettings(raw) {
    if (!isRecord(raw) || typeof raw.schemaCode !== 'string' || !/^[\w-]{1,64}$/.test(raw.schemaCode)) {
      return { ok: false, key: 'field.settings.invalid' };
    }
    return { ok: true, settings: { schemaCode: raw.schemaCode, multiple: raw.multiple === true } };
  },
  parse: (input, settings) => parseIdList(input, settings.multiple, 500),
  toStorage: (v) => (v === null ? null : JSON.stringify(v)),
  fromStorage: (raw) => (typeof raw === 'string' ? (JSON.parse(raw) as string[]) : null),
};
