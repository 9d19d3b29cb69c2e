import type { FieldInfo, RecordItem } from '@canopy/contract';

/** A field as the server describes it, for unit tests of the views' logic. */
export const testField = (code: string, type = 'text', extra: Partial<FieldInfo> = {}): FieldInfo => ({
  code,
  name: code,
  type,
  settings: {},
  required: false,
  unique: false,
  description: '',
  defaultValue: null,
  system: false,
  deleted: false,
  ...extra,
});

/** A record holding `data`, for unit tests. */
export const testRecord = (id: string, data: Record<string, unknown>): RecordItem => ({
  id,
  title: id,
  version: 1,
  createdBy: '',
  createdAt: 0,
  modifiedBy: '',
  modifiedAt: 0,
  data,
});

export const systemNames = { createdAt: '创建时间', modifiedAt: '修改时间', createdBy: '创建人', modifiedBy: '修改人' };
