import type { FieldInfo, FieldRules, FormLayout } from '@canopy/contract';

/** The designed layout with a flow node's rules applied on top. */
export function withFlowRules(layout: FormLayout, fields: FieldInfo[], rules: FieldRules | undefined) {
  if (!rules) return { layout, fields };
  return {
    layout: {
      ...layout,
      sections: layout.sections.map((section) => ({
        ...section,
        fields: section.fields.map((x) => ({
          ...x,
          hidden: x.hidden || !rules[x.code] || rules[x.code] === 'hidden',
          readOnly: x.readOnly || rules[x.code] === 'readonly',
        })),
      })),
    },
    fields: fields.map((f) => withColumnRules(rules[f.code] === 'required' ? { ...f, required: true } : f, rules)),
  };
}

/**
 * A sub-table's columns as the node's rules (`<field>.<column>`) say: hidden ones leave the table,
 * read-only ones show but cannot be edited, required ones must be filled. The server applies the same.
 */
function withColumnRules(field: FieldInfo, rules: FieldRules): FieldInfo {
  const columns = (field.settings as { fields?: unknown }).fields;
  if (field.type !== 'subTable' || !Array.isArray(columns)) return field;
  const ruled = columns
    .filter((c: { code?: unknown }) => rules[`${field.code}.${String(c.code)}`] !== 'hidden')
    .map((c: { code?: unknown; required?: unknown }) => {
      const rule = rules[`${field.code}.${String(c.code)}`];
      if (rule === 'readonly') return { ...c, readOnly: true };
      if (rule === 'required') return { ...c, required: true };
      return c;
    });
  return { ...field, settings: { ...field.settings, fields: ruled } };
}
