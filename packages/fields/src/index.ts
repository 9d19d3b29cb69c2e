import type { FieldType } from './definition.js';
import { checkbox, multiSelect, singleSelect } from './types/choice.js';
import { date, datetime } from './types/date.js';
import { attachment, image } from './types/files.js';
import { formula } from './types/formula.js';
import { lookup } from './types/lookup.js';
import { money, number, percent } from './types/number.js';
import { department, member } from './types/people.js';
import { relation } from './types/relation.js';
import { location, richText } from './types/rich.js';
import { makeSubTable } from './types/subtable.js';
import { autoNumber, createdAt, createdBy, modifiedAt, modifiedBy } from './types/system.js';
import { email, phone, text, textarea, url } from './types/text.js';

export * from './defaults.js';
export * from './definition.js';
export * from './formula/index.js';
export type { SelectOption } from './types/choice.js';
export type { FileRef } from './types/files.js';
export type { Location } from './types/rich.js';
export type { SubField, SubRow } from './types/subtable.js';

/** Every field type, by its type name. Adding a type is adding its file and one line here. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds types of different value shapes
export const FieldTypes: Record<string, FieldType<any, any>> = Object.fromEntries(
  [
    text,
    textarea,
    richText,
    number,
    money,
    percent,
    date,
    datetime,
    singleSelect,
    multiSelect,
    checkbox,
    phone,
    email,
    url,
    member,
    department,
    location,
    attachment,
    image,
    relation,
    formula,
    lookup,
    autoNumber,
    createdBy,
    createdAt,
    modifiedBy,
    modifiedAt,
  ].map((t) => [t.type, t]),
);

export function fieldType(type: string): FieldType<unknown, object> | undefined {
  // Own keys only: a client's `constructor` or `__proto__` is no type.
  return Object.hasOwn(FieldTypes, type) ? FieldTypes[type] : undefined;
}

// Registered after the others: its rows are checked with the types above.
const subTable = makeSubTable(fieldType);
FieldTypes[subTable.type] = subTable;
