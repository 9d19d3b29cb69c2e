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
import type { FieldEditing, FieldGroup, FieldWeb } from './types.js';
import { FieldViews, fieldTypeLabel } from './view.js';

export * from './view.js';

const editing: Record<string, FieldEditing> = {
  ...textWebs,
  ...numberWebs,
  ...dateWebs,
  ...choiceWebs,
  ...peopleWebs,
  ...fileWebs,
  ...relationWebs,
  ...advancedWebs,
};
editing.subTable = makeSubTableWeb((type) => editing[type], fieldTypeLabel);

const Nothing: FieldWeb['View'] = () => null;

/** The browser side of every field type, by type name: its designer and editor here, its view from views.tsx. */
export const FieldWebs: Record<string, FieldWeb> = Object.fromEntries(
  Object.entries(editing).map(([type, web]) => [type, { ...web, View: FieldViews[type] ?? Nothing }]),
);

export const FIELD_GROUPS: FieldGroup[] = ['basic', 'choice', 'people', 'files', 'relation', 'advanced', 'system'];

/** Type names of a palette group, in registry order. */
export const typesInGroup = (group: FieldGroup): string[] =>
  Object.keys(FieldTypes).filter((type) => FieldWebs[type]?.group === group);
