import type { FieldInfo, FieldSaved, FormLayout } from '@canopy/contract';
import { tablesApi } from '../api/tables-api';
import { emptyToNull, takesDefault } from '../designer/field-defaults';
import { type CanvasDraft, changedFields, type FieldDraft, fieldOrder, layoutOf, newFields } from './canvas-draft';

type P = { appCode: string; schemaCode: string };

/** A save that stopped at one field: which one, and why (the server's message in the user's language). */
export class FieldSaveError extends Error {
  constructor(
    readonly field: FieldDraft,
    readonly reason: unknown,
  ) {
    super(field.name);
  }
}

const bodyOf = (f: FieldDraft) => ({
  name: f.name.trim(),
  settings: f.settings,
  required: f.system ? false : f.required,
  unique: f.system ? false : f.unique,
  description: f.description,
  ...(takesDefault(f.type) ? { defaultValue: emptyToNull(f.defaultValue) } : {}),
});

/**
 * Saves the canvas through the table's own calls, in an order that can stop half way and be run again:
 * new fields are created first (each one's code goes back into the draft via `created`, so a second run
 * does not create it twice), then changed fields, then the form, then the field order that follows the
 * form. Each call is one transaction on the server; a refused field stops the rest.
 */
export async function saveCanvas(
  p: P,
  draft: CanvasDraft,
  saved: FieldInfo[],
  created: (key: string, field: FieldSaved) => void,
): Promise<{ layout: FormLayout; computed: FieldSaved[] }> {
  const codes = new Map<string, string>();
  const computed: FieldSaved[] = [];
  for (const f of newFields(draft)) {
    let field: FieldSaved;
    try {
      field = await tablesApi.addField(p, { ...bodyOf(f), type: f.type });
    } catch (e) {
      throw new FieldSaveError(f, e);
    }
    codes.set(f.key, field.code);
    created(f.key, field);
    if (field.recompute) computed.push(field);
  }
  for (const f of changedFields(draft, saved)) {
    try {
      const field = await tablesApi.updateField(p, f.code ?? f.key, bodyOf(f));
      if (field.recompute) computed.push(field);
    } catch (e) {
      throw new FieldSaveError(f, e);
    }
  }
  const codeOf = (key: string) => codes.get(key) ?? key;
  const layout = await tablesApi.saveForm(p, layoutOf(draft, codeOf));
  await tablesApi.orderFields(p, fieldOrder(draft, codeOf, saved));
  return { layout, computed };
}
