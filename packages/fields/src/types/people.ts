import { type FieldType, isRecord, parseIdList } from '../definition.js';

interface PeopleSettings {
  multiple: boolean;
}

/** Members or departments of the team, by id; the server checks the ids belong to the team. */
function peopleType(
  type: string,
  label: FieldType['label'],
  references: 'member' | 'department',
): FieldType<string[], PeopleSettings> {
  return {
    type,
    label,
    storage: 'json',
    system: false,
    references,
    defaultSettings: { multiple: false },
    checkSettings: (raw) => ({ ok: true, settings: { multiple: isRecord(raw) && raw.multiple === true } }),
    parse: (input, settings) => parseIdList(input, settings.multiple, 200),
    toStorage: (v) => (v === null ? null : JSON.stringify(v)),
    fromStorage: (raw) => (typeof raw === 'string' ? (JSON.parse(raw) as string[]) : null),
  };
}

export const member = peopleType('member', { zh: '成员', en: 'Member', jp: 'メンバー' }, 'member');
export const department = peopleType('department', { zh: '部门', en: 'Department', jp: '部署' }, 'department');
