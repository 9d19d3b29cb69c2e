import type { FieldInfo, FormLayout } from '@canopy/contract';

type LayoutItem = FormLayout['sections'][number]['fields'][number];

/** A field's place on the form: its key (the field's code, or `new-…` until it is created) and how it shows. */
export type CanvasItem = Omit<LayoutItem, 'code'> & { key: string };
export interface CanvasSection {
  id: string;
  title: string;
  items: CanvasItem[];
}
/** A field as the canvas edits it; `code` absent: dropped from the palette and not created yet. */
export interface FieldDraft {
  key: string;
  code?: string;
  type: string;
  name: string;
  settings: Record<string, unknown>;
  required: boolean;
  unique: boolean;
  description: string;
  defaultValue?: unknown;
  system: boolean;
}
export interface CanvasDraft {
  columns: 1 | 2;
  sections: CanvasSection[];
  fields: Record<string, FieldDraft>;
}

/** Where a dragged field lands: before the item `before` of section `section`, or at its end (null). */
export interface CanvasSlot {
  section: string;
  before: string | null;
}

const NEW_PREFIX = 'new-';
export const isNewKey = (key: string): boolean => key.startsWith(NEW_PREFIX);
export const newKey = (id: string): string => `${NEW_PREFIX}${id}`;

/** The saved form and fields as the canvas's starting draft (deleted fields are not on the form). */
export function draftOf(fields: FieldInfo[], layout: FormLayout): CanvasDraft {
  const drafts: Record<string, FieldDraft> = {};
  for (const f of fields) {
    if (f.deleted) continue;
    drafts[f.code] = {
      key: f.code,
      code: f.code,
      type: f.type,
      name: f.name,
      settings: f.settings,
      required: f.required,
      unique: f.unique,
      description: f.description,
      defaultValue: f.defaultValue,
      system: f.system,
    };
  }
  const sections = layout.sections.map((s) => ({
    id: s.id,
    title: s.title,
    items: s.fields.filter((f) => drafts[f.code]).map(({ code, ...rest }) => ({ key: code, ...rest })),
  }));
  return { columns: layout.columns, sections, fields: drafts };
}

/** The section and index of an item, or null. */
export function locate(draft: CanvasDraft, key: string): { si: number; index: number } | null {
  for (const [si, s] of draft.sections.entries()) {
    const index = s.items.findIndex((i) => i.key === key);
    if (index >= 0) return { si, index };
  }
  return null;
}

/** Puts `item` at `slot`, taking it first from where it was (if it was on the form). */
export function placeItem(draft: CanvasDraft, item: CanvasItem, slot: CanvasSlot): CanvasDraft {
  if (slot.before === item.key) return draft;
  const sections = draft.sections.map((s) => ({ ...s, items: s.items.filter((i) => i.key !== item.key) }));
  const into = sections.find((s) => s.id === slot.section);
  if (!into) return draft;
  const at = slot.before === null ? -1 : into.items.findIndex((i) => i.key === slot.before);
  into.items.splice(at < 0 ? into.items.length : at, 0, item);
  return { ...draft, sections };
}

/** Moves a field on the form to `slot`. */
export function moveItem(draft: CanvasDraft, key: string, slot: CanvasSlot): CanvasDraft {
  const at = locate(draft, key);
  const item = at && draft.sections[at.si]?.items[at.index];
  return item ? placeItem(draft, item, slot) : draft;
}

/** A new field from the palette, at `slot`. */
export function insertField(draft: CanvasDraft, field: FieldDraft, slot: CanvasSlot): CanvasDraft {
  const item: CanvasItem = { key: field.key, hidden: false, readOnly: false, helpText: '', wide: false };
  const placed = placeItem({ ...draft, fields: { ...draft.fields, [field.key]: field } }, item, slot);
  return placed.sections.some((s) => s.items.some((i) => i.key === field.key)) ? placed : draft;
}

/** Takes a field that was never created off the form again. */
export function removeNewField(draft: CanvasDraft, key: string): CanvasDraft {
  if (!isNewKey(key)) return draft;
  const { [key]: _gone, ...fields } = draft.fields;
  return {
    ...draft,
    fields,
    sections: draft.sections.map((s) => ({ ...s, items: s.items.filter((i) => i.key !== key) })),
  };
}

/** `base`, or `base2`, `base3`… — the first name no field of the draft has. */
export function freeName(draft: CanvasDraft, base: string): string {
  const taken = new Set(Object.values(draft.fields).map((f) => f.name.trim()));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/**
 * Every place a field can land, in reading order: before each item, then the end of its section.
 * `skip` (the field being moved) is left out, as a place before itself moves nothing.
 */
export function slotsOf(draft: CanvasDraft, skip?: string): CanvasSlot[] {
  return draft.sections.flatMap((s) => [
    ...s.items.filter((i) => i.key !== skip).map((i) => ({ section: s.id, before: i.key })),
    { section: s.id, before: null },
  ]);
}

/** The slot a field now occupies: before its next neighbour, or its section's end. */
export function slotOfItem(draft: CanvasDraft, key: string): CanvasSlot | null {
  const at = locate(draft, key);
  const section = at && draft.sections[at.si];
  if (!at || !section) return null;
  return { section: section.id, before: section.items[at.index + 1]?.key ?? null };
}

/** The form to save, once every field has its code. */
export function layoutOf(draft: CanvasDraft, codeOf: (key: string) => string): FormLayout {
  return {
    columns: draft.columns,
    sections: draft.sections.map((s) => ({
      id: s.id,
      title: s.title,
      fields: s.items.map(({ key, ...rest }) => ({ code: codeOf(key), ...rest })),
    })),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Saved fields whose name, settings, rules, description or default the draft changed. */
export function changedFields(draft: CanvasDraft, saved: FieldInfo[]): FieldDraft[] {
  return saved.flatMap((f) => {
    const d = draft.fields[f.code];
    if (!d || f.deleted) return [];
    const changed =
      d.name !== f.name ||
      d.required !== f.required ||
      d.unique !== f.unique ||
      d.description !== f.description ||
      !same(d.settings, f.settings) ||
      !same(d.defaultValue, f.defaultValue);
    return changed ? [d] : [];
  });
}

/** Fields created from the palette, in the order the form shows them. */
export function newFields(draft: CanvasDraft): FieldDraft[] {
  return draft.sections.flatMap((s) =>
    s.items.flatMap((i) => {
      const field = isNewKey(i.key) ? draft.fields[i.key] : undefined;
      return field ? [field] : [];
    }),
  );
}

/** The table's field order that follows the form: its fields top to bottom, then the deleted ones. */
export function fieldOrder(draft: CanvasDraft, codeOf: (key: string) => string, saved: FieldInfo[]): string[] {
  const onForm = draft.sections.flatMap((s) => s.items.map((i) => codeOf(i.key)));
  return [...onForm, ...saved.filter((f) => f.deleted).map((f) => f.code)];
}

/** A new field the server created: its key becomes its code, so saving again does not create it twice. */
export function adoptCode(draft: CanvasDraft, key: string, code: string): CanvasDraft {
  const field = draft.fields[key];
  if (!field) return draft;
  const { [key]: _old, ...fields } = draft.fields;
  return {
    ...draft,
    fields: { ...fields, [code]: { ...field, key: code, code } },
    sections: draft.sections.map((s) => ({
      ...s,
      items: s.items.map((i) => (i.key === key ? { ...i, key: code } : i)),
    })),
  };
}
