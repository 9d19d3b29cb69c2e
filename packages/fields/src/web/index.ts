import type { Language } from '@canopy/contract';
import { FieldTypes } from '../index.js';
import { advancedWebs } from './advanced.js';
import { choiceWebs } from './choice.js';
import { dateWebs } from './date.js';
import { fileWebs } from './files.js';
import { numberWebs } from './number.js';
import { peopleWebs } from './people.js';
import { relationWebs } from './relation.js';
import { makeSubTableWeb } from './subtable.js';
import { textWebs } from './text.js';
import type { FieldGroup, FieldWeb } from './types.js';

export { optionsOf } from './choice.js';
export { formatDateTime } from './date.js';
export { filesOf } from './files.js';
export { formatNumber } from './number.js';
export { plainText } from './relation.js';
export { subFieldsOf } from './subtable.js';
export * from './types.js';

let language: Language = 'zh';
/** The language type labels are shown in (the web app sets it when the user's language changes). */
export function setFieldLabelLanguage(next: Language): void {
  language = next;
}
export const fieldTypeLabel = (type: string): string => FieldTypes[type]?.label[language] ?? type;

/** The browser side of every field type, by type name. */
export const FieldWebs: Record<string, FieldWeb> = {
  ...textWebs,
  ...numberWebs,
  ...dateWebs,
  ...choiceWebs,
  ...peopleWebs,
  ...fileWebs,
  ...relationWebs,
  ...advancedWebs,
};
FieldWebs.subTable = makeSubTableWeb((type) => FieldWebs[type], fieldTypeLabel);

export const FIELD_GROUPS: FieldGroup[] = ['basic', 'choice', 'people', 'files', 'relation', 'advanced', 'system'];

/** Type names of a palette group, in registry order. */
export const typesInGroup = (group: FieldGroup): string[] =>
  Object.keys(FieldTypes).filter((type) => FieldWebs[type]?.group === group);
