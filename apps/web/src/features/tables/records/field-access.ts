import type { FormLayout } from '@canopy/contract';

/**
 * The designed form as this member may use it: fields the table hides from them leave it, fields
 * it makes read-only for them cannot be changed (the server refuses both anyway).
 */
export function withFieldAccess(layout: FormLayout, fieldAccess: Record<string, 'hidden' | 'readonly'>): FormLayout {
  if (!Object.keys(fieldAccess).length) return layout;
  return {
    ...layout,
    sections: layout.sections.map((section) => ({
      ...section,
      fields: section.fields.map((x) => ({
        ...x,
        hidden: x.hidden || fieldAccess[x.code] === 'hidden',
        readOnly: x.readOnly || fieldAccess[x.code] === 'readonly',
      })),
    })),
  };
}
