import { dynamicDefaultsOf, FieldTypes } from '@canopy/fields';
import { FieldWebs, type ValueInputProps } from '@canopy/fields/web';
import type { ComponentType } from 'react';

/** Types whose value is computed, refers to other records or is a file: no default value. */
const NO_DEFAULT = new Set(['relation', 'lookup', 'formula', 'autoNumber', 'subTable', 'attachment', 'image']);
/** Members and departments default only to the creator (当前用户, 当前用户所在部门), never to fixed ones. */
const NO_FIXED_DEFAULT = new Set(['member', 'department']);

/** The editor of a fixed default for the type, if it takes one. */
export function fixedDefaultInput(type: string): ComponentType<ValueInputProps> | undefined {
  const web = FieldWebs[type];
  const open = FieldTypes[type]?.system !== true && !NO_DEFAULT.has(type) && web?.group !== 'system';
  return open && !NO_FIXED_DEFAULT.has(type) ? web?.Input : undefined;
}

/** Whether a field of the type has a default value to set (fixed, or 当前用户/今天… worked out on create). */
export function takesDefault(type: string): boolean {
  const web = FieldWebs[type];
  const open = FieldTypes[type]?.system !== true && !NO_DEFAULT.has(type) && web?.group !== 'system';
  return Boolean(fixedDefaultInput(type)) || (open && dynamicDefaultsOf(type).length > 0);
}

/** An empty input clears the default. */
export const emptyToNull = (v: unknown): unknown =>
  v === undefined || v === '' || (Array.isArray(v) && v.length === 0) ? null : v;
